package agents

import "path/filepath"

// absEnv is the variable v cleaned, when it holds an absolute path.
func absEnv(getenv func(string) string, v string) string {
	if d := getenv(v); filepath.IsAbs(d) {
		return filepath.Clean(d)
	}
	return ""
}
