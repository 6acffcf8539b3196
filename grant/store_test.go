package grant_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/grant"
	"github.com/wardenhq/warden/grant/granttest"
)

// childEnv switches the test binary into a child process that adds grants
// (see TestMain), so the cross-process tests run real processes.
const childEnv = "WARDEN_GRANT_TEST_CHILD"

func TestMain(m *testing.M) {
	if mode := os.Getenv(childEnv); mode != "" {
		os.Exit(runChild(mode))
	}
	os.Exit(m.Run())
}

// runChild adds the grants a parent test asked for: WARDEN_GRANT_TEST_N
// rules named after WARDEN_GRANT_TEST_ID, to the session file store in
// WARDEN_GRANT_TEST_DIR ("session") or to the settings file
// WARDEN_GRANT_TEST_FILE ("always").
func runChild(mode string) int {
	ctx := context.Background()
	id := os.Getenv("WARDEN_GRANT_TEST_ID")
	n, _ := strconv.Atoi(os.Getenv("WARDEN_GRANT_TEST_N"))
	for i := range n {
		rule := fmt.Sprintf("Bash(task-%s-%d:*)", id, i)
		var err error
		switch mode {
		case "session":
			st := grant.NewFileStore(os.Getenv("WARDEN_GRANT_TEST_DIR"), time.Hour, nil)
			_, err = st.Add(ctx, grant.Grant{Scope: api.ScopeSession, Session: "shared", Rule: rule})
		case "always":
			_, err = grant.AddAlwaysRule(ctx, os.Getenv("WARDEN_GRANT_TEST_FILE"), rule)
		default:
			err = fmt.Errorf("unknown mode %q", mode)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
	}
	return 0
}

// fakeClock is a clock tests move by hand.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func newFakeClock() *fakeClock {
	return &fakeClock{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func TestMemoryStoreConformance(t *testing.T) {
	granttest.RunStoreConformance(t, func(t *testing.T) grant.Store {
		return grant.NewMemoryStore(nil, 0)
	})
}

func TestFileStoreConformance(t *testing.T) {
	granttest.RunStoreConformance(t, func(t *testing.T) grant.Store {
		return grant.NewFileStore(filepath.Join(t.TempDir(), "sessions"), time.Hour, nil)
	})
}

// TestIdleExpiry checks both stores forget a session's grants after the idle
// time, and that using the session postpones it.
func TestIdleExpiry(t *testing.T) {
	const idle = 30 * time.Minute
	stores := map[string]func(clock *fakeClock) grant.Store{
		"memory": func(c *fakeClock) grant.Store { return grant.NewMemoryStore(c.Now, idle) },
		"file": func(c *fakeClock) grant.Store {
			return grant.NewFileStore(filepath.Join(t.TempDir(), "sessions"), idle, c.Now)
		},
	}
	for name, newStore := range stores {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			clock := newFakeClock()
			st := newStore(clock)
			g, err := st.Add(ctx, grant.Grant{Scope: api.ScopeSession, Session: "s1", Rule: "Bash(npm test:*)"})
			if err != nil {
				t.Fatal(err)
			}
			if want := clock.Now().Add(idle); !g.ExpiresAt.Equal(want) {
				t.Errorf("ExpiresAt = %v, want %v", g.ExpiresAt, want)
			}
			if _, err := st.Add(ctx, grant.Grant{Scope: api.ScopeSession, Session: "s2", Rule: "Bash(npm test:*)"}); err != nil {
				t.Fatal(err)
			}
			// Use s1 just before it would lapse: it lives on, s2 does not.
			clock.Advance(idle - time.Minute)
			if got, _ := st.List(ctx, "s1"); len(got) != 1 {
				t.Fatalf("s1 lapsed before its idle time: %+v", got)
			}
			clock.Advance(2 * time.Minute)
			if got, _ := st.List(ctx, "s1"); len(got) != 1 {
				t.Errorf("s1 lapsed although it was used %v ago", 2*time.Minute)
			}
			if got, _ := st.List(ctx, "s2"); len(got) != 0 {
				t.Errorf("s2 still holds %+v after %v idle", got, idle+time.Minute)
			}
			clock.Advance(idle)
			if got, _ := st.List(ctx, ""); len(got) != 0 {
				t.Errorf("grants left after every session went idle: %+v", got)
			}
			// A lapsed session starts afresh.
			again, err := st.Add(ctx, grant.Grant{Scope: api.ScopeSession, Session: "s1", Rule: "Bash(npm test:*)"})
			if err != nil {
				t.Fatal(err)
			}
			if again.ID == g.ID {
				t.Error("a lapsed grant came back after its session expired")
			}
		})
	}
}

// TestFileStoreAcrossProcesses has 50 processes add grants to one session
// at once: none may be lost.
func TestFileStoreAcrossProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("starts 50 processes")
	}
	dir := filepath.Join(t.TempDir(), "sessions")
	const procs, each = 50, 2
	runChildren(t, procs, "session", "WARDEN_GRANT_TEST_DIR="+dir, each)
	st := grant.NewFileStore(dir, time.Hour, nil)
	got, err := st.List(context.Background(), "shared")
	if err != nil {
		t.Fatal(err)
	}
	assertAllRules(t, grant.Rules(got), procs, each)
}

// TestAlwaysRulesAcrossProcesses has 50 processes write always rules into
// one settings file at once: none may be lost, and the rest of the file
// stays.
func TestAlwaysRulesAcrossProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("starts 50 processes")
	}
	path := filepath.Join(t.TempDir(), ".warden", "settings.local.json")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(`{"permissions":{"deny":["Read(./.env)"]},"model":"x"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	const procs, each = 50, 2
	runChildren(t, procs, "always", "WARDEN_GRANT_TEST_FILE="+path, each)
	gs, err := grant.AlwaysGrants(path)
	if err != nil {
		t.Fatal(err)
	}
	assertAllRules(t, grant.Rules(gs), procs, each)
	data, _ := os.ReadFile(path)
	var doc struct {
		Permissions struct{ Deny []string }
		Model       string
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"Read(./.env)"}, doc.Permissions.Deny); diff != "" || doc.Model != "x" {
		t.Errorf("other settings were lost: deny (-want +got):\n%s model=%q", diff, doc.Model)
	}
}

func runChildren(t *testing.T, procs int, mode, target string, each int) {
	t.Helper()
	cmds := make([]*exec.Cmd, procs)
	for i := range procs {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), childEnv+"="+mode, target,
			"WARDEN_GRANT_TEST_ID="+strconv.Itoa(i), "WARDEN_GRANT_TEST_N="+strconv.Itoa(each))
		cmds[i] = cmd
	}
	// Start them all before waiting on any, so they really run at once.
	for _, cmd := range cmds {
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
	}
	for i, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Errorf("child %d: %v", i, err)
		}
	}
}

func assertAllRules(t *testing.T, rules []string, procs, each int) {
	t.Helper()
	have := map[string]bool{}
	for _, r := range rules {
		have[r] = true
	}
	var missing []string
	for i := range procs {
		for j := range each {
			if r := fmt.Sprintf("Bash(task-%d-%d:*)", i, j); !have[r] {
				missing = append(missing, r)
			}
		}
	}
	if len(missing) > 0 || len(rules) != procs*each {
		t.Errorf("%d rules stored, want %d; missing %v", len(rules), procs*each, missing)
	}
}

// TestFileStoreCorruptFile checks a damaged session file is reported and
// left as it is, never taken for an empty session and overwritten.
func TestFileStoreCorruptFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s1.json")
	broken := []byte("{\"version\":1,\n\"grants\": [ {\"rule\": }\n")
	if err := os.WriteFile(path, broken, 0o600); err != nil {
		t.Fatal(err)
	}
	st := grant.NewFileStore(dir, time.Hour, nil)
	ctx := context.Background()
	if _, err := st.List(ctx, "s1"); err == nil {
		t.Error("List of a corrupt session file succeeded")
	}
	_, err := st.Add(ctx, grant.Grant{Scope: api.ScopeSession, Session: "s1", Rule: "Bash(ls:*)"})
	if err == nil {
		t.Fatal("Add to a corrupt session file succeeded")
	}
	if want := path + ":2:22:"; !strings.Contains(err.Error(), want) {
		t.Errorf("error %q does not say where (%s…)", err, want)
	}
	got, _ := os.ReadFile(path)
	if diff := cmp.Diff(string(broken), string(got)); diff != "" {
		t.Errorf("corrupt file was changed (-want +got):\n%s", diff)
	}
}

func BenchmarkFileStoreList(b *testing.B) {
	ctx := context.Background()
	st := grant.NewFileStore(b.TempDir(), time.Hour, nil)
	for i := range 10 {
		if _, err := st.Add(ctx, grant.Grant{Scope: api.ScopeSession, Session: "s1", Rule: fmt.Sprintf("Bash(t%d:*)", i)}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := st.List(ctx, "s1"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkMemoryStoreList(b *testing.B) {
	ctx := context.Background()
	st := grant.NewMemoryStore(nil, time.Hour)
	for i := range 10 {
		if _, err := st.Add(ctx, grant.Grant{Scope: api.ScopeSession, Session: "s1", Rule: fmt.Sprintf("Bash(t%d:*)", i)}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := st.List(ctx, "s1"); err != nil {
			b.Fatal(err)
		}
	}
}
