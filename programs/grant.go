package programs

import (
	"strings"
	"sync"
	"sync/atomic"
)

// Grant is what an entry says about the allow rule a person is offered
// when they approve a call of the program (grant.SuggestBash). The zero
// value offers the program's name as a prefix: "pytest -x tests/" →
// Bash(pytest:*). The fields narrow that offer; none widens it.
type Grant struct {
	// Exact offers only the exact command, never a prefix: the program
	// runs whatever it is given (a shell, an interpreter's inline code, a
	// wrapper's command, a database shell's query, an editor's shell
	// escape), or every call of it is a decision of its own (rm, dd,
	// kill, curl).
	Exact bool
	// ExactWith lists words that make the offer exact wherever they
	// appear on the command line, space separated: "w" the word itself,
	// "w*" a word starting with w, "*w*" a word holding w. They are the
	// ways to make a program that otherwise runs only the project's code
	// run code the rule's author never saw: git -c core.pager=sh, make -f
	// or make SHELL=…, tar --to-command.
	ExactWith string
	// Script marks an interpreter: a script it is given is offered as a
	// prefix (node build.js → Bash(node build.js:*)), and so is a module
	// run with the Module option (python -m pytest → Bash(python -m
	// pytest:*)); inline code, any other option and a bare interpreter
	// (which reads its code from standard input) get the exact command.
	Script bool
	// Module is the option that names a module to run as the script
	// (python's -m).
	Module string
	// Depth is how many subcommand words the prefix keeps after the
	// program's name: git commit -m x → Bash(git commit:*) (1), gh pr
	// list → Bash(gh pr list:*) (2). A call that gives fewer, or an option
	// before them (git -C dir commit), gets the exact command.
	Depth int
	// Deeper lists the subcommands that take one word more, space
	// separated: npm run test → Bash(npm run test:*), docker compose up
	// → Bash(docker compose up:*).
	Deeper string
	// ExactSubs lists the words, in a subcommand's place, that get the
	// exact command, space separated: they run arbitrary code or do damage
	// (docker run, kubectl delete, terraform apply, pip install).
	ExactSubs string
	// Offers are examples, "COMMAND => RULE": the rule the command is
	// offered. The grant package's tests check each.
	Offers []string
}

// ExactWithin reports whether a word of args is one of the ExactWith
// words.
func (g *Grant) ExactWithin(args []string) bool {
	if g.ExactWith == "" {
		return false
	}
	return anyMatches(g.ExactWith, args)
}

// wordMatches matches a word pattern: "w" the word, "w*" a prefix, "*w"
// a suffix, "*w*" a word holding w.
func wordMatches(pat, w string) bool {
	switch {
	case len(pat) > 2 && pat[0] == '*' && pat[len(pat)-1] == '*':
		return strings.Contains(w, pat[1:len(pat)-1])
	case len(pat) > 1 && pat[len(pat)-1] == '*':
		return strings.HasPrefix(w, pat[:len(pat)-1])
	case len(pat) > 1 && pat[0] == '*':
		return strings.HasSuffix(w, pat[1:])
	}
	return w == pat
}

// Deepens reports whether sub is one of Deeper's subcommands.
func (g *Grant) Deepens(sub string) bool { return hasWord(g.Deeper, sub) }

// ExactSub reports whether the word in a subcommand's place is one of
// ExactSubs.
func (g *Grant) ExactSub(w string) bool { return hasWord(g.ExactSubs, w) }

func hasWord(list, w string) bool {
	for f := range strings.FieldsSeq(list) {
		if f == w {
			return true
		}
	}
	return false
}

// GrantOf returns what is declared about the allow rule offered for a
// program: its entry's Grant, or the row of a program Warden has no entry
// for (unlisted). A versioned name with no entry of its own (python3.12)
// is answered for the program it names (Versioned: python). ok is false when
// nothing is declared: the offer is then the name as a prefix.
func GrantOf(name string) (g Grant, ok bool) {
	for {
		if s := Lookup(name); s != nil {
			return s.Grant, !s.Grant.zero()
		}
		if u := unlistedRow(name); u != nil && !u.Grant.zero() {
			return u.Grant, true
		}
		if v := Versioned(name); v != "" {
			name = v // perl5.36 is perl, node18 node
			continue
		}
		return Grant{}, false
	}
}

func (g *Grant) zero() bool {
	return !g.Exact && g.ExactWith == "" && !g.Script && g.Module == "" && g.Depth == 0 && g.Deeper == "" && g.ExactSubs == ""
}

// Unlisted is a program Warden has no entry for yet, with what is known of
// it outside its grammar. When an entry is added for one of its names, the
// row moves into the entry (a test refuses a name in both).
type Unlisted struct {
	Names   []string
	Grant   Grant
	Talk    Talk
	Lasting Lasting
	Flow    Flow
	Code    Code
	// Options is the grammar of the program's own options, for the
	// programs read with Parse though they have no entry: the shells
	// (ShellOptions).
	Options *Spec
}

// unlistedRow returns the row of a program with no entry, or nil.
func unlistedRow(name string) *Unlisted {
	if unlistedLookups.Add(1) > unlistedScans {
		return unlistedByName()[name]
	}
	for i := range unlisted {
		for _, n := range unlisted[i].Names {
			if n == name {
				return &unlisted[i]
			}
		}
	}
	return nil
}

// The first lookups of a process scan the rows, which for the few
// programs of one command (a hook process) costs less than building a map;
// a process that keeps asking (the walk of a script, scan, serve) builds
// the map once: there the scan of every row's names cost more than the
// rest of the question.
const unlistedScans = 64

var unlistedLookups atomic.Int32

// unlistedByName maps each name of the programs with no entry to its row.
var unlistedByName = sync.OnceValue(func() map[string]*Unlisted {
	m := make(map[string]*Unlisted, 2*len(unlisted))
	for i := range unlisted {
		for _, n := range unlisted[i].Names {
			m[n] = &unlisted[i]
		}
	}
	return m
})

// UnlistedPrograms returns the rows of programs with no entry.
func UnlistedPrograms() []Unlisted { return unlisted }
