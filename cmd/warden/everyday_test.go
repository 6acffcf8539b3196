package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/wardenhq/warden/api"
)

// everydayRow is one labelled command of testdata/everyday.tsv.
type everydayRow struct {
	line                  int
	label, class, command string
	note                  string
}

// loadEveryday reads testdata/everyday.tsv: the commands an agent runs in
// a normal day of coding, each labelled run-unasked (harmless, and nothing
// a person needs to see first) or asking-is-fine (see the file's header).
func loadEveryday(tb testing.TB) []everydayRow {
	data, err := os.ReadFile("../../testdata/everyday.tsv")
	if err != nil {
		tb.Fatal(err)
	}
	var rows []everydayRow
	header := false
	seen := map[string]int{}
	for i, l := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if strings.HasPrefix(l, "#") {
			continue
		}
		if !header {
			if l != "label\tclass\tcommand\tnote" {
				tb.Fatalf("everyday.tsv:%d header = %q", i+1, l)
			}
			header = true
			continue
		}
		f := strings.Split(l, "\t")
		if len(f) != 4 {
			tb.Fatalf("everyday.tsv:%d has %d fields, want 4", i+1, len(f))
		}
		if f[0] != "run-unasked" && f[0] != "asking-is-fine" {
			tb.Fatalf("everyday.tsv:%d label %q", i+1, f[0])
		}
		if f[0] == "asking-is-fine" && f[3] == "" {
			tb.Fatalf("everyday.tsv:%d: an asking-is-fine row says why in its note", i+1)
		}
		if prev, ok := seen[f[2]]; ok {
			tb.Fatalf("everyday.tsv:%d repeats line %d", i+1, prev)
		}
		seen[f[2]] = i + 1
		rows = append(rows, everydayRow{line: i + 1, label: f[0], class: f[1], command: unescape.Replace(f[2]), note: f[3]})
	}
	return rows
}

// everydayFixture makes the scene of POLICY.md §2: a home with nothing in
// it, and a project git working tree under it holding the files the
// corpus's commands name.
func everydayFixture(t *testing.T) (home, project string) {
	t.Helper()
	home = t.TempDir()
	project = filepath.Join(home, "projects", "app")
	files := map[string]string{
		"README.md":                "# app\n",
		"go.mod":                   "module example.com/app\n\ngo 1.22\n",
		"go.sum":                   "",
		"main.go":                  "package main\n\nfunc main() {}\n",
		"cmd/app/main.go":          "package main\n\nfunc main() {}\n",
		"internal/x/x.go":          "package x\n",
		"internal/x/x_test.go":     "package x\n",
		"package.json":             `{"name":"app","version":"1.0.0","scripts":{"build":"tsc","test":"node test.js"}}` + "\n",
		"tsconfig.json":            "{}\n",
		"src/index.ts":             "export {}\n",
		"src/index.js":             "\n",
		"a.json":                   "{}\n",
		"b.json":                   "{}\n",
		"a.txt":                    "a\n",
		"b.txt":                    "b\n",
		"data/a.json":              "{}\n",
		"data/b.json":              "[]\n",
		"data/users.csv":           "id,name\n",
		"notes.txt":                "notes\n",
		"config.yaml":              "a: 1\n",
		"docker-compose.yml":       "services: {}\n",
		"k8s/deploy.yaml":          "kind: Deployment\n",
		".github/workflows/ci.yml": "jobs: {}\n",
		"Makefile":                 "build:\n\tgo build ./...\n",
		"Dockerfile":               "FROM scratch\n",
		"pyproject.toml":           "[project]\nname = \"app\"\n",
		"requirements.txt":         "requests\n",
		"tests/test_x.py":          "def test_x():\n    pass\n",
		"Cargo.toml":               "[package]\nname = \"app\"\n",
		"src/main.rs":              "fn main() {}\n",
		"Main.java":                "class Main {}\n",
		"hello.c":                  "int main(void) { return 0; }\n",
		"main.cpp":                 "int main() {}\n",
		"script.sh":                "#!/bin/sh\necho hi\n",
		"logs/app.log":             "started\n",
		"pom.xml":                  "<project/>\n",
		"encoded.txt":              "aGkK\n",
		"filelist.txt":             "main.go\n",
		"chart/Chart.yaml":         "name: web\n",
		"docs/index.md":            "# docs\n",
		".gitignore":               "build/\n",
	}
	for name, body := range files {
		p := filepath.Join(project, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := exec.LookPath("git"); err == nil {
		for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"add", "-A"}, {"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "init"}} {
			cmd := exec.Command("git", args...)
			cmd.Dir = project
			cmd.Env = append(os.Environ(), "HOME="+home, "GIT_CONFIG_NOSYSTEM=1")
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("git %v: %v\n%s", args, err, out)
			}
		}
	} else if err := os.MkdirAll(filepath.Join(project, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	return home, project
}

// decideDefault decides each command as a Bash call in default mode with
// no rules, from project, through warden check --jsonl. With
// WARDEN_MEASURE_BIN set it runs that warden binary instead of this tree's
// code, so an earlier build is measured the same way.
func decideDefault(t *testing.T, home, project string, cmds []string) []api.Decision {
	t.Helper()
	var in bytes.Buffer
	for _, c := range cmds {
		b, err := json.Marshal(map[string]any{"tool_name": "Bash", "tool_input": map[string]string{"command": c},
			"cwd": project, "session_id": "everyday", "permission_mode": "default"})
		if err != nil {
			t.Fatal(err)
		}
		in.Write(b)
		in.WriteByte('\n')
	}
	vars := map[string]string{
		"HOME": home, "XDG_CONFIG_HOME": filepath.Join(home, ".config"), "XDG_STATE_HOME": filepath.Join(home, ".local", "state"),
		"WARDEN_MANAGED_SETTINGS": filepath.Join(home, "no-managed-settings.json"), "PATH": os.Getenv("PATH"),
	}
	var stdout, stderr bytes.Buffer
	args := []string{"check", "--jsonl", "--no-audit", "--cwd", project}
	if bin := os.Getenv("WARDEN_MEASURE_BIN"); bin != "" {
		cmd := exec.Command(bin, args...)
		cmd.Dir = project
		for k, v := range vars {
			cmd.Env = append(cmd.Env, k+"="+v)
		}
		cmd.Stdin, cmd.Stdout, cmd.Stderr = &in, &stdout, &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("%s: %v\n%s", bin, err, stderr.String())
		}
	} else {
		env := &cliEnv{stdin: &in, stdout: &stdout, stderr: &stderr, getenv: func(k string) string { return vars[k] }}
		if code := run(context.Background(), env, args); code != exitOK {
			t.Fatalf("warden check exited %d: %s", code, stderr.String())
		}
	}
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	if len(lines) != len(cmds) {
		t.Fatalf("%d decisions for %d commands\n%s", len(lines), len(cmds), stderr.String())
	}
	out := make([]api.Decision, len(lines))
	for i, l := range lines {
		if err := json.Unmarshal([]byte(l), &out[i]); err != nil {
			t.Fatalf("decision %d: %v: %s", i, err, l)
		}
	}
	return out
}

// everydayFloor is the share of run-unasked rows (in thousandths) that
// must run unasked: a change that makes everyday work ask again fails.
const everydayFloor = 959

// TestEverydayCorpus measures, in default mode with no rules, the share of
// the everyday corpus's run-unasked commands that Warden allows, prints it
// with the remaining asks grouped by cause, and requires that no
// asking-is-fine command is allowed and that every ask names its cause.
func TestEverydayCorpus(t *testing.T) {
	rows := loadEveryday(t)
	if len(rows) < 400 {
		t.Fatalf("everyday corpus has %d rows, want at least 400", len(rows))
	}
	home, project := everydayFixture(t)
	cmds := make([]string, len(rows))
	for i, r := range rows {
		cmds[i] = r.command
	}
	ds := decideDefault(t, home, project, cmds)
	var harmless, unasked, fine, fineAsked, bare int
	causes := map[string][]string{}
	perClass := map[string][2]int{}
	for i, r := range rows {
		d := ds[i]
		if r.label == "asking-is-fine" {
			fine++
			switch {
			case d.Behavior != api.Allow:
				fineAsked++
				if bareAsk(d) {
					bare++
				}
			case strings.HasPrefix(r.note, "dangerous"):
				t.Errorf("everyday.tsv:%d %q is allowed (%s), but %s", r.line, r.command, d.Reason.Message, r.note)
			default:
				// Asking is fine, and so is running it: a form Warden
				// judges harmless on its own grounds.
				t.Logf("everyday.tsv:%d asking-is-fine %q is allowed: %s (%s)", r.line, r.command, d.Reason.Message, r.note)
			}
			continue
		}
		harmless++
		c := perClass[r.class]
		c[1]++
		if d.Behavior == api.Allow {
			unasked++
			c[0]++
		} else {
			if bareAsk(d) {
				bare++
			}
			cause := askCause(d, r.command)
			causes[cause] = append(causes[cause], fmt.Sprintf("%d %s", r.line, r.command))
		}
		perClass[r.class] = c
	}
	share := 1000 * unasked / harmless
	t.Logf("everyday corpus: %d/%d run-unasked commands run unasked (%d.%d%%); %d/%d asking-is-fine commands ask",
		unasked, harmless, share/10, share%10, fineAsked, fine)
	t.Logf("asks that name no cause: %d of %d", bare, harmless-unasked+fineAsked)
	classes := make([]string, 0, len(perClass))
	for c := range perClass {
		classes = append(classes, c)
	}
	sort.Strings(classes)
	for _, c := range classes {
		t.Logf("  class %-8s %d/%d", c, perClass[c][0], perClass[c][1])
	}
	keys := make([]string, 0, len(causes))
	for k := range causes {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if len(causes[keys[i]]) != len(causes[keys[j]]) {
			return len(causes[keys[i]]) > len(causes[keys[j]])
		}
		return keys[i] < keys[j]
	})
	for _, k := range keys {
		t.Logf("harmless asks: %d × %s", len(causes[k]), k)
		for _, c := range causes[k] {
			t.Logf("    everyday.tsv:%s", c)
		}
	}
	if bare > 0 {
		t.Errorf("%d asks name no cause: each ask says what made the command more than a read", bare)
	}
	if share < everydayFloor {
		t.Errorf("%d.%d%% of the run-unasked commands run unasked, below the floor of %d.%d%%", share/10, share%10, everydayFloor/10, everydayFloor%10)
	}
}

// bareAsk reports an ask whose reason names no cause: only that no rule
// allows the command.
func bareAsk(d api.Decision) bool {
	m := d.Reason.Message
	return d.Reason.Type == api.ReasonDefault && strings.HasPrefix(m, "no rule allows ") && strings.HasSuffix(m, " mode")
}

// askCause is a decision's reason with the command's own text taken out,
// so asks for one cause group together.
func askCause(d api.Decision, command string) string {
	m := d.Reason.Message
	if command != "" {
		m = strings.ReplaceAll(m, command, "…")
	}
	return string(d.Reason.Type) + ": " + m
}

// TestDangerousNotAllowed runs the dangerous rows of the dev corpus and of
// the held-out corpus through the same default-mode decision as the
// everyday corpus and requires each one asked or denied, never allowed:
// making everyday work run unasked must not let a dangerous command run.
func TestDangerousNotAllowed(t *testing.T) {
	home, project := everydayFixture(t)
	type row struct {
		where, command string
	}
	corpora := map[string][]row{}
	data, err := os.ReadFile("../../testdata/corpus/commands-dev.tsv")
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")[1:] {
		f := strings.Split(l, "\t")
		if len(f) == 5 && f[0] == "dangerous" {
			corpora["commands-dev.tsv"] = append(corpora["commands-dev.tsv"], row{fmt.Sprintf("commands-dev.tsv:%d", i+2), unescape.Replace(f[3])})
		}
	}
	for _, r := range loadHeldout(t) {
		if r.label == "dangerous" {
			corpora["heldout.tsv"] = append(corpora["heldout.tsv"], row{fmt.Sprintf("heldout.tsv:%d", r.line), r.command})
		}
	}
	for _, name := range []string{"commands-dev.tsv", "heldout.tsv"} {
		rs := corpora[name]
		cmds := make([]string, len(rs))
		for i, r := range rs {
			cmds[i] = r.command
		}
		ds := decideDefault(t, home, project, cmds)
		stopped := 0
		for i, d := range ds {
			if d.Behavior != api.Allow {
				stopped++
				continue
			}
			t.Errorf("%s dangerous %q is allowed: %s", rs[i].where, rs[i].command, d.Reason.Message)
		}
		t.Logf("%s: %d/%d dangerous commands asked or denied in default mode", name, stopped, len(rs))
	}
}
