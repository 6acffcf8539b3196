package shell

import "strings"

// What an awk program does is read by package internal/lang/awk; how
// gawk is told to sandbox it is its command line's.

// gawkSandboxed reports a gawk command line with --sandbox (or -S), read
// the way gawk's getopt reads its options: system(), redirections and
// extensions are then disabled. Only gawk by that name: mawk ignores
// -W sandbox and BWK awk ignores options it does not know.
func gawkSandboxed(prog string, words []string) bool {
	if prog != "gawk" {
		return false
	}
	for i := 0; i < len(words); i++ {
		w := words[i]
		if w == "--" || len(w) < 2 || w[0] != '-' {
			return false
		}
		if strings.HasPrefix(w, "--") {
			name, _, hasVal := strings.Cut(w, "=")
			switch name {
			case "--sandbox":
				return true
			case "--file", "--field-separator", "--assign", "--source", "--exec", "--include", "--load":
				if !hasVal {
					i++
				}
			case "--characters-as-bytes", "--traditional", "--copyright", "--dump-variables", "--debug", "--gen-pot", "--trace",
				"--csv", "--lint", "--bignum", "--use-lc-numeric", "--non-decimal-data", "--pretty-print", "--optimize", "--profile",
				"--posix", "--re-interval", "--no-optimize", "--lint-old":
			default:
				return false // an option not known here: stop trusting
			}
			continue
		}
		for j := 1; j < len(w); j++ {
			switch w[j] {
			case 'S':
				return true
			case 'f', 'F', 'v', 'e', 'E', 'i', 'l':
				if j == len(w)-1 {
					i++
				}
				j = len(w)
			case 'W':
				v := w[j+1:]
				if v == "" && i+1 < len(words) {
					i++
					v = words[i]
				}
				if v == "sandbox" {
					return true
				}
				j = len(w)
			case 'b', 'c', 'C', 'g', 'I', 'k', 'M', 'n', 'N', 'O', 'P', 'r', 's', 't':
			case 'd', 'D', 'L', 'o', 'p':
				j = len(w) // an optional value, attached
			default:
				return false
			}
		}
	}
	return false
}
