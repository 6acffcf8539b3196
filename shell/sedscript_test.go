package shell

import (
	"slices"
	"testing"
)

// TestSedThroughShell checks that what package sed reads of a script
// reaches a call's effects and findings: files read and written (relative
// to the working directory, devices left out), commands run, and a script
// sed would reject made unknown.
func TestSedThroughShell(t *testing.T) {
	tests := []struct {
		cmd            string
		reads, writes  []string
		finding, known bool
	}{
		{cmd: "sed -n 'w out.txt' in.txt", writes: []string{"/repo/out.txt"}, known: true},
		{cmd: "sed '1r /etc/hostname' in.txt", reads: []string{"/etc/hostname"}, known: true},
		{cmd: "sed 's/a/b/w /dev/stdout' in.txt", known: true},
		{cmd: "sed 's/x/id/e' in.txt", finding: true, known: true},
		{cmd: "sed '1e id' in.txt", finding: true, known: true},
		{cmd: "sed 's/a/b/g' in.txt", known: true},
		{cmd: "sed 'k' in.txt"},
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			an := Analyze(tt.cmd, Options{Cwd: "/repo"})
			if len(an.Parts) == 0 {
				t.Fatal("no parts")
			}
			p := an.Parts[0]
			for _, r := range tt.reads {
				if !slices.Contains(p.Reads, r) {
					t.Errorf("reads %v, want %s", p.Reads, r)
				}
			}
			if !slices.Equal(p.Writes, tt.writes) && !(len(p.Writes) == 0 && len(tt.writes) == 0) {
				t.Errorf("writes %v, want %v", p.Writes, tt.writes)
			}
			if got := an.Dangerous(); got != tt.finding {
				t.Errorf("dangerous = %v, want %v (%v)", got, tt.finding, an.Findings)
			}
			if got := len(p.Unknown) == 0; got != tt.known {
				t.Errorf("known = %v, want %v (%v)", got, tt.known, p.Unknown)
			}
		})
	}
}
