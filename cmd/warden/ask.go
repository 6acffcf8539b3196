package main

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"github.com/wardenhq/warden/prompt"
)

func init() {
	addCommand(&command{
		name:    "ask",
		summary: "put a clarifying question to the person at the terminal and print the answer as JSON",
		run:     runAsk,
	})
}

const askUsage = "ask [--choice TEXT]... [--free] [--timeout SECONDS] QUESTION"

// runAsk asks the person a multiple-choice or free-text question on the
// terminal. It prints one ClarifyAnswer JSON object; the exit code is 0
// when the person answered and 1 when nobody did (timeout, declined, no
// terminal).
func runAsk(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(env, "ask", askUsage)
	var choices stringList
	fs.Var(&choices, "choice", "a choice `TEXT` (repeatable, at most 9)")
	free := fs.Bool("free", false, "let the person type an answer (always so without choices)")
	timeout := fs.Int("timeout", 120, "`SECONDS` to wait before telling the agent nobody answered")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if fs.NArg() == 0 || *timeout <= 0 {
		fs.Usage()
		return exitUsage
	}
	q := prompt.Question{Text: strings.Join(fs.Args(), " "), Choices: choices, FreeText: *free}
	term := &prompt.Terminal{
		TTYPath:        env.getenv("WARDEN_TTY"),
		ClarifyTimeout: time.Duration(*timeout) * time.Second,
		Getenv:         env.getenv,
	}
	out := json.NewEncoder(env.stdout)
	out.SetEscapeHTML(false)
	if err := term.Available(); err != nil {
		_ = out.Encode(prompt.ClarifyAnswer{Index: -1, NoAnswer: "no terminal"})
		return exitError
	}
	a, err := term.Clarify(ctx, q)
	if err != nil {
		return fail(env, "%s", oneLine(err))
	}
	if err := out.Encode(a); err != nil {
		return fail(env, "%v", err)
	}
	if !a.Answered {
		return exitError
	}
	return exitOK
}
