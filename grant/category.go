package grant

import (
	"fmt"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/danger"
)

// The category slugs, their aliases and their highest risks are declared
// once, in package danger; grants read them from there so that a grant
// names exactly the slugs findings carry.

// CanonicalCategory returns the current slug for slug: its category's slug
// when it is an alias (a renamed or differently spelled slug), else slug
// itself.
func CanonicalCategory(slug string) string { return danger.Canonical(slug) }

// Aliases returns a copy of the alias table: old slug → canonical slug.
func Aliases() map[string]string { return danger.Aliases() }

// CategoryRisk returns the worst risk a finding of category can carry, and
// whether the category is known. Unknown categories count as HIGH.
func CategoryRisk(category string) (api.Risk, bool) { return danger.MaxRisk(category) }

// CheckScope reports whether category may be granted at scope, given the
// risk of the finding being approved (RiskNone when not known). The risk
// that counts is the higher of that and the category's worst risk; an
// unknown category counts as HIGH. HIGH may be granted once or for the
// session, never always.
func CheckScope(category string, risk api.Risk, scope api.Scope) error {
	worst, _ := CategoryRisk(category)
	if risk.Rank() > worst.Rank() {
		worst = risk
	}
	if scope == api.ScopeAlways && worst == api.RiskHigh {
		return fmt.Errorf("%w: %q", ErrHighRiskAlways, CanonicalCategory(category))
	}
	return nil
}
