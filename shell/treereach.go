package shell

import "path"

// trees returns the directories a call reads recursively, everything below
// them included: the paths a recursive reader, searcher, copy or archive
// is given (grep -r x ., rg x src, tar czf x.tgz ., cp -r . out), the
// working directory of a recursive search given none (grep -r x, rg x, not
// reading a pipe), and the roots of a find whose -exec command reads what
// it finds (find . -exec cat {} +). Rules and credentials are asked
// whether these trees reach what they cover.
func (a *analyzer) trees(c *call, piped bool) []string {
	if c.find != nil {
		for _, r := range c.reads {
			if path.Base(r) != "{}" {
				continue
			}
			roots := c.find.Roots
			if len(roots) == 0 {
				roots = []arg{{Value: ".", Lit: true}}
			}
			var out []string
			for _, x := range roots {
				if p := a.resolve(x, c.cwd); p != "" {
					out = append(out, p)
				}
			}
			return out
		}
	}
	if !readsTrees(c) {
		return nil
	}
	if len(c.reads) > 0 {
		return c.reads
	}
	if treeFlow(c).Here && !piped && c.cwd != "" {
		return []string{c.cwd}
	}
	return nil
}
