package serve

import (
	"io"
	"net"
	"net/url"
	"testing"
)

// TestRemoteAddressIsReachable: listening on every interface with
// --allow-remote, the first line names an address other machines can
// reach, never 0.0.0.0 nor (where the machine has another) loopback.
func TestRemoteAddressIsReachable(t *testing.T) {
	env := Env{Stdout: io.Discard, Stderr: io.Discard}
	for _, tt := range []struct {
		addr string
		want string
	}{
		{"0.0.0.0:0", ReachableHost()},
		{"[::]:0", ReachableHost()},
	} {
		ln, shown, err := serveListener(env, tt.addr, "", true)
		if err != nil {
			t.Fatal(err)
		}
		ln.Close()
		u, err := url.Parse(shown)
		if err != nil {
			t.Fatal(err)
		}
		if u.Hostname() != tt.want {
			t.Errorf("--addr %s: shown %s, want host %s", tt.addr, shown, tt.want)
		}
		if ip := net.ParseIP(u.Hostname()); ip == nil || ip.IsUnspecified() {
			t.Errorf("shown %s is no address to reach", shown)
		}
	}
	if h := ReachableHost(); h != "127.0.0.1" {
		if ip := net.ParseIP(h); ip == nil || ip.IsLoopback() || !ip.IsGlobalUnicast() {
			t.Errorf("ReachableHost = %s, want a unicast address of another interface", h)
		}
	}
}
