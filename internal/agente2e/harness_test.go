package agente2e

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// agentTimeout bounds one agent run; a scripted turn takes a few seconds.
const agentTimeout = 90 * time.Second

// requireClient returns the installed program of pkg, or ends the test:
// a skip locally, a failure under CI=true (where .ci/run installs it).
func requireClient(t *testing.T, pkg, bin string) string {
	t.Helper()
	path, err := FindClient(pkg, bin)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%v", err)
		}
		t.Skipf("skipping: %v", err)
	}
	return path
}

var (
	wardenOnce sync.Once
	wardenBin  string
	wardenErr  error
)

// wardenBinary builds cmd/warden once per test run into .e2e/bin under the
// module root: a lasting directory, neither the Go build cache nor a
// temporary one, as `warden init` wants for the hook it installs.
func wardenBinary(t *testing.T) string {
	t.Helper()
	wardenOnce.Do(func() {
		root, err := moduleRoot()
		if err != nil {
			wardenErr = err
			return
		}
		dir := filepath.Join(root, ".e2e", "bin")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			wardenErr = err
			return
		}
		wardenBin = filepath.Join(dir, "warden")
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, "go", "build", "-o", wardenBin, "./cmd/warden")
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			wardenErr = fmt.Errorf("go build ./cmd/warden: %v\n%s", err, out)
		}
	})
	if wardenErr != nil {
		t.Fatal(wardenErr)
	}
	return wardenBin
}

func itoa(i int) string { return fmt.Sprint(i) }

func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("no go.mod above %s", dir)
		}
	}
}

// world is one scenario's machine: a home directory with a shell start-up
// file, and a git project in it with Warden's settings, a directory to
// delete and a file to keep.
type world struct {
	t      *testing.T
	root   string // the temporary directory everything is in
	home   string // $HOME
	proj   string // the project, a git work tree
	warden string // the warden binary the hook runs
	// modelURL is the fake model server's base URL, once started.
	modelURL string
}

// wardenSettings is every scenario's project policy: rm is denied, the
// file keep.txt may not be edited, touch is allowed.
const wardenSettings = `{
  "permissions": {
    "deny": ["Bash(rm:*)", "Edit(./keep.txt)"],
    "allow": ["Bash(touch:*)"]
  }
}
`

// Files the scenarios look at.
const (
	victimDir   = "victim"
	victimFile  = "victim/precious.txt"
	keepFile    = "keep.txt"
	keepContent = "keep me\n"
	madeFile    = "made.txt"
	bashrc      = ".bashrc" // in home
	rcContent   = "# the person's own start-up file\n"
)

func newWorld(t *testing.T) *world {
	t.Helper()
	root := t.TempDir()
	w := &world{t: t, root: root, home: filepath.Join(root, "home")}
	w.proj = filepath.Join(w.home, "proj")
	w.mkdir(w.proj)
	w.git("init", "-q")
	w.write(filepath.Join(w.proj, ".warden", "settings.json"), wardenSettings)
	w.write(filepath.Join(w.proj, victimFile), "precious\n")
	w.write(filepath.Join(w.proj, keepFile), keepContent)
	w.write(filepath.Join(w.home, bashrc), rcContent)
	return w
}

func (w *world) mkdir(dir string) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		w.t.Fatal(err)
	}
}

func (w *world) write(path, content string) {
	w.t.Helper()
	w.mkdir(filepath.Dir(path))
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		w.t.Fatal(err)
	}
}

func (w *world) read(rel string) (string, bool) {
	data, err := os.ReadFile(w.abs(rel))
	return string(data), err == nil
}

// abs resolves rel against the project; "~/x" is in the home directory.
func (w *world) abs(rel string) string {
	if strings.HasPrefix(rel, "~/") {
		return filepath.Join(w.home, rel[2:])
	}
	if filepath.IsAbs(rel) {
		return rel
	}
	return filepath.Join(w.proj, rel)
}

func (w *world) exists(rel string) bool {
	_, err := os.Lstat(w.abs(rel))
	return err == nil
}

func (w *world) git(args ...string) {
	w.t.Helper()
	res := Run(context.Background(), 30*time.Second, w.proj, w.baseEnv(), append([]string{"git"}, args...)...)
	if res.ExitCode != 0 {
		w.t.Fatalf("git %v: exit %d: %s", args, res.ExitCode, res.Stderr)
	}
}

// baseEnv is the environment every process of the scenario gets: its own
// home and XDG directories, a plain PATH, nothing from the test's own
// environment that could point an agent or Warden elsewhere.
func (w *world) baseEnv() []string {
	return []string{
		"HOME=" + w.home,
		"USER=e2e",
		"PATH=" + os.Getenv("PATH"),
		"LANG=C.UTF-8",
		"TERM=dumb",
		"XDG_CONFIG_HOME=" + filepath.Join(w.home, ".config"),
		"XDG_STATE_HOME=" + filepath.Join(w.home, ".local", "state"),
		"XDG_CACHE_HOME=" + filepath.Join(w.home, ".cache"),
		"XDG_DATA_HOME=" + filepath.Join(w.home, ".local", "share"),
		"TMPDIR=" + w.mkTmp(),
		"GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=e2e", "GIT_AUTHOR_EMAIL=e2e@example.invalid",
		"GIT_COMMITTER_NAME=e2e", "GIT_COMMITTER_EMAIL=e2e@example.invalid",
	}
}

func (w *world) mkTmp() string {
	dir := filepath.Join(w.root, "tmp")
	os.MkdirAll(dir, 0o755)
	return dir
}

// runWarden runs the scenario's warden binary with args in the project.
func (w *world) runWarden(args ...string) Result {
	w.t.Helper()
	res := Run(context.Background(), 60*time.Second, w.proj, w.baseEnv(), append([]string{w.warden}, args...)...)
	if res.ExitCode != 0 {
		w.t.Fatalf("warden %s: exit %d\nstdout: %s\nstderr: %s", strings.Join(args, " "), res.ExitCode, res.Stdout, res.Stderr)
	}
	return res
}

// check is what a scenario expects on disk afterwards.
type check struct {
	// gone and present list paths (project-relative, or ~/…) that must
	// not exist / must exist.
	gone, present []string
	// same maps paths to the content they must still have.
	same map[string]string
	// contains maps paths to a string they must still contain.
	contains map[string]string
}

func (c check) failures(w *world) []string {
	var bad []string
	for _, p := range c.gone {
		if w.exists(p) {
			bad = append(bad, p+" exists, and must not")
		}
	}
	for _, p := range c.present {
		if !w.exists(p) {
			bad = append(bad, p+" is missing")
		}
	}
	for p, want := range c.same {
		got, ok := w.read(p)
		if !ok {
			bad = append(bad, p+" is gone")
		} else if got != want {
			bad = append(bad, fmt.Sprintf("%s changed: %q, want %q", p, got, want))
		}
	}
	for p, want := range c.contains {
		got, ok := w.read(p)
		if !ok {
			bad = append(bad, p+" is gone")
		} else if !strings.Contains(got, want) {
			bad = append(bad, fmt.Sprintf("%s no longer contains %q: %q", p, want, got))
		}
	}
	return bad
}

// Checks shared by every agent.
var (
	victimKept   = check{present: []string{victimFile}}
	madeCreated  = check{present: []string{madeFile}}
	keepUnedited = check{same: map[string]string{keepFile: keepContent}}
	bashrcKept   = check{same: map[string]string{"~/" + bashrc: rcContent}}
)

// outcome reports a scenario's result, honouring a pending mark: a
// scenario that fails because of a known Warden bug being fixed elsewhere
// is skipped with the bug named, and one that passes while marked pending
// fails, so the mark is removed as soon as the fix lands.
func outcome(t *testing.T, pending string, failures []string, diag func() string) {
	t.Helper()
	switch {
	case len(failures) == 0 && pending != "":
		t.Fatalf("passes now; remove its pending mark (%s)", pending)
	case len(failures) == 0:
	case pending != "":
		t.Skipf("pending (%s): %s", pending, strings.Join(failures, "; "))
	default:
		t.Errorf("%s\n%s", strings.Join(failures, "\n"), diag())
	}
}
