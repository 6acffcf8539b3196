package pathclass

import (
	"path"
	"strings"
)

// Places returns where the declared control files, protected paths and
// credentials are, made concrete for one home directory and the working
// directories: "~/…" entries below home, absolute entries as they are, and
// the entries that match anywhere inside each working directory and home.
// A directory keeps its trailing slash. It is where another name for one
// of them — a hard link, which shares the file but not the name — is
// looked for (package tool), so the declarations stay the one list.
func Places(home string, dirs []string) []string {
	var out []string
	seen := map[string]bool{}
	add := func(p string) {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	anywhere := dirs
	if home != "" {
		anywhere = append(append([]string(nil), dirs...), home)
	}
	for _, list := range [][]Entry{control, protected, credentialEntries} {
		for _, e := range list {
			p := e.Pattern
			dir := strings.HasSuffix(p, "/")
			suffix := ""
			if dir {
				suffix = "/"
			}
			switch {
			case strings.HasPrefix(p, "~/"):
				if home != "" {
					add(path.Join(home, p[2:]) + suffix)
				}
			case strings.HasPrefix(p, "/"):
				add(path.Clean(p) + suffix)
			default:
				for _, d := range anywhere {
					add(path.Join(d, p) + suffix)
				}
			}
		}
	}
	if home != "" {
		add(path.Join(home, ".ssh") + "/")
	}
	return out
}
