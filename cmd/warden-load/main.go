// Command warden-load measures the daemon's POST /v1/check against the floor
// of a Go HTTP server that only echoes JSON, on this machine, in one run.
//
//	warden-load compare -warden ./warden [-baseline ./warden-old] [-rules 10000] [-c 16] [-n 200000] [-d 20s]
//	warden-load relay -warden ./warden [-n 200] [-d 60s]
//	warden-load run -url http://127.0.0.1:7878/v1/check -token T [-c 16] [-n N] [-d D]
//	warden-load echo [-addr 127.0.0.1:0]
//	warden-load rules [-n 10000] > settings.json
//
// compare starts `warden serve` with N static rules and an echo server, each
// in its own process, loads each in turn with the same connections and
// requests, and reports throughput, p99 and the daemon's resident memory.
// Every run is bounded in requests and time and talks only to loopback.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/wardenhq/warden/internal/loadgen"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "usage: warden-load compare|relay|run|echo|rules [flags]")
		return 2
	}
	var err error
	switch args[0] {
	case "compare":
		err = runCompare(ctx, args[1:], stdout, stderr)
	case "run":
		err = runLoad(ctx, args[1:], stdout, stderr)
	case "echo":
		err = runEcho(ctx, args[1:], stdout, stderr)
	case "rules":
		err = runRules(args[1:], stdout, stderr)
	case "relay":
		err = runRelay(ctx, args[1:], stdout, stderr)
	default:
		err = fmt.Errorf("unknown command %q", args[0])
	}
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, "warden-load:", err)
		return 1
	}
	return 0
}

// checkBodies are the requests sent: a mix of calls that static rules
// allow, deny and ask about, so the pipeline does its real work.
var checkBodies = []string{
	`{"tool_name":"Bash","tool_input":{"command":"git status"},"cwd":"%s","session_id":"load"}`,
	`{"tool_name":"Bash","tool_input":{"command":"npm run test -- --watch=false"},"cwd":"%s","session_id":"load"}`,
	`{"tool_name":"Bash","tool_input":{"command":"cmd4242 --flag value | grep x && echo done"},"cwd":"%s","session_id":"load"}`,
	`{"tool_name":"Read","tool_input":{"file_path":"%s/src/main.go"},"cwd":"%s","session_id":"load"}`,
	`{"tool_name":"Bash","tool_input":{"command":"rm -rf build"},"cwd":"%s","session_id":"load"}`,
	`{"tool_name":"WebFetch","tool_input":{"url":"https://docs.example.com/page"},"cwd":"%s","session_id":"load"}`,
}

func bodies(cwd string) [][]byte {
	out := make([][]byte, len(checkBodies))
	for i, b := range checkBodies {
		n := strings.Count(b, "%s")
		args := make([]any, n)
		for j := range args {
			args[j] = cwd
		}
		out[i] = fmt.Appendf(nil, b, args...)
	}
	return out
}

// rulesSettings returns a settings file with n static rules (mostly allow,
// some ask and deny), the shape a large organisation's policy takes.
func rulesSettings(n int) ([]byte, error) {
	var allow, ask, deny []string
	for i := range n {
		switch {
		case i%50 == 0:
			deny = append(deny, fmt.Sprintf("Bash(danger%d:*)", i))
		case i%20 == 0:
			ask = append(ask, fmt.Sprintf("Bash(deploy%d *)", i))
		case i%10 == 0:
			allow = append(allow, fmt.Sprintf("Read(//srv/data%d/**)", i))
		default:
			allow = append(allow, fmt.Sprintf("Bash(cmd%d *)", i))
		}
	}
	allow = append(allow, "Bash(git status)", "Bash(npm run test *)", "WebFetch(domain:docs.example.com)")
	return json.MarshalIndent(map[string]any{
		"permissions": map[string]any{"allow": allow, "ask": ask, "deny": deny},
	}, "", " ")
}

func runRules(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("rules", flag.ContinueOnError)
	fs.SetOutput(stderr)
	n := fs.Int("n", 10000, "number of rules")
	if err := fs.Parse(args); err != nil {
		return err
	}
	data, err := rulesSettings(*n)
	if err != nil {
		return err
	}
	_, err = stdout.Write(append(data, '\n'))
	return err
}

type loadFlags struct {
	concurrency, requests, warmup int
	duration                      time.Duration
}

func (l *loadFlags) addFlags(fs *flag.FlagSet) {
	fs.IntVar(&l.concurrency, "c", 16, "concurrent connections")
	fs.IntVar(&l.requests, "n", 200000, "requests at most (per target)")
	fs.IntVar(&l.warmup, "warmup", 2000, "unmeasured requests first")
	fs.DurationVar(&l.duration, "d", 20*time.Second, "time at most (per target)")
}

func (l *loadFlags) config(url, token string, bodies [][]byte) loadgen.Config {
	return loadgen.Config{URL: url, Token: token, Bodies: bodies, Concurrency: l.concurrency, Requests: l.requests, Warmup: l.warmup, Duration: l.duration}
}

func runLoad(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var lf loadFlags
	lf.addFlags(fs)
	target := fs.String("url", "", "endpoint, e.g. http://127.0.0.1:7878/v1/check (the ?token= of the start-up line is used)")
	token := fs.String("token", "", "bearer token")
	cwd := fs.String("cwd", "/tmp", "cwd of the requests")
	if err := fs.Parse(args); err != nil {
		return err
	}
	u, err := url.Parse(*target)
	if err != nil {
		return err
	}
	if *token == "" {
		*token = u.Query().Get("token")
	}
	u.RawQuery = ""
	if u.Path == "" || u.Path == "/" {
		u.Path = "/v1/check"
	}
	res, err := loadgen.Run(ctx, lf.config(u.String(), *token, bodies(*cwd)))
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, res)
	return nil
}

func runEcho(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("echo", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:0", "loopback address to listen on")
	if err := fs.Parse(args); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	if err := loadgen.CheckLoopback("http://" + ln.Addr().String()); err != nil {
		ln.Close()
		return err
	}
	fmt.Fprintf(stdout, "listening on http://%s/\n", ln.Addr())
	srv := &http.Server{Handler: loadgen.EchoHandler(), ReadHeaderTimeout: 10 * time.Second}
	go func() { <-ctx.Done(); srv.Close() }()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// process is a child server whose first stdout line is its address.
type process struct {
	cmd  *exec.Cmd
	line string
}

func start(ctx context.Context, stderr io.Writer, name string, args ...string) (*process, error) {
	return startWithEnv(ctx, stderr, os.Environ(), name, args...)
}

func (p *process) stop() error {
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	return p.cmd.Wait()
}

// memory reads the resident set (now and at its peak) of a process, in
// bytes, from /proc.
func memory(pid int) (rss, peak int64, err error) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, 0, err
	}
	for line := range strings.SplitSeq(string(data), "\n") {
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		fields := strings.Fields(v)
		if len(fields) != 2 || fields[1] != "kB" {
			continue
		}
		kb, err := strconv.ParseInt(fields[0], 10, 64)
		if err != nil {
			continue
		}
		switch k {
		case "VmRSS":
			rss = kb * 1024
		case "VmHWM":
			peak = kb * 1024
		}
	}
	return rss, peak, nil
}

func runCompare(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("compare", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var lf loadFlags
	lf.addFlags(fs)
	wardenBin := fs.String("warden", "warden", "the warden binary")
	nRules := fs.Int("rules", 10000, "static rules in the daemon's settings")
	baseline := fs.String("baseline", "", "a second warden binary to load the same way in the same run (say, a build whose daemon keeps its state in memory), for the ratio")
	if err := fs.Parse(args); err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "warden-load-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	project := filepath.Join(dir, "project")
	if err := os.MkdirAll(filepath.Join(project, ".warden"), 0o755); err != nil {
		return err
	}
	data, err := rulesSettings(*nRules)
	if err != nil {
		return err
	}
	settingsFile := filepath.Join(dir, "rules.json")
	if err := os.WriteFile(settingsFile, data, 0o644); err != nil {
		return err
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}
	reqs := bodies(project)

	// The floor first: a Go HTTP server that only echoes JSON.
	echo, err := start(ctx, stderr, self, "echo")
	if err != nil {
		return err
	}
	echoURL := strings.TrimPrefix(echo.line, "listening on ")
	echoRes, err := loadgen.Run(ctx, lf.config(echoURL, "", reqs))
	_ = echo.stop()
	if err != nil {
		return err
	}

	measure := func(bin, state string) (loadgen.Result, [3]int64, error) {
		env := append(os.Environ(), "HOME="+dir, "XDG_CONFIG_HOME="+filepath.Join(dir, "config"), "XDG_STATE_HOME="+filepath.Join(dir, state), "WARDEN_MANAGED_SETTINGS="+filepath.Join(dir, "none.json"))
		var mem [3]int64
		daemon, err := startWithEnv(ctx, stderr, env, bin, "serve", "--addr", "127.0.0.1:0", "--settings", settingsFile, "--no-audit", "--cwd", project)
		if err != nil {
			return loadgen.Result{}, mem, err
		}
		defer daemon.stop()
		link := strings.TrimPrefix(daemon.line, "listening on ")
		u, err := url.Parse(link)
		if err != nil {
			return loadgen.Result{}, mem, fmt.Errorf("the daemon's start-up line %q: %w", daemon.line, err)
		}
		token := u.Query().Get("token")
		if mem[0], _, err = memory(daemon.cmd.Process.Pid); err != nil {
			return loadgen.Result{}, mem, err
		}
		res, err := loadgen.Run(ctx, lf.config("http://"+u.Host+"/v1/check", token, reqs))
		if err != nil {
			return loadgen.Result{}, mem, err
		}
		if mem[1], mem[2], err = memory(daemon.cmd.Process.Pid); err != nil {
			return loadgen.Result{}, mem, err
		}
		if res.Errors > 0 {
			return res, mem, fmt.Errorf("%d requests to %s serve failed", res.Errors, bin)
		}
		return res, mem, nil
	}
	wardenRes, mem, err := measure(*wardenBin, "state")
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "POST /v1/check, %d connections, %d static rules, %d request kinds\n", lf.concurrency, *nRules, len(reqs))
	fmt.Fprintf(stdout, "%-14s %s\n", "echo floor:", echoRes)
	fmt.Fprintf(stdout, "%-14s %s\n", "warden serve:", wardenRes)
	if echoRes.PerSecond > 0 {
		fmt.Fprintf(stdout, "%-14s %.0f%% of the echo floor\n", "ratio:", 100*wardenRes.PerSecond/echoRes.PerSecond)
	}
	fmt.Fprintf(stdout, "%-14s idle %.1f MB, after load %.1f MB, peak %.1f MB\n", "daemon RSS:", mb(mem[0]), mb(mem[1]), mb(mem[2]))
	if *baseline != "" {
		baseRes, baseMem, err := measure(*baseline, "state-baseline")
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%-14s %s\n", "baseline:", baseRes)
		fmt.Fprintf(stdout, "%-14s idle %.1f MB, after load %.1f MB, peak %.1f MB\n", "baseline RSS:", mb(baseMem[0]), mb(baseMem[1]), mb(baseMem[2]))
		if baseRes.PerSecond > 0 {
			fmt.Fprintf(stdout, "%-14s %.0f%% of the baseline's throughput\n", "vs baseline:", 100*wardenRes.PerSecond/baseRes.PerSecond)
		}
	}
	return nil
}

func startWithEnv(ctx context.Context, stderr io.Writer, env []string, name string, args ...string) (*process, error) {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Env = env
	cmd.Stderr = stderr
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	cmd.WaitDelay = 10 * time.Second
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		return nil, fmt.Errorf("%s printed no address: %w", name, err)
	}
	go func() { _, _ = io.Copy(io.Discard, out) }()
	return &process{cmd: cmd, line: strings.TrimSpace(line)}, nil
}

func mb(b int64) float64 { return float64(b) / (1 << 20) }
