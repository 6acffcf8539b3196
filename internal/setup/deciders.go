package setup

import (
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"time"

	"github.com/wardenhq/warden/classify"
	"github.com/wardenhq/warden/grant"
	"github.com/wardenhq/warden/handler"
	"github.com/wardenhq/warden/hook"
	"github.com/wardenhq/warden/settings"
)

// Deciders are the automated deciders of one project's settings — its
// PermissionRequest hooks, its classifier and its explainer — from which
// every subcommand builds the handler that fits where it runs: headless for
// check and hook, interactive for run, the coordinator for serve.
type Deciders struct {
	Hooks handler.Decider // nil when no PermissionRequest hooks are configured
	// Classifier is the configured model classifier, nil when none: where a
	// person is asked, only a model races them.
	Classifier handler.Decider
	// Unattended is the classifier where no person is asked (auto mode, no
	// terminal): the configured model, else the built-in pattern classifier.
	Unattended handler.Decider
	Explain    handler.ExplainFunc
	Timeout    time.Duration // approvals.timeoutSeconds
}

// ModelConfig converts a settings model section (nil, or provider
// "pattern", means the built-in pattern classifier or findings explainer).
func ModelConfig(m *settings.ModelConfig) *classify.Config {
	if m == nil || m.Provider == "pattern" {
		return nil
	}
	c := classify.Config(*m)
	return &c
}

// NewDeciders builds the deciders of st, reading the environment through
// getenv. hookLog, when set, receives the
// hook runner's events.
//
// The built-in pattern classifier approves calls whose analysis found
// nothing above LOW risk. That is what makes auto mode useful without a
// model; where a person can be asked it would approve calls no rule
// allows before they could answer, so it decides only unattended calls.
func NewDeciders(getenv func(string) string, st *settings.Settings, hookLog func(string, ...any)) (*Deciders, error) {
	client := &http.Client{}
	cl, err := classify.New(ModelConfig(st.Classifier), getenv, client)
	if err != nil {
		return nil, fmt.Errorf("classifier: %w", err)
	}
	x, err := classify.NewExplainer(ModelConfig(st.Explainer), getenv, client)
	if err != nil {
		return nil, fmt.Errorf("explainer: %w", err)
	}
	d := &Deciders{
		Unattended: handler.FromClassifier(cl),
		Explain:    handler.ExplainWith(x),
		Timeout:    time.Duration(st.Approvals.TimeoutSeconds) * time.Second,
	}
	if ModelConfig(st.Classifier) != nil {
		d.Classifier = d.Unattended
	}
	if len(st.Hooks.PermissionRequest) > 0 {
		d.Hooks = &hook.PermissionDecider{
			Runner:   hook.NewRunner(hook.RunnerOptions{Logf: hookLog}),
			Matchers: st.Hooks.PermissionRequest,
		}
	}
	return d, nil
}

// Headless is the handler of auto mode: the hooks, then the classifier;
// undecided is deny, and repeated denials hand control back to a person.
// Denials are counted per session in the state directory, so they add up
// across the per-call processes (warden hook, warden check) of a session.
func (d *Deciders) Headless(getenv func(string) string, stderr io.Writer, st *settings.Settings) handler.Handler {
	return handler.NewHeadless(handler.HeadlessConfig{
		Hooks:      d.Hooks,
		Classifier: d.Unattended,
		Timeout:    d.Timeout,
		Denials: &handler.FileDenialCounter{
			Dir: filepath.Join(filepath.Dir(grant.DefaultDir(getenv)), "denials"),
			Limits: handler.DenialLimits{
				MaxConsecutive: st.AutoMode.MaxConsecutiveDenials,
				MaxTotal:       st.AutoMode.MaxTotalDenials,
			},
			Idle:    time.Duration(st.Grants.SessionIdleMinutes) * time.Minute,
			OnError: func(err error) { fmt.Fprintf(stderr, "warden: warning: counting denials: %v\n", err) },
		},
	})
}
