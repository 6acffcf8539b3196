package shell

import "github.com/wardenhq/warden/programs"

// What an awk program does is read by package internal/lang/awk; how
// gawk is told to sandbox it is its command line's.

// awkSandboxed reports a call parsed by an entry that declares a Sandbox
// option (gawk's --sandbox) and gives it, in any spelling the entry
// takes (-S, --sand, a bundle -bS), or as -W NAME, which gawk reads as
// --NAME (-W sandbox, -Wsa): the code's commands, redirections and
// extensions are then disabled.
func awkSandboxed(res *programs.Result) bool {
	s := res.Spec
	if s == nil || s.Sandbox == "" {
		return false
	}
	if res.Has(s.Sandbox) {
		return true
	}
	for _, v := range res.Values("-W") {
		if v == "" {
			continue
		}
		if w := programs.Parse(s, []programs.Word{{Text: "--" + v, Literal: true}}); w.Has(s.Sandbox) {
			return true
		}
	}
	return false
}
