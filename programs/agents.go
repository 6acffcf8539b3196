package programs

import (
	"strings"

	"github.com/wardenhq/warden/danger"
)

// The coding agents' own CLIs. Starting an agent (a prompt, or none: an
// interactive session) hands it the machine: whatever it decides to run
// runs, so the call is Exec. The options that turn its approvals or its
// sandbox off (claude --dangerously-skip-permissions, codex --yolo,
// gemini -y) are declared with every spelling; the subcommands that change the agent's
// configuration (mcp add, config set) are Config, and those that only
// print are read-only. Listing MCP servers is not: claude and gemini
// start each configured server to report its health.
//
// Each entry declares, as its Raises, the options (and the values of
// options) that turn the agent's approvals or sandbox off: the shell
// package judges them with no knowledge of its own, in every spelling
// the entry's grammar reads.

// guarded gives the entry and each of its subcommands the raises whose
// options it or a parent declares: an option given before the subcommand
// (codex --yolo exec x) counts as one given after it.
func guarded(s *Spec, r ...Raise) *Spec {
	var walk func(x *Spec, opts string, depth int)
	walk = func(x *Spec, opts string, depth int) {
		opts += " " + x.Options
		if len(x.Raises) == 0 {
			for _, ri := range r {
				if declaresAll(opts, ri.With) {
					x.Raises = append(x.Raises, ri)
				}
			}
		}
		if depth < 4 {
			for _, sub := range x.Subcommands {
				walk(sub, opts, depth+1)
			}
		}
	}
	walk(s, "", 0)
	return s
}

// declaresAll reports whether the Options grammar opts declares every
// option a With list names.
func declaresAll(opts, with string) bool {
	for f := range strings.FieldsSeq(with) {
		name, _, _ := strings.Cut(f, "=")
		if !declares(opts, name) {
			return false
		}
	}
	return true
}

// declares reports whether the Options grammar opts declares the option
// name under one of its spellings. It runs for every raise of every agent
// entry and subcommand when the family is built: it looks for name in the
// text and checks that it is a whole spelling (a field's start or after
// "|", before its end, "|" or its modifiers).
func declares(opts, name string) bool {
	if name == "" || strings.ContainsAny(name, " \t\n\v\f\r|=?:") {
		return declaresField(opts, name)
	}
	for from := 0; ; {
		i := strings.Index(opts[from:], name)
		if i < 0 {
			return false
		}
		i += from
		end := i + len(name)
		from = i + 1
		start := strings.LastIndexAny(opts[:i], " \t\n\v\f\r") + 1
		if !isASCII(opts[start:min(end+1, len(opts))]) {
			// Fields also ends at a space past ASCII.
			return declaresField(opts, name)
		}
		if end < len(opts) && !strings.ContainsRune(" \t\n\v\f\r|=?:", rune(opts[end])) {
			continue
		}
		// No modifier between the field's start and the name.
		if i > start && opts[i-1] != '|' || strings.ContainsAny(opts[start:i], "=?:") {
			continue
		}
		return true
	}
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// declaresField is declares field by field, for a name the text search
// cannot find alone.
func declaresField(opts, name string) bool {
	for o := range strings.FieldsSeq(opts) {
		if i := strings.IndexAny(o, "=?:"); i >= 0 {
			o = o[:i]
		}
		for sp := range strings.SplitSeq(o, "|") {
			if sp == name {
				return true
			}
		}
	}
	return false
}

// unguarded is the danger of options that turn an agent's approvals off,
// approvalsSet that of an option's values that do.
func unguarded(with string, flagged []string, passes ...string) Raise {
	return Raise{Kind: danger.AgentConfigTamper, With: with, Why: "launches {prog} with its approvals turned off ({opt})", Flagged: flagged, Passes: passes}
}

func approvalsSet(with string, flagged []string, passes ...string) Raise {
	return Raise{Kind: danger.AgentConfigTamper, With: with, Why: "launches {prog} with approvals set to {value}", Flagged: flagged, Passes: passes}
}

var _ = family("agents", func(add func(...*Spec)) {
	// claude 2.1.197 (Claude Code, commander; --help observed): options
	// anywhere, --opt=value or apart, short flags bundle (-cv), no
	// prefixes; the first operand is the prompt unless it names a
	// subcommand.
	const claudeOpts = "-p|--print -c|--continue -r|--resume? -d|--debug? --debug-file=w --verbose --bare --brief --chrome --no-chrome --ide --safe-mode " +
		"--dangerously-skip-permissions --allow-dangerously-skip-permissions --permission-mode= --permission-prompt-tool= " +
		"--allowedTools|--allowed-tools= --disallowedTools|--disallowed-tools= --tools= --add-dir= --agent= --agents= --append-system-prompt= " +
		"--append-system-prompt-file=r --system-prompt= --system-prompt-file=r --betas= --effort= --exclude-dynamic-system-prompt-sections --fallback-model= " +
		"--file= --fork-session --from-pr? --include-hook-events --include-partial-messages --input-format= --json-schema= --max-budget-usd= --max-turns= " +
		"--mcp-config= --strict-mcp-config --model= -n|--name= --no-session-persistence --output-format= --plugin-dir=l --plugin-url=n --prompt-suggestions? " +
		"--remote-control? --remote-control-session-name-prefix= --replay-user-messages --session-id= --setting-sources= --settings= --tmux? " +
		"-w|--worktree? --bg|--background --ax-screen-reader --disable-slash-commands -v|--version:h -h|--help:h"
	claudeDoes := func(e Effect) *Spec {
		return &Spec{Effect: e, Permute: true, Loose: true, Operands: "-*", Options: "-h|--help:h"}
	}
	claudeReads := &Spec{Permute: true, Operands: "-*", Options: "-h|--help:h"}
	// codex 0.171.0 (clap; --help observed): short flags bundle, no
	// prefixes (--yol is refused), options anywhere; --yolo is a hidden
	// alias of --dangerously-bypass-approvals-and-sandbox. exec and
	// review take the same options and their own.
	const codexOpts = "-c|--config= --enable= --disable= --remote=n --remote-auth-token-env= --strict-config -i|--image=r -m|--model= --oss --local-provider= " +
		"-p|--profile= -s|--sandbox= --approve-for-me --dangerously-bypass-approvals-and-sandbox|--yolo --full-auto --dangerously-bypass-hook-trust -C|--cd= --worktree " +
		"--add-dir= -a|--ask-for-approval= --search --no-alt-screen --no-daemon -h|--help:h -V|--version:h"
	codexRuns := &Spec{Effect: Exec, Permute: true, Operands: "-*", Options: codexOpts + " --thread-source= --cyber-access-program= --skip-git-repo-check --trust " +
		"--ephemeral --ignore-user-config --ignore-rules --output-schema=r --color= --json -o|--output-last-message=w --last --all"}
	codexDoes := func(e Effect) *Spec {
		return &Spec{Effect: e, Permute: true, Loose: true, Operands: "-*", Options: "-h|--help:h -c|--config="}
	}
	codexReads := &Spec{Permute: true, Operands: "-*", Options: "-h|--help:h --json"}
	// gemini 0.61.0 (yargs; --help observed) and qwen (Qwen Code, a fork
	// of it): options anywhere, --opt=value or apart, camelCase spellings
	// of the long options (--approvalMode=yolo, observed), short flags
	// bundle. yargs 17.7.3 (yargs-parser 21.1.1, tried here with gemini's
	// -p and -y) takes no word that looks like an option for a value:
	// -p -y and --prompt --yolo give the prompt "" and set --yolo, while
	// -p -5 and --prompt=-y take the value.
	const geminiOpts = "-d|--debug -m|--model= -p|--prompt= -i|--prompt-interactive|--promptInteractive= --skip-trust|--skipTrust -w|--worktree= -s|--sandbox " +
		"--sandbox-image|--sandboxImage= -y|--yolo --approval-mode|--approvalMode= --policy= --admin-policy|--adminPolicy= --acp --experimental-acp|--experimentalAcp " +
		"--allowed-mcp-server-names|--allowedMcpServerNames= --allowed-tools|--allowedTools= -e|--extensions= -l|--list-extensions|--listExtensions " +
		"-r|--resume= --session-file|--sessionFile=r --session-id|--sessionId= --list-sessions|--listSessions --delete-session|--deleteSession= " +
		"--include-directories|--includeDirectories= --screen-reader|--screenReader -o|--output-format|--outputFormat= --raw-output|--rawOutput " +
		"--accept-raw-output-risk|--acceptRawOutputRisk -a|--all-files|--allFiles --checkpointing --openai-api-key= --openai-base-url=n --auth-type= " +
		"-v|--version:h -h|--help:h"
	geminiDoes := func(e Effect) *Spec {
		return &Spec{Effect: e, Permute: true, Loose: true, Operands: "-*", Options: "-h|--help:h"}
	}
	geminiReads := &Spec{Permute: true, Operands: "-*", Options: "-h|--help:h"}
	geminiSubs := func() map[string]*Spec {
		ext := &Spec{Options: "-h|--help:h", OtherSubcommand: Config, Subcommands: subs("list", geminiReads)}
		return subs("mcp", &Spec{Options: "-h|--help:h", OtherSubcommand: Config, Subcommands: subs("list", geminiDoes(Exec))},
			"extensions", ext, "extension", ext, "skills", geminiDoes(Config), "skill", geminiDoes(Config), "hooks", geminiDoes(Config), "hook", geminiDoes(Config),
			"gemma", geminiDoes(Config))
	}
	// copilot 1.0.102 (GitHub Copilot CLI, clap; --help and refusals
	// observed): short flags bundle (-sv), --opt=value or apart, no
	// prefixes (--allow-al is refused). --allow-all-tools, --allow-all
	// and --yolo run every tool without asking.
	const copilotOpts = "-v|--version:h -h|--help:h -i|--interactive= --fleet -p|--prompt= --trust-folder -s|--silent --disable-client-telemetry --enable-memory " +
		"--model= --reasoning-effort= --context= --auto-tier= --agent= -r|--resume? --continue -n|--name= --session-id= --connect? " +
		"--allow-all-tools --allow-all-paths --disallow-temp-dir --banner --screen-reader --plain-diff -C= --log-dir= --extension-sdk-path= --log-level= " +
		"--stream= --output-format= --share? --share-gist --add-dir= --attachment=r --disable-mcp-server= --disable-builtin-mcps --enable-all-github-mcp-tools " +
		"--add-github-mcp-toolset= --add-github-mcp-tool= --plugin-dir=l --additional-mcp-config= --mcp-github-auth= --allow-all-mcp-server-instructions " +
		"--allow-tool= --deny-tool= --available-tools= --excluded-tools= --secret-env-vars= --allow-url= --deny-url= --allow-all-urls --allow-all --yolo " +
		"--max-autopilot-continues= --mode= --autopilot --plan --experimental --bash-env? --mouse? --acp --remote --remote-export --environment-host= " +
		"--environment-compute-id= --dynamic-retrieval= --enable-mcp-server= --max-ai-credits= --assisted-approval --usage-output-file=w --no-custom-instructions " +
		"--no-auto-update --no-ask-user --no-color --no-experimental --no-bash-env --no-mouse --no-remote --no-remote-export --no-eager-powershell-resolution"
	agentDoes := func(e Effect) *Spec {
		return &Spec{Effect: e, Permute: true, Loose: true, Operands: "-*", Options: "-h|--help:h"}
	}
	agentReads := func() *Spec { return &Spec{Permute: true, Operands: "-*", Options: "-h|--help:h"} }
	// amp 0.0.1790142911 (Amp CLI, commander; --help and refusals
	// observed): options anywhere, also after the subcommand, no prefixes
	// (--dangerously-allow-al is refused); the hidden
	// --dangerously-allow-all turns every confirmation off.
	const ampOpts = "-V|--version:h -v:h -h|--help:h --visibility= --notifications --no-notifications --color --no-color --settings-file=r --log-level= --log-file=w " +
		"--ide --no-ide --mcp-config= -m|--mode= --features= --fast --executor= --runner-dir= --no-tui --amp-env --remote-control-terminal --no-remote-control-terminal " +
		"-x|--execute? --attach=r --project? --orb-size= --title= --stream-json --stream-json-thinking --stream-json-input --plugin-ready-timeout? " +
		"--no-archive-after-execute -l|--label= --dangerously-allow-all"
	ampDoes := func(e Effect) *Spec {
		return &Spec{Effect: e, Permute: true, Loose: true, Operands: "-*", Options: ampOpts}
	}
	// aider (configargparse over argparse; aider/args.py read): options
	// anywhere, --opt=value or apart, unique prefixes of long options
	// accepted (--yes for --yes-always); the operands are files to edit.
	// Only the options that matter here are declared, the many others
	// taken as they come.
	const aiderOpts = "-h|--help:h --version:h --yes-always -m|--message|--msg= -f|--message-file=r -c|--config=r --model= --file= --read=r --env-file=r " +
		"--test-cmd= --lint-cmd= --auto-test --no-auto-test --commit --dry-run --no-dry-run -v|--verbose --apply=r --edit-format|--chat-mode= --weak-model= " +
		"--openai-api-key= --anthropic-api-key= --openai-api-base=n --input-history-file=w --chat-history-file=w --llm-history-file=w"
	// opencode 1.18.33 (yargs; --help of it and of run observed): options
	// anywhere, --opt=value or apart, short flags bundle; the first
	// operand is a project directory unless it names a subcommand.
	// --auto approves every permission not explicitly denied.
	const opencodeOpts = "-h|--help:h -v|--version:h --print-logs --log-level= --pure --port= --hostname= --mdns --mdns-domain= --cors= -m|--model= -c|--continue " +
		"-s|--session= --fork --prompt= --agent= --auto --mini --no-replay --replay-limit="
	opencodeRun := &Spec{Effect: Exec, Permute: true, Operands: "-*", Options: opencodeOpts + " --command= --share --format= -f|--file=r --title= --attach=n " +
		"-p|--password= -u|--username= --dir= --variant= --thinking -i|--interactive"}
	// cursor-agent (Cursor CLI, commander; its reference read, not run
	// here: the installer is not reachable): -f|--force, and --yolo its
	// alias, let every command run unless denied.
	const cursorOpts = "-v|--version:h -h|--help:h --api-key= -H|--header= -p|--print --output-format= --stream-partial-output -c|--cloud --resume? --continue " +
		"-n|--name= --model= --mode= --plan --list-models -w|--worktree? --worktree-base= --skip-worktree-setup --sandbox= --trust --approve-mcps " +
		"-f|--force|--yolo --workspace="
	// crush (charmbracelet/crush internal/cmd at 37f36e938 read; cobra:
	// short flags bundle, no prefixes): -y|--yolo accepts every
	// permission. --yolo is the root command's own flag.
	const crushOpts = "-h|--help:h -c|--cwd= -D|--data-dir= -d|--debug -H|--host= --channels="
	crushDoes := func(e Effect) *Spec {
		return &Spec{Effect: e, Permute: true, Loose: true, Operands: "-*", Options: crushOpts}
	}
	crushRun := &Spec{Effect: Exec, Permute: true, Operands: "-*", Options: crushOpts + " -y|--yolo -q|--quiet -v|--verbose -m|--model= --small-model= -s|--session= -C|--continue"}
	// q (Amazon Q Developer CLI, clap; its command reference read, not
	// run here): q chat --trust-all-tools runs every tool without asking.
	// kiro-cli is its successor with the same chat options (the Kiro CLI
	// headless and permissions pages read).
	const qOpts = "-v|--verbose -h|--help:h -V|--version:h --help-all:h"
	qChat := &Spec{Effect: Exec, Permute: true, Operands: "-*", Options: qOpts + " --no-interactive -r|--resume --agent= --trust-all-tools --trust-tools="}
	qDoes := func(e Effect) *Spec {
		return &Spec{Effect: e, Permute: true, Loose: true, Operands: "-*", Options: qOpts}
	}
	// droid (Factory CLI, commander; its reference and droid exec --help
	// excerpt read, not run here): exec --auto low|medium|high raises the
	// autonomy, --skip-permissions-unsafe drops every check. The root's
	// options are not documented beyond these; they are declared on it too.
	const droidOpts = "-h|--help:h --version:h --auto= --skip-permissions-unsafe"
	droidExec := &Spec{Effect: Exec, Permute: true, Operands: "-*", Options: droidOpts + " -o|--output-format= --input-format= -f|--file=r -s|--session-id= " +
		"-m|--model= -r|--reasoning-effort= --cwd="}
	// auggie 0.36.0 (Augment CLI, npm @augmentcode/auggie; --help observed): --permission
	// tool:allow lets a tool run without asking. Only the options that
	// matter here are declared, the others taken as they come.
	const auggieOpts = "-h|--help:h -v|--version:h -i|--instruction= -p|--print -q|--quiet --output-format= -a|--ask -m|--model= -w|--workspace-root= " +
		"-c|--continue -r|--resume? --permission= --remove-tool= --mcp-config= --rules=r --startup-script= --startup-script-file=r"
	// cline 3.0.65 (Cline CLI, npm cline; commander, --help and refusals
	// observed, its bundle read): options anywhere before a subcommand,
	// --opt=value or apart, short flags bundle (-pV), no prefixes
	// (--auto-appr is refused). The hidden -y|--yolo turns every approval
	// off, and --auto-approve true approves every tool (true is also its
	// default for a prompt run: the bare call is Exec either way).
	const clineOpts = "-V|--version:h -h|--help:h -p|--plan --json --auto-approve= -c|--cwd= --thinking= --compaction= -i|--tui --id= -P|--provider= -k|--key= " +
		"-m|--model= -s|--system= -z|--zen --retries= -t|--timeout= --acp --config= --data-dir= --hooks-dir= --worktree --update --kanban -v|--verbose " +
		"-a|--act -y|--yolo --team-name="
	// hermes (Hermes Agent, NousResearch/hermes-agent hermes_cli/_parser.py
	// read at 00b7f16b; argparse: unique prefixes of long options, the
	// top-level options before the command, chat's after it): --yolo
	// bypasses every approval prompt, and -z|--oneshot PROMPT runs a
	// prompt with approvals auto-bypassed. chat is also the default.
	const hermesOpts = "-V|--version:h -h|--help:h -m|--model= --provider= --reasoning= -t|--toolsets= -r|--resume= --no-restore-cwd --in= -c|--continue? " +
		"-w|--worktree --accept-hooks -s|--skills= --yolo --pass-session-id --ignore-user-config --ignore-rules --safe-mode --tui --cli --dev"
	hermesChat := &Spec{Effect: Exec, Abbrev: true, Permute: true, Operands: "-*",
		Options: hermesOpts + " -q|--query= --query-file=r --oneshot --image=r -v|--verbose -Q|--quiet --format= --create-if-missing --checkpoints --max-turns= --run-budget= --source=",
		Raises:  []Raise{unguarded("--yolo", []string{"hermes chat --yolo", "hermes chat -q x --yolo", "hermes chat --yol -q x"}, "hermes chat -q 'use --yolo'", "hermes chat --oneshot -q x")}}
	hermesDoes := func(e Effect) *Spec {
		return &Spec{Effect: e, Abbrev: true, Permute: true, Loose: true, Operands: "-*", Options: "-h|--help:h"}
	}
	add(
		guarded(&Spec{Names: n("cline"), Grant: Grant{Exact: true, Offers: []string{"cline x => Bash(cline x)"}}, Effect: Exec, Permute: true, OwnOperands: true, Operands: "-*",
			Options: clineOpts, OtherSubcommand: Unknown,
			Subcommands: subs("version", agentReads(), "auth", agentDoes(Config), "plugin", agentDoes(Config), "skill", agentDoes(Config), "mcp", agentDoes(Config),
				"schedule", agentDoes(Config), "hub", agentDoes(Exec), "update", agentDoes(Config), "doctor", agentDoes(Config), "connect", agentDoes(Network),
				"dashboard", agentDoes(Exec), "kanban", agentDoes(Exec), "hook", agentDoes(Exec), "history", agentDoes(Unknown), "h", agentDoes(Unknown), "config", agentDoes(Unknown)),
			ReadOnly: []string{"cline --version", "cline -V", "cline --help", "cline version"},
			Flagged:  []string{"cline", "cline 'fix the tests'", "cline -y 'fix it'", "cline --auto-approve false 'fix it'", "cline mcp add x"}},
			[]Raise{unguarded("--yolo", []string{"cline --yolo 'fix it'", "cline -y 'fix it'", "cline 'fix it' --yolo", "cline -py x", "/usr/local/bin/cline --yolo x", "sudo cline -y x"},
				"cline 'use --yolo'", "cline --plan x", "cline --version --yolo"),
				approvalsSet("--auto-approve=true", []string{"cline --auto-approve true x", "cline --auto-approve=TRUE x", "command cline x --auto-approve true"},
					"cline --auto-approve false x", "cline 'use --auto-approve true'")}...),
		guarded(&Spec{Names: n("hermes"), Grant: Grant{Exact: true, Offers: []string{"hermes chat -q x => Bash(hermes chat -q x)"}}, Effect: Exec, Abbrev: true, Options: hermesOpts + " -z|--oneshot= --usage-file=w",
			OtherSubcommand: Unknown,
			Subcommands: subs("chat", hermesChat, "setup", hermesDoes(Config), "config", hermesDoes(Config), "auth", hermesDoes(Config), "login", hermesDoes(Config),
				"logout", hermesDoes(Config), "model", hermesDoes(Config), "fallback", hermesDoes(Config), "update", hermesDoes(Config), "gateway", hermesDoes(Exec),
				"cron", hermesDoes(Config), "dashboard", hermesDoes(Exec)),
			ReadOnly: []string{"hermes --version", "hermes -V", "hermes --help"},
			Flagged:  []string{"hermes", "hermes chat -q 'fix it'", "hermes --yolo", "hermes -z 'fix it'", "hermes config set model x"}},
			[]Raise{unguarded("--yolo --oneshot", []string{"hermes --yolo", "hermes --yol", "hermes -z 'fix it'", "hermes --oneshot='fix it'", "hermes --one 'fix it'", "hermes --yolo chat -q x",
				"/usr/local/bin/hermes --yolo", "sudo hermes --yolo", "env hermes -z x"},
				"hermes chat -q x", "hermes --version --yolo", "hermes -m x chat -q 'use --yolo'")}...),
		guarded(&Spec{Names: n("auggie"), Grant: Grant{Exact: true, Offers: []string{"auggie -p x => Bash(auggie -p x)"}}, Effect: Exec, Permute: true, OwnOperands: true, Operands: "-*",
			Loose: true, Options: auggieOpts,
			ReadOnly: []string{"auggie --version", "auggie --help"},
			Flagged:  []string{"auggie", "auggie -p 'fix it'", "auggie --permission launch-process:allow -p x", "auggie -p x --permission=launch-process:allow"}},
			[]Raise{{Kind: danger.AgentConfigTamper, With: "--permission=*:allow", Why: "launches {prog} letting a tool run without asking ({value})",
				Flagged: []string{"auggie -p x --permission launch-process:allow", "auggie --permission=launch-process:allow -p x", "/usr/local/bin/auggie -p x --permission launch-process:allow", "sudo auggie --permission save-file:allow"},
				Passes:  []string{"auggie -p x --permission launch-process:deny", "auggie -p 'use --permission launch-process:allow'", "auggie --help --permission x:allow"}}}...),
		guarded(&Spec{Names: n("q", "kiro-cli"), Grant: Grant{Exact: true, Offers: []string{"q chat x => Bash(q chat x)"}}, Effect: Exec, Permute: true, OwnOperands: true, Operands: "-*",
			Options: qOpts, OtherSubcommand: Unknown,
			Subcommands: subs("chat", qChat, "translate", qDoes(Network), "login", qDoes(Config), "logout", qDoes(Config), "settings", qDoes(Config), "mcp", qDoes(Config),
				"doctor", qDoes(Unknown), "update", qDoes(Config)),
			ReadOnly: []string{"q --version", "q -V", "q --help"},
			Flagged: []string{"q chat", "q chat 'fix it'", "q chat --trust-all-tools x", "q chat --no-interactive --trust-all-tools x", "q chat x --trust-all-tools", "q -v chat --trust-all-tools",
				"kiro-cli chat --no-interactive --trust-all-tools x"}},
			[]Raise{unguarded("--trust-all-tools", []string{"q chat --trust-all-tools", "q chat --no-interactive x --trust-all-tools", "kiro-cli chat x --trust-all-tools", "command q chat --trust-all-tools x", "sudo kiro-cli chat --trust-all-tools"},
				"q chat 'use --trust-all-tools'", "q chat --trust-tools=fs_read x", "kiro-cli chat -- --trust-all-tools")}...),
		guarded(&Spec{Names: n("droid"), Grant: Grant{Exact: true, Offers: []string{"droid exec x => Bash(droid exec x)"}}, Effect: Exec, Permute: true, OwnOperands: true, Operands: "-*",
			Options: droidOpts, Subcommands: subs("exec", droidExec, "mcp", agentDoes(Config)),
			ReadOnly: []string{"droid --version", "droid --help"},
			Flagged:  []string{"droid", "droid exec 'fix it'", "droid exec --auto high x", "droid exec --auto=high x", "droid exec x --skip-permissions-unsafe", "droid --skip-permissions-unsafe"}},
			[]Raise{unguarded("--skip-permissions-unsafe", []string{"droid exec --skip-permissions-unsafe x", "env droid exec --skip-permissions-unsafe x", "droid --skip-permissions-unsafe exec x", "sudo droid exec --skip-permissions-unsafe x"},
				"droid exec 'use --skip-permissions-unsafe'", "droid exec --auto low x"),
				approvalsSet("--auto=high --auto=medium", []string{"droid exec --auto high x", "droid exec x --auto=medium", "/usr/bin/droid exec --auto=high x"}, "droid exec --auto low x", "droid exec x 'use --auto high'")}...),
		guarded(&Spec{Names: n("opencode"), Grant: Grant{Exact: true, Offers: []string{"opencode run x => Bash(opencode run x)"}}, Effect: Exec, Permute: true, OwnOperands: true, Operands: "-*",
			Options: opencodeOpts, OtherSubcommand: Unknown,
			Subcommands: subs("run", opencodeRun, "completion", agentReads(), "mcp", agentDoes(Config), "providers", agentDoes(Config), "auth", agentDoes(Config),
				"agent", agentDoes(Config), "upgrade", agentDoes(Config), "uninstall", agentDoes(Config), "plugin", agentDoes(Config), "plug", agentDoes(Config),
				"serve", agentDoes(Exec), "web", agentDoes(Exec), "acp", agentDoes(Exec), "attach", agentDoes(Exec), "pr", agentDoes(Exec), "github", agentDoes(Exec)),
			ReadOnly: []string{"opencode --version", "opencode -v", "opencode --help", "opencode completion"},
			Flagged:  []string{"opencode", "opencode run 'fix it'", "opencode run --auto x", "opencode --auto", "opencode run x --auto", "opencode -c --auto", "opencode mcp add"}},
			[]Raise{unguarded("--auto", []string{"opencode --auto", "opencode run x --auto", "command opencode run --auto x", "opencode -c --auto", "sudo opencode run --auto x"},
				"opencode run 'x --auto'", "opencode run x", "opencode --help --auto")}...),
		guarded(&Spec{Names: n("cursor-agent"), Grant: Grant{Exact: true, Offers: []string{"cursor-agent -p x => Bash(cursor-agent -p x)"}}, Effect: Exec, Permute: true, OwnOperands: true, Operands: "-*",
			Options: cursorOpts,
			Subcommands: subs("login", agentDoes(Config), "logout", agentDoes(Config), "update", agentDoes(Config), "mcp", agentDoes(Config), "status", agentDoes(Network),
				"ls", agentDoes(Exec), "resume", agentDoes(Exec), "create-chat", agentDoes(Network)),
			ReadOnly: []string{"cursor-agent --version", "cursor-agent -v", "cursor-agent --help"},
			Flagged:  []string{"cursor-agent", "cursor-agent -p 'fix it'", "cursor-agent -p x --force", "cursor-agent -f -p x", "cursor-agent -pf x", "cursor-agent --yolo -p x"}},
			[]Raise{unguarded("--force", []string{"cursor-agent -p x --force", "cursor-agent -pf x", "cursor-agent --yolo -p x", "sudo cursor-agent -f", "cursor-agent -f -p x"},
				"cursor-agent -p 'use --force'", "cursor-agent -p x", "cursor-agent --version --force")}...),
		guarded(&Spec{Names: n("crush"), Grant: Grant{Exact: true, Offers: []string{"crush run x => Bash(crush run x)"}}, Effect: Exec, Permute: true, OwnOperands: true, Operands: "-*",
			Options: crushOpts + " -v|--version:h -y|--yolo -s|--session= -C|--continue", OtherSubcommand: Unknown,
			Subcommands: subs("run", crushRun, "r", crushRun, "login", crushDoes(Config), "auth", crushDoes(Config), "logout", crushDoes(Config), "signout", crushDoes(Config),
				"update-providers", crushDoes(Config), "session", crushDoes(Unknown), "sessions", crushDoes(Unknown), "s", crushDoes(Unknown)),
			ReadOnly: []string{"crush --version", "crush --help", "crush -h"},
			Flagged:  []string{"crush", "crush run 'fix it'", "crush -y", "crush --yolo", "crush -dy", "crush run --yolo x", "crush -C --yolo"}},
			[]Raise{unguarded("--yolo", []string{"crush -y", "crush -dy", "crush run --yolo x", "/usr/local/bin/crush --yolo", "crush -C --yolo", "sudo crush run -y x"},
				"crush run 'use --yolo'", "crush login --force", "crush run x")}...),
		guarded(&Spec{Names: n("copilot"), Grant: Grant{Exact: true, Offers: []string{"copilot -p x => Bash(copilot -p x)"}}, Effect: Exec, Permute: true, OwnOperands: true, Operands: "-*",
			Options: copilotOpts, OtherSubcommand: Unknown,
			Subcommands: subs("version", agentReads(), "help", agentReads(), "completion", agentReads(), "instruction", agentDoes(Unknown), "lsp", agentDoes(Unknown),
				"login", agentDoes(Config), "init", agentDoes(Write), "config", agentDoes(Config), "update", agentDoes(Config), "sessions", agentDoes(Config),
				"memories", agentDoes(Config), "plugin", agentDoes(Config), "mcp", agentDoes(Config), "skill", agentDoes(Config), "sandbox", agentDoes(Config),
				"app", agentDoes(Exec), "workflow", agentDoes(Exec)),
			ReadOnly: []string{"copilot --version", "copilot -v", "copilot version", "copilot help"},
			Flagged: []string{"copilot", "copilot -p 'fix it'", "copilot -p x --allow-all-tools", "copilot --allow-all -p x", "copilot --yolo -p x", "copilot -sp x --yolo",
				"copilot mcp add x", "copilot --model=gpt-5 -p x"}},
			[]Raise{unguarded("--yolo --allow-all-tools --allow-all", []string{"copilot -p x --allow-all-tools", "copilot --allow-all -p x", "copilot --yolo -p x", "copilot -sp x --yolo", "command copilot --allow-all-tools -p x", "sudo copilot --yolo -p x"},
				"copilot -p 'run with --allow-all-tools'", "copilot --allow-all-paths -p x", "copilot -p x")}...),
		guarded(&Spec{Names: n("amp"), Grant: Grant{Exact: true, Offers: []string{"amp -x x => Bash(amp -x x)"}}, Effect: Exec, Permute: true, OwnOperands: true, Operands: "-*",
			Options: ampOpts, OtherSubcommand: Unknown,
			Subcommands: subs("version", &Spec{Permute: true, Options: ampOpts}, "login", ampDoes(Config), "logout", ampDoes(Config), "threads", ampDoes(Exec), "t", ampDoes(Exec),
				"thread", ampDoes(Exec), "last", ampDoes(Exec), "l", ampDoes(Exec), "tools", ampDoes(Unknown), "tool", ampDoes(Unknown), "plugins", ampDoes(Config), "plugin", ampDoes(Config),
				"skill", ampDoes(Config), "skills", ampDoes(Config), "permissions", ampDoes(Config), "permission", ampDoes(Config), "mcp", ampDoes(Config),
				"orb", ampDoes(Network), "orb-spawner", ampDoes(Network), "portal", ampDoes(Network), "net", ampDoes(Network), "runner", ampDoes(Config), "clone", ampDoes(Network),
				"git-setup", ampDoes(Config), "files", ampDoes(Network), "top", ampDoes(Network), "report-bug", ampDoes(Network), "report", ampDoes(Network), "diagnostics", ampDoes(Network)),
			ReadOnly: []string{"amp --version", "amp version", "amp -V"},
			Flagged: []string{"amp", "amp -x 'fix it'", "amp --dangerously-allow-all -x x", "amp -x x --dangerously-allow-all", "amp threads continue --dangerously-allow-all",
				"amp mcp add x -- npx y", "amp --mode=smart -x x"}},
			[]Raise{unguarded("--dangerously-allow-all", []string{"amp --dangerously-allow-all -x x", "amp -x x --dangerously-allow-all", "amp threads continue --dangerously-allow-all", "env amp --dangerously-allow-all -x x"},
				"amp -x 'say --dangerously-allow-all'", "amp -x x")}...),
		guarded(&Spec{Names: n("aider"), Grant: Grant{Exact: true, Offers: []string{"aider -m x => Bash(aider -m x)"}}, Effect: Exec, Permute: true, OwnOperands: true, Operands: "-*",
			Abbrev: true, Loose: true, Options: aiderOpts,
			ReadOnly: []string{"aider --version", "aider --help"},
			Flagged:  []string{"aider", "aider -m 'fix it' src/x.py", "aider --yes-always -m x", "aider --yes -m x", "aider --yes-al --message=x", "aider -m x --yes-always f.py"}},
			[]Raise{unguarded("--yes-always", []string{"aider --yes-always", "aider --yes -m x", "aider --yes-al --message=x f.py", "/usr/local/bin/aider -m x --yes-always", "sudo aider --yes-always -m x"},
				"aider -m 'use --yes-always' f.py", "aider -m x f.py")}...),
		guarded(&Spec{Names: n("claude"), Grant: Grant{Exact: true, Offers: []string{"claude -p x => Bash(claude -p x)"}}, Effect: Exec, Permute: true, OwnOperands: true, Operands: "-*",
			Options: claudeOpts,
			Subcommands: subs("mcp", &Spec{Options: "-h|--help:h", OtherSubcommand: Config, Subcommands: subs("list", claudeDoes(Exec), "get", claudeDoes(Exec), "serve", claudeDoes(Exec), "help", claudeReads)},
				"config", &Spec{Options: "-h|--help:h", OtherSubcommand: Config, Subcommands: subs("get", claudeReads, "list", claudeReads, "ls", claudeReads)},
				"agents", claudeDoes(Exec), "auth", claudeDoes(Config), "auto-mode", claudeDoes(Unknown), "doctor", claudeDoes(Unknown), "gateway", claudeDoes(Network),
				"install", claudeDoes(Config), "plugin", claudeDoes(Config), "plugins", claudeDoes(Config), "project", claudeDoes(Config), "setup-token", claudeDoes(Config),
				"ultrareview", claudeDoes(Network), "update", claudeDoes(Config), "upgrade", claudeDoes(Config)),
			ReadOnly: []string{"claude --version", "claude -v", "claude config get model", "claude config list", "claude mcp help"},
			Flagged: []string{"claude", "claude -p 'fix the tests'", "claude --dangerously-skip-permissions -p x", "claude -p x --permission-mode=bypassPermissions",
				"claude mcp list", "claude mcp add x -- npx y", "claude config set -g x y", "claude --settings /tmp/s.json -p x"}},
			[]Raise{unguarded("--dangerously-skip-permissions --allow-dangerously-skip-permissions", []string{"claude -p x --dangerously-skip-permissions", "/usr/local/bin/claude --dangerously-skip-permissions",
				"command claude --dangerously-skip-permissions", "claude --allow-dangerously-skip-permissions -p x", "sudo claude --dangerously-skip-permissions -p x", "claude --dangerously-skip-permissions mcp list"},
				"claude -p 'run --dangerously-skip-permissions'", "claude -p x", "claude mcp list"),
				approvalsSet("--permission-mode=bypassPermissions", []string{"claude --permission-mode=bypassPermissions -p x", "claude -p x --permission-mode bypassPermissions"}, "claude --permission-mode plan -p x", "claude --permission-mode=acceptEdits -p x")}...),
		guarded(&Spec{Names: n("codex"), Grant: Grant{Exact: true, Offers: []string{"codex exec x => Bash(codex exec x)"}}, Effect: Exec, Permute: true, OwnOperands: true, Operands: "-*",
			Options: codexOpts,
			Subcommands: subs("exec", codexRuns, "e", codexRuns, "review", codexRuns, "resume", codexRuns, "fork", codexRuns, "agents", codexRuns, "queue", codexRuns,
				"mcp", &Spec{Options: "-h|--help:h -c|--config=", OtherSubcommand: Config, Subcommands: subs("list", codexReads, "get", codexReads, "help", codexReads)},
				"login", codexDoes(Config), "logout", codexDoes(Config), "plugin", codexDoes(Config), "update", codexDoes(Config), "archive", codexDoes(Config),
				"unarchive", codexDoes(Config), "delete", codexDoes(Config), "migrate-rollouts", codexDoes(Config), "migrate-nfs-db", codexDoes(Config),
				"apply", codexDoes(Write), "a", codexDoes(Write), "sandbox", codexDoes(Exec), "debug", codexDoes(Exec), "app-server", codexDoes(Exec),
				"remote-control", codexDoes(Exec), "exec-server", codexDoes(Exec), "mcp-server", codexDoes(Exec), "cloud", codexDoes(Network), "doctor", codexDoes(Unknown),
				"features", codexDoes(Unknown), "completion", codexReads, "help", codexReads),
			ReadOnly: []string{"codex --version", "codex -V", "codex mcp list", "codex mcp get x", "codex completion bash", "codex help exec"},
			Flagged: []string{"codex", "codex exec 'fix it'", "codex --yolo exec x", "codex exec --dangerously-bypass-approvals-and-sandbox x", "codex -a never exec x",
				"codex --ask-for-approval=never x", "codex -s danger-full-access x", "codex mcp add x -- y", "codex apply", "codex -c approval_policy=never x"}},
			[]Raise{unguarded("--dangerously-bypass-approvals-and-sandbox --full-auto", []string{"codex exec x --yolo", "codex --yolo exec x", "codex exec --dangerously-bypass-approvals-and-sandbox x", "codex --full-auto x", "sudo codex exec --yolo x"},
				"codex exec 'use --yolo'", "codex exec x"),
				approvalsSet("--ask-for-approval=never", []string{"codex -a never exec \"x\"", "codex -anever exec x", "codex --ask-for-approval=never x", "env codex -a never exec x"}, "codex -a on-request exec x", "codex exec 'use -a never'"),
				{Kind: danger.AgentConfigTamper, With: "--sandbox=danger*", Why: "launches {prog} without a sandbox",
					Flagged: []string{"codex --sandbox=danger-full-access exec x", "codex -s danger-full-access x", "codex exec -sdanger-full-access x"}, Passes: []string{"codex -s workspace-write exec x", "codex -s read-only x"}},
				{Kind: danger.AgentConfigTamper, With: "--config=*approval_policy*never* --config=*danger-full-access*", Why: "launches {prog} with approvals or sandbox turned off",
					Flagged: []string{"codex -c 'approval_policy=\"never\"' exec x", "codex -c approval_policy=never x", "codex exec --config=sandbox_mode=danger-full-access x"},
					Passes:  []string{"codex -c model=o3 exec x", "codex -c approval_policy=on-request x"}}}...),
		guarded(&Spec{Names: n("gemini", "qwen"), Grant: Grant{Exact: true, Offers: []string{"gemini -p x => Bash(gemini -p x)"}}, Effect: Exec, Permute: true, ValueNotOption: true, OwnOperands: true, Operands: "-*",
			Options: geminiOpts, Subcommands: geminiSubs(),
			ReadOnly: []string{"gemini --version", "gemini -v", "gemini extensions list", "qwen --version"},
			Flagged: []string{"gemini", "gemini -p 'fix it'", "gemini -y -p x", "gemini --yolo x", "gemini --approval-mode=yolo -p x", "gemini --approvalMode yolo -p x",
				"gemini -dy -p x", "gemini mcp list", "gemini mcp add x y", "gemini extensions install https://x.example/e", "qwen -y -p x"}},
			[]Raise{unguarded("--yolo", []string{"gemini -y -p 'fix it'", "gemini -dy -p x", "gemini -p x --yolo", "qwen --yolo", "qwen -y -p x", "/usr/bin/gemini --yolo x", "sudo gemini -y -p x",
				"gemini -p -y", "gemini --prompt --yolo", "gemini -m -y -p x", "qwen -p -y"},
				"gemini -s -p x", "gemini -p 'use --yolo'", "gemini --prompt=-y", "gemini -p=--yolo"),
				approvalsSet("--approval-mode=yolo", []string{"gemini --approvalMode=yolo -p x", "gemini --approval-mode yolo -p x", "qwen --approval-mode=yolo -p x"}, "gemini --approval-mode auto_edit -p x", "gemini --approval-mode default -p x")}...),
	)
})
