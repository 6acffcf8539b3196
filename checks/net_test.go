package checks

import "testing"

func TestSplitURL(t *testing.T) {
	for _, tc := range []struct{ in, host, port, path string }{
		{"http://localhost:9200/_all", "localhost", "9200", "/_all"},
		{"https://user:pw@API.example.com/v1/x?q=1", "api.example.com", "", "/v1/x?q=1"},
		{":9200/my-index", "localhost", "9200", "/my-index"},
		{"[::1]:8080/x", "::1", "8080", "/x"},
		{"example.com", "example.com", "", "/"},
		{"-XDELETE", "", "", ""},
		{"DELETE", "", "", ""},
	} {
		host, port, path := splitURL(tc.in)
		if host != tc.host || port != tc.port || path != tc.path {
			t.Errorf("splitURL(%q) = %q %q %q, want %q %q %q", tc.in, host, port, path, tc.host, tc.port, tc.path)
		}
	}
}

func TestLocalHost(t *testing.T) {
	for h, want := range map[string]bool{
		"localhost": true, "LOCALHOST": true, "127.0.0.1": true, "127.1.2.3": true, "[::1]": true, "0": true,
		"app.localhost": true, "web1": false, "localhost.example.com": false, "10.0.0.1": false,
	} {
		if got := localHost(h); got != want {
			t.Errorf("localHost(%q) = %v, want %v", h, got, want)
		}
	}
}

func TestSecretExpansion(t *testing.T) {
	for s, want := range map[string]bool{
		"$GITHUB_TOKEN": true, "token=${API_KEY}": true, "$AWS_PROFILE": true, "x$OPENAI_BASE": true,
		"$HOME": false, "$PATH/x": false, "GITHUB_TOKEN": false, "$": false, "${}": false,
	} {
		if got := SecretExpansion(s); got != want {
			t.Errorf("SecretExpansion(%q) = %v, want %v", s, got, want)
		}
	}
}
