package serve

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"io"
	"math/big"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
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

func TestServeTLS(t *testing.T) {
	dir := t.TempDir()
	certFile, keyFile := filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "warden"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, KeyUsage: x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	kder, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kder}), 0o600); err != nil {
		t.Fatal(err)
	}
	env := Env{Stdout: io.Discard, Stderr: io.Discard}
	raw, addr, err := serveListener(env, "127.0.0.1:0", "", false)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	for _, bad := range [][2]string{{certFile, ""}, {"", keyFile}, {keyFile, certFile}} {
		if _, _, err := serveTLS(raw, addr, bad[0], bad[1]); err == nil {
			t.Errorf("serveTLS(%q, %q) accepted", bad[0], bad[1])
		}
	}
	if _, _, err := serveTLS(raw, "unix:/tmp/s", certFile, keyFile); err == nil {
		t.Error("TLS on a Unix socket accepted")
	}
	ln, shown, err := serveTLS(raw, addr, certFile, keyFile)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(shown, "https://127.0.0.1:") {
		t.Errorf("shown %s, want https", shown)
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok") })}
	go srv.Serve(ln)
	defer srv.Close()
	pool := x509.NewCertPool()
	pool.AddCert(must(x509.ParseCertificate(der)))
	client := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}}, Timeout: 10 * time.Second}
	resp, err := client.Get(shown + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if string(body) != "ok" {
		t.Errorf("body %q", body)
	}
	if _, err := (&http.Client{Timeout: 10 * time.Second}).Get("http://" + strings.TrimPrefix(shown, "https://")); err == nil {
		// Plain HTTP to a TLS port gets a 400 from the TLS layer, never the page.
		t.Log("plain HTTP got an answer from the TLS port (the TLS layer's 400)")
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
