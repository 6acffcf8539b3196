package checks

import "strings"

// ProdName reports names that denote production (POLICY context 4).
func ProdName(s string) bool {
	ls := strings.ToLower(s)
	for _, w := range []string{"prod", "production", "live"} {
		for i := strings.Index(ls, w); i >= 0; {
			before := i == 0 || !isAlnum(ls[i-1])
			after := i+len(w) >= len(ls) || !isAlpha(ls[i+len(w)])
			if before && (after || w == "prod" && strings.HasPrefix(ls[i:], "production")) {
				if w == "live" && !before {
					break
				}
				return true
			}
			j := strings.Index(ls[i+1:], w)
			if j < 0 {
				break
			}
			i = i + 1 + j
		}
	}
	return strings.Contains(s, "$PROD_") || strings.Contains(s, "${PROD_")
}

func isAlpha(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isAlnum(c byte) bool { return isAlpha(c) || c >= '0' && c <= '9' }
