package agent

import (
	"strings"
	"testing"
)

// TestDecodeObjectPosition checks that a broken payload is reported at the
// byte at fault, counting the lines and spaces an agent sent before it.
func TestDecodeObjectPosition(t *testing.T) {
	tests := []struct{ in, want string }{
		{"{\"tool_name\": x}", "line 1 column 15"},
		{"\n\n  {\"tool_name\":\n   x}", "line 4 column 4"},
		{"{\"tool_name\": \"Bash\"", "line 1 column 21"},
	}
	for _, tt := range tests {
		var v struct{ ToolName string }
		err := DecodeObject([]byte(tt.in), &v)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("DecodeObject(%q) = %v, want %q", tt.in, err, tt.want)
		}
	}
}
