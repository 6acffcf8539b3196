package shell

import (
	"reflect"
	"testing"
)

// TestRemoteCopies checks scp and rsync read through their entries
// (Operands "R* I", RemoteOperands): the sources are read and the
// destination written when local, a HOST:PATH word is talked to, in every
// spelling and on every route.
func TestRemoteCopies(t *testing.T) {
	const wd = "/home/dev/projects/app/"
	tests := []struct {
		cmd           string
		reads, writes []string
	}{
		{"rsync -av src/ dst/", []string{wd + "src"}, []string{wd + "dst"}},
		{"/usr/bin/rsync --archive src host:/srv", []string{wd + "src"}, nil},
		{"command rsync -a host:/srv/x ./y", nil, []string{wd + "y"}},
		{"nice rsync src -e ssh host:", []string{wd + "src"}, nil},
		{"rsync --rsh=ssh a b c", []string{wd + "a", wd + "b"}, []string{wd + "c"}},
		{"rsync -avz -- a h:", []string{wd + "a"}, nil},
		{"scp a.txt deploy@server:/srv/", []string{wd + "a.txt"}, nil},
		{"scp -r server:/etc/x ./y", nil, []string{wd + "y"}},
		{"env scp -P 2222 -i key a h:", []string{wd + "key", wd + "a"}, nil},
		{"scp -P2222 h:x local.txt", nil, []string{wd + "local.txt"}},
	}
	for _, tt := range tests {
		an := Analyze(tt.cmd, corpusOptions)
		var p *Part
		for i := range an.Parts {
			if an.Parts[i].Program() == "rsync" || an.Parts[i].Program() == "scp" {
				p = &an.Parts[i]
			}
		}
		if p == nil {
			t.Errorf("%q: no copy part in %v", tt.cmd, an.Parts)
			continue
		}
		if !reflect.DeepEqual(p.Reads, tt.reads) && !(len(p.Reads) == 0 && len(tt.reads) == 0) {
			t.Errorf("%q: reads %v, want %v", tt.cmd, p.Reads, tt.reads)
		}
		if !reflect.DeepEqual(p.Writes, tt.writes) && !(len(p.Writes) == 0 && len(tt.writes) == 0) {
			t.Errorf("%q: writes %v, want %v", tt.cmd, p.Writes, tt.writes)
		}
		if p.ReadOnly {
			t.Errorf("%q: read-only", tt.cmd)
		}
	}
	// Into a directory, a source lands under its own name: a control
	// file there is judged as written.
	for _, cmd := range []string{"rsync -a settings.json .claude/", "scp h:x/settings.json .claude/"} {
		if an := Analyze(cmd, corpusOptions); !an.Dangerous() {
			t.Errorf("%q: not flagged", cmd)
		}
	}
}
