package askview

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wardenhq/warden/api"
)

func newProject(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	for _, d := range []string{".warden", "src"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(root, "src", "main.go"), []byte("package main\n\nfunc main() {\n\tprintln(\"hello\")\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return root
}

func TestOf(t *testing.T) {
	root := newProject(t)
	src := filepath.Join(root, "src")
	tests := []struct {
		name         string
		req          api.Request
		want         View
		diffHas      []string
		added, remov int
	}{
		{
			name: "edit in context",
			req: api.Request{ToolName: "Edit", Cwd: src, SessionID: "s1", ToolInput: map[string]any{
				"file_path": filepath.Join(src, "main.go"), "old_string": `println("hello")`, "new_string": `println("bye")`}},
			want:    View{Project: root, Cwd: "src", Path: "src/main.go", Agent: "main agent", Session: "s1"},
			diffHas: []string{"--- a/src/main.go", "+++ b/src/main.go", "-\tprintln(\"hello\")", "+\tprintln(\"bye\")", " func main() {"},
			added:   1, remov: 1,
		},
		{
			name: "edit whose text is gone",
			req: api.Request{ToolName: "Edit", Cwd: root, ToolInput: map[string]any{
				"file_path": "src/main.go", "old_string": "nothere", "new_string": "x"}},
			want:    View{Project: root, Cwd: ".", Path: "src/main.go", Agent: "main agent", DiffNote: "the text to replace is not in the file as it is now, so the change is shown on its own"},
			diffHas: []string{"-nothere", "+x"},
			added:   1, remov: 1,
		},
		{
			name: "write of a new file by a sub-agent",
			req: api.Request{ToolName: "Write", Cwd: root, AgentID: "a7", AgentType: "Explore", ToolInput: map[string]any{
				"file_path": filepath.Join(root, "NEW.md"), "content": "# new\n\u202eevil\n"}},
			want:    View{Project: root, Cwd: ".", Path: "NEW.md", Agent: "sub-agent Explore (a7)", DiffNote: "new file"},
			diffHas: []string{"+# new", `+\u202eevil`},
			added:   2,
		},
		{
			name: "write over a file",
			req: api.Request{ToolName: "Write", Cwd: root, ToolInput: map[string]any{
				"file_path": filepath.Join(src, "main.go"), "content": "package main\n"}},
			want:    View{Project: root, Cwd: ".", Path: "src/main.go", Agent: "main agent"},
			diffHas: []string{"-func main() {"},
			remov:   4,
		},
		{
			name: "the agent names its project",
			req:  api.Request{ToolName: "Bash", Cwd: "/tmp", ProjectDir: root, ToolInput: map[string]any{"command": "ls"}},
			want: View{Project: root, Cwd: "/tmp", Agent: "main agent"},
		},
		{
			name: "outside the project",
			req:  api.Request{ToolName: "Read", Cwd: root, ToolInput: map[string]any{"file_path": "/etc/passwd"}},
			want: View{Project: root, Cwd: ".", Path: "/etc/passwd", Agent: "main agent"},
		},
		{
			name: "bash",
			req:  api.Request{ToolName: "Bash", Cwd: src, SessionID: "s\x1b[31m", ToolInput: map[string]any{"command": "ls"}},
			want: View{Project: root, Cwd: "src", Agent: "main agent", Session: `s\x1b[31m`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Of(tt.req)
			for _, s := range tt.diffHas {
				if !strings.Contains(got.Diff, s) {
					t.Errorf("diff lacks %q:\n%s", s, got.Diff)
				}
			}
			if got.Added != tt.added || got.Removed != tt.remov {
				t.Errorf("+%d -%d, want +%d -%d", got.Added, got.Removed, tt.added, tt.remov)
			}
			got.Diff, got.Added, got.Removed = "", 0, 0
			if got != tt.want {
				t.Errorf("got  %+v\nwant %+v", got, tt.want)
			}
		})
	}
}
