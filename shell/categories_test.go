package shell

import (
	"testing"

	"github.com/wardenhq/warden/danger"
)

// TestCategoryExamples runs every category's examples from the registry:
// each Flagged command carries the category, no Passes command does.
func TestCategoryExamples(t *testing.T) {
	for _, c := range danger.All() {
		t.Run(c.Slug, func(t *testing.T) {
			for _, cmd := range c.Flagged {
				if !hasCategory(Analyze(cmd, corpusOptions), c.Slug) {
					t.Errorf("%q is not flagged %s", cmd, c.Slug)
				}
			}
			for _, cmd := range c.Passes {
				if hasCategory(Analyze(cmd, corpusOptions), c.Slug) {
					t.Errorf("%q is flagged %s", cmd, c.Slug)
				}
			}
		})
	}
}

// TestFindingsUseTheRegistry checks, over the dev corpus, that every
// finding names a canonical category and stays within its highest risk.
func TestFindingsUseTheRegistry(t *testing.T) {
	for _, r := range loadCorpus(t) {
		for _, f := range Analyze(r.command, corpusOptions).Findings {
			c, ok := danger.Lookup(f.Category)
			if !ok || c.Slug != f.Category {
				t.Errorf("line %d: finding category %q is not a canonical slug", r.line, f.Category)
				continue
			}
			if f.Risk.Rank() > c.Risk.Rank() {
				t.Errorf("line %d: %s finding at %s exceeds the category's %s", r.line, f.Category, f.Risk, c.Risk)
			}
		}
	}
}

func hasCategory(an *Analysis, slug string) bool {
	for _, f := range an.Findings {
		if f.Category == slug {
			return true
		}
	}
	return false
}
