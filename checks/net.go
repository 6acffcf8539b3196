package checks

import (
	"strings"

	"github.com/wardenhq/warden/danger"
	"github.com/wardenhq/warden/programs"
	"mvdan.cc/sh/v3/syntax"
)

// SecretVarName reports variable names that hold secrets.
func SecretVarName(s string) bool {
	u := strings.ToUpper(s)
	for _, w := range []string{"KEY", "TOKEN", "SECRET", "PASSWORD", "PASSWD", "PASS", "CREDENTIAL", "AUTH", "COOKIE", "SESSION", "PRIVATE", "API"} {
		if strings.Contains(u, w) {
			return true
		}
	}
	return strings.HasPrefix(u, "AWS_") || strings.HasPrefix(u, "GH_") || strings.HasPrefix(u, "GITHUB_") || strings.HasPrefix(u, "OPENAI") || strings.HasPrefix(u, "ANTHROPIC")
}

// SecretExpansion reports text that expands a secret-named variable
// ($API_KEY, ${GITHUB_TOKEN}).
func SecretExpansion(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] != '$' {
			continue
		}
		j := i + 1
		if j < len(s) && s[j] == '{' {
			j++
		}
		k := j
		for k < len(s) && nameByte(s[k]) {
			k++
		}
		if k > j && SecretVarName(s[j:k]) {
			return true
		}
	}
	return false
}

// nameByte reports a byte of a shell variable name.
func nameByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '_'
}

// DNS flags a name lookup whose name is built from command output or
// secrets: the lookup itself carries it to the name's server.
func DNS(c Call) {
	for _, x := range c.Args() {
		if x.Subst && x.Unbound || SecretExpansion(x.Raw) {
			c.Flag(danger.Exfiltration, "looks up a name built from command output or secrets, which leaks it over DNS")
			return
		}
	}
}

// StdinExfil flags a network program whose standard input is a secret
// file: http POST URL < ~/.aws/credentials sends it.
func StdinExfil(c Call) {
	for _, r := range c.Redirects() {
		if r.Op != syntax.RdrIn || r.FD != "" && r.FD != "0" {
			continue
		}
		if p := c.Resolve(r.Target); p != "" && c.Sensitive(p) {
			c.Flag(danger.Exfiltration, c.Program()+" sends "+p+", its standard input, to another machine")
			return
		}
	}
}

// StaticServer flags a static file server over a directory outside the
// project bound beyond the loopback: npx http-server ~, serve /, php -S
// 0.0.0.0:80 -t ~.
func StaticServer(c Call) {
	// Where it binds and what it serves are read through the entries:
	// php -S ADDR -t DIR, http-server DIR -a ADDR, serve DIR -l ADDR, in
	// every spelling (-S0.0.0.0:80, --listen=tcp://0.0.0.0:80).
	dir, bind := c.Dir(), ""
	if c.Program() == "php" {
		s := c.Values("-S")
		if len(s) == 0 {
			return
		}
		bind = s[len(s)-1].Value
		if t := c.Values("-t"); len(t) > 0 {
			dir = c.Resolve(t[len(t)-1])
		}
	} else {
		if b := c.Values("-a", "--listen"); len(b) > 0 {
			bind = b[len(b)-1].Value
		}
		if pos := c.Operands(); len(pos) > 0 {
			dir = c.Resolve(pos[0])
		}
	}
	if strings.Contains(bind, "127.0.0.1") || strings.Contains(bind, "localhost") || strings.Contains(bind, "::1") {
		return
	}
	if dir != "" && !c.InTree(dir) && (c.SensitiveTree(dir) || c.AboveTree(dir)) {
		c.Flag(danger.Exfiltration, "serves "+dir+" to the network")
	}
}

// HTTPServer flags python -m http.server serving a directory outside the
// project to the network.
func HTTPServer(c Call) {
	// The module python -m runs, and its own options after it, each read
	// through an entry (-mhttp.server, --bind=ADDR, --dir DIR).
	ops := c.Args()
	mods := c.Values("-m")
	if len(mods) == 0 {
		return
	}
	spec := programs.PythonModule(mods[0].Value)
	at := -1
	for _, o := range c.Parse().Options {
		if o.Option == "-m" {
			at = o.Index
			break
		}
	}
	if spec == nil || at < 0 || at >= len(ops) {
		return
	}
	words := make([]programs.Word, 0, len(ops)-at-1)
	for _, x := range ops[at+1:] {
		words = append(words, programs.Word{Text: x.Value, Literal: !x.Unbound && !x.Subst && !x.Glob})
	}
	res := programs.Parse(spec, words)
	if res.Help {
		return
	}
	if b, ok := res.Value("--bind"); ok && (strings.HasPrefix(b, "127.") || b == "localhost" || b == "::1") {
		return
	}
	dir := c.Dir()
	for _, o := range res.Options {
		if o.Option == "--directory" {
			dir = c.Resolve(UseWord(ops[at+1:], o))
		}
	}
	if dir == "" || !c.InTree(dir) {
		c.Flag(danger.Exfiltration, "serves "+dir+" to the whole network")
	}
}
