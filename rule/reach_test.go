package rule

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/wardenhq/warden/api"
)

// TestRuleReach checks that Read and Edit deny and ask rules match every
// read that can reach what they cover: a pattern that could match the file,
// a tree holding it, and on disk only what exists. Allow rules see the path
// as written.
func TestRuleReach(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{".env", "src/main.go", "secrets/prod.json", "config/app.yml", "keys/a.pem"} {
		p := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	env := Env{Cwd: dir, Root: dir, Home: "/home/u", ReadDir: os.ReadDir}
	tests := []struct {
		rule  string
		b     api.Behavior
		tool  string
		path  string
		reach Reach
		want  bool
	}{
		{"Read(./.env)", api.Deny, "Read", ".e*", ReachPattern, true},
		{"Read(./.env)", api.Deny, "Read", ".e*", 0, false}, // a name, not a pattern
		{"Read(./.env)", api.Ask, "Read", ".[e]nv", ReachPattern, true},
		{"Read(./.env)", api.Deny, "Read", ".", ReachTree, true},
		{"Read(./.env)", api.Deny, "Read", "/", ReachTree, true},
		{"Read(./.env)", api.Deny, "Read", "src", ReachTree, false},
		{"Read(./.env)", api.Deny, "Read", "*", ReachPattern, false},
		{"Read(./.env)", api.Deny, "Read", "*", ReachPattern | ReachDotGlob, true},
		{"Read(./secrets/**)", api.Deny, "Read", "s*/*", ReachPattern, true},
		{"Read(./secrets/**)", api.Deny, "Read", ".", ReachTree, true},
		{"Read(./secrets/**)", api.Deny, "Read", "src", ReachTree, false},
		{"Read(*.pem)", api.Deny, "Read", "keys", ReachTree, true},
		{"Read(*.pem)", api.Deny, "Read", "config", ReachTree, false},         // nothing there on disk
		{"Read(*.pem)", api.Deny, "Read", "nowhere", ReachTree, false},        // nothing there
		{"Read(*.pem)", api.Deny, "Read", "config/app.yml", ReachTree, false}, // a file has nothing below
		{"Edit(./config/**)", api.Deny, "Edit", "conf*/*.yml", ReachPattern, true},
		{"Edit(./config/**)", api.Deny, "Read", "conf*/*.yml", ReachPattern, false},
		{"Read(./.env)", api.Allow, "Read", ".", ReachTree, false},
	}
	for _, tt := range tests {
		r, err := Parse(tt.rule, tt.b, Origin{Source: SourceProject})
		if err != nil {
			t.Fatal(err)
		}
		s := NewSet([]*Rule{r}, Options{})
		_, got := s.Find(tt.b, []Subject{{Tool: tt.tool, Path: tt.path, Reach: tt.reach, Incidental: true}}, env)
		if tt.b == api.Allow {
			_, got = s.Find(tt.b, []Subject{{Tool: tt.tool, Path: tt.path, Reach: tt.reach}}, env)
		}
		if got != tt.want {
			t.Errorf("%s %s on %s %s (reach %d) = %v, want %v", tt.b, tt.rule, tt.tool, tt.path, tt.reach, got, tt.want)
		}
	}
}
