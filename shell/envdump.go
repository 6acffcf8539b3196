package shell

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
