package audit

import (
	"regexp"
	"testing"
)

// TestBuiltinPatternsCompile compiles every built-in pattern: they compile
// lazily, on the first string holding a hint, so a broken one would
// otherwise surface only in the field.
func TestBuiltinPatternsCompile(t *testing.T) {
	for i, p := range builtins() {
		if re := p.re(); re == nil || re.MatchString("") {
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
