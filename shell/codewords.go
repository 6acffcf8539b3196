package shell

import (
	"github.com/wardenhq/warden/internal/lang/julia"
	"github.com/wardenhq/warden/internal/lang/tcl"
	"github.com/wardenhq/warden/programs"
)

// Tcl and Julia code: their commands are words, not calls, read by
// internal/lang/tcl and internal/lang/julia.

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

// walkJulia walks the external commands Julia code builds (backticks,
// Cmd([…]), pipeline(…)), as internal/lang/julia splits them, each a
// nested script; one that interpolates a value of the run is a part not
// known.
func (a *analyzer) walkJulia(c *call, prog, code string) {
	for _, cmd := range julia.Commands(code) {
		if cmd.Unknown {
			a.unknownEval(c.ctx, c.text, prog+" code runs a command built at run time")
			continue
		}
		if cmd.Shell != "" {
			a.nested(cmd.Shell, c.ctx, c.wrappers)
		}
	}
}
