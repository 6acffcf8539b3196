package shell

import (
	"strconv"
	"strings"
)

// This file follows bash's directory stack: pushd DIR, pushd +N and -N,
// pushd with no operand, pushd -n, popd with the same forms, and dirs -c.
// The top of the stack is the working directory; the entries below it
// are kept as a variable whose name no script can spell (dirsVar), so
// subshells undo and function bodies record them as they do variables.
// The stack the command starts with is not known (a shell may have
// pushed before it): a popd past what the command pushed leaves the
// working directory unknown, unless dirs -c emptied the stack.

const dirsVar = "\x01dirs"

// dirStack returns the entries below the top, the nearest first ("" for a
// directory not known), and whether nothing lies below them.
func dirStack(sc *scope) (entries []string, based bool) {
	v, ok := sc.variable(dirsVar)
	if !ok || !v.known || v.s == "" {
		return nil, false
	}
	based = v.s[0] == 'K'
	if len(v.s) > 1 {
		entries = strings.Split(v.s[2:], "\x00")
	}
	return entries, based
}

func setDirStack(sc *scope, entries []string, based bool) {
	var b strings.Builder
	if based {
		b.WriteByte('K')
	} else {
		b.WriteByte('U')
	}
	for _, e := range entries {
		b.WriteByte(0)
		b.WriteString(e)
	}
	sc.set(dirsVar, varVal{s: b.String(), known: true})
}

// stackIndex reads +N or -N, a place in the stack counted from its top or
// its bottom.
func stackIndex(s string) (n int, fromTop, ok bool) {
	if len(s) < 2 || s[0] != '+' && s[0] != '-' {
		return 0, false, false
	}
	n, err := strconv.Atoi(s[1:])
	if err != nil || n < 0 {
		return 0, false, false
	}
	return n, s[0] == '+', true
}

// dirsCall carries out pushd, popd or dirs on the working directory and
// the stack.
func (a *analyzer) dirsCall(ca *call) {
	sc := ca.ctx.sc
	noCd := false
	var operand *arg
	ops := ca.operands()
	for i := range ops {
		x := ops[i]
		switch {
		case x.Value == "-n" && !x.Unbound:
			noCd = true
			continue
		case x.Value == "--" && !x.Unbound:
			if i+1 < len(ops) {
				operand = &ops[i+1]
			}
		default:
			operand = &ops[i]
		}
		break
	}
	entries, based := dirStack(sc)
	old := sc.cwd()
	unknown := func() {
		sc.setCwd("")
		sc.unset(dirsVar)
	}
	switch ca.prog {
	case "dirs":
		for _, x := range ops {
			if x.Unbound || strings.HasPrefix(x.Value, "-") && strings.Contains(x.Value, "c") {
				setDirStack(sc, nil, true)
			}
		}
	case "pushd":
		switch {
		case operand == nil:
			// pushd swaps the top two.
			if len(entries) == 0 {
				if !based {
					unknown()
				}
				return
			}
			top := entries[0]
			entries = append([]string{old}, entries[1:]...)
			sc.setCwd(top)
			setDirStack(sc, entries, based)
		case operand.Unbound:
			unknown()
		default:
			if n, fromTop, ok := stackIndex(operand.Value); ok {
				// pushd +N brings the Nth to the top, rotating the rest.
				all := append([]string{old}, entries...)
				if !fromTop {
					if !based {
						unknown()
						return
					}
					n = len(all) - 1 - n
				}
				if n < 0 || n >= len(all) {
					if !based {
						unknown()
					}
					return
				}
				all = append(all[n:len(all):len(all)], all[:n]...)
				sc.setCwd(all[0])
				setDirStack(sc, all[1:], based)
				return
			}
			dir := ""
			if !(operand.Value == "-" || sc.touched && a.cdState(ca, operand.Value) != "") {
				dir = a.cdTarget(ca, *operand, sc)
			}
			if noCd {
				setDirStack(sc, append([]string{dir}, entries...), based)
				return
			}
			sc.setCwd(dir)
			setDirStack(sc, append([]string{old}, entries...), based)
		}
	case "popd":
		n, fromTop := 0, true
		if operand != nil {
			var ok bool
			if n, fromTop, ok = stackIndex(operand.Value); !ok || operand.Unbound {
				unknown()
				return
			}
		}
		all := append([]string{old}, entries...)
		if !fromTop {
			if !based {
				unknown()
				return
			}
			n = len(all) - 1 - n
		}
		switch {
		case n < 0 || n >= len(all) || len(all) == 1:
			// Past what the command pushed: an error on an empty stack,
			// an entry the walk does not know otherwise.
			if !based {
				unknown()
			}
		case n == 0 && !noCd:
			sc.setCwd(all[1])
			setDirStack(sc, all[2:], based)
		case n == 0:
			setDirStack(sc, all[2:], based)
		default:
			setDirStack(sc, append(all[1:n:n], all[n+1:]...), based)
		}
	}
}

// stackTilde reports the name of a tilde word that names a directory of
// the stack: N, +N or -N.
func stackTilde(name string) bool {
	d := strings.TrimLeft(name, "+-")
	if d == "" || len(name)-len(d) > 1 {
		return false
	}
	for i := 0; i < len(d); i++ {
		if d[i] < '0' || d[i] > '9' {
			return false
		}
	}
	return true
}

// stackEntry returns the directory ~N, ~+N or ~-N names, "" when it is not
// known (or the stack has no such entry, where bash leaves the word as
// written).
func stackEntry(sc *scope, name string) string {
	s := name
	if s[0] != '+' && s[0] != '-' {
		s = "+" + s
	}
	n, fromTop, ok := stackIndex(s)
	if !ok {
		return ""
	}
	entries, based := dirStack(sc)
	all := append([]string{sc.cwd()}, entries...)
	if !fromTop {
		if !based {
			return ""
		}
		n = len(all) - 1 - n
	}
	if n < 0 || n >= len(all) {
		return ""
	}
	return all[n]
}
