package pathclass

import "testing"

func TestCredentialReach(t *testing.T) {
	tests := []struct {
		p          string
		inWD       bool
		file, tree bool
	}{
		// Files and patterns that match a credential file.
		{"~/.aws/credentials", false, true, false},
		{"~/.ssh/*", false, true, false},
		{"~/.ssh/id_*", false, true, false},
		{"~/.ss?/*", false, true, false},
		{"~/.aws/*", false, true, true},
		{"~/.*/credentials", false, true, false},
		{"/home/*/.ssh/id_rsa", false, true, false},
		{"/root/.ssh/*", false, true, false},
		{"/proc/*/environ", false, true, false},
		{"/etc/sha*", false, true, false},
		{"/tmp/keys/*.pem", false, false, false}, // a .pem outside home is taken for a certificate
		{"~/Downloads/*key*.pem", false, true, false},
		{"/p/fixtures/id_*", true, true, false},
		// Directories holding credentials, and patterns matching one.
		{"~/.ssh", false, false, true},
		{"~/.aws", false, false, true},
		{"~/.config", false, false, true},
		{"~/.config/gh", false, false, true},
		{"~", false, false, true},
		{"/home", false, false, true},
		{"/etc", false, false, true},
		{"/", false, false, true},
		{"~/.a*", false, false, true},
		{"~/.config/g*", false, false, true},
		// Nothing.
		{"~/projects", false, false, false},
		{"~/projects/app/src/*", true, false, false},
		{"/p/src/*", true, false, false},
		{"/p/logs/*.*", true, false, false},
		{"~/*", false, false, true},            // ~/Library holds keychains
		{"/home/u/*.txt", false, false, false}, // * does not match a leading dot
		{"~/.ssh/*.pub", false, false, false},
		{"~/.ssh/known_hosts", false, false, false},
		{"~/.config/nvim", false, false, false},
		{"/tmp/x", false, false, false},
		{"relative/path", false, false, false},
	}
	for _, tt := range tests {
		file, tree := CredentialReach(abs(tt.p), testHome, tt.inWD)
		if tt.p == "relative/path" {
			file, tree = CredentialReach(tt.p, testHome, tt.inWD)
		}
		if file != tt.file || tree != tt.tree {
			t.Errorf("CredentialReach(%s) = file %v, tree %v; want %v, %v", tt.p, file, tree, tt.file, tt.tree)
		}
	}
}

func TestReaches(t *testing.T) {
	const tok = "/home/u/.config/warden/approver.token"
	tests := []struct {
		p          string
		file, tree bool
	}{
		{tok, true, false},
		{"/home/u/.config/warden/*", true, false},
		{"/home/u/.config/warden/*.token", true, false},
		{"/home/u/.config/warden", false, true},
		{"/home/u/.config/w*", false, true},
		{"/home/u", false, true},
		{"/", false, true},
		{"/home/u/.config/warden/*.json", false, false},
		{"/home/u/.config/wardens", false, false},
		{"/tmp", false, false},
	}
	for _, tt := range tests {
		if file, tree := Reaches(tt.p, tok); file != tt.file || tree != tt.tree {
			t.Errorf("Reaches(%s) = %v, %v; want %v, %v", tt.p, file, tree, tt.file, tt.tree)
		}
	}
}

func FuzzCredentialReach(f *testing.F) {
	for _, s := range []string{"/home/u/.ssh/*", "/[", "/a/[]/b", "/*/*/*", "/home/u/.aws", "/home/u/.config/gcloud", "/etc/ssl", "/home", "/Users/user"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		file, tree := CredentialReach(p, testHome, false)
		if len(p) == 0 || p[0] != '/' || containsGlob(p) {
			return
		}
		// A literal path is a credential file exactly when Credential says
		// so, and the quick directory test knows every directory the walk
		// over the candidates finds.
		if file != Credential(p, testHome, false) {
			t.Fatalf("CredentialReach(%q) file = %v, Credential says otherwise", p, file)
		}
		if _, slow := reach(p, testHome, false, false); slow && !tree && !file {
			t.Fatalf("CredentialReach(%q): the walk finds credentials below, the quick test does not", p)
		}
	})
}

func containsGlob(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '*' || s[i] == '?' || s[i] == '[' {
			return true
		}
	}
	return false
}

// TestReadReaches holds the one reach question to rows: each read (a name,
// a pattern, a tree) against a covering pattern, as user rules, credentials
// and secrets ask it.
func TestReadReaches(t *testing.T) {
	tests := []struct {
		read        Read
		base        string
		segs        []string
		file, below bool
	}{
		{Read{Path: "/p/.env"}, "/p", []string{".env"}, true, false},
		{Read{Path: "/p/.e*"}, "/p", []string{".env"}, true, false},
		{Read{Path: "/p/.en?"}, "/p", []string{".env"}, true, false},
		{Read{Path: "/p/.[e]nv"}, "/p", []string{".env"}, true, false},
		{Read{Path: "/p/*"}, "/p", []string{".env"}, false, false}, // * does not match a leading dot
		{Read{Path: "/p/*", DotGlob: true}, "/p", []string{".env"}, true, false},
		{Read{Path: "/p", Tree: true}, "/p", []string{".env"}, false, true},
		{Read{Path: "/", Tree: true}, "/p", []string{".env"}, false, true},
		{Read{Path: "/p"}, "/p", []string{".env"}, false, false}, // listing, not a tree
		{Read{Path: "/p/src", Tree: true}, "/p", []string{".env"}, false, false},
		{Read{Path: "/p/s*", Tree: true}, "/p", []string{"secrets", "**"}, true, false},
		{Read{Path: "/p/secrets/a.json"}, "/p", []string{"secrets", "**"}, true, false},
		{Read{Path: "/p/secrets"}, "/p", []string{"secrets"}, true, false},
		{Read{Path: "/p/config", Tree: true}, "/p", []string{"**", "*.pem"}, false, true},
		{Read{Path: "/p/config/*"}, "/p", []string{"**", "*.pem"}, true, false},
		{Read{Path: "/p/config/*.yml"}, "/p", []string{"**", "*.pem"}, true, false}, // two patterns are taken to overlap
		{Read{Path: "/p/config/a.yml"}, "/p", []string{"**", "*.pem"}, false, false},
		{Read{Path: "/p/x/y/k.pem"}, "/p", []string{"**", "*.pem"}, true, false},
		{Read{Path: "/q/k.pem"}, "/p", []string{"**", "*.pem"}, false, false},
		{Read{Path: "/p/.e*"}, "/p", []string{"b*"}, false, false}, // literal first characters differ
		{Read{Path: "relative"}, "/p", []string{".env"}, false, false},
	}
	for _, tt := range tests {
		file, below := tt.read.Reaches(tt.base, tt.segs)
		if file != tt.file || below != tt.below {
			t.Errorf("%+v.Reaches(%s, %q) = %v, %v; want %v, %v", tt.read, tt.base, tt.segs, file, below, tt.file, tt.below)
		}
	}
}

// FuzzReadReaches checks that a literal read reaches exactly what the
// covering pattern matches, and never panics on any pattern.
func FuzzReadReaches(f *testing.F) {
	for _, s := range []string{"/p/.env", "/p/.e*", "/p/[", "/p/**/x", "/", "/p/a/b/c"} {
		f.Add(s, ".env", true)
	}
	f.Fuzz(func(t *testing.T, p, seg string, tree bool) {
		file, below := Read{Path: p, Tree: tree}.Reaches("/p", []string{seg})
		if below && !tree {
			t.Fatalf("%q: below without a tree read", p)
		}
		if len(p) > 3 && p[:3] == "/p/" && !containsGlob(p) && !containsGlob(seg) && seg != "" && !containsSlash(seg) {
			want := p == "/p/"+seg || len(p) > len("/p/"+seg) && p[:len("/p/"+seg)+1] == "/p/"+seg+"/"
			if file != want {
				t.Fatalf("Reaches(%q, %q) file = %v, want %v", p, seg, file, want)
			}
		}
	})
}

func containsSlash(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '/' || s[i] == '\\' {
			return true
		}
	}
	return false
}
