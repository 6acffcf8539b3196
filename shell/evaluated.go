package shell

import (
	"slices"
	"strings"

	"github.com/wardenhq/warden/programs"
	"mvdan.cc/sh/v3/syntax"
)

// This file follows the text bash evaluates as code although it reads as
// data: a variable named in arithmetic ($((x)), (( )), let, declare -i,
// [[ x -eq y ]], array subscripts and slices) is itself evaluated, so
// x='a[$(cmd)]' runs cmd; a variable name given to test -v, printf -v,
// read, mapfile, unset or a nameref has its subscript evaluated; ${!y}
// evaluates the subscript in y's value and ${x@P} expands x's value as a
// prompt, command substitutions included. When the text is known it is
// analysed as the code it is; when it is not (set from a command's output,
// read from a file), the evaluation is a part of its own that is unknown:
// never read-only, never allowed by a rule or a mode.

// maxEvalDepth bounds how far variables naming variables are followed.
const maxEvalDepth = 8

// arithRefs judges the variables an arithmetic expression names: bash
// evaluates their values as arithmetic in turn. Substitutions written in
// the expression itself are walked by walkWordSubst.
func (a *analyzer) arithRefs(x syntax.ArithmExpr, c *ctx) {
	if x == nil {
		return
	}
	syntax.Walk(x, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst:
			return false
		case *syntax.Word:
			a.arithWord(n, c, 0)
			return true
		}
		return true
	})
}

// arithWord judges one word of an arithmetic context: a variable name, a
// $var, or quoted text (let 'a[$(cmd)]'), all evaluated as arithmetic.
func (a *analyzer) arithWord(w *syntax.Word, c *ctx, depth int) {
	if w == nil {
		return
	}
	if name, ok := identWord(w); ok {
		a.evaluatedVar(name, c, depth, c.text(w))
		return
	}
	literal := true
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.ParamExp:
			literal = false
			if plainParam(p) {
				a.evaluatedVar(p.Param.Value, c, depth, c.text(w))
			}
		case *syntax.Lit, *syntax.SglQuoted:
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				if pe, ok := q.(*syntax.ParamExp); ok {
					literal = false
					if plainParam(pe) {
						a.evaluatedVar(pe.Param.Value, c, depth, c.text(w))
					}
				} else if _, ok := q.(*syntax.Lit); !ok {
					literal = false
				}
			}
		default:
			literal = false
		}
	}
	if literal && len(w.Parts) > 0 {
		if _, isLit := w.Parts[0].(*syntax.Lit); isLit && len(w.Parts) == 1 {
			return // an arithmetic operand written in place: already parsed
		}
		f := a.evalFields(w, c, w)
		if len(f) == 1 && f[0].Lit {
			a.evaluatedText(f[0].Value, c, depth, c.text(w))
		}
	}
}

// arithText judges a word that is text bash evaluates as arithmetic
// although the parser read it as a plain word ([[ 1 -eq PATH=1 ]],
// declare -i x=PATH=1): written in place, it is evaluated as it stands.
func (a *analyzer) arithText(w *syntax.Word, c *ctx) {
	if l, ok := singleLit(w); ok && !isIdent(l) {
		a.evaluatedText(l, c, 0, c.text(w))
		return
	}
	a.arithWord(w, c, 0)
}

func singleLit(w *syntax.Word) (string, bool) {
	if w == nil || len(w.Parts) != 1 {
		return "", false
	}
	l, ok := w.Parts[0].(*syntax.Lit)
	if !ok {
		return "", false
	}
	return l.Value, true
}

// evaluatedVar judges the value of a variable bash evaluates as code. A
// variable this command never set comes from the environment the agent was
// started with and is not followed.
func (a *analyzer) evaluatedVar(name string, c *ctx, depth int, where string) {
	v, set := c.sc.variable(name)
	if !set || v.number {
		return
	}
	if !v.known {
		a.unknownEval(c, where, "the value of "+name+" is evaluated as code, and it comes from text this command cannot read")
		return
	}
	a.evaluatedText(v.s, c, depth, where)
}

// evaluatedText judges text bash evaluates as an arithmetic expression.
func (a *analyzer) evaluatedText(s string, c *ctx, depth int, where string) {
	s = strings.TrimSpace(s)
	if s == "" || isNumber(s) {
		return
	}
	if depth >= maxEvalDepth {
		a.unknownEval(c, where, "variables name variables too deeply to follow")
		return
	}
	if isIdent(s) {
		if s != where {
			a.evaluatedVar(s, c, depth+1, where)
		}
		return
	}
	// Text with substitutions, subscripts or assignments (let 'PATH=1')
	// is walked as the arithmetic it is.
	if strings.ContainsAny(s, "$`[=") || strings.Contains(s, "++") || strings.Contains(s, "--") {
		a.nested("(( "+s+" ))", c, c.wrappers)
	}
}

// evaluatedName judges a variable name given as an operand (test -v,
// printf -v, read, unset, a nameref): a subscript in it is evaluated.
func (a *analyzer) evaluatedName(x arg, c *ctx) {
	if !strings.Contains(x.Value, "[") && !x.Unbound {
		return
	}
	if x.Unbound {
		// read "$x": x's value may hold a subscript, a[$(cmd)], which is
		// evaluated, and names a variable the walk cannot follow.
		a.unknownEval(c, x.Raw, "a variable name built at run time is evaluated, subscript included")
		return
	}
	a.nested("(( "+x.Value+" ))", c, c.wrappers)
}

// evaluatedParam judges the parameter expansions that evaluate text:
// subscripts and slices (arithmetic), ${!y} (y's value names a variable,
// subscript included) and ${x@P} (x's value expanded as a prompt).
func (a *analyzer) evaluatedParam(p *syntax.ParamExp, c *ctx) {
	if p.Index != nil && !allElements(p.Index) {
		a.arithRefs(p.Index, c)
	}
	if p.Slice != nil {
		a.arithRefs(p.Slice.Offset, c)
		a.arithRefs(p.Slice.Length, c)
	}
	if p.Param == nil {
		return
	}
	name := p.Param.Value
	if p.Excl && p.Names == 0 && p.Index == nil {
		v, set := c.sc.variable(name)
		switch {
		case !set:
		case !v.known:
			a.unknownEval(c, c.text(p), "${!"+name+"} evaluates a variable name that comes from text this command cannot read")
		case strings.ContainsAny(v.s, "[$`"):
			a.nested("(( "+v.s+" ))", c, c.wrappers)
		}
	}
	if p.Exp != nil && p.Exp.Op == syntax.OtherParamOps && p.Exp.Word != nil && p.Exp.Word.Lit() == "P" {
		v, set := c.sc.variable(name)
		switch {
		case !set:
		case !v.known:
			a.unknownEval(c, c.text(p), "${"+name+"@P} expands text this command cannot read as a prompt, command substitutions included")
		case strings.ContainsAny(v.s, "$`"):
			a.nested(": "+v.s, c, c.wrappers)
		}
	}
}

// evaluatedOperands judges the builtins that take variable names: a
// subscript in a name is evaluated.
func (a *analyzer) evaluatedOperands(ca *call) {
	ops := ca.operands()
	c := ca.ctx
	switch ca.prog {
	case "test", "[":
		for i, x := range ops {
			if x.Value == "-v" && i+1 < len(ops) {
				a.evaluatedName(ops[i+1], c)
			}
		}
	case "printf":
		for _, v := range a.entryValues(ca, "-v") {
			a.evaluatedName(v, c)
		}
	case "read", "unset", "mapfile", "readarray":
		for i := 0; i < len(ops); i++ {
			x := ops[i]
			if strings.HasPrefix(x.Value, "-") && len(x.Value) > 1 {
				// Options taking a value: read -a NAME names an array.
				last := x.Value[len(x.Value)-1]
				if len(x.Value) == 2 && strings.IndexByte("dinNptuCcOsa", last) >= 0 && i+1 < len(ops) {
					if last == 'a' {
						a.evaluatedName(ops[i+1], c)
					}
					i++
				}
				continue
			}
			a.evaluatedName(x, c)
		}
	case "getopts":
		if len(ops) >= 2 {
			a.evaluatedName(ops[1], c)
		}
	}
}

// unknownEval records text the shell evaluates that the analysis cannot
// read: a part of its own that is never read-only and never allowed by a
// rule, a mode or the built-in classifier.
func (a *analyzer) unknownEval(c *ctx, text, why string) {
	if a.phase == judging && a.judgingAdds("unknown: "+why) {
		return
	}
	if a.running != 0 {
		saved := a.running
		a.running = 0
		defer func() { a.running = saved }()
	}
	if text == "" {
		text = "<evaluated text>"
	}
	cp := *c
	cp.pipe = nil
	a.addCall(&call{ctx: &cp, cwd: c.sc.cwd(), text: text, args: []arg{{Value: text, Raw: text, Unbound: true}}, evaluated: why + " (" + text + ")", unknown: []string{why}}, nil)
}

// identWord returns the name a word is when it is one plain identifier.
func identWord(w *syntax.Word) (string, bool) {
	if len(w.Parts) != 1 {
		return "", false
	}
	l, ok := w.Parts[0].(*syntax.Lit)
	if !ok || !isIdent(l.Value) {
		return "", false
	}
	return l.Value, true
}

func plainParam(p *syntax.ParamExp) bool {
	return p.Param != nil && !p.Excl && !p.Length && p.Index == nil && p.Slice == nil && p.Repl == nil && p.Exp == nil && p.Names == 0 && p.NestedParam == nil
}

// allElements reports the subscripts @ and *, which name every element
// and evaluate nothing.
func allElements(x syntax.ArithmExpr) bool {
	w, ok := x.(*syntax.Word)
	if !ok {
		return false
	}
	s := w.Lit()
	return s == "@" || s == "*"
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9' {
			continue
		}
		return false
	}
	return true
}

// isNumber reports an integer literal as arithmetic reads it: decimal,
// 0x hex, octal or BASE#digits, with an optional sign.
func isNumber(s string) bool {
	s = strings.TrimLeft(s, "+-")
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= '0' && c <= '9' || c == '#' || c == 'x' || c == 'X' || i > 0 && (c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			continue
		}
		return false
	}
	return s[0] >= '0' && s[0] <= '9'
}

// numericWord reports a value that is a number whatever it turns out to
// be: arithmetic expansion, digits, or the output of a program that prints
// a count (wc, nproc, date +%s, ...).
func numericWord(w *syntax.Word) bool {
	if w == nil || len(w.Parts) == 0 {
		return false
	}
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.ArithmExp:
		case *syntax.Lit:
			if !isNumber(p.Value) {
				return false
			}
		case *syntax.DblQuoted:
			if !numericWord(&syntax.Word{Parts: p.Parts}) {
				return false
			}
		case *syntax.CmdSubst:
			if !countingSubst(p) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// countingSubst reports a command substitution whose output is a number.
func countingSubst(cs *syntax.CmdSubst) bool {
	if len(cs.Stmts) != 1 {
		return false
	}
	st := cs.Stmts[0]
	if b, ok := st.Cmd.(*syntax.BinaryCmd); ok && b.Op == syntax.Pipe {
		st = b.Y // the last stage prints
	}
	ce, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) == 0 {
		return false
	}
	spec := programs.Lookup(baseName(ce.Args[0].Lit()))
	if spec == nil || spec.Number == "" {
		return false
	}
	if spec.Number == "*" {
		return true
	}
	words := make([]programs.Word, len(ce.Args)-1)
	for i, w := range ce.Args[1:] {
		l := w.Lit()
		words[i] = programs.Word{Text: l, Literal: l != ""}
	}
	res := programs.Parse(spec, words)
	for _, w := range strings.Fields(spec.Number) {
		if strings.HasPrefix(w, "-") && res.Has(w) || !strings.HasPrefix(w, "-") && slices.Contains(res.Operands(), w) {
			return true
		}
	}
	return false
}

// testEvaluated judges a [[ ]] expression: the operands of -eq, -lt and
// the other integer comparisons are arithmetic, and -v evaluates the
// subscript of the name it is given.
func (a *analyzer) testEvaluated(x syntax.TestExpr, c *ctx) {
	syntax.Walk(x, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.BinaryTest:
			switch n.Op {
			case syntax.TsEql, syntax.TsNeq, syntax.TsLeq, syntax.TsGeq, syntax.TsLss, syntax.TsGtr:
				if w, ok := n.X.(*syntax.Word); ok {
					a.arithText(w, c)
				}
				if w, ok := n.Y.(*syntax.Word); ok {
					a.arithText(w, c)
				}
			}
		case *syntax.UnaryTest:
			if n.Op == syntax.TsVarSet {
				if w, ok := n.X.(*syntax.Word); ok {
					for _, f := range a.evalFields(w, c, w) {
						a.evaluatedName(f, c)
					}
				}
			}
		case *syntax.CmdSubst, *syntax.ProcSubst:
			return false
		}
		return true
	})
}

// integerAssign judges a value assigned to a variable that holds the
// integer attribute (declare -i n; n=v, read n, for n in v): bash
// evaluates the value as arithmetic, and a subscript in it
// (a[$(cmd)]) runs its substitutions. It reports whether the variable
// holds the attribute, which it keeps.
func (a *analyzer) integerAssign(c *ctx, name string, v arg, number bool, where string) bool {
	old, set := c.sc.variable(name)
	if !set || !old.integer {
		return false
	}
	switch {
	case number:
	case v.Unbound || !v.Lit && v.Value == "":
		a.unknownEval(c, where, "the value assigned to "+name+", declared an integer, is evaluated as arithmetic, and it comes from text this command cannot read")
	default:
		a.evaluatedText(v.Value, c, 0, where)
	}
	return true
}
