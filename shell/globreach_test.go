package shell

import (
	"strings"
	"testing"
)

// TestGlobOnDisk checks that a pattern a command reads is judged by what
// it matches on disk (Options.Glob) when nothing before it may have changed
// that, and by what it could match otherwise.
func TestGlobOnDisk(t *testing.T) {
	disk := map[string][]string{
		"/p/data/*.json": {"/p/data/a.json", "/p/data/b.json"},
		"/p/keys/*":      {"/home/u/.ssh/id_rsa"},
		"/home/u/.a*":    {"/home/u/.aws"},
		"/p/empty/*":     nil,
		"/p/.e*":         {"/p/.env"},
		"/p/.[e]nv":      {"/p/.env"},
		"/p/.en?":        {"/p/.env"},
		"/p/.env*":       {"/p/.env", "/p/.env.example"},
		"/p/cfg/*.env":   {"/p/cfg/prod.env"},
		"/p/.gi*":        {"/p/.gitignore"},
		"/p/.env.e*":     {"/p/.env.example"},
	}
	opts := Options{Cwd: "/p", Home: "/home/u", WorkingDirs: []string{"/p"}, Glob: func(p string) ([]string, bool) {
		m, ok := disk[p]
		return m, ok
	}}
	tests := []struct {
		cmd  string
		want string // a finding's description must hold it; "" for none
	}{
		{"jq -s length data/*.json", ""},
		{"touch data/logins.json; jq -s length data/*.json", "credential files among them"}, // written before: could match
		{"cat keys/*", "prints the credential file /home/u/.ssh/id_rsa"},
		{"grep -r token ~/.a*", "searches /home/u/.aws"},
		{"cat empty/*", ""},
		{"cat ~/.ssh/*", "credential files among them"}, // not on the stub's disk: could match
		// A pattern matching a file of secrets prints it, as its name does
		// (cat .env), in every pattern spelling and program.
		{"cat .e*", "prints the secrets in /p/.env, which /p/.e* matches"},
		{"cat .[e]nv", "prints the secrets in /p/.env"},
		{"cat ./.en?", "prints the secrets in /p/.env"},
		{"head -n 3 .env*", "prints the secrets in /p/.env"},
		{"/bin/cat cfg/*.env", "prints the secrets in /p/cfg/prod.env"},
		{"cat other/*.env", "which can be a file of secrets"}, // not on the stub's disk: its name says so
		{"cat README.md .e*", "prints the secrets in /p/.env"},
		{"cat sub/.e*", "which can be a file of secrets"}, // not on the stub's disk: could match
		{"cat .gi*", ""},
		{"cat .env.e*", ""},
		{"cat sub/*", ""}, // * matches no hidden file
		{"wc -l .e*", ""},
	}
	for _, tt := range tests {
		an := Analyze(tt.cmd, opts)
		got := ""
		for _, f := range an.Findings {
			if f.Category == "credential-access" {
				got = f.Description
			}
		}
		if tt.want == "" && got != "" || tt.want != "" && !strings.Contains(got, tt.want) {
			t.Errorf("%s: credential finding %q, want %q", tt.cmd, got, tt.want)
		}
	}
}
