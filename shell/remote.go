package shell

// here judges a command another program runs on this machine, in the
// home directory (ssh localhost CMD): its pieces are parts of their own.
func (a *analyzer) here(text string, c *call) {
	cp := *c.ctx
	cp.sc = newScope(a.opts.Home)
	cp.pipe = nil
	cp.redirs = nil
	a.nested(text, &cp, c.wrappers)
}

// remote judges a command that runs on another machine or in a container:
// its findings count, but its pieces are not parts of this command.
func (a *analyzer) remote(text string, c *call) {
	if a.phase == judging && a.judgingAdds("remote: "+text) {
		return
	}
	if a.running != 0 {
		saved := a.running
		a.running = 0
		defer func() { a.running = saved }()
	}
	n := normalize(text)
	f, err := parse(n.text)
	if err != nil {
		return
	}
	a.budget -= 1 + len(text)/64
	if a.budget <= 0 {
		a.setLimit(LimitParts)
		return
	}
	cp := *c.ctx
	cp.src = n.text
	cp.depth++
	cp.remote = true
	cp.pipe = nil
	cp.wrappers = nil
	cp.redirs = nil
	cp.sc = newScope("")
	a.walkStmts(f.Stmts, &cp)
}
