package api

import (
	"encoding/json"
	"fmt"
	"time"
)

// Behavior is the outcome of a decision: allow, deny or ask.
type Behavior string

// The three behaviours. Hooks and classifiers may also be undecided, which
// is expressed by their own result types, never by a Behavior.
const (
	Allow Behavior = "allow"
	Deny  Behavior = "deny"
	Ask   Behavior = "ask"
)

// Valid reports whether b is one of allow, deny or ask.
func (b Behavior) Valid() bool { return b == Allow || b == Deny || b == Ask }

// Strictness orders behaviours: deny (2) > ask (1) > allow (0). Anything
// unknown counts as deny, so an unexpected value never loosens a decision.
func (b Behavior) Strictness() int {
	switch b {
	case Allow:
		return 0
	case Ask:
		return 1
	default:
		return 2
	}
}

// Mode is a permission mode, as in Claude Code plus Warden's bubble mode for
// sub-agents.
type Mode string

// The permission modes.
const (
	ModeDefault     Mode = "default"
	ModeAcceptEdits Mode = "acceptEdits"
	ModePlan        Mode = "plan"
	ModeAuto        Mode = "auto"
	ModeDontAsk     Mode = "dontAsk"
	ModeBypass      Mode = "bypassPermissions"
	ModeBubble      Mode = "bubble"
)

// Modes lists every mode in documentation order.
var Modes = []Mode{ModeDefault, ModeAcceptEdits, ModePlan, ModeAuto, ModeDontAsk, ModeBypass, ModeBubble}

// ParseMode returns the mode named s. The empty string is the default mode.
func ParseMode(s string) (Mode, error) {
	if s == "" {
		return ModeDefault, nil
	}
	for _, m := range Modes {
		if string(m) == s {
			return m, nil
		}
	}
	return "", fmt.Errorf("unknown permission mode %q (want one of default, acceptEdits, plan, auto, dontAsk, bypassPermissions, bubble)", s)
}

// Request is one tool call an agent wants to make. Field names follow Claude
// Code's hook input; only ToolName and ToolInput are required.
type Request struct {
	ToolName       string         `json:"tool_name"`
	ToolInput      map[string]any `json:"tool_input"`
	Cwd            string         `json:"cwd,omitempty"`
	SessionID      string         `json:"session_id,omitempty"`
	AgentID        string         `json:"agent_id,omitempty"`
	AgentType      string         `json:"agent_type,omitempty"`
	PermissionMode Mode           `json:"permission_mode,omitempty"`
	TranscriptPath string         `json:"transcript_path,omitempty"`
	ToolUseID      string         `json:"tool_use_id,omitempty"`
	HookEventName  string         `json:"hook_event_name,omitempty"`
	// ProjectDir is the agent's project root when the agent names one
	// (Claude Code's CLAUDE_PROJECT_DIR, Gemini CLI's GEMINI_PROJECT_DIR):
	// settings and ./ rules come from there whatever Cwd is.
	ProjectDir string `json:"project_dir,omitempty"`
}

// StringInput returns the string field key of the tool input, and whether it
// was present as a string.
func (r *Request) StringInput(key string) (string, bool) {
	v, ok := r.ToolInput[key]
	if !ok {
		return "", false
	}
	s, ok := v.(string)
	return s, ok
}

// ReasonType says what kind of thing decided.
type ReasonType string

// The reason types of DESIGN §4.
const (
	ReasonRule       ReasonType = "rule"
	ReasonHook       ReasonType = "hook"
	ReasonMode       ReasonType = "mode"
	ReasonTool       ReasonType = "tool"
	ReasonSafety     ReasonType = "safety"
	ReasonClassifier ReasonType = "classifier"
	ReasonUser       ReasonType = "user"
	ReasonLeader     ReasonType = "leader"
	ReasonGrant      ReasonType = "grant"
	ReasonTimeout    ReasonType = "timeout"
	ReasonDefault    ReasonType = "default"
	ReasonError      ReasonType = "error"
)

// Reason names who decided and why. Only the fields that fit the type are set.
type Reason struct {
	Type       ReasonType `json:"type"`
	Rule       string     `json:"rule,omitempty"`
	Source     string     `json:"source,omitempty"`
	File       string     `json:"file,omitempty"`
	Line       int        `json:"line,omitempty"`
	Hook       string     `json:"hook,omitempty"`
	Mode       Mode       `json:"mode,omitempty"`
	Classifier string     `json:"classifier,omitempty"`
	Person     string     `json:"person,omitempty"`
	Leader     string     `json:"leader,omitempty"`
	Grant      string     `json:"grant,omitempty"`
	Scope      Scope      `json:"scope,omitempty"`
	Message    string     `json:"message"`
}

// Risk is the risk level of a finding or a call: LOW, MEDIUM or HIGH.
type Risk string

// The risk levels.
const (
	RiskNone   Risk = ""
	RiskLow    Risk = "LOW"
	RiskMedium Risk = "MEDIUM"
	RiskHigh   Risk = "HIGH"
)

// Rank orders risk levels: none 0, LOW 1, MEDIUM 2, HIGH 3.
func (r Risk) Rank() int {
	switch r {
	case RiskLow:
		return 1
	case RiskMedium:
		return 2
	case RiskHigh:
		return 3
	}
	return 0
}

// MaxRisk returns the highest risk among the findings (RiskNone when empty).
func MaxRisk(fs []Finding) Risk {
	r := RiskNone
	for _, f := range fs {
		if f.Risk.Rank() > r.Rank() {
			r = f.Risk
		}
	}
	return r
}

// Finding is one thing the analysis flagged: a dangerous operation, a
// protected path, a path outside the working directories.
type Finding struct {
	// Category is a stable slug such as "recursive-delete" or "protected-path".
	Category    string `json:"category"`
	Description string `json:"description"`
	// Part is the piece of the input the finding is about (a simple command,
	// a path).
	Part string `json:"part,omitempty"`
	Risk Risk   `json:"risk"`
	// Path is the file the finding is about, when it is about one file
	// (a write to an agent control file): the tool layer attaches it to
	// that file's subject, which only an allow rule naming it settles.
	Path string `json:"path,omitempty"`
}

// Scope is how long an approval is remembered.
type Scope string

// The grant scopes.
const (
	ScopeOnce    Scope = "once"
	ScopeSession Scope = "session"
	ScopeAlways  Scope = "always"
)

// ParseScope returns the scope named s; the empty string is once.
func ParseScope(s string) (Scope, error) {
	switch Scope(s) {
	case "", ScopeOnce:
		return ScopeOnce, nil
	case ScopeSession, ScopeAlways:
		return Scope(s), nil
	}
	return "", fmt.Errorf("unknown scope %q (want once, session or always)", s)
}

// Decision is Warden's answer for one request.
type Decision struct {
	ID       string   `json:"id"`
	Behavior Behavior `json:"behavior"`
	Reason   Reason   `json:"reason"`
	// UpdatedInput is the input a hook or a person rewrote the call to, or nil.
	UpdatedInput map[string]any `json:"updated_input"`
	Findings     []Finding      `json:"findings"`
	// Risk is the highest risk among the findings.
	Risk Risk `json:"risk,omitempty"`
	// Suggestions are the narrowest rules that would allow this call, offered
	// when the answer is ask.
	Suggestions []string `json:"suggestions,omitempty"`
	// Handback tells an agent in auto mode to hand control back to a person.
	Handback bool `json:"handback,omitempty"`
	// Warnings are non-fatal problems met on the way (a malformed allow rule,
	// a hook that failed).
	Warnings []string `json:"warnings,omitempty"`
	// Time is when the decision was made.
	Time time.Time `json:"time,omitzero"`
}

// MarshalJSON writes findings as [] rather than null.
func (d Decision) MarshalJSON() ([]byte, error) {
	type plain Decision
	if d.Findings == nil {
		d.Findings = []Finding{}
	}
	return json.Marshal(plain(d))
}

// Explanation is the plain-language account of a call: what it does, why the
// agent may need it, what could go wrong, and how risky it is.
type Explanation struct {
	Explanation string `json:"explanation"`
	Reasoning   string `json:"reasoning"`
	Risk        string `json:"risk"`
	RiskLevel   Risk   `json:"riskLevel"`
	// Source says where it came from: "model:NAME" or "findings".
	Source string `json:"source,omitempty"`
}

// ErrorEnvelope is the one shape of every HTTP error answer.
type ErrorEnvelope struct {
	Error ErrorBody `json:"error"`
}

// ErrorBody is the inside of an ErrorEnvelope.
type ErrorBody struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// Who names who decided, for people and for counting: "rule Bash(rm:*)",
// "hook ./check.sh", "mode plan", "classifier pattern", "user alice",
// "leader lead-1", "grant Bash(npm test:*)", "safety", "timeout".
func (r Reason) Who() string {
	detail := ""
	switch r.Type {
	case "":
		return "unknown"
	case ReasonRule:
		detail = r.Rule
	case ReasonHook:
		detail = r.Hook
	case ReasonMode:
		detail = string(r.Mode)
	case ReasonClassifier:
		detail = r.Classifier
	case ReasonUser:
		detail = r.Person
	case ReasonLeader:
		detail = r.Leader
	case ReasonGrant:
		detail = r.Rule
		if detail == "" {
			detail = r.Grant
		}
	}
	if detail == "" {
		return string(r.Type)
	}
	return string(r.Type) + " " + detail
}
