package server

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/wardenhq/warden/api"
)

// summaryLimit caps the length of a summary shown on the page.
const summaryLimit = 2000

// Summarize returns the one thing a person must see to judge a call: the
// command of a Bash call, the path of a file tool, the URL of a fetch, the
// query of a search, or else the input as compact JSON. It is capped at
// 2,000 bytes, on a rune boundary.
func Summarize(req api.Request) string {
	for _, key := range []string{"command", "file_path", "path", "notebook_path", "url", "query", "pattern"} {
		if s, ok := req.StringInput(key); ok && s != "" {
			return truncate(s, summaryLimit)
		}
	}
	if len(req.ToolInput) == 0 {
		return ""
	}
	b, err := json.Marshal(req.ToolInput)
	if err != nil {
		return "(input not representable)"
	}
	return truncate(string(b), summaryLimit)
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !isRuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }

// DecidedBy names who decided, in words, for the page and the logs: the rule
// with its source and place, the hook, the mode, the classifier, the person,
// the leader, the grant, the timeout.
func DecidedBy(r api.Reason) string {
	var b strings.Builder
	switch r.Type {
	case api.ReasonRule:
		b.WriteString("rule")
		if r.Rule != "" {
			b.WriteString(" " + r.Rule)
		}
		var where []string
		if r.Source != "" {
			where = append(where, r.Source)
		}
		if r.File != "" {
			loc := r.File
			if r.Line > 0 {
				loc = fmt.Sprintf("%s:%d", r.File, r.Line)
			}
			where = append(where, loc)
		}
		if len(where) > 0 {
			b.WriteString(" (" + strings.Join(where, " ") + ")")
		}
	case api.ReasonHook:
		b.WriteString(named("hook", r.Hook))
	case api.ReasonMode:
		b.WriteString(named("mode", string(r.Mode)))
	case api.ReasonClassifier:
		b.WriteString(named("classifier", r.Classifier))
	case api.ReasonUser:
		b.WriteString(named("person", r.Person))
		if r.Scope != "" && r.Scope != api.ScopeOnce {
			b.WriteString(" (" + string(r.Scope) + ")")
		}
	case api.ReasonLeader:
		b.WriteString(named("leader", r.Leader))
	case api.ReasonGrant:
		b.WriteString(named("grant", r.Grant))
	case "":
		b.WriteString("unknown")
	default:
		b.WriteString(string(r.Type))
		switch {
		case r.Hook != "":
			b.WriteString(" in hook " + r.Hook)
		case r.Classifier != "":
			b.WriteString(" in classifier " + r.Classifier)
		}
	}
	return b.String()
}

func named(kind, name string) string {
	if name == "" {
		return kind
	}
	return kind + " " + name
}
