package grant_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/grant"
)

func writeFile(t *testing.T, path, content string, mode os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), mode); err != nil {
		t.Fatal(err)
	}
}

// decode reads a JSON file into a generic value, so tests compare content
// whatever the formatting.
func decode(t *testing.T, path string) any {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("%s is not valid JSON after the edit: %v\n%s", path, err, data)
	}
	return v
}

func TestAddAlwaysRule(t *testing.T) {
	tests := []struct {
		name    string
		before  string // "" = no file
		rule    string
		want    string // the content after, compared as JSON
		changed bool
	}{
		{
			name:    "new file",
			rule:    "Bash(npm run test:*)",
			want:    `{"permissions":{"allow":["Bash(npm run test:*)"]}}`,
			changed: true,
		},
		{
			name:    "empty file",
			before:  "  \n",
			rule:    "Bash(npm run test:*)",
			want:    `{"permissions":{"allow":["Bash(npm run test:*)"]}}`,
			changed: true,
		},
		{
			name: "keeps every other key and value",
			before: `{
  "$schema": "https://example.com/s.json",
  "permissions": {
    "deny": ["Read(./.env)"],
    "allow": ["Bash(ls:*)"],
    "defaultMode": "acceptEdits",
    "additionalDirectories": ["../docs/"]
  },
  "hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "x", "timeout": 30}]}]},
  "big": 12345678901234567890123,
  "float": 1.50,
  "escaped": "\u00e9\n",
  "nested": {"a": [1, {"b": null}], "t": true}
}`,
			rule: "Edit(./src/**)",
			want: `{
  "$schema": "https://example.com/s.json",
  "permissions": {"deny": ["Read(./.env)"], "allow": ["Bash(ls:*)", "Edit(./src/**)"], "defaultMode": "acceptEdits", "additionalDirectories": ["../docs/"]},
  "hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "x", "timeout": 30}]}]},
  "big": 12345678901234567890123, "float": 1.50, "escaped": "é\n",
  "nested": {"a": [1, {"b": null}], "t": true}
}`,
			changed: true,
		},
		{
			name:    "no permissions yet",
			before:  `{"model": "m"}`,
			rule:    "WebFetch(domain:example.com)",
			want:    `{"model": "m", "permissions": {"allow": ["WebFetch(domain:example.com)"]}}`,
			changed: true,
		},
		{
			name:   "already there",
			before: `{"permissions":{"allow":["Bash(go test:*)"]}}`,
			rule:   "Bash(go test:*)",
			want:   `{"permissions":{"allow":["Bash(go test:*)"]}}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), ".warden", "settings.local.json")
			if tt.before != "" {
				writeFile(t, path, tt.before, 0o644)
			}
			changed, err := grant.AddAlwaysRule(context.Background(), path, tt.rule)
			if err != nil {
				t.Fatal(err)
			}
			if changed != tt.changed {
				t.Errorf("changed = %v, want %v", changed, tt.changed)
			}
			var want any
			if err := json.Unmarshal([]byte(tt.want), &want); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want, decode(t, path)); diff != "" {
				t.Errorf("settings after AddAlwaysRule (-want +got):\n%s", diff)
			}
			// Numbers must survive exactly, not through float64.
			if strings.Contains(tt.before, "12345678901234567890123") {
				data, _ := os.ReadFile(path)
				for _, lit := range []string{"12345678901234567890123", "1.50"} {
					if !strings.Contains(string(data), lit) {
						t.Errorf("number %s was rewritten:\n%s", lit, data)
					}
				}
				// Key order is kept too.
				if strings.Index(string(data), `"$schema"`) > strings.Index(string(data), `"nested"`) {
					t.Errorf("key order changed:\n%s", data)
				}
			}
			fi, _ := os.Stat(path)
			wantMode := os.FileMode(0o600)
			if tt.before != "" {
				wantMode = 0o644
			}
			if fi.Mode().Perm() != wantMode {
				t.Errorf("mode = %v, want %v", fi.Mode().Perm(), wantMode)
			}
		})
	}
}

func TestRemoveAlwaysRule(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.local.json")
	writeFile(t, path, `{"permissions":{"allow":["Bash(a:*)","Bash(b:*)","Bash(a:*)"],"deny":["Bash(rm:*)"]}}`, 0o600)
	ctx := context.Background()
	removed, err := grant.RemoveAlwaysRule(ctx, path, "Bash(a:*)")
	if err != nil || !removed {
		t.Fatalf("RemoveAlwaysRule = %v, %v; want true, nil", removed, err)
	}
	want := map[string]any{"permissions": map[string]any{"allow": []any{"Bash(b:*)"}, "deny": []any{"Bash(rm:*)"}}}
	if diff := cmp.Diff(any(want), decode(t, path)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if removed, err := grant.RemoveAlwaysRule(ctx, path, "Bash(zzz:*)"); err != nil || removed {
		t.Errorf("removing an absent rule = %v, %v; want false, nil", removed, err)
	}
	missing := filepath.Join(t.TempDir(), "none.json")
	if removed, err := grant.RemoveAlwaysRule(ctx, missing, "Bash(a:*)"); err != nil || removed {
		t.Errorf("removing from a missing file = %v, %v; want false, nil", removed, err)
	}
	if _, err := os.Stat(missing); !errors.Is(err, os.ErrNotExist) {
		t.Error("removing from a missing file created it")
	}
}

// TestCorruptSettingsUntouched checks a settings file that cannot be edited
// is reported with file:line:col and left byte for byte as it was.
func TestCorruptSettingsUntouched(t *testing.T) {
	tests := []struct {
		name    string
		content string
		where   string // ":line:col:" expected in the error
	}{
		{"trailing comma", "{\n  \"permissions\": {\n    \"allow\": [\"Bash(ls:*)\",]\n  }\n}\n", ":3:28:"},
		{"comment", "{\n  // mine\n  \"permissions\": {}\n}\n", ":2:3:"},
		{"truncated", "{\n  \"permissions\": {\n    \"allow\": [\n", ":4:1:"},
		{"not an object", "[\"Bash(ls:*)\"]\n", ":1:1:"},
		{"permissions not an object", "{\n  \"permissions\": [\"Bash(ls:*)\"]\n}\n", ":2:18:"},
		{"allow not a list of strings", "{\"permissions\": {\n\"allow\": [1, 2]}}", ":2:10:"},
		{"two documents", "{}\n{}\n", ":2:1:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "settings.local.json")
			writeFile(t, path, tt.content, 0o644)
			before, _ := os.Stat(path)
			_, err := grant.AddAlwaysRule(context.Background(), path, "Bash(npm test:*)")
			var pe *grant.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("AddAlwaysRule error = %v, want a *grant.ParseError", err)
			}
			if !strings.Contains(err.Error(), path+tt.where) {
				t.Errorf("error %q does not name %s%s", err, path, tt.where)
			}
			got, _ := os.ReadFile(path)
			if diff := cmp.Diff(tt.content, string(got)); diff != "" {
				t.Errorf("file changed (-want +got):\n%s", diff)
			}
			after, _ := os.Stat(path)
			if !os.SameFile(before, after) || !after.ModTime().Equal(before.ModTime()) {
				t.Error("the corrupt file was replaced or touched")
			}
			if _, err := grant.AlwaysGrants(path); err == nil {
				t.Error("AlwaysGrants read a corrupt file without error")
			}
			if _, err := grant.RemoveAlwaysRule(context.Background(), path, "Bash(ls:*)"); err == nil {
				t.Error("RemoveAlwaysRule edited a corrupt file without error")
			}
		})
	}
}

func TestAlwaysCategories(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "settings.local.json")
	writeFile(t, path, `{"grants":{"sessionIdleMinutes":30}}`, 0o600)
	if _, err := grant.AddAlwaysCategory(ctx, path, "recursive-delete", api.RiskNone); !errors.Is(err, grant.ErrHighRiskAlways) {
		t.Errorf("always grant of a HIGH category: error = %v, want ErrHighRiskAlways", err)
	}
	if _, err := grant.AddAlwaysCategory(ctx, path, "git-destructive", api.RiskMedium); !errors.Is(err, grant.ErrHighRiskAlways) {
		t.Errorf("always grant of a category whose findings can be HIGH: error = %v, want ErrHighRiskAlways", err)
	}
	if _, err := grant.AddAlwaysCategory(ctx, path, "obfuscation", api.RiskHigh); !errors.Is(err, grant.ErrHighRiskAlways) {
		t.Errorf("always grant of a HIGH finding: error = %v, want ErrHighRiskAlways", err)
	}
	if _, err := grant.AddAlwaysCategory(ctx, path, "outside-workdir", api.RiskMedium); err != nil {
		t.Fatal(err)
	}
	gs, err := grant.AlwaysGrants(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := grant.CategoryGranted(gs, "outside-working-dirs"); !ok || len(gs) != 1 || gs[0].Scope != api.ScopeAlways {
		t.Errorf("AlwaysGrants = %+v, want the one always category outside-working-dirs", gs)
	}
	want := map[string]any{"grants": map[string]any{"sessionIdleMinutes": 30.0, "categories": []any{"outside-working-dirs"}}}
	if diff := cmp.Diff(any(want), decode(t, path)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if removed, err := grant.RemoveAlwaysCategory(ctx, path, "outside-working-dir"); err != nil || !removed {
		t.Errorf("RemoveAlwaysCategory through an alias = %v, %v; want true, nil", removed, err)
	}
	if gs, _ := grant.AlwaysGrants(path); len(gs) != 0 {
		t.Errorf("grants left: %+v", gs)
	}
}

func TestProjectRoot(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "proj", ".warden"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(root, "proj", "src", "deep"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(root, "other"), 0o755); err != nil {
		t.Fatal(err)
	}
	// A file named .warden is not a project marker.
	writeFile(t, filepath.Join(root, "other", ".warden"), "", 0o644)
	tests := []struct{ cwd, want string }{
		{filepath.Join(root, "proj"), filepath.Join(root, "proj")},
		{filepath.Join(root, "proj", "src", "deep"), filepath.Join(root, "proj")},
		{filepath.Join(root, "other"), filepath.Join(root, "other")},
	}
	for _, tt := range tests {
		if got := grant.ProjectRoot(tt.cwd); got != tt.want {
			t.Errorf("ProjectRoot(%s) = %s, want %s", tt.cwd, got, tt.want)
		}
	}
	want := filepath.Join(root, "proj", ".warden", "settings.local.json")
	if got := grant.LocalSettingsPath(filepath.Join(root, "proj", "src")); got != want {
		t.Errorf("LocalSettingsPath = %s, want %s", got, want)
	}
}

// FuzzAddAlwaysRule checks that editing never panics, never writes a file
// it could not parse, and when it writes, keeps the content and adds the
// rule.
func FuzzAddAlwaysRule(f *testing.F) {
	f.Add(`{"permissions":{"allow":["Bash(ls:*)"]},"x":[1,2.50,"é"]}`, "Bash(go test:*)")
	f.Add(`{"permissions":{"allow":[1]}}`, "Edit(./a)")
	f.Add(`{"permissions":[]}`, "Read")
	f.Add(`{"a":{"b":{"c":{}}}, "permissions": {}} `, "mcp__srv__tool")
	f.Add("{\n// c\n}", "Bash(x)")
	f.Add(`{"permissions":{"allow":["Bash(ls:*)"]}} {}`, "Bash(y)")
	f.Fuzz(func(t *testing.T, content, rule string) {
		path := filepath.Join(t.TempDir(), "s.json")
		if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		_, err := grant.AddAlwaysRule(context.Background(), path, rule)
		after, _ := os.ReadFile(path)
		if err != nil {
			if string(after) != content {
				t.Fatalf("failed edit changed the file: %v\nbefore %q\nafter  %q", err, content, after)
			}
			return
		}
		var got map[string]any
		if err := json.Unmarshal(after, &got); err != nil {
			t.Fatalf("edit wrote invalid JSON: %v\n%q", err, after)
		}
		var before map[string]any
		if json.Unmarshal([]byte(content), &before) == nil {
			for k, v := range before {
				if k == "permissions" {
					continue
				}
				if diff := cmp.Diff(v, got[k]); diff != "" && !hasDuplicateKeys(content) {
					t.Fatalf("key %q changed (-want +got):\n%s", k, diff)
				}
			}
		}
		gs, err := grant.AlwaysGrants(path)
		if err != nil {
			t.Fatalf("AlwaysGrants after a successful edit: %v", err)
		}
		if !contains(grant.Rules(gs), rule) {
			t.Fatalf("rule %q missing after AddAlwaysRule: %v", rule, grant.Rules(gs))
		}
	})
}

// hasDuplicateKeys is a cheap over-approximation: with duplicate keys JSON
// decoders disagree on which value wins, so content checks are skipped.
func hasDuplicateKeys(s string) bool {
	var keys []string
	dec := json.NewDecoder(strings.NewReader(s))
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		if k, ok := tok.(string); ok {
			if contains(keys, k) {
				return true
			}
			keys = append(keys, k)
		}
	}
	return false
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
