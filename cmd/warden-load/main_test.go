package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/internal/loadgen"
)

func TestRulesSettings(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run(context.Background(), []string{"rules", "-n", "1000"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	var s struct {
		Permissions struct{ Allow, Ask, Deny []string }
	}
	if err := json.Unmarshal(out.Bytes(), &s); err != nil {
		t.Fatal(err)
	}
	p := s.Permissions
	got := []int{len(p.Allow) + len(p.Ask) + len(p.Deny), len(p.Ask), len(p.Deny)}
	if diff := cmp.Diff([]int{1003, 40, 20}, got); diff != "" {
		t.Errorf("rules total, ask, deny (-want +got):\n%s", diff)
	}
}

func TestBodiesAreRequests(t *testing.T) {
	for _, b := range bodies("/repo") {
		req, err := api.DecodeRequest(b)
		if err != nil {
			t.Errorf("%s: %v", b, err)
			continue
		}
		if req.Cwd != "/repo" {
			t.Errorf("%s: cwd %q", b, req.Cwd)
		}
	}
}

func TestRunAgainstEcho(t *testing.T) {
	srv := httptest.NewServer(loadgen.EchoHandler())
	defer srv.Close()
	var out, errOut bytes.Buffer
	code := run(context.Background(), []string{"run", "-url", srv.URL + "/?token=x", "-n", "50", "-warmup", "5", "-c", "2"}, &out, &errOut)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if !strings.HasPrefix(out.String(), "50 requests in ") || !strings.Contains(out.String(), ", 0 errors") {
		t.Errorf("output %q", out.String())
	}
}

func TestRunRefusesRemoteTargets(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run(context.Background(), []string{"run", "-url", "http://192.0.2.1:7878/", "-n", "1"}, &out, &errOut); code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if !strings.Contains(errOut.String(), "loopback") {
		t.Errorf("stderr %q", errOut.String())
	}
}

func TestRelayRefusesNoAsks(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run(context.Background(), []string{"relay", "-n", "0"}, &out, &errOut); code != 1 || !strings.Contains(errOut.String(), "-n must be positive") {
		t.Errorf("relay -n 0: exit %d, %q", code, errOut.String())
	}
}
