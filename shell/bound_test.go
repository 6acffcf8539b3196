package shell

import (
	"runtime"
	"strings"
	"testing"
)

// boundShapes are the shapes of command whose analysis once grew faster
// than the command: nesting (substitutions, process substitutions, quoted
// substitutions, conditionals), brace expansion, long lists, carriers,
// here-documents and function calls. Each makes a command of about n
// bytes.
var boundShapes = map[string]func(n int) string{
	"procsubst": func(n int) string { return strings.Repeat("cat <(", n/7) + "ls" + strings.Repeat(")", n/7) },
	"cmdsubst":  func(n int) string { return strings.Repeat("echo $(", n/8) + "ls" + strings.Repeat(")", n/8) },
	"quoted":    func(n int) string { return strings.Repeat(`echo "$(`, n/10) + "ls" + strings.Repeat(`)"`, n/10) },
	"if": func(n int) string {
		return strings.Repeat("if true; then ", n/18) + "ls" + strings.Repeat("; fi", n/18)
	},
	"braces":    func(n int) string { return "echo " + strings.Repeat("{a,b}", n/5) },
	"list":      func(n int) string { return strings.Repeat("ls && ", n/6) + "ls" },
	"carrier":   func(n int) string { return `bash -c "` + strings.Repeat("ls; ", n/4) + `"` },
	"heredocs":  func(n int) string { return strings.Repeat("cat <<E\n$(ls)\nE\n", n/16) },
	"functions": func(n int) string { return strings.Repeat("f() { ls; }; f; ", n/16) },
}

// allocated returns the bytes one analysis of cmd allocates.
func allocated(cmd string) uint64 {
	var m0, m1 runtime.MemStats
	// Twice: the first collection moves what the pools hold to their
	// victim caches, the second drops it, so that no measure depends on
	// what the analysis before it (another shape, in map order) left.
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&m0)
	Analyze(cmd, Options{Cwd: "/p"})
	runtime.ReadMemStats(&m1)
	return m1.TotalAlloc - m0.TotalAlloc
}

// TestAnalysisIsLinear generates every shape up to the length limit and
// checks that the memory the analysis allocates grows at most linearly:
// four times the command costs at most six times the memory, and no shape
// costs more than maxBytesPerByte for each byte of the command. (Memory,
// not time: the work the analysis does is what it allocates for, and it
// is the same on every machine.)
func TestAnalysisIsLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("generates commands up to the length limit")
	}
	const maxBytesPerByte = 2048
	for name, gen := range boundShapes {
		t.Run(name, func(t *testing.T) {
			small, large := gen(DefaultMaxLength/4), gen(DefaultMaxLength)
			if len(large) > DefaultMaxLength {
				large = large[:DefaultMaxLength]
			}
			s, l := allocated(small), allocated(large)
			if l > 6*s+1<<20 {
				t.Errorf("%d bytes allocate %d, %d bytes allocate %d: more than linear", len(small), s, len(large), l)
			}
			if per := l / uint64(len(large)); per > maxBytesPerByte {
				t.Errorf("%d bytes allocate %d: %d per byte, more than %d", len(large), l, per, maxBytesPerByte)
			}
		})
	}
}

// TestNestingPastTheLimitIsUnknown checks that statements nested past the
// limit are read raw, so what they run is still a part (for deny rules)
// and the analysis says it stopped (never read-only).
func TestNestingPastTheLimitIsUnknown(t *testing.T) {
	n := 4 * nestLimit(Options{MaxDepth: DefaultMaxDepth})
	for _, cmd := range []string{
		strings.Repeat("cat <(", n) + "rm -rf ~" + strings.Repeat(")", n),
		strings.Repeat("echo $(", n) + "rm -rf ~" + strings.Repeat(")", n),
		strings.Repeat("if true; then ", n) + "rm -rf ~" + strings.Repeat("; fi", n),
	} {
		an := Analyze(cmd, Options{Cwd: "/p", Home: "/h"})
		if an.Limit != LimitDepth {
			t.Errorf("%.40s…: limit %q, want %q", cmd, an.Limit, LimitDepth)
		}
		found := false
		for _, p := range an.Parts {
			found = found || p.Program() == "rm"
		}
		if !found {
			t.Errorf("%.40s…: rm is not a part", cmd)
		}
	}
	// Nesting a real command has stays whole.
	an := Analyze("echo $(echo $(echo $(ls)))", Options{Cwd: "/p"})
	if an.Limit != "" {
		t.Errorf("limit %q for three levels", an.Limit)
	}
}

// TestLongCommandStillMeetsDenyRules checks that a command too long to
// parse still has, as a part, a statement anywhere in its first
// ScanFactor times the limit.
func TestLongCommandStillMeetsDenyRules(t *testing.T) {
	for _, cmd := range []string{
		strings.Repeat("true; ", 3*DefaultMaxLength/6) + "rm -rf build",
		"rm -rf build; " + strings.Repeat("true; ", 3*DefaultMaxLength/6),
	} {
		an := Analyze(cmd, Options{Cwd: "/p"})
		if an.Limit != LimitLength {
			t.Errorf("limit %q, want %q", an.Limit, LimitLength)
		}
		found := false
		for _, p := range an.Parts {
			found = found || p.Program() == "rm"
		}
		if !found || len(an.Parts) > 10 {
			t.Errorf("rm is a part: %v; parts %d (each distinct statement once)", found, len(an.Parts))
		}
	}
}

// BenchmarkNested measures the analysis of the bound shapes at the
// length limit (go test -run X -bench Nested -benchtime 3x ./shell).
func BenchmarkNested(b *testing.B) {
	for name, gen := range boundShapes {
		cmd := gen(DefaultMaxLength)
		if len(cmd) > DefaultMaxLength {
			cmd = cmd[:DefaultMaxLength]
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Analyze(cmd, Options{Cwd: "/p"})
			}
		})
	}
}
