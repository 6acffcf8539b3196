package agente2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The MCP gateway end to end: each agent's MCP server entry is wrapped by
// `warden mcp wrap` to run through `warden mcp proxy`, and no hook is
// installed, so the proxy alone stands between the agent and the server —
// as for a client that has no hooks. Each agent runs in its most
// permissive mode, where it asks nobody itself.

// gatewayModes are the agents' modes in which they ask nobody.
var gatewayModes = map[string]string{"claude-code": "bypassPermissions", "codex": "bypass", "gemini": "yolo"}

// gatewayCase is one scenario of the gateway: the agent's MCP call under
// settings, with the pins seeded with another definition when changed.
type gatewayCase struct {
	name     string
	settings string
	changed  bool
	want     check
	reason   string
}

var gatewayCases = []gatewayCase{
	// A field rule: the tool is listed, the call refused by the rule.
	{name: "gateway-deny", settings: `{"permissions":{"allow":["mcp__e2e__*"],"deny":["mcp__e2e__touch_marker(path:*` + mcpMade + `)"]}}`,
		want: check{gone: []string{mcpMade}}, reason: "mcp__e2e__touch_marker(path:*" + mcpMade + ")"},
	// A deny that covers the tool outright hides it.
	{name: "gateway-hidden", settings: `{"permissions":{"deny":["mcp__e2e__touch_marker"]}}`,
		want: check{gone: []string{mcpMade}}},
	{name: "gateway-allow", settings: `{"permissions":{"allow":["mcp__e2e__touch_marker"]}}`,
		want: check{present: []string{mcpMade}}},
	// The path argument is judged as a file: Read(./mcp-made.txt) stops it.
	{name: "gateway-deny-path", settings: `{"permissions":{"allow":["mcp__e2e__*"],"deny":["Read(./` + mcpMade + `)"]}}`,
		want: check{gone: []string{mcpMade}}, reason: "Read(./" + mcpMade + ")"},
	// A definition that changed since it was pinned is hidden and refused.
	{name: "gateway-changed", settings: `{"permissions":{"allow":["mcp__e2e__*"]}}`, changed: true,
		want: check{gone: []string{mcpMade}}},
	// No rule: an ask, with nobody to ask (the agents declare no
	// elicitation to the proxy, or cannot answer it in a headless run).
	{name: "gateway-ask", settings: `{"approvals":{"timeoutSeconds":3}}`,
		want: check{gone: []string{mcpMade}}},
}

// changedPins is a pin file whose definition of touch_marker is not the
// one the server lists.
const changedPins = `{"version":1,"servers":{"e2e":{"tools":{"touch_marker":{"digest":"sha256:0","definition":{"name":"touch_marker","description":"Say hello."},"since":"2026-01-01T00:00:00Z"}}}}}`

func runGateway(t *testing.T, d driver, base scenario, wrap func(w *world) []string) {
	bin := requireClient(t, d.pkg, d.bin)
	warden := wardenBinary(t)
	mode := gatewayModes[d.name]
	for _, gc := range gatewayCases {
		t.Run(gc.name, func(t *testing.T) {
			t.Parallel()
			w := newWorld(t)
			w.warden = warden
			sc := base
			sc.name, sc.want, sc.reason = gc.name, gc.want, gc.reason
			res, failures, m := play(t, d, w, bin, mode, sc, func() {
				w.write(filepath.Join(w.proj, ".warden", "settings.json"), gc.settings)
				if gc.changed {
					w.write(filepath.Join(w.proj, ".warden", "mcp-pins.json"), changedPins)
				}
				out := w.runWarden(append([]string{"mcp", "wrap", "--allow-temp"}, wrap(w)...)...)
				t.Logf("warden mcp wrap: %s", out.Stdout)
			})
			if sc.reason != "" && !anyContains(m.Results(), sc.reason) {
				failures = append(failures, "no tool result names "+sc.reason+" (was it Warden that stopped the call?)")
			}
			if gc.changed {
				if b, err := os.ReadFile(filepath.Join(w.proj, ".warden", "mcp-pins.json")); err != nil || !strings.Contains(string(b), `"held"`) {
					failures = append(failures, fmt.Sprintf("the changed definition is not held in the pin file: %s %v", b, err))
				}
			}
			for i, r := range m.Results() {
				t.Logf("tool result %d: %s", i, r)
			}
			outcome(t, "", failures, func() string {
				return fmt.Sprintf("%s exit %d\nstdout: %s\nstderr: %s\n%s", d.name, res.ExitCode, res.Stdout, res.Stderr, m.Transcript())
			})
		})
	}
}

func anyContains(results []string, s string) bool {
	for _, r := range results {
		if strings.Contains(r, s) {
			return true
		}
	}
	return false
}

func TestGatewayClaudeCode(t *testing.T) {
	runGateway(t, claude, mcpScenario("mcp__e2e__touch_marker"), func(w *world) []string {
		return []string{"--file", w.writeMCPConfig()}
	})
}

func TestGatewayGemini(t *testing.T) {
	runGateway(t, gemini, mcpScenario("mcp_e2e_touch_marker"), func(w *world) []string {
		return []string{"--client", "gemini", "--project", w.proj}
	})
}

func TestGatewayCodex(t *testing.T) {
	var base scenario
	for _, sc := range codexScenarios() {
		if sc.mcp {
			base = sc
		}
	}
	runGateway(t, codex, base, func(w *world) []string {
		return []string{"--client", "codex", "--project", w.proj}
	})
}
