package programs

import (
	"strings"

	"github.com/wardenhq/warden/danger"
)

// Warden's own command (cmd/warden, read): warden COMMAND [FLAGS] [ARGS],
// each command parsing its flags with Go's flag package (-name and
// --name alike, -name=value or apart, no bundles, flags stop at the first
// operand). Listing, explaining and scanning read; adding grants or
// approvers and installing hooks change what Warden approves (the agent
// control check judges them); run runs the command it is given, and
// run --force runs it without Warden's checks.

var _ = family("warden", func(add func(...*Spec)) {
	// goFlags declares each flag under both spellings the flag package
	// takes: "json cwd=" is "-json|--json -cwd|--cwd=".
	goFlags := func(flags string) string {
		var out []string
		for _, f := range strings.Fields(flags) {
			name, mod := f, ""
			if i := strings.IndexAny(f, "=:"); i >= 0 {
				name, mod = f[:i], f[i:]
			}
			out = append(out, "-"+name+"|--"+name+mod)
		}
		return strings.Join(out, " ") + " -h|-help|--help:h"
	}
	reads := func(operands, flags string) *Spec {
		return &Spec{LongDash: true, Operands: operands, Options: goFlags(flags)}
	}
	does := func(e Effect) *Spec {
		return &Spec{Effect: e, LongDash: true, Loose: true, Operands: "-*", Options: goFlags("")}
	}
	run := &Spec{Effect: Exec, LongDash: true, Operands: "-*", Options: goFlags("c=x json gateway force container"),
		Raises: []Raise{{Kind: danger.AgentConfigTamper, With: "--force", Why: "{prog} run --force runs the command without Warden's checks",
			Flagged: []string{"warden run --force rm -rf build", "warden run -force -c 'rm -rf build'", "/usr/local/bin/warden run --force ls", "sudo warden run -force ls"},
			Passes:  []string{"warden run ls", "warden run -c 'ls -l'", "warden run --json make test", "warden run ls --force"}}}}
	add(&Spec{Names: n("warden"), Grant: Grant{Exact: true, Offers: []string{"warden scan => Bash(warden scan)"}}, LongDash: true, OtherSubcommand: Unknown,
		Options: "-h|-help|--help:h -version|--version:h",
		Subcommands: subs("help", reads("-?", ""), "version", reads("", ""),
			"audit", reads("", "since= behavior= tool= session= json stats file=r cwd= server=n token-file=r limit="),
			"explain", reads("-*", "json cwd= settings=r"), "scan", reads("", "jsonl cwd="), "completion", reads("-", ""),
			"grants", &Spec{LongDash: true, Options: goFlags(""), OtherSubcommand: Unknown,
				Subcommands: subs("list", reads("", "json cwd= session="), "add", does(Config), "revoke", does(Config), "help", reads("", ""))},
			"approvers", &Spec{LongDash: true, Options: goFlags(""), OtherSubcommand: Unknown, Subcommands: subs("add", does(Config), "remove", does(Config), "list", does(Unknown))},
			"init", does(Config), "serve", does(Exec), "run", run, "mcp", does(Exec), "hook", does(Unknown), "check", does(Unknown), "doctor", does(Unknown),
			"ask", does(Unknown), "test", does(Unknown)),
		ReadOnly: []string{"warden --version", "warden version", "warden help", "warden explain 'rm -rf /'", "warden explain -json git status", "warden scan", "warden scan --jsonl",
			"warden audit", "warden audit -since 24h --json", "warden grants list", "warden grants list -json", "warden completion bash"},
		Flagged: []string{"warden grants add 'Bash(git push:*)'", "warden init claude", "warden serve", "warden run make", "warden audit --server http://x.example",
			"warden mcp proxy -- npx server"}})
})
