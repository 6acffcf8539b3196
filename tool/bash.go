package tool

import (
	"strings"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/danger"
	"github.com/wardenhq/warden/pathclass"
	"github.com/wardenhq/warden/rule"
	"github.com/wardenhq/warden/shell"
)

var _ Checker = BashChecker{}

// BashChecker judges Bash calls: the command is parsed as the shell program
// it is, and every simple command it would run, every file it reads or
// writes, becomes a subject.
type BashChecker struct {
	// Limits bound the analysis; zero values are the shell package's
	// defaults.
	MaxLength, MaxDepth, MaxParts int
}

// Check analyses the command of a Bash call.
func (c BashChecker) Check(request api.Request, environment Env) *Analysis {
	req, env := &request, &environment
	cmd, err := requiredString(req, "command")
	if err != nil {
		return problem(req, err.Error())
	}
	an := shell.Analyze(cmd, shell.Options{
		Cwd: env.Cwd, Home: env.Home, WorkingDirs: env.WorkingDirs, ControlFiles: env.ControlFiles, Secrets: env.Secrets,
		MaxLength: c.MaxLength, MaxDepth: c.MaxDepth, MaxParts: c.MaxParts, Glob: env.Paths.Glob,
		Lstat: env.Paths.lstat, Readlink: env.Paths.readlink, Path: env.Path,
		List: func(l shell.Listing) ([]string, bool) { return env.Paths.List(l, env.Home) },
	})
	out := &Analysis{Findings: an.Findings}
	switch {
	case an.ParseError != nil:
		out.Problem = "the command does not parse: " + an.ParseError.Error()
	case an.Limit != "":
		out.Problem = "the command is too large to judge: " + an.Limit
	}
	if len(an.Parts) == 0 {
		// Nothing was parsed (an empty or unparsable command): one subject
		// with the raw text, so deny and ask rules still apply to it; no
		// allow rule may.
		out.Subjects = append(out.Subjects, Subject{
			Subject: rule.Subject{Tool: "Bash", Command: an.Normalized, Input: req.ToolInput,
				Dynamic: an.ParseError != nil},
			Display: cmd,
		})
	}
	partSubject := make([]int, len(an.Parts)) // each part's own subject
	// changed is set once a part may have changed what is on disk or how
	// bash globs (a write, something not understood): later patterns are
	// judged by what they could match, not by what is there now.
	changed, unknownBefore := false, false
	for i := range an.Parts {
		p := &an.Parts[i]
		readsInside := true
		read := func(r string, reach rule.Reach) {
			s := fileSubject("Read", env, r, false)
			readsInside = readsInside && s.InWorkingDirs
			s.Incidental = true
			s.Reach = reach
			s.Display = p.Text
			out.Subjects = append(out.Subjects, s)
			if real := env.Paths.Real(r); real != r && reach&rule.ReachPattern == 0 {
				s := fileSubject("Read", env, real, false)
				readsInside = readsInside && s.InWorkingDirs
				s.Incidental = true
				s.Reach = reach
				s.Display = p.Text
				// Where the link leads is what is read: a directory of
				// credentials read whole (cp -r d/ out, d a link to ~/.ssh).
				how := "Read"
				if reach&rule.ReachTree != 0 {
					how = "Grep"
				}
				credentialRead(how, env, &s)
				if s.Finding != nil {
					f := *s.Finding
					f.Part, f.Description = p.Text, f.Description+", through its link "+r
					out.Findings = append(out.Findings, f)
					s.Finding = nil
				}
				out.Subjects = append(out.Subjects, s)
			}
			if reach != 0 {
				return
			}
			if !pathclass.Credential(r, env.Home, s.InWorkingDirs) && env.privateKey(r) {
				out.Findings = append(out.Findings, *credentialFinding(p.Text, r, "reads "+r+", whose content is a private key"))
			}
			// Another name of a sensitive file is that file.
			for _, other := range env.sameFiles(r) {
				s := fileSubject("Read", env, other, false)
				readsInside = readsInside && s.InWorkingDirs
				s.Incidental = true
				s.Display = p.Text
				credentialRead("Read", env, &s)
				if s.Finding != nil {
					f := *s.Finding
					f.Part, f.Description = p.Text, f.Description+", through its other name "+r
					out.Findings = append(out.Findings, f)
					s.Finding = nil
				}
				out.Subjects = append(out.Subjects, s)
			}
		}
		for _, r := range p.Reads {
			read(r, 0)
			if !hasGlob(r) {
				continue
			}
			// A pattern reads what it matches: on disk, when nothing
			// before it in the command may have changed that.
			matches, ok := []string(nil), false
			o, known := globbing(p.Globs)
			if !changed && known {
				matches, ok = env.Paths.glob(r, o)
			}
			if !ok {
				reach := patternReach(unknownBefore || o.dotGlob || !known)
				if o.noCase {
					reach |= rule.ReachNoCase
				}
				read(r, reach)
			}
			for _, m := range matches {
				read(m, 0)
			}
		}
		for _, t := range p.Trees {
			reach := rule.ReachTree
			if hasGlob(t) {
				reach |= patternReach(unknownBefore)
			}
			read(t, reach)
			if hasGlob(t) || changed {
				continue
			}
			// What the tree holds under other names is read too.
			found, complete := env.linksInTree(t, p.Follows)
			if !complete {
				p.Unknown = append(p.Unknown, "it reads "+t+" recursively, which is too large to look through for the links it reads through")
			}
			for _, l := range found {
				s := fileSubject("Read", env, l.target, false)
				readsInside = readsInside && s.InWorkingDirs
				s.Incidental, s.Display = true, p.Text
				how := "Read"
				if l.dir {
					s.Reach, how = rule.ReachTree, "Grep"
				}
				credentialRead(how, env, &s)
				if s.Finding != nil {
					f := *s.Finding
					f.Part, f.Description = p.Text, f.Description+", through "+l.name+" in "+t
					out.Findings = append(out.Findings, f)
					s.Finding = nil
				}
				out.Subjects = append(out.Subjects, s)
			}
		}
		owner := len(out.Subjects) + 1
		out.Subjects = append(out.Subjects, Subject{
			Subject: rule.Subject{
				Tool:     "Bash",
				Command:  strings.Join(p.Words, " "),
				Variants: joinAll(p.Alternates),
				Input:    req.ToolInput,
				// No allow rule covers a program that is not a literal or
				// an assignment that changes what runs.
				Dynamic: p.Dynamic || p.UnsafeEnv,
			},
			Words:   p.Words,
			Display: p.Text,
			// A read-only command is safe without a rule only while what it
			// reads stays inside the working directories.
			ReadOnly: p.ReadOnly && readsInside && len(p.Writes) == 0,
			FileOp:   p.FileOp,
		})
		out.Subjects[owner-1].Beyond = p.Beyond
		if p.Repo != nil {
			f, unknown := judgeRepo(env, p.Repo, p.ReadOnly, p.Text)
			if f != nil {
				out.Findings = append(out.Findings, *f)
			}
			if unknown != "" {
				out.Subjects[owner-1].ReadOnly = false
				p.Unknown = append(p.Unknown, unknown)
			}
		}
		if len(p.Unknown) > 0 {
			out.Subjects[owner-1].Unknown = p.Unknown[0]
		} else if p.Cause != "" {
			out.Subjects[owner-1].Cause = p.Cause
		} else if p.ReadOnly && !readsInside {
			out.Subjects[owner-1].Cause = "it reads " + outsideRead(env, p) + ", outside the working directories"
		}
		partSubject[i] = owner
		if l := p.Launcher; l > 0 && l <= i {
			out.Subjects[owner-1].LaunchedBy = partSubject[i-l]
		}
		for _, w := range p.Writes {
			for _, ws := range writeSubjects(env, w, p.Text) {
				ws.WrittenBy = owner
				out.Subjects = append(out.Subjects, ws)
			}
			if !hasGlob(w) {
				continue
			}
			// A pattern writes what it matches (sed -i s/a/b/ conf*/*.yml):
			// each match is an edit, for deny and ask rules as for modes.
			matches, ok := []string(nil), false
			if !changed {
				matches, ok = env.Paths.Glob(w)
			}
			if !ok {
				s := fileSubject("Edit", env, w, true)
				s.Display, s.Incidental, s.Reach = p.Text, true, patternReach(unknownBefore)
				out.Subjects = append(out.Subjects, s)
				continue
			}
			for _, m := range matches {
				for _, ws := range writeSubjects(env, m, p.Text) {
					ws.WrittenBy = owner
					out.Subjects = append(out.Subjects, ws)
				}
			}
		}
		changed = changed || len(p.Writes) > 0 || len(p.Unknown) > 0 || !p.ReadOnly
		unknownBefore = unknownBefore || len(p.Unknown) > 0 || p.Dynamic
	}
	out.Findings = settledBySubjects(out)
	return out
}

// settledBySubjects drops the shell's findings about writes to agent
// control files that became Edit subjects carrying the same finding: there
// an allow rule naming the path settles them, as it does for a Write call.
// Findings about paths that are not subjects stay, for a person to judge.
func settledBySubjects(out *Analysis) []api.Finding {
	fs := out.Findings
	keep := fs[:0:0]
	for _, f := range fs {
		if f.Path == "" || f.Category != danger.AgentConfigTamper.Slug() || !hasFindingSubject(out.Subjects, f) {
			keep = append(keep, f)
		}
	}
	if len(keep) == len(fs) {
		return fs
	}
	return keep
}

func hasFindingSubject(subs []Subject, f api.Finding) bool {
	for i := range subs {
		if s := subs[i].Finding; s != nil && s.Category == f.Category && s.Path == f.Path {
			return true
		}
	}
	return false
}

// writeSubjects judges a file a command writes as an Edit of it, through
// symlinks.
func writeSubjects(env *Env, path, display string) []Subject {
	s := fileSubject("Edit", env, path, true)
	s.Display = display
	subs := []Subject{s}
	if real := env.Paths.Real(path); real != path {
		t := fileSubject("Edit", env, real, true)
		t.Display = display
		subs = append(subs, t)
	}
	for _, other := range env.sameFiles(path) {
		t := fileSubject("Edit", env, other, true)
		t.Display = display
		subs = append(subs, t)
	}
	return subs
}

func joinAll(alts [][]string) []string {
	if len(alts) == 0 {
		return nil
	}
	out := make([]string, len(alts))
	for i, a := range alts {
		out[i] = strings.Join(a, " ")
	}
	return out
}

// outsideRead is the first path a part reads outside the working
// directories.
func outsideRead(env *Env, p *shell.Part) string {
	for _, r := range p.Reads {
		if !fileSubject("Read", env, r, false).InWorkingDirs {
			return r
		}
		if real := env.Paths.Real(r); real != r && !fileSubject("Read", env, real, false).InWorkingDirs {
			return real
		}
	}
	return "a path"
}

func hasGlob(p string) bool { return strings.ContainsAny(p, "*?[") }

// patternReach is the reach of a pattern judged by what it could match;
// after a part not understood (shopt -s dotglob, GLOBIGNORE=…) its
// wildcards may match a leading dot too, and any case (nocaseglob).
func patternReach(unknownBefore bool) rule.Reach {
	if unknownBefore {
		return rule.ReachPattern | rule.ReachDotGlob | rule.ReachNoCase
	}
	return rule.ReachPattern
}

// globbing says how the part's patterns match on disk: with hidden files
// (dotglob, or GLOBIGNORE, whose skipped names only make the matches
// fewer), in either case (nocaseglob), at any depth (globstar), and
// whether the options are ones the expansion models at all (not extglob
// or options set by words the analysis cannot read).
func globbing(g shell.GlobOptions) (o globOpts, known bool) {
	o = globOpts{dotGlob: g.Dotglob || g.Globignore != "", noCase: g.Nocaseglob, globStar: g.Globstar}
	return o, !g.Unknown && !g.Extglob
}
