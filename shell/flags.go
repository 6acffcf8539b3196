package shell

import "strings"

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
