package rule

import (
	"bytes"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wardenhq/warden/api"
)

// TestPathsAgreeWithGit compares path rules relative to the working
// directory with git's own gitignore matching (git check-ignore), on random
// patterns and paths. The one deliberate difference: Warden's `dir/**` also
// covers dir itself, so a rule on a directory's contents also guards the
// directory.
func TestPathsAgreeWithGit(t *testing.T) {
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git not installed")
	}
	if testing.Short() {
		t.Skip("runs git once per pattern")
	}
	dir := t.TempDir()
	run := func(stdin string, args ...string) string {
		cmd := exec.Command(git, args...)
		cmd.Dir = dir
		cmd.Stdin = strings.NewReader(stdin)
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+dir)
		var out bytes.Buffer
		cmd.Stdout = &out
		if err := cmd.Run(); err != nil {
			if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 { // 1: nothing ignored
				t.Fatalf("git %v: %v", args, err)
			}
		}
		return out.String()
	}
	run("", "init", "-q")

	rng := rand.New(rand.NewPCG(7, 11))
	dirs := []string{"a", "b", "src", "x", "*", "**", "[ab]", "s?c"}
	leaves := []string{"*.go", "f.go", "*", "**", ".env", "k*", "?.go", "[!f]*.go", "a"}
	pathDirs := []string{"a", "b", "src", "x", "lib", "sec"}
	pathLeaves := []string{"f.go", "k.pem", ".env", "a.go", "kx", "a", ".go"}
	var paths []string
	for range 60 {
		var comps []string
		for range rng.IntN(4) {
			comps = append(comps, pathDirs[rng.IntN(len(pathDirs))])
		}
		comps = append(comps, pathLeaves[rng.IntN(len(pathLeaves))])
		paths = append(paths, strings.Join(comps, "/"))
	}
	stdin := strings.Join(paths, "\n") + "\n"

	for range 150 {
		var comps []string
		for range rng.IntN(3) {
			comps = append(comps, dirs[rng.IntN(len(dirs))])
		}
		comps = append(comps, leaves[rng.IntN(len(leaves))])
		pattern := strings.Join(comps, "/")
		if rng.IntN(3) == 0 && len(comps) == 1 {
			pattern = "/" + pattern // git's anchor is Warden's ./
		}
		if err := os.WriteFile(filepath.Join(dir, ".gitignore"), []byte(pattern+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		ignored := map[string]bool{}
		for _, l := range strings.Split(run(stdin, "check-ignore", "--no-index", "--stdin"), "\n") {
			ignored[l] = true
		}
		spec := pattern
		if strings.HasPrefix(spec, "/") {
			spec = "." + spec
		}
		r := MustParse("Read("+spec+")", api.Deny, Origin{})
		env := Env{Cwd: dir}
		for _, p := range paths {
			got := r.Matches(&Subject{Tool: "Read", Path: filepath.Join(dir, p)}, env)
			if got == ignored[p] {
				continue
			}
			if got && strings.HasSuffix(pattern, "/**") {
				// The directory itself: check that is all it is.
				parent := MustParse("Read("+strings.TrimSuffix(spec, "/**")+")", api.Deny, Origin{})
				if parent.Matches(&Subject{Tool: "Read", Path: filepath.Join(dir, p)}, env) {
					continue
				}
			}
			t.Errorf("pattern %q, path %q: Warden %v, git %v", pattern, p, got, ignored[p])
		}
	}
}
