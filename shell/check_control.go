package shell

import (
	"strings"

	"github.com/wardenhq/warden/danger"
)

// checkUnknownControl flags a part Warden does not understand (a program
// with no entry, an undeclared option) that is given an agent control file
// as an operand: sponge .claude/settings.json, yq -i … .mcp.json. What the
// program does with it is not known, and a write there installs
// permissions or hooks, so only an allow rule naming the file or a person
// may approve it — never a mode, bypassPermissions included.
func (a *analyzer) checkUnknownControl(c *call) {
	if !c.ungrammatical || c.dynamic {
		return
	}
	for _, x := range c.operands() {
		if !x.Lit || x.Value == "" || x.Value == "-" {
			continue
		}
		s := x.Value
		if i := strings.IndexByte(s, '='); i > 0 && strings.HasPrefix(s, "-") {
			s = s[i+1:] // --output=FILE
		}
		p := a.resolveString(s, c.cwd)
		if p == "" || !isControl(a, p) {
			continue
		}
		a.flag(c, danger.AgentConfigTamper, c.prog+" is not understood ("+c.unknown[0]+") and is given the agent control file "+p+", which it may write")
		return
	}
}
