package settings

import (
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/rule"
)

var (
	approvalKeys = keySet("timeoutSeconds", "route", "notify")
	routeKeys    = keySet("risk", "project", "approvers")
	notifyKeys   = keySet("type", "url", "topic", "approver", "tokenEnv")
)

// Route says who may answer the asks it matches (the approvals.route
// key). A route matches an ask when every condition it sets holds; one
// that sets none matches every ask.
//
// The routes of every source are tried in the settings' precedence (org,
// --settings, local, project, user), then in file order, and the first
// that matches decides: its approvers, and only they, may answer the ask.
// First match, not the union of every match: with a union a route could
// only ever add answerers, so no file could keep an ask to the people it
// names, and a weaker file could widen what a stronger one routed; with
// the first match the organisation's routes hold against every other
// file, a project's beat the user's general ones as its rules do, and the
// order a person reads is the order that applies. An ask no route matches
// may be answered by every approver and by the daemon's own token.
type Route struct {
	// Risk, when set, matches asks of at least this risk ("MEDIUM" matches
	// MEDIUM and HIGH).
	Risk api.Risk
	// Project, when set, matches asks whose project directory (else
	// working directory) is covered by this path pattern (`~/src/pay/**`).
	Project *rule.PathGlob
	// Approvers are the names of the approvers (warden approvers add) who
	// may answer the asks the route matches; never empty.
	Approvers []string
	// Source, File and Line say where the route was written.
	Source string
	File   string
	Line   int
	rank   int
}

// Where names the route for a person: "approvals.route (user FILE:LINE)".
func (r *Route) Where() string {
	return fmt.Sprintf("approvals.route (%s %s:%d)", r.Source, r.File, r.Line)
}

// Matches reports whether the route covers an ask of risk risk in the
// directory dir (absolute), with home for `~`.
func (r *Route) Matches(risk api.Risk, dir, home string) bool {
	if r.Risk != api.RiskNone && risk.Rank() < r.Risk.Rank() {
		return false
	}
	if r.Project != nil && !r.Project.Match(dir, home) {
		return false
	}
	return true
}

// RouteFor returns the first route that matches an ask (Route has the
// semantics), or nil when none does.
func (s *Settings) RouteFor(risk api.Risk, dir string) *Route {
	for _, r := range s.Approvals.Route {
		if r.Matches(risk, dir, s.Home) {
			return r
		}
	}
	return nil
}

// Notifier is one receiver of the approvals.notify key: each new pending
// ask is sent there, with a link that answers exactly that ask.
type Notifier struct {
	// Type is "webhook" (the ask as JSON), "ntfy" (a push notification
	// with Deny and Allow-once buttons) or "slack" (an incoming webhook).
	Type string
	// URL is where to post: the webhook, the ntfy server, Slack's incoming
	// webhook URL.
	URL string
	// Topic is the ntfy topic.
	Topic string
	// Approver, when set, is the approver a link of this notifier answers
	// as: it is sent only the asks that approver may answer. Without it,
	// the links answer as the daemon's own token, and only asks no route
	// claims are sent.
	Approver string
	// TokenEnv names an environment variable of the daemon holding a
	// bearer token for the receiver (an ntfy access token), if it needs one.
	TokenEnv string
	// Source, File and Line say where the notifier was written.
	Source string
	File   string
	Line   int
}

// Where names the notifier for a log line.
func (n *Notifier) Where() string {
	return fmt.Sprintf("approvals.notify %s (%s:%d)", n.Type, n.File, n.Line)
}

func (d *fileDecoder) approvals(n *node) error {
	ms, err := d.members(n, "approvals", approvalKeys)
	if err != nil {
		return err
	}
	if v := ms["timeoutSeconds"]; v != nil {
		secs, err := v.num.Int64()
		if v.kind != kindNumber || err != nil || secs != int64(int(secs)) {
			got := fmt.Sprint(v.kind)
			if v.kind == kindNumber {
				got = string(v.num)
			}
			return d.errAt(v, "approvals.timeoutSeconds must be a whole number of seconds, not %s", got)
		}
		if secs < 0 {
			return d.errAt(v, "approvals.timeoutSeconds must not be negative")
		}
		if secs != 0 && d.takeScalar("approvals") {
			d.m.s.Approvals.TimeoutSeconds = int(secs)
		}
	}
	if v := ms["route"]; v != nil {
		if err := d.routes(v); err != nil {
			return err
		}
	}
	if v := ms["notify"]; v != nil {
		if err := d.notifiers(v); err != nil {
			return err
		}
	}
	return nil
}

// strictMembers is members, with an unknown key an error: a condition
// misspelt in a route would make it match more asks than written.
func (d *fileDecoder) strictMembers(n *node, what string, known knownKeys) (map[string]*node, error) {
	if n.kind != kindObject {
		return nil, d.errAt(n, "%s must be an object, not %s", what, n.kind)
	}
	for _, mb := range n.members {
		if !known.has(mb.key) {
			keys := slices.Sorted(slices.Values(known))
			line, col := d.pos(mb.keyOff)
			return nil, &PosError{File: d.f.Path, Line: line, Column: col, Msg: fmt.Sprintf("unknown key %q in %s (the keys are %s)", mb.key, what, strings.Join(keys, ", "))}
		}
	}
	return d.members(n, what, known)
}

func (d *fileDecoder) routes(n *node) error {
	if n.kind != kindArray {
		return d.errAt(n, "approvals.route must be an array of routes, not %s", n.kind)
	}
	for i, e := range n.elems {
		what := fmt.Sprintf("approvals.route[%d]", i)
		ms, err := d.strictMembers(e, what, routeKeys)
		if err != nil {
			return err
		}
		line, _ := d.pos(e.off)
		r := &Route{Source: d.f.Source, File: d.f.Path, Line: line, rank: d.rank}
		if v := ms["risk"]; v != nil {
			s, err := d.str(v, what+".risk")
			if err != nil {
				return err
			}
			r.Risk = api.Risk(strings.ToUpper(s))
			if r.Risk.Rank() == 0 {
				return d.errAt(v, "%s.risk must be \"LOW\", \"MEDIUM\" or \"HIGH\", not %q", what, s)
			}
		}
		if v := ms["project"]; v != nil {
			s, err := d.str(v, what+".project")
			if err != nil {
				return err
			}
			g, err := rule.ParsePathGlob(s)
			if err != nil {
				return d.errAt(v, "%s.project: %v", what, err)
			}
			r.Project = g
		}
		v := ms["approvers"]
		if v == nil {
			return d.errAt(e, "%s has no approvers: name who may answer the asks it matches", what)
		}
		if v.kind != kindArray || len(v.elems) == 0 {
			return d.errAt(v, "%s.approvers must be a non-empty array of approver names", what)
		}
		for _, a := range v.elems {
			s, err := d.str(a, what+".approvers[]")
			if err != nil {
				return err
			}
			if s == "" {
				return d.errAt(a, "%s.approvers: empty name", what)
			}
			if !slices.Contains(r.Approvers, s) {
				r.Approvers = append(r.Approvers, s)
			}
		}
		d.m.s.Approvals.Route = append(d.m.s.Approvals.Route, r)
	}
	return nil
}

func (d *fileDecoder) notifiers(n *node) error {
	if n.kind != kindArray {
		return d.errAt(n, "approvals.notify must be an array of receivers, not %s", n.kind)
	}
	if d.f.Source == SourceProject || d.f.Source == SourceLocal {
		// A receiver gets links that answer asks: one written in the
		// project, where the agent works, could hand them to the agent.
		d.warnAt(n.off, "approvals.notify is read from the user's, the organisation's and --settings files only, not from a project's (ignored)")
		return nil
	}
	for i, e := range n.elems {
		what := fmt.Sprintf("approvals.notify[%d]", i)
		ms, err := d.strictMembers(e, what, notifyKeys)
		if err != nil {
			return err
		}
		line, _ := d.pos(e.off)
		nt := &Notifier{Source: d.f.Source, File: d.f.Path, Line: line}
		for key, dst := range map[string]*string{"type": &nt.Type, "url": &nt.URL, "topic": &nt.Topic, "approver": &nt.Approver, "tokenEnv": &nt.TokenEnv} {
			if v := ms[key]; v != nil {
				s, err := d.str(v, what+"."+key)
				if err != nil {
					return err
				}
				*dst = s
			}
		}
		switch nt.Type {
		case "webhook", "slack":
			if nt.Topic != "" {
				return d.errAt(ms["topic"], "%s.topic is for ntfy only", what)
			}
		case "ntfy":
			if nt.Topic == "" {
				return d.errAt(e, "%s: an ntfy receiver needs a topic", what)
			}
		default:
			at := e
			if ms["type"] != nil {
				at = ms["type"]
			}
			return d.errAt(at, "%s.type must be \"webhook\", \"ntfy\" or \"slack\", not %q", what, nt.Type)
		}
		u, err := url.Parse(nt.URL)
		if nt.URL == "" || err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			at := e
			if ms["url"] != nil {
				at = ms["url"]
			}
			return d.errAt(at, "%s.url must be an http or https URL, not %q", what, nt.URL)
		}
		d.m.s.Approvals.Notify = append(d.m.s.Approvals.Notify, nt)
	}
	return nil
}

// sortRoutes orders the routes strongest source first, keeping each
// file's order.
func sortRoutes(rs []*Route) {
	slices.SortStableFunc(rs, func(a, b *Route) int { return a.rank - b.rank })
}
