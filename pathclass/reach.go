package pathclass

import (
	"path"
	"strings"
)

// keyNames are names that are credentials by their name alone (see
// Credential), one of each shape: a pattern that matches one of them in a
// directory may print a key.
var keyNames = []string{
	"id_rsa", "id_ed25519", "id_ecdsa", "id_dsa", "id_ed25519_sk", "identity", "deploy_key", "host.key", "server.pem",
	"private.key", "private-key.pem", "client.p12", "client.pfx", "store.jks", "app.keystore", "putty.ppk", "vault.kdbx",
	"secret-key.gpg", "private-key.asc", "Login Data", "Cookies", "logins.json", "key4.db", "wallet.dat", "environ",
}

// homesOf are the directories that hold users' homes: a pattern such as
// /home/*/.ssh/id_rsa reaches every user's keys.
var homesOf = []string{"/root", "/home/user", "/Users/user"}

// CredentialReach reports what reading p may reach: file when p names a
// credential file or is a glob pattern that can match one; tree when p
// (a name or a pattern) is a directory holding credentials, so a program
// that reads directories recursively (grep -r, rg, cp -r, tar, zip -r,
// rsync) reads them. p is absolute and cleaned; its components may hold
// the glob characters * ? and [. inWorkingDirs is as for Credential.
//
// The candidates are the declared credential files and directories, keys
// by name in every home's .ssh and in p's own directory, and /proc's
// environments; a pattern reaches a candidate when it matches the
// candidate or one of its directories.
func CredentialReach(p, homeDir string, inWorkingDirs bool) (file, tree bool) {
	if !strings.HasPrefix(p, "/") {
		return false, false
	}
	glob := strings.ContainsAny(p, "*?[")
	if !glob {
		if Credential(p, homeDir, inWorkingDirs) {
			return true, false
		}
		return false, holdsCredentials(p, homeDir)
	}
	return reach(p, homeDir, inWorkingDirs, true)
}

// reach is CredentialReach by walking every candidate; with glob false it
// takes p literally (the tests hold holdsCredentials to it).
func reach(p, homeDir string, inWorkingDirs, glob bool) (file, tree bool) {
	visit := func(c string, isDir bool) bool {
		// c is a credential (a file, or a directory all of whose files
		// are): p reaches it when p is c or one of c's directories, or
		// matches one.
		if glob && !isDir && matchPath(p, c) {
			file = true
		}
		for d := c; ; d = path.Dir(d) {
			if d != c || isDir {
				if d == p || glob && matchPath(p, d) {
					tree = true
				}
			}
			if d == "/" || d == "." {
				break
			}
		}
		return file && tree
	}
	for _, e := range credentialEntries {
		c := strings.TrimSuffix(e.Pattern, "/")
		if strings.HasPrefix(c, "~/") {
			if homeDir == "" {
				continue
			}
			c = path.Join(homeDir, c[2:])
		}
		if visit(c, strings.HasSuffix(e.Pattern, "/")) {
			return
		}
	}
	homes := homesOf
	if homeDir != "" {
		homes = append([]string{homeDir}, homesOf...)
	}
	for _, h := range homes {
		for _, k := range keyNames[:6] {
			if visit(h+"/.ssh/"+k, false) {
				return
			}
		}
	}
	if visit("/proc/1/environ", false) || visit("/proc/self/environ", false) {
		return
	}
	if glob {
		// Keys by name in the pattern's own directory: cat keys/*.pem.
		// Only a pattern that names something does: cat src/* is not
		// taken to print an id_rsa that may be there.
		dir := path.Dir(p)
		if !strings.ContainsAny(dir, "*?[") && namesSomething(path.Base(p)) {
			for _, k := range keyNames {
				c := dir + "/" + k
				if matchPath(p, c) && Credential(c, homeDir, inWorkingDirs) {
					file = true
					break
				}
			}
		}
	}
	return file, tree
}

// Reaches reports whether reading p (absolute and cleaned, maybe a glob
// pattern) reaches the file c: file when p is c or matches it; tree when p
// is, or matches, one of c's directories.
func Reaches(p, c string) (file, tree bool) {
	glob := strings.ContainsAny(p, "*?[")
	if p == c || glob && matchPath(p, c) {
		return true, false
	}
	for d := path.Dir(c); ; d = path.Dir(d) {
		if d == p || glob && matchPath(p, d) {
			return false, true
		}
		if d == "/" || d == "." {
			return false, false
		}
	}
}

// holdsCredentials reports whether the directory p (absolute, cleaned, no
// glob) holds a credential file below it: the candidates of
// CredentialReach, without building them.
func holdsCredentials(p, homeDir string) bool {
	if p == "/" || strings.HasSuffix(p, "/.ssh") || p == "/proc" || strings.HasPrefix(p, "/proc/") && strings.Count(p, "/") == 2 {
		return true
	}
	under := func(c string) bool { return len(c) > len(p) && c[len(p)] == '/' && strings.HasPrefix(c, p) }
	for _, h := range homesOf {
		if under(h + "/.ssh") {
			return true
		}
	}
	rel := ""
	if homeDir != "" {
		if under(homeDir) {
			return true
		}
		if p == homeDir {
			rel = "~"
		} else if within(p, homeDir) {
			rel = "~" + p[len(homeDir):]
		}
	}
	for _, e := range credentialEntries {
		c := e.Pattern
		if c[0] == '~' {
			if rel == "" {
				continue
			}
			if strings.HasSuffix(c, "/") && strings.TrimSuffix(c, "/") == rel {
				return true
			}
			if len(c) > len(rel) && c[len(rel)] == '/' && strings.HasPrefix(c, rel) {
				return true
			}
			continue
		}
		c = strings.TrimSuffix(c, "/")
		if under(c) || strings.HasSuffix(e.Pattern, "/") && c == p {
			return true
		}
	}
	return false
}

// namesSomething reports whether a glob component holds at least two
// letters or digits outside brackets (*.pem, id_*, *key*), not only
// wildcards (*, *.*, ?*).
func namesSomething(g string) bool {
	n, depth := 0, 0
	for i := 0; i < len(g); i++ {
		switch ch := g[i]; {
		case ch == '[':
			depth++
		case ch == ']' && depth > 0:
			depth--
		case depth == 0 && (ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9'):
			n++
		}
	}
	return n >= 2
}

// matchPath reports whether the pattern p matches the path c component by
// component, as a shell glob does (a leading dot is matched only by a
// leading dot in the pattern).
func matchPath(p, c string) bool {
	if strings.Count(p, "/") != strings.Count(c, "/") {
		return false
	}
	for p != "" || c != "" {
		pi, ci := strings.IndexByte(p, '/'), strings.IndexByte(c, '/')
		pc, cc := p, c
		if pi >= 0 {
			pc, p = p[:pi], p[pi+1:]
		} else {
			p = ""
		}
		if ci >= 0 {
			cc, c = c[:ci], c[ci+1:]
		} else {
			c = ""
		}
		if strings.HasPrefix(cc, ".") && !strings.HasPrefix(pc, ".") {
			return false
		}
		if ok, err := path.Match(pc, cc); err != nil || !ok {
			if err != nil {
				// A pattern the shell would take literally: compare as text.
				if pc != cc {
					return false
				}
				continue
			}
			return false
		}
	}
	return true
}
