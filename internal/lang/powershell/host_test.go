package powershell

import (
	"encoding/base64"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

func encode(s string) string {
	u := utf16.Encode([]rune(s))
	b := make([]byte, 2*len(u))
	for i, c := range u {
		b[2*i], b[2*i+1] = byte(c), byte(c>>8)
	}
	return base64.StdEncoding.EncodeToString(b)
}

func TestHost(t *testing.T) {
	rm := "Remove-Item -Recurse -Force ~"
	for _, c := range []struct {
		words string
		want  Run
	}{
		{"-c " + rm, Run{Code: rm, HasCode: true}},
		{"-Command " + rm, Run{Code: rm, HasCode: true}},
		{"-Comman " + rm, Run{Code: rm, HasCode: true}},
		{"-co " + rm, Run{Code: rm, HasCode: true}},
		{"--command " + rm, Run{Code: rm, HasCode: true}},
		{"/Command " + rm, Run{Code: rm, HasCode: true}},
		{"-exec bypass -c " + rm, Run{Code: rm, HasCode: true}},
		{"-NoP -NonI -W Hidden -Exec Bypass -Command " + rm, Run{Code: rm, HasCode: true}},
		{"-ExecutionPolicy Bypass -Command " + rm, Run{Code: rm, HasCode: true}},
		{"-ep Bypass -c " + rm, Run{Code: rm, HasCode: true}},
		{"-wd C:\\x -c " + rm, Run{Code: rm, HasCode: true}},
		{"-WorkingDirectory C:\\x -c " + rm, Run{Code: rm, HasCode: true}},
		{"-config x -c " + rm, Run{Code: rm, HasCode: true}},
		{"-InputFormat text -OutputFormat xml -c " + rm, Run{Code: rm, HasCode: true}},
		{"-NoProfile " + rm, Run{Code: rm, HasCode: true}},
		{"-Frobnicate -c " + rm, Run{Code: rm, HasCode: true}},
		{"-e " + encode(rm), Run{Code: rm, HasCode: true, Encoded: true}},
		{"-ec " + encode(rm), Run{Code: rm, HasCode: true, Encoded: true}},
		{"-EncodedCommand " + encode(rm), Run{Code: rm, HasCode: true, Encoded: true}},
		{"-enc " + encode(rm), Run{Code: rm, HasCode: true, Encoded: true}},
		{"-e notbase64!", Run{Encoded: true, BadEncoding: true}},
		{"-encodeda " + encode("x") + " -c " + rm, Run{Code: rm, HasCode: true}},
		{"-File x.ps1 -c " + rm, Run{File: true}},
		{"-f x.ps1", Run{File: true}},
		{"-Version 2 -c " + rm, Run{Code: rm, HasCode: true}},
		{"-v 2 " + rm, Run{Code: rm, HasCode: true}},
		{"-PSConsoleFile x.psc1 -c " + rm, Run{Code: rm, HasCode: true}},
		{"-? -c " + rm, Run{Exits: true}},
		{"/? -c " + rm, Run{Exits: true}},
		{"-c", Run{}},
		{"", Run{}},
		{"-NoProfile", Run{}},
	} {
		got := Host(strings.Fields(c.words))
		if got != c.want {
			t.Errorf("Host(%q) = %+v, want %+v", c.words, got, c.want)
		}
	}
}

// TestParamOrder: a word names the first parameter in the host's order
// that it begins, at least as long as the shortest spelling.
func TestParamOrder(t *testing.T) {
	for key, want := range map[string]kind{"e": encoded, "ex": value, "en": encoded, "encodeda": value, "s": flag, "w": value, "wo": value, "c": command, "config": value, "v": value, "h": exits, "nop": flag} {
		if got, ok := param(key); !ok || got != want {
			t.Errorf("param(%q) = %v %v, want %v", key, got, ok, want)
		}
	}
	for _, key := range []string{"no", "con", "commandx", "", "x"} {
		if _, ok := param(key); ok {
			t.Errorf("param(%q) names a parameter", key)
		}
	}
}

func FuzzHost(f *testing.F) {
	for _, s := range []string{"-c rm -r ~", "-exec bypass -c x", "-e " + encode("iex x"), "-File x.ps1", "-v", "/? x", "-- -c x", "-", "-NoP -W Hidden x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		words := strings.Fields(s)
		r := Host(words)
		if r.BadEncoding && (!r.Encoded || r.HasCode) {
			t.Fatalf("Host(%q) = %+v: a bad encoding is an encoded command with no code", s, r)
		}
		if r.File && r.HasCode || r.Exits && r.HasCode {
			t.Fatalf("Host(%q) = %+v: a script or an exit runs no code of the line", s, r)
		}
		if r.HasCode && !r.Encoded {
			// The code is the line's last words, as given.
			code := strings.Fields(r.Code)
			if len(code) == 0 || len(code) > len(words) || strings.Join(words[len(words)-len(code):], " ") != strings.Join(code, " ") {
				t.Fatalf("Host(%q) = %+v: the code is not the line's last words", s, r)
			}
		}
	})
}

func FuzzDecode(f *testing.F) {
	for _, s := range []string{"iex (iwr x)", "", "Remove-Item ~", "\u00e9\U0001F600"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		Decode(s) // any text: no panic
		if !utf8.ValidString(s) {
			return
		}
		if got, ok := Decode(encode(s)); !ok || got != s {
			t.Fatalf("Decode(encode(%q)) = %q, %v", s, got, ok)
		}
	})
}
