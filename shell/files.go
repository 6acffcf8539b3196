package shell

import (
	"github.com/wardenhq/warden/internal/fspath"
	"path"
	"strings"

	"github.com/wardenhq/warden/checks"
	"github.com/wardenhq/warden/pathclass"
	"github.com/wardenhq/warden/programs"

	"mvdan.cc/sh/v3/syntax"
)

// files fills in a call's Reads and Writes: redirections, then the
// operands of the programs whose operands are files.
func (a *analyzer) files(ca *call) {
	for _, r := range ca.redirs {
		switch {
		case r.isOutput():
			if fspath.NotAFile(r.target.Value) {
				continue
			}
			if p := a.resolve(r.target, ca.cwd); p != "" {
				ca.writes = appendPath(ca.writes, p)
			} else {
				a.pathUnknown(ca, "writes", r.target)
			}
		case r.op == syntax.RdrIn:
			if p := a.resolve(r.target, ca.cwd); p != "" && !fspath.NotAFile(p) {
				ca.reads = appendPath(ca.reads, p)
			} else if p == "" {
				a.pathUnknown(ca, "reads", r.target)
			}
		}
	}
	if ca.prog == "" || ca.lang != "" {
		return
	}
	ops := ca.operands()
	read := func(xs []arg) {
		for _, x := range xs {
			if x.Value == "-" || x.Value == "" {
				continue
			}
			if p := a.resolve(x, ca.cwd); p != "" && !fspath.NotAFile(p) {
				ca.reads = appendPath(ca.reads, p)
			} else if p == "" {
				a.pathUnknown(ca, "reads", x)
			}
		}
	}
	write := func(xs []arg) {
		for _, x := range xs {
			if x.Value == "-" || x.Value == "" {
				continue
			}
			if p := a.resolve(x, ca.cwd); p != "" && !fspath.NotAFile(p) {
				ca.writes = appendPath(ca.writes, p)
			} else if p == "" {
				a.pathUnknown(ca, "writes", x)
			}
		}
	}
	if experiment {
		return
	}
	spec := ca.entry()
	if spec == nil {
		return
	}
	fs := &spec.Files
	if fs.EditsWith != "" && a.givenWithValue(ca, fs.EditsWith) {
		// gawk -i inplace: the files it reads are edited in place.
		for _, u := range a.entryParse(ca).Uses {
			if u.Effect == programs.Read && u.Option == "" && u.Index >= 0 && u.Index < len(ops) && !programs.IsAssignment(ops[u.Index].Value) {
				write(ops[u.Index : u.Index+1])
			}
		}
	}
	if fs.Prefixes != "" {
		// aws: any parameter given as file://PATH or fileb://PATH is
		// read from that file.
		for _, x := range ops {
			v := x.Value
			if strings.HasPrefix(v, "--") {
				_, v, _ = strings.Cut(v, "=")
			}
			for _, prefix := range strings.Fields(fs.Prefixes) {
				if rest, ok := strings.CutPrefix(v, prefix); ok && rest != "" {
					y := x
					y.Value = rest
					read([]arg{y})
				}
			}
		}
	}
	if fs.Keys != "" {
		// dd's if=FILE and of=FILE.
		for _, x := range ops {
			for _, kv := range strings.Fields(fs.Keys) {
				k, e, _ := strings.Cut(kv, "=")
				if v, ok := strings.CutPrefix(x.Value, k+"="); ok {
					y := x
					y.Value = v
					if e == "w" {
						write([]arg{y})
					} else {
						read([]arg{y})
					}
				}
			}
		}
	}
	if spec.FileURLs {
		read(fileURLs(ops))
	}
	if fs.Saves != "" {
		a.saves(ca, fs)
	}
	if fs.Formats != "" {
		// -w %output{FILE} sends what follows into FILE (curl 8.3).
		for _, v := range a.entryValues(ca, strings.Fields(fs.Formats)...) {
			for rest := v.Value; ; {
				i := strings.Index(rest, "%output{")
				if i < 0 {
					break
				}
				rest = rest[i+len("%output{"):]
				j := strings.IndexByte(rest, '}')
				if j < 0 {
					break
				}
				f := arg{Value: strings.TrimPrefix(rest[:j], ">>"), Lit: v.Lit, Unbound: v.Unbound}
				write([]arg{f})
				rest = rest[j+1:]
			}
		}
	}
	if fs.Uploads {
		read(a.curlUploads(ca))
	}
	if fs.Archive != "" {
		// tar -f FILE: written when the call creates or adds to it,
		// otherwise read.
		res := a.entryParse(ca)
		if f := res.Option(strings.Fields(fs.Archive)...); len(f) > 0 && f[0].Index >= 0 && f[0].Index < len(ops) {
			x := ops[f[0].Index]
			x.Value = f[0].Target
			if res.Has(strings.Fields(fs.ArchiveWrites)...) {
				write([]arg{x})
			} else {
				read([]arg{x})
			}
		}
	}
}

// givenWithValue reports whether the call gives one of the options with
// its value, as NAME=VALUE words (Files.EditsWith) say: VALUE is the value
// or its last path element.
func (a *analyzer) givenWithValue(ca *call, with string) bool {
	res := a.entryParse(ca)
	for _, nv := range strings.Fields(with) {
		name, value, _ := strings.Cut(nv, "=")
		for _, o := range res.Option(name) {
			if o.Target == value || path.Base(o.Target) == value {
				return true
			}
		}
	}
	return false
}

// saves adds the files a downloader saves each URL operand under, its
// name in the directory Files.SavesIn's option gives or the working
// directory (curl -O, wget without -O).
func (a *analyzer) saves(ca *call, fs *programs.Files) {
	res := a.entryParse(ca)
	if fs.Saves != "*" && !res.Has(strings.Fields(fs.Saves)...) || fs.SavesUnless != "" && res.Has(strings.Fields(fs.SavesUnless)...) {
		return
	}
	dir := ca.cwd
	if fs.SavesIn != "" {
		if ds := a.entryValues(ca, strings.Fields(fs.SavesIn)...); len(ds) > 0 {
			dir = a.resolve(ds[len(ds)-1], ca.cwd)
		}
	}
	if dir == "" {
		return
	}
	for _, u := range a.entryOperands(ca) {
		if name := urlFile(u.Value); name != "" {
			ca.writes = appendPath(ca.writes, fspath.Join(dir, name))
		}
	}
}

func appendPath(ps []string, p string) []string {
	for _, q := range ps {
		if q == p {
			return ps
		}
	}
	return append(ps, p)
}

// urlFile returns the file name a download of url is saved under.
func urlFile(url string) string {
	i := strings.Index(url, "://")
	if i < 0 {
		return ""
	}
	rest := url[i+3:]
	if j := strings.IndexAny(rest, "?#"); j >= 0 {
		rest = rest[:j]
	}
	j := strings.IndexByte(rest, '/')
	if j < 0 || j == len(rest)-1 {
		return "index.html"
	}
	return path.Base(rest[j:])
}

// curlUploads returns the files an HTTP client sends (checks.CurlUploads).
func (a *analyzer) curlUploads(c *call) []arg { return checks.CurlUploads(a.view(c)) }

// downloads returns the files a command downloads: what a program whose
// output can be what it fetches (Code.Fetches: curl -o, wget -O, nc) writes,
// output redirections included.
func downloads(ca *call, a *analyzer) []string {
	if !ca.entryCode().Fetches {
		return nil
	}
	return ca.writes
}

// fileURLs returns the local paths named by file:// URLs among the words: a
// network client given one reads that file.
func fileURLs(ops []arg) []arg {
	var out []arg
	for _, x := range ops {
		rest, ok := strings.CutPrefix(x.Value, "file://")
		if !ok {
			if len(x.Value) > 7 && strings.EqualFold(x.Value[:7], "file://") {
				rest = x.Value[7:]
			} else {
				continue
			}
		}
		if host, path, found := strings.Cut(rest, "/"); found && (host == "" || host == "localhost") {
			y := x
			y.Value = "/" + path
			out = append(out, y)
		}
	}
	return out
}

// intoDir judges what a copy, move or link into a directory writes below
// it: each source under its own name (cp sub/CLAUDE.md . writes
// ./CLAUDE.md), which is a write of its own where the name makes it an
// agent control file or a credential. Where the names are not known — a
// pattern that could match a control file's name, a word that is not a
// literal, a tree copied from outside the working directories or into a
// directory that holds control files of its own (a working directory, a
// home) — the part is unknown: no mode may run it unasked.
//
// dir says the destination is a directory (-t). Otherwise one source and a
// destination with an extension (notes.md) is taken for a file.
func (a *analyzer) intoDir(ca *call, srcs []arg, dst arg, dir, recursive bool) {
	d := a.resolve(dst, ca.cwd)
	if d == "" || len(srcs) == 0 {
		return
	}
	if db := path.Base(d); !dir && len(srcs) == 1 && !strings.HasSuffix(dst.Value, "/") && !strings.HasPrefix(db, ".") && path.Ext(db) != "" {
		return
	}
	unknown := func(what string) {
		ca.unknown = append(ca.unknown, what+" into "+d+": the names it writes are not known, and one could be an agent control file")
	}
	for _, s := range srcs {
		if fspath.Remote(s.Value) {
			continue
		}
		if s.Unbound || s.Subst {
			unknown(ca.prog + " copies " + s.Raw)
			continue
		}
		trimmed := strings.TrimRight(s.Value, "/")
		base := path.Base(trimmed)
		contents := base == "." || strings.HasSuffix(s.Value, "/") && slashContents(ca.prog)
		if s.Glob {
			if a.globNamesControl(d, base) {
				unknown(ca.prog + " copies what " + s.Raw + " matches")
			}
			if !recursive {
				continue
			}
			contents = true
		}
		if trimmed == "" || base == ".." {
			continue
		}
		if !contents {
			if p := path.Join(d, base); a.controlOrCredential(p) {
				ca.writes = appendPath(ca.writes, p)
			}
		}
		if !recursive {
			continue
		}
		// A tree: the names below it are whatever is on disk when it runs.
		recv := d
		if !contents {
			recv = path.Join(d, base)
		}
		src := a.resolve(arg{Value: strings.TrimSuffix(trimmed, "/."), Lit: true}, ca.cwd)
		if src == "" || !a.inTree(src) || a.isTreeRootOrAbove(recv) || a.opts.Home != "" && fspath.Within(a.opts.Home, recv) {
			unknown(ca.prog + " copies the tree " + s.Raw)
		}
	}
}

// slashContents reports a copier whose entry says a source that ends in
// "/" copies what the directory holds (Files.SlashContents: rsync).
func slashContents(prog string) bool {
	s := programs.Lookup(prog)
	return s != nil && s.Files.SlashContents
}

// globNamesControl reports whether a pattern for names in dir d could
// match an agent control file there. As in the shell, a pattern that does
// not start with a dot does not match names that do.
func (a *analyzer) globNamesControl(d, pattern string) bool {
	for _, n := range pathclass.Names() {
		if strings.HasPrefix(n, ".") && !strings.HasPrefix(pattern, ".") {
			continue
		}
		if !fspath.Match(pattern, n, false) {
			continue
		}
		if _, ok := pathclass.Control(path.Join(d, n), a.opts.Home, a.opts.ControlFiles...); ok {
			return true
		}
	}
	return false
}

// controlOrCredential reports whether writing p is judged on its own: an
// agent control file or a credential.
func (a *analyzer) controlOrCredential(p string) bool {
	if _, ok := pathclass.Control(p, a.opts.Home, a.opts.ControlFiles...); ok {
		return true
	}
	return a.credentialFile(p)
}

// unpackInto judges a program that writes files whose names come from its
// input (an archive, a repository) into a directory: dirs as given, or the
// working directory. The directory is written: a control directory, a
// system one or one outside the working directories is judged as such.
// Into a working directory or a home, where control files live at known
// names, the names written are not known.
//
// It returns the directories it resolved.
func (a *analyzer) unpackInto(ca *call, dirs []arg, what string) []string {
	if len(dirs) == 0 {
		dirs = []arg{{Value: ".", Lit: true}}
	}
	var out []string
	for _, x := range dirs {
		d := a.resolve(x, ca.cwd)
		if d == "" {
			ca.unknown = append(ca.unknown, ca.prog+" "+what+" into "+x.Raw+", which is not known")
			continue
		}
		out = append(out, d)
		if d != ca.cwd {
			ca.writes = appendPath(ca.writes, d)
		}
		if a.isTreeRootOrAbove(d) || a.opts.Home != "" && fspath.Within(a.opts.Home, d) {
			ca.unknown = append(ca.unknown, ca.prog+" "+what+" into "+d+": the names it writes are not known, and one could be an agent control file")
		}
	}
	return out
}

// pathUnknown notes a file the part reads or writes whose path cannot be
// known here: a variable not set in the command, a substitution, or a
// relative path after a cd to such a place. Where it leads is not known,
// so no mode and no read-only judgement may run the part unasked.
func (a *analyzer) pathUnknown(ca *call, verb string, x arg) {
	what := x.Raw
	if what == "" {
		what = x.Value
	}
	if ca.cwd == "" && !x.Unbound {
		what += " in a working directory that is not known"
	}
	tail := " " + what + ", a path that is not known"
	for _, u := range ca.unknown {
		if strings.HasSuffix(u, tail) {
			return // one note a path (rm's operand is written and deleted)
		}
	}
	ca.unknown = append(ca.unknown, verb+tail)
}

var experiment = false
