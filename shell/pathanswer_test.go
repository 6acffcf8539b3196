package shell

import (
	"math/rand"
	"reflect"
	"strconv"
	"testing"

	"github.com/wardenhq/warden/pathclass"
)

// TestPathAnswers checks that the answers remembered per path
// (credentialFile, control, credentialReach) are what pathclass answers, asked in any order,
// again and again, and past the number of paths remembered.
func TestPathAnswers(t *testing.T) {
	opts := Options{
		Home:         "/home/dev",
		Cwd:          "/home/dev/projects/app",
		ControlFiles: []string{"/opt/agent/settings.json"},
		Secrets:      []string{"/home/dev/.config/warden/token"},
	}
	paths := []string{
		"/home/dev/.claude/settings.json", "/home/dev/projects/app/.claude/settings.local.json",
		"/home/dev/.ssh/id_rsa", "/home/dev/.ssh/id_rsa.pub", "/home/dev/.aws/credentials",
		"/home/dev/projects/app/.env", "/home/dev/projects/app/src/main.go", "/etc/passwd",
		"/opt/agent/settings.json", "/opt/agent/settings.json/x", "/home/dev/.config/warden/token",
		"/home/dev/projects/app/.git/hooks/pre-commit", "/home/dev/.bashrc", "/tmp/x",
		"/home/dev/projects/app/key.pem", "/home/dev/key.pem", "/proc/1/environ", "/",
		"/home/dev", "/home/dev/.ssh", "/home/dev/.ssh/*", "/home/dev/.aws", "/home/*/.ssh/id_*", "/proc",
		"/home/dev/.config", "/home/dev/.config/warden", "/home/dev/projects/app/data/sample.csv",
	}
	for i := 0; len(paths) < 2*maxAnswers; i++ {
		paths = append(paths, "/home/dev/projects/app/build/f"+strconv.Itoa(i), "/home/dev/.ssh/k"+strconv.Itoa(i)+".key")
	}
	rng := rand.New(rand.NewSource(5))
	a := newAnalyzer(opts, &Analysis{})
	for pass := 0; pass < 3; pass++ {
		for _, i := range rng.Perm(len(paths)) {
			p := paths[i]
			e, ok := a.control(p)
			we, wok := pathclass.Control(p, opts.Home, opts.ControlFiles...)
			if ok != wok || !reflect.DeepEqual(e, we) {
				t.Fatalf("control(%q) = %+v, %v; pathclass says %+v, %v", p, e, ok, we, wok)
			}
			if got, want := a.credentialFile(p), a.credentialFileNow(p); got != want {
				t.Fatalf("credentialFile(%q) = %v, want %v", p, got, want)
			}
			file, tree := a.credentialReach(p)
			if wf, wt := a.credentialReachNow(p); file != wf || tree != wt {
				t.Fatalf("credentialReach(%q) = %v, %v, want %v, %v", p, file, tree, wf, wt)
			}
		}
	}
	if len(a.answers) != maxAnswers {
		t.Fatalf("%d paths remembered, want %d", len(a.answers), maxAnswers)
	}
}
