package shell

import (
	"errors"
	"strings"
	"testing"
)

// FuzzAnalyze checks that Analyze never fails internally (it would recover
// and ask, but that is a bug), stays bounded, and is deterministic.
func FuzzAnalyze(f *testing.F) {
	for _, r := range loadCorpus(f) {
		f.Add(r.command)
	}
	for _, s := range []string{"", "$(", "`", "'", "\"$(\"", "a <<", "{a,b}{c,d}", "${x:-${y:-$(z)}}", "eval eval eval", "f(){ f|f& };f",
		"find . -exec", "xargs -I", "sudo -u", "env -S", "bash -c", "git -c", "docker run -v", "awk 'BEGIN{system(\"", "sed 's/a/b/e", "cat <<'E'\nx",
		"wc -l $(git ls-files)", "git ls-files | xargs wc -l", "find . -name '*.go' -exec grep -l x {} +", "git ls-files | while read f; do cat \"$f\"; done",
		"for f in $(find . -type f -print); do cat $f; done", "find . -print0 | xargs -0 cat"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, cmd string) {
		opts := Options{Cwd: "/home/dev/projects/app", Home: "/home/dev", MaxLength: 4096, List: fakeList}
		an := Analyze(cmd, opts)
		var ie *internalError
		if errors.As(an.ParseError, &ie) {
			t.Fatalf("internal error: %v", ie.v)
		}
		if limit := opts.MaxLength + 4*DefaultMaxParts; len(an.Parts) > limit || len(an.Findings) > 16*limit {
			t.Fatalf("unbounded: %d parts, %d findings", len(an.Parts), len(an.Findings))
		}
		if strings.ContainsRune(an.Normalized, 0) {
			t.Fatal("NUL survived normalisation")
		}
		again := Analyze(cmd, opts)
		if len(again.Parts) != len(an.Parts) || len(again.Findings) != len(an.Findings) {
			t.Fatalf("not deterministic: %d/%d parts, %d/%d findings", len(an.Parts), len(again.Parts), len(an.Findings), len(again.Findings))
		}
	})
}
