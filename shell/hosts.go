package shell

import (
	"strings"

	"github.com/wardenhq/warden/danger"
	"github.com/wardenhq/warden/netclass"
)

// checkHosts judges the hosts an HTTP client talks to by value
// (netclass): every URL operand, the URLs in their query strings when the
// client follows redirects, and the addresses in option values that
// route a request elsewhere (curl --resolve HOST:PORT:ADDR,
// --connect-to, -x/--proxy).
func (a *analyzer) checkHosts(c *call, urls []arg) {
	// The entries say which option follows redirects, in every spelling
	// (curl -sL, --loc, httpie -F, --foll); wget and aria2c follow them
	// unasked.
	follows := c.prog == "wget" || c.prog == "aria2c" || a.entryParse(c).Has("--location", "--location-trusted", "--follow")
	for _, u := range urls {
		if a.classifiedHost(c, u.Value, "") {
			return
		}
		if follows {
			for _, r := range netclass.Redirects(u.Value) {
				if a.classifiedHost(c, r, " (a redirect in "+u.Value+")") {
					return
				}
			}
		}
	}
	for _, x := range c.operands() {
		if !strings.ContainsAny(x.Value, ":.") || strings.Contains(x.Value, "://") {
			continue
		}
		for _, piece := range strings.FieldsFunc(x.Value, func(r rune) bool { return r == ':' || r == ',' || r == '=' || r == ' ' || r == '[' || r == ']' }) {
			if ip, ok := netclass.ParseIP(piece); ok && strings.Contains(piece, ".") {
				if cls := netclass.Classify(netclass.Host{Name: ip.String(), Addr: ip}); cls != nil && len(cls.Loopback) == 0 {
					a.flagHost(c, cls, "reads "+cls.Name+", where "+x.Value+" routes the request")
					return
				}
			}
		}
	}
}

// classifiedHost flags a request to a URL whose host is in a class.
func (a *analyzer) classifiedHost(c *call, raw, how string) bool {
	cls, _ := netclass.ClassifyURL(raw)
	if cls == nil {
		return false
	}
	a.flagHost(c, cls, "reads "+cls.Name+how)
	return true
}

// flagHost flags a request to a host of the class, in the class's category.
func (a *analyzer) flagHost(c *call, cls *netclass.Class, description string) {
	switch cls.Category {
	case danger.Privilege:
		a.flag(c, danger.Privilege, description)
	default:
		a.flag(c, danger.CredentialAccess, description)
	}
}
