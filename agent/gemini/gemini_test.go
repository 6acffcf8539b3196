package gemini

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestURLs(t *testing.T) {
	t.Parallel()
	tests := []struct {
		prompt string
		want   []string
	}{
		{"summarise http://127.0.0.1:9/x", []string{"http://127.0.0.1:9/x"}},
		{"compare (https://a.example/x), and HTTPS://B.example.", []string{"https://a.example/x),", "https://a.example/x", "HTTPS://B.example.", "HTTPS://B.example"}},
		{"see<https://c.example/>", []string{"https://c.example/>", "https://c.example/"}},
		{"ftp://files.example/x", []string{"ftp://files.example/x"}},
		{"no link here, just example.com", nil},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, URLs(tt.prompt)); diff != "" {
			t.Errorf("URLs(%q) (-want +got):\n%s", tt.prompt, diff)
		}
	}
}

func TestHeadlessArgs(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args []string
		want bool
	}{
		{[]string{"node", "-p", "hi"}, true},
		{[]string{"gemini", "--prompt=hi"}, true},
		{[]string{"gemini", "--prompt", "hi", "--yolo"}, true},
		{[]string{"gemini", "--yolo"}, false},
		{[]string{"gemini", "--prompt-interactive", "hi"}, false},
	}
	for _, tt := range tests {
		if got := headlessArgs(tt.args); got != tt.want {
			t.Errorf("headlessArgs(%q) = %v, want %v", tt.args, got, tt.want)
		}
	}
}
