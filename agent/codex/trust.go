package codex

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Codex runs a hook from a user or project file only once its exact
// definition is trusted: `[hooks.state."KEY"] trusted_hash = "sha256:…"` in
// the user's config.toml. A new, moved or edited hook is skipped silently
// (the call runs), so `warden init codex` writes the trust and `warden
// doctor` checks it. Hooks from /etc/codex/requirements.toml and
// /etc/codex/config.toml are managed and need no trust.

// EventKey is an event's name in trust keys and hashes: PreToolUse is
// pre_tool_use.
func EventKey(event string) string {
	var b strings.Builder
	for i, r := range event {
		if r >= 'A' && r <= 'Z' {
			if i > 0 {
				b.WriteByte('_')
			}
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// TrustKey is the key of a hook's trust entry: the absolute path of the
// file declaring it, the event, the index of its matcher group and of the
// handler in the group ("/h/.codex/hooks.json:pre_tool_use:0:0").
func TrustKey(file, event string, group, handler int) string {
	return file + ":" + EventKey(event) + ":" + strconv.Itoa(group) + ":" + strconv.Itoa(handler)
}

// Handler is a command hook as Codex hashes it.
type Handler struct {
	Command string
	// Timeout in seconds; 0 is Codex's default, 600.
	Timeout int
	// Matcher and StatusMessage are part of the hash when set.
	Matcher       string
	StatusMessage string
}

// DefaultTimeout is Codex's timeout for a hook that sets none, in seconds.
const DefaultTimeout = 600

// TrustHash is the hash Codex trusts a hook by: SHA-256 of the canonical
// JSON (keys sorted, no spaces) of {"event_name", "hooks": [{"async":
// false, "command", "timeout", "type": "command"}]} plus "matcher" and
// "statusMessage" when set, written "sha256:HEX".
func TrustHash(event string, h Handler) string {
	sum := sha256.Sum256(canonicalJSON(event, h))
	return "sha256:" + hex.EncodeToString(sum[:])
}

// canonicalJSON is the text TrustHash hashes.
func canonicalJSON(event string, h Handler) []byte {
	timeout := h.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	handler := map[string]any{"async": false, "command": h.Command, "timeout": timeout, "type": "command"}
	if h.StatusMessage != "" {
		handler["statusMessage"] = h.StatusMessage
	}
	v := map[string]any{"event_name": EventKey(event), "hooks": []any{handler}}
	if h.Matcher != "" {
		v["matcher"] = h.Matcher
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b) // maps are written with sorted keys
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(fmt.Sprintf("codex: hashing a hook: %v", err)) // strings and ints only
	}
	return bytes.TrimRight(b.Bytes(), "\n")
}

// StateHeader is the TOML table header of a trust entry.
func StateHeader(key string) string {
	return "[hooks.state." + tomlString(key) + "]"
}

// tomlString writes s as a TOML basic string.
func tomlString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, "\\u%04X", r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// TOMLString writes s as a TOML basic string.
func TOMLString(s string) string { return tomlString(s) }

// TrustedHash returns the trusted_hash a config.toml's text records for
// key, or "" when it records none. It reads the `[hooks.state."KEY"]`
// table form Codex and `warden init codex` write.
func TrustedHash(configTOML, key string) string {
	header := StateHeader(key)
	in := false
	for line := range strings.Lines(configTOML) {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "[") {
			in = t == header
			continue
		}
		if !in {
			continue
		}
		if name, val, ok := strings.Cut(t, "="); ok && strings.TrimSpace(name) == "trusted_hash" {
			val = strings.TrimSpace(val)
			if i := strings.Index(val, "#"); i > 0 && strings.Count(val[:i], `"`)%2 == 0 {
				val = strings.TrimSpace(val[:i])
			}
			return strings.Trim(val, `"'`)
		}
	}
	return ""
}

// SetTrust returns config.toml's text with key trusted at hash: the
// trusted_hash of an existing `[hooks.state."KEY"]` table replaced, or a new
// table appended. The rest of the text is kept as written.
func SetTrust(configTOML, key, hash string) string {
	header := StateHeader(key)
	entry := "trusted_hash = " + tomlString(hash)
	var out strings.Builder
	in, done := false, false
	for line := range strings.Lines(configTOML) {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "[") {
			if in && !done {
				out.WriteString(entry + "\n")
				done = true
			}
			in = t == header
		} else if in && !done {
			if name, _, ok := strings.Cut(t, "="); ok && strings.TrimSpace(name) == "trusted_hash" {
				out.WriteString(entry + "\n")
				done = true
				continue
			}
		}
		out.WriteString(line)
	}
	if in && !done {
		if !strings.HasSuffix(out.String(), "\n") && out.Len() > 0 {
			out.WriteByte('\n')
		}
		out.WriteString(entry + "\n")
		done = true
	}
	if !done {
		s := out.String()
		if s != "" && !strings.HasSuffix(s, "\n") {
			out.WriteByte('\n')
		}
		if s != "" {
			out.WriteByte('\n')
		}
		out.WriteString(header + "\n" + entry + "\n")
	}
	return out.String()
}
