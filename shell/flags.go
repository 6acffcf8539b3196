package shell

import "strings"

// Word readers left from before every option was read through the
// program's entry (shell/entry.go). They do not know a program's grammar:
// optValues and positional take option names or value lists by hand, and
// hasWord, hasWordFold and hasPrefixWord match words as written. Each use
// is a second parser of the command line and goes when its program's
// entry declares what it reads; no new use may be added. hasShortFlag,
// hasShortFlagStrict, hasLong, hasLongAbbrev and optValue are gone.

// hasWord reports whether any word equals one of ws.
func hasWord(args []arg, ws ...string) bool {
	for _, x := range args {
		for _, w := range ws {
			if x.Value == w {
				return true
			}
		}
	}
	return false
}

// hasWordFold is hasWord ignoring case.
func hasWordFold(args []arg, ws ...string) bool {
	for _, x := range args {
		for _, w := range ws {
			if strings.EqualFold(x.Value, w) {
				return true
			}
		}
	}
	return false
}

// hasPrefixWord reports whether a word starts with one of the prefixes.
func hasPrefixWord(args []arg, ps ...string) bool {
	for _, x := range args {
		for _, p := range ps {
			if strings.HasPrefix(x.Value, p) {
				return true
			}
		}
	}
	return false
}

// optValues returns every value of a repeatable option.
func optValues(args []arg, short, long string) []arg {
	var out []arg
	for i := 0; i < len(args); i++ {
		x := args[i]
		s := x.Value
		if s == "--" {
			break
		}
		switch {
		case long != "" && s == long && i+1 < len(args):
			out = append(out, args[i+1])
			i++
		case long != "" && strings.HasPrefix(s, long+"="):
			v := x
			v.Value = s[len(long)+1:]
			out = append(out, v)
		case short != "" && s == short && i+1 < len(args):
			out = append(out, args[i+1])
			i++
		case short != "" && len(s) > len(short) && strings.HasPrefix(s, short) && !strings.HasPrefix(s, "--"):
			v := x
			v.Value = s[len(short):]
			out = append(out, v)
		}
	}
	return out
}

// positional returns the operands: words that are not options, skipping
// the values of the options listed in withValue (short letters like "-o"
// and long names like "--output", space separated).
func positional(args []arg, withValue string) []arg {
	var out []arg
	for i := 0; i < len(args); i++ {
		s := args[i].Value
		if s == "--" {
			out = append(out, args[i+1:]...)
			break
		}
		if len(s) > 1 && s[0] == '-' && !args[i].Unbound {
			if inList(withValue, s) {
				i++
			}
			continue
		}
		out = append(out, args[i])
	}
	return out
}

// subcommand returns the first operand and the arguments after it,
// skipping global options that take a value.
func subcommand(args []arg, withValue string) (string, []arg) {
	for i := 0; i < len(args); i++ {
		s := args[i].Value
		if strings.HasPrefix(s, "-") {
			if !strings.Contains(s, "=") && inList(withValue, s) {
				i++
			}
			continue
		}
		return s, args[i+1:]
	}
	return "", nil
}

// inList reports whether s is one of the space-separated words of list,
// without allocating.
func inList(list, s string) bool {
	for len(list) > 0 {
		i := strings.IndexByte(list, ' ')
		w := list
		if i >= 0 {
			w, list = list[:i], list[i+1:]
		} else {
			list = ""
		}
		if w == s {
			return true
		}
	}
	return false
}

// helpFirst reports, for a program with no entry, a help or version option
// before "--" and before any operand other than leading subcommand words
// (helm uninstall --help): where it ends a program before it acts, on
// every platform's option parser.
func helpFirst(args []arg) bool {
	leading := true
	for i, x := range args {
		switch x.Value {
		case "--version", "-version":
			if i+1 < len(args) && !strings.HasPrefix(args[i+1].Value, "-") {
				// fastly service version activate --version 5: a
				// version number given as a value, not the query.
				return false
			}
			return true
		case "--help", "-help", "/?", "-?":
			return true
		case "--":
			return false
		}
		if strings.HasPrefix(x.Value, "-") {
			leading = false
			continue
		}
		if !leading || !subcommandWord(x.Value) {
			return false
		}
	}
	return false
}

// subcommandWord reports a word that reads as a subcommand name: lower-case
// letters, digits and dashes.
func subcommandWord(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == ':') {
			return false
		}
	}
	return true
}
