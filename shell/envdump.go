package shell

import (
	"strings"

	"github.com/wardenhq/warden/danger"
	"github.com/wardenhq/warden/programs"
)

// checkEnvPrint flags printing the whole environment into the transcript:
// env, printenv, export -p, declare -x or -p, typeset -p and a bare set,
// export, declare or typeset print every variable, tokens included
// (GITHUB_TOKEN, AWS_SECRET_ACCESS_KEY, WARDEN_TOKEN), whether spelled as
// the declaration (export -p) or as a command's words (command export -p). Output that is counted, hashed, thrown away or written to
// a file is not printed; a search of it is judged by what it searches for
// (checkEnvDump); options that change the shell (set -e) and declarations
// (export X=1) print nothing.
func checkEnvPrint(a *analyzer, c *call) {
	if !dumpsEnvironment(c) || a.outputMasked(c) || hasOutput(c.redirs) {
		return
	}
	if down := c.downstream(); len(down) > 0 {
		flow := programs.FlowOf(down[0].prog)
		switch {
		case flow.Whole:
			// Shown as it is, or reordered.
		case flow.Inverts != "":
			if res := entryOf(down[0]); !res.Has(strings.Fields(flow.Inverts)...) {
				return // judged by what it searches for (checkEnvDump)
			}
			// Everything but what it names.
		default:
			// A filter or a sender: what it keeps or sends is judged
			// where it is (grep for a secret's name, curl --data @-).
			return
		}
	}
	a.flag(c, danger.CredentialAccess, "prints the whole environment, every token in it included, into the transcript")
}

// dumpsEnvironment reports a call that prints every variable of the
// environment or the shell.
func dumpsEnvironment(c *call) bool {
	prog := c.prog
	if c.decl && len(c.words) > 0 {
		prog = c.words[0]
	}
	switch prog {
	case "printenv":
		res := entryOf(c)
		return len(res.Operands()) == 0
	case "env":
		res := entryOf(c)
		return len(c.assigns) == 0 && len(res.Operands()) == 0 && !res.Has("-S", "--split-string") && !res.Has("-i", "--ignore-environment")
	case "set":
		return len(c.words) == 1
	case "export", "declare", "typeset":
		if len(c.words) == 1 {
			return true // export, declare and typeset alone print every variable
		}
		for _, w := range c.words[1:] {
			switch w {
			case "-p", "-x", "-px", "-xp":
			default:
				return false
			}
		}
		return true
	}
	return false
}
