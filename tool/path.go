package tool

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/danger"
	"github.com/wardenhq/warden/internal/fspath"
	"github.com/wardenhq/warden/pathclass"
	"github.com/wardenhq/warden/rule"
)

// PathResolver resolves symlinks. Its zero value (and nil) uses the real
// file system.
type PathResolver struct {
	// Lstat and Readlink replace the file system in tests.
	Lstat    func(string) (fs.FileInfo, error)
	Readlink func(string) (string, error)
	// ReadDirFunc replaces os.ReadDir (Glob, tree reads).
	ReadDirFunc func(string) ([]fs.DirEntry, error)
}

// Real returns where an absolute, cleaned path really lands: every symlink
// in it resolved, component by component, as the kernel does
// (fspath.Real). For a path that does not exist yet, its deepest existing
// ancestor is resolved and the rest appended, so a new file under a
// symlinked parent is judged where it will be written. A loop or a link
// that cannot be read leaves the path as written.
func (r *PathResolver) Real(abs string) string {
	lstat, readlink := os.Lstat, os.Readlink
	if r != nil && r.Lstat != nil {
		lstat = r.Lstat
	}
	if r != nil && r.Readlink != nil {
		readlink = r.Readlink
	}
	if real, ok := fspath.Real(abs, lstat, readlink); ok {
		return real
	}
	return abs
}

// ExpandPath makes p absolute against cwd and cleans it, expanding a leading
// ~, ~/, $HOME or ${HOME}. It fails on an empty path or one holding NUL.
func ExpandPath(p, cwd, home string) (string, error) {
	if p == "" {
		return "", errors.New("empty path")
	}
	if strings.IndexByte(p, 0) >= 0 {
		return "", errors.New("path contains a NUL byte")
	}
	switch {
	case p == "~" || p == "$HOME" || p == "${HOME}":
		p = home
	case strings.HasPrefix(p, "~/"):
		p = home + p[1:]
	case strings.HasPrefix(p, "$HOME/"):
		p = home + p[5:]
	case strings.HasPrefix(p, "${HOME}/"):
		p = home + p[7:]
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(cwd, p)
	}
	return filepath.Clean(p), nil
}

// unclean is the absolute form of the path raw, whose cleaned form is abs,
// before its ".." components are taken lexically: abs when it has none.
func unclean(raw, abs, cwd, home string) string {
	if !strings.Contains(raw, "..") {
		return abs
	}
	switch {
	case raw == "~" || strings.HasPrefix(raw, "~/"):
		return home + raw[1:]
	case strings.HasPrefix(raw, "$HOME/"):
		return home + raw[5:]
	case strings.HasPrefix(raw, "${HOME}/"):
		return home + raw[7:]
	case filepath.IsAbs(raw):
		return raw
	}
	return cwd + "/" + raw
}

// Within reports whether p is dir or inside it, by path components: /a/bc is
// not within /a/b.
func Within(p, dir string) bool {
	if dir == "/" {
		return strings.HasPrefix(p, "/")
	}
	return p == dir || (strings.HasPrefix(p, dir) && len(p) > len(dir) && p[len(dir)] == '/')
}

// InAny reports whether p is within any of dirs.
func InAny(p string, dirs []string) bool {
	for _, d := range dirs {
		if Within(p, d) {
			return true
		}
	}
	return false
}

// Protected reports whether an edit of p must never be approved by a mode:
// an agent control file, a credential store, version control internals or
// tool configuration (declared once, in package pathclass).
func Protected(p, home string) bool { return pathclass.Protected(p, home) }

// pathSubjects returns the subjects for one path: the path as written and,
// when a symlink makes it land elsewhere, the real path too.
func pathSubjects(req *api.Request, env *Env, raw string, edit bool) ([]Subject, error) {
	abs, err := ExpandPath(raw, env.Cwd, env.Home)
	if err != nil {
		return nil, err
	}
	paths := []string{abs}
	// The kernel climbs a ".." from where the path really is (d/../x with
	// d a link reads x beside d's target): the path as written is
	// resolved, not its cleaned form.
	if real := env.Paths.Real(unclean(raw, abs, env.Cwd, env.Home)); real != abs {
		paths = append(paths, real)
	}
	// A hard link to a sensitive file is that file.
	paths = append(paths, env.sameFiles(abs)...)
	subs := make([]Subject, 0, len(paths))
	for _, p := range paths {
		subs = append(subs, fileSubject(req.ToolName, env, p, edit))
	}
	return subs, nil
}

// fileSubject judges one absolute path for a read or an edit by toolName
// ("Read" or "Edit" for the files a Bash command touches).
func fileSubject(toolName string, env *Env, p string, edit bool) Subject {
	in := InAny(p, env.WorkingDirs)
	s := Subject{
		Subject:       rule.Subject{Tool: toolName, Path: p},
		Display:       p,
		InWorkingDirs: in,
	}
	if !edit {
		s.ReadOnly = in
		return s
	}
	s.Edit = true
	s.Protected = pathclass.Protected(p, env.Home, env.ControlFiles...)
	if e, ok := pathclass.Control(p, env.Home, env.ControlFiles...); ok {
		// Only an allow rule that names the path settles this: no mode,
		// classifier, hook or grant.
		s.Finding = &api.Finding{Category: danger.AgentConfigTamper.Slug(), Risk: api.RiskHigh, Part: p, Path: p,
			Description: "edits " + p + ", " + string(e.Kind)}
		return s
	}
	switch {
	case s.Protected:
		s.Finding = &api.Finding{Category: danger.ProtectedPath.Slug(), Risk: api.RiskHigh, Part: p,
			Description: "edits a protected path (version control, agent or shell configuration, credentials)"}
	case !in:
		s.Finding = &api.Finding{Category: danger.OutsideWorkingDirs.Slug(), Risk: api.RiskMedium, Part: p,
			Description: "edits a file outside the working directories"}
	}
	return s
}

// checkFileRead judges Read, Glob, Grep, LS and NotebookRead.
func checkFileRead(req api.Request, env Env) *Analysis {
	raw, err := readTarget(&req, &env)
	if err != nil {
		return problem(&req, err.Error())
	}
	subs, err := pathSubjects(&req, &env, raw, false)
	if err != nil {
		return problem(&req, req.ToolName+": "+err.Error())
	}
	if req.ToolName == "Glob" {
		// Glob lists the names its pattern matches: a rule covering one of
		// them is reached.
		if pat, ok := req.StringInput("pattern"); ok && !filepath.IsAbs(pat) && !strings.HasPrefix(pat, "~") {
			g := fileSubject("Read", &env, filepath.Join(subs[0].Path, pat), false)
			g.Reach, g.Incidental = rule.ReachPattern, true
			subs = append(subs, g)
		} else if ok {
			if p, err := ExpandPath(pat, env.Cwd, env.Home); err == nil {
				g := fileSubject("Read", &env, p, false)
				g.Reach, g.Incidental = rule.ReachPattern, true
				subs = append(subs, g)
			}
		}
	} else {
		// Read, Grep, LS and NotebookRead of a directory reach what is
		// in it (Grep searches it recursively).
		for i := range subs {
			subs[i].Reach = rule.ReachTree
		}
	}
	if req.ToolName != "Glob" && req.ToolName != "LS" {
		// Glob and LS list names; the others print contents.
		for i := range subs {
			credentialRead(req.ToolName, &env, &subs[i])
		}
	}
	return &Analysis{Subjects: subs}
}

// credentialRead sets the finding of a read that reaches secrets: a
// credential file (Read, NotebookRead), a directory holding some (Grep
// searches it recursively), or a file of Warden's own secrets, the
// approver's token among them. As for a shell command that prints them,
// no mode, grant or classifier settles it: only an allow rule that names
// the path, or a person.
func credentialRead(toolName string, env *Env, s *Subject) {
	p := s.Path
	what := ""
	if reachesSecret(p, env.Secrets, toolName == "Grep") {
		what = "reads " + p + ", which holds Warden's own secrets (the approver's token): whoever reads it can approve its own asks"
	} else if file, tree := pathclass.CredentialReach(p, env.Home, s.InWorkingDirs); file {
		what = "reads the credential file " + p
	} else if tree && toolName == "Grep" {
		what = "searches " + p + ", which holds credential files"
	} else if toolName != "Grep" && env.privateKey(p) {
		what = "reads " + p + ", whose content is a private key"
	}
	if what != "" {
		s.ReadOnly = false
		s.Finding = credentialFinding(p, p, what)
	}
}

// credentialFinding is the finding of a read of secrets: part is the call
// or path shown, p the path read.
func credentialFinding(part, p, what string) *api.Finding {
	return &api.Finding{Category: danger.CredentialAccess.Slug(), Risk: api.RiskHigh, Part: part, Path: p, Description: what}
}

// reachesSecret reports whether reading p reaches one of files: p is one
// of them, or, for a recursive search (trees), a directory holding one.
func reachesSecret(p string, files []string, trees bool) bool {
	for _, f := range files {
		if f == "" {
			continue
		}
		if file, tree := pathclass.Reaches(p, f); file || trees && tree {
			return true
		}
	}
	return false
}

// readTarget is the path a reading tool reads: file_path for Read,
// notebook_path for NotebookRead, path (default cwd) for Glob, Grep and LS,
// and for Glob the literal directory part of an absolute or climbing pattern.
func readTarget(req *api.Request, env *Env) (string, error) {
	switch req.ToolName {
	case "Read":
		return requiredString(req, "file_path")
	case "NotebookRead":
		return requiredString(req, "notebook_path")
	}
	base := env.Cwd
	if v, ok := req.ToolInput["path"]; ok && v != nil {
		s, ok := v.(string)
		if !ok {
			return "", errors.New(req.ToolName + ": path must be a string")
		}
		if s != "" {
			base = s
		}
	}
	if req.ToolName == "Glob" {
		pat, err := requiredString(req, "pattern")
		if err != nil {
			return "", err
		}
		if filepath.IsAbs(pat) || strings.HasPrefix(pat, "~") || strings.Contains(pat, "..") {
			lit := pat
			if i := strings.IndexAny(pat, "*?[{"); i >= 0 {
				lit = filepath.Dir(pat[:i] + "x")
			}
			if filepath.IsAbs(lit) || strings.HasPrefix(lit, "~") {
				return lit, nil
			}
			return filepath.Join(base, lit), nil
		}
	}
	return base, nil
}

// checkFileEdit judges Edit, Write, MultiEdit and NotebookEdit.
func checkFileEdit(req api.Request, env Env) *Analysis {
	key := "file_path"
	if req.ToolName == "NotebookEdit" {
		key = "notebook_path"
	}
	raw, err := requiredString(&req, key)
	if err != nil {
		return problem(&req, err.Error())
	}
	subs, err := pathSubjects(&req, &env, raw, true)
	if err != nil {
		return problem(&req, req.ToolName+": "+err.Error())
	}
	out := &Analysis{Subjects: subs}
	seen := map[string]bool{}
	for _, s := range subs {
		if s.Path != "" && !seen[s.Path] {
			seen[s.Path] = true
			out.Findings = append(out.Findings, scriptFindings(&req, &env, s.Path)...)
		}
	}
	return out
}

func requiredString(req *api.Request, key string) (string, error) {
	v, ok := req.ToolInput[key]
	if !ok {
		return "", errors.New(req.ToolName + ": tool_input." + key + " is missing")
	}
	s, ok := v.(string)
	if !ok {
		return "", errors.New(req.ToolName + ": tool_input." + key + " must be a string")
	}
	if s == "" {
		return "", errors.New(req.ToolName + ": tool_input." + key + " is empty")
	}
	return s, nil
}
