package programs

import (
	"slices"
	"strings"
)

// Word is one word of a command line after the program.
type Word struct {
	// Text is the word's value (its most likely value when not literal).
	Text string
	// Literal is false when the word has an expansion whose value is not
	// known ($X, $(…), a glob): such a word where an option may stand
	// makes the call unknown.
	Literal bool
}

// Use is one effect of a call with its target.
type Use struct {
	Effect Effect
	// Target is the word the effect applies to (a path, host, command or
	// code), "" when the effect has none.
	Target string
	// Index is the target's index in the words, -1 when none.
	Index int
	// Option is the option that caused the effect ("" for an operand or
	// the program's own effect).
	Option string
	// Lang is the language of code (Spec.Lang) when the target is code
	// in it; "" otherwise.
	Lang Lang
}

// Result is what Parse learned about one call.
type Result struct {
	// Spec is the entry that judged the call: the subcommand's when one
	// was selected.
	Spec *Spec
	// Uses are the effects, in order.
	Uses []Use
	// Unknown lists why the call cannot be fully known; empty when every
	// word was placed.
	Unknown []string
	// Help is true when a help or version option ended processing before
	// any effect: the program prints and exits.
	Help bool
	// WhatIf is true when an option said the call only tells what it
	// would do (PowerShell's -WhatIf): it changes nothing, and its uses
	// are reads at most.
	WhatIf bool
	// OperandIndexes are the indexes of the words read as operands
	// (Operands returns the words).
	OperandIndexes []int
	// Options are the options given, in order, each under its name
	// (the first long spelling the entry declares for it: -r, -R and
	// --recursive are all "--recursive" when declared as one option;
	// options declared apart stay apart): Target is the value ("" for a
	// flag), Index the value's word (for a flag, the option's word; -1
	// for a value that is missing), Effect the option's.
	Options []Use
	// Command, for a launcher (Spec.Command), is one more than the index
	// of the word where the command it runs begins; 0 when it runs none.
	Command int

	// lists, absolute and strips are the unpack modifiers given
	// (settleUnpack).
	lists, absolute, strips bool
	// spellings holds, beside each of Options, every spelling of that
	// option ("-r|-R|--recursive"), so that Has and Value answer to any.
	spellings []given
	// subs are the indexes of the words in subcommand position, and
	// subText and operandText the words themselves (the words are not
	// kept: a caller's buffer stays its own).
	subs                 []int
	subText, operandText []string
	// tried holds the spellings of options the call names in a way the
	// program refuses: an ambiguous prefix, a value given to a flag.
	tried []string
}

// Tried reports whether one of the named options is given (Has), or is
// named in a way the program refuses: an ambiguous prefix of it (git push
// --forc), a value given to it as a flag (--force=true). The call is then
// unknown; a check that judges what the command line means to do asks
// Tried, for a tool's refusal does not change the label (POLICY R15).
func (r *Result) Tried(names ...string) bool {
	if r.Has(names...) {
		return true
	}
	for _, g := range r.tried {
		for _, n := range names {
			if spells(g, n) {
				return true
			}
		}
	}
	return false
}

// tryPrefix records the options an unresolved long name is a prefix of.
func (r *Result) tryPrefix(s *Spec, name string) {
	if !s.Abbrev || len(name) < 4 || !strings.HasPrefix(name, "--") {
		return
	}
	for i := range s.opts {
		if strings.HasPrefix(s.opts[i].name, name) {
			r.tried = append(r.tried, s.opts[i].group)
		}
	}
}

// Known reports whether every word of the call was placed.
func (r *Result) Known() bool { return len(r.Unknown) == 0 }

// ReadOnly reports whether the call is known and its effects are reads at
// most.
func (r *Result) ReadOnly() bool {
	if !r.Known() {
		return false
	}
	if r.Help || r.WhatIf {
		return true
	}
	for _, u := range r.Uses {
		if !u.Effect.ReadOnly() {
			return false
		}
	}
	return true
}

func (r *Result) unknown(why string) {
	if len(r.Unknown) < 8 {
		r.Unknown = append(r.Unknown, why)
	}
}

func (r *Result) use(e Effect, target string, idx int, option string) {
	r.Uses = append(r.Uses, Use{Effect: e, Target: target, Index: idx, Option: option})
}

// hasEffect reports whether anything but None was recorded.
func (r *Result) hasEffect() bool {
	for _, u := range r.Uses {
		if u.Effect != None {
			return true
		}
	}
	return false
}

// Parse reads words (the arguments after the program) with the entry's
// grammar. It never fails: what it cannot place is in Result.Unknown.
func Parse(s *Spec, words []Word) Result {
	s.ensure()
	r := Result{Uses: make([]Use, 0, len(words)+1)}
	parse(s, words, 0, &r)
	r.settleDefaults()
	r.settleUnpack()
	r.settleWhatIf()
	return r
}

// ParseInto is Parse writing into r, whose slices it reuses: a caller that
// parses many calls in a row allocates them once. What r held before is
// lost.
func ParseInto(s *Spec, words []Word, r *Result) {
	s.ensure()
	*r = Result{Uses: r.Uses[:0], Unknown: r.Unknown[:0], OperandIndexes: r.OperandIndexes[:0], Options: r.Options[:0], spellings: r.spellings[:0], subs: r.subs[:0], subText: r.subText[:0], operandText: r.operandText[:0], tried: r.tried[:0]}
	parse(s, words, 0, r)
	r.settleDefaults()
	r.settleUnpack()
	r.settleWhatIf()
}

// settleDefaults applies the entry's Defaults: each option the call does
// not give is used with its default value, as the program uses it.
func (r *Result) settleDefaults() {
	s := r.Spec
	if s == nil || s.Defaults == "" || r.Help {
		return
	}
	for _, f := range strings.Fields(s.Defaults) {
		name, val, _ := strings.Cut(f, "=")
		if o := s.exact(name); o != nil && !r.Has(name) {
			r.use(o.effect, val, -1, o.canon)
		}
	}
}

// settleWhatIf keeps, of a call that only says what it would do, the
// uses that read.
func (r *Result) settleWhatIf() {
	if !r.WhatIf {
		return
	}
	r.Uses = slices.DeleteFunc(r.Uses, func(u Use) bool { return !u.Effect.ReadOnly() })
}

// CopyTo makes dst a copy of r, reusing dst's buffers: a caller that
// parsed a call once hands the result on without parsing it again.
func (r *Result) CopyTo(dst *Result) {
	*dst = Result{
		Spec:           r.Spec,
		Uses:           append(dst.Uses[:0], r.Uses...),
		Unknown:        append(dst.Unknown[:0], r.Unknown...),
		Help:           r.Help,
		WhatIf:         r.WhatIf,
		OperandIndexes: append(dst.OperandIndexes[:0], r.OperandIndexes...),
		Options:        append(dst.Options[:0], r.Options...),
		Command:        r.Command,
		lists:          r.lists,
		absolute:       r.absolute,
		strips:         r.strips,
		spellings:      append(dst.spellings[:0], r.spellings...),
		subs:           append(dst.subs[:0], r.subs...),
		subText:        append(dst.subText[:0], r.subText...),
		operandText:    append(dst.operandText[:0], r.operandText...),
		tried:          append(dst.tried[:0], r.tried...),
	}
}

// Clear empties r, keeping its buffers for the next ParseInto or CopyTo
// and holding nothing of the words it read.
func (r *Result) Clear() {
	clear(r.Uses)
	clear(r.Unknown)
	clear(r.Options)
	clear(r.spellings)
	clear(r.subText)
	clear(r.operandText)
	clear(r.tried)
	*r = Result{Uses: r.Uses[:0], Unknown: r.Unknown[:0], OperandIndexes: r.OperandIndexes[:0], Options: r.Options[:0], spellings: r.spellings[:0], subs: r.subs[:0], subText: r.subText[:0], operandText: r.operandText[:0], tried: r.tried[:0]}
}

// settleUnpack keeps the Unpack uses that say where the call unpacks: the
// directories given when a flag or the program's own effect says it
// unpacks (the bare "it unpacks" use, Target "", then goes), or that bare
// use alone (into the working directory). A directory given to a call
// that does not unpack is data (tar -c -C DIR).
//
// A listing or testing option (cpio -t) means the call does not unpack.
// An unpack that keeps absolute member names (tar -P, cpio -i without
// --no-absolute-filenames) writes wherever the archive says: unknown.
func (r *Result) settleUnpack() {
	acts, dirs := 0, 0
	if r.lists {
		for i := range r.Uses {
			if r.Uses[i].Effect == Unpack {
				r.Uses[i].Effect = None
			}
		}
		return
	}
	for _, u := range r.Uses {
		if u.Effect == Unpack {
			if u.Index < 0 && u.Target == "" {
				acts++
			} else {
				dirs++
			}
		}
	}
	if acts > 0 && r.absolute && !r.strips {
		r.unknown("it unpacks members under the absolute names the archive gives: what it writes can be anywhere")
	}
	if acts == 0 && dirs == 0 || acts == 1 && dirs == 0 {
		return
	}
	out := r.Uses[:0]
	kept := false
	for _, u := range r.Uses {
		if u.Effect == Unpack {
			isAct := u.Index < 0 && u.Target == ""
			switch {
			case acts == 0:
				u.Effect = None
			case isAct && (dirs > 0 || kept):
				continue
			case isAct:
				kept = true
			}
		}
		out = append(out, u)
	}
	r.Uses = out
}

// Option returns the options given under any of the names, in order. A
// name is any spelling the entry declares for an option (-R, -r,
// --recursive) and answers for all of them.
func (r *Result) Option(names ...string) []Use {
	var out []Use
	for i, o := range r.Options {
		if r.named(i, names) {
			out = append(out, o)
		}
	}
	return out
}

// Has reports whether an option is given under one of the names, in any
// of its spellings: bundled (-rf), attached (-Hx), with = (--host=x),
// abbreviated where the program takes prefixes (--rec), and never after
// "--".
func (r *Result) Has(names ...string) bool {
	for i := range r.Options {
		if r.named(i, names) {
			return true
		}
	}
	return false
}

// Sandboxed reports a call that gives its entry's Sandbox option (gawk's
// --sandbox) in any spelling the entry takes (-S, --sand, a bundle -bS),
// or as -W NAME, which gawk reads as --NAME (-W sandbox, -Wsa): the code
// it runs can then run no command, redirect to no file and load no
// extension.
func (r *Result) Sandboxed() bool {
	s := r.Spec
	if s == nil || s.Sandbox == "" {
		return false
	}
	if r.Has(s.Sandbox) {
		return true
	}
	for _, v := range r.Values("-W") {
		if v == "" {
			continue
		}
		if w := Parse(s, []Word{{Text: "--" + v, Literal: true}}); w.Has(s.Sandbox) {
			return true
		}
	}
	return false
}

// On reports whether a switch is on: the last of the named options given
// decides, in any spelling, and a switch given the value false
// (--dry-run=false, as pflag, clap and nopt take it) or its --no- form
// where the entry declares one (--no-dry-run) is off. Has answers
// whether it was given at all.
func (r *Result) On(names ...string) bool {
	on := false
	for i := range r.Options {
		switch {
		case r.named(i, names):
			on = !r.valued(i) || !strings.EqualFold(r.Options[i].Target, "false")
		case negates(r.Options[i].Option, names):
			on = false
		}
	}
	return on
}

// negates reports whether option is the --no- form of one of names.
func negates(option string, names []string) bool {
	rest, ok := strings.CutPrefix(option, "--no-")
	if !ok {
		return false
	}
	for _, n := range names {
		if strings.TrimPrefix(n, "--") == rest && strings.HasPrefix(n, "--") {
			return true
		}
	}
	return false
}

// Value returns the value of the last of the named options given with
// one (getopt's last one wins), and whether one was.
func (r *Result) Value(names ...string) (string, bool) {
	v, ok := "", false
	for i, o := range r.Options {
		if o.Index >= 0 && r.named(i, names) && r.valued(i) {
			v, ok = o.Target, true
		}
	}
	return v, ok
}

// ValueIndex returns the index of the word that is the value of the last
// of the named options given with one, -1 when none is (an attached
// value's index is its option's word).
func (r *Result) ValueIndex(names ...string) int {
	at := -1
	for i, o := range r.Options {
		if o.Index >= 0 && r.named(i, names) && r.valued(i) {
			at = o.Index
		}
	}
	return at
}

// Values returns the values of the named options, in order (a repeatable
// option: -e PATTERN -e PATTERN).
func (r *Result) Values(names ...string) []string {
	var out []string
	for i, o := range r.Options {
		if o.Index >= 0 && r.named(i, names) && r.valued(i) {
			out = append(out, o.Target)
		}
	}
	return out
}

// SubIndexes returns the indexes of the words in subcommand position, in
// order (git -C x stash drop: 2 and 3).
func (r *Result) SubIndexes() []int { return r.subs }

// Sub returns the words in subcommand position, joined ("stash drop" for
// git stash drop; "frobnicate" for git frobnicate, which no entry
// declares), "" when there are none.
func (r *Result) Sub() string {
	switch len(r.subs) {
	case 0:
		return ""
	case 1:
		return r.subText[0]
	}
	return strings.Join(r.subText, " ")
}

// Operands returns the words read as operands, in order. The slice is
// the result's own: a caller must not change it.
func (r *Result) Operands() []string { return r.operandText }

// Carried reports whether option, an option's name as a Result gives it
// (Use.Option), is one the entry Carries, whichever of its spellings the
// entry's Carries names.
func (s *Spec) Carried(option string) bool {
	if s.Carries == "" || option == "" {
		return false
	}
	if s.Carries == "*" {
		return true
	}
	for _, n := range strings.Fields(s.Carries) {
		if n == option {
			return true
		}
		for i := range s.opts {
			if s.opts[i].canon == option && spells(s.opts[i].group, n) {
				return true
			}
		}
	}
	return false
}

// named reports whether Options[i] is the option one of names spells.
func (r *Result) named(i int, names []string) bool {
	o := r.Options[i].Option
	for _, n := range names {
		if n == o || i < len(r.spellings) && spells(r.spellings[i].group, n) {
			return true
		}
	}
	return false
}

// Only reports whether every option the call gives is one of names, in
// any of its spellings (true when it gives none).
func (r *Result) Only(names ...string) bool {
	for i := range r.Options {
		if !r.named(i, names) {
			return false
		}
	}
	return true
}

// valued reports whether Options[i] was given with a value.
func (r *Result) valued(i int) bool { return i < len(r.spellings) && r.spellings[i].valued }

// given is what Result keeps of an option given beside Options: every
// spelling of it, and whether it came with a value.
type given struct {
	group  string
	valued bool
	o      *opt
	spec   *Spec // the entry (or subcommand) that declares it
	word   int   // the option's own word
	value  int   // the value's word; -1 none, -2 missing
}

// spells reports whether name is one of group's "|"-separated spellings.
func spells(group, name string) bool {
	for group != "" {
		var g string
		g, group, _ = strings.Cut(group, "|")
		if g == name {
			return true
		}
	}
	return false
}

func parse(s *Spec, words []Word, base int, r *Result) {
	r.Spec = s
	var opsBuf [8]int // most calls have few operands: no allocation
	ops := opsBuf[:0]
	patternGiven, writeOps, delOps, readOps, endOpts, intoGiven := false, false, false, false, false, false
	noCmd := false     // a launcher told to run no command (sudo -l)
	runsRest := false  // an option said the rest is a command (gdb --args)
	word := 0          // the word being read, for Result.Options
	var loose []string // undeclared options a loose entry let pass
	apply := func(o *opt, val string, vi int) {
		oi := vi
		if vi == -1 {
			oi = base + word
		} else if vi < -1 {
			oi = -1
		}
		r.Options = append(r.Options, Use{Effect: o.effect, Target: val, Index: oi, Option: o.canon})
		r.spellings = append(r.spellings, given{group: o.group, valued: o.value != 0 && vi >= 0, o: o, spec: s, word: base + word, value: vi})
		if o.value != 0 && o.effect == Into && vi >= -1 {
			intoGiven = true
		}
		r.lists = r.lists || o.lists
		r.absolute = r.absolute || o.absolute
		r.strips = r.strips || o.strips
		r.WhatIf = r.WhatIf || o.whatIf
		if o.value == '?' && vi == -1 && o.effect == Exec {
			// An option whose command is optional, given none, runs
			// the program's default (man -H the browser, git grep -O
			// the pager): not a command of the caller's, but not known.
			r.Uses = append(r.Uses, Use{Effect: Unknown, Index: -1, Option: o.canon})
			return
		}
		switch {
		case o.writeOps:
			writeOps = true
		case o.delOps:
			delOps = true
		case o.readOps:
			readOps = true
		}
		if o.pattern {
			patternGiven = true
		}
		if o.ends {
			endOpts = true
		}
		noCmd = noCmd || o.noCmd
		runsRest = runsRest || o.runsRest
		if o.value != 0 {
			if o.object {
				// git config --blob=HEAD:.env reads .env as HEAD has it.
				if c := strings.IndexByte(val, ':'); c >= 0 && !strings.Contains(val[:c], "/") && val[c+1:] != "" {
					r.Uses = append(r.Uses, Use{Effect: Read, Target: val[c+1:], Index: -1, Option: o.canon})
				}
				return
			}
			if o.gitKey && vi >= -1 {
				// git -c KEY=VALUE: what the key makes git do.
				k, v, _ := strings.Cut(val, "=")
				// A key that runs a program is judged by the git check
				// (core.pager=sh runs sh); here it is not known, as any
				// key that is neither a program's nor inert.
				if GitConfigEffect(k, v) != None {
					r.Uses = append(r.Uses, Use{Effect: Unknown, Target: val, Index: vi, Option: o.canon})
				}
				return
			}
			if vi >= -1 {
				r.Uses = append(r.Uses, Use{Effect: o.effect, Target: val, Index: vi, Option: o.canon})
				if o.code {
					r.Uses[len(r.Uses)-1].Lang = s.Lang
				}
			}
			return
		}
		if o.effect != None && o.effect != Help {
			r.use(o.effect, "", -1, o.canon)
		}
	}
	for i := 0; i < len(words); i++ {
		if runsRest {
			r.Command = base + i + 1
			break
		}
		w := words[i]
		t := w.Text
		word = i
		if i == 0 && s.OldStyle && t != "" && t[0] != '-' && !(len(s.Subcommands) > 0) {
			i = oldStyle(s, words, base, r, apply)
			continue
		}
		if !endOpts && s.Slash && len(t) > 1 && t[0] == '/' {
			if o, val, ok := s.slashOption(t); ok {
				switch {
				case o.value == 0 || o.value == '?' && val == "":
					apply(o, "", -1)
				case o.value == '?':
					apply(o, val, base+i)
				case i+1 < len(words):
					i++
					apply(o, words[i].Text, base+i)
				default:
					apply(o, "", -2)
				}
				continue
			}
		}
		if s.ShellBundles && t == "-" && w.Literal && !endOpts {
			endOpts = true // bash - ARGS, bash -c - CODE: a lone dash is --
			continue
		}
		if endOpts || s.NoOptions || len(t) < 2 || t[0] != '-' && !(t[0] == '+' && s.hasPlus()) {
			if !w.Literal && !endOpts && s.risky() && (t == "" || t[0] == '$' || t[0] == '-' || strings.HasPrefix(t, "`")) {
				r.unknown("a word that is not a literal (" + t + ") stands where an option may")
			}
			if (len(s.Subcommands) > 0 || s.OtherSpec != nil) && len(ops) == 0 && (!s.OwnOperands || s.Subcommands[t] != nil || !w.Literal) {
				selectSub(s, words, i, base, r)
				return
			}
			if s.Command && !s.DashCommand && !noCmd && len(ops) == s.fixedOperands() {
				if s.Assigns && w.Literal && IsAssignment(t) {
					endOpts = true // env FOO=1 -i runs -i
					continue
				}
				// The command and its arguments: none of them is ours (scl
				// enable X -- CMD: a -- after the operands ends them too).
				if t == "--" && w.Literal {
					if i+1 < len(words) {
						r.Command = base + i + 2
					}
					break
				}
				r.Command = base + i + 1
				break
			}
			ops = append(ops, i)
			if !s.Permute && (!s.Command || noCmd) && len(ops) > s.OptionsAfter {
				// A launcher's options may follow its operands (aws-vault
				// exec PROFILE -d 1h -- CMD): only its command ends them.
				endOpts = true
			}
			continue
		}
		if !w.Literal && s.risky() {
			r.unknown("a word that is not a literal (" + t + ") stands where an option may")
		}
		if t == "--" {
			if s.Command && s.DashCommand {
				// mise exec TOOL@VERSION... -- CMD.
				if i+1 < len(words) {
					r.Command = base + i + 2
				}
				break
			}
			endOpts = true
			continue
		}
		if strings.HasPrefix(t, "--") || s.LongDash || s.singleDashName(t) {
			name, val, hasEq := strings.Cut(t, "=")
			if s.powerShell() {
				// PowerShell binds a value to a parameter with a colon
				// (-Path:C:\x, -Force:$true); = is a part of the name.
				name, val, hasEq = strings.Cut(t, ":")
			}
			o, why := s.long(name)
			if o == nil && s.LongDash && strings.HasPrefix(name, "--") {
				// go's flag package and find accept --name as -name.
				o, _ = s.long(name[1:])
			}
			if o == nil && s.Loose {
				// A loose entry takes options it does not declare, but
				// GNU getopt_long also takes a unique prefix of one it
				// does (tar --to-comm is --to-command): a prefix of a
				// declared option that does more than read is that
				// option, or unknown when it could be several.
				o, why = s.looseAbbrev(name)
				if o == nil && why == "" {
					loose = append(loose, name)
					continue
				}
			}
			if o == nil {
				r.unknown(why)
				r.tryPrefix(s, name)
				continue
			}
			if o.effect == Help && !hasEq {
				if len(ops) == 0 && !r.hasEffect() {
					r.Help = true
					return
				}
				continue
			}
			switch {
			case o.value == 0 && hasEq && s.powerShell():
				// A switch given a value (-Recurse:$true, -Confirm:$false):
				// $false is the switch not given; any other value, a
				// variable too, is taken for it given.
				if v := strings.ToLower(val); o.whatIf && v != "$true" && v != "1" && v != "$false" && v != "0" {
					// -WhatIf:$x: whether the call changes anything is
					// not known.
					r.unknown("the value of " + name + " is not known")
				} else if v != "$false" && v != "0" {
					apply(o, "", -1)
				}
			case o.value == 0 && hasEq:
				r.unknown("option " + name + " takes no value")
				r.tried = append(r.tried, o.group)
			case o.value == '=' && !hasEq && o.untilSep:
				j := i + 1
				for ; j < len(words) && words[j].Text != ";" && words[j].Text != "+"; j++ {
				}
				if j > i+1 {
					r.use(o.effect, joinWords(words[i+1:j]), base+i+1, o.canon)
				}
				i = j
				apply(o, "", -2)
			case o.value == '=' && !hasEq && o.two:
				if i+2 < len(words) {
					i += 2
					apply(o, words[i].Text, base+i)
				} else {
					i = len(words)
				}
			case o.value == '=' && !hasEq:
				if i+1 < len(words) && !(s.ValueNotOption && optionLike(words[i+1].Text)) {
					i++
					if !words[i].Literal && o.effect != None {
						r.unknown("the value of " + name + " is not a literal")
					}
					apply(o, words[i].Text, base+i)
				} else {
					apply(o, "", -2)
				}
			case hasEq:
				apply(o, val, base+i)
			case o.boolWord && i+1 < len(words) && (words[i+1].Text == "true" || words[i+1].Text == "false"):
				// nopt takes a Boolean's value apart too (npm publish
				// --dry-run false).
				i++
				apply(o, words[i].Text, base+i)
			default:
				apply(o, "", -1)
			}
			continue
		}
		if s.ShellBundles {
			i = shellBundle(s, words, i, base, r, apply)
			continue
		}
		if t[0] == '+' {
			if o, _ := s.long("+"); o != nil {
				apply(o, t[1:], base+i)
				continue
			}
			// +X options of their own (lsof +D DIR, +c 15): the letter
			// names the option; any other + word is unknown.
			o := s.exact(t[:2])
			switch {
			case o == nil:
				r.unknown("unknown option " + t + " of " + s.name)
			case o.value == 0 && len(t) > 2:
				r.unknown("option " + t[:2] + " of " + s.name + " takes no value")
			case o.value == 0:
				apply(o, "", -1)
			case len(t) > 2:
				apply(o, t[2:], base+i)
			case o.value == '=' && i+1 < len(words):
				i++
				if !words[i].Literal && o.effect != None {
					r.unknown("the value of " + t + " is not a literal")
				}
				apply(o, words[i].Text, base+i)
			default:
				apply(o, "", -1)
			}
			continue
		}
		start := 1
		if s.Numeric && t[1] >= '0' && t[1] <= '9' {
			if !s.NumericBundles {
				continue
			}
			for start < len(t) && t[start] >= '0' && t[start] <= '9' {
				start++
			}
		}
		// Bundled short options: -rf, -n5, -ofile.
		for j := start; j < len(t); j++ {
			if s.NumericBundles && t[j] >= '0' && t[j] <= '9' {
				continue // a level's digit, among the letters (gzip -c9)
			}
			o := s.short(t[j])
			if o == nil && s.Loose {
				// An undeclared letter is taken for a flag, as an
				// undeclared word is: the letters after it are read on,
				// so that a declared option later in the bundle (git
				// rebase -ix CMD, go test -vo FILE) is not missed.
				if len(loose) == 0 || loose[len(loose)-1] != t {
					loose = append(loose, t)
				}
				continue
			}
			if o == nil {
				r.unknown("unknown option -" + string(t[j]) + " of " + s.name)
				break
			}
			if o.effect == Help {
				if len(ops) == 0 && !r.hasEffect() {
					r.Help = true
					return
				}
				continue
			}
			if o.value == 0 {
				apply(o, "", -1)
				continue
			}
			if j+1 < len(t) {
				apply(o, t[j+1:], base+i)
			} else if o.value == '?' {
				// An optional value not attached: the option is given
				// without one and still does what it does (man -H starts
				// the default browser).
				apply(o, "", -1)
			} else if o.value == '=' && o.untilSep {
				// The value runs to a ";" or "+" word, as the long
				// spelling's does (fd -x CMD… as fd --exec CMD…).
				k := i + 1
				for ; k < len(words) && words[k].Text != ";" && words[k].Text != "+"; k++ {
				}
				if k > i+1 {
					r.use(o.effect, joinWords(words[i+1:k]), base+i+1, o.canon)
				}
				i = k
				apply(o, "", -2)
			} else if o.value == '=' && i+1 < len(words) && !(s.ValueNotOption && optionLike(words[i+1].Text)) {
				i++
				if !words[i].Literal && o.effect != None {
					r.unknown("the value of -" + string(t[j]) + " is not a literal")
				}
				apply(o, words[i].Text, base+i)
			} else {
				apply(o, "", -2)
			}
			break
		}
	}
	if s.Effect != None && !(s.EffectWithOperands && len(ops) == 0) {
		// ReadWith's options count in any spelling the parser placed,
		// bundled ones too (git clean -nd).
		below := s.ReadBelow > 0 && len(ops) < s.ReadBelow && len(r.Options) == 0 && !readWithWords(s.WritesWith, words, ops)
		if !below && !readWith(s, words, ops) && !r.Has(strings.Fields(s.ReadWith)...) {
			r.use(s.Effect, "", -1, "")
		} else if len(loose) > 0 {
			// A loose entry's undeclared options are harmless only
			// beside its own effect: in the mode that reads (tar -t,
			// gzip -c), what they do is not known.
			r.unknown("option " + loose[0] + " of " + s.name + " is not declared")
		}
	}
	for _, i := range ops {
		r.OperandIndexes = append(r.OperandIndexes, base+i)
		r.operandText = append(r.operandText, words[i].Text)
	}
	if noCmd && s.Command && len(ops) > len(s.operands) && !slices.ContainsFunc(s.operands, func(o operand) bool { return o.rest }) {
		// The words where the command would start are data: the
		// process ids of chrt -p PRIO PID, the command sudo -l lists.
		ops = ops[:len(s.operands)]
	}
	placeOperands(s, words, ops, base, patternGiven, writeOps, delOps, readOps, intoGiven, r)
	if s.StdinCode && !slices.ContainsFunc(r.Uses, func(u Use) bool { return u.Lang != "" }) {
		r.use(Exec, "", -1, "")
	}
}

// shellBundle reads a word of a shell's own short options (Spec.
// ShellBundles): -X or +X letters, each declared with its sign, a letter
// that takes a value taking the next word, in turn (bash -oO errexit
// dotglob -c CODE). It returns the index of the last word it used.
func shellBundle(s *Spec, words []Word, i, base int, r *Result, apply func(*opt, string, int)) int {
	t := words[i].Text
	next := i
	var name [2]byte
	name[0] = t[0]
	for j := 1; j < len(t); j++ {
		name[1] = t[j]
		o := s.exact(string(name[:]))
		if o == nil {
			r.unknown("unknown option " + string(name[:]) + " of " + s.name)
			break
		}
		if o.effect == Help {
			continue
		}
		if o.value == 0 {
			apply(o, "", -1)
			continue
		}
		if next+1 >= len(words) {
			apply(o, "", -2)
			continue
		}
		next++
		if !words[next].Literal {
			r.unknown("the value of " + string(name[:]) + " is not a literal")
		}
		apply(o, words[next].Text, base+next)
	}
	return next
}

// oldStyle reads a first word of short options given without the dash
// (tar xzf a.tgz): each letter that takes a value takes the next word, in
// turn. It returns the index of the last word it used.
func oldStyle(s *Spec, words []Word, base int, r *Result, apply func(*opt, string, int)) int {
	next := 1
	t := words[0].Text
	if !words[0].Literal && s.risky() {
		r.unknown("a word that is not a literal (" + t + ") stands where an option may")
	}
	for j := 0; j < len(t); j++ {
		o := s.short(t[j])
		if o == nil {
			if !s.Loose {
				r.unknown("unknown option " + string(t[j]) + " of " + s.name)
			}
			continue
		}
		if o.effect == Help {
			continue
		}
		if o.value == 0 {
			apply(o, "", -1)
			continue
		}
		if next < len(words) {
			if !words[next].Literal && o.effect != None {
				r.unknown("the value of " + string(t[j]) + " is not a literal")
			}
			apply(o, words[next].Text, base+next)
			next++
		} else {
			apply(o, "", -2)
		}
	}
	return next - 1
}

func selectSub(s *Spec, words []Word, i, base int, r *Result) {
	w := words[i]
	sub := s.Subcommands[w.Text]
	if sub == nil && s.Fold {
		sub = s.Subcommands[strings.ToLower(w.Text)]
	}
	if !w.Literal {
		r.unknown("the subcommand of " + s.name + " is not a literal")
		return
	}
	r.subs = append(r.subs, base+i)
	r.subText = append(r.subText, w.Text)
	if sub == nil && s.OtherSpec != nil {
		sub = s.OtherSpec
	}
	if sub != nil {
		sub.ensure()
	}
	if sub == nil {
		e := s.OtherSubcommand
		if e == None || e == Unknown {
			r.unknown("no entry for " + s.name + " " + w.Text)
			return
		}
		r.use(e, w.Text, base+i, "")
		return
	}
	parse(sub, words[i+1:], base+i+1, r)
}

func placeOperands(s *Spec, words []Word, ops []int, base int, patternGiven, writeOps, delOps, readOps, intoGiven bool, r *Result) {
	toks := s.operands
	if patternGiven && len(toks) > 0 && (toks[0].effect == None || toks[0].code || toks[0].script) && !toks[0].rest {
		toks = toks[1:]
	}
	if intoGiven && len(toks) > 0 && toks[len(toks)-1].effect == Into && !toks[len(toks)-1].rest {
		// cp -t DIR SRC…: the directory is given, every operand is a
		// source.
		toks = toks[:len(toks)-1]
	}
	k := 0
	for ti, tok := range toks {
		if k >= len(ops) {
			break
		}
		n := 1
		if tok.rest {
			after := 0
			for _, t2 := range toks[ti+1:] {
				if !t2.opt && !t2.rest {
					after++
				}
			}
			n = len(ops) - k - after
			if n < 0 {
				n = 0
			}
		}
		for ; n > 0 && k < len(ops); n-- {
			i := ops[k]
			k++
			e := tok.effect
			if readOps && e == None {
				e = Read
			}
			if tok.slashPath && strings.Contains(words[i].Text, "/") {
				e = Read
			}
			if tok.url {
				if p, ok := strings.CutPrefix(words[i].Text, "file://"); ok {
					r.Uses = append(r.Uses, Use{Effect: e, Target: p, Index: -1})
					continue
				}
				if isURL(words[i].Text) || s.RemoteOperands && remoteWord(words[i].Text) {
					r.use(Network, words[i].Text, base+i, "")
					continue
				}
			}
			if tok.object {
				if c := strings.IndexByte(words[i].Text, ':'); c >= 0 && !strings.Contains(words[i].Text[:c], "/") {
					if p := words[i].Text[c+1:]; p != "" {
						r.Uses = append(r.Uses, Use{Effect: Read, Target: p, Index: -1})
					}
				}
				continue
			}
			if tok.moved || tok.edited || tok.script {
				r.use(Read, words[i].Text, base+i, "")
			}
			if e == Read && writeOps {
				r.use(Read, words[i].Text, base+i, "")
				e = Write
			}
			if delOps && (e == Read || e == None) {
				e = Delete
			}
			u := Use{Effect: e, Target: words[i].Text, Index: base + i}
			if tok.code {
				u.Lang = s.Lang
				if !words[i].Literal {
					r.unknown("the " + string(s.Lang) + " code is not a literal")
				}
			}
			r.Uses = append(r.Uses, u)
		}
	}
	if k < len(ops) {
		r.unknown("operand " + words[ops[k]].Text + " of " + s.name + " is not declared")
	}
}

// IsAssignment reports a NAME=value word: a shell variable name, then =.
func IsAssignment(s string) bool {
	i := strings.IndexByte(s, '=')
	if i <= 0 {
		return false
	}
	for j := 0; j < i; j++ {
		c := s[j]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || j > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

func joinWords(ws []Word) string {
	var b strings.Builder
	for i, w := range ws {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(w.Text)
	}
	return b.String()
}

// exact returns the first option declared with that name, or nil.
func (s *Spec) exact(name string) *opt {
	lo, hi := 0, len(s.byLong)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if s.opts[s.byLong[m]].name < name {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(s.byLong) && s.opts[s.byLong[lo]].name == name {
		return &s.opts[s.byLong[lo]]
	}
	return nil
}

// optionLike reports a word a yargs parser does not take for the value
// of the option before it (Spec.ValueNotOption): a dash and a letter, or
// two dashes and a name; a negative number, "-" and "--" are values.
func optionLike(w string) bool {
	if len(w) < 2 || w[0] != '-' {
		return false
	}
	if w[1] == '-' {
		return len(w) > 2
	}
	return !(w[1] >= '0' && w[1] <= '9' || w[1] == '.')
}

// singleDashName reports a word that is a declared single-dash name of
// several letters (mvn's -pl), or one and =VALUE, in an entry that also
// bundles short flags: the word is that option, not a bundle.
func (s *Spec) singleDashName(t string) bool {
	if len(t) < 3 || t[0] != '-' || t[1] == '-' {
		return false
	}
	name, _, _ := strings.Cut(t, "=")
	return len(name) > 2 && s.exact(name) != nil
}

// powerShell reports the grammar of a PowerShell cmdlet (LongDash and
// Fold): -Name words in any case, -Name:value.
func (s *Spec) powerShell() bool { return s.LongDash && s.Fold }

// slashOption finds the option a "/name" or "/name:x" word names, with
// x (Spec.Slash).
func (s *Spec) slashOption(t string) (*opt, string, bool) {
	if s.Fold {
		t = strings.ToLower(t)
	}
	if o := s.exact(t); o != nil {
		return o, "", true
	}
	name, val, ok := strings.Cut(t, ":")
	if !ok {
		return nil, "", false
	}
	if o := s.exact(name); o != nil {
		if o.value != '?' {
			val = ""
		}
		return o, val, true
	}
	return nil, "", false
}

// long finds a long option (or a single-dash long name), exactly or, when
// the entry allows it, by unique prefix.
func (s *Spec) long(name string) (*opt, string) {
	if s.Fold {
		name = strings.ToLower(name)
	}
	if o := s.exact(name); o != nil {
		return o, ""
	}
	if !s.Abbrev {
		return nil, "unknown option " + name + " of " + s.name
	}
	var prefix *opt
	ambiguous := false
	for i := range s.opts {
		o := &s.opts[i]
		if o.name == name {
			return o, ""
		}
		if s.Abbrev && (len(name) > 2 && strings.HasPrefix(name, "--") || s.powerShell() && len(name) > 1) && strings.HasPrefix(o.name, name) {
			if prefix != nil && prefix.canon != o.canon {
				ambiguous = true
			}
			prefix = o
		}
	}
	if ambiguous {
		return nil, "option " + name + " of " + s.name + " is ambiguous"
	}
	if prefix != nil {
		return prefix, ""
	}
	return nil, "unknown option " + name + " of " + s.name
}

// looseAbbrev finds the declared option a loose entry's undeclared long
// option abbreviates: the option when it is a prefix of one only (git
// clean --dry is --dry-run), nil and "" when it is a prefix of none (the
// entry's loose options are harmless), and nil with the reason when it is
// a prefix of several (the program refuses it).
func (s *Spec) looseAbbrev(name string) (*opt, string) {
	if !s.Abbrev || len(name) < 4 || !strings.HasPrefix(name, "--") {
		return nil, ""
	}
	var found *opt
	several := false
	for i := range s.opts {
		o := &s.opts[i]
		if !strings.HasPrefix(o.name, name) {
			continue
		}
		if found != nil && found.canon != o.canon {
			several = true
		}
		found = o
	}
	if several {
		// getopt_long and git refuse an ambiguous prefix.
		return nil, "option " + name + " of " + s.name + " could abbreviate several options"
	}
	return found, ""
}

func (s *Spec) short(c byte) *opt {
	if c >= 128 || s.byShort[c] == 0 {
		return nil
	}
	return &s.opts[s.byShort[c]-1]
}

func (s *Spec) hasPlus() bool { return s.plus }

// risky reports whether some option of the entry does more than read, so
// that a word whose value is unknown could turn it on.
func (s *Spec) risky() bool { return s.isRisky }

// readWith reports whether one of the entry's ReadWith words is among the
// options (in any spelling: --list, --list=x) or is the first operand.
func readWith(s *Spec, words []Word, ops []int) bool {
	return readWithWords(s.ReadWith, words, ops)
}

// readWithWords reports whether one of list's words is among the options
// (in any spelling: --list, --list=x) or is the first operand.
func readWithWords(list string, words []Word, ops []int) bool {
	if list == "" {
		return false
	}
	for f := range strings.FieldsSeq(list) {
		if len(ops) > 0 && words[ops[0]].Text == f {
			return true
		}
		for _, w := range words {
			if w.Text == "--" {
				break
			}
			name, _, _ := strings.Cut(w.Text, "=")
			if name == f {
				return true
			}
		}
	}
	return false
}

// isURL reports a word that starts with a URL scheme (s3://, https://).
// remoteWord reports a REMOTE:PATH word (Spec.RemoteOperands): its first
// colon comes before any slash, first (rclone's :s3:bucket) or after one
// character or more (scp x h: copies to the host h), but for a drive
// letter before a slash (C:\x and C:/x are Windows paths).
func remoteWord(w string) bool {
	i := strings.IndexByte(w, ':')
	if i < 0 || i == 1 && len(w) > 2 && (w[2] == '/' || w[2] == '\\') {
		return false
	}
	j := strings.IndexAny(w, "/\\")
	return j < 0 || i < j
}

func isURL(w string) bool {
	i := strings.Index(w, "://")
	if i <= 0 {
		return false
	}
	for j := 0; j < i; j++ {
		c := w[j]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || j > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.')) {
			return false
		}
	}
	return true
}

// fixedOperands is the number of operands a launcher takes before the
// command it runs (direnv exec DIR CMD: one).
func (s *Spec) fixedOperands() int {
	n := 0
	for _, o := range s.operands {
		if !o.rest && !o.opt {
			n++
		}
	}
	return n
}
