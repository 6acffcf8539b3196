package settings

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/wardenhq/warden/api"
)

// layout writes files under a fresh root and returns LoadOptions for a
// project at root/home/app with an isolated home and org file.
func layout(t *testing.T, files map[string]string) (LoadOptions, string) {
	t.Helper()
	root := t.TempDir()
	for name, content := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	home := filepath.Join(root, "home")
	project := filepath.Join(home, "app")
	if err := os.MkdirAll(project, 0o755); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"WARDEN_MANAGED_SETTINGS": filepath.Join(root, "org.json")}
	return LoadOptions{Cwd: project, Home: home, Getenv: func(k string) string { return env[k] }}, root
}

func ruleTexts(s *Settings, b api.Behavior) []string {
	var out []string
	for _, r := range s.Rules {
		if r.Behavior == b {
			out = append(out, string(r.Source)+":"+r.Text)
		}
	}
	return out
}

func TestLoadMergesSourcesByRank(t *testing.T) {
	opts, root := layout(t, map[string]string{
		"org.json":                             `{"permissions":{"deny":["Bash(shutdown:*)"]}}`,
		"home/.config/warden/settings.json":    `{"permissions":{"allow":["Bash(user:*)"],"defaultMode":"plan"}}`,
		"home/app/.warden/settings.json":       `{"permissions":{"allow":["Bash(project:*)"],"defaultMode":"acceptEdits","additionalDirectories":["../lib","~/notes"]}}`,
		"home/app/.warden/settings.local.json": `{"permissions":{"allow":["Bash(local:*)"]},"approvals":{"timeoutSeconds":30}}`,
		"cli.json":                             `{"permissions":{"ask":["Bash(git push:*)"]}}`,
	})
	opts.Files = []string{filepath.Join(root, "cli.json")}
	s, err := Load(opts)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"local:Bash(local:*)", "project:Bash(project:*)", "user:Bash(user:*)"}, ruleTexts(s, api.Allow)); diff != "" {
		t.Errorf("allow rules (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"org:Bash(shutdown:*)"}, ruleTexts(s, api.Deny)); diff != "" {
		t.Errorf("deny rules (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"cli:Bash(git push:*)"}, ruleTexts(s, api.Ask)); diff != "" {
		t.Errorf("ask rules (-want +got):\n%s", diff)
	}
	if s.DefaultMode != api.ModeAcceptEdits {
		t.Errorf("defaultMode = %q, want acceptEdits (project beats user)", s.DefaultMode)
	}
	if s.Approvals.TimeoutSeconds != 30 {
		t.Errorf("timeoutSeconds = %d, want 30", s.Approvals.TimeoutSeconds)
	}
	wantDirs := []string{filepath.Join(root, "home", "lib"), filepath.Join(root, "home", "notes")}
	if diff := cmp.Diff(wantDirs, s.AdditionalDirectories); diff != "" {
		t.Errorf("additionalDirectories (-want +got):\n%s", diff)
	}
	for _, r := range s.Rules {
		if r.File == "" || r.Line != 1 {
			t.Errorf("rule %s: position %s:%d, want line 1 of its file", r.Text, r.File, r.Line)
		}
	}
}

func TestLoadManagedLocks(t *testing.T) {
	opts, _ := layout(t, map[string]string{
		"org.json":                       `{"allowManagedPermissionRulesOnly":true,"permissions":{"allow":["Bash(org:*)"],"disableBypassPermissionsMode":"disable"}}`,
		"home/app/.warden/settings.json": `{"allowManagedHooksOnly":true,"permissions":{"allow":["Bash(project:*)"],"deny":["Bash(rm:*)"]}}`,
	})
	s, err := Load(opts)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"org:Bash(org:*)"}, ruleTexts(s, api.Allow)); diff != "" {
		t.Errorf("allow rules (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"project:Bash(rm:*)"}, ruleTexts(s, api.Deny)); diff != "" {
		t.Errorf("deny rules must survive allowManagedPermissionRulesOnly (-want +got):\n%s", diff)
	}
	if !s.DisableBypassPermissionsMode {
		t.Error("disableBypassPermissionsMode not honoured")
	}
	if s.AllowManagedHooksOnly {
		t.Error("allowManagedHooksOnly honoured from a project file")
	}
	if !strings.Contains(strings.Join(s.WarningStrings(), "\n"), "allowManagedHooksOnly is honoured only in org-managed settings") {
		t.Errorf("no warning about a project lock: %v", s.WarningStrings())
	}
}

func TestLoadErrorsArePositioned(t *testing.T) {
	tests := []struct {
		name    string
		content string
		want    string // suffix of "file:line:col: msg"
	}{
		{"trailing comma", "{\n  \"permissions\": {\"allow\": [\"Bash(ls)\",]}\n}", ":2:"},
		{"comment", "{\n// no comments\n}", ":2:1:"},
		{"not an object", `[1, 2]`, ":1:1: settings must be an object, not array"},
		{"permissions type", `{"permissions": "all"}`, ":1:17: permissions must be an object, not string"},
		{"bad mode", "{\"permissions\":\n {\"defaultMode\": \"yolo\"}}", ":2:18: permissions.defaultMode: unknown permission mode"},
		{"invalid utf-8", "{\"permissions\": {\"allow\": [\"\xff\"]}}", ":1:29: invalid UTF-8"},
		{"truncated", `{"permissions": {`, ":1:18: unexpected end of JSON input"},
		{"two values", `{} {}`, ":1:4: invalid character '{' after top-level value"},
		{"hook without command", `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command"}]}]}}`, "hooks[].command is empty"},
		{"classifier type", `{"classifier":{"provider":"anthropic","timeoutMs":"soon"}}`, "classifier.timeoutMs must be int"},
		{"deep nesting", strings.Repeat("[", 100) + strings.Repeat("]", 100), "nested too deeply"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts, _ := layout(t, map[string]string{"home/app/.warden/settings.json": tt.content})
			_, err := Load(opts)
			if err == nil {
				t.Fatal("Load succeeded on a broken file")
			}
			if !errors.Is(err, ErrInvalid) {
				t.Errorf("error %v does not wrap ErrInvalid", err)
			}
			var pe *PosError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is not a *PosError", err)
			}
			if !strings.HasSuffix(pe.File, ".warden/settings.json") || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q, want it to name the file and contain %q", err, tt.want)
			}
		})
	}
}

func TestLoadWarnings(t *testing.T) {
	opts, _ := layout(t, map[string]string{
		"home/app/.warden/settings.json": "{\n  \"permisions\": {},\n  \"permissions\": {\n    \"allow\": [\"Bash(npm test\", 7],\n    \"deny\": [\"Read(\", \"Nope(\"]\n  },\n  \"hooks\": {\"PostToolUse\": []}\n}",
	})
	s, err := Load(opts)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(s.WarningStrings(), "\n")
	for _, want := range []string{
		`:2:3: unknown key "permisions" in settings`,
		`:4:29: malformed allow rule "Bash(npm test": missing closing parenthesis (dropped)`,
		`allow rule must be a string, not number (dropped)`,
		`malformed deny rule "Read(": `,
		`it now applies to every call of Read`,
		`hook event "PostToolUse" is not run by Warden`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("warnings lack %q:\n%s", want, got)
		}
	}
	if diff := cmp.Diff([]string{"project:Read(", "project:Nope("}, ruleTexts(s, api.Deny)); diff != "" {
		t.Errorf("malformed deny rules must stay as fail-closed stand-ins (-want +got):\n%s", diff)
	}
	if n := len(ruleTexts(s, api.Allow)); n != 0 {
		t.Errorf("malformed allow rules kept: %d", n)
	}
}

func TestLoadMissingFiles(t *testing.T) {
	opts, root := layout(t, nil)
	s, err := Load(opts)
	if err != nil {
		t.Fatalf("no settings at all must load: %v", err)
	}
	if s.DefaultMode != api.ModeDefault || len(s.Rules) != 0 {
		t.Errorf("defaults: mode %q, %d rules", s.DefaultMode, len(s.Rules))
	}
	opts.Files = []string{filepath.Join(root, "missing.json")}
	if _, err := Load(opts); err == nil || !strings.Contains(err.Error(), "missing.json: file does not exist") {
		t.Errorf("a missing --settings file must be an error, got %v", err)
	}
}

func TestImportClaudeCodeSettings(t *testing.T) {
	opts, _ := layout(t, map[string]string{
		"home/app/.warden/settings.json": `{"importClaudeCodeSettings": true}`,
		"home/app/.claude/settings.json": `{"model":"x","env":{"A":"1"},"permissions":{"deny":["Read(./.env)"]},"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":"warden hook"}]}]}}`,
		"home/.claude/settings.json":     `{"permissions":{"allow":["Bash(npm test:*)"]}}`,
	})
	s, err := Load(opts)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"project:Read(./.env)"}, ruleTexts(s, api.Deny)); diff != "" {
		t.Errorf("deny (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"user:Bash(npm test:*)"}, ruleTexts(s, api.Allow)); diff != "" {
		t.Errorf("allow (-want +got):\n%s", diff)
	}
	if len(s.Hooks.PreToolUse) != 0 {
		t.Error("Claude Code's hooks were imported (they would run Warden inside Warden)")
	}
	if len(s.Warnings) != 0 {
		t.Errorf("Claude Code's own keys were warned about: %v", s.WarningStrings())
	}
}

func TestProjectRoot(t *testing.T) {
	root := t.TempDir()
	deep := filepath.Join(root, "a", "b", "c")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	if got := ProjectRoot(deep); got != deep {
		t.Errorf("without .warden: %s, want cwd", got)
	}
	if err := os.MkdirAll(filepath.Join(root, "a", ".warden"), 0o755); err != nil {
		t.Fatal(err)
	}
	if got, want := ProjectRoot(deep), filepath.Join(root, "a"); got != want {
		t.Errorf("ProjectRoot = %s, want %s", got, want)
	}
}

// FuzzParseFile checks that no input makes settings decoding panic, and that
// a file that decodes yields only well-formed rules with positions inside it.
func FuzzParseFile(f *testing.F) {
	for _, seed := range []string{
		`{}`, `{"permissions":{"allow":["Bash(ls *)"],"deny":["Read(./.env)"],"ask":[1]}}`,
		`{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"x","timeout":3}]}]}}`,
		`{"classifier":{"provider":"openai","model":"m","timeoutMs":100}}`, `{"audit":{"redact":["x+"]}}`,
		"{\"permissions\":{\"allow\":[\"\\u0000\"]}}", `[`, `{"a":`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ParseFile(File{Source: SourceProject, Path: "/p/.warden/settings.json"}, data, LoadOptions{Cwd: "/p", Home: "/h", Getenv: func(string) string { return "" }})
		if err != nil {
			var pe *PosError
			if !errors.As(err, &pe) || pe.Line < 1 || pe.Column < 1 {
				t.Fatalf("error without a position: %v", err)
			}
			return
		}
		lines := strings.Count(string(data), "\n") + 1
		for _, r := range s.Rules {
			if r.Line < 1 || r.Line > lines {
				t.Fatalf("rule %q at line %d of a %d-line file", r.Text, r.Line, lines)
			}
			if !r.Behavior.Valid() {
				t.Fatalf("rule %q has behaviour %q", r.Text, r.Behavior)
			}
		}
	})
}

// TestProjectRoot checks how the project of a call is found: the project
// the agent names, else the nearest .warden/, else the git work tree, else
// the cwd; and that a cwd outside the project is no working directory.
func TestFindProjectRoot(t *testing.T) {
	root := t.TempDir()
	mk := func(p string) string {
		p = filepath.Join(root, p)
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	repo := mk("repo")
	mk("repo/.git")
	src := mk("repo/src/pkg")
	nested := mk("repo/tools/.warden")
	loose := mk("loose/dir")
	for _, tt := range []struct{ cwd, projectDir, want string }{
		{src, "", repo},
		{repo, "", repo},
		{filepath.Join(filepath.Dir(nested), "x"), "", filepath.Dir(nested)},
		{loose, "", loose},
		{root, repo, repo},
		{src, "relative/not/used", repo},
	} {
		if got := FindProjectRoot(tt.cwd, tt.projectDir); got != tt.want {
			t.Errorf("FindProjectRoot(%s, %q) = %s, want %s", tt.cwd, tt.projectDir, got, tt.want)
		}
	}
	s := &Settings{ProjectRoot: repo, AdditionalDirectories: []string{"/opt/shared"}}
	if got, want := s.WorkingDirs(src), []string{src, repo, "/opt/shared"}; !slices.Equal(got, want) {
		t.Errorf("WorkingDirs(src) = %v, want %v", got, want)
	}
	if got, want := s.WorkingDirs(root), []string{repo, "/opt/shared"}; !slices.Equal(got, want) {
		t.Errorf("WorkingDirs(outside) = %v, want %v", got, want)
	}
}
