package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/wardenhq/warden"
	"github.com/wardenhq/warden/api"
)

func init() {
	addCommand(&command{
		name:    "check",
		summary: "decide one tool call (or a stream with --jsonl) and print the decision as JSON",
		run:     runCheck,
	})
}

const checkUsage = "check [--cwd DIR] [--mode MODE] [--settings FILE]... [--jsonl] [--exit-code] [--no-audit] [--server URL] [REQUEST]"

// With --exit-code, check's exit status tells the decision: 0 allow,
// exitDeny deny, exitAsk ask (for --jsonl, the strictest line: deny over
// ask over allow; an error, 1, over all).
const (
	exitDeny = 3
	exitAsk  = 4
)

// decisionExit is the exit status --exit-code gives d.
func decisionExit(d api.Decision) int {
	switch d.Behavior {
	case api.Allow:
		return exitOK
	case api.Ask:
		return exitAsk
	}
	return exitDeny
}

// stricterExit is the stricter of two --exit-code statuses.
func stricterExit(a, b int) int {
	rank := map[int]int{exitOK: 0, exitAsk: 1, exitDeny: 2, exitError: 3}
	if rank[b] > rank[a] {
		return b
	}
	return a
}

func runCheck(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(env, "check", checkUsage)
	var ef engineFlags
	ef.Register(fs)
	jsonl := fs.Bool("jsonl", false, "read one request per line and print one decision per line, in order")
	serverURL := fs.String("server", "", "decide through a running `warden serve` at `URL` (default $WARDEN_SERVER; token from $WARDEN_TOKEN)")
	exitCode := fs.Bool("exit-code", false, "exit 3 for deny and 4 for ask (0 for allow), for scripts")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if fs.NArg() > 1 || (*jsonl && fs.NArg() > 0) {
		fs.Usage()
		return exitUsage
	}
	defCwd, err := ef.DefaultCwd()
	if err != nil {
		return fail(env, "%v", err)
	}
	engines, err := newEngineSet(env, &ef, warden.WithFrontEnd("check"))
	if err != nil {
		return fail(env, "%v", err)
	}
	remote, useRemote, err := remoteFromEnv(env, *serverURL)
	if err != nil {
		return fail(env, "%v", err)
	}
	decide := func(data []byte) (api.Decision, error) {
		req, err := api.DecodeRequest(data)
		if err != nil {
			return api.Decision{}, err
		}
		if req.Cwd == "" {
			req.Cwd = defCwd
		}
		if useRemote {
			// The daemon's rules, grants and audit log; it never prompts
			// for check. A daemon that fails is an error, never allow.
			return remote.Check(ctx, req)
		}
		e, err := engines.forRequest(req)
		if err != nil {
			return api.Decision{}, err
		}
		return e.Decide(ctx, req)
	}
	out := json.NewEncoder(env.stdout)
	out.SetEscapeHTML(false)

	if !*jsonl {
		var data []byte
		if fs.NArg() == 1 {
			data = []byte(fs.Arg(0))
		} else {
			data, err = io.ReadAll(io.LimitReader(env.stdin, api.MaxRequestSize+1))
			if err != nil {
				return fail(env, "reading the request: %v", err)
			}
		}
		d, err := decide(data)
		if err != nil {
			if hint := bareCommandHint(data); hint != "" {
				return fail(env, "%s\nwarden: %s", oneLine(err), hint)
			}
			return fail(env, "%s", oneLine(err))
		}
		if err := out.Encode(d); err != nil {
			return fail(env, "%v", err)
		}
		if *exitCode {
			return decisionExit(d)
		}
		return exitOK
	}

	// --jsonl: one decision per line, in order. A line that cannot be
	// decided gets an error object in its place, so the output stays
	// aligned with the input, and the exit code says something failed.
	sc := bufio.NewScanner(env.stdin)
	sc.Buffer(make([]byte, 64<<10), api.MaxRequestSize+1)
	code := exitOK
	line := 0
	for sc.Scan() {
		line++
		text := sc.Bytes()
		if len(strings.TrimSpace(string(text))) == 0 {
			continue
		}
		d, err := decide(text)
		if err != nil {
			fmt.Fprintf(env.stderr, "warden: line %d: %s\n", line, oneLine(err))
			_ = out.Encode(api.ErrorEnvelope{Error: api.ErrorBody{Code: "invalid_request", Message: oneLine(err)}})
			code = exitError
			continue
		}
		if err := out.Encode(d); err != nil {
			return fail(env, "%v", err)
		}
		if *exitCode {
			code = stricterExit(code, decisionExit(d))
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return fail(env, "line %d: request longer than %d bytes", line+1, api.MaxRequestSize)
		}
		return fail(env, "reading requests: %v", err)
	}
	return code
}

// oneLine flattens an error for a one-line message.
func oneLine(err error) string {
	return strings.Join(strings.Fields(err.Error()), " ")
}

// bareCommandHint suggests the JSON form, or warden scan, when the request
// looks like a shell command rather than JSON.
func bareCommandHint(data []byte) string {
	text := strings.TrimSpace(string(data))
	if text == "" || strings.HasPrefix(text, "{") || strings.HasPrefix(text, "[") || strings.HasPrefix(text, "\"") {
		return ""
	}
	req, _ := json.Marshal(map[string]any{"tool_name": "Bash", "tool_input": map[string]string{"command": text}})
	return fmt.Sprintf("hint: check takes a JSON request; for this command: warden check %s (or analyse it alone: warden scan %s)", shellWord(string(req)), shellWord(text))
}

// shellWord quotes s for a POSIX shell.
func shellWord(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }
