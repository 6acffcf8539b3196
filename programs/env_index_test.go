package programs

import (
	"strings"
	"testing"
)

// TestEnvIndexIsTheTable: EnvOf and EnvReadByPrograms, which look a name
// up among the patterns of its first byte, answer as a scan of every
// pattern in the table's order would, for the table's own names, their
// pattern stems with suffixes, other cases and names no row holds.
func TestEnvIndexIsTheTable(t *testing.T) {
	exact, pats := envIndex()
	scanOf := func(name string) *EnvVar {
		if v := exact[name]; v != nil {
			return v
		}
		for i := range pats.all {
			if pats.all[i].match(name) {
				return pats.all[i].v
			}
		}
		return nil
	}
	scanRead := func(name string) bool {
		for i := range pats.all {
			if pats.all[i].v.Value == EnvRead && pats.all[i].match(name) {
				return true
			}
		}
		return false
	}
	names := []string{"", "A", "ROOT", "BUILD_DIR", "pkg", "line", "x", "_", "9", "yolo", "MY_YOLO_MODE", "PATH", "path"}
	for _, row := range Env {
		for _, n := range row.Names {
			stem := strings.Trim(n, "*")
			for _, m := range []string{n, stem, stem + "X", stem + "_DIR", "X" + stem, strings.ToLower(stem), strings.ToLower(stem) + "x", stem[:len(stem)/2]} {
				names = append(names, m)
			}
		}
	}
	if len(pats.all) < 50 {
		t.Fatalf("only %d patterns: the table lost its patterns", len(pats.all))
	}
	matched := 0
	for _, n := range names {
		want := scanOf(n)
		if got := EnvOf(n); got != want {
			t.Errorf("EnvOf(%q) = %v, a scan of the table finds %v", n, got, want)
		}
		if got, want := EnvReadByPrograms(n), scanRead(n); got != want {
			t.Errorf("EnvReadByPrograms(%q) = %v, a scan of the table says %v", n, got, want)
		}
		if want != nil && exact[n] == nil {
			matched++
		}
	}
	if matched < 100 {
		t.Errorf("only %d names matched by a pattern: the test lost its cases", matched)
	}
}
