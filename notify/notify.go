package notify

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"time"
)

// Ask is what a notification says about one pending ask. Its strings are
// the daemon's display of the ask, escaped for every surface.
type Ask struct {
	ID       string    `json:"id"`
	Tool     string    `json:"tool"`
	Summary  string    `json:"summary"`
	Risk     string    `json:"risk,omitempty"`
	Project  string    `json:"project,omitempty"`
	Agent    string    `json:"agent,omitempty"`
	Reason   string    `json:"reason,omitempty"`
	Deadline time.Time `json:"deadline"`
	// Approvers are those the ask is routed to (empty: anyone).
	Approvers []string `json:"approvers,omitempty"`
	// Link opens the ask (GET shows it with its answers); empty when the
	// daemon has no address to link to.
	Link string `json:"link,omitempty"`
	// Actions are the answers the link can give, each a POST of Body to
	// URL: deny first, then the scopes the ask can be allowed at.
	Actions []Action `json:"actions,omitempty"`
}

// Action is one answer a link gives.
type Action struct {
	Label  string `json:"label"`
	Method string `json:"method"`
	URL    string `json:"url"`
	// Body is the JSON to send: {"behavior":…,"scope":…}.
	Body string `json:"body"`
}

// Receiver is one place notifications go.
type Receiver struct {
	// Type is "webhook", "ntfy" or "slack".
	Type string
	// URL is where to post (for ntfy, the server: the topic goes in the
	// body).
	URL string
	// Topic is the ntfy topic.
	Topic string
	// Token, when set, is sent as a bearer token (an ntfy access token).
	Token string
	// Name names the receiver in the log.
	Name string
}

// Request returns the HTTP request that notifies r of a.
func Request(ctx context.Context, r Receiver, a Ask) (*http.Request, error) {
	var body any
	switch r.Type {
	case "webhook":
		body = struct {
			Type string `json:"type"`
			Ask
		}{"warden.ask", a}
	case "ntfy":
		body = ntfyMessage(r, a)
	case "slack":
		body = map[string]string{"text": slackText(a)}
	default:
		return nil, fmt.Errorf("notify: unknown receiver type %q", r.Type)
	}
	data, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, r.URL, bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	if r.Token != "" {
		req.Header.Set("Authorization", "Bearer "+r.Token)
	}
	return req, nil
}

// title is a notification's first line.
func title(a Ask) string {
	t := "Warden: " + a.Tool
	if a.Risk != "" {
		t += " (" + a.Risk + " risk)"
	}
	return t
}

// lines is a notification's text: what, where, who, until when.
func lines(a Ask) []string {
	out := []string{a.Summary}
	if a.Project != "" {
		out = append(out, "Project: "+a.Project)
	}
	if a.Agent != "" {
		out = append(out, "Agent: "+a.Agent)
	}
	if a.Reason != "" {
		out = append(out, "Why: "+a.Reason)
	}
	if len(a.Approvers) > 0 {
		out = append(out, "For: "+strings.Join(a.Approvers, ", "))
	}
	out = append(out, "Denied at "+a.Deadline.UTC().Format("15:04:05 UTC")+" unless answered")
	return out
}

// ntfyAction is one button of ntfy's JSON publishing format.
type ntfyAction struct {
	Action  string            `json:"action"`
	Label   string            `json:"label"`
	URL     string            `json:"url"`
	Method  string            `json:"method,omitempty"`
	Headers map[string]string `json:"headers,omitempty"`
	Body    string            `json:"body,omitempty"`
	Clear   bool              `json:"clear,omitempty"`
}

type ntfyPublish struct {
	Topic    string       `json:"topic"`
	Title    string       `json:"title"`
	Message  string       `json:"message"`
	Priority int          `json:"priority"`
	Tags     []string     `json:"tags,omitempty"`
	Click    string       `json:"click,omitempty"`
	Actions  []ntfyAction `json:"actions,omitempty"`
}

// ntfyMessage is a in ntfy's JSON publishing format: posted to the
// server's root, with "Deny" and "Allow once" as http actions (ntfy's
// phone app sends the request itself) and the link to open the rest.
// ntfy shows at most three actions.
func ntfyMessage(r Receiver, a Ask) ntfyPublish {
	m := ntfyPublish{Topic: r.Topic, Title: title(a), Message: strings.Join(lines(a), "\n"), Priority: 3, Click: a.Link}
	if a.Risk == "HIGH" {
		m.Priority, m.Tags = 4, []string{"warning"}
	}
	for _, ac := range a.Actions {
		if ac.Label != "Deny" && ac.Label != "Allow once" {
			continue
		}
		m.Actions = append(m.Actions, ntfyAction{Action: "http", Label: ac.Label, URL: ac.URL, Method: ac.Method,
			Headers: map[string]string{"Content-Type": "application/json"}, Body: ac.Body, Clear: true})
	}
	if a.Link != "" {
		m.Actions = append(m.Actions, ntfyAction{Action: "view", Label: "Open", URL: a.Link})
	}
	return m
}

// slackEscape escapes the three characters Slack's text format reserves.
func slackEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}

// slackText is a for an incoming webhook: an incoming webhook has no
// buttons, so the link opens the ask's page, whose buttons answer it.
func slackText(a Ask) string {
	var b strings.Builder
	b.WriteString("*" + slackEscape(title(a)) + "*\n```" + slackEscape(a.Summary) + "```\n")
	for _, l := range lines(a)[1:] {
		b.WriteString(slackEscape(l) + "\n")
	}
	if a.Link != "" {
		b.WriteString("<" + a.Link + "|Answer this ask>")
	}
	return b.String()
}

// DefaultBackoff is the wait before each retry of a failed notification.
var DefaultBackoff = []time.Duration{time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second, 16 * time.Second}

// Sender sends notifications, retrying those that fail.
type Sender struct {
	// Client sends the requests; nil means a client with a 10 s timeout.
	Client *http.Client
	// Logger receives every failure; nil discards them.
	Logger *slog.Logger
	// Backoff is the wait before each retry; nil means DefaultBackoff.
	Backoff []time.Duration
}

// Send notifies r of a, retrying with backoff on a failure (no answer, a
// 5xx or 429 status) until it succeeds, the retries run out or ctx ends
// (give it the ask's deadline: a notification past it is no use). It
// returns the last failure.
func (s *Sender) Send(ctx context.Context, r Receiver, a Ask) error {
	client := s.Client
	if client == nil {
		client = &http.Client{Timeout: 10 * time.Second}
	}
	log := s.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	backoff := s.Backoff
	if backoff == nil {
		backoff = DefaultBackoff
	}
	var last error
	for attempt := 0; ; attempt++ {
		req, err := Request(ctx, r, a)
		if err != nil {
			log.Error("notification not sent", "receiver", r.Name, "ask", a.ID, "err", err)
			return err
		}
		retry := true
		res, err := client.Do(req)
		if err == nil {
			_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
			res.Body.Close()
			if res.StatusCode < 300 {
				return nil
			}
			err = fmt.Errorf("the receiver answered %s", res.Status)
			retry = res.StatusCode >= 500 || res.StatusCode == http.StatusTooManyRequests
		}
		last = err
		if !retry || attempt >= len(backoff) || ctx.Err() != nil {
			log.Error("notification failed, giving up", "receiver", r.Name, "ask", a.ID, "attempts", attempt+1, "err", err)
			return last
		}
		log.Warn("notification failed, retrying", "receiver", r.Name, "ask", a.ID, "attempt", attempt+1, "in", backoff[attempt], "err", err)
		select {
		case <-ctx.Done():
			log.Error("notification failed, giving up at the ask's deadline", "receiver", r.Name, "ask", a.ID, "attempts", attempt+1, "err", last)
			return last
		case <-time.After(backoff[attempt]):
		}
	}
}
