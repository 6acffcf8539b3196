package danger

import (
	"slices"
	"sync"

	"github.com/wardenhq/warden/api"
)

// Category is one kind of danger a finding can name.
type Category struct {
	// Kind is the constant that names the category in code.
	Kind Kind
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
	// Lost, for a category whose effect cannot be undone, says what is lost
	// ("deleted files"): the explainer tells the person so. "" for one that
	// can be undone or only reads.
	Lost string
	// Flagged are commands the analysis must flag with this category.
	Flagged []string
	// Passes are look-alikes that must not carry this category.
	Passes []string
}

// index maps every slug and alias to its category's kind, built on first
// use so that a short-lived process (warden hook) that never reads a slug
// from outside never pays for it: making a finding from a Kind is an index
// into the registry. It panics on a category with no valid risk or a slug
// declared twice; the package's tests look categories up, so they catch
// both.
type index struct {
	kind map[string]Kind
}

var lookup = sync.OnceValue(func() *index {
	ix := &index{kind: make(map[string]Kind, 2*len(categories))}
	for i := range categories {
		c := &categories[i]
		if c.Risk.Rank() == 0 {
			panic("danger: category " + c.Slug + " has no valid highest risk")
		}
		for _, s := range append([]string{c.Slug}, c.Aliases...) {
			if _, dup := ix.kind[s]; dup {
				panic("danger: slug " + s + " is declared twice")
			}
			ix.kind[s] = Kind(i)
		}
	}
	return ix
})

// find returns the category a slug or alias names.
func (ix *index) find(slug string) (Category, bool) {
	k, ok := ix.kind[slug]
	if !ok {
		return Category{}, false
	}
	return k.Category(), true
}

// Lookup returns the category a slug or alias names, and whether it is
// known.
func Lookup(slug string) (Category, bool) {
	return lookup().find(slug)
}

// Known reports whether slug is a category's slug or alias.
func Known(slug string) bool {
	_, ok := lookup().kind[slug]
	return ok
}

// Canonical returns the canonical slug of slug: its category's slug for an
// alias, slug itself when it is canonical or unknown.
func Canonical(slug string) string {
	if k, ok := lookup().kind[slug]; ok {
		return k.Slug()
	}
	return slug
}

// All returns every category, sorted by slug.
func All() []Category {
	out := make([]Category, len(categories))
	for i := range categories {
		out[i] = Kind(i).Category()
	}
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
	for s, k := range lookup().kind {
		if c := k.Slug(); s != c {
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
