package grant

import (
	"fmt"
	"maps"

	"github.com/wardenhq/warden/api"
)

// aliases maps slugs that were renamed, or spelled differently by other
// tools, to the canonical category slugs of the danger catalogue
// (shared/corpus/POLICY.md §4). Grants stored under an old slug keep working.
var aliases = map[string]string{
	"rm-recursive":          "recursive-delete",
	"dangerous-rm":          "recursive-delete",
	"recursive-rm":          "recursive-delete",
	"destructive-git":       "git-destructive",
	"git-force":             "git-destructive",
	"git-force-push":        "git-destructive",
	"git-rewrite-history":   "git-history-rewrite",
	"history-rewrite":       "git-history-rewrite",
	"privilege-escalation":  "privilege",
	"sudo":                  "privilege",
	"curl-pipe-shell":       "remote-exec",
	"remote-code-execution": "remote-exec",
	"chmod":                 "permissions",
	"permission-change":     "permissions",
	"disk-destroy":          "disk-wipe",
	"data-exfiltration":     "exfiltration",
	"secrets-access":        "credential-access",
	"credential-read":       "credential-access",
	"reverse-shell":         "remote-access",
	"kill-process":          "process-kill",
	"shutdown":              "system-power",
	"package-publish":       "publish-deploy",
	"sql-drop":              "sql-destructive",
	"outside-workdir":       "outside-working-dir",
	"protected-file":        "protected-path",
}

// categoryRisk is the worst risk a finding of each category can carry. A
// category whose findings can be HIGH can never be granted for always.
var categoryRisk = map[string]api.Risk{
	"recursive-delete":      api.RiskHigh,
	"file-overwrite":        api.RiskMedium,
	"disk-wipe":             api.RiskHigh,
	"sql-destructive":       api.RiskHigh,
	"db-destructive":        api.RiskHigh,
	"remote-exec":           api.RiskHigh,
	"fork-bomb":             api.RiskHigh,
	"resource-exhaustion":   api.RiskMedium,
	"privilege":             api.RiskHigh,
	"permissions":           api.RiskMedium,
	"system-config":         api.RiskMedium,
	"security-disable":      api.RiskHigh,
	"process-kill":          api.RiskMedium,
	"system-power":          api.RiskMedium,
	"git-destructive":       api.RiskMedium,
	"git-history-rewrite":   api.RiskMedium,
	"exfiltration":          api.RiskHigh,
	"credential-access":     api.RiskHigh,
	"persistence":           api.RiskHigh,
	"agent-config-tamper":   api.RiskHigh,
	"remote-access":         api.RiskHigh,
	"cloud-destructive":     api.RiskHigh,
	"container-destructive": api.RiskMedium,
	"publish-deploy":        api.RiskMedium,
	"log-tampering":         api.RiskHigh,
	"backup-destruction":    api.RiskHigh,
	"protected-path":        api.RiskHigh,
	"outside-working-dir":   api.RiskMedium,
}

// CanonicalCategory returns the current slug for slug: its alias target when
// it was renamed, else slug itself.
func CanonicalCategory(slug string) string {
	if c, ok := aliases[slug]; ok {
		return c
	}
	return slug
}

// Aliases returns a copy of the alias table: old slug → canonical slug.
func Aliases() map[string]string { return maps.Clone(aliases) }

// CategoryRisk returns the worst risk a finding of category can carry, and
// whether the category is known. Unknown categories count as HIGH.
func CategoryRisk(category string) (api.Risk, bool) {
	r, ok := categoryRisk[CanonicalCategory(category)]
	if !ok {
		return api.RiskHigh, false
	}
	return r, true
}

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
