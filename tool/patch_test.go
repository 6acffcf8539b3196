package tool

import (
	"io/fs"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/wardenhq/warden/api"
)

func TestParsePatch(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		patch   string
		want    []PatchFile
		wantErr string
	}{
		{name: "add", patch: "*** Begin Patch\n*** Add File: m-patch.txt\n+patched\n*** End Patch\n",
			want: []PatchFile{{PatchAdd, "m-patch.txt"}}},
		{name: "update, delete and move",
			patch: "*** Begin Patch\n*** Update File: a.go\n*** Move to: b/c.go\n@@\n-x\n+y\n*** Delete File: /abs/old.txt\n*** Add File: ../up.txt\n+z\n*** End Patch",
			want:  []PatchFile{{PatchUpdate, "a.go"}, {PatchMove, "b/c.go"}, {PatchDelete, "/abs/old.txt"}, {PatchAdd, "../up.txt"}}},
		{name: "indented markers and CRLF", patch: "*** Begin Patch\r\n  *** Update File: x.txt\r\n*** End Patch\r\n",
			want: []PatchFile{{PatchUpdate, "x.txt"}}},
		{name: "odd spacing and case still count", patch: "***add file: shout.txt\n",
			want: []PatchFile{{PatchAdd, "shout.txt"}}},
		{name: "no file", patch: "*** Begin Patch\n*** End Patch\n", wantErr: "names no file"},
		{name: "empty path", patch: "*** Begin Patch\n*** Delete File:   \n*** End Patch\n", wantErr: "names no file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParsePatch(tt.patch)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestCheckPatch(t *testing.T) {
	t.Parallel()
	env := Env{Cwd: "/p", Home: "/home/u", WorkingDirs: []string{"/p"}, Paths: &PathResolver{Lstat: noLinks}}
	req := api.Request{ToolName: "ApplyPatch", ToolInput: map[string]any{"patch": "*** Begin Patch\n*** Update File: a.txt\n*** Move to: ../out.txt\n*** Add File: .git/hooks/pre-commit\n+x\n*** End Patch\n"}}
	an := NewRegistry().Lookup("ApplyPatch").Check(req, env)
	if an.Problem != "" {
		t.Fatal(an.Problem)
	}
	var got []string
	for _, s := range an.Subjects {
		f := ""
		if s.Finding != nil {
			f = " " + s.Finding.Category
		}
		got = append(got, s.Tool+" "+s.Path+f)
	}
	want := []string{"ApplyPatch /p/a.txt", "ApplyPatch /out.txt outside-working-dirs", "ApplyPatch /p/.git/hooks/pre-commit agent-config-tamper"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("subjects (-want +got):\n%s", diff)
	}
	bad := NewRegistry().Lookup("ApplyPatch").Check(api.Request{ToolName: "ApplyPatch", ToolInput: map[string]any{"patch": "hello"}}, env)
	if bad.Problem == "" {
		t.Error("a patch naming no file was judged")
	}
}

func FuzzParsePatch(f *testing.F) {
	f.Add("*** Begin Patch\n*** Add File: a\n+x\n*** End Patch\n")
	f.Add("***  Update File: b\n*** Move to: c\n")
	f.Add("***")
	f.Fuzz(func(t *testing.T, s string) {
		files, err := ParsePatch(s)
		if err == nil && len(files) == 0 {
			t.Fatal("no error and no file")
		}
		for _, pf := range files {
			if strings.TrimSpace(pf.Path) == "" {
				t.Fatalf("empty path from %q", s)
			}
		}
	})
}

// noLinks is a file system where nothing exists: no path is a link.
func noLinks(string) (fs.FileInfo, error) { return nil, fs.ErrNotExist }
