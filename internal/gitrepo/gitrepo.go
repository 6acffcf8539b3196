package gitrepo

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Repo is a repository found on disk.
type Repo struct {
	// GitDir is the repository directory: a work tree's .git, the
	// directory a .git file names, or a bare repository.
	GitDir string
	// WorkTree is the work tree's top directory ("" for a bare repository
	// or one named by --git-dir without a work tree).
	WorkTree string
}

// maxUp bounds the directories Discover climbs.
const maxUp = 256

// Discover returns the repository git works on when started in dir, or
// the one gitDir names (--git-dir, GIT_DIR: relative to dir). It reports
// false when there is none.
func Discover(dir, gitDir string) (Repo, bool) {
	if gitDir != "" {
		if !filepath.IsAbs(gitDir) {
			gitDir = filepath.Join(dir, gitDir)
		}
		gitDir = filepath.Clean(gitDir)
		if d, ok := gitFile(gitDir); ok {
			gitDir = d
		}
		if !IsGitDir(gitDir) {
			return Repo{}, false
		}
		return Repo{GitDir: gitDir}, true
	}
	d := filepath.Clean(dir)
	for range maxUp {
		dotgit := filepath.Join(d, ".git")
		if fi, err := os.Stat(dotgit); err == nil {
			switch {
			case fi.IsDir() && IsGitDir(dotgit):
				return Repo{GitDir: dotgit, WorkTree: d}, true
			case fi.Mode().IsRegular():
				if g, ok := gitFile(dotgit); ok && IsGitDir(g) {
					return Repo{GitDir: g, WorkTree: d}, true
				}
			}
		}
		if IsGitDir(d) {
			return Repo{GitDir: d}, true
		}
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	return Repo{}, false
}

// IsGitDir reports a directory that holds what git takes for a
// repository: a HEAD file and objects/ and refs/ directories.
func IsGitDir(d string) bool {
	if fi, err := os.Stat(filepath.Join(d, "HEAD")); err != nil || !fi.Mode().IsRegular() {
		return false
	}
	for _, sub := range []string{"objects", "refs"} {
		if fi, err := os.Stat(filepath.Join(d, sub)); err != nil || !fi.IsDir() {
			return false
		}
	}
	return true
}

// gitFile reads a .git file ("gitdir: PATH", relative to the file's
// directory).
func gitFile(p string) (string, bool) {
	fi, err := os.Stat(p)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() > 4096 {
		return "", false
	}
	b, err := os.ReadFile(p)
	if err != nil {
		return "", false
	}
	rest, ok := strings.CutPrefix(string(b), "gitdir:")
	if !ok {
		return "", false
	}
	g := strings.TrimSpace(rest)
	if g == "" {
		return "", false
	}
	if !filepath.IsAbs(g) {
		g = filepath.Join(filepath.Dir(p), g)
	}
	return filepath.Clean(g), true
}

// Entry is one configuration variable.
type Entry struct {
	// Key is section.name or section.subsection.name, section and name in
	// lower case (as git compares them), the subsection as written.
	Key, Value string
	// File is the file that set it.
	File string
}

// maxInclude is git's own bound on nested includes.
const maxInclude = 10

// maxConfig bounds the size of one configuration file read.
const maxConfig = 1 << 20

// ErrTooDeep reports includes nested deeper than git follows.
var ErrTooDeep = errors.New("gitrepo: includes nested too deep")

// ReadConfig reads a configuration file and the files it includes
// (include.path and includeIf.*.path, whatever the condition, relative to
// the including file; ~/ is home). A missing file, included or not, is no
// error (git ignores it); a file that does not parse is.
func ReadConfig(path, home string) ([]Entry, error) {
	var out []Entry
	err := readConfig(path, home, 0, &out)
	return out, err
}

func readConfig(path, home string, depth int, out *[]Entry) error {
	if depth > maxInclude {
		return ErrTooDeep
	}
	fi, err := os.Stat(path)
	if err != nil || fi.IsDir() {
		return nil
	}
	if fi.Size() > maxConfig {
		return fmt.Errorf("gitrepo: %s: configuration larger than %d bytes", path, maxConfig)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	entries, err := ParseConfig(b)
	if err != nil {
		return fmt.Errorf("gitrepo: %s: %w", path, err)
	}
	for _, e := range entries {
		e.File = path
		*out = append(*out, e)
		if isInclude(e.Key) && e.Value != "" {
			inc := e.Value
			switch {
			case strings.HasPrefix(inc, "~/"):
				inc = filepath.Join(home, inc[2:])
			case !filepath.IsAbs(inc):
				inc = filepath.Join(filepath.Dir(path), inc)
			}
			if err := readConfig(inc, home, depth+1, out); err != nil {
				return err
			}
		}
	}
	return nil
}

func isInclude(k string) bool {
	return k == "include.path" || strings.HasPrefix(k, "includeif.") && strings.HasSuffix(k, ".path")
}

// Config reads the repository's own configuration: GitDir/config, and
// config.worktree beside it.
func (r Repo) Config(home string) ([]Entry, error) {
	es, err := ReadConfig(filepath.Join(r.GitDir, "config"), home)
	if err != nil {
		return es, err
	}
	more, err := ReadConfig(filepath.Join(r.GitDir, "config.worktree"), home)
	return append(es, more...), err
}

// hookNames are the hooks git runs (githooks(5)).
var hookNames = []string{"applypatch-msg", "pre-applypatch", "post-applypatch", "pre-commit", "pre-merge-commit", "prepare-commit-msg",
	"commit-msg", "post-commit", "pre-rebase", "post-checkout", "post-merge", "pre-push", "pre-receive", "update", "proc-receive",
	"post-receive", "post-update", "reference-transaction", "push-to-checkout", "pre-auto-gc", "post-rewrite", "sendemail-validate",
	"fsmonitor-watchman", "p4-changelist", "p4-prepare-changelist", "p4-post-changelist", "p4-pre-submit", "post-index-change"}

// Hooks returns the hooks git would run in the repository: the
// executable files with a hook's name in core.hooksPath (relative to the
// work tree, or to the repository when bare) or GitDir/hooks.
func (r Repo) Hooks(config []Entry) []string {
	dir := filepath.Join(r.GitDir, "hooks")
	for _, e := range config {
		if e.Key == "core.hookspath" && e.Value != "" {
			dir = e.Value
			if !filepath.IsAbs(dir) {
				base := r.WorkTree
				if base == "" {
					base = r.GitDir
				}
				dir = filepath.Join(base, dir)
			}
		}
	}
	var out []string
	for _, h := range hookNames {
		p := filepath.Join(dir, h)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0 {
			out = append(out, p)
		}
	}
	return out
}
