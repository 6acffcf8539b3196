package rule

import (
	"io/fs"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/pathclass"
	"github.com/wardenhq/warden/toolspec"
)

// Subject is one part of a tool call, as the tool checkers present it to the
// rules. Only the fields that fit the part are set.
type Subject struct {
	// Tool is the tool the part belongs to: "Bash" for a simple command,
	// "Read" or "Edit" for a file a command reads or writes, the request's
	// tool name otherwise.
	Tool string
	// Command is one normalised simple command of a Bash program: wrappers
	// and assignments stripped, the program reduced to its name, words joined
	// by single spaces. It is what every Bash rule sees.
	Command string
	// Variants are other spellings of the same command that deny and ask
	// rules must also catch (global options skipped, the words a non-literal
	// spelling most likely expands to). Allow rules never look at them, so a
	// spelling can only tighten.
	Variants []string
	// Path is the file the part reads or writes: absolute and clean, or
	// relative to Env.Cwd.
	Path string
	// Domain is the host of the URL the part fetches.
	Domain string
	// Input is the tool input, for field rules (`Tool(field:glob)`) and
	// Agent rules.
	Input map[string]any
	// Dynamic marks a command whose program is not a literal word
	// (`$X -rf /`, `$(echo rm)`). No allow rule ever covers it.
	Dynamic bool
	// Reach says the part may read more than the one file Path names: a
	// pattern that could match several (cat .e*), a tree read recursively
	// (grep -r x .). Deny and ask path rules then match when the read can
	// reach a path they cover (pathclass.Read); allow rules see Path as
	// written.
	Reach Reach
	// Incidental marks a part that deny and ask rules must see but that needs
	// no allow rule of its own, such as the file operands of `cat` (a "Read"
	// subject): Set.Find with allow skips it.
	Incidental bool
}

// Reach is how far a read reaches beyond the path it names.
type Reach uint8

const (
	// ReachTree: everything below Path is read too.
	ReachTree Reach = 1 << iota
	// ReachPattern: Path's glob characters are a shell pattern that could
	// not be expanded on disk; it could match any name it fits.
	ReachPattern
	// ReachDotGlob: the pattern's wildcards may match a leading dot
	// (dotglob or GLOBIGNORE may be in force).
	ReachDotGlob
	// ReachNoCase: the pattern matches names in either case (nocaseglob
	// may be in force).
	ReachNoCase
)

// Env is what path rules are resolved against for one request.
type Env struct {
	// Cwd is the request's working directory: relative subject paths are
	// relative to it, and so are `./path` and bare path rules when Root is
	// empty.
	Cwd string
	// Root is the project root: `./path` and bare path rules are anchored
	// there, so they keep applying after the agent runs cd src (or cd ~).
	// Empty means Cwd.
	Root string
	// Home is the user's home directory, for `~/path` rules. When empty,
	// such rules match nothing.
	Home string
	// ReadDir lists a directory (os.ReadDir): with it, a tree read is
	// judged by what exists below it; without, by what could.
	ReadDir func(string) ([]fs.DirEntry, error)
}

// Match is one rule covering one subject.
type Match struct {
	Rule *Rule
	// Subject is the index of the subject in the slice that was matched.
	Subject int
}

// Reason returns the api.Reason naming the matched rule.
func (m Match) Reason() api.Reason { return m.Rule.Reason() }

// prepared is a subject in the form the matchers want, made once per match.
type prepared struct {
	s       *Subject
	tool    string // canonical
	command string // spaces collapsed
	path    string // absolute and clean
	domain  string // lower case, no trailing dot
}

func prepare(s *Subject, env *Env) prepared {
	return prepared{
		s:       s,
		tool:    CanonicalTool(s.Tool),
		command: collapseSpace(s.Command),
		path:    cleanPath(s.Path, env.Cwd),
		domain:  normalHost(s.Domain),
	}
}

// cleanEnv cleans the directories of env, allocating only when they are not
// clean already. A relative directory is treated as unknown.
func cleanEnv(env Env) Env {
	if env.Cwd != "" && env.Cwd[0] == '/' {
		env.Cwd = cleanPath(env.Cwd, "")
	} else {
		env.Cwd = ""
	}
	if env.Root != "" && env.Root[0] == '/' {
		env.Root = cleanPath(env.Root, "")
	} else {
		env.Root = env.Cwd
	}
	if env.Home != "" && env.Home[0] == '/' {
		env.Home = cleanPath(env.Home, "")
	} else {
		env.Home = ""
	}
	return env
}

// Matches reports whether the rule covers the subject. It applies the
// rule's behaviour: an allow rule never covers a dynamic command. Grants use
// it to test one remembered rule.
func (r *Rule) Matches(s *Subject, env Env) bool {
	env = cleanEnv(env)
	p := prepare(s, &env)
	return r.match(&p, &env)
}

// match is Matches on a prepared subject and a clean environment.
func (r *Rule) match(p *prepared, env *Env) bool {
	if r.Behavior == api.Allow && p.s.Dynamic {
		return false
	}
	if !r.coversTool(p) {
		return false
	}
	switch r.Kind {
	case KindTool, KindAll:
		return true
	case KindCommand:
		if p.tool != "Bash" {
			return false
		}
		if r.cmd.match(p.command) {
			return true
		}
		if r.Behavior != api.Allow {
			for _, v := range p.s.Variants {
				if r.cmd.match(collapseSpace(v)) {
					return true
				}
			}
		}
		return false
	case KindPath:
		return p.path != "" && r.path.match(p.path, r.Root, env)
	case KindDomain:
		return r.domain.match(p.domain)
	case KindField:
		return r.field.match(p.s.Input)
	}
	return false
}

// coversTool reports whether the rule names the subject's tool: directly, as
// the head of its family, or as its MCP server.
func (r *Rule) coversTool(p *prepared) bool {
	switch {
	case r.Kind == KindAll:
		return true
	case r.mcp.server != "":
		return r.mcp.covers(p.tool)
	}
	return p.tool == r.Tool || toolspec.FamilyOf(p.tool) == r.Tool
}

// reaches reports whether the path rule covers a path the reading subject
// can reach (see Subject.Reach): one question, pathclass.Read, for rules as
// for credentials and secrets.
func (r *Rule) reaches(p *prepared, env *Env) bool {
	if r.Kind != KindPath || p.path == "" || !r.coversTool(p) {
		return false
	}
	base := r.path.base(r.Root, env)
	if base == "" {
		return false
	}
	read := pathclass.Read{Path: p.path, Tree: p.s.Reach&ReachTree != 0, DotGlob: p.s.Reach&ReachDotGlob != 0, NoCase: p.s.Reach&ReachNoCase != 0}
	if p.s.Reach&(ReachPattern|ReachDotGlob|ReachNoCase) == 0 && !read.Tree {
		return r.path.match(p.path, r.Root, env)
	}
	if p.s.Reach&ReachPattern == 0 {
		// A literal tree: what exists below it, when the disk can say.
		return read.ReachesOnDisk(base, r.path.segs, env.ReadDir)
	}
	file, below := read.Reaches(base, r.path.segs)
	return file || below
}
