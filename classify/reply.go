package classify

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// ErrMalformedReply means a model's reply was not the one JSON object it was
// asked for.
var ErrMalformedReply = errors.New("malformed model reply")

// stripFence returns the inside of a Markdown code fence around s (with or
// without a language tag), or s itself when it is not fenced.
func stripFence(s string) string {
	s = strings.TrimSpace(s)
	if !strings.HasPrefix(s, "```") {
		return s
	}
	nl := strings.IndexByte(s, '\n')
	if nl < 0 || !strings.HasSuffix(s, "```") || len(s) < nl+1+3 {
		return s
	}
	tag := strings.TrimSpace(s[3:nl])
	if tag != "" && tag != "json" && tag != "JSON" {
		return s
	}
	return strings.TrimSpace(s[nl+1 : len(s)-3])
}

// decodeObject decodes exactly one JSON object from text (a code fence around
// it is tolerated) into v, rejecting unknown fields and trailing data.
func decodeObject(text string, v any) error {
	body := stripFence(text)
	if !strings.HasPrefix(body, "{") {
		return fmt.Errorf("%w: not a JSON object", ErrMalformedReply)
	}
	dec := json.NewDecoder(strings.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%w: %w", ErrMalformedReply, err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return fmt.Errorf("%w: data after the object", ErrMalformedReply)
	}
	return nil
}

// verdictReply is the object a classifier model is asked for.
type verdictReply struct {
	Decision   *Decision   `json:"decision"`
	Confidence *Confidence `json:"confidence"`
	Reason     string      `json:"reason"`
}

// ParseReply reads a classifier model's reply: one JSON object
// {"decision":"allow"|"deny"|"undecided","confidence":"high"|"medium"|"low","reason":"…"},
// optionally inside a code fence. Anything else is ErrMalformedReply.
func ParseReply(text string) (Result, error) {
	var r verdictReply
	if err := decodeObject(text, &r); err != nil {
		return Result{}, err
	}
	if r.Decision == nil || r.Confidence == nil {
		return Result{}, fmt.Errorf("%w: decision and confidence are required", ErrMalformedReply)
	}
	switch *r.Decision {
	case Allow, Deny, Undecided:
	default:
		return Result{}, fmt.Errorf("%w: unknown decision %q", ErrMalformedReply, *r.Decision)
	}
	if r.Confidence.Rank() == 0 {
		return Result{}, fmt.Errorf("%w: unknown confidence %q", ErrMalformedReply, *r.Confidence)
	}
	return Result{Decision: *r.Decision, Confidence: *r.Confidence, Reason: r.Reason}, nil
}

// compactJSON renders v on one line for a prompt; it never fails on the
// values a request carries.
func compactJSON(v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Sprintf("%q", fmt.Sprint(v))
	}
	return strings.TrimSpace(b.String())
}
