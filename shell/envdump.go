package shell

import "github.com/wardenhq/warden/programs"

// dumpsEnvironment reports a call that prints every variable of the
// environment or the shell, as its entry says (programs.Spec's Env): env,
// printenv, a bare set, export -p, declare -x, whether spelled as the
// declaration (export -p) or as a command's words (command export -p).
func dumpsEnvironment(c *call) bool {
	if c.decl && len(c.words) > 0 {
		spec := programs.Lookup(c.words[0])
		if spec == nil || !spec.Env.Dumps {
			return false
		}
		words := make([]programs.Word, 0, len(c.words)-1)
		for _, w := range c.words[1:] {
			words = append(words, programs.Word{Text: w, Literal: true})
		}
		res := programs.Parse(spec, words)
		return spec.Env.Holds(&res)
	}
	spec := c.entry()
	if spec == nil || !spec.Env.Dumps {
		return false
	}
	res := entryOf(c)
	return spec.Env.Holds(&res)
}
