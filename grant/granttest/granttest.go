// Package granttest is the conformance suite for grant stores: any
// implementation of grant.Store — the memory and file stores of package
// grant, or a third party's — runs RunStoreConformance from its tests to
// show it keeps the Store contract the decision engine relies on.
package granttest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/grant"
)

// RunStoreConformance runs the Store contract against fresh stores made by
// newStore (one per subtest; the store must start empty and must not expire
// grants during the test).
func RunStoreConformance(t *testing.T, newStore func(t *testing.T) grant.Store) {
	t.Helper()
	ctx := context.Background()
	session := func(s, rule string) grant.Grant {
		return grant.Grant{Scope: api.ScopeSession, Session: s, Rule: rule}
	}
	category := func(s, c string) grant.Grant {
		return grant.Grant{Scope: api.ScopeSession, Session: s, Category: c}
	}
	mustAdd := func(t *testing.T, st grant.Store, g grant.Grant) grant.Grant {
		t.Helper()
		got, err := st.Add(ctx, g)
		if err != nil {
			t.Fatalf("Add(%+v): %v", g, err)
		}
		return got
	}
	mustList := func(t *testing.T, st grant.Store, s string) []grant.Grant {
		t.Helper()
		got, err := st.List(ctx, s)
		if err != nil {
			t.Fatalf("List(%q): %v", s, err)
		}
		return got
	}
	// targets reduces grants to "session rule-or-category" for comparison.
	targets := func(gs []grant.Grant) []string {
		out := []string{}
		for _, g := range gs {
			out = append(out, fmt.Sprintf("%s %s%s", g.Session, g.Rule, g.Category))
		}
		return out
	}

	t.Run("AddFillsIDAndTime", func(t *testing.T) {
		st := newStore(t)
		g := mustAdd(t, st, session("s1", "Bash(npm run test:*)"))
		if g.ID == "" {
			t.Error("Add returned a grant without an ID")
		}
		if g.CreatedAt.IsZero() {
			t.Error("Add returned a grant without CreatedAt")
		}
		if g.Scope != api.ScopeSession || g.Session != "s1" || g.Rule != "Bash(npm run test:*)" {
			t.Errorf("Add returned %+v, want the scope, session and rule given", g)
		}
		got := mustList(t, st, "s1")
		if len(got) != 1 || got[0].ID != g.ID {
			t.Errorf("List after Add = %+v, want the one grant with ID %q", got, g.ID)
		}
	})

	t.Run("AddTwiceKeepsOne", func(t *testing.T) {
		st := newStore(t)
		a := mustAdd(t, st, session("s1", "Bash(go test:*)"))
		b := mustAdd(t, st, session("s1", "Bash(go test:*)"))
		if a.ID != b.ID {
			t.Errorf("adding the same rule twice gave IDs %q and %q, want the existing grant", a.ID, b.ID)
		}
		if n := len(mustList(t, st, "s1")); n != 1 {
			t.Errorf("List holds %d grants, want 1", n)
		}
	})

	t.Run("ListBySessionInOrder", func(t *testing.T) {
		st := newStore(t)
		mustAdd(t, st, session("s1", "Bash(npm test:*)"))
		mustAdd(t, st, session("s2", "Bash(cargo build:*)"))
		mustAdd(t, st, session("s1", "Edit(./src/**)"))
		mustAdd(t, st, category("s1", "git-destructive"))
		want := []string{"s1 Bash(npm test:*)", "s1 Edit(./src/**)", "s1 git-destructive"}
		if diff := cmp.Diff(want, targets(mustList(t, st, "s1"))); diff != "" {
			t.Errorf("List(s1) (-want +got):\n%s", diff)
		}
		if diff := cmp.Diff([]string{"s2 Bash(cargo build:*)"}, targets(mustList(t, st, "s2"))); diff != "" {
			t.Errorf("List(s2) (-want +got):\n%s", diff)
		}
		if diff := cmp.Diff([]string{}, targets(mustList(t, st, "nobody"))); diff != "" {
			t.Errorf("List(unknown session) (-want +got):\n%s", diff)
		}
		all := targets(mustList(t, st, ""))
		slices.Sort(all)
		wantAll := []string{"s1 Bash(npm test:*)", "s1 Edit(./src/**)", "s1 git-destructive", "s2 Bash(cargo build:*)"}
		if diff := cmp.Diff(wantAll, all); diff != "" {
			t.Errorf("List(\"\") (-want +got):\n%s", diff)
		}
	})

	t.Run("CategoriesThroughAliases", func(t *testing.T) {
		st := newStore(t)
		g := mustAdd(t, st, category("s1", "destructive-git")) // the old slug
		if g.Category != "git-destructive" {
			t.Errorf("Add stored category %q, want the canonical %q", g.Category, "git-destructive")
		}
		again := mustAdd(t, st, category("s1", "git-destructive"))
		if again.ID != g.ID {
			t.Errorf("the canonical slug after its alias made a second grant %q (first %q)", again.ID, g.ID)
		}
		gs := mustList(t, st, "s1")
		for _, slug := range []string{"git-destructive", "destructive-git", "git-force-push"} {
			if _, ok := grant.CategoryGranted(gs, slug); !ok {
				t.Errorf("CategoryGranted(%q) = false, want true", slug)
			}
		}
		if _, ok := grant.CategoryGranted(gs, "recursive-delete"); ok {
			t.Error("CategoryGranted(recursive-delete) = true for a session granted only git-destructive")
		}
		if _, ok := grant.CategoryGranted(mustList(t, st, "s2"), "git-destructive"); ok {
			t.Error("a category granted to s1 shows in s2")
		}
	})

	t.Run("Revoke", func(t *testing.T) {
		st := newStore(t)
		a := mustAdd(t, st, session("s1", "Bash(npm test:*)"))
		mustAdd(t, st, session("s1", "Bash(make build:*)"))
		mustAdd(t, st, session("s2", "Bash(make build:*)"))
		mustAdd(t, st, category("s2", "git-destructive"))
		tests := []struct {
			name     string
			idOrRule string
			want     int
			left     []string
		}{
			{"by id", a.ID, 1, []string{"s1 Bash(make build:*)", "s2 Bash(make build:*)", "s2 git-destructive"}},
			{"unknown", "Bash(nothing:*)", 0, []string{"s1 Bash(make build:*)", "s2 Bash(make build:*)", "s2 git-destructive"}},
			{"empty", "", 0, []string{"s1 Bash(make build:*)", "s2 Bash(make build:*)", "s2 git-destructive"}},
			{"by rule in every session", "Bash(make build:*)", 2, []string{"s2 git-destructive"}},
			{"by category alias", "destructive-git", 1, []string{}},
		}
		for _, tt := range tests {
			n, err := st.Revoke(ctx, tt.idOrRule)
			if err != nil {
				t.Fatalf("%s: Revoke(%q): %v", tt.name, tt.idOrRule, err)
			}
			if n != tt.want {
				t.Errorf("%s: Revoke(%q) = %d, want %d", tt.name, tt.idOrRule, n, tt.want)
			}
			got := targets(mustList(t, st, ""))
			slices.Sort(got)
			if diff := cmp.Diff(tt.left, got); diff != "" {
				t.Errorf("%s: grants left (-want +got):\n%s", tt.name, diff)
			}
		}
	})

	t.Run("RejectsMalformed", func(t *testing.T) {
		st := newStore(t)
		tests := []struct {
			name string
			g    grant.Grant
			want error
		}{
			{"once", grant.Grant{Scope: api.ScopeOnce, Session: "s1", Rule: "Bash(ls:*)"}, grant.ErrScope},
			{"always", grant.Grant{Scope: api.ScopeAlways, Session: "s1", Rule: "Bash(ls:*)"}, grant.ErrScope},
			{"no scope", grant.Grant{Session: "s1", Rule: "Bash(ls:*)"}, grant.ErrScope},
			{"no session", grant.Grant{Scope: api.ScopeSession, Rule: "Bash(ls:*)"}, grant.ErrInvalid},
			{"nothing granted", grant.Grant{Scope: api.ScopeSession, Session: "s1"}, grant.ErrInvalid},
			{"rule and category", grant.Grant{Scope: api.ScopeSession, Session: "s1", Rule: "Bash(ls:*)", Category: "git-destructive"}, grant.ErrInvalid},
			{"not a rule", session("s1", "Bash(ls"), grant.ErrInvalid},
			{"empty specifier", session("s1", "Bash()"), grant.ErrInvalid},
			{"not a slug", category("s1", "Git Destructive"), grant.ErrInvalid},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				if _, err := st.Add(ctx, tt.g); !errors.Is(err, tt.want) {
					t.Errorf("Add(%+v) error = %v, want %v", tt.g, err, tt.want)
				}
			})
		}
		if gs := mustList(t, st, ""); len(gs) != 0 {
			t.Errorf("rejected grants were stored: %+v", gs)
		}
	})

	t.Run("OddSessionIDs", func(t *testing.T) {
		st := newStore(t)
		ids := []string{"../../etc/passwd", "with space", "ünïcode", "a/b", ".hidden", "sha256-abc", "x"}
		for _, id := range ids {
			mustAdd(t, st, session(id, "Bash(ls:*)"))
		}
		for _, id := range ids {
			got := mustList(t, st, id)
			if len(got) != 1 || got[0].Session != id {
				t.Errorf("List(%q) = %+v, want the one grant of that session", id, got)
			}
		}
	})

	t.Run("ConcurrentAdds", func(t *testing.T) {
		st := newStore(t)
		const n = 25
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() {
				if _, err := st.Add(ctx, session("s1", fmt.Sprintf("Bash(task%d:*)", i))); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		if got := len(mustList(t, st, "s1")); got != n {
			t.Errorf("after %d concurrent adds List holds %d grants", n, got)
		}
	})
}
