package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// This file follows the descriptors exec opens for the rest of the
// command. exec with no command only changes the shell's descriptors:
// exec 3<FILE opens FILE on 3, and a later <&3 reads FILE; exec 3>>FILE
// makes a later >&3 append to FILE. A descriptor is kept as a variable
// whose name no script can spell (fdVar), so that subshells and function
// bodies undo and record it as they do variables. A descriptor opened on
// a file the walk cannot name is kept as unknown, and a <&N it feeds
// reads a path that is not known.

// fdVar is the name of the variable that holds what descriptor fd is open
// on: the mode (<, > or <>), a NUL, and the file's path.
func fdVar(fd string) string { return "\x01fd" + fd }

// execOnly reports exec given no command: bash applies its redirections to
// the shell itself and runs nothing.
func execOnly(ca *call) bool {
	return ca.prog == "exec" && len(ca.operands()) == 0 && !ca.dynamic && len(ca.wrappers) == 0
}

// execFeedsStdin reports an exec redirection of the shell's standard input
// (exec <FILE, exec 0<FILE, exec <<EOF): every later command that reads
// its input reads it, which the walk does not follow.
func execFeedsStdin(ca *call) bool {
	for _, r := range ca.redirs {
		if r.fd != "" && r.fd != "0" {
			continue
		}
		switch r.op {
		case syntax.RdrIn, syntax.RdrInOut, syntax.DplIn, syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc:
			return true
		}
	}
	return false
}

// highFD reports a descriptor number above 2, as a redirection names it.
func highFD(fd string) bool {
	if fd == "" || fd == "0" || fd == "1" || fd == "2" {
		return false
	}
	for i := 0; i < len(fd); i++ {
		if fd[i] < '0' || fd[i] > '9' {
			return false
		}
	}
	return true
}

// execOpens records the descriptors above 2 an exec with no command opens,
// moves or closes.
func (a *analyzer) execOpens(ca *call) {
	sc := ca.ctx.sc
	for _, r := range ca.redirs {
		if !highFD(r.fd) {
			continue
		}
		mode := ""
		switch r.op {
		case syntax.RdrIn:
			mode = "<"
		case syntax.RdrOut, syntax.AppOut, syntax.RdrClob:
			mode = ">"
		case syntax.RdrInOut:
			mode = "<>"
		case syntax.DplIn, syntax.DplOut:
			// exec 4<&3 copies what 3 is open on; exec 3<&- closes it.
			if v, ok := sc.variable(fdVar(r.target.Value)); ok && !r.target.Unbound {
				sc.set(fdVar(r.fd), v)
				continue
			}
			sc.unset(fdVar(r.fd))
			continue
		default:
			sc.unset(fdVar(r.fd))
			continue
		}
		p := a.resolve(r.target, ca.cwd)
		sc.set(fdVar(r.fd), varVal{s: mode + "\x00" + p, known: p != ""})
	}
}

// openedFD rewrites a redirection that copies a descriptor exec opened
// (<&3, >&3) into one on the file it is open on, so that it is judged as
// reading or writing that file.
func openedFD(rd *redir, sc *scope) {
	if rd.op != syntax.DplIn && rd.op != syntax.DplOut || rd.target.Unbound || !highFD(rd.target.Value) {
		return
	}
	v, ok := sc.variable(fdVar(rd.target.Value))
	if !ok {
		return
	}
	mode, p, _ := strings.Cut(v.s, "\x00")
	fd := rd.target.Value
	switch {
	case rd.op == syntax.DplIn && strings.HasPrefix(mode, "<"):
		rd.op = syntax.RdrIn
	case rd.op == syntax.DplOut && strings.HasSuffix(mode, ">"):
		rd.op = syntax.AppOut
	case v.known:
		return // a read of a descriptor open for writing fails
	}
	rd.viaFD = fd
	if !v.known {
		rd.target = arg{Value: "$fd" + fd, Raw: "&" + fd, Unbound: true}
		return
	}
	rd.target = arg{Value: p, Raw: p, Lit: true}
}
