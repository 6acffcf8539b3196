package server

import (
	"context"
	"flag"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/handler"
)

var screenshot = flag.String("screenshot", "", "write a PNG of the approval page with a pending ask to this `file` (e.g. ../docs/approval-page.png)")

// chromium finds the browser for the page tests. Without one the tests skip,
// except under CI, where they fail.
func chromium(t *testing.T) string {
	t.Helper()
	for _, p := range []string{os.Getenv("WARDEN_CHROMIUM"), "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"} {
		if p == "" {
			continue
		}
		if _, err := exec.LookPath(p); err == nil {
			return p
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("no Chromium found (set WARDEN_CHROMIUM); the page tests must run in CI")
	}
	t.Skip("no Chromium found (set WARDEN_CHROMIUM)")
	return ""
}

func browser(t *testing.T, width, height int64) context.Context {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromium(t)),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(int(width), int(height)),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(actx)
	// A generous bound so a broken page fails the test instead of hanging;
	// it asserts nothing about speed.
	ctx, cancelTimeout := context.WithTimeout(ctx, 2*time.Minute)
	t.Cleanup(func() { cancelTimeout(); cancelCtx(); cancelAlloc() })
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, height)); err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	return ctx
}

// explainingEngine asks for every Bash call, with an explanation, like the
// daemon's coordinator would.
func explainingEngine(q *Queue, clock Clock) Engine {
	fe := &fakeEngine{queue: q, clock: clock}
	return EngineFuncs{
		CheckFunc: fe.Check,
		DecideFunc: func(ctx context.Context, req api.Request) (api.Decision, error) {
			d, err := fe.Check(ctx, req)
			if err != nil || d.Behavior != api.Ask {
				return d, err
			}
			x := make(chan api.Explanation, 1)
			x <- api.Explanation{
				Explanation: "Deletes the build directory and everything in it.",
				Reasoning:   "The agent wants a clean rebuild.",
				Risk:        "Build outputs are lost; a typo in the path could delete more.",
				RiskLevel:   api.RiskHigh,
				Source:      "findings",
			}
			close(x)
			a, err := q.Prompt(ctx, &handler.Prompt{Ask: &handler.Ask{Request: req, Decision: d, Suggestions: d.Suggestions, Explanation: x}})
			if err != nil {
				d.Behavior, d.Reason = api.Deny, api.Reason{Type: api.ReasonError, Message: err.Error()}
				return d, nil
			}
			d.Behavior, d.Reason = a.Behavior, api.Reason{Type: api.ReasonUser, Person: a.Person, Scope: a.Scope, Message: a.Message}
			return d, nil
		},
	}
}

func browserFixture(t *testing.T) *fixture {
	f := newFixture(t, Options{})
	f.server.engine = explainingEngine(f.queue, f.clock)
	return f
}

func decideAsync(t *testing.T, f *fixture, req api.Request) <-chan api.Decision {
	got := make(chan api.Decision, 1)
	go func() {
		d, err := f.client.Decide(context.Background(), req)
		if err != nil {
			t.Error(err)
		}
		got <- d
	}()
	return got
}

func TestPageApprovesWithAClick(t *testing.T) {
	f := browserFixture(t)
	ctx := browser(t, 960, 900)
	// An earlier decision, for the recent list.
	if _, err := f.client.Decide(context.Background(), api.Request{ToolName: "Read", ToolInput: map[string]any{"file_path": "/repo/README.md"}, AgentID: "main"}); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx,
		chromedp.Navigate(f.http.URL+"/?token="+testToken),
		chromedp.WaitVisible(chromedp.CSS("#status.live")),
	); err != nil {
		t.Fatal(err)
	}
	path, err := chromedp.Run(ctx, chromedp.Evaluate[string](`location.pathname + location.search`))
	if err != nil {
		t.Fatal(err)
	}
	if path != "/" {
		t.Errorf("the token stayed in the address bar: %q", path)
	}

	got := decideAsync(t, f, bashRequest)
	if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(".ask .explain"))); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ sel, want string }{
		{".ask .summary", "rm -rf build"},
		{".ask .agent", "worker-1"},
		{".ask .risk", "HIGH"},
		{".ask .findings", "deletes a tree"},
		{".ask .x-explanation", "Deletes the build directory"},
		{".ask .x-risk", "Build outputs are lost"},
		{".ask .countdown", ":"},
	} {
		got, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(c.sel)))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(got, c.want) {
			t.Errorf("%s = %q, want it to contain %q", c.sel, got, c.want)
		}
	}
	if *screenshot != "" {
		png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(*screenshot, png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(".ask button.allow-once"))); err != nil {
		t.Fatal(err)
	}
	d := <-got
	if d.Behavior != api.Allow || d.Reason.Type != api.ReasonUser || d.Reason.Person != "web" {
		t.Fatalf("decision after the click: %+v, want allow by person web", d)
	}
	if err := chromedp.Do(ctx,
		chromedp.WaitNotPresent(chromedp.CSS(".ask")),
		chromedp.WaitVisible(chromedp.CSS("#recent li:nth-child(2)")),
	); err != nil {
		t.Fatal(err)
	}
	recent, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("#recent li:first-child")))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(recent, "allow") || !strings.Contains(recent, "person web") {
		t.Errorf("recent decision %q, want allow by person web", recent)
	}
}

func TestPageDeniesFromTheKeyboardOnAPhone(t *testing.T) {
	f := browserFixture(t)
	ctx := browser(t, 390, 844)
	if err := chromedp.Do(ctx,
		chromedp.Navigate(f.http.URL+"/?token="+testToken),
		chromedp.WaitVisible(chromedp.CSS("#status.live")),
	); err != nil {
		t.Fatal(err)
	}
	got := decideAsync(t, f, bashRequest)
	if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(".ask button.deny"))); err != nil {
		t.Fatal(err)
	}
	overflow, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > window.innerWidth`))
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx,
		chromedp.KeyEvent("d"),
		chromedp.WaitReady(chromedp.CSS(".ask .message:focus")),
		chromedp.KeyEvent("use make clean\r"),
	); err != nil {
		t.Fatal(err)
	}
	if overflow {
		t.Error("the page scrolls sideways on a phone-sized screen")
	}
	d := <-got
	if d.Behavior != api.Deny || d.Reason.Message != "use make clean" {
		t.Errorf("decision: %+v, want deny with the typed message", d)
	}
}
