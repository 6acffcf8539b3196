package agente2e

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
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
		// warden serve hands over to warden-daemon, found beside warden.
		cmd := exec.CommandContext(ctx, "go", "build", "-o", dir+string(filepath.Separator), "./cmd/warden", "./cmd/warden-daemon")
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			wardenErr = fmt.Errorf("go build ./cmd/warden ./cmd/warden-daemon: %v\n%s", err, out)
		}
	})
	if wardenErr != nil {
		t.Fatal(wardenErr)
	}
	return wardenBin
}

func itoa(i int) string { return fmt.Sprint(i) }

// underTempDir reports whether path lies below the temporary directory.
func underTempDir(path string) bool {
	rel, err := filepath.Rel(filepath.Clean(os.TempDir()), filepath.Clean(path))
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

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
	// model is the fake model server, and modelURL its base URL, once
	// started.
	model    *Model
	modelURL string
	// mcp tells the driver to declare the MCP server.
	mcp bool
	// env is what the agent and Warden get on top of baseEnv (the agent's
	// model endpoint and credentials).
	env []string
}

// agentEnv is the environment of the agent and of every Warden run in the
// world.
func (w *world) agentEnv() []string { return append(w.baseEnv(), w.env...) }

// wardenSettings is every scenario's project policy: rm is denied, the
// file keep.txt may not be edited, touch is allowed.
// Approvals time out after a few seconds, so an ask sent to a daemon's
// page that nobody opens ends the scenario quickly (as a deny).
const wardenSettings = `{
  "permissions": {
    "deny": ["Bash(rm:*)", "Edit(./keep.txt)", "mcp__e2e__touch_marker"],
    "allow": ["Bash(touch:*)"]
  },
  "approvals": {"timeoutSeconds": 3}
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
	res := Run(context.Background(), 60*time.Second, w.proj, w.agentEnv(), append([]string{w.warden}, args...)...)
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
	victimKept  = check{present: []string{victimFile}}
	madeCreated = check{present: []string{madeFile}}
	// madeCreatedRan is madeCreated, and the audit log records that the
	// call ran: the post-call hook init installs fired and was read.
	madeCreatedRan = check{present: []string{madeFile}, contains: map[string]string{"~/.local/state/warden/audit.jsonl": `"outcome":"ran"`}}
	keepUnedited   = check{same: map[string]string{keepFile: keepContent}}
	bashrcKept     = check{same: map[string]string{"~/" + bashrc: rcContent}}
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

// driver is how the tests drive one agent program.
type driver struct {
	name     string // as in `warden init NAME`
	initAs   string // the agent `warden init` is run for, when not name
	pkg, bin string // npm package and program
	// model starts the fake model server the agent talks to.
	model func(Script) *Model
	// configure writes the agent's own configuration (its model
	// provider, its auth) into the world, before `warden init`.
	configure func(w *world)
	// run runs the agent headless on the scenario's prompt, in mode.
	run func(w *world, bin, mode string) Result
	// installed, when set, checks what `warden init` wrote.
	installed func(t *testing.T, w *world)
	// ownAskMessage lists the modes in which the agent, refusing a call
	// Warden asked about, tells the model its own message instead of
	// Warden's reason (and would refuse it without Warden as well).
	ownAskMessage []string
}

// scenario is one scripted turn and what it must leave on disk.
type scenario struct {
	name  string
	calls func(w *world) []Call
	file  string // served at FilePath
	want  check
	// reason, when set, must appear in a tool result the model got back:
	// it shows that Warden, not the agent, stopped the call.
	reason string
	// pending names the Warden bug that makes this scenario fail today, by
	// mode ("*" for every mode).
	pending map[string]string
	// mcp makes the agent start the scenarios' MCP server.
	mcp bool
	// marker is a tool the agent declares in its main requests, when the
	// scripted call's tool is not declared up front.
	marker string
}

func (sc scenario) pendingIn(mode string) string {
	if p := sc.pending[mode]; p != "" {
		return p
	}
	return sc.pending["*"]
}

// play starts the fake model, configures the agent, runs install (Warden's
// init, or nothing for a control run), plays sc in mode and returns the
// disk checks that failed.
func play(t *testing.T, d driver, w *world, bin, mode string, sc scenario, install func()) (Result, []string, *Model) {
	t.Helper()
	m := d.model(Script{File: sc.file, Marker: sc.marker})
	t.Cleanup(m.Close)
	w.model = m
	w.modelURL = m.URL()
	w.mcp = sc.mcp
	if d.configure != nil {
		d.configure(w)
	}
	if install != nil {
		install()
	}
	m.SetCalls(sc.calls(w))
	res := d.run(w, bin, mode)
	failures := sc.want.failures(w)
	if res.TimedOut {
		failures = append(failures, d.name+" timed out (killed after "+agentTimeout.String()+")")
	}
	return res, failures, m
}

// initWarden runs `warden init` for d in the world.
func initWarden(t *testing.T, d driver, w *world, extra ...string) {
	t.Helper()
	agent := d.name
	if d.initAs != "" {
		agent = d.initAs
	}
	args := append([]string{"init", agent}, extra...)
	if underTempDir(w.warden) && !slices.Contains(args, "--allow-temp") {
		// A checkout below the temporary directory (where a CI clone may
		// live) holds a warden that init rightly calls temporary: the
		// refusal itself is tested in cmd/warden, here it is in the way.
		args = append(args, "--allow-temp")
	}
	res := Run(context.Background(), 60*time.Second, w.proj, w.agentEnv(), append([]string{w.warden}, args...)...)
	if res.ExitCode != 0 {
		t.Fatalf("warden %s: exit %d\nstdout: %s\nstderr: %s", strings.Join(args, " "), res.ExitCode, res.Stdout, res.Stderr)
	}
	t.Logf("warden %s:\n%s%s", strings.Join(args, " "), res.Stdout, res.Stderr)
	if d.installed != nil {
		d.installed(t, w)
	}
}

// runScenario plays sc with Warden installed by `warden init` and checks
// the disk, the reason and the pending mark.
func runScenario(t *testing.T, d driver, w *world, bin, mode string, sc scenario, initArgs ...string) {
	t.Helper()
	res, failures, m := play(t, d, w, bin, mode, sc, func() { initWarden(t, d, w, initArgs...) })
	if n := len(m.Results()); n < len(m.script.Calls) && !res.TimedOut {
		failures = append(failures, fmt.Sprintf("%s sent back %d tool results for %d scripted calls", d.name, n, len(m.script.Calls)))
	}
	if sc.reason != "" && !slices.Contains(d.ownAskMessage, mode) && !strings.Contains(strings.Join(m.Results(), "\n"), sc.reason) {
		failures = append(failures, "no tool result names "+sc.reason+" (was it Warden that stopped the call?)")
	}
	for i, r := range m.Results() {
		t.Logf("tool result %d: %s", i, r)
	}
	outcome(t, sc.pendingIn(mode), failures, func() string {
		return fmt.Sprintf("%s exit %d after %v\nstdout: %s\nstderr: %s\n%s", d.name, res.ExitCode, res.Elapsed.Round(time.Millisecond), res.Stdout, res.Stderr, m.Transcript())
	})
}

// runScenarios runs every scenario in every mode, in parallel, each in a
// world of its own with Warden installed by `warden init`.
func runScenarios(t *testing.T, d driver, modes []string, scenarios []scenario) {
	bin := requireClient(t, d.pkg, d.bin)
	warden := wardenBinary(t)
	for _, mode := range modes {
		for _, sc := range scenarios {
			t.Run(mode+"/"+sc.name, func(t *testing.T) {
				t.Parallel()
				w := newWorld(t)
				w.warden = warden
				runScenario(t, d, w, bin, mode, sc)
			})
		}
	}
}

// runControls plays each scenario Warden must stop with no Warden at all:
// each must then do what it tries, or its checks could never fail.
func runControls(t *testing.T, d driver, mode string, scenarios []scenario) {
	bin := requireClient(t, d.pkg, d.bin)
	for _, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) {
			t.Parallel()
			w := newWorld(t)
			_, failures, m := play(t, d, w, bin, mode, sc, nil)
			if len(failures) == 0 {
				t.Errorf("the scenario changed nothing without Warden, so it proves nothing with it\n%s", m.Transcript())
			}
		})
	}
}

// runMissingHook installs Warden from a copy of its binary, deletes the
// copy, and plays a touch: the hook now fails, and the agent must block
// the call rather than run it.
func runMissingHook(t *testing.T, d driver, mode string, touch Call, pending string) {
	bin := requireClient(t, d.pkg, d.bin)
	warden := wardenBinary(t)
	w := newWorld(t)
	gone, err := os.MkdirTemp(filepath.Dir(warden), "gone-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(gone)
	w.warden = filepath.Join(gone, "warden")
	copyFile(t, warden, w.warden)
	sc := scenario{
		name:    "missing-hook",
		calls:   func(*world) []Call { return []Call{touch} },
		want:    check{gone: []string{madeFile}},
		pending: map[string]string{"*": pending},
	}
	res, failures, m := play(t, d, w, bin, mode, sc, func() {
		initWarden(t, d, w)
		if err := os.RemoveAll(gone); err != nil {
			t.Fatal(err)
		}
	})
	outcome(t, pending, failures, func() string {
		return fmt.Sprintf("%s exit %d\nstdout: %s\nstderr: %s\n%s", d.name, res.ExitCode, res.Stdout, res.Stderr, m.Transcript())
	})
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, data, 0o755); err != nil {
		t.Fatal(err)
	}
}
