package grant_test

import (
	"strings"
	"testing"

	"github.com/wardenhq/warden/grant"
	"github.com/wardenhq/warden/programs"
)

// TestEntryOffers runs every entry's declared offers (programs.Grant's
// Offers, "COMMAND => RULE"), and those of the programs with no entry: the
// command must be offered exactly that rule. An entry that declares how
// it is granted must show it with at least one offer.
func TestEntryOffers(t *testing.T) {
	type row struct {
		name string
		g    programs.Grant
	}
	var rows []row
	for _, s := range programs.All() {
		rows = append(rows, row{s.Names[0], s.Grant})
	}
	for _, u := range programs.UnlistedPrograms() {
		rows = append(rows, row{u.Names[0], u.Grant})
	}
	n := 0
	for _, r := range rows {
		declared := r.g.Exact || r.g.Script || r.g.ExactWith != "" || r.g.Depth != 0 || r.g.Deeper != "" || r.g.ExactSubs != "" || r.g.Module != ""
		if declared && len(r.g.Offers) == 0 {
			t.Errorf("%s declares a Grant with no offer", r.name)
		}
		if !declared && len(r.g.Offers) > 0 {
			t.Errorf("%s has offers but declares nothing", r.name)
		}
		for _, o := range r.g.Offers {
			cmd, want, ok := strings.Cut(o, " => ")
			if !ok {
				t.Errorf("%s: offer %q is not COMMAND => RULE", r.name, o)
				continue
			}
			n++
			got := grant.SuggestBash([][]string{strings.Fields(cmd)})
			if len(got) != 1 || got[0] != want {
				t.Errorf("%s: %s is offered %q, its entry says %s", r.name, cmd, got, want)
			}
		}
	}
	if n < 100 {
		t.Errorf("only %d offers ran", n)
	}
}

// TestGrantFromEntries shows that the offer follows the entry: aliases
// share their entry's Grant, a versioned interpreter its unversioned
// name's, and a program with no entry and no row gets its name as a
// prefix.
func TestGrantFromEntries(t *testing.T) {
	for _, tt := range []struct{ cmd, want string }{
		{"oc delete pod x", "Bash(oc delete pod x)"}, // kubectl's entry
		{"oc get pods", "Bash(oc get:*)"},
		{"gmake test", "Bash(gmake test:*)"}, // make's entry
		{"gmake -f evil.mk", "Bash(gmake -f evil.mk)"},
		{"nc.openbsd -l 80", "Bash(nc.openbsd -l 80)"},
		{"wget2 https://example.com", "Bash(wget2 https://example.com)"},
		{"view /etc/passwd", "Bash(view /etc/passwd)"}, // vim's entry: a shell escape
		{"nerdctl run alpine", "Bash(nerdctl run alpine)"},
		{"python3.12 -m pytest", "Bash(python3.12 -m pytest:*)"},
		{"python3.12 -c x", "Bash(python3.12 -c x)"},
		// A versioned interpreter is offered what its entry offers: its
		// inline code exactly, never the name as a prefix.
		{"perl5.36 -e x", "Bash(perl5.36 -e x)"},
		{"node18 -e x", "Bash(node18 -e x)"},
		{"lua5.4 -e x", "Bash(lua5.4 -e x)"},
		{"node18 server.js", "Bash(node18 server.js:*)"},
		{"pip3.11 install x", "Bash(pip3.11 install x)"},
		// A versioned shell is offered what the shells' row offers: the
		// exact command, never the name as a prefix.
		{"bash5.2 -c ls", "Bash(bash5.2 -c ls)"},
		{"zsh-5.9 deploy.sh", "Bash(zsh-5.9 deploy.sh)"},
		{"ksh93 -c x", "Bash(ksh93 -c x)"},
		{"gcc12.1 x.c", "Bash(gcc12.1:*)"}, // no entry says gcc is versioned: the name as a prefix
		{"node -m x", "Bash(node -m x)"},   // node has no -m: only python's Module is offered as a prefix
		{"perl -m strict -e x", "Bash(perl -m strict -e x)"},
		{"/usr/bin/git status", "Bash(git status:*)"},
		{"frobnicate --all", "Bash(frobnicate:*)"},
		{"./gradlew build", "Bash(./gradlew build:*)"},
	} {
		got := grant.SuggestBash([][]string{strings.Fields(tt.cmd)})
		if len(got) != 1 || got[0] != tt.want {
			t.Errorf("%s: offered %q, want %s", tt.cmd, got, tt.want)
		}
	}
}
