package checks

import (
	"path"
	"strings"

	"github.com/wardenhq/warden/danger"
	"github.com/wardenhq/warden/programs"
)

// checkControlProgram flags programs that write agent control files by
// their own means rather than through a path Warden sees: Warden's own
// grants and init, crontab, git config, systemctl --user enable, and the
// agents' config and MCP subcommands.
func ControlProgram(c Call) {
	ops := c.Args()
	tamper := func(what string) {
		c.Flag(danger.AgentConfigTamper, what+": only a person or an allow rule naming it may approve that")
	}
	prog := c.Program()
	if prog == "go" {
		// go run ./cmd/warden grants add …: Warden built and run on the spot.
		sub, rest := firstOperand(ops)
		pkg, args := firstOperand(rest)
		if sub != "run" || path.Base(strings.TrimSuffix(strings.TrimSuffix(pkg, "/"), "@latest")) != "warden" && !strings.Contains(pkg, "/warden@") {
			return
		}
		prog, ops = "warden", args
	}
	switch prog {
	case "warden":
		sub, rest := firstOperand(ops)
		switch sub {
		case "grants":
			if verb, _ := firstOperand(rest); verb != "list" && verb != "ls" && verb != "" && verb != "-h" && verb != "--help" && verb != "help" {
				tamper("warden grants " + verb + " changes what Warden approves")
			}
		case "init":
			tamper("warden init installs or rewrites an agent's hook")
		case "serve":
			// A daemon the agent starts hands the approver's token to the
			// agent: it could answer its own asks, or stand in for the
			// person's daemon on the address its hooks call.
			tamper("warden serve starts an approval daemon whose approver token the agent would hold")
		}
	case "crontab":
		if !c.Parse().Has("-l") {
			tamper("crontab changes the scheduled jobs")
		}
	case "git":
		if sub, _ := c.Sub(); sub == "config" && gitConfigWrites(c.Parse(), c.Operands()) {
			if key := gitConfigKey(c.Parse(), c.Operands()); key == "" || programs.GitConfigKeyRuns(key) {
				tamper("git config sets " + orUnknown(key) + ", which names a program git runs")
			}
		}
	case "launchctl":
		// launchctl load, bootstrap, unload, … of a plist that is an
		// agent control file (~/Library/LaunchAgents/…) installs or
		// removes what runs at login from it; the queries (list, print)
		// are the entry's read-only subcommands.
		if !c.HasEffect(programs.Config) {
			return
		}
		sub, _ := c.Sub()
		for _, x := range c.Operands() {
			if !x.Lit || x.Value == "" {
				continue
			}
			if p := c.ResolveText(x.Value); p != "" && c.Control(p) {
				tamper("launchctl " + sub + " acts on the agent control file " + p)
				return
			}
		}
	case "systemctl":
		// --user in any spelling and place (--us, after the verb), and
		// the verb, as the entry reads them.
		if c.Parse().Has("--user") {
			switch sub, _ := c.Sub(); sub {
			case "enable", "link", "edit", "preset", "preset-all", "set-environment", "import-environment", "add-wants", "add-requires", "revert", "mask", "unmask", "reenable":
				tamper("systemctl --user " + sub + " changes the user's services")
			}
		}
	default:
		// The agents' own CLIs: claude config set, claude mcp add, codex
		// mcp add, gemini mcp add, ...: the command and its verb are the
		// entry's subcommand words, then its operands (after global
		// options and their values); for a CLI with no entry, the first
		// two words that are no option.
		var words []string
		if res := c.Parse(); res.Spec != nil {
			for _, i := range res.SubIndexes() {
				if i < len(ops) {
					words = append(words, ops[i].Value)
				}
			}
			for _, x := range c.Operands() {
				words = append(words, x.Value)
			}
		} else {
			first, rest := firstOperand(ops)
			second, _ := firstOperand(rest)
			words = []string{first, second}
		}
		if len(words) >= 2 && words[0] != "" && words[1] != "" {
			sub, verb := words[0], words[1]
			switch {
			case sub == "config" && verb != "get" && verb != "list" && verb != "ls":
				tamper(c.Program() + " config " + verb + " changes the agent's configuration")
			case sub == "mcp" && (verb == "add" || verb == "add-json" || verb == "add-from-claude-desktop" || verb == "remove" || verb == "rm"):
				tamper(c.Program() + " mcp " + verb + " changes the agent's MCP servers")
			case sub == "hooks" && verb != "list" && verb != "ls":
				tamper(c.Program() + " hooks " + verb + " changes the agent's hooks")
			}
		}
	}
}

// firstOperand returns the first operand that is not an option, and the
// operands after it.
func firstOperand(ops []Word) (string, []Word) {
	for i, x := range ops {
		if !strings.HasPrefix(x.Value, "-") {
			return x.Value, ops[i+1:]
		}
	}
	return "", nil
}

// gitConfigWrites reports a git config call that changes a setting rather
// than reading one: res is the call read by its entry (every spelling of
// --get, --unset, -e, prefixes too), pos its operands, whose first may be
// the command of git 2.46 (get, list, set, unset, edit, …).
func gitConfigWrites(res *programs.Result, pos []Word) bool {
	first := ""
	if len(pos) > 0 {
		first = pos[0].Value
	}
	switch {
	case res.Has("--get", "--get-all", "--get-regexp", "--get-urlmatch", "--list", "-l", "--get-color", "--get-colorbool") || first == "get" || first == "list" ||
		res.Has("--show-origin") && len(pos) < 2:
		return false
	case res.Has("--unset", "--unset-all", "--add", "--replace-all", "-e", "--edit", "--rename-section", "--remove-section"),
		first == "set" || first == "unset" || first == "edit" || first == "rename-section" || first == "remove-section":
		return true
	}
	// git config NAME VALUE sets; git config NAME reads.
	return len(pos) >= 2
}

// gitConfigKey returns the key a git config call sets, lower case, or ""
// when it is not a literal (or the call edits the whole file).
func gitConfigKey(res *programs.Result, pos []Word) string {
	if res.Has("-e", "--edit") || len(pos) > 0 && pos[0].Value == "edit" {
		return ""
	}
	if len(pos) > 0 && (pos[0].Value == "set" || pos[0].Value == "unset") {
		pos = pos[1:]
	}
	if len(pos) == 0 || !pos[0].Lit {
		return ""
	}
	return strings.ToLower(pos[0].Value)
}

func orUnknown(s string) string {
	if s == "" {
		return "a key only known at run time"
	}
	return s
}
