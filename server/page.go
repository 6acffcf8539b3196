package server

import (
	"embed"
	"html"
	"net/http"
)

// webFiles is the approval page: plain HTML, CSS and JavaScript, embedded so
// the binary needs no build step and no files beside it.
//
//go:embed web
var webFiles embed.FS

// pageCSP keeps the page to its own files: no inline script, no third
// parties, no framing.
const pageCSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// handlePage serves the approval page. GET /?token=TOKEN trades the token for
// an HttpOnly, SameSite=Strict cookie and redirects to / so the token leaves
// the address bar and the history.
func (s *Server) handlePage(w http.ResponseWriter, r *http.Request) {
	if tok := r.URL.Query().Get("token"); tok != "" {
		if s.approverKey != nil {
			switch ro, _ := s.roleOf(tok); ro {
			case roleApprover, roleNamed:
			case roleAgent:
				s.loginPage(w, http.StatusForbidden, "That is the agents' token, which cannot answer asks: open the link warden serve printed on its first line.")
				return
			default:
				s.loginPage(w, http.StatusUnauthorized, "That link's token is wrong or out of date: open the link printed by the latest warden serve.")
				return
			}
		}
		if s.opts.Token != "" {
			http.SetCookie(w, &http.Cookie{
				Name:     CookieName,
				Value:    tok,
				Path:     "/",
				HttpOnly: true,
				SameSite: http.SameSiteStrictMode,
				Secure:   r.TLS != nil,
			})
		}
		http.Redirect(w, r, "/", http.StatusSeeOther)
		return
	}
	ro, _, _ := s.authenticate(r)
	if ro == roleAgent {
		s.loginPage(w, http.StatusForbidden, "This browser holds the agents' token, which cannot answer asks: open the link warden serve printed on its first line.")
		return
	}
	if ro != roleApprover && ro != roleNamed {
		s.loginPage(w, http.StatusUnauthorized, "Open the link printed by warden serve (it carries the token) to log this browser in.")
		return
	}
	page, err := webFiles.ReadFile("web/index.html")
	if err != nil {
		writeError(w, http.StatusInternalServerError, "internal", "the page is missing from the binary")
		return
	}
	w.Header().Set("Content-Security-Policy", pageCSP)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = w.Write(page)
}

func (s *Server) loginPage(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Security-Policy", pageCSP)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write([]byte(`<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Warden</title><link rel="stylesheet" href="/assets/style.css"><main class="login"><h1>Warden</h1><p>` + html.EscapeString(msg) + `</p></main>`))
}
