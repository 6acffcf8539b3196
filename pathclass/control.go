package pathclass

// Kind says what a control file controls.
type Kind string

// The kinds of control files.
const (
	KindWarden       Kind = "Warden's settings"
	KindAgent        Kind = "an agent's configuration or hooks"
	KindInstructions Kind = "an agent's instructions"
	KindGit          Kind = "git's configuration or hooks"
	KindStartup      Kind = "a shell start-up file"
	KindLogin        Kind = "remote login configuration"
	KindSchedule     Kind = "a scheduled job"
	KindService      Kind = "a service or login item"
)

// Entry is one declared path pattern.
type Entry struct {
	// Pattern is "~/…" for a path below a home directory (the user's, or
	// any /home/NAME, /Users/NAME, /root), "/…" for an absolute path, and
	// anything else for the last components of a path anywhere (in a
	// project or any other directory). A trailing "/" names a directory
	// and everything below it. A home directory's entries also cover the
	// directories holding them (moving ~/.config moves ~/.config/warden).
	Pattern string
	// Kind says what the file controls.
	Kind Kind
	// Parent marks an anywhere-pattern whose first directory counts too:
	// moving or deleting .git takes its hooks and configuration with it.
	Parent bool
	// Match are paths that must match the entry and Pass look-alikes that
	// must not match anything: "~" is a home directory and a relative
	// path is inside a project.
	Match, Pass []string
}

// control is the one list of agent control files.
var control = []Entry{
	// Warden's own settings at every source; the managed file named by
	// $WARDEN_MANAGED_SETTINGS and --settings files are added by the caller.
	{Pattern: ".warden/", Kind: KindWarden, Match: []string{".warden/settings.local.json", ".warden/mcp-pins.json", ".warden", "sub/.warden/settings.json", ".Warden/settings.json"}, Pass: []string{"warden/settings.json", "docs/warden.md"}},
	{Pattern: "~/.config/warden/", Kind: KindWarden, Match: []string{"~/.config/warden/settings.json", "~/.config"}, Pass: []string{"~/.config/wardens"}},
	{Pattern: "~/.local/share/warden/", Kind: KindWarden, Match: []string{"~/.local/share/warden/grants.json"}},
	{Pattern: "~/.local/state/warden/", Kind: KindWarden, Match: []string{"~/.local/state/warden/audit.jsonl"}},
	{Pattern: "/etc/warden/", Kind: KindWarden, Match: []string{"/etc/warden/managed-settings.json"}, Pass: []string{"/etc/wardens"}},

	// Claude Code.
	{Pattern: ".claude/", Kind: KindAgent, Match: []string{".claude/settings.json", ".claude/settings.local.json", ".claude/hooks/pre.sh", ".claude/agents/x.md", "~/.claude/settings.json", ".CLAUDE/settings.json"}, Pass: []string{"claude/settings.json", ".claude-notes.md"}},
	{Pattern: "~/.claude.json", Kind: KindAgent, Match: []string{"~/.claude.json"}},
	{Pattern: "/etc/claude-code/", Kind: KindAgent, Match: []string{"/etc/claude-code/managed-settings.json"}},
	{Pattern: "/Library/Application Support/ClaudeCode/", Kind: KindAgent, Match: []string{"/Library/Application Support/ClaudeCode/managed-settings.json"}},
	{Pattern: ".mcp.json", Kind: KindAgent, Match: []string{".mcp.json", "sub/.mcp.json"}, Pass: []string{"mcp.json", ".mcp.json.example"}},
	{Pattern: "CLAUDE.md", Kind: KindInstructions, Match: []string{"CLAUDE.md", "pkg/CLAUDE.md", "~/.claude/CLAUDE.md"}, Pass: []string{"docs/claude.md.txt"}},
	{Pattern: "CLAUDE.local.md", Kind: KindInstructions, Match: []string{"CLAUDE.local.md"}},

	// Codex, Gemini, Copilot, Cursor, VS Code, opencode and the other
	// agents that load configuration, hooks or MCP servers from files.
	{Pattern: ".codex/", Kind: KindAgent, Match: []string{"~/.codex/config.toml", "~/.codex/hooks.json", ".codex/config.toml"}},
	{Pattern: "AGENTS.md", Kind: KindInstructions, Match: []string{"AGENTS.md", "svc/AGENTS.md"}, Pass: []string{"AGENTS.md.bak"}},
	{Pattern: "AGENTS.override.md", Kind: KindInstructions, Match: []string{"AGENTS.override.md"}},
	{Pattern: "AGENT.md", Kind: KindInstructions, Match: []string{"AGENT.md"}},
	{Pattern: ".gemini/", Kind: KindAgent, Match: []string{".gemini/settings.json", "~/.gemini/settings.json"}},
	{Pattern: "GEMINI.md", Kind: KindInstructions, Match: []string{"GEMINI.md"}},
	{Pattern: ".github/copilot-instructions.md", Kind: KindInstructions, Match: []string{".github/copilot-instructions.md"}, Pass: []string{".github/workflows/ci.yml", ".github"}},
	{Pattern: ".github/instructions/", Kind: KindInstructions, Match: []string{".github/instructions/go.instructions.md"}},
	{Pattern: ".github/hooks/", Kind: KindAgent, Match: []string{".github/hooks/hooks.json"}},
	{Pattern: "~/.copilot/", Kind: KindAgent, Match: []string{"~/.copilot/config.json", "~/.copilot/mcp-config.json"}},
	{Pattern: "~/.config/github-copilot/", Kind: KindAgent, Match: []string{"~/.config/github-copilot/hosts.json"}},
	{Pattern: ".cursor/", Kind: KindAgent, Match: []string{".cursor/mcp.json", ".cursor/hooks.json", ".cursor/rules/x.mdc", "~/.cursor/mcp.json"}},
	{Pattern: ".cursorrules", Kind: KindInstructions, Match: []string{".cursorrules"}},
	{Pattern: ".vscode/settings.json", Kind: KindAgent, Match: []string{".vscode/settings.json"}, Pass: []string{".vscode/extensions.json"}},
	{Pattern: ".vscode/tasks.json", Kind: KindAgent, Match: []string{".vscode/tasks.json"}},
	{Pattern: ".vscode/launch.json", Kind: KindAgent, Match: []string{".vscode/launch.json"}},
	{Pattern: ".vscode/mcp.json", Kind: KindAgent, Match: []string{".vscode/mcp.json"}},
	{Pattern: "~/.config/Code/User/", Kind: KindAgent, Match: []string{"~/.config/Code/User/settings.json"}},
	{Pattern: "~/Library/Application Support/Code/User/", Kind: KindAgent, Match: []string{"~/Library/Application Support/Code/User/settings.json"}},
	{Pattern: "opencode.json", Kind: KindAgent, Match: []string{"opencode.json"}},
	{Pattern: "opencode.jsonc", Kind: KindAgent, Match: []string{"opencode.jsonc"}},
	{Pattern: ".opencode/", Kind: KindAgent, Match: []string{".opencode/plugin/x.ts"}},
	{Pattern: "~/.config/opencode/", Kind: KindAgent, Match: []string{"~/.config/opencode/opencode.json"}},
	{Pattern: ".windsurf/", Kind: KindAgent, Match: []string{".windsurf/rules/x.md"}},
	{Pattern: ".windsurfrules", Kind: KindInstructions, Match: []string{".windsurfrules"}},
	{Pattern: "~/.codeium/", Kind: KindAgent, Match: []string{"~/.codeium/windsurf/mcp_config.json"}},
	{Pattern: ".clinerules/", Kind: KindInstructions, Match: []string{".clinerules", ".clinerules/x.md"}},
	{Pattern: ".roo/", Kind: KindAgent, Match: []string{".roo/mcp.json"}},
	{Pattern: ".kiro/", Kind: KindAgent, Match: []string{".kiro/settings/mcp.json"}},
	{Pattern: ".continue/", Kind: KindAgent, Match: []string{".continue/config.yaml"}},
	{Pattern: ".amazonq/", Kind: KindAgent, Match: []string{".amazonq/mcp.json"}},
	{Pattern: "~/.aws/amazonq/", Kind: KindAgent, Match: []string{"~/.aws/amazonq/mcp.json"}},
	{Pattern: ".aider.conf.yml", Kind: KindAgent, Match: []string{".aider.conf.yml"}},
	{Pattern: ".qwen/", Kind: KindAgent, Match: []string{".qwen/settings.json"}},
	{Pattern: ".goose/", Kind: KindAgent, Match: []string{".goose/config.yaml"}},
	{Pattern: "~/.config/goose/", Kind: KindAgent, Match: []string{"~/.config/goose/config.yaml"}},
	{Pattern: ".crush.json", Kind: KindAgent, Match: []string{".crush.json"}},
	{Pattern: "~/.config/crush/", Kind: KindAgent, Match: []string{"~/.config/crush/crush.json"}},
	{Pattern: ".zed/settings.json", Kind: KindAgent, Match: []string{".zed/settings.json"}},
	{Pattern: "~/.config/zed/", Kind: KindAgent, Match: []string{"~/.config/zed/settings.json"}},
	{Pattern: ".hermes/", Kind: KindAgent, Match: []string{"~/.hermes/config.yaml"}},
	{Pattern: "claude_desktop_config.json", Kind: KindAgent, Match: []string{"~/Library/Application Support/Claude/claude_desktop_config.json"}},

	// Git runs what its configuration and hooks name (core.hooksPath,
	// core.fsmonitor, core.pager, aliases, filter drivers).
	{Pattern: ".git/config", Kind: KindGit, Parent: true, Match: []string{".git/config", ".git", "vendor/x/.git/config", ".GIT/config"}, Pass: []string{".git/objects/ab/cd", ".git/HEAD", ".gitignore", ".git/config.d/x"}},
	{Pattern: ".git/hooks/", Kind: KindGit, Parent: true, Match: []string{".git/hooks/pre-commit", ".git/hooks"}, Pass: []string{"hooks/pre-commit", ".githooks-notes"}},
	{Pattern: ".git/info/attributes", Kind: KindGit, Match: []string{".git/info/attributes"}},
	{Pattern: "~/.gitconfig", Kind: KindGit, Match: []string{"~/.gitconfig"}, Pass: []string{".gitconfig.example"}},
	{Pattern: "~/.config/git/", Kind: KindGit, Match: []string{"~/.config/git/config", "~/.config/git/attributes"}},
	{Pattern: "/etc/gitconfig", Kind: KindGit, Match: []string{"/etc/gitconfig"}},

	// Shell start-up files run at every shell.
	{Pattern: "~/.bashrc", Kind: KindStartup, Match: []string{"~/.bashrc", "/root/.bashrc", "/home/other/.bashrc"}, Pass: []string{".bashrc", "dotfiles/bashrc"}},
	{Pattern: "~/.bashrc.d/", Kind: KindStartup, Match: []string{"~/.bashrc.d/x.sh"}},
	{Pattern: "~/.bash_profile", Kind: KindStartup, Match: []string{"~/.bash_profile"}},
	{Pattern: "~/.bash_login", Kind: KindStartup, Match: []string{"~/.bash_login"}},
	{Pattern: "~/.bash_logout", Kind: KindStartup, Match: []string{"~/.bash_logout"}},
	{Pattern: "~/.bash_aliases", Kind: KindStartup, Match: []string{"~/.bash_aliases"}},
	{Pattern: "~/.profile", Kind: KindStartup, Match: []string{"~/.profile"}, Pass: []string{"~/.profile.d.md"}},
	{Pattern: "~/.zshrc", Kind: KindStartup, Match: []string{"~/.zshrc"}},
	{Pattern: "~/.zshenv", Kind: KindStartup, Match: []string{"~/.zshenv"}},
	{Pattern: "~/.zprofile", Kind: KindStartup, Match: []string{"~/.zprofile"}},
	{Pattern: "~/.zlogin", Kind: KindStartup, Match: []string{"~/.zlogin"}},
	{Pattern: "~/.zlogout", Kind: KindStartup, Match: []string{"~/.zlogout"}},
	{Pattern: "~/.oh-my-zsh/custom/", Kind: KindStartup, Match: []string{"~/.oh-my-zsh/custom/x.zsh"}},
	{Pattern: "~/.kshrc", Kind: KindStartup, Match: []string{"~/.kshrc"}},
	{Pattern: "~/.mkshrc", Kind: KindStartup, Match: []string{"~/.mkshrc"}},
	{Pattern: "~/.cshrc", Kind: KindStartup, Match: []string{"~/.cshrc"}},
	{Pattern: "~/.tcshrc", Kind: KindStartup, Match: []string{"~/.tcshrc"}},
	{Pattern: "~/.config/fish/", Kind: KindStartup, Match: []string{"~/.config/fish/config.fish", "~/.config/fish/conf.d/x.fish"}},
	{Pattern: "~/.config/powershell/", Kind: KindStartup, Match: []string{"~/.config/powershell/Microsoft.PowerShell_profile.ps1"}},
	{Pattern: "~/.config/environment.d/", Kind: KindStartup, Match: []string{"~/.config/environment.d/x.conf"}},
	{Pattern: "~/.pam_environment", Kind: KindStartup, Match: []string{"~/.pam_environment"}},
	{Pattern: "~/.xprofile", Kind: KindStartup, Match: []string{"~/.xprofile"}},
	{Pattern: "~/.xinitrc", Kind: KindStartup, Match: []string{"~/.xinitrc"}},
	{Pattern: "~/.xsession", Kind: KindStartup, Match: []string{"~/.xsession"}},
	{Pattern: "/etc/profile", Kind: KindStartup, Match: []string{"/etc/profile"}},
	{Pattern: "/etc/profile.d/", Kind: KindStartup, Match: []string{"/etc/profile.d/x.sh"}},
	{Pattern: "/etc/bash.bashrc", Kind: KindStartup, Match: []string{"/etc/bash.bashrc"}},
	{Pattern: "/etc/bashrc", Kind: KindStartup, Match: []string{"/etc/bashrc"}},
	{Pattern: "/etc/zshrc", Kind: KindStartup, Match: []string{"/etc/zshrc"}},
	{Pattern: "/etc/zsh/", Kind: KindStartup, Match: []string{"/etc/zsh/zshenv"}},
	{Pattern: "/etc/environment", Kind: KindStartup, Match: []string{"/etc/environment"}},
	{Pattern: "/etc/ld.so.preload", Kind: KindStartup, Match: []string{"/etc/ld.so.preload"}},

	// Remote logins.
	{Pattern: "~/.ssh/authorized_keys", Kind: KindLogin, Match: []string{"~/.ssh/authorized_keys", "~/.ssh", "/root/.ssh/authorized_keys"}, Pass: []string{"~/.ssh/known_hosts", "keys/authorized_keys.md"}},
	{Pattern: "~/.ssh/authorized_keys2", Kind: KindLogin, Match: []string{"~/.ssh/authorized_keys2"}},
	{Pattern: "~/.ssh/rc", Kind: KindLogin, Match: []string{"~/.ssh/rc"}},
	{Pattern: "~/.ssh/environment", Kind: KindLogin, Match: []string{"~/.ssh/environment"}},
	{Pattern: "/etc/ssh/sshrc", Kind: KindLogin, Match: []string{"/etc/ssh/sshrc"}},

	// Scheduled jobs.
	{Pattern: "/var/spool/cron/", Kind: KindSchedule, Match: []string{"/var/spool/cron/crontabs/root"}},
	{Pattern: "/etc/crontab", Kind: KindSchedule, Match: []string{"/etc/crontab"}},
	{Pattern: "/etc/cron.d/", Kind: KindSchedule, Match: []string{"/etc/cron.d/job"}},
	{Pattern: "/etc/cron.hourly/", Kind: KindSchedule, Match: []string{"/etc/cron.hourly/x"}},
	{Pattern: "/etc/cron.daily/", Kind: KindSchedule, Match: []string{"/etc/cron.daily/x"}},
	{Pattern: "/etc/cron.weekly/", Kind: KindSchedule, Match: []string{"/etc/cron.weekly/x"}},
	{Pattern: "/etc/cron.monthly/", Kind: KindSchedule, Match: []string{"/etc/cron.monthly/x"}},
	{Pattern: "/etc/anacrontab", Kind: KindSchedule, Match: []string{"/etc/anacrontab"}},
	{Pattern: "/var/spool/at/", Kind: KindSchedule, Match: []string{"/var/spool/at/a0001"}},
	{Pattern: "/etc/periodic/", Kind: KindSchedule, Match: []string{"/etc/periodic/daily/x"}},
	{Pattern: "/usr/lib/cron/tabs/", Kind: KindSchedule, Match: []string{"/usr/lib/cron/tabs/root"}},

	// Services and login items that start code later.
	{Pattern: "~/.config/systemd/", Kind: KindService, Match: []string{"~/.config/systemd/user/x.service", "~/.config/systemd/user/timers.target.wants/x.timer"}},
	{Pattern: "~/.local/share/systemd/", Kind: KindService, Match: []string{"~/.local/share/systemd/user/x.service"}},
	{Pattern: "~/.config/autostart/", Kind: KindService, Match: []string{"~/.config/autostart/x.desktop"}},
	{Pattern: "~/Library/LaunchAgents/", Kind: KindService, Match: []string{"~/Library/LaunchAgents/com.x.plist"}},
	{Pattern: "/Library/LaunchAgents/", Kind: KindService, Match: []string{"/Library/LaunchAgents/com.x.plist"}},
	{Pattern: "/Library/LaunchDaemons/", Kind: KindService, Match: []string{"/Library/LaunchDaemons/com.x.plist"}},
	{Pattern: "/etc/systemd/", Kind: KindService, Match: []string{"/etc/systemd/system/x.service"}},
	{Pattern: "/lib/systemd/system/", Kind: KindService, Match: []string{"/lib/systemd/system/x.service"}},
	{Pattern: "/usr/lib/systemd/", Kind: KindService, Match: []string{"/usr/lib/systemd/system/x.service"}},
	{Pattern: "/etc/init.d/", Kind: KindService, Match: []string{"/etc/init.d/x"}},
	{Pattern: "/etc/rc.local", Kind: KindService, Match: []string{"/etc/rc.local"}},
	{Pattern: "/etc/xdg/autostart/", Kind: KindService, Match: []string{"/etc/xdg/autostart/x.desktop"}},
	{Pattern: "/etc/update-motd.d/", Kind: KindService, Match: []string{"/etc/update-motd.d/99-x"}},
}

// protected are paths that are not agent control files but whose edit no
// mode may approve: credential stores, version control internals, tool
// configuration and the user's own programs.
var protected = []Entry{
	{Pattern: ".git/", Match: []string{".git/HEAD", ".git/objects/ab/cd"}, Pass: []string{".gitignore", ".github/workflows/ci.yml"}},
	{Pattern: ".vscode/", Match: []string{".vscode/extensions.json"}},
	{Pattern: ".idea/", Match: []string{".idea/workspace.xml"}},
	{Pattern: ".husky/", Match: []string{".husky/pre-commit"}},
	{Pattern: "~/.ssh/", Match: []string{"~/.ssh/config", "~/.ssh/id_ed25519"}},
	{Pattern: "~/.aws/", Match: []string{"~/.aws/credentials"}},
	{Pattern: "~/.gnupg/", Match: []string{"~/.gnupg/pubring.kbx"}},
	{Pattern: "~/.kube/", Match: []string{"~/.kube/config"}},
	{Pattern: "~/.docker/", Match: []string{"~/.docker/config.json"}},
	{Pattern: "~/.azure/", Match: []string{"~/.azure/config"}},
	{Pattern: "~/.config/gcloud/", Match: []string{"~/.config/gcloud/credentials.db"}},
	{Pattern: "~/.netrc", Match: []string{"~/.netrc"}},
	{Pattern: "~/.npmrc", Match: []string{"~/.npmrc"}, Pass: []string{".npmrc"}},
	{Pattern: "~/.pypirc", Match: []string{"~/.pypirc"}},
	{Pattern: "~/.git-credentials", Match: []string{"~/.git-credentials"}},
	{Pattern: "~/.inputrc", Match: []string{"~/.inputrc"}},
	{Pattern: "~/.local/bin/", Match: []string{"~/.local/bin/ls"}, Pass: []string{"~/.local/share/x"}},
	// Configuration that makes commands people allow, or that Warden calls
	// read-only, run what it names: hooks run by git commit
	// (pre-commit, lefthook, overcommit), ack's --pager, yarn's yarnPath,
	// cargo's rustc-wrapper and aliases, mise's hooks and tasks, a dev
	// container's lifecycle commands, curl's and wget's default options.
	{Pattern: ".pre-commit-config.yaml", Match: []string{".pre-commit-config.yaml", "svc/.pre-commit-config.yaml"}, Pass: []string{"pre-commit-config.yaml.md"}},
	{Pattern: "lefthook.yml", Match: []string{"lefthook.yml"}},
	{Pattern: ".lefthook.yml", Match: []string{".lefthook.yml"}},
	{Pattern: "lefthook-local.yml", Match: []string{"lefthook-local.yml"}},
	{Pattern: ".overcommit.yml", Match: []string{".overcommit.yml"}},
	{Pattern: ".ackrc", Match: []string{".ackrc", "~/.ackrc"}, Pass: []string{"ackrc.txt"}},
	{Pattern: ".yarnrc.yml", Match: []string{".yarnrc.yml"}},
	{Pattern: ".yarnrc", Match: []string{".yarnrc"}, Pass: []string{".yarnrc.example"}},
	{Pattern: ".cargo/config.toml", Match: []string{".cargo/config.toml", "~/.cargo/config.toml"}, Pass: []string{".cargo/registry/x"}},
	{Pattern: ".cargo/config", Match: []string{".cargo/config"}},
	{Pattern: "mise.toml", Match: []string{"mise.toml"}},
	{Pattern: ".mise.toml", Match: []string{".mise.toml"}},
	{Pattern: "mise.local.toml", Match: []string{"mise.local.toml"}},
	{Pattern: ".mise/", Match: []string{".mise/config.toml"}},
	{Pattern: "~/.config/mise/", Match: []string{"~/.config/mise/config.toml"}},
	{Pattern: ".devcontainer/", Match: []string{".devcontainer/devcontainer.json"}},
	{Pattern: "~/.curlrc", Match: []string{"~/.curlrc"}, Pass: []string{".curlrc.example"}},
	{Pattern: "~/.wgetrc", Match: []string{"~/.wgetrc"}},
	{Pattern: ".gdbinit", Match: []string{".gdbinit", "~/.gdbinit"}},
}
