package classify

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// maxReplyBytes bounds how much of a provider's answer is read.
const maxReplyBytes = 1 << 20

// maxAttempts bounds the calls one classification makes, retries included.
const maxAttempts = 3

// ErrProvider is wrapped by every failure of a provider's HTTP API.
var ErrProvider = errors.New("model provider error")

// statusError is a provider's non-2xx answer.
type statusError struct {
	code int
	body string
}

func (e *statusError) Error() string {
	return fmt.Sprintf("HTTP %d: %s", e.code, e.body)
}

// retryable reports whether another attempt may succeed: the server failed
// or throttled, or the connection broke.
func (e *statusError) retryable() bool { return e.code == http.StatusTooManyRequests || e.code >= 500 }

// errBadReply marks a 2xx answer whose envelope could not be read: the
// server answered, so asking again would not help.
var errBadReply = errors.New("unreadable reply")

// retryable reports whether another attempt may succeed: the connection
// broke, or the server failed or throttled.
func retryable(err error) bool {
	if errors.Is(err, errBadReply) {
		return false
	}
	var se *statusError
	if errors.As(err, &se) {
		return se.retryable()
	}
	return true
}

// model sends one system and user message to a provider and returns the
// text of its reply.
type model struct {
	provider string
	name     string // model name
	url      string
	key      string
	timeout  time.Duration
	client   *http.Client
	now      func() time.Time
}

// newModel checks cfg and prepares a model client; getenv reads the API key.
func newModel(cfg Config, getenv func(string) string, client *http.Client) (*model, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if client == nil {
		client = http.DefaultClient
	}
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	m := &model{provider: cfg.Provider, name: cfg.Model, client: client, now: time.Now}
	m.timeout = time.Duration(cfg.TimeoutMs) * time.Millisecond
	if cfg.TimeoutMs == 0 {
		m.timeout = DefaultTimeoutMs * time.Millisecond
	}
	keyEnv := cfg.APIKeyEnv
	base := strings.TrimRight(cfg.BaseURL, "/")
	switch cfg.Provider {
	case ProviderAnthropic:
		if keyEnv == "" {
			keyEnv = "ANTHROPIC_API_KEY"
		}
		if base == "" {
			base = "https://api.anthropic.com"
		}
		m.url = base + "/v1/messages"
	case ProviderOpenAI:
		if keyEnv == "" {
			keyEnv = "OPENAI_API_KEY"
		}
		if base == "" {
			base = "https://api.openai.com/v1"
		}
		if strings.HasSuffix(base, "/v1") {
			m.url = base + "/chat/completions"
		} else {
			m.url = base + "/v1/chat/completions"
		}
	}
	m.key = getenv(keyEnv)
	if m.key == "" && (cfg.Provider == ProviderAnthropic || cfg.APIKeyEnv != "") {
		return nil, fmt.Errorf("API key variable $%s is not set", keyEnv)
	}
	return m, nil
}

// label is how results name the model: "provider:model".
func (m *model) label() string { return m.provider + ":" + m.name }

// complete asks the model, retrying failed attempts only while another
// attempt as long as the last one still fits before ctx's deadline.
func (m *model) complete(ctx context.Context, system, user string, maxTokens int) (string, error) {
	body, err := m.body(system, user, maxTokens)
	if err != nil {
		return "", err
	}
	var lastErr error
	for attempt := 1; attempt <= maxAttempts; attempt++ {
		start := m.now()
		text, err := m.once(ctx, body)
		if err == nil {
			return text, nil
		}
		lastErr = err
		if ctx.Err() != nil {
			return "", fmt.Errorf("%w: %w", ErrProvider, ctx.Err())
		}
		if !retryable(err) {
			break
		}
		deadline, ok := ctx.Deadline()
		if !ok || deadline.Sub(m.now()) < m.now().Sub(start) {
			break
		}
	}
	return "", fmt.Errorf("%w: %w", ErrProvider, lastErr)
}

type anthropicRequest struct {
	Model       string             `json:"model"`
	MaxTokens   int                `json:"max_tokens"`
	System      string             `json:"system"`
	Messages    []anthropicMessage `json:"messages"`
	Temperature float64            `json:"temperature"`
}

type anthropicMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

type anthropicResponse struct {
	Content []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	} `json:"content"`
}

type openaiRequest struct {
	Model       string          `json:"model"`
	Messages    []openaiMessage `json:"messages"`
	MaxTokens   int             `json:"max_tokens"`
	Temperature float64         `json:"temperature"`
}

type openaiMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

type openaiResponse struct {
	Choices []struct {
		Message struct {
			Content *string `json:"content"`
		} `json:"message"`
	} `json:"choices"`
}

func (m *model) body(system, user string, maxTokens int) ([]byte, error) {
	if m.provider == ProviderAnthropic {
		return json.Marshal(anthropicRequest{
			Model: m.name, MaxTokens: maxTokens, System: system,
			Messages: []anthropicMessage{{Role: "user", Content: user}},
		})
	}
	return json.Marshal(openaiRequest{
		Model: m.name, MaxTokens: maxTokens,
		Messages: []openaiMessage{{Role: "system", Content: system}, {Role: "user", Content: user}},
	})
}

// once makes one HTTP call and extracts the reply text.
func (m *model) once(ctx context.Context, body []byte) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, m.url, bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/json")
	if m.provider == ProviderAnthropic {
		req.Header.Set("x-api-key", m.key)
		req.Header.Set("anthropic-version", "2023-06-01")
	} else if m.key != "" {
		req.Header.Set("Authorization", "Bearer "+m.key)
	}
	resp, err := m.client.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxReplyBytes))
	if err != nil {
		return "", fmt.Errorf("reading reply: %w", err)
	}
	if resp.StatusCode/100 != 2 {
		snippet := strings.TrimSpace(string(raw))
		if len(snippet) > 200 {
			snippet = snippet[:200] + "…"
		}
		return "", &statusError{code: resp.StatusCode, body: snippet}
	}
	if m.provider == ProviderAnthropic {
		var ar anthropicResponse
		if err := json.Unmarshal(raw, &ar); err != nil {
			return "", fmt.Errorf("%w: decoding Messages API reply: %w", errBadReply, err)
		}
		var text strings.Builder
		for _, c := range ar.Content {
			if c.Type == "text" {
				text.WriteString(c.Text)
			}
		}
		if text.Len() == 0 {
			return "", fmt.Errorf("%w: Messages API reply has no text content", errBadReply)
		}
		return text.String(), nil
	}
	var or openaiResponse
	if err := json.Unmarshal(raw, &or); err != nil {
		return "", fmt.Errorf("%w: decoding chat completion: %w", errBadReply, err)
	}
	if len(or.Choices) == 0 || or.Choices[0].Message.Content == nil {
		return "", fmt.Errorf("%w: chat completion has no message content", errBadReply)
	}
	return *or.Choices[0].Message.Content, nil
}

// LLM is a classifier that asks a language model.
type LLM struct {
	model *model
	min   Confidence
}

var _ Classifier = (*LLM)(nil)

// NewLLM returns a classifier that asks the model cfg names. getenv reads the
// API key (os.Getenv in production); client is the HTTP client to use (nil
// means http.DefaultClient).
func NewLLM(cfg Config, getenv func(string) string, client *http.Client) (*LLM, error) {
	m, err := newModel(cfg, getenv, client)
	if err != nil {
		return nil, fmt.Errorf("classifier: %w", err)
	}
	min, _ := ParseConfidence(cfg.MinConfidence) // checked by Validate
	return &LLM{model: m, min: min}, nil
}

// Name is how results name this classifier: "provider:model".
func (c *LLM) Name() string { return c.model.label() }

// Classify asks the model about the call. A failed or timed-out call is
// undecided with the error returned; a malformed reply, or a verdict below
// the configured confidence, is undecided.
func (c *LLM) Classify(ctx context.Context, in *Input) (Result, error) {
	name := c.model.label()
	ctx, cancel := context.WithTimeout(ctx, c.model.timeout)
	defer cancel()
	text, err := c.model.complete(ctx, classifierSystem, renderCall(in), 256)
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			return Undecide(name, "model did not answer within %s", c.model.timeout), err
		}
		return Undecide(name, "model call failed: %v", err), err
	}
	r, err := ParseReply(text)
	if err != nil {
		return Undecide(name, "%v", err), nil
	}
	r.Classifier = name
	if r.Decision != Undecided && r.Confidence.Rank() < c.min.Rank() {
		return Result{
			Decision: Undecided, Confidence: r.Confidence, Classifier: name,
			Reason: fmt.Sprintf("model said %s with %s confidence, below %s: %s", r.Decision, r.Confidence, c.min, r.Reason),
		}, nil
	}
	return r, nil
}
