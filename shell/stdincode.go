package shell

import (
	"encoding/base32"
	"encoding/base64"
	"encoding/hex"
	"strings"

	"github.com/wardenhq/warden/danger"
	"github.com/wardenhq/warden/programs"
	"mvdan.cc/sh/v3/syntax"
)

// fetches reports a program whose output can be what it downloads from
// a host: its entry says so (programs.Code.Fetches).
func fetches(prog string) bool { return programs.CodeOf(prog).Fetches }

// isInterpreter reports a program that runs a program it reads from a
// file or its standard input: a shell, or a program its entry calls an
// interpreter (programs.Code.Interpreter), under a versioned name too
// (python3.12, perl5.36).
func isInterpreter(prog string) bool {
	if shellProgram(prog) {
		return true
	}
	c := programs.CodeOf(prog)
	return c.Interpreter || c.Shell // python3.12, bash5.2
}

// interpreterCall is isInterpreter for a call's program, asked once per
// call: the walk and the judging ask it of every call several times.
func interpreterCall(c *call, prog string) bool {
	if c.interp == 0 || c.interpOf != prog {
		c.interp, c.interpOf = 1, prog
		if prog == c.prog {
			if code := c.entryCode(); shellProgram(prog) || code.Interpreter || code.Shell {
				c.interp = 2
			}
		} else if isInterpreter(prog) {
			c.interp = 2
		}
	}
	return c.interp == 2
}

// readsProgramFromStdin reports an interpreter call that takes its program
// on stdin (no script operand, or "-", or /dev/stdin).
func readsProgramFromStdin(c *call, prog string) bool {
	if !interpreterCall(c, prog) {
		return false
	}
	if c.xargs && shellProgram(prog) && xargsFedCode(c.operands()) {
		return true
	}
	ops := c.operands()
	if programs.CodeOf(prog).Stdin {
		return true
	}
	if prog == "source" || prog == "." {
		// The file sourced is the entry's first operand; the rest are
		// its arguments.
		if file := operandsOf(c); len(file) > 0 {
			switch file[0].Value {
			case "/dev/stdin", "-", "/dev/fd/0", "/proc/self/fd/0":
				return true
			}
		}
		return false
	}
	if !shellProgram(prog) {
		if res := entryOf(c); res.Spec != nil && res.Known() {
			return entryReadsStdin(&res)
		}
	}
	skip := false
	for i, x := range ops {
		s := x.Value
		if skip {
			skip = false
			continue
		}
		if s == "-" || s == "/dev/stdin" || s == "-s" && i == 0 {
			return true
		}
		if strings.HasPrefix(s, "-") {
			switch s {
			case "-c", "-e", "-E", "-r", "-m", "--eval", "-p", "--print", "-Command", "-command":
				return false
			}
			if shellProgram(prog) && strings.ContainsRune(s[1:], 'c') && !strings.HasPrefix(s, "--") {
				return false // sh -c, bash -ec
			}
			if shellProgram(prog) && shellOptionTakesValue(s) {
				skip = true // -o posix, +O extglob, --rcfile FILE: the next word is no script
			}
			continue
		}
		return false // a script file
	}
	return true
}

// entryReadsStdin reports an interpreter's call, as its entry reads it,
// that gives no code: none inline (python -c, perl -le, node --eval=…,
// in any spelling the entry takes), no module run as the script (its
// Grant.Module, python -m), and no script but "-" or /dev/stdin.
func entryReadsStdin(res *programs.Result) bool {
	for _, u := range res.Uses {
		if u.Lang != "" {
			return false
		}
	}
	if m := res.Spec.Grant.Module; m != "" && res.Has(m) {
		return false
	}
	if ops := res.Operands(); len(ops) > 0 {
		return ops[0] == "-" || ops[0] == "/dev/stdin"
	}
	return true
}

// shellOptionTakesValue reports a shell option word whose value is the
// next word: a bundle ending in o or O (-o posix, -eo pipefail, +O
// extglob) or bash's --rcfile and --init-file.
func shellOptionTakesValue(s string) bool {
	if s == "--rcfile" || s == "--init-file" {
		return true
	}
	if len(s) < 2 || strings.HasPrefix(s, "--") || s[0] != '-' && s[0] != '+' {
		return false
	}
	last := s[len(s)-1]
	return last == 'o' || last == 'O'
}

// xargsFedCode reports a shell's options (after the program) whose -c code
// is missing or is xargs's replace string {}: under xargs the code is then
// the input xargs reads (xargs sh -c, xargs -I{} sh -c {}).
func xargsFedCode(ops []arg) bool {
	for i, x := range ops {
		s := x.Value
		if !strings.HasPrefix(s, "-") || strings.HasPrefix(s, "--") || len(s) < 2 {
			return false
		}
		if strings.ContainsRune(s[1:], 'c') {
			return i+1 >= len(ops) || ops[i+1].Value == "{}"
		}
	}
	return false
}

// decoderProgram reports a program whose output is its input
// transformed: its entry says so (programs.Code.Decodes).
func decoderProgram(p string) bool { return programs.CodeOf(p).Decodes }

// decode applies a decoding stage to text, when it is one the analysis
// can reproduce (base64 -d, xxd -r -p, rev, tr with plain sets). The
// options are read through the program's entry, in every spelling
// (base64 --dec, tr --delete, xxd -revert -plain).
func decode(c *call, text string) (string, bool) {
	res := entryOf(c)
	if res.Spec == nil {
		return "", false
	}
	transform := res.Spec.Code.Transform
	if transform == "named" {
		switch {
		case res.Has("--base64"):
			transform = "b64"
		case res.Has("--base32"):
			transform = "b32"
		}
	}
	switch transform {
	case "b64":
		if !res.Has("--decode") {
			return base64.StdEncoding.EncodeToString([]byte(text)), true
		}
		t := stripSpace(text)
		if b, err := base64.StdEncoding.DecodeString(t); err == nil {
			return string(b), true
		}
		if b, err := base64.RawStdEncoding.DecodeString(strings.TrimRight(t, "=")); err == nil {
			return string(b), true
		}
	case "b32":
		if !res.Has("--decode") {
			return base32.StdEncoding.EncodeToString([]byte(text)), true
		}
		if b, err := base32.StdEncoding.DecodeString(stripSpace(text)); err == nil {
			return string(b), true
		}
	case "hex":
		if res.Has("-r", "-revert") && res.Has("-p") {
			t := strings.Join(strings.Fields(text), "")
			if b, err := hex.DecodeString(t); err == nil {
				return string(b), true
			}
		}
	case "reverse":
		lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
		for i, l := range lines {
			r := []rune(l)
			for x, y := 0, len(r)-1; x < y; x, y = x+1, y-1 {
				r[x], r[y] = r[y], r[x]
			}
			lines[i] = string(r)
		}
		return strings.Join(lines, "\n") + "\n", true
	case "translate":
		pos := res.Operands()
		if len(pos) == 2 && !res.Has("--delete", "--squeeze-repeats", "--complement") {
			from, to := expandTrSet(pos[0]), expandTrSet(pos[1])
			if len(from) > 0 && len(to) > 0 {
				return strings.Map(func(r rune) rune {
					for i, f := range from {
						if f == r {
							if i < len(to) {
								return to[i]
							}
							return to[len(to)-1]
						}
					}
					return r
				}, text), true
			}
		}
		if len(pos) == 1 && res.Has("--delete") && !res.Has("--squeeze-repeats", "--complement") {
			set := expandTrSet(pos[0])
			return strings.Map(func(r rune) rune {
				for _, f := range set {
					if f == r {
						return -1
					}
				}
				return r
			}, text), true
		}
	case "same":
		if len(res.Operands()) == 0 {
			return text, true
		}
	}
	return "", false
}

// stripSpace drops the white space an encoder's lines hold.
func stripSpace(text string) string {
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == ' ' || r == '\r' || r == '\t' {
			return -1
		}
		return r
	}, text)
}

func expandTrSet(s string) []rune {
	r := []rune(s)
	var out []rune
	for i := 0; i < len(r); i++ {
		if i+2 < len(r) && r[i+1] == '-' {
			for x := r[i]; x <= r[i+2]; x++ {
				out = append(out, x)
			}
			i += 2
			continue
		}
		out = append(out, r[i])
	}
	return out
}

// stdinFed returns the earlier stages of the pipeline that feed an
// interpreter its program on standard input: none when it reads a file,
// a here-document, or no program from standard input.
func stdinFed(c *call, prog string) []*call {
	if !readsProgramFromStdin(c, prog) {
		return nil
	}
	for _, r := range c.redirs {
		if r.op == syntax.RdrIn || r.hasBody {
			return nil // reads a file or here-document, not the pipe
		}
	}
	return c.upstream()
}

// pipedFetch reports a pipeline that feeds an interpreter what a stage
// downloads: a fetcher, or an operand whose substitution fetches.
func (a *analyzer) pipedFetch(up []*call) bool {
	for _, u := range up {
		if fetches(u.prog) || u.dynamic && fetches(u.spec) {
			return true
		}
		for _, x := range u.operands() {
			if x.Subst && a.substFetches(x) {
				return true
			}
		}
	}
	return false
}

// checkStdinCode judges interpreters fed their program through a pipe:
// network content (remote code execution) and decoded payloads. Literal
// text is code of its own (findStdinCode).
func (a *analyzer) checkStdinCode(c *call, prog string) {
	up := stdinFed(c, prog)
	if len(up) == 0 {
		return
	}
	if a.pipedFetch(up) {
		a.flag(c, danger.RemoteExec, "pipes content from the network into "+prog+", running code that cannot be checked")
		return
	}
	for _, u := range up {
		if decoderProgram(u.prog) {
			a.flag(c, danger.RemoteExec, "runs a payload decoded on the fly ("+up[len(up)-1].prog+" | "+prog+"), hiding what it does")
			break
		}
	}
}

// findStdinCode walks, while walking, the program an interpreter reads
// through a pipe: literal text as a nested script or as code of the
// interpreter's language; text that cannot be read as a part that is not
// known. A download piped in is not read (checkStdinCode judges it).
func (a *analyzer) findStdinCode(c *call, prog string) {
	up := stdinFed(c, prog)
	if len(up) == 0 || a.pipedFetch(up) {
		return
	}
	text, known := a.stdinText(c)
	switch {
	case known && (shellProgram(prog) || prog == "source" || prog == "."):
		a.nested(text, c.ctx, c.wrappers)
	case known:
		a.foundCode(c, foundOnStdin, prog, text)
	default:
		a.unknownEval(c.ctx, c.text, prog+" runs code piped from "+up[len(up)-1].text+", which the analysis cannot read")
	}
}

func shellProgram(p string) bool {
	// Most programs differ from every shell in their length or last
	// byte: asked of every call, the scan is kept for the few that do not.
	if len(p) == 0 || len(p) > shellLast.maxLen || !shellLast.last[p[len(p)-1]] {
		return false
	}
	for _, s := range shellNames {
		if p == s {
			return true
		}
	}
	return false
}

// shellLast holds the last bytes of the shells' names and the longest
// name's length, for shellProgram's quick refusal.
var shellLast = func() (f struct {
	last   [256]bool
	maxLen int
}) {
	for _, s := range shellNames {
		if s != "" {
			f.last[s[len(s)-1]] = true
			f.maxLen = max(f.maxLen, len(s))
		}
	}
	return f
}()

// substFetches reports a word whose command or process substitution
// downloads from the network.
func (a *analyzer) substFetches(x arg) bool {
	if x.Node == nil {
		return false
	}
	found := false
	syntax.Walk(x.Node, func(n syntax.Node) bool {
		if found {
			return false
		}
		if ce, ok := n.(*syntax.CallExpr); ok && len(ce.Args) > 0 {
			for _, w := range ce.Args {
				name := key(programName(w.Lit()))
				if fetches(name) {
					found = true
					return false
				}
				if !isWrapper(name) {
					break
				}
			}
		}
		return true
	})
	return found
}
