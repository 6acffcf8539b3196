package hookconf

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAddWardenHooks: Warden's handler is added once per event, replaces
// an older Warden handler in place (its position and every other key
// stay), and leaves other handlers and unknown keys alone.
func TestAddWardenHooks(t *testing.T) {
	entry := CommandEntry("/bin/warden hook", 90, "onFailure", "block")
	tests := []struct {
		name, in string
		changes  int
		want     string // the file after the edit
	}{
		{"empty file", ``, 2,
			`{"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":"/bin/warden hook","timeout":90,"onFailure":"block"}]}],"PermissionRequest":[{"matcher":"*","hooks":[{"type":"command","command":"/bin/warden hook","timeout":90,"onFailure":"block"}]}]}}`},
		{"already there: nothing changes",
			`{"z":1,"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":"/bin/warden hook","timeout":90,"onFailure":"block"}]}],"PermissionRequest":[{"matcher":"*","hooks":[{"type":"command","command":"/bin/warden hook","timeout":90,"onFailure":"block"}]}]}}`, 0,
			`{"z":1,"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":"/bin/warden hook","timeout":90,"onFailure":"block"}]}],"PermissionRequest":[{"matcher":"*","hooks":[{"type":"command","command":"/bin/warden hook","timeout":90,"onFailure":"block"}]}]}}`},
		{"an old Warden handler is replaced in place, others kept",
			`{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"lint.sh"},{"type":"command","command":"'/old path/warden' hook","timeout":5}]}]},"b":true}`, 2,
			`{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"lint.sh"},{"type":"command","command":"/bin/warden hook","timeout":90,"onFailure":"block"}]}],"PermissionRequest":[{"matcher":"*","hooks":[{"type":"command","command":"/bin/warden hook","timeout":90,"onFailure":"block"}]}]},"b":true}`},
		{"an HTTP hook to a daemon is Warden's",
			`{"hooks":{"PreToolUse":[{"hooks":[{"type":"http","url":"http://127.0.0.1:7878/v1/hooks/claude-code"}]}]}}`, 2,
			`{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"/bin/warden hook","timeout":90,"onFailure":"block"}]}],"PermissionRequest":[{"matcher":"*","hooks":[{"type":"command","command":"/bin/warden hook","timeout":90,"onFailure":"block"}]}]}}`},
		{"a look-alike is not Warden's",
			`{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"echo warden hook"}]}]}}`, 2,
			`{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"echo warden hook"}]},{"matcher":"*","hooks":[{"type":"command","command":"/bin/warden hook","timeout":90,"onFailure":"block"}]}],"PermissionRequest":[{"matcher":"*","hooks":[{"type":"command","command":"/bin/warden hook","timeout":90,"onFailure":"block"}]}]}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, err := ParseObject("f.json", []byte(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			changes, err := AddWardenHooks(root, []string{"PreToolUse", "PermissionRequest"}, entry, "*")
			if err != nil {
				t.Fatal(err)
			}
			if len(changes) != tt.changes {
				t.Errorf("%d changes %q, want %d", len(changes), changes, tt.changes)
			}
			var got bytes.Buffer
			if err := json.Compact(&got, Marshal(root)); err != nil {
				t.Fatal(err)
			}
			if got.String() != tt.want {
				t.Errorf("got  %s\nwant %s", got.String(), tt.want)
			}
		})
	}
}

// TestAddWardenHooksRefusesOtherShapes: a file whose hooks are not what the
// agent reads is refused, not rewritten.
func TestAddWardenHooksRefusesOtherShapes(t *testing.T) {
	for _, in := range []string{`{"hooks":[]}`, `{"hooks":{"PreToolUse":{}}}`} {
		root, err := ParseObject("f.json", []byte(in))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := AddWardenHooks(root, []string{"PreToolUse"}, CommandEntry("warden hook", 1), ""); err == nil {
			t.Errorf("%s: edited", in)
		}
	}
	for in, want := range map[string]string{`[1]`: "must be a JSON object", "{\n \"a\": }": "f.json:2:", `{"a":1} x`: "f.json:1:"} {
		if _, err := ParseObject("f.json", []byte(in)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %q", in, err, want)
		}
	}
}

// TestEditFile: a changed file is backed up and rewritten with its keys in
// order; an unchanged one is not written; one that does not parse is left
// as it is.
func TestEditFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s", "settings.json")
	add := func(root *Object) ([]string, error) {
		return AddWardenHooks(root, []string{"PreToolUse"}, CommandEntry("warden hook", 1), "")
	}
	var out bytes.Buffer
	if err := EditFile(&out, path, add, "unchanged"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path + ".bak"); err == nil {
		t.Error("a new file got a backup")
	}
	out.Reset()
	if err := EditFile(&out, path, add, "unchanged"); err != nil || strings.TrimSpace(out.String()) != "unchanged" {
		t.Errorf("second edit: %v, %q", err, out.String())
	}
	if err := os.WriteFile(path, []byte(`{"z":{"b":1,"a":2}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := EditFile(&out, path, add, "unchanged"); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	if !strings.HasPrefix(string(data), "{\n  \"z\": {\n    \"b\": 1,\n    \"a\": 2\n  },\n  \"hooks\"") {
		t.Errorf("keys not kept in order:\n%s", data)
	}
	if bak, _ := os.ReadFile(path + ".bak"); string(bak) != `{"z":{"b":1,"a":2}}` {
		t.Errorf("backup %q", bak)
	}
	if err := os.WriteFile(path, []byte(`{"z":`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := EditFile(&out, path, add, "unchanged"); err == nil {
		t.Error("a broken file was edited")
	}
	if data, _ := os.ReadFile(path); string(data) != `{"z":` {
		t.Errorf("a broken file was rewritten: %q", data)
	}
}

// TestFind: Warden's hooks of a settings file, deciding events first,
// with their positions; other hooks and look-alikes are not Warden's.
func TestFind(t *testing.T) {
	data := []byte(`{"hooks":{
 "PostToolUse":[{"matcher":"*","hooks":[{"type":"command","command":"warden hook","timeout":10}]}],
 "PermissionRequest":[{"hooks":[{"type":"command","command":"/usr/bin/warden hook --agent codex"}]}],
 "PreToolUse":[{"hooks":[{"type":"command","command":"lint"}]},{"matcher":"Bash","hooks":[{"command":"echo warden hook"},{"type":"http","url":"http://h/v1/hooks/claude-code","onFailure":"block"}]}]}}`)
	hooks, err := FindIn(data)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, h := range hooks {
		got = append(got, h.Event+":"+h.Matcher+":"+string(rune('0'+h.Group))+":"+string(rune('0'+h.Index))+":"+h.Target())
	}
	want := []string{"PreToolUse:Bash:1:1:HTTP http://h/v1/hooks/claude-code", "PermissionRequest::0:0:/usr/bin/warden hook --agent codex", "PostToolUse:*:0:0:warden hook"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestIsWardenHookCommand(t *testing.T) {
	for cmd, want := range map[string]bool{
		"warden hook":                          true,
		"'/a b/warden' hook --agent gemini":    true,
		`"/x/warden-dev" hook`:                 true,
		"/x/warden hook --agent codex || exit": true,
		"warden check":                         false,
		"echo warden hook":                     false,
		"hook warden":                          false,
		"":                                     false,
	} {
		if got := IsWardenHookCommand(cmd); got != want {
			t.Errorf("IsWardenHookCommand(%q) = %v, want %v", cmd, got, want)
		}
	}
	for _, s := range []string{"/usr/bin/warden", "/a b/it's", ""} {
		if w := SplitCommandWords(ShellQuote(s) + " hook"); len(w) != 2 || w[0] != s && s != "" {
			t.Errorf("ShellQuote(%q) does not split back: %q", s, w)
		}
	}
}

// FuzzParseObject: whatever parses writes back as JSON that means the same
// as the input.
func FuzzParseObject(f *testing.F) {
	for _, s := range []string{`{}`, `{"a":[1,{"b":null}],"c":"\u00e9<>"}`, `{"hooks":{"PreToolUse":[]}}`, ``, `[1]`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		root, err := ParseObject("f", data)
		if err != nil {
			return
		}
		out := Marshal(root)
		var a, b any
		if len(bytes.TrimSpace(data)) == 0 {
			return
		}
		if err := json.Unmarshal(data, &a); err != nil {
			t.Fatalf("parsed what encoding/json refuses: %v", err)
		}
		if err := json.Unmarshal(out, &b); err != nil {
			t.Fatalf("wrote invalid JSON: %v\n%s", err, out)
		}
		if !bytes.Equal(mustJSON(a), mustJSON(b)) {
			t.Errorf("meaning changed:\n%s\n%s", data, out)
		}
	})
}

func mustJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}
