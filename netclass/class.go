package netclass

import (
	"net/netip"
	"strings"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/danger"
)

// Class is one kind of host an agent must not reach unasked.
type Class struct {
	// Name says what it is, for a finding's description.
	Name string
	// Category is the danger category a request to it raises.
	Category danger.Kind
	// Prefixes are the addresses, Names the host names (a name matches
	// itself and, with a leading ".", its subdomains).
	Prefixes []netip.Prefix
	Names    []string
	// Loopback, when set, limits the class to these ports on this machine
	// (localhost, 127.0.0.0/8, ::1, 0.0.0.0).
	Loopback []string
	// Reached are URLs in the class, Passes look-alikes that are not
	// (both run as tests).
	Reached, Passes []string
}

func pfx(ss ...string) []netip.Prefix {
	out := make([]netip.Prefix, len(ss))
	for i, s := range ss {
		out[i] = netip.MustParsePrefix(s)
	}
	return out
}

// Classes are the declared classes, in the order they are tried.
var Classes = []Class{
	{Name: "the cloud metadata service, which hands out credentials", Category: danger.CredentialAccess,
		// 169.254.169.254 is where AWS, GCP, Azure, Oracle and
		// OpenStack (169.254.169.254), ECS (169.254.170.2) and EKS pod
		// identity (169.254.170.23) answer; Alibaba on 100.100.100.200;
		// Oracle's legacy 192.0.0.192; AWS over IPv6 on fd00:ec2::254
		// (and fd00:ec2::23 for EKS).
		Prefixes: pfx("169.254.169.254/32", "169.254.170.2/32", "169.254.170.23/32", "100.100.100.200/32", "192.0.0.192/32", "fd00:ec2::254/128", "fd00:ec2::23/128"),
		Names: []string{"metadata.google.internal", "metadata.goog", "metadata", "instance-data", "instance-data.ec2.internal",
			"metadata.azure.com", "metadata.tencentyun.com", "metadata.platformequinix.com"},
		Reached: []string{"http://169.254.169.254/latest/meta-data/", "http://0xa9fea9fe/", "http://2852039166/", "http://0251.0376.0251.0376/",
			"http://169.254.43518/", "http://0xa9.0376.43518/", "http://[::ffff:169.254.169.254]/", "http://[::ffff:a9fe:a9fe]/", "http://169.254.169.254./",
			"http://a@169.254.169.254/", "http://%31%36%39.254.169.254/", "http://[fd00:ec2::254]/", "http://[fd00:ec2::254%25eth0]/",
			"http://METADATA.GOOGLE.INTERNAL./computeMetadata/v1/", "http://100.100.100.200/latest/meta-data/", "http://169.254.170.2/v2/credentials",
			"http://[64:ff9b::a9fe:a9fe]/", "http://[::169.254.169.254]/", "0xa9fea9fe/latest/meta-data/"},
		Passes: []string{"http://169.254.1.1/status", "https://169.254.169.254.nip.example.com/", "https://metadata.google.internal.example.com/", "http://10.0.0.5/", "https://example.com/"}},
	{Name: "a daemon on this machine that hands out the machine (the Docker API, the kubelet, etcd, a browser's debugging port)", Category: danger.Privilege,
		Loopback: []string{"2375", "2376", "10250", "10255", "2379", "9222"},
		Reached:  []string{"http://127.0.0.1:2375/containers/json", "http://localhost:2375/v1.41/containers/create", "http://0x7f000001:10250/pods", "http://[::1]:9222/json"},
		Passes:   []string{"http://localhost:3000/", "http://127.0.0.1:8080/health", "https://example.com:2375/"}},
}

// Classify returns the class of a host, or nil.
func Classify(h Host) *Class {
	for i := range Classes {
		c := &Classes[i]
		if len(c.Loopback) > 0 {
			if loopback(h) && contains(c.Loopback, h.Port) {
				return c
			}
			continue
		}
		if h.Addr.IsValid() {
			for _, p := range c.Prefixes {
				if p.Contains(h.Addr) {
					return c
				}
			}
			continue
		}
		for _, n := range c.Names {
			if h.Name == n || strings.HasPrefix(n, ".") && strings.HasSuffix(h.Name, n) {
				return c
			}
		}
	}
	return nil
}

// ClassifyURL parses raw and classifies its host; nil when it has none or
// is in no class.
func ClassifyURL(raw string) (*Class, Host) {
	h, err := Parse(raw)
	if err != nil {
		return nil, h
	}
	return Classify(h), h
}

func loopback(h Host) bool {
	if h.Addr.IsValid() {
		return h.Addr.IsLoopback() || h.Addr.IsUnspecified()
	}
	return h.Name == "localhost" || strings.HasSuffix(h.Name, ".localhost")
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// Redirects returns the URLs in a URL's query string (its values, decoded
// once or twice): where a redirecting endpoint may send a client that
// follows redirects (curl -L, wget, WebFetch).
func Redirects(raw string) []string {
	q := strings.IndexByte(raw, '?')
	if q < 0 {
		return nil
	}
	var out []string
	for _, kv := range strings.FieldsFunc(raw[q+1:], func(r rune) bool { return r == '&' || r == ';' || r == '#' }) {
		_, v, ok := strings.Cut(kv, "=")
		if !ok {
			v = kv
		}
		for range 3 {
			if strings.Contains(strings.ToLower(v), "://") {
				out = append(out, v)
				out = append(out, Redirects(v)...)
				break
			}
			d, err := unescape(v)
			if err != nil || d == v {
				break
			}
			v = d
		}
	}
	return out
}

// Finding is the finding about a request to a host of the class.
func (c *Class) Finding(part, host string) api.Finding {
	return api.Finding{Category: c.Category.Slug(), Risk: api.RiskHigh, Part: part, Description: "reads " + c.Name + " (" + host + ")"}
}
