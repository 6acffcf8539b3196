package grant

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/wardenhq/warden/api"
)

// Grant is one remembered approval: a rule (matched like an allow rule) or a
// danger category (whose findings no longer force an ask), for one session or
// for always.
type Grant struct {
	// ID names the grant for "warden grants revoke". Session grants get a
	// random ID ("g-…"); always rules are named by a digest of their text
	// ("a-…"), so the same rule always has the same ID.
	ID    string    `json:"id"`
	Scope api.Scope `json:"scope"`
	// Session is the session the grant belongs to (session scope only).
	Session string `json:"session,omitempty"`
	// Rule is the allow rule granted, such as "Bash(npm run test:*)".
	// Exactly one of Rule and Category is set.
	Rule string `json:"rule,omitempty"`
	// Category is the canonical slug of a granted danger category.
	Category string `json:"category,omitempty"`
	// Person is who approved, when known.
	Person string `json:"person,omitempty"`
	// Daemon names the daemon the grant was made on, in a team whose
	// daemons share their grants.
	Daemon    string    `json:"daemon,omitempty"`
	CreatedAt time.Time `json:"created_at,omitzero"`
	// ExpiresAt is when a session grant lapses if the session stays idle;
	// zero when it does not expire.
	ExpiresAt time.Time `json:"expires_at,omitzero"`
	// Source is the file the grant is kept in, empty for memory.
	Source string `json:"source,omitempty"`
}

// Store keeps session grants. Implementations must be safe for concurrent
// use; FileStore is also safe across processes. Every implementation should
// pass granttest.RunStoreConformance.
type Store interface {
	// Add records g (scope session, with a session, and exactly one of Rule
	// and Category) and returns it as stored, with its ID and times set.
	// Adding a grant the session already holds returns the existing one.
	// Any other scope is ErrScope.
	Add(ctx context.Context, g Grant) (Grant, error)
	// List returns the live grants of session, or of every session when
	// session is "", oldest first. Listing a session counts as activity and
	// postpones its expiry.
	List(ctx context.Context, session string) ([]Grant, error)
	// Revoke removes every grant whose ID, rule or category equals idOrRule
	// (categories compared through their aliases) and returns how many it
	// removed.
	Revoke(ctx context.Context, idOrRule string) (int, error)
}

// Errors returned by Validate and the stores.
var (
	// ErrScope is returned when a grant's scope does not fit where it is
	// recorded: stores keep session grants only.
	ErrScope = errors.New("grant: wrong scope")
	// ErrInvalid is returned for a grant that is malformed: no session, no
	// rule or category, both, or a rule that cannot be a rule.
	ErrInvalid = errors.New("grant: invalid grant")
	// ErrHighRiskAlways is returned when a HIGH-risk category is to be
	// granted for always; such a category can be granted for a session at
	// most.
	ErrHighRiskAlways = errors.New("grant: a HIGH-risk category can be granted for the session at most")
)

// Validate reports whether g is a well-formed session grant, as a Store
// accepts it.
func (g Grant) Validate() error {
	if g.Scope != api.ScopeSession {
		return fmt.Errorf("%w: stores keep session grants, not %q", ErrScope, g.Scope)
	}
	if g.Session == "" {
		return fmt.Errorf("%w: a session grant needs a session", ErrInvalid)
	}
	return g.validateTarget()
}

func (g Grant) validateTarget() error {
	switch {
	case g.Rule != "" && g.Category != "":
		return fmt.Errorf("%w: a grant holds a rule or a category, not both", ErrInvalid)
	case g.Rule != "":
		return CheckRuleSyntax(g.Rule)
	case g.Category != "":
		if !categorySlug().MatchString(g.Category) {
			return fmt.Errorf("%w: category %q is not a slug", ErrInvalid, g.Category)
		}
		return nil
	}
	return fmt.Errorf("%w: a grant needs a rule or a category", ErrInvalid)
}

// The shapes of categories and rules, compiled on first use so that no
// short-lived process (warden hook) pays for them at start-up.
var (
	categorySlug = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`) })
	ruleShape    = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_.-]*(\((.*)\))?$`) })
)

// CheckRuleSyntax reports whether rule has the shape of a rule a settings
// file could hold: "Tool" or "Tool(specifier)" with a non-empty specifier.
// It checks the shape only; the rule package checks the specifier.
func CheckRuleSyntax(rule string) error {
	m := ruleShape().FindStringSubmatch(rule)
	if m == nil || (m[1] != "" && strings.TrimSpace(m[2]) == "") {
		return fmt.Errorf("%w: %q is not a rule (want Tool or Tool(specifier))", ErrInvalid, rule)
	}
	return nil
}

// matches reports whether idOrRule names g: its ID, its rule, or its
// category (through aliases).
func (g Grant) matches(idOrRule string) bool {
	if idOrRule == "" {
		return false
	}
	if g.ID == idOrRule || (g.Rule != "" && g.Rule == idOrRule) {
		return true
	}
	return g.Category != "" && CanonicalCategory(g.Category) == CanonicalCategory(idOrRule)
}

// Names reports whether idOrRule names g, as Store.Revoke matches it: its
// ID, its rule, or its category (through aliases).
func (g Grant) Names(idOrRule string) bool { return g.matches(idOrRule) }

// SameTarget reports whether a and b grant the same thing (the same rule,
// or the same category through aliases), as Store.Add compares them.
func SameTarget(a, b Grant) bool { return sameTarget(a, b) }

// NewID returns a fresh random session grant ID ("g-…"), for stores
// outside this package.
func NewID() string { return newID() }

// SortGrants orders grants as Store.List returns those of every session.
func SortGrants(gs []Grant) { sortGrants(gs) }

// sameTarget reports whether a and b grant the same thing.
func sameTarget(a, b Grant) bool {
	if a.Rule != "" || b.Rule != "" {
		return a.Rule == b.Rule
	}
	return CanonicalCategory(a.Category) == CanonicalCategory(b.Category)
}

// newID returns a random session grant ID.
func newID() string {
	var b [6]byte
	rand.Read(b[:]) // never fails (crypto/rand)
	return "g-" + hex.EncodeToString(b[:])
}

// AlwaysID is the ID of the always grant of rule: a digest of its text.
func AlwaysID(rule string) string {
	sum := sha256.Sum256([]byte(rule))
	return "a-" + hex.EncodeToString(sum[:6])
}

// sortGrants orders grants oldest first, then by session, keeping the order
// grants were added within a session, so that listings are stable.
func sortGrants(gs []Grant) {
	slices.SortStableFunc(gs, func(a, b Grant) int {
		if c := a.CreatedAt.Compare(b.CreatedAt); c != 0 {
			return c
		}
		return strings.Compare(a.Session, b.Session)
	})
}

// Rules returns the rules among gs, in order, without duplicates.
func Rules(gs []Grant) []string {
	var out []string
	seen := map[string]bool{}
	for _, g := range gs {
		if g.Rule != "" && !seen[g.Rule] {
			seen[g.Rule] = true
			out = append(out, g.Rule)
		}
	}
	return out
}

// CategoryGranted returns the grant among gs that lets findings of category
// through, comparing slugs through their aliases.
func CategoryGranted(gs []Grant, category string) (Grant, bool) {
	c := CanonicalCategory(category)
	for _, g := range gs {
		if g.Category != "" && CanonicalCategory(g.Category) == c {
			return g, true
		}
	}
	return Grant{}, false
}
