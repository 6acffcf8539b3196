// Package yq reads a yq expression far enough to say whether it only
// selects from its input: a path expression (.a.b, .[0], (.x | keys))
// prints what it selects, while one that loads a file, reads the
// environment or evaluates a string as an expression reaches beyond it.
// The shell package judges a yq call's expression with it.
package yq

import "strings"

// reaches are yq's operators that read files or the environment, or
// evaluate a string as an expression.
var reaches = []string{"load", "env", "eval", "system", "file", "from"}

// Selects reports an expression that only selects from yq's input. A word
// that is not an expression at all (yq config.yaml, where yq takes the
// file for its input) does not, nor does one that names an operator that
// reaches beyond the input.
func Selects(expr string) bool {
	c := strings.TrimSpace(expr)
	if c == "" || !strings.ContainsAny(c[:1], ".[($") {
		return false
	}
	l := strings.ToLower(c)
	for _, w := range reaches {
		if strings.Contains(l, w) {
			return false
		}
	}
	return true
}
