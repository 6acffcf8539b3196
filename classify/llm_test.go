package classify_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/classify"
)

// reply is one scripted answer of the fake model server.
type reply struct {
	status int    // 0 means 200
	text   string // the model's text
	raw    string // a raw body instead of a provider envelope
	hang   bool   // never answer; wait for the client to give up
}

// recorded is one request the fake model server received.
type recorded struct {
	Path   string
	Header http.Header
	Body   map[string]any
}

// fakeModel is a model server speaking the Anthropic Messages API and the
// OpenAI chat completions API, answering from a script.
type fakeModel struct {
	provider string
	srv      *httptest.Server

	mu       sync.Mutex
	replies  []reply
	requests []recorded
}

func newFakeModel(t *testing.T, provider string, replies ...reply) *fakeModel {
	t.Helper()
	f := &fakeModel{provider: provider, replies: replies}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeModel) serve(w http.ResponseWriter, r *http.Request) {
	raw, _ := io.ReadAll(r.Body)
	var body map[string]any
	_ = json.Unmarshal(raw, &body)
	f.mu.Lock()
	f.requests = append(f.requests, recorded{Path: r.URL.Path, Header: r.Header.Clone(), Body: body})
	rep := reply{status: http.StatusInternalServerError, raw: `{"error":"script exhausted"}`}
	if len(f.replies) > 0 {
		rep = f.replies[0]
		if len(f.replies) > 1 {
			f.replies = f.replies[1:]
		}
	}
	f.mu.Unlock()
	if rep.hang {
		<-r.Context().Done()
		return
	}
	if rep.status != 0 {
		w.WriteHeader(rep.status)
	}
	if rep.raw != "" {
		io.WriteString(w, rep.raw)
		return
	}
	var env any
	if f.provider == classify.ProviderAnthropic {
		env = map[string]any{
			"id": "msg_1", "type": "message", "role": "assistant", "model": "m",
			"content":     []map[string]any{{"type": "text", "text": rep.text}},
			"stop_reason": "end_turn",
		}
	} else {
		env = map[string]any{
			"id": "chatcmpl-1", "object": "chat.completion",
			"choices": []map[string]any{{"index": 0, "finish_reason": "stop",
				"message": map[string]any{"role": "assistant", "content": rep.text}}},
		}
	}
	json.NewEncoder(w).Encode(env)
}

func (f *fakeModel) calls() []recorded {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]recorded(nil), f.requests...)
}

func bashInput(cmd string, findings ...api.Finding) *classify.Input {
	return &classify.Input{
		Request:  api.Request{ToolName: "Bash", ToolInput: map[string]any{"command": cmd}, Cwd: "/repo"},
		Findings: findings,
		Rules:    []string{"Bash(npm run *)"},
	}
}

func env(k string) string {
	if k == "TEST_KEY" {
		return "sekret"
	}
	return ""
}

func TestLLMClassify(t *testing.T) {
	type want struct {
		Decision   classify.Decision
		Confidence classify.Confidence
		Err        bool
		Calls      int
	}
	tests := []struct {
		name    string
		min     string
		timeout int
		replies []reply
		want    want
	}{
		{"allow high", "", 0, []reply{{text: `{"decision":"allow","confidence":"high","reason":"runs tests"}`}},
			want{classify.Allow, classify.High, false, 1}},
		{"allow low is undecided", "", 0, []reply{{text: `{"decision":"allow","confidence":"low","reason":"maybe"}`}},
			want{classify.Undecided, classify.Low, false, 1}},
		{"allow medium below high", "high", 0, []reply{{text: `{"decision":"allow","confidence":"medium","reason":"x"}`}},
			want{classify.Undecided, classify.Medium, false, 1}},
		{"allow medium at medium", "medium", 0, []reply{{text: `{"decision":"allow","confidence":"medium","reason":"x"}`}},
			want{classify.Allow, classify.Medium, false, 1}},
		{"deny high", "", 0, []reply{{text: `{"decision":"deny","confidence":"high","reason":"deletes home"}`}},
			want{classify.Deny, classify.High, false, 1}},
		{"deny low is undecided", "", 0, []reply{{text: `{"decision":"deny","confidence":"low","reason":"hm"}`}},
			want{classify.Undecided, classify.Low, false, 1}},
		{"model undecided", "", 0, []reply{{text: `{"decision":"undecided","confidence":"high","reason":"unclear"}`}},
			want{classify.Undecided, classify.High, false, 1}},
		{"code fence tolerated", "", 0, []reply{{text: "```json\n{\"decision\":\"allow\",\"confidence\":\"high\",\"reason\":\"ok\"}\n```"}},
			want{classify.Allow, classify.High, false, 1}},
		{"prose is undecided", "", 0, []reply{{text: `Sure! {"decision":"allow","confidence":"high","reason":"ok"}`}},
			want{classify.Undecided, "", false, 1}},
		{"two objects are undecided", "", 0, []reply{{text: `{"decision":"allow","confidence":"high","reason":"ok"} {"decision":"deny","confidence":"high","reason":"x"}`}},
			want{classify.Undecided, "", false, 1}},
		{"unknown field is undecided", "", 0, []reply{{text: `{"decision":"allow","confidence":"high","reason":"ok","override":true}`}},
			want{classify.Undecided, "", false, 1}},
		{"unknown decision is undecided", "", 0, []reply{{text: `{"decision":"yes","confidence":"high","reason":"ok"}`}},
			want{classify.Undecided, "", false, 1}},
		{"missing confidence is undecided", "", 0, []reply{{text: `{"decision":"allow","reason":"ok"}`}},
			want{classify.Undecided, "", false, 1}},
		{"malformed envelope", "", 0, []reply{{raw: `{"choices":`}},
			want{classify.Undecided, "", true, 1}},
		{"HTTP 500 every time", "", 10000, []reply{{status: 500, raw: `{"error":"boom"}`}},
			want{classify.Undecided, "", true, 3}},
		{"HTTP 500 then allow", "", 10000, []reply{{status: 500, raw: `{}`}, {text: `{"decision":"allow","confidence":"high","reason":"ok"}`}},
			want{classify.Allow, classify.High, false, 2}},
		{"HTTP 429 then allow", "", 10000, []reply{{status: 429, raw: `{}`}, {text: `{"decision":"allow","confidence":"high","reason":"ok"}`}},
			want{classify.Allow, classify.High, false, 2}},
		{"HTTP 401 not retried", "", 10000, []reply{{status: 401, raw: `{"error":"bad key"}`}},
			want{classify.Undecided, "", true, 1}},
		{"timeout", "", 50, []reply{{hang: true}},
			want{classify.Undecided, "", true, 1}},
	}
	for _, provider := range []string{classify.ProviderAnthropic, classify.ProviderOpenAI} {
		for _, tt := range tests {
			t.Run(provider+"/"+tt.name, func(t *testing.T) {
				fm := newFakeModel(t, provider, tt.replies...)
				c, err := classify.NewLLM(classify.Config{
					Provider: provider, Model: "test-model", BaseURL: fm.srv.URL,
					APIKeyEnv: "TEST_KEY", TimeoutMs: tt.timeout, MinConfidence: tt.min,
				}, env, fm.srv.Client())
				if err != nil {
					t.Fatal(err)
				}
				res, err := c.Classify(context.Background(), bashInput("npm test"))
				got := want{res.Decision, res.Confidence, err != nil, len(fm.calls())}
				if diff := cmp.Diff(tt.want, got); diff != "" {
					t.Errorf("result (-want +got):\n%s\nreason: %s, err: %v", diff, res.Reason, err)
				}
				if res.Classifier != provider+":test-model" {
					t.Errorf("Classifier = %q", res.Classifier)
				}
				if tt.name == "timeout" && !errors.Is(err, context.DeadlineExceeded) {
					t.Errorf("timeout error = %v, want context.DeadlineExceeded", err)
				}
			})
		}
	}
}

func TestLLMRequestShape(t *testing.T) {
	ok := reply{text: `{"decision":"allow","confidence":"high","reason":"ok"}`}
	tests := []struct {
		provider, base string
		wantPath       string
		wantHeaders    map[string]string
		wantKeys       []string
	}{
		{classify.ProviderAnthropic, "", "/v1/messages",
			map[string]string{"X-Api-Key": "sekret", "Anthropic-Version": "2023-06-01", "Content-Type": "application/json", "Authorization": ""},
			[]string{"max_tokens", "messages", "model", "system", "temperature"}},
		{classify.ProviderOpenAI, "", "/v1/chat/completions",
			map[string]string{"Authorization": "Bearer sekret", "Content-Type": "application/json", "X-Api-Key": ""},
			[]string{"max_tokens", "messages", "model", "temperature"}},
		{classify.ProviderOpenAI, "/v1", "/v1/chat/completions",
			map[string]string{"Authorization": "Bearer sekret"}, nil},
		{classify.ProviderOpenAI, "/api/v1/", "/api/v1/chat/completions",
			map[string]string{"Authorization": "Bearer sekret"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.provider+tt.base, func(t *testing.T) {
			fm := newFakeModel(t, tt.provider, ok)
			c, err := classify.NewLLM(classify.Config{
				Provider: tt.provider, Model: "m1", BaseURL: fm.srv.URL + tt.base, APIKeyEnv: "TEST_KEY",
			}, env, fm.srv.Client())
			if err != nil {
				t.Fatal(err)
			}
			in := bashInput("rm -rf build", api.Finding{Category: "recursive-delete", Description: "deletes a tree", Risk: api.RiskMedium})
			if _, err := c.Classify(context.Background(), in); err != nil {
				t.Fatal(err)
			}
			calls := fm.calls()
			if len(calls) != 1 {
				t.Fatalf("%d calls, want 1", len(calls))
			}
			got := calls[0]
			if got.Path != tt.wantPath {
				t.Errorf("path = %q, want %q", got.Path, tt.wantPath)
			}
			for k, v := range tt.wantHeaders {
				if got.Header.Get(k) != v {
					t.Errorf("header %s = %q, want %q", k, got.Header.Get(k), v)
				}
			}
			if tt.wantKeys != nil {
				var keys []string
				for k := range got.Body {
					keys = append(keys, k)
				}
				if diff := cmp.Diff(tt.wantKeys, keys, cmpSorted); diff != "" {
					t.Errorf("body keys (-want +got):\n%s", diff)
				}
			}
			if got.Body["model"] != "m1" {
				t.Errorf("model = %v", got.Body["model"])
			}
			msgs, _ := got.Body["messages"].([]any)
			user, _ := msgs[len(msgs)-1].(map[string]any)
			text, _ := user["content"].(string)
			for _, want := range []string{`"Bash"`, `rm -rf build`, `cwd: "/repo"`, "recursive-delete", "MEDIUM", "Bash(npm run *)", "<call>"} {
				if !strings.Contains(text, want) {
					t.Errorf("user message lacks %q:\n%s", want, text)
				}
			}
		})
	}
}

var cmpSorted = cmp.Transformer("sort", func(in []string) []string {
	out := append([]string(nil), in...)
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
})

func TestNewLLMConfigErrors(t *testing.T) {
	tests := []struct {
		name string
		cfg  classify.Config
		want string
	}{
		{"no provider", classify.Config{Model: "m"}, "provider is required"},
		{"bad provider", classify.Config{Provider: "gemini", Model: "m"}, `unknown provider "gemini"`},
		{"no model", classify.Config{Provider: "openai"}, "model is required"},
		{"bad confidence", classify.Config{Provider: "openai", Model: "m", MinConfidence: "sure"}, "minConfidence"},
		{"negative timeout", classify.Config{Provider: "openai", Model: "m", TimeoutMs: -1}, "timeoutMs"},
		{"anthropic key unset", classify.Config{Provider: "anthropic", Model: "m"}, "$ANTHROPIC_API_KEY is not set"},
		{"named key unset", classify.Config{Provider: "openai", Model: "m", APIKeyEnv: "NOPE"}, "$NOPE is not set"},
		{"openai local needs no key", classify.Config{Provider: "openai", Model: "m", BaseURL: "http://127.0.0.1:1"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := classify.NewLLM(tt.cfg, env, nil)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if tt.want == "" && err != nil || tt.want != "" && !strings.Contains(got, tt.want) {
				t.Errorf("error = %q, want one containing %q", got, tt.want)
			}
		})
	}
}

func TestNewDefaultsToPattern(t *testing.T) {
	c, err := classify.New(nil, env, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := c.(classify.Pattern); !ok {
		t.Errorf("New(nil) = %T, want classify.Pattern", c)
	}
	if _, err := classify.New(&classify.Config{Provider: "x"}, env, nil); err == nil {
		t.Error("New with a bad config succeeded")
	}
}

func ExampleParseReply() {
	r, err := classify.ParseReply("```json\n{\"decision\":\"allow\",\"confidence\":\"high\",\"reason\":\"runs the tests\"}\n```")
	fmt.Println(r.Decision, r.Confidence, r.Reason, err)
	// Output: allow high runs the tests <nil>
}
