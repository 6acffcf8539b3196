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
		// Gemini splits at what JavaScript's \s matches: U+FEFF too.
		{"read https://docs.example/\ufeffhttp://169.254.169.254/latest", []string{"https://docs.example/", "http://169.254.169.254/latest"}},
		{"read https://docs.example/\u200bhttp://0xa9fea9fe/", []string{"https://docs.example/", "http://0xa9fea9fe/"}},
		// Two URLs glued by a character that splits nothing: both.
		{"https://a.example/x|http://169.254.169.254/", []string{"https://a.example/x|http://169.254.169.254/", "https://a.example/x|", "http://169.254.169.254/"}},
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

// TestWebFetchURLField checks that a url or urls field is judged beside
// the URLs in the prompt, not replaced by them.
func TestWebFetchURLField(t *testing.T) {
	t.Parallel()
	payload := `{"hook_event_name":"BeforeTool","tool_name":"web_fetch","cwd":"/p","tool_input":` +
		`{"prompt":"summarise https://docs.example/","url":"http://169.254.169.254/latest/","urls":["http://0xa9fea9fe/"]}}`
	c, err := Adapter{Interactive: func() bool { return false }}.Parse([]byte(payload))
	if err != nil {
		t.Fatal(err)
	}
	got, _ := c.Request.ToolInput["urls"].([]any)
	want := []any{"https://docs.example/", "http://169.254.169.254/latest/", "http://0xa9fea9fe/"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("urls (-want +got):\n%s", diff)
	}
}
