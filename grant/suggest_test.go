package grant_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/grant"
)

func TestSuggestBash(t *testing.T) {
	tests := []struct {
		name  string
		parts []string // one simple command per entry, split on spaces
		want  []string
	}{
		{"npm script with args", []string{"npm run test -- --watch=false"}, []string{"Bash(npm run test:*)"}},
		{"npm test", []string{"npm test"}, []string{"Bash(npm test:*)"}},
		{"git subcommand", []string{"git commit -m fix"}, []string{"Bash(git commit:*)"}},
		{"git nested subcommand", []string{"git stash pop"}, []string{"Bash(git stash pop:*)"}},
		{"docker compose", []string{"docker compose up -d"}, []string{"Bash(docker compose up:*)"}},
		{"go test", []string{"go test ./..."}, []string{"Bash(go test:*)"}},
		{"cargo build", []string{"cargo build --release"}, []string{"Bash(cargo build:*)"}},
		{"gh two words", []string{"gh pr list --state open"}, []string{"Bash(gh pr list:*)"}},
		{"plain program", []string{"pytest -x tests/"}, []string{"Bash(pytest:*)"}},
		{"project script", []string{"./scripts/check.sh --fast"}, []string{"Bash(./scripts/check.sh:*)"}},
		{"absolute program path", []string{"/usr/local/bin/eslint src"}, []string{"Bash(eslint:*)"}},
		{"python module", []string{"python -m pytest -q"}, []string{"Bash(python -m pytest:*)"}},
		{"python script", []string{"python3 manage.py migrate"}, []string{"Bash(python3 manage.py:*)"}},
		{"node script", []string{"node build.js --prod"}, []string{"Bash(node build.js:*)"}},
		{"compound: one rule per part", []string{"npm run build", "npm test", "git add ."}, []string{"Bash(npm run build:*)", "Bash(npm test:*)", "Bash(git add:*)"}},
		{"duplicates merged", []string{"go test ./a", "go test ./b"}, []string{"Bash(go test:*)"}},
		{"five parts", []string{"a1", "a2", "a3", "a4", "a5"}, []string{"Bash(a1:*)", "Bash(a2:*)", "Bash(a3:*)", "Bash(a4:*)", "Bash(a5:*)"}},
		{"six parts: none", []string{"a1", "a2", "a3", "a4", "a5", "a6"}, nil},
		{"not a literal program", []string{"$CMD -rf /"}, nil},
		{"one non-literal part spoils all", []string{"npm test", "$(echo rm) -rf x"}, nil},
		{"star in a word", []string{"rm *.o"}, nil},
		{"word needing quotes", []string{"git commit -m 'fix it'"}, []string{"Bash(git commit:*)"}},
		{"git without code keeps its prefix", []string{"git status"}, []string{"Bash(git status:*)"}},
		{"make without code keeps its prefix", []string{"make test"}, []string{"Bash(make test:*)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var parts [][]string
			for _, p := range tt.parts {
				parts = append(parts, splitWords(p))
			}
			if diff := cmp.Diff(tt.want, grant.SuggestBash(parts)); diff != "" {
				t.Errorf("SuggestBash(%q) (-want +got):\n%s", tt.parts, diff)
			}
		})
	}
}

// splitWords splits on spaces, keeping '…' quoted words whole.
func splitWords(s string) []string {
	var out []string
	for s != "" {
		s = strings.TrimLeft(s, " ")
		if strings.HasPrefix(s, "'") {
			end := strings.Index(s[1:], "'") + 1
			out = append(out, s[1:end])
			s = s[end+1:]
			continue
		}
		w, rest, _ := strings.Cut(s, " ")
		if w != "" {
			out = append(out, w)
		}
		s = rest
	}
	return out
}

// TestSuggestBashNeverOverBroad checks that programs whose prefix would
// allow anything are only ever offered as the exact command.
func TestSuggestBashNeverOverBroad(t *testing.T) {
	tests := []struct {
		command string
		want    string
	}{
		{"python", "Bash(python)"},
		{"python -c print(1)", "Bash(python -c 'print(1)')"},
		{"python3 -", "Bash(python3 -)"},
		{"node -e process.exit(1)", "Bash(node -e 'process.exit(1)')"},
		{"node", "Bash(node)"},
		{"bash -c ls", "Bash(bash -c ls)"},
		{"sh script.sh", "Bash(sh script.sh)"},
		{"sh", "Bash(sh)"},
		{"git", "Bash(git)"},
		{"git -C /tmp status", "Bash(git -C /tmp status)"},
		{"git config --global user.email x@y", "Bash(git config --global user.email x@y)"},
		{"sudo apt-get install jq", "Bash(sudo apt-get install jq)"},
		{"env FOO=1 make", "Bash(env FOO=1 make)"},
		{"xargs rm", "Bash(xargs rm)"},
		{"npm run", "Bash(npm run)"},
		{"npm exec cowsay", "Bash(npm exec cowsay)"},
		{"npx -y create-app", "Bash(npx -y create-app)"},
		{"docker run --rm alpine", "Bash(docker run --rm alpine)"},
		{"kubectl delete pod x", "Bash(kubectl delete pod x)"},
		{"rm -rf build", "Bash(rm -rf build)"},
		{"curl https://example.com", "Bash(curl https://example.com)"},
		{"chmod +x run.sh", "Bash(chmod +x run.sh)"},
		{"find . -name x", "Bash(find . -name x)"},
		{"awk {print} f", "Bash(awk '{print}' f)"},
		{"ssh host", "Bash(ssh host)"},
		{"eval x", "Bash(eval x)"},
		{"timeout 5 make", "Bash(timeout 5 make)"},
		{"go run main.go", "Bash(go run main.go)"},
		{"terraform apply", "Bash(terraform apply)"},
		{"pip install requests", "Bash(pip install requests)"},
		// programs that run the code, queries or scripts given to them
		{"psql -c select-1", "Bash(psql -c select-1)"},
		{"psql -d app", "Bash(psql -d app)"},
		{"mysql -e show-tables", "Bash(mysql -e show-tables)"},
		{"sqlite3 app.db .tables", "Bash(sqlite3 app.db .tables)"},
		{"redis-cli EVAL x 0", "Bash(redis-cli EVAL x 0)"},
		{"mongosh --eval x", "Bash(mongosh --eval x)"},
		{"duckdb -c x", "Bash(duckdb -c x)"},
		{"deno eval x", "Bash(deno eval x)"},
		{"bun -e x", "Bash(bun -e x)"},
		{"jq -n input", "Bash(jq -n input)"},
		{"vim -c !sh", "Bash(vim -c !sh)"},
		{"less file", "Bash(less file)"},
		{"git -c core.pager=sh log", "Bash(git -c core.pager=sh log)"},
		{"make -f evil.mk", "Bash(make -f evil.mk)"},
		{"make SHELL=/tmp/x test", "Bash(make SHELL=/tmp/x test)"},
		{"tar --to-command=sh -xf a.tar", "Bash(tar --to-command=sh -xf a.tar)"},
	}
	for _, tt := range tests {
		t.Run(tt.command, func(t *testing.T) {
			got := grant.SuggestBash([][]string{strings.Fields(tt.command)})
			if diff := cmp.Diff([]string{tt.want}, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if strings.HasSuffix(got[0], ":*)") {
				t.Errorf("over-broad prefix rule offered: %s", got[0])
			}
		})
	}
}

func TestSuggestPath(t *testing.T) {
	const cwd, home = "/home/u/proj", "/home/u"
	tests := []struct {
		tool, path string
		folder     bool
		want       string
	}{
		{"Edit", "/home/u/proj/src/main.go", false, "Edit(./src/main.go)"},
		{"Write", "/home/u/proj/src/main.go", true, "Edit(./src/**)"},
		{"MultiEdit", "/home/u/proj/README.md", true, "Edit(./**)"},
		{"Read", "/home/u/proj/.env", false, "Read(./.env)"},
		{"Edit", "/home/u/notes/todo.md", false, "Edit(~/notes/todo.md)"},
		{"Edit", "/home/u/.bashrc", true, "Edit(~/**)"},
		{"Edit", "/etc/hosts", false, "Edit(//etc/hosts)"},
		{"Edit", "/etc/nginx/nginx.conf", true, "Edit(//etc/nginx/**)"},
		{"Edit", "/home/u/project2/x", false, "Edit(~/project2/x)"}, // by components, not string prefix
		{"Edit", "/home/u/proj/a*b?[c].txt", false, `Edit(./a\*b\?\[c\].txt)`},
		{"Edit", "/home/u/proj/../proj/x", false, "Edit(./x)"},
		{"NotebookEdit", "/home/u/proj/n.ipynb", false, "Edit(./n.ipynb)"},
		{"Glob", "/home/u/proj/src", false, "Read(./src)"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			if got := grant.SuggestPath(tt.tool, tt.path, cwd, home, tt.folder); got != tt.want {
				t.Errorf("SuggestPath(%s, %s, folder=%v) = %s, want %s", tt.tool, tt.path, tt.folder, got, tt.want)
			}
		})
	}
}

func TestSuggestDomain(t *testing.T) {
	tests := map[string]string{
		"https://Docs.Example.com:8443/a?b": "WebFetch(domain:docs.example.com)",
		"http://example.com":                "WebFetch(domain:example.com)",
		"not a url":                         "",
		"":                                  "",
	}
	for in, want := range tests {
		if got := grant.SuggestDomain(in); got != want {
			t.Errorf("SuggestDomain(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCheckScope(t *testing.T) {
	tests := []struct {
		category string
		risk     api.Risk
		scope    api.Scope
		ok       bool
	}{
		{"git-destructive", api.RiskMedium, api.ScopeSession, true},
		{"git-destructive", api.RiskMedium, api.ScopeAlways, false}, // its findings can be HIGH
		{"non-literal-program", api.RiskMedium, api.ScopeAlways, true},
		{"outside-working-dir", api.RiskNone, api.ScopeAlways, true}, // alias of a MEDIUM category
		{"git-destructive", api.RiskHigh, api.ScopeAlways, false},
		{"git-destructive", api.RiskHigh, api.ScopeSession, true},
		{"recursive-delete", api.RiskLow, api.ScopeSession, true},
		{"recursive-delete", api.RiskLow, api.ScopeAlways, false},
		{"rm-recursive", api.RiskNone, api.ScopeAlways, false}, // alias of a HIGH category
		{"never-heard-of", api.RiskLow, api.ScopeAlways, false},
		{"never-heard-of", api.RiskLow, api.ScopeSession, true},
		{"permissions", api.RiskNone, api.ScopeAlways, false},
		{"non-literal-program", api.RiskNone, api.ScopeAlways, true},
	}
	for _, tt := range tests {
		err := grant.CheckScope(tt.category, tt.risk, tt.scope)
		if (err == nil) != tt.ok {
			t.Errorf("CheckScope(%s, %s, %s) = %v, want ok=%v", tt.category, tt.risk, tt.scope, err, tt.ok)
		}
	}
}

func TestAliasesAreCanonical(t *testing.T) {
	for old, canon := range grant.Aliases() {
		if _, known := grant.CategoryRisk(canon); !known {
			t.Errorf("alias %s → %s points to an unknown category", old, canon)
		}
		if grant.CanonicalCategory(canon) != canon {
			t.Errorf("alias target %s is itself an alias", canon)
		}
	}
}

func FuzzSuggestBash(f *testing.F) {
	f.Add("npm run test -- --watch=false", "git push")
	f.Add("python -m", "sudo")
	f.Add("$X", "a\nb")
	f.Fuzz(func(t *testing.T, a, b string) {
		got := grant.SuggestBash([][]string{strings.Fields(a), strings.Split(b, " ")})
		if len(got) > grant.MaxSuggestions {
			t.Fatalf("%d suggestions", len(got))
		}
		for _, r := range got {
			if err := grant.CheckRuleSyntax(r); err != nil {
				t.Fatalf("suggested %q: %v", r, err)
			}
			if strings.ContainsAny(r, "\n\x00") {
				t.Fatalf("suggested rule holds a control character: %q", r)
			}
			for _, broad := range []string{"python", "node", "bash", "sh", "git", "sudo", "env", "xargs", "rm"} {
				if r == "Bash("+broad+":*)" {
					t.Fatalf("over-broad suggestion %q", r)
				}
			}
		}
	})
}

func BenchmarkSuggestBash(b *testing.B) {
	parts := [][]string{strings.Fields("npm run test -- --watch=false"), strings.Fields("git commit -m fix")}
	b.ReportAllocs()
	for b.Loop() {
		grant.SuggestBash(parts)
	}
}
