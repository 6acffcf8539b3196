package serve

import (
	"context"
	"log/slog"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/notify"
	"github.com/wardenhq/warden/server"
	"github.com/wardenhq/warden/settings"
)

// notifier sends each ask this daemon queues to the receivers of its
// project's approvals.notify, each with a link signed for the approver the
// receiver answers as.
type notifier struct {
	daemon *daemonEngines
	links  *server.LinkSigner
	// base is the address links point to (--public-url, else the
	// daemon's own); empty when it has none a phone could open.
	base   string
	sender *notify.Sender
	getenv func(string) string
	log    *slog.Logger
	// ctx ends at shutdown: notifications still being retried stop.
	ctx context.Context
	wg  sync.WaitGroup
}

// queued is the queue's OnQueued.
func (n *notifier) queued(p server.PendingAsk) {
	de, _, err := n.daemon.projectFor(p.Request)
	if err != nil {
		n.log.Error("notifications: the ask's settings", "ask", p.ID, "err", err)
		return
	}
	for _, r := range de.st.Approvals.Notify {
		if !receives(r, p) {
			continue
		}
		ask := n.message(p, r.Approver)
		rcv := notify.Receiver{Type: r.Type, URL: r.URL, Topic: r.Topic, Name: r.Where()}
		if r.TokenEnv != "" {
			rcv.Token = n.getenv(r.TokenEnv)
		}
		n.wg.Go(func() {
			ctx, cancel := context.WithDeadline(n.ctx, p.Deadline)
			defer cancel()
			_ = n.sender.Send(ctx, rcv, ask)
		})
	}
}

// receives reports whether the receiver r is sent the ask p: a receiver
// answering as an approver gets the asks that approver may answer; one
// answering as the daemon's own token gets the asks no route claims.
func receives(r *settings.Notifier, p server.PendingAsk) bool {
	if !p.Routed {
		return true
	}
	return r.Approver != "" && slices.Contains(p.Approvers, r.Approver)
}

// message is the notification of p, with links answering as as.
func (n *notifier) message(p server.PendingAsk, as string) notify.Ask {
	a := notify.Ask{ID: p.ID, Tool: p.Tool, Summary: p.Summary, Risk: string(p.Risk), Deadline: p.Deadline, Approvers: p.Approvers}
	if d := p.Display; d != nil {
		a.Tool, a.Summary, a.Project, a.Agent, a.Reason = d.Tool, d.Summary, d.Project, d.Agent, d.Reason
		if d.Path != "" && p.Tool != "Bash" {
			a.Summary = d.Path
			if d.Added != 0 || d.Removed != 0 {
				a.Summary += " (+" + strconv.Itoa(d.Added) + " −" + strconv.Itoa(d.Removed) + ")"
			}
		}
	}
	if n.base == "" || n.links == nil {
		return a
	}
	link := n.base + "/v1/link/" + url.PathEscape(p.ID) + "?" + n.links.Query(p, as).Encode()
	a.Link = link
	add := func(label string, b api.Behavior, sc api.Scope) {
		a.Actions = append(a.Actions, notify.Action{Label: label, Method: "POST", URL: link,
			Body: `{"behavior":"` + string(b) + `","scope":"` + string(sc) + `"}`})
	}
	add("Deny", api.Deny, api.ScopeOnce)
	for _, sc := range p.Scopes {
		switch sc {
		case api.ScopeOnce:
			add("Allow once", api.Allow, sc)
		case api.ScopeSession:
			add("Allow for the session", api.Allow, sc)
		case api.ScopeAlways:
			add("Always allow", api.Allow, sc)
		}
	}
	return a
}

// linkBase is the address links point to: --public-url, else the daemon's
// own when it is http(s) (a Unix socket has none a phone can open).
func linkBase(publicURL, addrURL string) string {
	if publicURL != "" {
		return strings.TrimSuffix(publicURL, "/")
	}
	if strings.HasPrefix(addrURL, "http://") || strings.HasPrefix(addrURL, "https://") {
		return strings.TrimSuffix(addrURL, "/")
	}
	return ""
}
