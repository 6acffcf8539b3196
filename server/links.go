package server

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/handler"
)

// Errors of an answer link.
var (
	// ErrLinkInvalid is returned for a link whose signature does not hold
	// for the ask it names: forged, altered, or made for another ask.
	ErrLinkInvalid = errors.New("this link is not valid for this ask")
	// ErrLinkExpired is returned for a link past its ask's deadline.
	ErrLinkExpired = errors.New("this link has expired: the ask's deadline passed")
)

// LinkKeySize is the length of the key answer links are signed with.
const LinkKeySize = 32

// LinkSigner signs and checks the links a notification carries: each one
// answers exactly one ask, once, until the ask's deadline. A link is the
// ask's id with three query parameters — exp (the deadline, Unix seconds),
// as (the approver it answers as, or none) and sig, an HMAC-SHA256 under
// the daemon's key over the ask id, the digest of the ask's input, exp and
// as. The daemons of a team share the key, so a link made on one is
// answered on any.
type LinkSigner struct {
	key []byte
}

// NewLinkSigner returns a signer with key, which must be LinkKeySize bytes.
func NewLinkSigner(key []byte) (*LinkSigner, error) {
	if len(key) != LinkKeySize {
		return nil, fmt.Errorf("link key: %d bytes, want %d", len(key), LinkKeySize)
	}
	return &LinkSigner{key: append([]byte(nil), key...)}, nil
}

// LoadLinkKey returns the key kept in file (hex), creating the file (0600)
// with a fresh key when missing. A file others may read is refused.
func LoadLinkKey(file string) ([]byte, error) {
	data, err := os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		var k [LinkKeySize]byte
		_, _ = rand.Read(k[:]) // crypto/rand.Read never fails
		if err := os.MkdirAll(filepath.Dir(file), 0o700); err != nil {
			return nil, fmt.Errorf("link key: %w", err)
		}
		f, err := os.OpenFile(file, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if err != nil {
			return nil, fmt.Errorf("link key: %w", err)
		}
		_, werr := f.WriteString(hex.EncodeToString(k[:]) + "\n")
		if err := errors.Join(werr, f.Sync(), f.Close()); err != nil {
			return nil, fmt.Errorf("link key: %w", err)
		}
		return k[:], nil
	}
	if err != nil {
		return nil, fmt.Errorf("link key: %w", err)
	}
	if fi, err := os.Stat(file); err == nil && fi.Mode().Perm()&0o077 != 0 {
		return nil, fmt.Errorf("link key %s: mode %04o lets others read it: chmod 600 %s", file, fi.Mode().Perm(), file)
	}
	k, err := hex.DecodeString(strings.TrimSpace(string(data)))
	if err != nil || len(k) != LinkKeySize {
		return nil, fmt.Errorf("link key %s: want %d bytes in hex", file, LinkKeySize)
	}
	return k, nil
}

// InputDigest is the digest a link binds: the ask's tool and input.
func InputDigest(req api.Request) string {
	data, _ := json.Marshal(struct {
		Tool  string         `json:"tool"`
		Input map[string]any `json:"input"`
	}{req.ToolName, req.ToolInput})
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

func (l *LinkSigner) mac(id, digest string, exp int64, as string) []byte {
	m := hmac.New(sha256.New, l.key)
	fmt.Fprintf(m, "warden-link-v1\x00%s\x00%s\x00%d\x00%s", id, digest, exp, as)
	return m.Sum(nil)
}

// Query returns the query of a link answering the ask p as the approver
// as (empty: the daemon's own token), valid until p's deadline.
func (l *LinkSigner) Query(p PendingAsk, as string) url.Values {
	exp := p.Deadline.Unix()
	q := url.Values{}
	q.Set("exp", strconv.FormatInt(exp, 10))
	if as != "" {
		q.Set("as", as)
	}
	q.Set("sig", base64.RawURLEncoding.EncodeToString(l.mac(p.ID, p.InputDigest, exp, as)))
	return q
}

// Check verifies a link's query for the ask p at now, and returns whom it
// answers as. The signature is compared in constant time.
func (l *LinkSigner) Check(p PendingAsk, q url.Values, now time.Time) (Answerer, error) {
	exp, err := strconv.ParseInt(q.Get("exp"), 10, 64)
	if err != nil {
		return Answerer{}, ErrLinkInvalid
	}
	sig, err := base64.RawURLEncoding.DecodeString(q.Get("sig"))
	if err != nil {
		return Answerer{}, ErrLinkInvalid
	}
	as := q.Get("as")
	if !hmac.Equal(sig, l.mac(p.ID, p.InputDigest, exp, as)) || exp != p.Deadline.Unix() {
		return Answerer{}, ErrLinkInvalid
	}
	if !now.Before(time.Unix(exp, 0)) {
		return Answerer{}, ErrLinkExpired
	}
	return Answerer{Approver: as}, nil
}

// linkPerson is the name an answer through a link of the daemon's own is
// recorded under.
const linkPerson = "link"

// linkCSP is pageCSP with the link page's own forms allowed.
const linkCSP = "default-src 'none'; style-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

// linkAsk finds the ask a link names and checks the link. On failure it has
// written the answer (HTML for a browser, JSON otherwise).
func (s *Server) linkAsk(w http.ResponseWriter, r *http.Request, browser bool) (PendingAsk, Answerer, bool) {
	fail := func(status int, code, msg string) (PendingAsk, Answerer, bool) {
		if browser {
			s.linkPage(w, status, msg, nil)
		} else {
			writeError(w, status, code, msg)
		}
		return PendingAsk{}, Answerer{}, false
	}
	if s.links == nil {
		return fail(http.StatusNotFound, "not_found", "this daemon sends no answer links")
	}
	id := r.PathValue("id")
	p, err := s.queue.lookup(id)
	switch {
	case errors.Is(err, ErrAlreadyAnswered):
		return fail(http.StatusGone, "not_pending", fmt.Sprintf("ask %q is not pending: already answered (%s)", id, answeredHow(err)))
	case errors.Is(err, ErrNotPending):
		return fail(http.StatusNotFound, "not_pending", fmt.Sprintf("ask %q is not pending (answered, timed out or withdrawn)", id))
	case err != nil:
		return fail(http.StatusServiceUnavailable, "store_unavailable", err.Error())
	}
	who, err := s.links.Check(p, r.URL.Query(), s.clock.Now())
	switch {
	case errors.Is(err, ErrLinkExpired):
		return fail(http.StatusGone, "link_expired", err.Error())
	case err != nil:
		return fail(http.StatusForbidden, "link_invalid", err.Error())
	}
	return p, who, true
}

// handleLinkPage shows the ask a link names, with a button for each answer
// it can be given. Looking answers nothing (a chat's link preview fetches
// it too).
func (s *Server) handleLinkPage(w http.ResponseWriter, r *http.Request) {
	p, who, ok := s.linkAsk(w, r, true)
	if !ok {
		return
	}
	if err := routeAllows(&p, who); err != nil {
		s.linkPage(w, http.StatusForbidden, err.Error(), nil)
		return
	}
	s.linkPage(w, http.StatusOK, "", &p, r.URL.RawQuery)
}

// handleLinkAnswer answers the ask a link names: a JSON body
// {"behavior","scope","message"} (an ntfy action, a webhook's consumer) or
// the link page's form.
func (s *Server) handleLinkAnswer(w http.ResponseWriter, r *http.Request) {
	browser := strings.HasPrefix(r.Header.Get("Content-Type"), "application/x-www-form-urlencoded")
	var body AnswerRequest
	if browser {
		if err := r.ParseForm(); err != nil {
			s.linkPage(w, http.StatusBadRequest, "The answer could not be read.", nil)
			return
		}
		body = AnswerRequest{Behavior: api.Behavior(r.PostForm.Get("behavior")), Scope: api.Scope(r.PostForm.Get("scope"))}
	} else if err := decodeJSON(r.Body, &body); err != nil {
		writeBodyError(w, err)
		return
	}
	p, who, ok := s.linkAsk(w, r, browser)
	if !ok {
		return
	}
	scope, err := api.ParseScope(string(body.Scope))
	if (body.Behavior != api.Allow && body.Behavior != api.Deny) || err != nil {
		msg := fmt.Sprintf("behavior must be allow or deny, not %q", body.Behavior)
		if err != nil {
			msg = err.Error()
		}
		if browser {
			s.linkPage(w, http.StatusBadRequest, msg, nil)
		} else {
			writeError(w, http.StatusBadRequest, "invalid_answer", msg)
		}
		return
	}
	person := who.Approver
	if person == "" {
		person = linkPerson
	}
	a := handler.Answer{Behavior: body.Behavior, Scope: scope, Message: body.Message, Person: person}
	if err := s.queue.AnswerAs(p.ID, a, who); err != nil {
		status, code := http.StatusBadRequest, "invalid_answer"
		switch {
		case errors.Is(err, ErrAlreadyAnswered):
			status, code = http.StatusGone, "not_pending"
		case errors.Is(err, ErrNotPending):
			status, code = http.StatusNotFound, "not_pending"
		case errors.Is(err, ErrNotRouted), errors.Is(err, ErrAlwaysRefused):
			status, code = http.StatusForbidden, "not_your_ask"
		case errors.Is(err, ErrStoreUnavailable):
			status, code = http.StatusServiceUnavailable, "store_unavailable"
		}
		if browser {
			s.linkPage(w, status, err.Error(), nil)
		} else {
			writeError(w, status, code, err.Error())
		}
		return
	}
	if scope == "" {
		scope = api.ScopeOnce
	}
	res := ResolvedAsk{ID: p.ID, Behavior: a.Behavior, Scope: scope, Message: a.Message, By: person, Time: s.clock.Now()}
	if browser {
		what := "Denied."
		if a.Behavior == api.Allow {
			what = "Allowed " + string(scope) + "."
		}
		s.linkPage(w, http.StatusOK, what+" Recorded as answered by "+person+".", nil)
		return
	}
	writeJSON(w, http.StatusOK, res)
}

// linkPage draws the link page: a message, or the ask with its answers.
// Every string of the ask comes from its display, escaped once more here
// for HTML.
func (s *Server) linkPage(w http.ResponseWriter, status int, msg string, p *PendingAsk, query ...string) {
	var b strings.Builder
	b.WriteString(`<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Warden</title><link rel="stylesheet" href="/assets/style.css"><main class="login"><h1>Warden</h1>`)
	if msg != "" {
		b.WriteString(`<p>` + html.EscapeString(msg) + `</p>`)
	}
	if p != nil && p.Display != nil {
		d := p.Display
		esc := html.EscapeString
		fmt.Fprintf(&b, `<p><strong>%s</strong> · %s risk · %s</p>`, esc(d.Tool), esc(string(p.Risk)), esc(d.Agent))
		if d.Project != "" {
			fmt.Fprintf(&b, `<p>Project <code>%s</code></p>`, esc(d.Project))
		}
		fmt.Fprintf(&b, `<pre class="summary">%s</pre>`, esc(d.Summary))
		if d.Diff != "" {
			fmt.Fprintf(&b, `<pre class="diff">%s</pre>`, esc(d.Diff))
		}
		if d.Reason != "" {
			fmt.Fprintf(&b, `<p>Asked because: %s</p>`, esc(d.Reason))
		}
		fmt.Fprintf(&b, `<p>Denied automatically at %s.</p>`, esc(p.Deadline.UTC().Format("15:04:05 UTC")))
		action := "/v1/link/" + url.PathEscape(p.ID) + "?" + strings.Join(query, "")
		button := func(behavior, scope, label string) {
			fmt.Fprintf(&b, `<form method="post" action="%s"><input type="hidden" name="behavior" value="%s"><input type="hidden" name="scope" value="%s"><button type="submit">%s</button></form>`,
				esc(action), behavior, scope, esc(label))
		}
		button("deny", "once", "Deny")
		for _, sc := range p.Scopes {
			button("allow", string(sc), scopeLabel(sc))
		}
	}
	b.WriteString(`</main>`)
	w.Header().Set("Content-Security-Policy", linkCSP)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write([]byte(b.String()))
}

// scopeLabel is a scope's button label.
func scopeLabel(sc api.Scope) string {
	switch sc {
	case api.ScopeSession:
		return "Allow for the session"
	case api.ScopeAlways:
		return "Always allow"
	}
	return "Allow once"
}
