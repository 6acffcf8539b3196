package danger

import (
	"slices"
	"sync"

	"github.com/wardenhq/warden/api"
)

// Category is one kind of danger a finding can name.
type Category struct {
	// Slug is the canonical name findings carry (recursive-delete).
	Slug string
	// Risk is the highest risk a finding of this category can carry. A
	// category whose findings can be HIGH can be granted for a session at
	// most, never always.
	Risk api.Risk
	// Aliases are other slugs that mean this category: earlier names and
	// other tools' spellings. Lookup and Canonical accept them.
	Aliases []string
	// Rule names the labelling policy rule the category implements
	// (POLICY.md §3, "R2"), or "" for Warden's own categories.
	Rule string
	// Summary says in one line what the category covers.
	Summary string
	// Flagged are commands the analysis must flag with this category.
	Flagged []string
	// Passes are look-alikes that must not carry this category.
	Passes []string
}

// index holds every category by slug and every slug and alias by its
// canonical slug, built on first use so that a short-lived process (warden
// hook) whose call has no finding never pays for it. It panics on a
// category with no valid risk or a slug declared twice; the package's
// tests look categories up, so they catch both.
type index struct {
	bySlug map[string]*Category
	// canonical maps every slug and alias to the canonical slug.
	canonical map[string]string
}

var lookup = sync.OnceValue(func() *index {
	ix := &index{bySlug: make(map[string]*Category, len(categories)), canonical: make(map[string]string, 2*len(categories))}
	for i := range categories {
		c := &categories[i]
		if c.Risk.Rank() == 0 {
			panic("danger: category " + c.Slug + " has no valid highest risk")
		}
		for _, s := range append([]string{c.Slug}, c.Aliases...) {
			if _, dup := ix.canonical[s]; dup {
				panic("danger: slug " + s + " is declared twice")
			}
			ix.canonical[s] = c.Slug
		}
		ix.bySlug[c.Slug] = c
	}
	return ix
})

// find returns the category a slug or alias names.
func (ix *index) find(slug string) (*Category, bool) {
	c, ok := ix.bySlug[ix.canonical[slug]]
	return c, ok
}

// Lookup returns the category a slug or alias names, and whether it is
// known.
func Lookup(slug string) (Category, bool) {
	c, ok := lookup().find(slug)
	if !ok {
		return Category{}, false
	}
	return *c, true
}

// Known reports whether slug is a category's slug or alias.
func Known(slug string) bool {
	_, ok := lookup().canonical[slug]
	return ok
}

// Canonical returns the canonical slug of slug: its category's slug for an
// alias, slug itself when it is canonical or unknown.
func Canonical(slug string) string {
	if c, ok := lookup().canonical[slug]; ok {
		return c
	}
	return slug
}

// All returns every category, sorted by slug.
func All() []Category {
	out := append([]Category(nil), categories...)
	slices.SortFunc(out, func(a, b Category) int {
		switch {
		case a.Slug < b.Slug:
			return -1
		case a.Slug > b.Slug:
			return 1
		}
		return 0
	})
	return out
}

// Aliases returns every alias with the canonical slug it stands for.
func Aliases() map[string]string {
	out := map[string]string{}
	for s, c := range lookup().canonical {
		if s != c {
			out[s] = c
		}
	}
	return out
}

// MaxRisk returns the highest risk a finding of slug can carry, and whether
// the slug is known. An unknown slug counts as HIGH.
func MaxRisk(slug string) (api.Risk, bool) {
	c, ok := lookup().find(slug)
	if !ok {
		return api.RiskHigh, false
	}
	return c.Risk, true
}

// Cap returns risk, lowered to the highest risk of slug's category when it
// exceeds it. An unknown slug leaves risk unchanged.
func Cap(slug string, risk api.Risk) api.Risk {
	c, ok := lookup().find(slug)
	if ok && risk.Rank() > c.Risk.Rank() {
		return c.Risk
	}
	return risk
}
