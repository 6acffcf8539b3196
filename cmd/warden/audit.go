package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
	"unicode/utf8"

	"github.com/charmbracelet/x/term"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/audit"
	"github.com/wardenhq/warden/internal/display"
	"github.com/wardenhq/warden/internal/setup"
	"github.com/wardenhq/warden/server"
	"github.com/wardenhq/warden/settings"
)

const auditUsage = "audit [--since DURATION] [--behavior B] [--tool T] [--session S] [--json] [--stats] [--file PATH | --server URL [--token-file FILE] [--limit N]] [--cwd DIR]"

func init() {
	addCommand(&command{
		name:    "audit",
		summary: "show the decision log: who allowed or denied what",
		run:     runAudit,
	})
}

// openAudit returns the audit sink settings configure (setup.OpenAudit).
func openAudit(env *cliEnv, st *settings.Settings) (audit.Sink, error) {
	return setup.OpenAudit(env.getenv, st)
}

// auditPath resolves the audit file (setup.AuditPath).
func auditPath(env *cliEnv, st *settings.Settings) string {
	return setup.AuditPath(env.getenv, st)
}

// parseSince reads --since: a duration back from now ("90m", "24h", "7d")
// or a time (RFC 3339).
func parseSince(s string, now time.Time) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	if days, ok := strings.CutSuffix(s, "d"); ok {
		if n, err := strconv.Atoi(days); err == nil && n >= 0 {
			return now.AddDate(0, 0, -n), nil
		}
	}
	if d, err := time.ParseDuration(s); err == nil && d >= 0 {
		return now.Add(-d), nil
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	return time.Time{}, fmt.Errorf("--since %q: want a duration (90m, 24h, 7d) or an RFC 3339 time", s)
}

func runAudit(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(env, "audit", auditUsage)
	since := fs.String("since", "", "only decisions made within this `DURATION` (90m, 24h, 7d) or since an RFC 3339 time")
	behavior := fs.String("behavior", "", "only this behaviour: allow, deny or ask")
	tool := fs.String("tool", "", "only this tool (Bash, Edit, …)")
	session := fs.String("session", "", "only this session")
	asJSON := fs.Bool("json", false, "print JSON lines (with --stats, one JSON object)")
	stats := fs.Bool("stats", false, "print counts by behaviour, tool and who decided")
	file := fs.String("file", "", "the audit file (default: settings' audit.path, else $XDG_STATE_HOME/warden/audit.jsonl)")
	cwd := fs.String("cwd", "", "working directory whose settings name the audit file (default: current directory)")
	serverURL := fs.String("server", "", "read the audit log of the daemon at `URL` (the approver's link warden serve prints, or its address with --token-file): a team's daemons share one")
	tokenFile := fs.String("token-file", "", "with --server: the `FILE` holding the approver's token (warden serve --token-file); the agents' token is refused")
	limit := fs.Int("limit", 0, "with --server: at most the last `N` records (default: the daemon's, 1000)")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return exitUsage
	}
	f := audit.Filter{Tool: *tool, Session: *session, Behavior: api.Behavior(*behavior)}
	if *behavior != "" && !f.Behavior.Valid() {
		fmt.Fprintf(env.stderr, "warden: audit: --behavior %q: want allow, deny or ask\n", *behavior)
		return exitUsage
	}
	t, err := parseSince(*since, time.Now())
	if err != nil {
		fmt.Fprintf(env.stderr, "warden: audit: %v\n", err)
		return exitUsage
	}
	f.Since = t
	if *serverURL != "" && *file != "" {
		fmt.Fprintln(env.stderr, "warden: audit: --server and --file name two logs: give one")
		return exitUsage
	}
	if *serverURL == "" && (*tokenFile != "" || *limit != 0) {
		fmt.Fprintln(env.stderr, "warden: audit: --token-file and --limit go with --server")
		return exitUsage
	}
	var records []audit.Record
	var bad []error
	if *serverURL != "" {
		records, err = remoteAudit(ctx, env, *serverURL, *tokenFile, f, *limit)
		if err != nil {
			return fail(env, "audit: %v", err)
		}
	} else if records, bad, err = localAudit(env, *file, *cwd, f); err != nil {
		return fail(env, "audit: %s", oneLine(err))
	}
	for i, b := range bad {
		if i == 5 {
			fmt.Fprintf(env.stderr, "warden: audit: %d more lines are not records\n", len(bad)-i)
			break
		}
		fmt.Fprintf(env.stderr, "warden: audit: skipped %s\n", oneLine(b))
	}
	switch {
	case *stats && *asJSON:
		err = json.NewEncoder(env.stdout).Encode(audit.Summarize(records))
	case *stats:
		err = printStats(env.stdout, audit.Summarize(records))
	case *asJSON:
		enc := json.NewEncoder(env.stdout)
		enc.SetEscapeHTML(false)
		for _, r := range records {
			if err = enc.Encode(r); err != nil {
				break
			}
		}
	default:
		err = printAuditTable(env.stdout, records, tableWidth(env), time.Now())
	}
	if err != nil {
		return fail(env, "audit: %v", err)
	}
	return exitOK
}

// localAudit reads the audit file: path, or the one the settings of cwd
// name.
func localAudit(env *cliEnv, path, cwd string, f audit.Filter) ([]audit.Record, []error, error) {
	if path == "" {
		ef := engineFlags{Cwd: cwd}
		dir, err := ef.DefaultCwd()
		if err != nil {
			return nil, nil, err
		}
		st, err := settings.Load(settings.LoadOptions{Cwd: dir, Home: env.getenv("HOME"), Getenv: env.getenv})
		if err != nil {
			return nil, nil, fmt.Errorf("%s (name the file with --file)", oneLine(err))
		}
		path = auditPath(env, st)
	}
	return audit.Read(path, f)
}

// remoteAudit reads the audit log of the daemon at rawURL with the
// approver's token: the ?token= of the link, or the token file's.
func remoteAudit(ctx context.Context, env *cliEnv, rawURL, tokenFile string, f audit.Filter, limit int) ([]audit.Record, error) {
	token := ""
	if tokenFile != "" {
		data, err := os.ReadFile(tokenFile)
		if err != nil {
			return nil, fmt.Errorf("--token-file: %w", err)
		}
		token = strings.TrimSpace(string(data))
	}
	c, err := server.NewClient(rawURL, token, &http.Client{Timeout: time.Minute})
	if err != nil {
		return nil, fmt.Errorf("--server: %w", err)
	}
	records, err := c.Audit(ctx, f, limit)
	var apiErr *server.APIError
	if errors.As(err, &apiErr) && (apiErr.Status == http.StatusForbidden || apiErr.Status == http.StatusUnauthorized) {
		return nil, fmt.Errorf("%w (the audit log takes the approver's token: the link warden serve prints first, or --token-file)", err)
	}
	return records, err
}

// printAuditTable prints records as a table that fits width columns:
// when the decision was made (for a person's answer, when they answered),
// its id, the behaviour, the tool, who decided, and the input. Every cell
// is escaped (package display), so a session id or a command cannot draw
// on the terminal. Wider terminals get a session column and longer cells;
// width 0 (output to a pipe or a file) truncates nothing.
func printAuditTable(w io.Writer, records []audit.Record, width int, now time.Time) error {
	if len(records) == 0 {
		_, err := fmt.Fprintln(w, "no decisions")
		return err
	}
	whole := width <= 0
	if whole {
		width = 1 << 20
	}
	width = max(width, 60)
	idW, toolW, byW, sessW := 8, 8, 18, 0
	if width >= 120 {
		idW, toolW, byW, sessW = 12, 10, min(18+(width-80)/2, 60), 10
	}
	if whole {
		idW, toolW, byW, sessW = 8, 4, 10, 7
		for _, r := range records {
			idW = max(idW, utf8.RuneCountInString(display.Line(strings.TrimPrefix(r.ID, "dec-"))))
			toolW = max(toolW, utf8.RuneCountInString(display.Line(r.Tool)))
			byW = max(byW, utf8.RuneCountInString(display.Line(auditDecider(r))))
			sessW = max(sessW, utf8.RuneCountInString(display.Line(r.Session)))
		}
	}
	const whenW, behW = 11, 5
	gaps := 5
	if sessW > 0 {
		gaps++
	}
	inputW := width - whenW - idW - behW - toolW - byW - sessW - gaps
	row := func(cells ...string) string {
		widths := []int{whenW, idW, behW, toolW}
		if sessW > 0 {
			widths = append(widths, sessW)
		}
		widths = append(widths, byW, inputW)
		var b strings.Builder
		for i, c := range cells {
			c = cell(c, widths[i])
			if i == len(cells)-1 {
				b.WriteString(c)
				break
			}
			b.WriteString(c + strings.Repeat(" ", widths[i]-utf8.RuneCountInString(c)+1))
		}
		return strings.TrimRight(b.String(), " ")
	}
	head := []string{"WHEN", "ID", "DEC", "TOOL"}
	if sessW > 0 {
		head = append(head, "SESSION")
	}
	head = append(head, "DECIDED BY", "INPUT")
	if _, err := fmt.Fprintln(w, row(head...)); err != nil {
		return err
	}
	for _, r := range records {
		by := auditDecider(r)
		t := r.Time.Local()
		when := t.Format("01-02 15:04")
		if y, m, d := t.Date(); y == now.Year() && m == now.Month() && d == now.Day() {
			when = t.Format("15:04:05")
		}
		cells := []string{when, strings.TrimPrefix(r.ID, "dec-"), string(r.Behavior), r.Tool}
		if sessW > 0 {
			session := r.Session
			if session == "" {
				session = "-"
			}
			cells = append(cells, session)
		}
		cells = append(cells, by, inputSummary(r))
		if _, err := fmt.Fprintln(w, row(cells...)); err != nil {
			return err
		}
	}
	return nil
}

// auditDecider is the DECIDED BY cell: who decided, with the rule's file
// and line.
func auditDecider(r audit.Record) string {
	by := audit.Decider(r.Reason)
	if where := audit.Where(r.Reason); where != "" && r.Reason.Type == api.ReasonRule {
		by += " (" + where + ")"
	}
	if r.Outcome != "" {
		by += " [" + r.Outcome + "]"
	}
	return by
}

// tableWidth is the width the audit table fits: $COLUMNS, else the
// terminal's; 0 (no limit) when the output is not a terminal, so a pipe
// or a file gets every cell whole.
func tableWidth(env *cliEnv) int {
	if n, err := strconv.Atoi(env.getenv("COLUMNS")); err == nil && n > 0 {
		return n
	}
	if f, ok := env.stdout.(*os.File); ok {
		if w, _, err := term.GetSize(f.Fd()); err == nil && w > 0 {
			return w
		}
	}
	return 0
}

// inputSummary is the part of an input a person recognises a call by.
func inputSummary(r audit.Record) string {
	for _, k := range []string{"command", "file_path", "url", "path", "pattern", "query"} {
		if s, ok := r.Input[k].(string); ok && s != "" {
			return s
		}
	}
	if len(r.Input) == 0 {
		return ""
	}
	b, _ := json.Marshal(r.Input)
	return string(b)
}

// cell makes s fit one table cell: escaped, on one line, at most n runes.
func cell(s string, n int) string {
	return display.Truncate(display.Line(s), n)
}

func printStats(w io.Writer, s audit.Stats) error {
	fmt.Fprintf(w, "%d decisions\n", s.Total)
	section := func(title string, m map[string]int) {
		if len(m) == 0 {
			return
		}
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool {
			if m[keys[i]] != m[keys[j]] {
				return m[keys[i]] > m[keys[j]]
			}
			return keys[i] < keys[j]
		})
		fmt.Fprintf(w, "\nby %s:\n", title)
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
		for _, k := range keys {
			fmt.Fprintf(tw, "  %d\t  %s\t\n", m[k], k)
		}
		tw.Flush()
	}
	section("behavior", s.ByBehavior)
	section("tool", s.ByTool)
	section("who decided", s.ByDecider)
	if s.Ran > 0 {
		fmt.Fprintf(w, "\n%d calls reported as run\n", s.Ran)
	}
	return nil
}
