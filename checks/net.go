package checks

import (
	"strings"
	"sync"

	"github.com/wardenhq/warden/danger"
	"github.com/wardenhq/warden/internal/fspath"
	"github.com/wardenhq/warden/internal/lazyre"
	"github.com/wardenhq/warden/netclass"
	"github.com/wardenhq/warden/pathclass"
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
		s := values(c, "-S")
		if len(s) == 0 {
			return
		}
		bind = s[len(s)-1].Value
		if t := values(c, "-t"); len(t) > 0 {
			dir = c.Resolve(t[len(t)-1])
		}
	} else {
		if b := values(c, "-a", "--listen"); len(b) > 0 {
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
	mods := values(c, "-m")
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

// Curl judges an HTTP client's request: the files it uploads, secrets in
// its body or query string, the hosts it talks to, and requests that
// delete.
func Curl(c Call) {
	ops := c.Args()
	for _, f := range CurlUploads(c) {
		p := c.Resolve(f)
		if f.Value == "-" {
			pipeExfil(c, "sends its input")
			continue
		}
		if p != "" && c.Sensitive(p) {
			c.Flag(danger.Exfiltration, "uploads "+p+" to another machine")
		}
	}
	// The entries say which words are values and which URLs, in every
	// spelling (-XDELETE, --request=DELETE, --data-b=x).
	urls, data, method := c.Operands(), values(c, "-d", "--data", "--data-binary", "--post-data", "--raw"), values(c, "-X", "--request", "--method")
	judgeHosts(c, urls)
	for _, d := range data {
		if SecretExpansion(d.Raw) || d.Subst && (strings.Contains(d.Raw, "env") || strings.Contains(d.Raw, ".ssh") || strings.Contains(d.Raw, "cat ")) {
			c.Flag(danger.Exfiltration, "sends secrets or the environment in the request body")
		}
	}
	for _, x := range urls {
		u := x.Raw
		if q := strings.IndexByte(u, '?'); q >= 0 && SecretExpansion(u[q:]) {
			c.Flag(danger.Exfiltration, "puts a secret in the query string of "+x.Value)
		}
		if c.InXargs() && strings.Contains(x.Value, "{}") {
			pipeExfil(c, "sends its input in the URL")
		}
	}
	isDelete := len(method) > 0 && strings.EqualFold(method[0].Value, "DELETE")
	if c.Parse().Spec != nil && c.Parse().Spec.Talk.Method == "" && len(urls) > 1 && strings.ToUpper(urls[0].Value) == urls[0].Value && strings.Trim(urls[0].Value, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") == "" {
		// httpie and xh: METHOD URL
		isDelete = isDelete || urls[0].Value == "DELETE"
		urls = urls[1:]
	}
	flagged := false
	if isDelete {
		for _, x := range ops {
			if strings.Contains(x.Value, "_all") || strings.HasSuffix(x.Value, "/*") || strings.HasSuffix(x.Value, "*") && strings.Contains(x.Value, "://") || ProdName(x.Value) && !strings.HasPrefix(x.Value, "-") {
				c.Flag(danger.DBDestructive, "sends DELETE to "+x.Value)
				flagged = true
				break
			}
		}
	}
	if !flagged {
		destructiveRequest(c, isDelete, urls, data)
	}
	if c.Program() == "wget" || c.Program() == "curl" {
		if c.Parse().Has("--post-file") {
			// judged with the uploads above for curl; wget here
			for _, p := range c.Reads() {
				if c.Sensitive(p) {
					c.Flag(danger.Exfiltration, "uploads "+p+" to another machine")
				}
			}
		}
	}
}

// pipeExfil flags a network sink fed by a sensitive source upstream.
func pipeExfil(c Call, how string) {
	for _, u := range c.Upstream() {
		if src := u.Flow().SensitiveOutput; src != "" {
			c.Flag(danger.Exfiltration, how+": "+src+" leaves the machine")
			return
		}
	}
}

// Netcat flags a raw network pipe that hands a shell to the network or
// sends a secret or files to another machine.
func Netcat(c Call) {
	// The entries say which options and operands run a program: nc -e
	// FILE, -c CMD, ncat --exec and its prefixes, socat's EXEC: and
	// SYSTEM: addresses; and which letters take a value (in -lvnpe the e
	// is the port).
	res := c.Parse()
	execs := c.HasEffect(programs.Exec)
	scans, listens := res.Has("-z"), res.Has("-l")
	switch c.Program() {
	case "socat":
		if execs {
			c.Flag(danger.RemoteAccess, "socat connects a shell or command to the network")
		}
		return
	case "openssl":
		if sub, _ := c.Sub(); sub != "s_client" {
			return
		}
	case "telnet":
		listens = false // telnet -l is the user name
	}
	if execs {
		c.Flag(danger.RemoteAccess, c.Program()+" hands a shell to the network")
		return
	}
	pipe := c.Pipeline()
	for _, o := range pipe {
		if o.Flow().StdinShell {
			c.Flag(danger.RemoteAccess, "a shell's input and output are wired to "+c.Program()+": a reverse shell")
			return
		}
	}
	if scans || listens && pipe == nil {
		return
	}
	for _, u := range c.Upstream() {
		if src := u.Flow().SensitiveOutput; src != "" {
			c.Flag(danger.Exfiltration, "sends "+src+" to another machine with "+c.Program())
			return
		}
		if u.Program() == "cat" || u.Program() == "tar" || u.Program() == "zip" {
			c.Flag(danger.Exfiltration, "sends file contents to another machine with "+c.Program())
			return
		}
	}
	for _, r := range c.Redirects() {
		if r.Op == syntax.RdrIn {
			c.Flag(danger.Exfiltration, "sends "+r.Target.Value+" to another machine with "+c.Program())
			return
		}
	}
}

// SSH flags options that run local commands and remote port forwarding,
// and judges what is piped into ssh; the command it runs is SSHCommand's.
func SSH(c Call) {
	for _, o := range values(c, "-o") {
		lo := strings.ToLower(o.Value)
		if strings.HasPrefix(lo, "proxycommand") || strings.HasPrefix(lo, "localcommand") || strings.HasPrefix(lo, "knownhostscommand") {
			c.Flag(danger.RemoteExec, "ssh -o "+o.Value+" runs a local command")
		}
	}
	if c.Parse().Has("-R") {
		lower := strings.ToLower(c.Text())
		risk := medium
		if strings.Contains(lower, "serveo") || strings.Contains(lower, "localhost.run") || strings.Contains(lower, "pinggy") || strings.Contains(lower, "ngrok") {
			risk = high
		}
		c.FlagAt(danger.RemoteAccess, "ssh -R exposes a local port on another machine", risk)
	}
	pipeExfil(c, "pipes into ssh")
}

// SSHCommand hands the walk the command ssh runs: as run here, in the
// home directory, for ssh localhost CMD; as run elsewhere otherwise.
func SSHCommand(c Finder) {
	// The destination is the entry's first operand: ssh's options end
	// there, and every word after it, options of the remote command
	// included, is the command (ssh host rm -rf /). The entry reads the
	// options in every spelling (-vp 22, -p22, -oX=y).
	ops := c.Args()
	host := -1
	if idx := c.Parse().OperandIndexes; len(idx) > 0 {
		host = idx[0]
	}
	if host < 0 || host+1 >= len(ops) {
		return
	}
	words := make([]string, 0, len(ops)-host-1)
	for _, x := range ops[host+1:] {
		words = append(words, x.Value)
	}
	name := ops[host].Value
	if i := strings.LastIndexByte(name, '@'); i >= 0 {
		name = name[i+1:]
	}
	if localHost(name) {
		// ssh localhost CMD runs CMD here: its pieces are parts like any
		// other's.
		c.Here(strings.Join(words, " "))
		return
	}
	c.Remote(strings.Join(words, " "))
}

// localHost reports a host name or address that is this machine.
func localHost(h string) bool {
	h = strings.ToLower(strings.Trim(h, "[]"))
	switch h {
	case "localhost", "localhost.localdomain", "ip6-localhost", "::1", "0.0.0.0", "0", "::":
		return true
	}
	return strings.HasPrefix(h, "127.") || strings.HasSuffix(h, ".localhost")
}

// Scp flags copying a secret or a whole tree to another machine, to a
// production host, or into another machine's system directories.
func Scp(c Call) {
	pos := c.Operands()
	if len(pos) < 2 {
		return
	}
	dst := pos[len(pos)-1]
	if !fspath.Remote(dst.Value) {
		return
	}
	for _, s := range pos[:len(pos)-1] {
		p := c.Resolve(s)
		if p == "" {
			continue
		}
		if c.SensitiveTree(p) {
			c.Flag(danger.Exfiltration, "copies "+p+" to another machine")
			return
		}
	}
	host := strings.ToLower(dst.Value[:strings.IndexByte(dst.Value, ':')])
	if ProdName(host) {
		c.Flag(danger.PublishDeploy, "copies files to the production host "+host)
	}
	RemoteSystemWrite(c, dst.Value)
}

// dataStorePorts are the loopback ports of data stores an HTTP API
// manages: Elasticsearch/OpenSearch, Meilisearch, CouchDB, InfluxDB,
// Solr, Typesense, Qdrant, Prometheus, ClickHouse.
// The set is built on first use, not by every warden process at start-up.
var dataStorePorts = sync.OnceValue(func() wordSet {
	return newWordSet("9200 9201 9300 7700 5984 8086 8983 8108 6333 9090 8123")
})

// destructiveRequest judges an HTTP request that deletes: the DELETE
// method, or a delete action in the URL (_delete_by_query, doDelete,
// delete_series, delete-batch) or in a GraphQL mutation. Sent to another
// machine it deletes something the agent cannot restore (R13); sent to a
// data store on this machine it drops a collection (R4), unless it names
// one document. A request to the project's own development server on
// loopback is the project's business.
func destructiveRequest(c Call, isDelete bool, urls, data []Word) {
	action := ""
	for _, d := range data {
		l := strings.ToLower(d.Value)
		if strings.Contains(l, "mutation") && strings.Contains(l, "delete") {
			action = "a GraphQL delete mutation"
		}
	}
	for _, x := range urls {
		host, port, p := splitURL(x.Value)
		if host == "" && p == "" {
			continue
		}
		what := action
		if isDelete {
			what = "DELETE"
		}
		for _, seg := range strings.Split(strings.ToLower(p), "/") {
			if seg == "_delete_by_query" || seg == "dodelete" || seg == "delete_series" || seg == "delete-batch" || seg == "delete" || strings.HasPrefix(seg, "_delete_by_query?") || strings.HasPrefix(seg, "delete_series?") {
				what = "a delete action"
			}
		}
		if what == "" {
			continue
		}
		snapshot := strings.Contains(p, "/_snapshot/")
		local := loopbackHost(host)
		if local {
			single := strings.Contains(p, "/_doc/") || strings.Contains(p, "/documents/") && !strings.HasSuffix(strings.TrimSuffix(p, "/"), "/documents") && !strings.Contains(p, "delete-batch")
			if !dataStorePorts()[port] || single && !snapshot {
				continue
			}
		}
		switch {
		case snapshot:
			c.Flag(danger.BackupDestruction, "sends "+what+" to the snapshot "+x.Value)
		case local:
			c.Flag(danger.DBDestructive, "sends "+what+" to the local data store "+x.Value)
		default:
			c.Flag(danger.CloudDestructive, "sends "+what+" to "+x.Value+" on another machine")
		}
		return
	}
}

// splitURL returns the host, port and path of a URL as curl or httpie
// take it: with or without a scheme; httpie's :PORT/PATH is localhost.
func splitURL(u string) (host, port, path string) {
	if i := strings.Index(u, "://"); i >= 0 {
		u = u[i+3:]
	} else if strings.HasPrefix(u, "-") || !strings.ContainsAny(u, "/:.") {
		return "", "", ""
	}
	if strings.HasPrefix(u, ":") {
		u = "localhost" + u
	}
	hp := u
	if i := strings.IndexAny(u, "/?#"); i >= 0 {
		hp, path = u[:i], u[i:]
	}
	if i := strings.LastIndexByte(hp, '@'); i >= 0 {
		hp = hp[i+1:]
	}
	host = hp
	if i := strings.LastIndexByte(hp, ':'); i >= 0 && !strings.HasSuffix(hp, "]") {
		host, port = hp[:i], hp[i+1:]
	}
	if path == "" {
		path = "/"
	}
	return strings.ToLower(strings.Trim(host, "[]")), port, path
}

// loopbackHost reports a host name of this machine.
func loopbackHost(h string) bool {
	return h == "localhost" || strings.HasPrefix(h, "127.") || h == "::1" || h == "0.0.0.0" || strings.HasSuffix(h, ".localhost")
}

// CurlUploads returns the files curl sends: -d @f, --data-binary @f,
// -F name=@f, -T f, as the call's entry reads the options (-d@f, --data=@f,
// --data-b @f, -sd @f alike). The other clients Curl judges are read
// with their own entries, under curl's option names: an entry that
// declares none of them (wget, httpie's -F is --follow) sends nothing
// here.
func CurlUploads(c Call) []Word {
	var out []Word
	for _, v := range values(c, "-d", "--data") {
		if f, ok := strings.CutPrefix(v.Value, "@"); ok {
			v.Value = f
			out = append(out, v)
		}
	}
	for _, long := range []string{"--data-binary", "--data-raw", "--data-ascii", "--data-urlencode", "--json"} {
		for _, v := range values(c, long) {
			if i := strings.IndexByte(v.Value, '@'); i >= 0 && long != "--data-raw" {
				v.Value = v.Value[i+1:]
				out = append(out, v)
			}
		}
	}
	for _, v := range values(c, "-F", "--form") {
		if i := strings.Index(v.Value, "=@"); i >= 0 {
			f := v.Value[i+2:]
			if j := strings.IndexByte(f, ';'); j >= 0 {
				f = f[:j]
			}
			v.Value = f
			out = append(out, v)
		} else if i := strings.Index(v.Value, "=<"); i >= 0 {
			v.Value = v.Value[i+2:]
			out = append(out, v)
		}
	}
	out = append(out, values(c, "-T", "--upload-file")...)
	// Headers, query parts and cookies read from a file are sent too:
	// -H @FILE, --url-query [NAME]@FILE, -b FILE (a value with no = is a
	// cookie file).
	for _, v := range values(c, "-H", "--header") {
		if f, ok := strings.CutPrefix(v.Value, "@"); ok && f != "-" {
			v.Value = f
			out = append(out, v)
		}
	}
	for _, v := range values(c, "--url-query") {
		if i := strings.IndexByte(v.Value, '@'); i >= 0 && !strings.HasPrefix(v.Value, "+") && !strings.Contains(v.Value[:i], "=") {
			v.Value = v.Value[i+1:]
			out = append(out, v)
		}
	}
	for _, v := range values(c, "-b", "--cookie") {
		if v.Value != "" && v.Value != "-" && !strings.Contains(v.Value, "=") {
			out = append(out, v)
		}
	}
	return out
}

// judgeHosts judges the hosts an HTTP client talks to by value
// (netclass): every URL operand, the URLs in their query strings when the
// client follows redirects, and the addresses in option values that
// route a request elsewhere (curl --resolve HOST:PORT:ADDR,
// --connect-to, -x/--proxy).
func judgeHosts(c Call, urls []Word) {
	// The entries say which option follows redirects, in every spelling
	// (curl -sL, --loc, httpie -F, --foll); wget and aria2c follow them
	// unasked.
	follows := c.Program() == "wget" || c.Program() == "aria2c" || c.Parse().Has("--location", "--location-trusted", "--follow")
	for _, u := range urls {
		if classifiedHost(c, u.Value, "") {
			return
		}
		if follows {
			for _, r := range netclass.Redirects(u.Value) {
				if classifiedHost(c, r, " (a redirect in "+u.Value+")") {
					return
				}
			}
		}
	}
	for _, x := range c.Args() {
		if !strings.ContainsAny(x.Value, ":.") || strings.Contains(x.Value, "://") {
			continue
		}
		for _, piece := range strings.FieldsFunc(x.Value, func(r rune) bool { return r == ':' || r == ',' || r == '=' || r == ' ' || r == '[' || r == ']' }) {
			if ip, ok := netclass.ParseIP(piece); ok && strings.Contains(piece, ".") {
				if cls := netclass.Classify(netclass.Host{Name: ip.String(), Addr: ip}); cls != nil && len(cls.Loopback) == 0 {
					flagHost(c, cls, "reads "+cls.Name+", where "+x.Value+" routes the request")
					return
				}
			}
		}
	}
}

// classifiedHost flags a request to a URL whose host is in a class.
func classifiedHost(c Call, raw, how string) bool {
	cls, _ := netclass.ClassifyURL(raw)
	if cls == nil {
		return false
	}
	flagHost(c, cls, "reads "+cls.Name+how)
	return true
}

// flagHost flags a request to a host of the class, in the class's category.
func flagHost(c Call, cls *netclass.Class, description string) {
	switch cls.Category {
	case danger.Privilege:
		c.Flag(danger.Privilege, description)
	default:
		c.Flag(danger.CredentialAccess, description)
	}
}

// XargsRead flags reading the files a find selected for their
// secret-looking names (find ~ -name id_rsa* | xargs cat).
func XargsRead(c Call) {
	if !c.InXargs() {
		return
	}
	for _, u := range c.Upstream() {
		for _, x := range u.Names() {
			// echo ~/.ssh/id_rsa | xargs cat: the names are words of the
			// command.
			p := u.Resolve(x)
			if p == "" {
				continue
			}
			if file, _ := c.CredentialReach(p); file || pathclass.SecretEnv.Is(p, "") {
				c.Flag(danger.CredentialAccess, "prints "+p+", which "+u.Program()+" hands to xargs")
				return
			}
		}
		if !findExpression(u) {
			continue
		}
		fi := ParseFind(u.Args())
		for _, n := range fi.Names {
			probe := "/x/" + strings.ReplaceAll(strings.ReplaceAll(n, "*", ""), "?", "")
			if strings.HasPrefix(n, "*") {
				probe = "/x/key" + strings.TrimPrefix(n, "*")
			}
			if c.Credential(probe) || pathclass.SecretEnv.Is(probe, "") || strings.Contains(n, "id_rsa") || strings.Contains(n, "id_ed25519") || strings.HasSuffix(n, ".pem") || strings.HasSuffix(n, ".key") {
				c.Flag(danger.CredentialAccess, "prints every file named "+n+" that find locates")
				return
			}
		}
	}
}

// EnvDump flags printing secrets from the environment: printenv
// TOKEN, echo $API_KEY, env | grep -i secret.
func EnvDump(c Call) {
	ops := c.Args()
	switch c.Program() {
	case "printenv":
		for _, x := range c.Operands() {
			if SecretVarName(x.Value) {
				c.Flag(danger.CredentialAccess, "prints the secret "+x.Value)
				return
			}
		}
	case "echo", "printf":
		if c.Flow().OutputMasked || writesFile(c) {
			return
		}
		for _, x := range ops {
			if SecretExpansion(x.Raw) {
				c.Flag(danger.CredentialAccess, "prints a secret from the environment ("+x.Raw+")")
				return
			}
		}
	case "jq", "gojq":
		if c.Flow().OutputMasked {
			return
		}
		for _, e := range c.Effects() {
			if e.Lang != programs.LangJq {
				continue
			}
			if v := jqSecretVar(e.Target); v != "" {
				c.Flag(danger.CredentialAccess, "prints the secret "+v+" from the environment")
				return
			}
		}
	case "npm", "pnpm", "yarn":
		// npm config get //registry/:_authToken prints the token: the
		// subcommands and keys as the entry reads them (npm's entry
		// knows config get, pnpm's and yarn's config alone).
		seq := strings.Fields(c.Parse().Sub())
		for _, x := range c.Operands() {
			seq = append(seq, x.Value)
		}
		if len(seq) >= 3 && seq[0] == "config" && seq[1] == "get" && !c.Flow().OutputMasked {
			for _, k := range seq[2:] {
				if l := strings.ToLower(k); strings.Contains(l, "_auth") || strings.Contains(l, "token") || strings.Contains(l, "_password") {
					c.Flag(danger.CredentialAccess, c.Program()+" config get prints the registry credential "+k)
					return
				}
			}
		}
	case "ps":
		if !c.Flow().OutputMasked && ProcessesEnv(c.Parse().Spec, c.Args()) {
			c.Flag(danger.CredentialAccess, "prints every process's environment, secrets included (BSD e)")
		}
	case "grep", "egrep", "rg":
		if len(c.Reads()) > 0 {
			return
		}
		fromEnv := false
		for _, u := range c.Upstream() {
			if u.Flow().PrintsEnv != "" {
				fromEnv = true
			}
		}
		if !fromEnv || !c.Flow().Prints {
			return
		}
		for _, x := range ops {
			if SecretVarName(x.Value) {
				c.Flag(danger.CredentialAccess, "prints secrets from the environment")
				return
			}
		}
	}
}

// jqEnvVar matches one variable read through jq's $ENV or env:
// $ENV.NAME, env.NAME, $ENV["NAME"], $ENV | .NAME.
var jqEnvVar = lazyre.Compile(`(?:\$ENV|(?:^|[^.$\w])env)\s*(?:\|\s*)?(?:\.\s*"?|\[\s*")([A-Za-z_][A-Za-z0-9_]*)`)

// jqSecretVar returns the secret-named variable jq code reads from the
// environment, or "".
func jqSecretVar(code string) string {
	for _, m := range jqEnvVar.FindAllStringSubmatch(code, 8) {
		if SecretVarName(m[1]) {
			return m[1]
		}
	}
	return ""
}

// ProcessesEnv reports a call given option letters its entry says print
// every process's environment (Env.Processes: ps eww, ps auxe).
func ProcessesEnv(spec *programs.Spec, args []Word) bool {
	if spec == nil || spec.Env.Processes == "" {
		return false
	}
	ws := make([]string, len(args))
	for i, x := range args {
		ws[i] = x.Value
	}
	return spec.Env.OfProcesses(ws)
}

// writesFile reports an output redirection of the call to a file (not
// /dev/null, not a descriptor).
func writesFile(c Call) bool {
	for _, t := range c.Outputs() {
		if !fspath.NotAFile(t.Value) {
			return true
		}
	}
	return false
}
