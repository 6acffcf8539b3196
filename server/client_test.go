package server

import (
	"context"
	"errors"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/wardenhq/warden/api"
)

func TestClientErrors(t *testing.T) {
	f := newFixture(t, Options{})
	ctx := context.Background()
	tests := []struct {
		name   string
		url    string
		token  string
		status int
		code   string
	}{
		{"wrong token", f.http.URL, "nope", 401, "unauthorized"},
		{"no token", f.http.URL, "", 401, "unauthorized"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := NewClient(tt.url, tt.token, f.http.Client())
			if err != nil {
				t.Fatal(err)
			}
			_, err = c.Check(ctx, api.Request{ToolName: "Read", ToolInput: map[string]any{}})
			var apiErr *APIError
			if !errors.As(err, &apiErr) {
				t.Fatalf("error %v, want an *APIError", err)
			}
			if diff := cmp.Diff([]any{tt.status, tt.code}, []any{apiErr.Status, apiErr.Code}); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	t.Run("token from the printed link", func(t *testing.T) {
		c, err := NewClient(f.http.URL+"/?token="+testToken, "", f.http.Client())
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Health(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := c.Check(ctx, api.Request{ToolName: "Read", ToolInput: map[string]any{}}); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("daemon gone", func(t *testing.T) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr := ln.Addr().String()
		ln.Close()
		c, err := NewClient("http://"+addr, testToken, nil)
		if err != nil {
			t.Fatal(err)
		}
		_, err = c.Decide(ctx, bashRequest)
		if err == nil {
			t.Fatal("no error from a daemon that is not there")
		}
		// Say what to do, not only Go's "dial tcp … connection refused".
		for _, want := range []string{"refuses connections", "warden serve", "unset WARDEN_SERVER"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("error %q does not say %q", err, want)
			}
		}
	})
	for _, bad := range []string{"", "ftp://x", "unix:", "localhost:7878", "http://"} {
		t.Run("bad address "+bad, func(t *testing.T) {
			if _, err := NewClient(bad, "", nil); err == nil {
				t.Errorf("NewClient(%q) accepted", bad)
			}
		})
	}
}

func TestUnixSocket(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "warden.sock")
	ln, err := ListenUnix(path)
	if err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := fi.Mode().Perm(); got != 0o600 {
		t.Errorf("socket mode %o, want 600", got)
	}
	clock := newFakeClock()
	q := NewQueue(QueueOptions{Clock: clock})
	srv := New(&fakeEngine{queue: q, clock: clock}, Options{Queue: q, Clock: clock}) // no token: the file mode guards it
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()

	c, err := NewClient("unix:"+path, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	d, err := c.Check(context.Background(), api.Request{ToolName: "Read", ToolInput: map[string]any{}})
	if err != nil {
		t.Fatal(err)
	}
	if d.Behavior != api.Allow {
		t.Errorf("behaviour %q", d.Behavior)
	}
	if _, err := ListenUnix(path); err == nil {
		t.Error("a second daemon could listen on a live socket")
	}
	if err := srv.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := <-served; err != nil {
		t.Errorf("Serve: %v", err)
	}
}

func TestListenUnixRefusesAndReplaces(t *testing.T) {
	dir := t.TempDir()
	t.Run("regular file", func(t *testing.T) {
		path := filepath.Join(dir, "file")
		if err := os.WriteFile(path, []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
		if _, err := ListenUnix(path); err == nil {
			t.Error("listened over a regular file")
		}
	})
	t.Run("stale socket", func(t *testing.T) {
		path := filepath.Join(dir, "stale.sock")
		ln, err := net.Listen("unix", path)
		if err != nil {
			t.Fatal(err)
		}
		ln.(*net.UnixListener).SetUnlinkOnClose(false)
		ln.Close()
		ln, err = ListenUnix(path)
		if err != nil {
			t.Fatalf("stale socket not replaced: %v", err)
		}
		ln.Close()
	})
}
