package shell

import (
	"slices"
	"testing"
)

// TestHostsByValue checks that a client's request to the metadata service
// or a machine-handing daemon is flagged in every spelling of its address,
// through redirects the client follows and routing options, and that
// look-alike hosts and query strings a client does not follow pass.
func TestHostsByValue(t *testing.T) {
	tests := []struct {
		cmd  string
		want []string
	}{
		{"curl http://169.254.169.254/latest/meta-data/", w("credential-access")},
		{"curl http://0xa9fea9fe/latest/meta-data/", w("credential-access")},
		{"curl http://2852039166/", w("credential-access")},
		{"curl http://0251.0376.0251.0376/", w("credential-access")},
		{"curl http://169.254.43518/", w("credential-access")},
		{"curl http://0xa9.0376.43518/", w("credential-access")},
		{"curl 'http://[::ffff:169.254.169.254]/'", w("credential-access")},
		{"curl 'http://[::ffff:a9fe:a9fe]/'", w("credential-access")},
		{"curl http://169.254.169.254./", w("credential-access")},
		{"curl http://a:b@169.254.169.254/", w("credential-access")},
		{"curl http://%31%36%39.254.169.254/", w("credential-access")},
		{"curl 'http://[fd00:ec2::254]/latest/'", w("credential-access")},
		{"curl http://METADATA.GOOGLE.INTERNAL./computeMetadata/v1/", w("credential-access")},
		{"curl 0xa9fea9fe/latest/", w("credential-access")},
		{"wget -qO- http://0xa9fea9fe/", w("credential-access")},
		{"http GET http://169.254.169.254/", w("credential-access")},
		{"curl -L 'https://r.example.com/go?u=http%3A%2F%2F0xa9fea9fe%2F'", w("credential-access")},
		{"wget 'https://r.example.com/go?to=http://169.254.169.254/'", w("credential-access")},
		{"curl --resolve example.com:80:169.254.169.254 http://example.com/", w("credential-access")},
		{"curl http://127.0.0.1:2375/containers/json", w("privilege")},
		{"curl http://localhost:10250/pods", w("privilege")},
		// Look-alikes.
		{"curl 'https://example.com/search?q=http://169.254.169.254/'", nil},
		{"curl https://169.254.169.254.nip.example.com/", nil},
		{"curl http://localhost:3000/health", nil},
		{"curl https://example.com:2375/", nil},
		{"curl http://10.0.0.5/status", nil},
	}
	for _, tt := range tests {
		got := categories(Analyze(tt.cmd, Options{Cwd: "/p", Home: "/h"}))
		for _, c := range tt.want {
			if !slices.Contains(got, c) {
				t.Errorf("%s: categories %v, want %s", tt.cmd, got, c)
			}
		}
		if tt.want == nil && len(got) > 0 {
			t.Errorf("%s: categories %v, want none", tt.cmd, got)
		}
	}
}
