package audit

import (
	"fmt"
	"github.com/wardenhq/warden/api"
	"regexp"
	"strings"
	"sync"
)

// Mask replaces every secret the Redactor finds.
const Mask = "[REDACTED]"

// builtinPatterns mask common secrets. Where a pattern has a group named
// "secret" only that group is masked, so the record still shows what kind
// of thing was there ("Authorization: Bearer [REDACTED]",
// "https://user:[REDACTED]@host").
var builtinPatterns = []struct {
	re string
	// hints are lower-case strings of which one must occur in a string for
	// the pattern to match it, so most strings skip most patterns.
	hints []string
}{
	// private key blocks
	{`-----BEGIN[A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----(?P<secret>[\s\S]*?)(-----END[A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----|$)`, []string{"private key"}},
	// OpenAI, Anthropic and similar "sk-" keys
	{`\bsk-(?:ant-|proj-|live-|test-)?[A-Za-z0-9_-]{16,}`, []string{"sk-"}},
	// Stripe and similar live/test keys
	{`\b[rsp]k_(?:live|test)_[A-Za-z0-9]{16,}`, []string{"k_live_", "k_test_"}},
	// AWS access key IDs, and secret keys given by name
	{`\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[A-Z0-9]{16}\b`, []string{"akia", "asia", "agpa", "aida", "aroa", "anpa", "anva", "aipa"}},
	{`(?i)aws_?secret_?access_?key["']?\s*[:=]\s*["']?(?P<secret>[A-Za-z0-9/+=]{40})`, []string{"aws"}},
	// GitHub, GitLab, Slack, Google, npm, PyPI, Hugging Face tokens
	{`\bgh[pousr]_[A-Za-z0-9]{36,}`, []string{"gh"}},
	{`\bgithub_pat_[A-Za-z0-9_]{22,}`, []string{"github_pat_"}},
	{`\bglpat-[A-Za-z0-9_-]{20,}`, []string{"glpat-"}},
	{`\bxox[abposr]-[A-Za-z0-9-]{10,}`, []string{"xox"}},
	{`\bAIza[0-9A-Za-z_-]{35}`, []string{"aiza"}},
	{`\bnpm_[A-Za-z0-9]{36}`, []string{"npm_"}},
	{`\bpypi-[A-Za-z0-9_-]{50,}`, []string{"pypi-"}},
	{`\bhf_[A-Za-z0-9]{30,}`, []string{"hf_"}},
	// More providers' tokens, each by its documented prefix: GitLab's
	// runner, deploy and other tokens; Slack app tokens and webhooks;
	// Google OAuth access tokens; Azure storage keys and SAS signatures;
	// SendGrid, Mailgun, DigitalOcean, Shopify, Databricks, Doppler,
	// Linear, Notion, Atlassian, Postman, Grafana, Telegram bots, Discord
	// webhooks, age keys, PuTTY keys, Groq, Replicate, Perplexity, xAI,
	// Stripe webhook secrets, Twilio API keys, Square.
	{`\bgl(?:rt|dt|cbt|ptt|ft|imt|agent|oas|soat)-[A-Za-z0-9_-]{20,}`, []string{"gl"}},
	{`\bxapp-\d-[A-Za-z0-9-]{20,}`, []string{"xapp-"}},
	{`https://hooks\.slack\.com/(?:services|workflows|triggers)/(?P<secret>[A-Za-z0-9/_-]{20,})`, []string{"hooks.slack.com"}},
	{`\bya29\.[A-Za-z0-9_-]{20,}`, []string{"ya29."}},
	{`(?i)\bAccountKey=(?P<secret>[A-Za-z0-9+/=]{20,})`, []string{"accountkey="}},
	{`(?i)[?&]sig=(?P<secret>[A-Za-z0-9%+/=_-]{10,})`, []string{"sig="}},
	{`\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}`, []string{"sg."}},
	{`\bkey-[0-9a-f]{32}\b`, []string{"key-"}},
	{`\bdo[opr]_v1_[a-f0-9]{64}\b`, []string{"_v1_"}},
	{`\bshp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}\b`, []string{"shp"}},
	{`\bdapi[a-f0-9]{32}\b`, []string{"dapi"}},
	{`\bdp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,}`, []string{"dp."}},
	{`\blin_(?:api|oauth)_[A-Za-z0-9]{40,}`, []string{"lin_"}},
	{`\bntn_[A-Za-z0-9]{40,}`, []string{"ntn_"}},
	{`\bATATT[A-Za-z0-9_=-]{30,}`, []string{"atatt"}},
	{`\bPMAK-[a-f0-9]{24}-[a-f0-9]{34}\b`, []string{"pmak-"}},
	{`\bgl(?:sa|c)_[A-Za-z0-9_+/=]{32,}`, []string{"glsa_", "glc_"}},
	{`\d{8,10}:(?P<secret>AA[A-Za-z0-9_-]{32,})`, []string{":aa"}},
	{`https://(?:ptb\.|canary\.)?discord(?:app)?\.com/api/webhooks/\d+/(?P<secret>[A-Za-z0-9_-]{30,})`, []string{"discord"}},
	{`\bAGE-SECRET-KEY-1[0-9A-Z]{50,}`, []string{"age-secret-key-"}},
	{`PuTTY-User-Key-File-\d:[^\n]*\n(?P<secret>[\s\S]*?)(?:Private-MAC:[^\n]*|$)`, []string{"putty-user-key-file"}},
	{`\bgsk_[A-Za-z0-9]{40,}`, []string{"gsk_"}},
	{`\br8_[A-Za-z0-9]{30,}`, []string{"r8_"}},
	{`\bpplx-[A-Za-z0-9]{40,}`, []string{"pplx-"}},
	{`\bxai-[A-Za-z0-9]{40,}`, []string{"xai-"}},
	{`\bwhsec_[A-Za-z0-9+/=]{24,}`, []string{"whsec_"}},
	{`\bSK[0-9a-fA-F]{32}\b`, []string{"sk"}},
	{`\bsq0(?:atp|csp)-[A-Za-z0-9_-]{22,}`, []string{"sq0"}},
	{`\bEAAA[A-Za-z0-9_-]{56,}`, []string{"eaaa"}},
	// a .netrc line: machine HOST login USER password PASSWORD
	{`(?i)\bmachine\s+\S+\s+(?:login\s+\S+\s+)?password\s+(?P<secret>\S+)`, []string{"machine"}},
	// JSON Web Tokens
	{`\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}`, []string{"eyj"}},
	// bearer and basic credentials in headers
	{`(?i)\bbearer\s+(?P<secret>[A-Za-z0-9._~+/=-]{8,})`, []string{"bearer"}},
	{`(?i)\b(?:proxy-)?authorization\s*:\s*(?:(?:basic|digest|token|bearer|negotiate|ntlm|aws4-hmac-sha256|apikey|sso-key)\s+)?(?P<secret>[^\s"']+(?:\s*,\s*[^\s"']+)*)`, []string{"authorization"}},
	// cookies in headers and given to curl
	{`(?i)\b(?:set-)?cookie\s*:\s*(?P<secret>[^"'\n]+)`, []string{"cookie"}},
	{`\bcurl\b[^\n|;&]*?\s(?:-b|--cookie)(?:\s+|=)` + secretWord, []string{"curl"}},
	// HashiCorp Vault tokens: hvs./hvb./hvr. and the older s./b. forms
	{`\bhv[sbr]\.[A-Za-z0-9_-]{20,}`, []string{"hvs.", "hvb.", "hvr."}},
	{legacyVaultRE, []string{"s.", "b."}},
	// passwords in URLs: scheme://user:PASSWORD@host
	{`(?i)\b[a-z][a-z0-9+.-]*://[^/\s:@"']*:(?P<secret>[^@\s/"']+)@`, []string{"://"}},
	// passwords and keys given by name: PASSWORD=…, "api_key": "…"
	{`(?i)(?:password|passwd|secret|token|api[_-]?key|access[_-]?key|client[_-]?secret)["']?\s*[=:]\s*["']?(?P<secret>[^\s"'&;,]{4,})`, []string{"pass", "secret", "token", "key"}},
	// … and as options: --password …, --token=…
	{`(?i)(?:^|\s)--?(?:password|passwd|pass|token|secret|api[_-]?key)[ =](?P<secret>[^\s"']+)`, []string{"pass", "token", "secret", "key"}},
	// curl -u user:password
	{`(?:^|\s)(?:-u|--user)\s+[^\s:]+:(?P<secret>[^\s]+)`, []string{"-u", "--user"}},
	// mysql -pPASSWORD
	{`(?i)\b(?:mysql|mariadb|mysqldump|mysqladmin|mysqlimport|mysqlsh)\b[^\n]*?\s-p(?P<secret>[^\s]+)`, []string{"mysql", "mariadb"}},
	// sshpass -p PASSWORD, -pPASSWORD
	{`\bsshpass\b[^\n|;&]*?\s-p\s*` + secretWord, []string{"sshpass"}},
	// registry and cloud logins: docker login -p PASS, az login -p PASS, …
	{`\b(?:docker|podman|nerdctl|buildah|skopeo|helm|oras|crane|az|oc|cf|argocd)\b[^\n|;&]*?\blogin\b[^\n|;&]*?\s(?:-p|--password|-P)(?:\s+|=)` + secretWord, []string{"login"}},
	// redis-cli -a PASSWORD (and --pass, covered above)
	{`\bredis-cli\b[^\n|;&]*?\s-a\s+` + secretWord, []string{"redis-cli"}},
	// htpasswd -b FILE USER PASSWORD, htpasswd -nb USER PASSWORD
	{`\bhtpasswd((?:\s+-[A-Za-z]+)*\s+-[A-Za-z]*b[A-Za-z]*)(?:\s+-[A-Za-z]+)*\s+[^\s-]\S*\s+\S+\s+` + secretWord, []string{"htpasswd"}},
	{`\bhtpasswd(?:\s+-[A-Za-z]+)*\s+-[A-Za-z]*n[A-Za-z]*b[A-Za-z]*(?:\s+-[A-Za-z]+)*\s+\S+\s+` + secretWord, []string{"htpasswd"}},
	{`\bhtpasswd(?:\s+-[A-Za-z]+)*\s+-[A-Za-z]*b[A-Za-z]*n[A-Za-z]*(?:\s+-[A-Za-z]+)*\s+\S+\s+` + secretWord, []string{"htpasswd"}},
	// a password piped or fed to sudo -S
	{`\b(?:echo|printf)(?:\s+-[neE]+)*\s+` + secretWord + `\s*\|\s*sudo\b[^\n|;&]*?\s-[A-Za-z]*S`, []string{"sudo"}},
	{`\bsudo\b[^\n|;&]*?\s-[A-Za-z]*S\b[^\n|;&]*?<<<\s*` + secretWord, []string{"sudo"}},
}

// secretWord is one shell word holding a secret: quoted, or up to the
// next space or operator.
const secretWord = `(?P<secret>'[^'\n]*'|"[^"\n]*"|[^\s'"|;&]+)`

// sensitiveKey names input fields whose whole value is a secret.
// (Case-insensitive: password, passwd, secret, token, api key, access key,
// private key, client secret — the two words joined directly, by "_" or by
// "-" — authorization, cookie. A plain function, not a regular expression:
// it runs for every input field of every call, in a process that lives a
// few milliseconds.)
func sensitiveKey(k string) bool {
	if len(k) > 3*len("client_secret") { // a folded letter takes at most 3 bytes
		return false
	}
	for _, name := range sensitiveKeys {
		if strings.EqualFold(k, name) { // the same case folding as (?i)
			return true
		}
	}
	return false
}

var sensitiveKeys = [...]string{
	"password", "passwd", "secret", "token", "authorization", "cookie",
	"apikey", "api_key", "api-key", "accesskey", "access_key", "access-key",
	"privatekey", "private_key", "private-key", "clientsecret", "client_secret", "client-secret",
}

// legacyVaultRE is HashiCorp Vault's older token form.
const legacyVaultRE = `\b[sb]\.[A-Za-z0-9]{24}\b`

// legacyVaultToken reports whether s holds what legacyVaultRE matches — "s." or "b." starting a word, then 24 letters or digits ending
// it — without the regular expression: "s." is in nearly every file name
// a decision's reason quotes (settings.json), and compiling and running the
// expression was a visible share of a hook call.
func legacyVaultToken(s string) bool {
	word := func(c byte) bool {
		return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
	}
	for i := 0; i+26 <= len(s); i++ {
		if (s[i] != 's' && s[i] != 'b') || s[i+1] != '.' || i > 0 && word(s[i-1]) {
			continue
		}
		n := 0
		for n < 24 && word(s[i+2+n]) && s[i+2+n] != '_' {
			n++
		}
		if n == 24 && (i+26 == len(s) || !word(s[i+26])) {
			return true
		}
	}
	return false
}

// pattern is one redaction pattern, compiled when first needed.
type pattern struct {
	re    *lazyRE
	hints []string // nil: always try
	// maybe, when set, must also be true of a string for the pattern to
	// match it: a cheaper test than the pattern, for a pattern whose
	// hints are common in ordinary text.
	maybe func(string) bool
}

// lazyRE is a regular expression compiled on first use (re set: compiled).
type lazyRE struct {
	src  string
	once sync.Once
	re   *regexp.Regexp
}

func (l *lazyRE) get() *regexp.Regexp {
	l.once.Do(func() {
		if l.re == nil {
			l.re = regexp.MustCompile(l.src)
		}
	})
	return l.re
}

// builtins are each compiled on first use — when a string holds one of the
// pattern's hints — keeping them off the start-up and most calls of every
// short-lived process. The list is built once, in two allocations (warden
// hook builds it on every call).
var builtins = sync.OnceValue(func() []pattern {
	res := make([]lazyRE, len(builtinPatterns))
	out := make([]pattern, len(builtinPatterns))
	for i, p := range builtinPatterns {
		res[i].src = p.re
		out[i] = pattern{re: &res[i], hints: p.hints}
		if p.re == legacyVaultRE {
			out[i].maybe = legacyVaultToken
		}
	}
	return out
})

// Redactor masks secrets in strings and in decoded JSON values: the built-in
// patterns plus any given. A nil *Redactor applies the built-ins.
type Redactor struct {
	patterns []pattern
}

// NewRedactor returns a Redactor applying the built-in patterns and extra
// (regular expressions in Go syntax, from settings' audit.redact). A
// pattern's group named "secret", when it has one, is what gets masked;
// otherwise the whole match is. An extra pattern that does not compile is an
// error naming it.
func NewRedactor(extra []string) (*Redactor, error) {
	r := &Redactor{patterns: append([]pattern(nil), builtins()...)}
	for i, p := range extra {
		re, err := regexp.Compile(p)
		if err != nil {
			return nil, fmt.Errorf("audit: redact pattern %d %q: %w", i+1, p, err)
		}
		if re.MatchString("") {
			return nil, fmt.Errorf("audit: redact pattern %d %q matches the empty string", i+1, p)
		}
		r.patterns = append(r.patterns, pattern{re: &lazyRE{src: p, re: re}})
	}
	return r, nil
}

func (r *Redactor) list() []pattern {
	if r == nil {
		return builtins()
	}
	return r.patterns
}

// String returns s with every secret masked.
func (r *Redactor) String(s string) string {
	if s == "" {
		return s
	}
	var held *hintSet // the patterns whose hints s holds, found when first needed
	for i, p := range r.list() {
		if p.hints != nil {
			if held == nil {
				held = hintsIn(strings.ToLower(s))
			}
			if !held.has(i) {
				continue
			}
		}
		if p.maybe != nil && !p.maybe(s) {
			continue
		}
		if masked := maskAll(p.re.get(), s); masked != s {
			s, held = masked, nil
		}
	}
	return s
}

// A hintSet holds the built-in patterns (by index) of which a string holds
// a hint.
type hintSet [(maxBuiltins + 63) / 64]uint64

// maxBuiltins bounds the built-in patterns (TestHintsIn).
const maxBuiltins = 128

func (h *hintSet) has(i int) bool { return i < maxBuiltins && h[i/64]&(1<<(i%64)) != 0 }

// hintsIn returns the built-in patterns of which lower holds a hint, in
// one pass over lower: the hints are indexed by their first byte, so each
// byte is compared only with the few hints that start with it, where
// asking each pattern's hints in turn searched the string about a hundred
// times (a visible share of a hook call, which masks every string of the
// record it writes).
func hintsIn(lower string) *hintSet {
	var held hintSet
	index := hintIndex()
	for i := 0; i+1 < len(lower); i++ {
		for _, h := range index[lower[i]] {
			if h.hint[1] == lower[i+1] && strings.HasPrefix(lower[i:], h.hint) {
				held[h.pattern/64] |= 1 << (h.pattern % 64)
			}
		}
	}
	return &held
}

type hintRef struct {
	hint    string
	pattern int
}

// hintIndex lists every built-in pattern's hints (two bytes or more) by
// their first byte.
var hintIndex = sync.OnceValue(func() *[256][]hintRef {
	if len(builtinPatterns) > maxBuiltins {
		panic("audit: more built-in patterns than a hintSet holds")
	}
	var count [256]int
	n := 0
	for _, p := range builtinPatterns {
		for _, h := range p.hints {
			if len(h) < 2 {
				panic("audit: a hint of fewer than two bytes: " + h)
			}
			count[h[0]]++
			n++
		}
	}
	var end [256]int // where each first byte's hints end in refs
	sum := 0
	for c := range end {
		sum += count[c]
		end[c] = sum
	}
	refs := make([]hintRef, n)
	for i := len(builtinPatterns) - 1; i >= 0; i-- { // filled from the back: pattern order kept
		hs := builtinPatterns[i].hints
		for j := len(hs) - 1; j >= 0; j-- {
			c := hs[j][0]
			end[c]--
			refs[end[c]] = hintRef{hs[j], i}
		}
	}
	var index [256][]hintRef
	for c := range index {
		if count[c] > 0 {
			index[c] = refs[end[c] : end[c]+count[c] : end[c]+count[c]]
		}
	}
	return &index
})

// maskAll masks every match of re in s: its "secret" group when it has one,
// else the whole match.
func maskAll(re *regexp.Regexp, s string) string {
	group := re.SubexpIndex("secret")
	matches := re.FindAllStringSubmatchIndex(s, -1)
	if matches == nil {
		return s
	}
	var b strings.Builder
	last := 0
	for _, m := range matches {
		start, end := m[0], m[1]
		if group > 0 && m[2*group] >= 0 {
			start, end = m[2*group], m[2*group+1]
		}
		if start < last || start == end {
			continue
		}
		b.WriteString(s[last:start])
		b.WriteString(Mask)
		last = end
	}
	b.WriteString(s[last:])
	return b.String()
}

// Value returns a copy of v (a decoded JSON value) with every string masked,
// and the whole value of fields named like secrets ("password", "token",
// "api_key", …) replaced by Mask.
func (r *Redactor) Value(v any) any {
	switch v := v.(type) {
	case string:
		return r.String(v)
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			if sensitiveKey(k) {
				if x == nil {
					out[k] = nil
				} else {
					out[k] = Mask
				}
				continue
			}
			out[r.String(k)] = r.Value(x)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = r.Value(x)
		}
		return out
	}
	return v
}

func (r *Redactor) valueMap(m map[string]any) map[string]any {
	if m == nil {
		return nil
	}
	out, _ := r.Value(m).(map[string]any)
	return out
}

// Record returns a copy of rec with every string that could hold a secret
// masked: the input and updated input, the reason's message, findings'
// descriptions and parts, warnings and the working directory.
func (r *Redactor) Record(rec Record) Record {
	rec.Input = r.valueMap(rec.Input)
	rec.UpdatedInput = r.valueMap(rec.UpdatedInput)
	rec.Reason.Message = r.String(rec.Reason.Message)
	rec.Reason.Rule = r.String(rec.Reason.Rule)
	if rec.Findings != nil {
		fs := make([]api.Finding, len(rec.Findings))
		for i, f := range rec.Findings {
			f.Description = r.String(f.Description)
			f.Part = r.String(f.Part)
			fs[i] = f
		}
		rec.Findings = fs
	}
	if rec.Warnings != nil {
		ws := make([]string, len(rec.Warnings))
		for i, w := range rec.Warnings {
			ws[i] = r.String(w)
		}
		rec.Warnings = ws
	}
	rec.Cwd = r.String(rec.Cwd)
	return rec
}
