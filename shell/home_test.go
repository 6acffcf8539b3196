package shell

import "testing"

// TestHomeInsideSystemDirectory checks that a home inside a system
// directory (root's /root) is judged as the user's files: deleting it is a
// recursive delete of a home, not a system-configuration change.
func TestHomeInsideSystemDirectory(t *testing.T) {
	opts := Options{Home: "/root", Cwd: "/root/projects/app"}
	for _, tt := range []struct {
		cmd, want string
		inHome    bool
	}{
		{"rm -rf ~", "recursive-delete", true},
		{"rm -rf ~/Documents", "recursive-delete", true},
		{"rm -rf /etc/nginx", "recursive-delete", false},
		{"echo x > /etc/hosts", "system-config", false},
	} {
		an := Analyze(tt.cmd, opts)
		if len(an.Findings) == 0 {
			t.Errorf("%q: no finding", tt.cmd)
			continue
		}
		for _, f := range an.Findings {
			if f.Category == "system-config" && tt.inHome {
				t.Errorf("%q: %s finding %q for a path in the home", tt.cmd, f.Category, f.Description)
			}
		}
		found := false
		for _, f := range an.Findings {
			found = found || f.Category == tt.want
		}
		if !found {
			t.Errorf("%q: findings %v, want a %s one", tt.cmd, an.Findings, tt.want)
		}
	}
}
