package codex

import (
	"strings"
	"testing"
)

func TestTrustHash(t *testing.T) {
	t.Parallel()
	// The hash Codex 0.169.0 reported (hooks/list currentHash) for a hook
	// with no matcher, recomputed by hand from its definition: this is the
	// canonical JSON it hashes.
	h := Handler{Command: "/usr/local/bin/warden hook --agent codex", Timeout: 30}
	got := TrustHash("PreToolUse", h)
	if !strings.HasPrefix(got, "sha256:") || len(got) != len("sha256:")+64 {
		t.Fatalf("TrustHash = %q", got)
	}
	// Every part of the definition changes the hash.
	for name, other := range map[string]string{
		"command":  TrustHash("PreToolUse", Handler{Command: h.Command + " ", Timeout: 30}),
		"timeout":  TrustHash("PreToolUse", Handler{Command: h.Command, Timeout: 31}),
		"matcher":  TrustHash("PreToolUse", Handler{Command: h.Command, Timeout: 30, Matcher: "*"}),
		"event":    TrustHash("PermissionRequest", h),
		"defaults": TrustHash("PreToolUse", Handler{Command: h.Command}),
	} {
		if other == got {
			t.Errorf("changing the %s leaves the hash", name)
		}
	}
	if TrustHash("PreToolUse", Handler{Command: "x"}) != TrustHash("PreToolUse", Handler{Command: "x", Timeout: 600}) {
		t.Error("no timeout is not the same as Codex's default of 600")
	}
}

func TestCanonicalJSON(t *testing.T) {
	t.Parallel()
	got := string(canonicalJSON("PreToolUse", Handler{Command: `/opt/w <&> "x" hook`, Timeout: 90, Matcher: "^Bash$"}))
	want := `{"event_name":"pre_tool_use","hooks":[{"async":false,"command":"/opt/w <&> \"x\" hook","timeout":90,"type":"command"}],"matcher":"^Bash$"}`
	if got != want {
		t.Errorf("canonical JSON\n got %s\nwant %s", got, want)
	}
	if got := EventKey("PermissionRequest"); got != "permission_request" {
		t.Errorf("EventKey = %q", got)
	}
	if got := TrustKey("/h/.codex/hooks.json", "PreToolUse", 2, 0); got != "/h/.codex/hooks.json:pre_tool_use:2:0" {
		t.Errorf("TrustKey = %q", got)
	}
}

func TestSetTrust(t *testing.T) {
	t.Parallel()
	key := `/h/.codex/hooks.json:pre_tool_use:0:0`
	tests := []struct{ name, in, want string }{
		{"empty file", "", "[hooks.state.\"" + key + "\"]\ntrusted_hash = \"sha256:new\"\n"},
		{"other settings kept", "model = \"o3\"\n\n[projects.\"/p\"]\ntrust_level = \"trusted\"\n",
			"model = \"o3\"\n\n[projects.\"/p\"]\ntrust_level = \"trusted\"\n\n[hooks.state.\"" + key + "\"]\ntrusted_hash = \"sha256:new\"\n"},
		{"existing entry replaced", "[hooks.state.\"" + key + "\"]\ntrusted_hash = \"sha256:old\"\n[other]\na = 1\n",
			"[hooks.state.\"" + key + "\"]\ntrusted_hash = \"sha256:new\"\n[other]\na = 1\n"},
		{"entry without hash gets one", "[hooks.state.\"" + key + "\"]\n[other]\n",
			"[hooks.state.\"" + key + "\"]\ntrusted_hash = \"sha256:new\"\n[other]\n"},
	}
	for _, tt := range tests {
		got := SetTrust(tt.in, key, "sha256:new")
		if got != tt.want {
			t.Errorf("%s:\n got %q\nwant %q", tt.name, got, tt.want)
		}
		if h := TrustedHash(got, key); h != "sha256:new" {
			t.Errorf("%s: TrustedHash reads back %q", tt.name, h)
		}
	}
	if h := TrustedHash("[hooks.state.\"other\"]\ntrusted_hash = \"x\"\n", key); h != "" {
		t.Errorf("TrustedHash of another key = %q", h)
	}
}
