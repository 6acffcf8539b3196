package shell

import (
	"github.com/wardenhq/warden/checks"
	"github.com/wardenhq/warden/internal/fspath"
	"path"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/wardenhq/warden/danger"
	"github.com/wardenhq/warden/pathclass"
	"github.com/wardenhq/warden/programs"
)

// reachesCredentials judges a path a call reads that is not itself a
// credential file: a glob pattern that can match one (cat ~/.ssh/*), or a
// directory holding some that the call reads recursively (grep -r .
// ~/.aws, rg token ~/.config). It reports whether it flagged.
func (a *analyzer) reachesCredentials(c *call, p string) bool {
	if c.find != nil && path.Base(p) == "{}" {
		// find ROOT -exec cat {} +: what is printed is every file find
		// reaches below its roots.
		roots := c.find.Roots
		if len(roots) == 0 {
			roots = []arg{{Value: ".", Lit: true}}
		}
		for _, r := range roots {
			rp := a.resolve(r, c.cwd)
			if rp == "" {
				continue
			}
			if file, tree := a.credentialReach(rp); file || tree {
				a.flag(c, danger.CredentialAccess, "prints the files find reaches below "+rp+", credential files among them")
				return true
			}
		}
		return false
	}
	if fspath.HasGlob(p) {
		if matches, ok := a.globNow(c, p); ok {
			// What the pattern matches on disk is what is read.
			for _, m := range matches {
				if a.credentialFile(m) {
					a.flag(c, danger.CredentialAccess, "prints the credential file "+m+", which "+p+" matches")
					return true
				}
				if secretEnvFile(m) {
					a.flagAt(c, danger.CredentialAccess, "prints the secrets in "+m+", which "+p+" matches", medium)
					return true
				}
				if file, tree := a.credentialReach(m); file || tree && readsTrees(c) {
					a.flag(c, danger.CredentialAccess, "searches "+m+", which holds credential files, and prints what it finds")
					return true
				}
			}
			return false
		}
	}
	file, tree := a.credentialReach(p)
	switch {
	case file:
		a.flag(c, danger.CredentialAccess, "prints what "+p+" matches, credential files among them")
	case tree && readsTrees(c):
		a.flag(c, danger.CredentialAccess, "searches "+p+", which holds credential files, and prints what it finds")
	case fspath.HasGlob(p) && (secretEnvFile(p) || globCanMatchSecretEnv(path.Base(p))):
		a.flagAt(c, danger.CredentialAccess, "prints what "+p+" matches, which can be a file of secrets ("+path.Base(p)+" matches .env)", medium)
	default:
		return false
	}
	return true
}

// globCanMatchSecretEnv reports a file name pattern that matches a name of
// the secret dotenv class (pathclass.SecretEnv's examples: .env,
// .env.production), read where the disk cannot be (the pattern's
// directory is not known yet). Only hidden names are asked: bash's * and ?
// match a leading dot only when the pattern spells it, so .e* can match
// .env while * and *.* (which could match prod.env) are every listing's.
func globCanMatchSecretEnv(pat string) bool {
	if !strings.HasPrefix(pat, ".") {
		return false
	}
	for _, ex := range pathclass.SecretEnv.Match {
		name := path.Base(ex)
		if !strings.HasPrefix(name, ".") {
			continue
		}
		if fspath.Match(pat, name, false) {
			return true
		}
	}
	return false
}

// globNow expands the pattern p on disk (Options.Glob) when no call before
// c may have changed what it matches: none wrote, none is not understood.
func (a *analyzer) globNow(c *call, p string) ([]string, bool) {
	if a.opts.Glob == nil || !c.globs.defaults() {
		// Options.Glob expands as bash does with its default options.
		return nil, false
	}
	a.readsPlace()
	for _, o := range a.calls {
		if o == c {
			break
		}
		if len(o.writes) > 0 || len(o.unknown) > 0 || o.dynamic || o.function {
			return nil, false
		}
	}
	return a.opts.Glob(p)
}

// credentialReach is pathclass.CredentialReach for the declared
// credentials and Warden's own secret files, remembered per path like
// credentialFile: the answer depends only on the path and the options.
func (a *analyzer) credentialReach(p string) (file, tree bool) {
	i := a.pathAnswer(p)
	if i >= 0 && a.answers[i].reach != 0 {
		r := a.answers[i].reach
		return r&reachFile != 0, r&reachTree != 0
	}
	file, tree = a.credentialReachNow(p)
	if i >= 0 {
		r := reachAsked
		if file {
			r |= reachFile
		}
		if tree {
			r |= reachTree
		}
		a.answers[i].reach = r
	}
	return file, tree
}

func (a *analyzer) credentialReachNow(p string) (file, tree bool) {
	file, tree = pathclass.CredentialReach(p, a.opts.Home, a.inTree(p))
	for _, f := range a.opts.Secrets {
		sf, st := pathclass.Reaches(p, f)
		file, tree = file || sf, tree || st
	}
	return file, tree
}

// copiesCredentials flags copying credential files, a pattern that can
// match them or a directory holding them out of their protected place
// (cp -r ~/.aws ./a, zip -r x.zip ~/.ssh, rsync -a ~/.ssh/ ./s/).
func (a *analyzer) copiesCredentials(c *call) {
	recursive := readsTrees(c)
	for _, p := range c.reads {
		if a.credentialFile(p) {
			continue // judged where the copy is (cp), or printed (checkReads)
		}
		file, tree := a.credentialReach(p)
		if file || tree && recursive {
			a.flagAt(c, danger.CredentialAccess, "copies the credential files in "+p+" out of their protected place", medium)
			return
		}
	}
}

// copyingProgram reports the programs whose reads are copied somewhere
// the agent can read them later (programs.Flow's Copies).
func copyingProgram(c *call) bool { return c.entryFlow().Copies }

// readsTrees reports a call that reads the directories it is given,
// recursively (programs.Flow's Trees): grep -r, the searchers that
// recurse by default, diff -r, and copies and archives of trees.
func readsTrees(c *call) bool { return flowOptions(c, treeFlow(c).Trees) }

// treeFlow is what the call's entry says of the trees it reads: the
// program's Flow, or, where that reads none, the Flow of the subcommand
// the call runs (git grep searches the working tree).
func treeFlow(c *call) *programs.Flow {
	f := c.entryFlow()
	if f.Trees != "" {
		return f
	}
	if spec := c.entryOrBase(); spec == nil || len(spec.Subcommands) == 0 {
		return f
	}
	if res := entryOf(c); res.Spec != nil {
		return &res.Spec.Flow
	}
	return f
}

// followsLinks reports a call that follows the symbolic links inside the
// trees it reads (programs.Flow's Follows and FollowsNot).
func followsLinks(c *call) bool {
	f := treeFlow(c)
	if f.Follows == "" || !readsTrees(c) {
		return false
	}
	return flowOptions(c, f.Follows) && (f.FollowsNot == "" || !flowOptions(c, f.FollowsNot))
}

// flowOptions reports whether the call gives one of the options a Flow
// field lists ("*": always).
func flowOptions(c *call, list string) bool {
	switch list {
	case "*":
		return true
	case "":
		return false
	}
	res := entryOf(c)
	for o := range strings.FieldsSeq(list) {
		if name, val, ok := strings.Cut(o, "="); ok {
			if slices.Contains(res.Values(name), val) {
				return true
			}
		} else if res.Has(o) {
			return true
		}
	}
	return false
}

// redirectsCredential flags a credential file fed through an input
// redirection to anything but a program that only digests it: the bytes
// land in a variable, a file descriptor or a loop the agent then prints
// (while read l; do echo $l; done < ~/.ssh/id_rsa, mapfile -t a < ~/.netrc,
// echo "$(<~/.ssh/id_rsa)", exec 3< ~/.ssh/id_rsa). It reports whether it
// flagged.
func (a *analyzer) redirectsCredential(c *call) bool {
	if digestProgram(c) {
		return false
	}
	if slices.Contains(checks.StdinSenders, c.prog) {
		return false // a sender: what it sends is judged as exfiltration (checkStdinExfil)
	}
	for _, e := range c.fx {
		if e.Kind == programs.Network {
			return false
		}
	}
	for _, r := range c.redirs {
		if r.isOutput() || r.hasBody || r.op == syntax.DplIn || r.target.Value == "" {
			continue
		}
		p := a.resolve(r.target, c.cwd)
		if p == "" || !a.credentialFile(p) {
			continue
		}
		a.flag(c, danger.CredentialAccess, "feeds the credential file "+p+" to "+progOrShell(c)+", which can print it")
		return true
	}
	return false
}

// digestProgram reports programs that read their input only to count,
// hash or fingerprint it (programs.Flow's Digests).
func digestProgram(c *call) bool { return c.entryFlow().Digests }

func progOrShell(c *call) string {
	if c.prog == "" {
		return "the shell"
	}
	return c.prog
}
