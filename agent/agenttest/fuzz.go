package agenttest

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/wardenhq/warden/agent"
	"github.com/wardenhq/warden/api"
)

// Fuzz checks what must hold for any payload an adapter accepts: the
// request names a tool and has an input object, and no answer lets an ask
// through where the call cannot ask or turns a deny into something that is
// not a deny (a non-empty, JSON answer or a block by exit code).
func Fuzz(t *testing.T, ad agent.Adapter, data []byte) {
	c, err := ad.Parse(data)
	if err != nil {
		a := ad.Fail(err)
		if a.Exit == 0 {
			t.Fatalf("Fail answers exit 0 for %q", data)
		}
		return
	}
	if c.Request.ToolName == "" || c.Request.ToolInput == nil {
		t.Fatalf("accepted %q with no tool or no input: %+v", data, c.Request)
	}
	for _, d := range Decisions {
		a := ad.Answer(c, d.Decision)
		if len(bytes.TrimSpace(a.Stdout)) > 0 && !json.Valid(a.Stdout) {
			t.Fatalf("%s answer is not JSON: %q", d.Name, a.Stdout)
		}
		if d.Decision.Behavior == api.Deny && len(a.Stdout) == 0 && a.Exit == 0 {
			t.Fatalf("a deny answered with nothing for %q", data)
		}
		if !c.CanAsk && bytes.Contains(a.Stdout, []byte(`"ask"`)) {
			t.Fatalf("an ask reached an agent that cannot ask: %s", a.Stdout)
		}
	}
}

// Seed adds every payload in dir (testdata/payloads) to f's corpus, unwrapped
// as Golden reads them.
func Seed(f *testing.F, dir string) {
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(Unwrap(data))
	}
}
