// Package powershell reads the command line of PowerShell's hosts,
// powershell.exe and pwsh, the way they read it: which words are the host's
// own parameters and which are the code it runs (Host), and the base64 of
// -EncodedCommand (Decode); and that code as far as Warden follows it: its
// statements, which of them are piped into which (Split; SplitCmd for
// cmd.exe's command strings), their words (Words). The shell package
// judges each statement.
//
// The host's parameters are matched as CommandLineParameterParser does
// (PowerShell 7.4, src/Microsoft.PowerShell.ConsoleHost/host/msh/
// CommandLineParameterParser.cs; Windows PowerShell 5.1 takes the same
// names): a word starting with -, -- or / names the first parameter, in
// the host's order, whose name it begins and that is at least as long as
// the parameter's shortest spelling, in any case (-c and -Comman are
// -Command, -ex and -Exec are -ExecutionPolicy, -e is -EncodedCommand).
// -Command takes every word after it; the others that take a value take
// the next word.
package powershell

import (
	"encoding/base64"
	"strings"
	"unicode/utf16"
)

// Run is what a host's command line runs.
type Run struct {
	// Code is the PowerShell code the host runs: the words after
	// -Command joined by spaces, -EncodedCommand's value decoded, or the
	// words from the first one that is no parameter (powershell.exe runs
	// them as -Command; pwsh takes the first for a script, -File, and runs
	// it with the others as its arguments, which is what the code says).
	Code string
	// HasCode reports Code was given.
	HasCode bool
	// Encoded reports the code was -EncodedCommand's; BadEncoding that
	// its value is not base64 of UTF-16 text (the host refuses it).
	Encoded, BadEncoding bool
	// File reports -File: a script runs, its code not on the command line.
	File bool
	// Exits reports -Help (-?): the host prints its help and runs nothing.
	Exits bool
}

type kind uint8

const (
	flag    kind = iota // takes no value
	value               // takes the next word
	command             // -Command: the rest of the words
	encoded             // -EncodedCommand: the next word, base64
	file                // -File: a script and its arguments
	exits               // -Help: nothing runs
)

// params are the host's parameters in the order it tries them: a word
// names the first whose name it begins, at least as long as least.
var params = [...]struct {
	name, least string
	kind        kind
}{
	// pwsh -Version prints its version and exits; powershell.exe
	// -Version N starts that engine and runs the rest (-Version 2 -c …):
	// the value is passed over and the rest read.
	{"version", "v", value},
	{"help", "h", exits},
	{"?", "?", exits},
	{"login", "l", flag},
	{"noexit", "noe", flag},
	{"noprofile", "nop", flag},
	{"nologo", "nol", flag},
	{"noninteractive", "noni", flag},
	{"socketservermode", "so", flag},
	{"servermode", "s", flag},
	{"namedpipeservermode", "nam", flag},
	{"sshservermode", "sshs", flag},
	{"interactive", "i", flag},
	{"configurationname", "config", value},
	{"custompipename", "cus", value},
	{"command", "c", command},
	{"windowstyle", "w", value},
	{"file", "f", file},
	{"outputformat", "o", value},
	{"of", "o", value},
	{"inputformat", "inp", value},
	{"if", "if", value},
	{"executionpolicy", "ex", value},
	{"ep", "ep", value},
	{"encodedcommand", "e", encoded},
	{"ec", "e", encoded},
	{"encodedarguments", "encodeda", value},
	{"ea", "ea", value},
	{"settingsfile", "settings", value},
	{"sta", "sta", flag},
	{"mta", "mta", flag},
	{"workingdirectory", "wo", value},
	{"wd", "wd", value},
	{"psconsolefile", "psconsolefile", value}, // powershell.exe only
	{"removeworkingdirectorytrailingcharacter", "removeworkingdirectorytrailingcharacter", flag},
}

// param finds the parameter a switch word (without its - or /) names.
func param(key string) (kind, bool) {
	for _, p := range params {
		if len(key) >= len(p.least) && len(key) <= len(p.name) && strings.EqualFold(p.name[:len(key)], key) {
			return p.kind, true
		}
	}
	return flag, false
}

// Host reads a host's words (those after powershell or pwsh). A switch
// word it does not know is passed over, so that the code after it is
// still read (pwsh would take it for a script and fail, running nothing).
func Host(words []string) Run {
	for i := 0; i < len(words); i++ {
		w := strings.TrimSpace(words[i])
		if w == "" {
			continue
		}
		if w[0] != '-' && w[0] != '/' {
			return Run{Code: strings.Join(words[i:], " "), HasCode: true}
		}
		key := w[1:]
		if strings.HasPrefix(key, "-") {
			key = key[1:]
		}
		k, ok := param(key)
		if !ok {
			continue
		}
		switch k {
		case value:
			i++
		case command:
			return Run{Code: strings.Join(words[i+1:], " "), HasCode: i+1 < len(words)}
		case encoded:
			if i+1 >= len(words) {
				return Run{Encoded: true, BadEncoding: true}
			}
			code, ok := Decode(words[i+1])
			return Run{Code: code, HasCode: ok, Encoded: true, BadEncoding: !ok}
		case file:
			return Run{File: true}
		case exits:
			return Run{Exits: true}
		}
	}
	return Run{}
}

// Decode returns the text of an -EncodedCommand value: base64 of UTF-16LE.
func Decode(s string) (string, bool) {
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil || len(b)%2 != 0 {
		return "", false
	}
	u := make([]uint16, len(b)/2)
	for i := range u {
		u[i] = uint16(b[2*i]) | uint16(b[2*i+1])<<8
	}
	return string(utf16.Decode(u)), true
}
