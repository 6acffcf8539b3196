package shell

import (
	"strings"

	"github.com/wardenhq/warden/checks"
	"github.com/wardenhq/warden/programs"
)

// execProgram returns the program a find -exec runs, past the wrappers in
// front of it (env, command, busybox, nice, timeout, sudo, xargs...),
// their options, env's assignments and timeout's duration: find -exec env
// rm -rf {} + deletes as find -exec rm -rf {} + does, and so does find
// -exec xargs rm {} +, which gives rm the names find hands it before any
// words of its input.
func execProgram(ex []checks.Word) string {
	chain := execChain(ex)
	return ex[chain[len(chain)-1]].Value
}

// execChain returns the indexes in ex of the words that name what runs:
// each wrapper, then the program it runs (the last), or only ex[0] when
// the wrappers run no command.
func execChain(ex []checks.Word) []int {
	chain := []int{0}
	i := 0
	for i < len(ex) {
		k := key(programName(ex[i].Value))
		if !isWrapper(k) {
			break
		}
		if spec := programs.Lookup(k); spec != nil {
			// The wrapper's entry says where its command starts (nice -n 5
			// rm, env -u X rm: the 5 and the X are the wrapper's).
			words := make([]programs.Word, 0, len(ex)-i-1)
			for _, x := range ex[i+1:] {
				words = append(words, programs.Word{Text: x.Value, Literal: x.Lit})
			}
			res := programs.Parse(spec, words)
			switch {
			case res.Command > 0:
				i += res.Command
			case len(res.OperandIndexes) > 0:
				i += 1 + res.OperandIndexes[0]
				for i < len(ex) && programs.IsAssignment(ex[i].Value) {
					i++ // env NAME=VALUE CMD
				}
			default:
				i = len(ex)
			}
		} else {
			i++
			for i < len(ex) && (strings.HasPrefix(ex[i].Value, "-") || programs.IsAssignment(ex[i].Value)) {
				i++
			}
		}
		if i >= len(ex) {
			return chain[:1]
		}
		chain = append(chain, i)
	}
	return chain
}
