package audit

import "testing"

// TestBuiltinPatternsCompile compiles every built-in pattern: they compile
// lazily, on the first string holding a hint, so a broken one would
// otherwise surface only in the field.
func TestBuiltinPatternsCompile(t *testing.T) {
	for i, p := range builtins() {
		if re := p.re(); re == nil || re.MatchString("") {
			t.Errorf("pattern %d (%s) is nil or matches the empty string", i, builtinPatterns[i].re)
		}
	}
	if !sensitiveKey().MatchString("API_KEY") {
		t.Error("sensitiveKey does not match API_KEY")
	}
}
