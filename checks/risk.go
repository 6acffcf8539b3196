package checks

import (
	"strings"

	"github.com/wardenhq/warden/api"
)

// The risks a check may lower a finding to (FlagAt), named for
// readability.
const (
	low    = api.RiskLow
	medium = api.RiskMedium
	high   = api.RiskHigh
)

// wordSet is a set of words, written as one space-separated string.
type wordSet map[string]bool

func newWordSet(words string) wordSet {
	set := wordSet{}
	for _, w := range strings.Fields(words) {
		set[w] = true
	}
	return set
}
