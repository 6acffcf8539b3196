package classify

import (
	"context"
	"fmt"

	"github.com/wardenhq/warden/api"
)

// Decision is a classifier's verdict on one call.
type Decision string

// The three verdicts. Only Allow approves a call; Undecided leaves it to the
// next decider (a person, a leader) or, in auto mode, denies it.
const (
	Allow     Decision = "allow"
	Deny      Decision = "deny"
	Undecided Decision = "undecided"
)

// Confidence is how sure a classifier is of its verdict.
type Confidence string

// The confidence levels, lowest first.
const (
	Low    Confidence = "low"
	Medium Confidence = "medium"
	High   Confidence = "high"
)

// Rank orders confidence levels: low 1, medium 2, high 3; anything else 0,
// so an unknown level never meets a threshold.
func (c Confidence) Rank() int {
	switch c {
	case Low:
		return 1
	case Medium:
		return 2
	case High:
		return 3
	}
	return 0
}

// ParseConfidence returns the confidence named s; the empty string is high,
// the default threshold.
func ParseConfidence(s string) (Confidence, error) {
	switch Confidence(s) {
	case "":
		return High, nil
	case Low, Medium, High:
		return Confidence(s), nil
	}
	return "", fmt.Errorf("unknown confidence %q (want high, medium or low)", s)
}

// Part is one simple command of a shell program, as the shell analyzer found
// it. It is plain data so this package does not depend on the analyzer.
type Part struct {
	// Text is the simple command as written.
	Text string `json:"text"`
	// Words are its words after normalisation (wrappers stripped, program
	// path reduced to its name).
	Words []string `json:"words,omitempty"`
	// ReadOnly is true when the part only reads.
	ReadOnly bool     `json:"readOnly,omitempty"`
	Reads    []string `json:"reads,omitempty"`
	Writes   []string `json:"writes,omitempty"`
}

// Input is what a classifier or an explainer sees of a call.
type Input struct {
	// Request is the tool call; its Cwd is the working directory.
	Request api.Request
	// Findings are what the analysis flagged.
	Findings []api.Finding
	// Parts are the simple commands of a Bash call, when analysed.
	Parts []Part
	// Rules are the texts of the rules relevant to the call (the ask rule
	// that matched, the rules suggested to allow it).
	Rules []string
	// RuleMatched is true when a deny or ask rule matched the call.
	RuleMatched bool
}

// Risk returns the highest risk among the input's findings.
func (in *Input) Risk() api.Risk { return api.MaxRisk(in.Findings) }

// Result is a classifier's answer.
type Result struct {
	Decision   Decision   `json:"decision"`
	Confidence Confidence `json:"confidence,omitempty"`
	Reason     string     `json:"reason"`
	// Classifier names who answered: "pattern", "anthropic:MODEL",
	// "openai:MODEL".
	Classifier string `json:"classifier"`
}

// Approves reports whether r allows the call with at least confidence min.
func (r Result) Approves(min Confidence) bool {
	return r.Decision == Allow && r.Confidence.Rank() >= min.Rank() && min.Rank() > 0
}

// Classifier decides a call without a person.
//
// Classify returns Undecided rather than an error when it merely cannot
// decide; an error means it failed (the caller treats that as undecided too,
// and records the error). It must return promptly once ctx is done.
type Classifier interface {
	Classify(ctx context.Context, in *Input) (Result, error)
}

// ClassifierFunc adapts a function to a Classifier.
type ClassifierFunc func(ctx context.Context, in *Input) (Result, error)

// Classify calls f.
func (f ClassifierFunc) Classify(ctx context.Context, in *Input) (Result, error) { return f(ctx, in) }

// Config configures a model-backed classifier or explainer; it is the value
// of the settings keys "classifier" and "explainer".
type Config struct {
	// Provider is "anthropic" or "openai" (any OpenAI-compatible server).
	Provider string `json:"provider"`
	// Model is the model name sent to the provider.
	Model string `json:"model"`
	// BaseURL is the provider's address. For anthropic the request goes to
	// {BaseURL}/v1/messages (default https://api.anthropic.com). For openai
	// it goes to {BaseURL}/chat/completions when BaseURL ends in /v1, else
	// to {BaseURL}/v1/chat/completions (default https://api.openai.com/v1).
	BaseURL string `json:"baseURL,omitempty"`
	// APIKeyEnv names the environment variable holding the API key (default
	// ANTHROPIC_API_KEY or OPENAI_API_KEY). An openai-compatible server may
	// need no key.
	APIKeyEnv string `json:"apiKeyEnv,omitempty"`
	// TimeoutMs bounds one classification, retries included (default 2000).
	TimeoutMs int `json:"timeoutMs,omitempty"`
	// MinConfidence is the lowest confidence at which the model's verdict
	// counts (default "high"); below it the answer is undecided.
	MinConfidence string `json:"minConfidence,omitempty"`
}

// DefaultTimeoutMs is the default bound on one model call.
const DefaultTimeoutMs = 2000

// The providers.
const (
	ProviderAnthropic = "anthropic"
	ProviderOpenAI    = "openai"
)

// Validate reports the first problem with c.
func (c *Config) Validate() error {
	switch c.Provider {
	case ProviderAnthropic, ProviderOpenAI:
	case "":
		return fmt.Errorf("provider is required (anthropic or openai)")
	default:
		return fmt.Errorf("unknown provider %q (want anthropic or openai)", c.Provider)
	}
	if c.Model == "" {
		return fmt.Errorf("model is required")
	}
	if c.TimeoutMs < 0 {
		return fmt.Errorf("timeoutMs must not be negative, got %d", c.TimeoutMs)
	}
	if _, err := ParseConfidence(c.MinConfidence); err != nil {
		return fmt.Errorf("minConfidence: %w", err)
	}
	return nil
}

// Undecide returns an undecided result from classifier name with a reason.
func Undecide(name, format string, a ...any) Result {
	return Result{Decision: Undecided, Reason: fmt.Sprintf(format, a...), Classifier: name}
}
