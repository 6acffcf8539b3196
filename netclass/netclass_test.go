package netclass

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/wardenhq/warden/api"
)

func TestClassExamples(t *testing.T) {
	for _, c := range Classes {
		for _, u := range c.Reached {
			if got, h := ClassifyURL(u); got == nil || got.Name != c.Name {
				t.Errorf("%s: host %q not in %q", u, h.Name, c.Name)
			}
		}
		for _, u := range c.Passes {
			if got, h := ClassifyURL(u); got != nil {
				t.Errorf("%s: host %q is in %q", u, h.Name, got.Name)
			}
		}
	}
}

func TestParseIP(t *testing.T) {
	tests := []struct{ in, want string }{
		{"169.254.169.254", "169.254.169.254"},
		{"0xa9fea9fe", "169.254.169.254"},
		{"2852039166", "169.254.169.254"},
		{"0251.0376.0251.0376", "169.254.169.254"},
		{"169.254.43518", "169.254.169.254"},
		{"169.16689662", "169.254.169.254"},
		{"0xa9.0376.43518", "169.254.169.254"},
		{"0x7f.1", "127.0.0.1"},
		{"::ffff:169.254.169.254", "169.254.169.254"},
		{"::ffff:a9fe:a9fe", "169.254.169.254"},
		{"64:ff9b::a9fe:a9fe", "169.254.169.254"},
		{"::1", "::1"},
		{"fd00:ec2::254", "fd00:ec2::254"},
		{"256.1.1.1", ""},
		{"1.2.3.4.5", ""},
		{"08.1.1.1", ""},
		{"example.com", ""},
		{"1.2.3.", ""},
	}
	for _, tt := range tests {
		a, ok := ParseIP(tt.in)
		got := ""
		if ok {
			got = a.String()
		}
		if got != tt.want {
			t.Errorf("ParseIP(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestParseIPAgreesWithInetAton compares the IPv4 spellings with the C
// library's inet_aton, through Python's socket module.
func TestParseIPAgreesWithInetAton(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed")
	}
	ins := []string{"0xa9fea9fe", "2852039166", "0251.0376.0251.0376", "169.254.43518", "0xa9.0376.43518", "0x7f.1", "256.1.1.1", "1.2.3.4.5",
		"08.1.1.1", "0x100.1.1.1", "1.0x1000000", "1.2.0x10000", "4294967295", "4294967296", "0", "0x", "00", "1.2.3.4"}
	script := "import socket,sys\nfor a in sys.argv[1:]:\n try: print(socket.inet_ntoa(socket.inet_aton(a)))\n except OSError: print('')\n"
	out, err := exec.Command(py, append([]string{"-c", script}, ins...)...).Output()
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	for i, in := range ins {
		a, ok := ParseIP(in)
		got := ""
		if ok {
			got = a.String()
		}
		if got != want[i] {
			t.Errorf("ParseIP(%q) = %q, inet_aton says %q", in, got, want[i])
		}
	}
}

func TestParse(t *testing.T) {
	tests := []struct{ in, name, port string }{
		{"http://a:b@Example.COM.:8080/x?y", "example.com", "8080"},
		{"example.com/x", "example.com", ""},
		{"[::1]:80", "::1", "80"},
		{"http://[fe80::1%25eth0]/", "fe80::1", ""},
		{"//host/x", "host", ""},
		{"https://%6d%65tadata.google.internal/", "metadata.google.internal", ""},
	}
	for _, tt := range tests {
		h, err := Parse(tt.in)
		if err != nil || h.Name != tt.name || h.Port != tt.port {
			t.Errorf("Parse(%q) = %+v, %v; want %s port %q", tt.in, h, err, tt.name, tt.port)
		}
	}
}

func TestRedirects(t *testing.T) {
	got := Redirects("https://r.example.com/go?u=http%3A%2F%2F0xa9fea9fe%2Flatest%2F&x=1&to=https://a.example/?n=http://b.example/")
	want := []string{"http://0xa9fea9fe/latest/", "https://a.example/?n=http://b.example/", "http://b.example/"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("Redirects = %q, want %q", got, want)
	}
}

func FuzzParse(f *testing.F) {
	for _, c := range Classes {
		for _, u := range append(c.Reached, c.Passes...) {
			f.Add(u)
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		h, err := Parse(s)
		if err != nil {
			return
		}
		again, err := normalize(h.Name, h.Port)
		if err != nil || again.Name != h.Name {
			t.Fatalf("Parse(%q) = %q, not stable: %q %v", s, h.Name, again.Name, err)
		}
		_ = Classify(h)
		_ = Redirects(s)
	})
}

// TestClassCategoriesAreDeclared holds each class's category to the danger
// registry: the compiler holds it to a declared kind, and the HIGH risk
// Finding gives it must be within the category's highest.
func TestClassCategoriesAreDeclared(t *testing.T) {
	for _, c := range Classes {
		if max := c.Category.Risk(); api.RiskHigh.Rank() > max.Rank() {
			t.Errorf("%s: HIGH exceeds category %s's highest, %s", c.Name, c.Category, max)
		}
	}
}
