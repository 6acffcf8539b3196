package netclass

import (
	"errors"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
)

// Host is a normalised host.
type Host struct {
	// Name is the host as compared: a domain name in lower case without
	// trailing dots, or an IP address in its canonical form (IPv4 dotted
	// quad, also for an IPv6 address that reaches an IPv4 one).
	Name string
	// Addr is the address when Name is one.
	Addr netip.Addr
	// Port is the port given ("" when none).
	Port string
}

// ErrNoHost reports a URL or word without a host.
var ErrNoHost = errors.New("netclass: no host")

// Parse normalises the host of a URL (with a scheme) or of a host word
// (example.com, example.com:8080/path, user@host, [::1]:80), as a
// client given it on its command line reads it.
func Parse(raw string) (Host, error) {
	s := strings.TrimSpace(raw)
	if i := strings.Index(s, "://"); i >= 0 {
		s = s[i+3:]
	} else if strings.HasPrefix(s, "//") {
		s = s[2:]
	}
	if i := strings.IndexAny(s, "/?#\\"); i >= 0 {
		s = s[:i]
	}
	if i := strings.LastIndexByte(s, '@'); i >= 0 {
		s = s[i+1:]
	}
	host, port := s, ""
	if strings.HasPrefix(s, "[") {
		end := strings.IndexByte(s, ']')
		if end < 0 {
			return Host{}, errors.New("netclass: unterminated IPv6 literal")
		}
		host, port = s[1:end], strings.TrimPrefix(s[end+1:], ":")
	} else if i := strings.LastIndexByte(s, ':'); i >= 0 && strings.Count(s, ":") == 1 {
		host, port = s[:i], s[i+1:]
	}
	if dec, err := url.PathUnescape(host); err == nil {
		host = dec
	}
	return normalize(host, port)
}

func normalize(host, port string) (Host, error) {
	h := strings.ToLower(strings.TrimRight(host, "."))
	if i := strings.IndexByte(h, '%'); i >= 0 && strings.Contains(h, ":") {
		h = h[:i] // an IPv6 zone: fe80::1%eth0
	}
	if h == "" {
		return Host{}, ErrNoHost
	}
	if a, ok := ParseIP(h); ok {
		return Host{Name: a.String(), Addr: a, Port: port}, nil
	}
	return Host{Name: h, Port: port}, nil
}

// ParseIP reads an IP address in every spelling the network stack takes:
// IPv6 (an IPv4-mapped, -compatible or NAT64 one as its IPv4 address) and
// IPv4 as inet_aton reads it — one to four parts, each decimal, octal
// with a leading 0 or hexadecimal with 0x, the last filling the bytes
// left.
func ParseIP(s string) (netip.Addr, bool) {
	if strings.Contains(s, ":") {
		a, err := netip.ParseAddr(s)
		if err != nil {
			return netip.Addr{}, false
		}
		return unmap(a.WithZone("")), true
	}
	parts := strings.Split(s, ".")
	if len(parts) > 4 {
		return netip.Addr{}, false
	}
	var vals [4]uint64
	for i, p := range parts {
		v, ok := atonPart(p)
		if !ok {
			return netip.Addr{}, false
		}
		vals[i] = v
	}
	n := len(parts)
	for i := 0; i < n-1; i++ {
		if vals[i] > 255 {
			return netip.Addr{}, false
		}
	}
	if vals[n-1] >= 1<<(8*(5-n)) {
		return netip.Addr{}, false
	}
	var b [4]byte
	for i := 0; i < n-1; i++ {
		b[i] = byte(vals[i])
	}
	last := vals[n-1]
	for i := 3; i >= n-1; i-- {
		b[i] = byte(last)
		last >>= 8
	}
	return netip.AddrFrom4(b), true
}

func atonPart(p string) (uint64, bool) {
	if p == "" {
		return 0, false
	}
	base, digits := 10, p
	switch {
	case strings.HasPrefix(p, "0x") || strings.HasPrefix(p, "0X"):
		base, digits = 16, p[2:]
	case len(p) > 1 && p[0] == '0':
		base, digits = 8, p[1:]
	}
	v, err := strconv.ParseUint(digits, base, 32)
	return v, err == nil
}

// unmap returns the IPv4 address an IPv6 one reaches: ::ffff:a.b.c.d
// (mapped), ::a.b.c.d (compatible), 64:ff9b::a.b.c.d (NAT64).
func unmap(a netip.Addr) netip.Addr {
	if a.Is4In6() {
		return a.Unmap()
	}
	if !a.Is6() {
		return a
	}
	b := a.As16()
	zero := [12]byte{}
	nat64 := [12]byte{0, 0x64, 0xff, 0x9b}
	if [12]byte(b[:12]) == nat64 || [12]byte(b[:12]) == zero && (b[12] != 0 || b[13] != 0) {
		return netip.AddrFrom4([4]byte(b[12:]))
	}
	return a
}

func unescape(s string) (string, error) { return url.QueryUnescape(s) }
