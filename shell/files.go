package shell

import (
	"path"
	"strings"

	"github.com/wardenhq/warden/pathclass"

	"mvdan.cc/sh/v3/syntax"
)

// readers maps reading programs to the options of theirs that take a value;
// their other operands are files read.
var readers = map[string]string{
	"cat": "", "tac": "", "nl": "-b -i -l -n -s -v -w", "head": "-n -c --lines --bytes", "tail": "-n -c --lines --bytes --pid -s --sleep-interval",
	"less": "-b -h -j -p -P -t -T -x -y -z", "more": "-n", "bat": "-l -H -r --language --line-range --highlight-line --style --theme --tabs --map-syntax", "batcat": "-l -H -r --language --line-range --style --theme",
	"wc": "", "strings": "-n -t -e --bytes --radix --encoding", "od": "-A -j -N -t -w -S", "hexdump": "-n -s -e -f", "base64": "-w --wrap", "base32": "-w --wrap",
	"cut": "-b -c -d -f --bytes --characters --delimiter --fields --output-delimiter", "diff": "-U -C -L -x -X -I -F -S --label --exclude --exclude-from --ignore-matching-lines --starting-file",
	"cmp": "-i -n --ignore-initial --bytes", "comm": "--output-delimiter", "rev": "", "fold": "-w -b --width", "fmt": "-w -p --width --prefix", "paste": "-d --delimiters", "join": "-1 -2 -j -t -o -e -a -v",
	"column": "-s -o -c -t -N -R -l -W -H -O -E -d -J -n", "md5sum": "", "sha1sum": "", "sha224sum": "", "sha256sum": "", "sha384sum": "", "sha512sum": "", "b2sum": "", "cksum": "-a --algorithm", "shasum": "-a --algorithm", "md5": "",
	"file": "-m -f -F -P --magic-file --files-from --separator", "zcat": "", "gzcat": "", "bzcat": "", "xzcat": "", "zstdcat": "", "zless": "", "zmore": "", "lzcat": "",
	"iconv": "-f -t --from-code --to-code -o --output", "expand": "-t --tabs", "unexpand": "-t --tabs", "look": "-t", "tr": "", "view": "", "split": "-a -b -C -l -n --additional-suffix", "csplit": "-b -f -n --suffix-format --prefix --digits",
	"xxd": "-c -g -l -o -s -n --cols --groupsize --len --offset --seek --name", "sort": "-k -t -S -T -o --key --field-separator --buffer-size --temporary-directory --output --compress-program --files0-from --parallel --batch-size",
	"uniq": "-f -s -w --skip-fields --skip-chars --check-chars", "source": "", ".": "", "stat": "-c -f --format --printf", "readlink": "", "realpath": "--relative-to --relative-base",
	"jq": "", "yq": "", "grep": "", "egrep": "", "fgrep": "", "zgrep": "", "rg": "", "ag": "", "ack": "", "sed": "", "awk": "", "gawk": "", "mawk": "", "nawk": "",
	"openssl": "", "gpg": "", "sqlite3": "", "crontab": "", "source-file": "", "python": "", "python3": "",
}

var grepValues = "-e -f -m -A -B -C -d -D --max-count --context --after-context --before-context --regexp --file --label --color --colour --devices --directories --binary-files"
var rgValues = "-e -f -g -t -T -m -A -B -C -j -M -r -E --regexp --file --glob --iglob --type --type-not --max-count --context --after-context --before-context --threads --max-columns --replace --encoding --pre --pre-glob --sort --sortr --max-depth --max-filesize --colors --type-add --type-clear --path-separator --field-match-separator --field-context-separator --context-separator --ignore-file --engine --dfa-size-limit --regex-size-limit"

// files fills in a call's Reads and Writes: redirections, then the
// operands of the programs whose operands are files.
func (a *analyzer) files(ca *call) {
	for _, r := range ca.redirs {
		switch {
		case r.isOutput():
			if harmlessTarget(r.target.s) {
				continue
			}
			if p := a.resolve(r.target, ca.cwd); p != "" {
				ca.writes = appendPath(ca.writes, p)
			} else {
				a.pathUnknown(ca, "writes", r.target)
			}
		case r.op == syntax.RdrIn:
			if p := a.resolve(r.target, ca.cwd); p != "" && !harmlessTarget(p) {
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
			if x.s == "-" || x.s == "" {
				continue
			}
			if p := a.resolve(x, ca.cwd); p != "" && !harmlessTarget(p) {
				ca.reads = appendPath(ca.reads, p)
			} else if p == "" {
				a.pathUnknown(ca, "reads", x)
			}
		}
	}
	write := func(xs []arg) {
		for _, x := range xs {
			if x.s == "-" || x.s == "" {
				continue
			}
			if p := a.resolve(x, ca.cwd); p != "" && !harmlessTarget(p) {
				ca.writes = appendPath(ca.writes, p)
			} else if p == "" {
				a.pathUnknown(ca, "writes", x)
			}
		}
	}
	switch ca.prog {
	case "aws":
		// Any parameter given as file://PATH or fileb://PATH is read
		// from that file.
		for _, x := range ops {
			v := x.s
			if strings.HasPrefix(v, "--") {
				_, v, _ = strings.Cut(v, "=")
			}
			for _, scheme := range []string{"file://", "fileb://"} {
				if rest, ok := strings.CutPrefix(v, scheme); ok && rest != "" {
					y := x
					y.s = rest
					read([]arg{y})
				}
			}
		}
	case "grep", "egrep", "fgrep", "zgrep", "rg", "ag", "ack":
		vals := grepValues
		if ca.prog == "rg" {
			vals = rgValues
		}
		pos := positional(ops, vals)
		if _, ok := optValue(ops, "-e", "--regexp"); !ok {
			if _, ok := optValue(ops, "-f", "--file"); !ok && len(pos) > 0 {
				pos = pos[1:]
			}
		}
		read(pos)
		read(optValues(ops, "-f", "--file"))
	case "sed":
		pos := positional(ops, "-e -f -l --expression --file --line-length")
		if _, ok := optValue(ops, "-e", "--expression"); !ok {
			if _, ok := optValue(ops, "-f", "--file"); !ok && len(pos) > 0 {
				pos = pos[1:]
			}
		}
		read(pos)
		if sedInPlace(ops) {
			write(pos)
		}
	case "awk", "gawk", "mawk", "nawk":
		pos := positional(ops, "-F -v -f --field-separator --assign --file -i --include")
		if _, ok := optValue(ops, "-f", "--file"); !ok && len(pos) > 0 {
			pos = pos[1:]
		}
		var files []arg
		for _, p := range pos {
			if !isAssignWord(p.s) {
				files = append(files, p)
			}
		}
		read(files)
		if hasLong(ops, "--inplace") || hasWord(ops, "inplace") {
			write(files)
		}
	case "jq", "yq", "gojq":
		pos := jqPositional(ops)
		if _, ok := optValue(ops, "-f", "--from-file"); !ok && len(pos) > 0 {
			pos = pos[1:]
		}
		read(pos)
		if ca.prog == "yq" && (hasShortFlag(ops, 'i') || hasLong(ops, "--inplace")) {
			write(pos)
		}
	case "sort":
		read(positional(ops, readers["sort"]))
		if o, ok := optValue(ops, "-o", "--output"); ok {
			write([]arg{o})
		}
	case "uniq", "xxd":
		pos := positional(ops, readers[ca.prog])
		if len(pos) > 0 {
			read(pos[:1])
		}
		if len(pos) > 1 {
			write(pos[1:2])
		}
	case "perl", "ruby":
		write(inPlaceOperands(ops))
	case "tee":
		write(positional(ops, ""))
	case "cp", "install", "mv", "ln", "rsync", "scp":
		pos := positional(ops, "-t -S -m -o -g -T --target-directory --suffix --mode --owner --group -e --rsh -i -P -F -c -l -o -J --exclude --include --filter --rsync-path --chmod --chown --log-file --backup-dir --files-from")
		if t, ok := optValue(ops, "-t", "--target-directory"); ok && ca.prog != "scp" && ca.prog != "rsync" {
			write([]arg{t})
			if ca.prog != "ln" {
				read(pos)
			}
			if ca.prog == "mv" {
				write(pos)
			}
			a.intoDir(ca, pos, t, true)
			return
		}
		if len(pos) == 0 {
			return
		}
		srcs, dst := pos[:len(pos)-1], pos[len(pos)-1]
		if ca.prog == "ln" && len(pos) == 1 {
			dst = arg{s: path.Base(pos[0].s), lit: true}
			srcs = nil
		}
		local := func(x arg) bool { return !remoteSpec(x.s) }
		if ca.prog != "ln" {
			for _, s := range srcs {
				if local(s) {
					read([]arg{s})
				}
			}
		}
		if local(dst) {
			write([]arg{dst})
		}
		if ca.prog == "mv" {
			write(srcs)
		}
		if local(dst) {
			a.intoDir(ca, srcs, dst, false)
		}
	case "rm", "rmdir", "unlink", "srm", "trash", "trash-put":
		write(positional(ops, ""))
	case "touch":
		write(positional(ops, "-d -t -r --date --reference"))
	case "mkdir":
		write(positional(ops, "-m --mode --context"))
	case "shred":
		write(positional(ops, "-n -s --iterations --size --random-source"))
	case "truncate":
		write(positional(ops, "-s -r --size --reference"))
	case "chmod", "chown", "chgrp", "setfacl", "chattr":
		pos := positional(ops, "-m -M -x -X --reference")
		if !hasPrefixWord(ops, "--reference") && len(pos) > 0 {
			pos = pos[1:]
		}
		write(pos)
	case "dd":
		for _, x := range ops {
			if v, ok := strings.CutPrefix(x.s, "of="); ok {
				y := x
				y.s = v
				write([]arg{y})
			}
			if v, ok := strings.CutPrefix(x.s, "if="); ok {
				y := x
				y.s = v
				read([]arg{y})
			}
		}
	case "curl":
		write(optValues(ops, "-o", "--output"))
		read(fileURLs(ops))
		if (hasShortFlagStrict(ops, 'O', "oHXdFTuAebcKxwmrE") || hasLong(ops, "--remote-name")) && ca.cwd != "" {
			for _, u := range positional(ops, "-o -H -X -d -F -T -u -A -e -b -c -K -x -w -m -r -E --output --header --request --data --form --user --user-agent --referer --cookie --cookie-jar --proxy --max-time --retry --connect-timeout --data-binary --data-raw --config --write-out --resolve") {
				if name := urlFile(u.s); name != "" {
					ca.writes = appendPath(ca.writes, joinPath(ca.cwd, name))
				}
			}
		}
		read(curlUploads(ops))
	case "wget":
		outs := optValues(ops, "-O", "--output-document")
		write(outs)
		if len(outs) == 0 {
			dir := ca.cwd
			if d, ok := optValue(ops, "-P", "--directory-prefix"); ok {
				dir = a.resolve(d, ca.cwd)
			}
			for _, u := range positional(ops, "-O -o -P -e -t -T -U -w --output-document --directory-prefix --user-agent --header --post-data --post-file --tries --timeout") {
				if name := urlFile(u.s); name != "" && dir != "" {
					ca.writes = appendPath(ca.writes, joinPath(dir, name))
				}
			}
		}
		for _, x := range ops {
			if v, ok := strings.CutPrefix(x.s, "--post-file="); ok {
				y := x
				y.s = v
				read([]arg{y})
			}
		}
		read(optValues(ops, "", "--post-file"))
	case "vim", "vi", "nvim", "nano", "emacs", "ex", "pico", "micro", "ed":
		write(positional(ops, "-c -S -u -i -T -t -q -w -W -s --cmd"))
	case "sqlite3":
		pos := positional(ops, "-cmd -separator -newline -nullvalue")
		if len(pos) > 0 {
			read(pos[:1])
		}
	case "crontab", "source", ".":
		read(positional(ops, "-u"))
	case "zip":
		pos := positional(ops, "-TT -x -i -b -n -t -tt --unzip-command")
		if len(pos) > 0 {
			write(pos[:1])
			read(pos[1:])
		}
	case "tar", "gtar", "bsdtar":
		if f, ok := tarArchive(ops); ok {
			if tarCreates(ops) {
				write([]arg{f})
			} else {
				read([]arg{f})
			}
		}
		if tarExtracts(ops) {
			a.unpackInto(ca, optValues(ops, "-C", "--directory"), "extracts an archive")
		}
	case "unzip":
		if !hasWord(ops, "-l", "-t", "-v", "-Z", "-p", "-c", "-h", "--help") {
			a.unpackInto(ca, optValues(ops, "-d", ""), "extracts an archive")
		}
	case "7z", "7za", "7zr":
		if sub, _ := firstOperand(ops); sub == "x" || sub == "e" {
			a.unpackInto(ca, optValues(ops, "-o", ""), "extracts an archive")
		}
	case "cpio":
		if hasShortFlag(ops, 'i') || hasLong(ops, "--extract") {
			a.unpackInto(ca, optValues(ops, "-D", "--directory"), "extracts an archive")
		}
	case "git":
		a.gitWrites(ca, ops)
	default:
		if vals, ok := readers[ca.prog]; ok {
			read(positional(ops, vals))
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

// remoteSpec reports an scp/rsync operand naming another host (host:path).
func remoteSpec(s string) bool {
	i := strings.IndexByte(s, ':')
	if i <= 0 {
		return false
	}
	j := strings.IndexByte(s, '/')
	return j < 0 || i < j
}

func jqPositional(ops []arg) []arg {
	var out []arg
	for i := 0; i < len(ops); i++ {
		s := ops[i].s
		switch s {
		case "--arg", "--argjson", "--slurpfile", "--rawfile":
			i += 2
			continue
		case "--indent", "-f", "--from-file", "-L", "--tab":
			if s != "--tab" {
				i++
			}
			continue
		}
		if strings.HasPrefix(s, "-") && len(s) > 1 {
			continue
		}
		out = append(out, ops[i])
	}
	return out
}

func sedInPlace(ops []arg) bool {
	for _, x := range ops {
		s := x.s
		if s == "--" {
			return false
		}
		if strings.HasPrefix(s, "--in-place") {
			return true
		}
		if len(s) > 1 && s[0] == '-' && s[1] != '-' {
			for i := 1; i < len(s); i++ {
				if s[i] == 'i' {
					return true
				}
				if s[i] == 'e' || s[i] == 'f' || s[i] == 'l' {
					break
				}
			}
		}
	}
	return false
}

// curlUploads returns the files curl sends: -d @f, --data-binary @f,
// -F name=@f, -T f.
func curlUploads(ops []arg) []arg {
	var out []arg
	for _, v := range optValues(ops, "-d", "--data") {
		if f, ok := strings.CutPrefix(v.s, "@"); ok {
			v.s = f
			out = append(out, v)
		}
	}
	for _, long := range []string{"--data-binary", "--data-raw", "--data-ascii", "--data-urlencode", "--json"} {
		for _, v := range optValues(ops, "", long) {
			if i := strings.IndexByte(v.s, '@'); i >= 0 && long != "--data-raw" {
				v.s = v.s[i+1:]
				out = append(out, v)
			}
		}
	}
	for _, v := range optValues(ops, "-F", "--form") {
		if i := strings.Index(v.s, "=@"); i >= 0 {
			f := v.s[i+2:]
			if j := strings.IndexByte(f, ';'); j >= 0 {
				f = f[:j]
			}
			v.s = f
			out = append(out, v)
		} else if i := strings.Index(v.s, "=<"); i >= 0 {
			v.s = v.s[i+2:]
			out = append(out, v)
		}
	}
	out = append(out, optValues(ops, "-T", "--upload-file")...)
	return out
}

func tarArchive(ops []arg) (arg, bool) {
	if v, ok := optValue(ops, "", "--file"); ok {
		return v, true
	}
	for i, x := range ops {
		s := x.s
		if i == 0 && !strings.HasPrefix(s, "-") && strings.ContainsRune(s, 'f') {
			// old-style bundled options: tar czf archive.tgz ...
			if i+1 < len(ops) {
				return ops[i+1], true
			}
		}
		if len(s) > 1 && s[0] == '-' && s[1] != '-' {
			if j := strings.IndexByte(s, 'f'); j >= 0 {
				if j < len(s)-1 {
					y := x
					y.s = s[j+1:]
					return y, true
				}
				if i+1 < len(ops) {
					return ops[i+1], true
				}
			}
		}
	}
	return arg{}, false
}

func tarCreates(ops []arg) bool {
	for i, x := range ops {
		s := x.s
		if s == "--create" || s == "--append" || s == "--update" {
			return true
		}
		if len(s) > 1 && s[0] == '-' && s[1] != '-' || i == 0 && !strings.HasPrefix(s, "-") {
			if strings.ContainsAny(strings.TrimPrefix(s, "-"), "cru") {
				return true
			}
		}
	}
	return false
}

// downloads returns the files a command downloads (curl -o, wget -O, and
// output redirections of curl/wget).
func downloads(ca *call, a *analyzer) []string {
	if ca.prog != "curl" && ca.prog != "wget" && ca.prog != "aria2c" && ca.prog != "http" && ca.prog != "xh" {
		return nil
	}
	return ca.writes
}

// findInfo is what a find command searches and does.
type findInfo struct {
	roots   []arg
	names   []string
	deletes bool
	execs   [][]arg
	// listsOnly is true when find only prints.
	writesFile bool
}

func parseFind(ops []arg) *findInfo {
	fi := &findInfo{}
	i := 0
	for ; i < len(ops); i++ {
		s := ops[i].s
		if s == "-H" || s == "-L" || s == "-P" || strings.HasPrefix(s, "-O") {
			continue
		}
		if s == "-D" {
			i++
			continue
		}
		break
	}
	for ; i < len(ops); i++ {
		s := ops[i].s
		if strings.HasPrefix(s, "-") || s == "(" || s == "!" || s == "\\(" {
			break
		}
		fi.roots = append(fi.roots, ops[i])
	}
	negated := false
	for ; i < len(ops); i++ {
		s := ops[i].s
		not := negated
		negated = s == "-not" || s == "!"
		switch s {
		case "-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex", "-lname", "-ilname":
			// A name after -not or ! excludes files from the selection;
			// only the others say what is selected.
			if i+1 < len(ops) {
				if !not {
					fi.names = append(fi.names, ops[i+1].s)
				}
				i++
			}
		case "-delete":
			fi.deletes = true
		case "-exec", "-execdir", "-ok", "-okdir":
			j := i + 1
			for ; j < len(ops); j++ {
				if ops[j].s == ";" || ops[j].s == "+" {
					break
				}
			}
			if j > i+1 {
				fi.execs = append(fi.execs, ops[i+1:j])
			}
			i = j
		case "-fprint", "-fprint0", "-fls", "-fprintf":
			fi.writesFile = true
			i++
		}
	}
	return fi
}

// inPlaceOperands returns the files perl -i or ruby -i edit in place: the
// operands after the program (the -e code or the script file).
func inPlaceOperands(ops []arg) []arg {
	inPlace, code := false, false
	var files []arg
	for i := 0; i < len(ops); i++ {
		s := ops[i].s
		switch {
		case s == "--":
			continue
		case strings.HasPrefix(s, "--"):
			continue
		case len(s) > 1 && s[0] == '-':
			body := s[1:]
			if j := strings.IndexAny(body, "eE"); j >= 0 && !strings.ContainsAny(body[:j], "IMmrCFx") {
				inPlace = inPlace || strings.Contains(body[:j], "i")
				code = true
				if j == len(body)-1 {
					i++ // the code is the next word
				}
				continue
			}
			if !strings.ContainsAny(body[:1], "IMmrCFx") && strings.Contains(body, "i") {
				inPlace = true
			}
		case !code:
			code = true // the script file
		default:
			files = append(files, ops[i])
		}
	}
	if !inPlace {
		return nil
	}
	return files
}

// fileURLs returns the local paths named by file:// URLs among the words: a
// network client given one reads that file.
func fileURLs(ops []arg) []arg {
	var out []arg
	for _, x := range ops {
		rest, ok := strings.CutPrefix(x.s, "file://")
		if !ok {
			if len(x.s) > 7 && strings.EqualFold(x.s[:7], "file://") {
				rest = x.s[7:]
			} else {
				continue
			}
		}
		if host, path, found := strings.Cut(rest, "/"); found && (host == "" || host == "localhost") {
			y := x
			y.s = "/" + path
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
func (a *analyzer) intoDir(ca *call, srcs []arg, dst arg, dir bool) {
	d := a.resolve(dst, ca.cwd)
	if d == "" || len(srcs) == 0 {
		return
	}
	if db := path.Base(d); !dir && len(srcs) == 1 && !strings.HasSuffix(dst.s, "/") && !strings.HasPrefix(db, ".") && path.Ext(db) != "" {
		return
	}
	ops := ca.operands()
	recursive := ca.prog != "mv" && ca.prog != "ln" && ca.prog != "git" && (hasShortFlag(ops, 'r') || hasShortFlag(ops, 'R') || hasShortFlag(ops, 'a') ||
		hasLong(ops, "--recursive") || hasLong(ops, "--archive"))
	unknown := func(what string) {
		ca.unknown = append(ca.unknown, what+" into "+d+": the names it writes are not known, and one could be an agent control file")
	}
	for _, s := range srcs {
		if remoteSpec(s.s) {
			continue
		}
		if s.unbound || s.subst {
			unknown(ca.prog + " copies " + s.raw)
			continue
		}
		trimmed := strings.TrimRight(s.s, "/")
		base := path.Base(trimmed)
		contents := base == "." || strings.HasSuffix(s.s, "/") && ca.prog == "rsync"
		if s.glob {
			if a.globNamesControl(d, base) {
				unknown(ca.prog + " copies what " + s.raw + " matches")
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
		src := a.resolve(arg{s: strings.TrimSuffix(trimmed, "/."), lit: true}, ca.cwd)
		if src == "" || !a.inTree(src) || a.isTreeRootOrAbove(recv) || a.opts.Home != "" && within(a.opts.Home, recv) {
			unknown(ca.prog + " copies the tree " + s.raw)
		}
	}
}

// globNamesControl reports whether a pattern for names in dir d could
// match an agent control file there. As in the shell, a pattern that does
// not start with a dot does not match names that do.
func (a *analyzer) globNamesControl(d, pattern string) bool {
	for _, n := range pathclass.Names() {
		if strings.HasPrefix(n, ".") && !strings.HasPrefix(pattern, ".") {
			continue
		}
		if ok, _ := path.Match(pattern, n); !ok {
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

// tarExtracts reports whether tar is asked to extract (-x, --extract,
// --get, or an old-style bundle such as xzf).
func tarExtracts(ops []arg) bool {
	for i, x := range ops {
		s := x.s
		switch {
		case s == "--":
			return false
		case s == "--extract" || s == "--get":
			return true
		case strings.HasPrefix(s, "--"):
		case len(s) > 1 && s[0] == '-' || i == 0:
			// Letters before the first one that takes a value (f, C, …).
			flags := strings.TrimPrefix(s, "-")
			if j := strings.IndexAny(flags, "fCbFgHIKLNTVX"); j >= 0 {
				flags = flags[:j]
			}
			if strings.ContainsRune(flags, 'x') {
				return true
			}
		}
	}
	return false
}

// unpackInto judges a program that writes files whose names come from its
// input (an archive, a repository) into a directory: dirs as given, or the
// working directory. The directory is written: a control directory, a
// system one or one outside the working directories is judged as such.
// Into a working directory or a home, where control files live at known
// names, the names written are not known.
func (a *analyzer) unpackInto(ca *call, dirs []arg, what string) {
	if len(dirs) == 0 {
		dirs = []arg{{s: ".", lit: true}}
	}
	for _, x := range dirs {
		d := a.resolve(x, ca.cwd)
		if d == "" {
			ca.unknown = append(ca.unknown, ca.prog+" "+what+" into "+x.raw+", which is not known")
			continue
		}
		if d != ca.cwd {
			ca.writes = appendPath(ca.writes, d)
		}
		if a.isTreeRootOrAbove(d) || a.opts.Home != "" && within(a.opts.Home, d) {
			ca.unknown = append(ca.unknown, ca.prog+" "+what+" into "+d+": the names it writes are not known, and one could be an agent control file")
		}
	}
}

// gitWrites adds the paths git's worktree-changing subcommands write by
// name: the directory a clone, worktree or submodule is made in, and the
// destination of git mv.
func (a *analyzer) gitWrites(ca *call, ops []arg) {
	sub, rest := subcommand(ops, gitGlobalValue)
	switch sub {
	case "clone":
		pos := positional(rest, "-o -b -u -c -j --origin --branch --upload-pack --template --config --depth --shallow-since --shallow-exclude --reference --reference-if-able --separate-git-dir --jobs --filter --server-option --bundle-uri --ref-format")
		switch {
		case len(pos) >= 2:
			a.unpackInto(ca, pos[1:2], "clones a repository")
		case len(pos) == 1 && pos[0].lit:
			name := strings.TrimSuffix(path.Base(strings.TrimRight(pos[0].s, "/")), ".git")
			if name != "" && name != "." && name != "/" {
				a.unpackInto(ca, []arg{{s: name, raw: name, lit: true}}, "clones a repository")
			}
		}
	case "worktree":
		if verb, args := firstOperand(rest); verb == "add" {
			if pos := positional(args, "-b -B --reason"); len(pos) > 0 {
				a.unpackInto(ca, pos[:1], "checks out a worktree")
			}
		}
	case "submodule":
		if verb, args := firstOperand(rest); verb == "add" {
			if pos := positional(args, "-b --branch --name --reference --depth"); len(pos) >= 2 {
				a.unpackInto(ca, pos[1:2], "adds a submodule")
			}
		}
	case "mv":
		pos := positional(rest, "")
		if len(pos) >= 2 {
			srcs, dst := pos[:len(pos)-1], pos[len(pos)-1]
			if p := a.resolve(dst, ca.cwd); p != "" {
				ca.writes = appendPath(ca.writes, p)
			}
			a.intoDir(ca, srcs, dst, false)
		}
	}
}

// pathUnknown notes a file the part reads or writes whose path cannot be
// known here: a variable not set in the command, a substitution, or a
// relative path after a cd to such a place. Where it leads is not known,
// so no mode and no read-only judgement may run the part unasked.
func (a *analyzer) pathUnknown(ca *call, verb string, x arg) {
	what := x.raw
	if what == "" {
		what = x.s
	}
	if ca.cwd == "" && !x.unbound {
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
