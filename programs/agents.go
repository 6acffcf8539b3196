package programs

// The coding agents' own CLIs. Starting an agent (a prompt, or none: an
// interactive session) hands it the machine: whatever it decides to run
// runs, so the call is Exec. The options that turn its approvals or its
// sandbox off (claude --dangerously-skip-permissions, codex --yolo,
// gemini -y) are declared with every spelling so that the nested-agent
// check reads them in any; the subcommands that change the agent's
// configuration (mcp add, config set) are Config, and those that only
// print are read-only. Listing MCP servers is not: claude and gemini
// start each configured server to report its health.

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
	// bundle.
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
	agentReads := &Spec{Permute: true, Operands: "-*", Options: "-h|--help:h"}
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
	add(
		&Spec{Names: n("auggie"), Grant: Grant{Exact: true, Offers: []string{"auggie -p x => Bash(auggie -p x)"}}, Effect: Exec, Permute: true, OwnOperands: true, Operands: "-*",
			Loose: true, Options: auggieOpts,
			ReadOnly: []string{"auggie --version", "auggie --help"},
			Flagged:  []string{"auggie", "auggie -p 'fix it'", "auggie --permission launch-process:allow -p x", "auggie -p x --permission=launch-process:allow"}},
		&Spec{Names: n("q", "kiro-cli"), Grant: Grant{Exact: true, Offers: []string{"q chat x => Bash(q chat x)"}}, Effect: Exec, Permute: true, OwnOperands: true, Operands: "-*",
			Options: qOpts, OtherSubcommand: Unknown,
			Subcommands: subs("chat", qChat, "translate", qDoes(Network), "login", qDoes(Config), "logout", qDoes(Config), "settings", qDoes(Config), "mcp", qDoes(Config),
				"doctor", qDoes(Unknown), "update", qDoes(Config)),
			ReadOnly: []string{"q --version", "q -V", "q --help"},
			Flagged: []string{"q chat", "q chat 'fix it'", "q chat --trust-all-tools x", "q chat --no-interactive --trust-all-tools x", "q chat x --trust-all-tools", "q -v chat --trust-all-tools",
				"kiro-cli chat --no-interactive --trust-all-tools x"}},
		&Spec{Names: n("droid"), Grant: Grant{Exact: true, Offers: []string{"droid exec x => Bash(droid exec x)"}}, Effect: Exec, Permute: true, OwnOperands: true, Operands: "-*",
			Options: droidOpts, Subcommands: subs("exec", droidExec, "mcp", agentDoes(Config)),
			ReadOnly: []string{"droid --version", "droid --help"},
			Flagged:  []string{"droid", "droid exec 'fix it'", "droid exec --auto high x", "droid exec --auto=high x", "droid exec x --skip-permissions-unsafe", "droid --skip-permissions-unsafe"}},
		&Spec{Names: n("opencode"), Grant: Grant{Exact: true, Offers: []string{"opencode run x => Bash(opencode run x)"}}, Effect: Exec, Permute: true, OwnOperands: true, Operands: "-*",
			Options: opencodeOpts, OtherSubcommand: Unknown,
			Subcommands: subs("run", opencodeRun, "completion", agentReads, "mcp", agentDoes(Config), "providers", agentDoes(Config), "auth", agentDoes(Config),
				"agent", agentDoes(Config), "upgrade", agentDoes(Config), "uninstall", agentDoes(Config), "plugin", agentDoes(Config), "plug", agentDoes(Config),
				"serve", agentDoes(Exec), "web", agentDoes(Exec), "acp", agentDoes(Exec), "attach", agentDoes(Exec), "pr", agentDoes(Exec), "github", agentDoes(Exec)),
			ReadOnly: []string{"opencode --version", "opencode -v", "opencode --help", "opencode completion"},
			Flagged:  []string{"opencode", "opencode run 'fix it'", "opencode run --auto x", "opencode --auto", "opencode run x --auto", "opencode -c --auto", "opencode mcp add"}},
		&Spec{Names: n("cursor-agent"), Grant: Grant{Exact: true, Offers: []string{"cursor-agent -p x => Bash(cursor-agent -p x)"}}, Effect: Exec, Permute: true, OwnOperands: true, Operands: "-*",
			Options: cursorOpts,
			Subcommands: subs("login", agentDoes(Config), "logout", agentDoes(Config), "update", agentDoes(Config), "mcp", agentDoes(Config), "status", agentDoes(Network),
				"ls", agentDoes(Exec), "resume", agentDoes(Exec), "create-chat", agentDoes(Network)),
			ReadOnly: []string{"cursor-agent --version", "cursor-agent -v", "cursor-agent --help"},
			Flagged:  []string{"cursor-agent", "cursor-agent -p 'fix it'", "cursor-agent -p x --force", "cursor-agent -f -p x", "cursor-agent -pf x", "cursor-agent --yolo -p x"}},
		&Spec{Names: n("crush"), Grant: Grant{Exact: true, Offers: []string{"crush run x => Bash(crush run x)"}}, Effect: Exec, Permute: true, OwnOperands: true, Operands: "-*",
			Options: crushOpts + " -v|--version:h -y|--yolo -s|--session= -C|--continue", OtherSubcommand: Unknown,
			Subcommands: subs("run", crushRun, "r", crushRun, "login", crushDoes(Config), "auth", crushDoes(Config), "logout", crushDoes(Config), "signout", crushDoes(Config),
				"update-providers", crushDoes(Config), "session", crushDoes(Unknown), "sessions", crushDoes(Unknown), "s", crushDoes(Unknown)),
			ReadOnly: []string{"crush --version", "crush --help", "crush -h"},
			Flagged:  []string{"crush", "crush run 'fix it'", "crush -y", "crush --yolo", "crush -dy", "crush run --yolo x", "crush -C --yolo"}},
		&Spec{Names: n("copilot"), Grant: Grant{Exact: true, Offers: []string{"copilot -p x => Bash(copilot -p x)"}}, Effect: Exec, Permute: true, OwnOperands: true, Operands: "-*",
			Options: copilotOpts, OtherSubcommand: Unknown,
			Subcommands: subs("version", agentReads, "help", agentReads, "completion", agentReads, "instruction", agentDoes(Unknown), "lsp", agentDoes(Unknown),
				"login", agentDoes(Config), "init", agentDoes(Write), "config", agentDoes(Config), "update", agentDoes(Config), "sessions", agentDoes(Config),
				"memories", agentDoes(Config), "plugin", agentDoes(Config), "mcp", agentDoes(Config), "skill", agentDoes(Config), "sandbox", agentDoes(Config),
				"app", agentDoes(Exec), "workflow", agentDoes(Exec)),
			ReadOnly: []string{"copilot --version", "copilot -v", "copilot version", "copilot help"},
			Flagged: []string{"copilot", "copilot -p 'fix it'", "copilot -p x --allow-all-tools", "copilot --allow-all -p x", "copilot --yolo -p x", "copilot -sp x --yolo",
				"copilot mcp add x", "copilot --model=gpt-5 -p x"}},
		&Spec{Names: n("amp"), Grant: Grant{Exact: true, Offers: []string{"amp -x x => Bash(amp -x x)"}}, Effect: Exec, Permute: true, OwnOperands: true, Operands: "-*",
			Options: ampOpts, OtherSubcommand: Unknown,
			Subcommands: subs("version", &Spec{Permute: true, Options: ampOpts}, "login", ampDoes(Config), "logout", ampDoes(Config), "threads", ampDoes(Exec), "t", ampDoes(Exec),
				"thread", ampDoes(Exec), "last", ampDoes(Exec), "l", ampDoes(Exec), "tools", ampDoes(Unknown), "tool", ampDoes(Unknown), "plugins", ampDoes(Config), "plugin", ampDoes(Config),
				"skill", ampDoes(Config), "skills", ampDoes(Config), "permissions", ampDoes(Config), "permission", ampDoes(Config), "mcp", ampDoes(Config),
				"orb", ampDoes(Network), "orb-spawner", ampDoes(Network), "portal", ampDoes(Network), "net", ampDoes(Network), "runner", ampDoes(Config), "clone", ampDoes(Network),
				"git-setup", ampDoes(Config), "files", ampDoes(Network), "top", ampDoes(Network), "report-bug", ampDoes(Network), "report", ampDoes(Network), "diagnostics", ampDoes(Network)),
			ReadOnly: []string{"amp --version", "amp version", "amp -V"},
			Flagged: []string{"amp", "amp -x 'fix it'", "amp --dangerously-allow-all -x x", "amp -x x --dangerously-allow-all", "amp threads continue --dangerously-allow-all",
				"amp mcp add x -- npx y", "amp --mode=smart -x x"}},
		&Spec{Names: n("aider"), Grant: Grant{Exact: true, Offers: []string{"aider -m x => Bash(aider -m x)"}}, Effect: Exec, Permute: true, OwnOperands: true, Operands: "-*",
			Abbrev: true, Loose: true, Options: aiderOpts,
			ReadOnly: []string{"aider --version", "aider --help"},
			Flagged:  []string{"aider", "aider -m 'fix it' src/x.py", "aider --yes-always -m x", "aider --yes -m x", "aider --yes-al --message=x", "aider -m x --yes-always f.py"}},
		&Spec{Names: n("claude"), Grant: Grant{Exact: true, Offers: []string{"claude -p x => Bash(claude -p x)"}}, Effect: Exec, Permute: true, OwnOperands: true, Operands: "-*",
			Options: claudeOpts,
			Subcommands: subs("mcp", &Spec{Options: "-h|--help:h", OtherSubcommand: Config, Subcommands: subs("list", claudeDoes(Exec), "get", claudeDoes(Exec), "serve", claudeDoes(Exec), "help", claudeReads)},
				"config", &Spec{Options: "-h|--help:h", OtherSubcommand: Config, Subcommands: subs("get", claudeReads, "list", claudeReads, "ls", claudeReads)},
				"agents", claudeDoes(Exec), "auth", claudeDoes(Config), "auto-mode", claudeDoes(Unknown), "doctor", claudeDoes(Unknown), "gateway", claudeDoes(Network),
				"install", claudeDoes(Config), "plugin", claudeDoes(Config), "plugins", claudeDoes(Config), "project", claudeDoes(Config), "setup-token", claudeDoes(Config),
				"ultrareview", claudeDoes(Network), "update", claudeDoes(Config), "upgrade", claudeDoes(Config)),
			ReadOnly: []string{"claude --version", "claude -v", "claude config get model", "claude config list", "claude mcp help"},
			Flagged: []string{"claude", "claude -p 'fix the tests'", "claude --dangerously-skip-permissions -p x", "claude -p x --permission-mode=bypassPermissions",
				"claude mcp list", "claude mcp add x -- npx y", "claude config set -g x y", "claude --settings /tmp/s.json -p x"}},
		&Spec{Names: n("codex"), Grant: Grant{Exact: true, Offers: []string{"codex exec x => Bash(codex exec x)"}}, Effect: Exec, Permute: true, OwnOperands: true, Operands: "-*",
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
		&Spec{Names: n("gemini", "qwen"), Grant: Grant{Exact: true, Offers: []string{"gemini -p x => Bash(gemini -p x)"}}, Effect: Exec, Permute: true, OwnOperands: true, Operands: "-*",
			Options: geminiOpts, Subcommands: geminiSubs(),
			ReadOnly: []string{"gemini --version", "gemini -v", "gemini extensions list", "qwen --version"},
			Flagged: []string{"gemini", "gemini -p 'fix it'", "gemini -y -p x", "gemini --yolo x", "gemini --approval-mode=yolo -p x", "gemini --approvalMode yolo -p x",
				"gemini -dy -p x", "gemini mcp list", "gemini mcp add x y", "gemini extensions install https://x.example/e", "qwen -y -p x"}},
	)
})
