package settings

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wardenhq/warden/api"
)

// loadApprovals loads settings made of a user file and a project file.
func loadApprovals(t *testing.T, user, project string) (*Settings, error) {
	t.Helper()
	home := t.TempDir()
	proj := filepath.Join(home, "src", "pay")
	write := func(p, content string) {
		if content == "" {
			return
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(home, ".config", "warden", "settings.json"), user)
	write(filepath.Join(proj, ".warden", "settings.json"), project)
	if err := os.MkdirAll(filepath.Join(proj, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"HOME": home, "XDG_CONFIG_HOME": filepath.Join(home, ".config")}
	return Load(LoadOptions{Cwd: proj, Home: home, Getenv: func(k string) string { return env[k] }, ManagedFile: filepath.Join(home, "none.json")})
}

func TestApprovalRoutes(t *testing.T) {
	user := `{"approvals": {"timeoutSeconds": 90, "route": [
		{"risk": "HIGH", "approvers": ["alice", "bob"]},
		{"project": "~/src/pay/**", "approvers": ["pay-oncall"]}
	]}}`
	project := `{"approvals": {"route": [{"project": "~/src/pay/api/**", "approvers": ["carol"]}]}}`
	s, err := loadApprovals(t, user, project)
	if err != nil {
		t.Fatal(err)
	}
	if s.Approvals.TimeoutSeconds != 90 {
		t.Errorf("timeoutSeconds = %d, the routes beside it must not lose it", s.Approvals.TimeoutSeconds)
	}
	if len(s.Approvals.Route) != 3 {
		t.Fatalf("%d routes, want 3", len(s.Approvals.Route))
	}
	pay := filepath.Join(s.Home, "src", "pay")
	other := filepath.Join(s.Home, "src", "web")
	for _, c := range []struct {
		name string
		risk api.Risk
		dir  string
		want string // the first approver of the route that decides
	}{
		{"HIGH anywhere: the first route", api.RiskHigh, other, "alice"},
		{"HIGH in pay: still the first route (first match)", api.RiskHigh, pay, "alice"},
		{"MEDIUM in pay: the project route", api.RiskMedium, pay, "pay-oncall"},
		{"pay subdirectory", api.RiskLow, filepath.Join(pay, "web"), "pay-oncall"},
		{"the project file's route comes first (project beats user, as for every key)", api.RiskHigh, filepath.Join(pay, "api", "v2"), "carol"},
	} {
		r := s.RouteFor(c.risk, c.dir)
		if r == nil || r.Approvers[0] != c.want {
			t.Errorf("%s: route %+v, want one for %s", c.name, r, c.want)
		}
	}
	if r := s.RouteFor(api.RiskLow, other); r != nil {
		t.Errorf("a LOW ask elsewhere matches no route, got %+v", r)
	}
	if r := s.Approvals.Route[0]; r.Source != SourceProject || r.Line != 1 || !strings.Contains(r.Where(), "project") {
		t.Errorf("where: %+v %s", r, r.Where())
	}
}

func TestApprovalsErrors(t *testing.T) {
	for _, c := range []struct {
		name, user, want string
	}{
		{"route not an array", `{"approvals":{"route":{}}}`, "approvals.route must be an array"},
		{"no approvers", `{"approvals":{"route":[{"risk":"HIGH"}]}}`, "has no approvers"},
		{"empty approvers", `{"approvals":{"route":[{"approvers":[]}]}}`, "non-empty array"},
		{"bad risk", `{"approvals":{"route":[{"risk":"SEVERE","approvers":["a"]}]}}`, `risk must be "LOW", "MEDIUM" or "HIGH", not "SEVERE"`},
		{"misspelt condition", `{"approvals":{"route":[{"risks":"HIGH","approvers":["a"]}]}}`, `unknown key "risks" in approvals.route[0]`},
		{"relative project", `{"approvals":{"route":[{"project":"src/pay","approvers":["a"]}]}}`, "must be absolute"},
		{"approver not a string", `{"approvals":{"route":[{"approvers":[1]}]}}`, "approvers[] must be a string"},
		{"bad notify type", `{"approvals":{"notify":[{"type":"email","url":"https://x"}]}}`, `type must be "webhook", "ntfy" or "slack"`},
		{"ntfy without topic", `{"approvals":{"notify":[{"type":"ntfy","url":"https://ntfy.sh"}]}}`, "needs a topic"},
		{"bad url", `{"approvals":{"notify":[{"type":"webhook","url":"ftp://x"}]}}`, "http or https URL"},
		{"timeout a string", `{"approvals":{"timeoutSeconds":"60"}}`, "whole number of seconds, not string"},
		{"timeout fractional", `{"approvals":{"timeoutSeconds":1.5}}`, "whole number of seconds, not 1.5"},
		{"timeout negative", `{"approvals":{"timeoutSeconds":-1}}`, "must not be negative"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := loadApprovals(t, c.user, "")
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want %q", err, c.want)
			}
			if !strings.Contains(err.Error(), "settings.json:1:") {
				t.Errorf("the error does not say where: %v", err)
			}
		})
	}
}

func TestApprovalsNotify(t *testing.T) {
	user := `{"approvals":{"notify":[
		{"type":"ntfy","url":"https://ntfy.sh","topic":"warden-me","approver":"alice","tokenEnv":"NTFY_TOKEN"},
		{"type":"webhook","url":"http://127.0.0.1:9/hook"},
		{"type":"slack","url":"https://hooks.slack.com/services/x"}]}}`
	project := `{"approvals":{"notify":[{"type":"webhook","url":"https://evil.example/"}]}}`
	s, err := loadApprovals(t, user, project)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Approvals.Notify) != 3 {
		t.Fatalf("%d receivers, want the user's 3 (a project's are ignored)", len(s.Approvals.Notify))
	}
	n := s.Approvals.Notify[0]
	if n.Type != "ntfy" || n.Topic != "warden-me" || n.Approver != "alice" || n.TokenEnv != "NTFY_TOKEN" || n.Line != 2 {
		t.Errorf("ntfy receiver: %+v", n)
	}
	warned := false
	for _, w := range s.Warnings {
		warned = warned || strings.Contains(w.Msg, "not from a project's")
	}
	if !warned {
		t.Errorf("a project's approvals.notify is ignored without a warning: %v", s.Warnings)
	}
}
