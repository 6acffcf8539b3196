package rule

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/wardenhq/warden/api"
)

func bash(command string) Subject {
	return Subject{Tool: "Bash", Command: command}
}

func file(tool, path string) Subject { return Subject{Tool: tool, Path: path} }

var testEnv = Env{Cwd: "/home/u/repo", Home: "/home/u"}

func TestMatch(t *testing.T) {
	tests := []struct {
		rule string
		sub  Subject
		want bool
	}{
		// Bash: bare tool and (*).
		{"Bash", bash("rm -rf /"), true},
		{"Bash(*)", bash("anything at all"), true},
		{"Bash", file("Read", "/x"), false},
		// Legacy prefix: a word boundary.
		{"Bash(npm run test:*)", bash("npm run test"), true},
		{"Bash(npm run test:*)", bash("npm run test --watch"), true},
		{"Bash(npm run test:*)", bash("npm run testing"), false},
		{"Bash(npm run test:*)", bash("npm run test:unit"), false},
		{"Bash(npm run test:*)", bash("npm run"), false},
		{"Bash(rm:*)", bash("rm -rf /"), true},
		{"Bash(rm:*)", bash("rmdir x"), false},
		// Trailing " *" when it is the only star: the word, then anything.
		{"Bash(ls *)", bash("ls -la"), true},
		{"Bash(ls *)", bash("ls"), true},
		{"Bash(ls *)", bash("lsof"), false},
		{"Bash(ls*)", bash("lsof"), true},
		{"Bash(git diff *)", bash("git diff HEAD~1"), true},
		{"Bash(git diff *)", bash("git diffx"), false},
		// Stars anywhere match any characters, spaces included.
		{"Bash(git * --force)", bash("git push origin main --force"), true},
		{"Bash(git * --force)", bash("git push --force-with-lease"), false},
		{"Bash(* install)", bash("npm install"), true},
		{"Bash(* install)", bash("npm install x"), false},
		{"Bash(git * main *)", bash("git push main"), false}, // two stars: the last is not optional
		{"Bash(git * main *)", bash("git push main -f"), true},
		// Exact.
		{"Bash(npm test)", bash("npm test"), true},
		{"Bash(npm test)", bash("npm test x"), false},
		{"Bash(npm  test)", bash("npm test"), true},
		// Escaped stars are literal.
		{`Bash(echo \*)`, bash("echo *"), true},
		{`Bash(echo \*)`, bash("echo x"), false},
		// Absolute program paths in rules are reduced like commands are.
		{"Bash(/usr/bin/rm:*)", bash("rm -rf /"), true},
		{"Bash(/bin/ls)", bash("ls"), true},
		// Spaces and tabs in commands are collapsed.
		{"Bash(rm -rf:*)", Subject{Tool: "Bash", Command: " rm \t -rf  /"}, true},
		{"Bash(rm:*)", Subject{Tool: "Bash", Command: "rm\n-rf /"}, true},
		{"Bash(rm -rf /)", Subject{Tool: "Bash", Command: "rm -rf /\r\n"}, true},
		// A file a Bash command reads is not itself a command.
		{"Bash(cat:*)", Subject{Tool: "Read", Path: "/home/u/repo/.env"}, false},

		// Paths: ./ and bare anchors are the working directory.
		{"Read(./.env)", file("Read", "/home/u/repo/.env"), true},
		{"Read(./.env)", file("Read", "/home/u/repo/sub/.env"), false},
		{"Read(.env)", file("Read", "/home/u/repo/sub/.env"), true}, // no slash: any depth
		{"Read(.env)", file("Read", "/home/u/other/.env"), false},
		{"Read(*.pem)", file("Read", "/home/u/repo/a/b/key.pem"), true},
		{"Read(*.pem)", file("Read", "/home/u/repo/a/key.pem.txt"), false},
		{"Read(secrets/)", file("Read", "/home/u/repo/x/secrets/k"), true},
		{"Read(./secrets)", file("Read", "/home/u/repo/secrets/deep/k"), true}, // a directory covers its contents
		{"Read(./secrets)", file("Read", "/home/u/repo/secretsx"), false},
		{"Read(.env)", file("Read", ".env"), true}, // relative subject paths are against cwd
		{"Read(*)", file("Read", "/home/u/repo/a"), true},
		{"Read(*)", file("Read", "/etc/passwd"), false},
		{"Read(.)", file("Read", "/home/u/repo"), true},
		{"Read(./)", file("Read", "/home/u/repo/x"), true},
		{"Edit(src/**)", file("Edit", "/home/u/repo/src/a/b.go"), true},
		{"Edit(src/**)", file("Edit", "/home/u/repo/lib/src/a.go"), false}, // a slash anchors
		{"Edit(src/*.go)", file("Edit", "/home/u/repo/src/a.go"), true},
		{"Edit(src/*.go)", file("Edit", "/home/u/repo/src/a/b.go"), false},
		{"Edit(src/**/*.go)", file("Edit", "/home/u/repo/src/a/b/c.go"), true},
		{"Edit(src/**/*.go)", file("Edit", "/home/u/repo/src/c.go"), true},
		{"Edit(src/[!t]*.go)", file("Edit", "/home/u/repo/src/a.go"), true},
		{"Edit(src/[!t]*.go)", file("Edit", "/home/u/repo/src/t.go"), false},
		{"Edit(src/?.go)", file("Edit", "/home/u/repo/src/ab.go"), false},
		{`Edit(src/\[!a].go)`, file("Edit", "/home/u/repo/src/[!a].go"), true},
		{`Edit(src/\[!a].go)`, file("Edit", "/home/u/repo/src/b.go"), false},
		{"Edit(src/[!a][!b].go)", file("Edit", "/home/u/repo/src/ba.go"), true},
		{"Edit(src/[!a][!b].go)", file("Edit", "/home/u/repo/src/ab.go"), false},
		{"Read(../docs/**)", file("Read", "/home/u/docs/a.md"), true},
		{"Read(../docs/**)", file("Read", "/home/u/repo/docs/a.md"), false},
		// // is absolute, ~/ is home.
		{"Read(//etc/**)", file("Read", "/etc/passwd"), true},
		{"Read(//etc/**)", file("Read", "/etc"), true},
		{"Read(//etc/**)", file("Read", "/etcetera/x"), false},
		{"Read(//etc/passwd)", file("Read", "/etc/../etc/./passwd"), true}, // subject paths are cleaned
		{"Read(~/.ssh/**)", file("Read", "/home/u/.ssh/id_ed25519"), true},
		{"Read(~/.ssh/**)", file("Read", "/home/v/.ssh/id_ed25519"), false},
		{"Read(~)", file("Read", "/home/u/x"), true},
		// / is the settings file's project root (here unset: the cwd).
		{"Edit(/src/**)", file("Edit", "/home/u/repo/src/x"), true},
		// Families and access: a head covers its members and any tool's
		// access; a member covers itself only.
		{"Read(./.env)", file("Grep", "/home/u/repo/.env"), true},
		{"Read(./.env)", file("Glob", "/home/u/repo/.env"), true},
		{"Read(./.env)", file("Edit", "/home/u/repo/.env"), false},
		{"Edit(./a)", file("Write", "/home/u/repo/a"), true},
		{"Edit(./a)", file("NotebookEdit", "/home/u/repo/a"), true},
		{"Write(./a)", file("Edit", "/home/u/repo/a"), false},
		{"Write(./a)", file("Write", "/home/u/repo/a"), true},
		{"Read", file("Grep", "/x"), true},
		{"Grep", file("Read", "/x"), false},

		// Domains.
		{"WebFetch(domain:example.com)", Subject{Tool: "WebFetch", Domain: "example.com"}, true},
		{"WebFetch(domain:example.com)", Subject{Tool: "WebFetch", Domain: "EXAMPLE.com."}, true},
		{"WebFetch(domain:example.com)", Subject{Tool: "WebFetch", Domain: "www.example.com"}, false},
		{"WebFetch(domain:example.com)", Subject{Tool: "WebFetch", Domain: "user:pw@Example.com:8443"}, true},
		{"WebFetch(domain:example.com)", Subject{Tool: "WebFetch", Domain: "evil.io@example.com"}, true},
		{"WebFetch(domain:example.com)", Subject{Tool: "WebFetch", Domain: "example.com@evil.io"}, false},
		{"WebFetch(domain:example.com)", Subject{Tool: "WebFetch", Domain: "example.com.evil.io"}, false},
		{"WebFetch(domain:*.example.com)", Subject{Tool: "WebFetch", Domain: "a.b.example.com"}, true},
		{"WebFetch(domain:*.example.com)", Subject{Tool: "WebFetch", Domain: "example.com"}, false},
		{"WebFetch(domain:*.example.com)", Subject{Tool: "WebFetch", Domain: "badexample.com"}, false},
		{"WebFetch(domain:*)", Subject{Tool: "WebFetch", Domain: "x.io"}, true},
		{"WebFetch(domain:*)", Subject{Tool: "WebFetch"}, false},
		{"WebFetch", Subject{Tool: "WebFetch"}, true},

		// MCP: by server and tool, never by a longer server name.
		{"mcp__github", Subject{Tool: "mcp__github__create_issue"}, true},
		{"mcp__github", Subject{Tool: "mcp__githubx__create_issue"}, false},
		{"mcp__github__*", Subject{Tool: "mcp__github__create_issue"}, true},
		{"mcp__github__*", Subject{Tool: "mcp__githubx__create_issue"}, false},
		{"mcp__github__create_issue", Subject{Tool: "mcp__github__create_issue"}, true},
		{"mcp__github__create_issue", Subject{Tool: "mcp__github__create_issues"}, false},
		{"mcp__github__get_*", Subject{Tool: "mcp__github__get_issue"}, true},
		{"mcp__github__get_*", Subject{Tool: "mcp__github__list_issues"}, false},
		{"mcp__db__query(sql:SELECT *)", Subject{Tool: "mcp__db__query", Input: map[string]any{"sql": "SELECT 1"}}, true},
		{"mcp__db__query(sql:SELECT *)", Subject{Tool: "mcp__db__query", Input: map[string]any{"sql": "DROP TABLE x"}}, false},

		// Fields and agents.
		{"Agent(Explore)", Subject{Tool: "Agent", Input: map[string]any{"subagent_type": "Explore"}}, true},
		{"Agent(Explore)", Subject{Tool: "Task", Input: map[string]any{"subagent_type": "Explore"}}, true},
		{"Task(Explore)", Subject{Tool: "Agent", Input: map[string]any{"subagent_type": "Plan"}}, false},
		{"WebSearch(query:*secret*)", Subject{Tool: "WebSearch", Input: map[string]any{"query": "a secret b"}}, true},
		{"MyTool(n:4*)", Subject{Tool: "MyTool", Input: map[string]any{"n": 42.0}}, true},
		{"MyTool(n:4*)", Subject{Tool: "MyTool", Input: map[string]any{"n": json.Number("42")}}, true},
		{"MyTool(b:true)", Subject{Tool: "MyTool", Input: map[string]any{"b": true}}, true},
		{"MyTool(n:*)", Subject{Tool: "MyTool", Input: map[string]any{"n": []any{"x"}}}, false},
		{"MyTool(n:*)", Subject{Tool: "MyTool", Input: map[string]any{}}, false},
		{"MyTool", Subject{Tool: "MyToolX"}, false},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s~%s%s%s%s", tt.rule, tt.sub.Tool, tt.sub.Command, tt.sub.Path, tt.sub.Domain), func(t *testing.T) {
			for _, b := range []api.Behavior{api.Deny, api.Allow} {
				r := MustParse(tt.rule, b, Origin{})
				if got := r.Matches(&tt.sub, testEnv); got != tt.want {
					t.Errorf("%s rule: Matches = %v, want %v", b, got, tt.want)
				}
				// The index must agree with the rule.
				got := NewSet([]*Rule{r}, Options{}).Match(b, &tt.sub, testEnv) != nil
				if got != tt.want {
					t.Errorf("%s set: Match = %v, want %v", b, got, tt.want)
				}
			}
		})
	}
}

func TestMatchEnv(t *testing.T) {
	tests := []struct {
		name string
		rule string
		o    Origin
		sub  Subject
		env  Env
		want bool
	}{
		{"root anchors / rules", "Edit(/src/**)", Origin{Root: "/proj"}, file("Edit", "/proj/src/a"), Env{Cwd: "/proj/sub"}, true},
		{"root, not cwd", "Edit(/src/**)", Origin{Root: "/proj"}, file("Edit", "/proj/sub/src/a"), Env{Cwd: "/proj/sub"}, false},
		{"no home: ~ rules match nothing", "Read(~/.ssh/**)", Origin{}, file("Read", "/home/u/.ssh/k"), Env{Cwd: "/"}, false},
		{"no cwd: relative rules match nothing", "Read(.env)", Origin{}, file("Read", "/r/.env"), Env{}, false},
		{"relative cwd is unknown", "Read(.env)", Origin{}, file("Read", "/r/.env"), Env{Cwd: "r"}, false},
		{"relative path without cwd", "Read(//**)", Origin{}, file("Read", "x"), Env{}, false},
		{"unclean env", "Read(./.env)", Origin{}, file("Read", "/r/.env"), Env{Cwd: "/r/sub/.."}, true},
		{"cwd at root", "Read(etc/*)", Origin{}, file("Read", "/etc/passwd"), Env{Cwd: "/"}, true},
		{"climb above root", "Read(../../x)", Origin{}, file("Read", "/x"), Env{Cwd: "/a"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := MustParse(tt.rule, api.Deny, tt.o)
			if got := r.Matches(&tt.sub, tt.env); got != tt.want {
				t.Errorf("Matches = %v, want %v", got, tt.want)
			}
			if got := NewSet([]*Rule{r}, Options{}).Match(api.Deny, &tt.sub, tt.env) != nil; got != tt.want {
				t.Errorf("Set.Match = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestDynamicNeverAllowed(t *testing.T) {
	sub := Subject{Tool: "Bash", Command: "$X -rf /", Dynamic: true}
	for _, text := range []string{"Bash", "Bash(*)", "Bash($X:*)"} {
		if MustParse(text, api.Allow, Origin{}).Matches(&sub, testEnv) {
			t.Errorf("allow %s covers a dynamic command", text)
		}
		if !MustParse(text, api.Deny, Origin{}).Matches(&sub, testEnv) {
			t.Errorf("deny %s misses a dynamic command", text)
		}
	}
}

func TestCleanPath(t *testing.T) {
	for _, tc := range []struct{ in, cwd, want string }{
		{"/", "", "/"},
		{"/a/b", "", "/a/b"},
		{"/a/b/", "", "/a/b"},
		{"//a", "", "/a"},
		{"/a/./b", "", "/a/b"},
		{"/a/../b", "", "/b"},
		{"/..", "", "/"},
		{"/a/.", "", "/a"},
		{"/a/..b/.c", "", "/a/..b/.c"},
		{"b/../c", "/a", "/a/c"},
		{"b", "", ""},
		{"", "/a", ""},
	} {
		if got := cleanPath(tc.in, tc.cwd); got != tc.want {
			t.Errorf("cleanPath(%q, %q) = %q, want %q", tc.in, tc.cwd, got, tc.want)
		}
	}
}
