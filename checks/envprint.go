package checks

import (
	"strings"

	"github.com/wardenhq/warden/danger"
	"github.com/wardenhq/warden/programs"
)

// EnvPrint flags printing the whole environment into the transcript:
// env, printenv, export -p, declare -x or -p, typeset -p and a bare set,
// export, declare or typeset print every variable, tokens included
// (GITHUB_TOKEN, AWS_SECRET_ACCESS_KEY, WARDEN_TOKEN), whether spelled as
// the declaration (export -p) or as a command's words (command export -p). Output that is counted, hashed, thrown away or written to
// a file is not printed; a search of it is judged by what it searches for
// (checkEnvDump); options that change the shell (set -e) and declarations
// (export X=1) print nothing.
func EnvPrint(c Call) {
	if c.Flow().PrintsEnv != "the environment" || c.Flow().OutputMasked || hasOutput(c) {
		return
	}
	if down := c.Downstream(); len(down) > 0 {
		flow := programs.FlowRef(down[0].Program())
		switch {
		case flow.Whole:
			// Shown as it is, or reordered.
		case flow.Inverts != "":
			if res := down[0].Parse(); !res.Has(strings.Fields(flow.Inverts)...) {
				return // judged by what it searches for (checkEnvDump)
			}
			// Everything but what it names.
		default:
			// A filter or a sender: what it keeps or sends is judged
			// where it is (grep for a secret's name, curl --data @-).
			return
		}
	}
	c.Flag(danger.CredentialAccess, "prints the whole environment, every token in it included, into the transcript")
}
