package audit

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// TestBuiltinPatternsCompile compiles every built-in pattern: they compile
// lazily, on the first string holding a hint, so a broken one would
// otherwise surface only in the field.
func TestBuiltinPatternsCompile(t *testing.T) {
	for i, p := range builtins() {
		if re := p.re.get(); re == nil || re.MatchString("") {
			t.Errorf("pattern %d (%s) is nil or matches the empty string", i, builtinPatterns[i].re)
		}
	}
}

// TestSensitiveKey checks the names whose whole value is a secret against
// the regular expression it replaces.
func TestSensitiveKey(t *testing.T) {
	re := regexp.MustCompile(`(?i)^(password|passwd|secret|token|api[_-]?key|access[_-]?key|private[_-]?key|client[_-]?secret|authorization|cookie)$`)
	for _, k := range []string{
		"password", "PASSWORD", "Passwd", "secret", "token", "Token", "apikey", "api_key", "API-KEY", "api__key", "api-_key",
		"accesskey", "access_key", "private-key", "privatekey", "client_secret", "clientsecret", "client-secret",
		"authorization", "Cookie", "cookies", "passwords", "my_token", "token2", "api", "key", "apikeys", "", "_key",
		"client_secrets", "private_key_id", "accesskeyid", "apı_key", "ſecret", "api_Key", "TOKENK",
	} {
		if got, want := sensitiveKey(k), re.MatchString(k); got != want {
			t.Errorf("sensitiveKey(%q) = %v, want %v", k, got, want)
		}
	}
}

// TestHintsIn checks the one-pass hint scan against asking each pattern's
// hints in turn, on strings made of the hints themselves (overlapping,
// adjacent, at either end, split by a byte), real-looking secrets and
// ordinary commands.
func TestHintsIn(t *testing.T) {
	if len(builtinPatterns) > maxBuiltins {
		t.Fatalf("%d built-in patterns, a hintSet holds %d", len(builtinPatterns), maxBuiltins)
	}
	var hints []string
	for _, p := range builtinPatterns {
		hints = append(hints, p.hints...)
	}
	texts := []string{
		"", "a", "git status", "npm run test -- --watch=false && git status",
		"curl -H 'Authorization: Bearer abc' https://u:p@h/x?sig=zz", "mysql -psecret", "s.", "b.x", ":a", ":aa",
		"echo hi && rm -rf \"$HOME/precious\"", "/tmp/proj/.warden/settings.json",
	}
	for i, h := range hints {
		texts = append(texts, h, h+h, "x"+h, h+"x", h[:len(h)-1], h[1:])
		for _, g := range hints[i:] {
			texts = append(texts, h+g, h+" "+g, g+h[:len(h)/2])
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		var b strings.Builder
		for range rng.IntN(6) {
			b.WriteString(hints[rng.IntN(len(hints))])
			if rng.IntN(2) == 0 {
				b.WriteByte(" -_.:a"[rng.IntN(6)])
			}
		}
		texts = append(texts, b.String())
	}
	for _, s := range texts {
		lower := strings.ToLower(s)
		held := hintsIn(lower)
		for i, p := range builtinPatterns {
			want := false
			for _, h := range p.hints {
				want = want || strings.Contains(lower, h)
			}
			if held.has(i) != want {
				t.Errorf("%q: pattern %d (%v): hintsIn says %v, want %v", s, i, p.hints, held.has(i), want)
			}
		}
	}
}
