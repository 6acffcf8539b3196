package shell

import (
	"github.com/wardenhq/warden/internal/lang/tcl"
	"github.com/wardenhq/warden/programs"
)

// tclCode reports a program whose code is Tcl (tclsh, wish, expect).
func tclCode(prog string) bool { return programs.LangOf(prog) == programs.LangTcl }

// walkTcl walks the shell commands Tcl code runs, as internal/lang/tcl
// reads them (exec's pipeline, open "|…", expect's spawn and system, in
// every script Tcl is given), each a nested script; one a word built at
// run time decides is a part that is not known.
func (a *analyzer) walkTcl(c *call, prog, code string) {
	for _, r := range tcl.Runs(code) {
		if r.Unknown {
			a.unknownEval(c.ctx, c.text, prog+" code runs a command built at run time ("+r.By+")")
			continue
		}
		if r.Shell != "" {
			a.nested(r.Shell, c.ctx, c.wrappers)
		}
	}
}

// tclShell reports Tcl code that starts an interactive shell: exec sh,
// spawn bash, open "|sh", as opensShell reads each command it runs.
func tclShell(code string) bool {
	for _, r := range tcl.Runs(code) {
		if !r.Unknown && opensShell(r.Shell) {
			return true
		}
	}
	return false
}
