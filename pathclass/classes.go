package pathclass

import (
	"path"
	"strings"
)

// A Class is one declared class of paths the danger checks judge beyond
// the control files, protected paths and credentials: raw disks, security
// controls, logs and histories, places that run code later, secrets,
// databases, tables, backups, regenerable build output, the terminal.
// Each is its places as data, the one matcher that reads them, and
// examples: Match must be of the class, Pass must not (the package's test
// runs them; "~" is a home directory, a relative path is inside a
// project, and a class of names is given names).
type Class struct {
	// Name is how the class is spoken of.
	Name string
	// Names says the class holds file names (node_modules, *.pyc), not
	// paths.
	Names bool
	// Match and Pass are the examples.
	Match, Pass []string
	is          func(p, home string) bool
}

// Is reports whether p — an absolute, cleaned path, or a name for a class
// of names — is of the class. home is the user's home directory ("" when
// unknown: the classes below a home then match nothing there).
func (c *Class) Is(p, home string) bool { return c.is(p, home) }

// Classes returns every declared class, in declaration order.
func Classes() []*Class {
	return []*Class{BlockDevice, SecurityControl, Log, Persistence, SecretEnv, Database, Table, Disposable, Backup,
		ArtifactDir, ArtifactFile, ArtifactPattern, TranscriptDevice, System, HarmlessDevice, Recipe}
}

// anyWithin reports whether p is one of dirs or below one.
func anyWithin(p string, dirs []string) bool {
	for _, d := range dirs {
		if within(p, d) {
			return true
		}
	}
	return false
}

// belowHome returns p relative to home, when p is below it.
func belowHome(p, home string) (string, bool) {
	if home == "" || !within(p, home) || p == home {
		return "", false
	}
	if home == "/" {
		return p[1:], true
	}
	return p[len(home)+1:], true
}

var blockDevicePrefixes = []string{"sd", "hd", "vd", "xvd", "nvme", "mmcblk", "disk", "rdisk", "mapper/", "md", "dm-", "loop", "sr", "nbd", "zd", "mem", "kmem", "port", "bcache", "drbd"}

// BlockDevice is a raw disk or memory device: writing one destroys what
// the disk holds.
var BlockDevice = &Class{Name: "block device",
	Match: []string{"/dev/sda", "/dev/sda1", "/dev/nvme0n1", "/dev/mapper/root", "/dev/disk2", "/dev/mem", "/dev/loop0"},
	Pass:  []string{"/dev/null", "/dev/tty", "/dev/stdout", "/home/u/sda", "/devices/sda"},
	is: func(p, _ string) bool {
		n, ok := strings.CutPrefix(p, "/dev/")
		if !ok {
			return false
		}
		for _, pre := range blockDevicePrefixes {
			if strings.HasPrefix(n, pre) {
				return true
			}
		}
		return false
	}}

var securityDirs = []string{"/proc/sys/kernel/yama", "/proc/sys/kernel/randomize_va_space", "/sys/kernel/security", "/etc/selinux", "/etc/apparmor.d",
	"/etc/audit", "/proc/sys/kernel/kptr_restrict", "/proc/sys/kernel/dmesg_restrict", "/proc/sys/fs/protected_symlinks",
	"/proc/sys/fs/protected_hardlinks", "/etc/pam.d", "/etc/ufw", "/etc/iptables", "/etc/nftables.conf"}

// SecurityControl is a kernel or system security control: ptrace scope,
// address randomisation, SELinux, AppArmor, audit, PAM, the firewall.
var SecurityControl = &Class{Name: "security control",
	Match: []string{"/proc/sys/kernel/yama/ptrace_scope", "/proc/sys/kernel/randomize_va_space", "/etc/selinux/config", "/etc/pam.d/sshd", "/etc/nftables.conf"},
	Pass:  []string{"/proc/sys/kernel/hostname", "/etc/selinuxx", "/etc/hosts"},
	is:    func(p, _ string) bool { return anyWithin(p, securityDirs) }}

var logDirs = []string{"/var/log", "/var/audit", "/private/var/log", "/var/adm", "/run/log/journal"}

var historyFiles = []string{".bash_history", ".zsh_history", ".zhistory", ".history", ".sh_history", ".python_history", ".node_repl_history",
	".mysql_history", ".psql_history", ".sqlite_history", ".lesshst", ".local/share/fish/fish_history", ".irb_history", ".rediscli_history"}

var transcriptDirs = []string{".claude/projects", ".claude/history.jsonl", ".codex/sessions", ".codex/history.jsonl", ".gemini/tmp", ".hermes/sessions", ".cursor/chats"}

// Log is a system log, a shell or REPL history or an agent's transcript:
// changing one hides what was done.
var Log = &Class{Name: "log or history",
	Match: []string{"/var/log/auth.log", "/var/log", "/run/log/journal/x/system.journal", "~/.bash_history", "~/.local/share/fish/fish_history",
		"~/.claude/projects/p/s.jsonl", "~/.codex/history.jsonl"},
	Pass: []string{"/var/logs/x", "~/.bash_history.bak", "~/notes/.bash_history", "~/.claude/settings.json", "logs/app.log"},
	is: func(p, home string) bool {
		if anyWithin(p, logDirs) {
			return true
		}
		rel, ok := belowHome(p, home)
		if !ok {
			return false
		}
		for _, f := range historyFiles {
			if rel == f {
				return true
			}
		}
		for _, d := range transcriptDirs {
			if within(rel, d) {
				return true
			}
		}
		return false
	}}

// startupFiles are below a home directory: shell start-up files, login
// items, user services, editors' and tools' start-up configuration.
var startupFiles = []string{".bashrc", ".bash_profile", ".bash_login", ".bash_logout", ".profile", ".zshrc", ".zprofile", ".zshenv", ".zlogin", ".zlogout",
	".kshrc", ".cshrc", ".tcshrc", ".mkshrc", ".config/fish/config.fish", ".xprofile", ".xinitrc", ".xsession", ".inputrc", ".bash_aliases",
	".config/powershell/Microsoft.PowerShell_profile.ps1", ".pam_environment", ".config/environment.d", ".ssh/rc", ".ssh/authorized_keys", ".ssh/authorized_keys2",
	".config/autostart", ".config/systemd", "Library/LaunchAgents", ".local/share/systemd", ".config/upstart",
	".vimrc", ".config/nvim/init.vim", ".config/nvim/init.lua", ".ssh/config",
	".config/fish/conf.d", ".oh-my-zsh/custom", ".zshrc.local", ".bashrc.d"}

var persistenceDirs = []string{"/etc/cron.d", "/etc/cron.daily", "/etc/cron.hourly", "/etc/cron.weekly", "/etc/cron.monthly", "/etc/crontab", "/var/spool/cron",
	"/etc/systemd", "/lib/systemd/system", "/usr/lib/systemd/system", "/etc/init.d", "/etc/rc.local", "/etc/profile", "/etc/profile.d", "/etc/bash.bashrc",
	"/etc/bashrc", "/etc/zshrc", "/etc/zsh", "/etc/environment", "/Library/LaunchAgents", "/Library/LaunchDaemons", "/etc/xdg/autostart", "/etc/ld.so.preload",
	"/etc/update-motd.d", "/etc/periodic", "/etc/anacrontab", "/etc/incron.d"}

// Persistence is a file that makes code run automatically later: shell
// start-up files, scheduled jobs, services, login items, authorized keys,
// git hooks and configuration, Python's site customisation. User-global
// tool configuration (~/.npmrc, ~/.gitconfig) is not: it is judged as
// configuration.
var Persistence = &Class{Name: "persistence location",
	Match: []string{"~/.bashrc", "~/.config/systemd/user/x.service", "~/Library/LaunchAgents/x.plist", "/etc/cron.d/job", "/etc/ld.so.preload",
		"/srv/x/.ssh/authorized_keys", "repo/.git/hooks/pre-commit", "repo/.git/config", "lib/sitecustomize.py"},
	Pass: []string{"~/.npmrc", "~/.gitconfig", "~/.bashrc-notes/x", "/etc/cronx", "repo/.github/hooks/x", "docs/authorized_keys.md"},
	is: func(p, home string) bool {
		if rel, ok := belowHome(p, home); ok && anyWithin(rel, startupFiles) {
			return true
		}
		if anyWithin(p, persistenceDirs) {
			return true
		}
		base := path.Base(p)
		return strings.HasSuffix(base, "authorized_keys") || strings.Contains(p, "/.git/hooks/") || strings.HasSuffix(p, "/.git/config") ||
			base == "sitecustomize.py" || base == "usercustomize.py"
	}}

var templateWords = []string{"example", "sample", "template", "dist", "defaults", "default", "tmpl", "tpl", "schema", "ci", "test", "testing"}

// backupSuffixes are what editors and backup habits add to a file's name
// for a copy of it: the copy holds what the file holds.
var backupSuffixes = []string{"~", ".bak", ".backup", ".orig", ".old", ".save", ".sav", ".swp", ".swo", ".tmp", ".copy", ".prev"}

// BackedUp returns the name of the file a backup copy's name stands for:
// .env~, credentials.bak, .env.swp, config.old, a numbered .env.~2~, an
// Emacs #.env#. ok is false when the name is not a copy's.
func BackedUp(p string) (orig string, ok bool) {
	if _, b := path.Split(p); !mayBeCopy(b) {
		return p, false
	}
	return backedUp(p)
}

// backedUp is BackedUp for every name, a copy's or not.
func backedUp(p string) (orig string, ok bool) {
	dir, b := path.Split(p)
	for {
		nb := b
		if len(nb) > 2 && nb[0] == '#' && nb[len(nb)-1] == '#' {
			nb = nb[1 : len(nb)-1] // Emacs auto-save
		}
		if i := strings.LastIndex(nb, ".~"); i > 0 && i+2 < len(nb) && strings.HasSuffix(nb, "~") && isDigits(nb[i+2:len(nb)-1]) {
			nb = nb[:i] // numbered backup: .env.~1~
		}
		low := strings.ToLower(nb)
		for _, suf := range backupSuffixes {
			if len(low) > len(suf) && strings.HasSuffix(low, suf) {
				nb = nb[:len(nb)-len(suf)]
				break
			}
		}
		if nb == b || nb == "" || nb == "." {
			break
		}
		b, ok = nb, true
	}
	if !ok {
		return p, false
	}
	return dir + b, true
}

// mayBeCopy reports a name BackedUp may strip: one of Emacs' #…#, or one
// ending in a backup suffix, any case (a name past ASCII is left to
// BackedUp itself, which lower-cases it as Unicode does). Most names are
// none, and are answered without lower-casing or building anything.
func mayBeCopy(b string) bool {
	if len(b) > 2 && b[0] == '#' && b[len(b)-1] == '#' {
		return true
	}
	if b == "" {
		return false
	}
	if last := b[len(b)-1]; last < 0x80 && !backupLast.has(asciiLower(last)) {
		// The name ends in an ASCII letter no suffix ends in (nor ~):
		// lower-cased it ends in that letter still.
		return false
	}
	for i := 0; i < len(b); i++ {
		if b[i] >= 0x80 {
			return true
		}
	}
	for _, suf := range backupSuffixes {
		if len(b) > len(suf) && asciiHasSuffixFold(b, suf) {
			return true
		}
	}
	return false
}

// backupLast holds the last bytes of backupSuffixes.
var backupLast = func() (f firstSet) {
	for _, suf := range backupSuffixes {
		f.add(suf[len(suf)-1])
	}
	return f
}()

func asciiLower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// asciiHasSuffixFold reports whether ASCII s ends with suf (lower-case
// ASCII) in any case.
func asciiHasSuffixFold(s, suf string) bool {
	if len(s) < len(suf) {
		return false
	}
	t := s[len(s)-len(suf):]
	for i := 0; i < len(suf); i++ {
		c := t[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != suf[i] {
			return false
		}
	}
	return true
}

func isDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

// SecretEnv is a dotenv file holding real secrets: .env, .env.production,
// prod.env, and an editor's or backup's copy of one (.env~, prod.env.bak);
// templates (.env.example, .env.test) are not.
var SecretEnv = &Class{Name: "secret dotenv file",
	Match: []string{".env", ".env.production", "cfg/prod.env", ".ENV", ".env~", "prod.env.bak", "#.env#", ".env.~1~", ".env.swp", ".env.local.orig"},
	Pass:  []string{".env.example", ".env.sample.local", ".env.test", "environment.md", "x.envrc", ".env.example~", "notes.txt~", "envelope.bak"},
	is: func(p, _ string) bool {
		if orig, ok := BackedUp(p); ok {
			p = orig
		}
		b := strings.ToLower(path.Base(p))
		if b != ".env" && !strings.HasPrefix(b, ".env.") && !strings.HasSuffix(b, ".env") {
			return false
		}
		for _, t := range templateWords {
			if strings.HasSuffix(b, "."+t) || strings.Contains(b, "."+t+".") {
				return false
			}
		}
		return true
	}}

var disposableWords = []string{"test", "dev", "tmp", "temp", "local", "fixture", "sample", "example", "cache", "staging", "scratch", "demo"}

// Disposable is a file named as disposable: a test, development,
// temporary, sample or cache copy.
var Disposable = &Class{Name: "disposable name", Names: true,
	Match: []string{"test.db", "dev.sqlite3", "Fixtures.csv", "tmp_data.parquet", "app-staging.db"},
	Pass:  []string{"app.db", "users.csv", "prod.sqlite"},
	is: func(b, _ string) bool {
		b = strings.ToLower(b)
		for _, w := range disposableWords {
			if strings.Contains(b, w) {
				return true
			}
		}
		return false
	}}

// Database is a database file that is not named as disposable.
var Database = &Class{Name: "database file",
	Match: []string{"data/app.db", "prod.sqlite3", "x.DUCKDB", "store.realm"},
	Pass:  []string{"test.db", "dev.sqlite", "app.dbx", "db/schema.sql"},
	is: func(p, _ string) bool {
		b := strings.ToLower(path.Base(p))
		switch path.Ext(b) {
		case ".db", ".sqlite", ".sqlite3", ".mdb", ".accdb", ".ldb", ".realm", ".duckdb":
			return !Disposable.is(b, "")
		}
		return false
	}}

// Table is a data table or dataset (.csv, .parquet, …) not named as
// disposable: emptying one loses its rows, though writing a new one is
// everyday work.
var Table = &Class{Name: "data table",
	Match: []string{"users.csv", "data/events.parquet", "x.JSONL"},
	Pass:  []string{"test.csv", "sample.tsv", "users.csv.md"},
	is: func(p, _ string) bool {
		b := strings.ToLower(path.Base(p))
		switch path.Ext(b) {
		case ".csv", ".tsv", ".parquet", ".xlsx", ".xls", ".jsonl", ".ndjson", ".avro", ".feather", ".orc":
			return !Disposable.is(b, "")
		}
		return false
	}}

var backupWords = []string{"backup", "/bak/", "snapshot", "time machine", ".bak", ".dump", "/dumps/", ".tmbackup", "restic", "borg", ".sql.gz", ".sql.bz2", ".sql.xz", ".sql.zst"}

// Backup is a backup or snapshot, by its path's words.
var Backup = &Class{Name: "backup",
	Match: []string{"/srv/backups/db.tar", "/mnt/Time Machine/x", "db.dump", "/var/bak/x", "prod.sql.gz", "/data/restic/repo"},
	Pass:  []string{"/srv/data/db.tar", "dump.go", "sql.go"},
	is: func(p, _ string) bool {
		lp := strings.ToLower(p)
		for _, w := range backupWords {
			if strings.Contains(lp, w) {
				return true
			}
		}
		return false
	}}

var artifactDirs = []string{"node_modules", "dist", "build", "out", "target", ".next", ".turbo", ".svelte-kit",
	".parcel-cache", "coverage", ".nyc_output", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".venv",
	"venv", ".terraform", "obj", "bin", "storybook-static", ".cache", ".gradle", ".angular",
	".nuxt", ".output", ".expo", ".dart_tool", ".tox", ".nox", "htmlcov", ".hypothesis",
	".sass-cache", ".eslintcache", "DerivedData", ".build", "_build", ".stack-work", "dist-newstyle", ".docusaurus",
	".vercel", ".netlify", ".webpack", ".vite", ".astro", ".wrangler", "cmake-build-debug", "cmake-build-release",
	"Pods", ".pnpm-store", ".yarn-cache", "elm-stuff", "bower_components", ".serverless", ".aws-sam", "cdk.out",
	".ipynb_checkpoints", ".coverage", "lcov-report", "tsconfig.tsbuildinfo", ".jest-cache", "jest-cache"}

// ArtifactDir is the name of regenerable build output or a cache
// (POLICY R2): deleting it loses nothing a build does not make again.
var ArtifactDir = &Class{Name: "build artifact", Names: true,
	Match: []string{"node_modules", "dist", "__pycache__", ".venv", "target", "cdk.out"},
	Pass:  []string{"src", "node_module", "Dist", "docs", ".git"},
	is: func(s, _ string) bool {
		for _, d := range artifactDirs {
			if s == d {
				return true
			}
		}
		return false
	}}

var artifactSuffixes = []string{".log", ".pyc", ".pyo", ".tmp", ".orig", ".rej", "~", ".swp", ".swo", ".o", ".obj", ".class", ".tsbuildinfo", ".egg-info", ".cache", ".map", ".d.ts.map"}

// ArtifactFile is the name of a regenerable file: build output, editor
// droppings, logs, compiled objects.
var ArtifactFile = &Class{Name: "regenerable file", Names: true,
	Match: []string{"node_modules", ".DS_Store", "Thumbs.db", "app.log", "x.pyc", "main.o", "notes.txt~", "a.js.map"},
	Pass:  []string{"main.go", "app.log.md", "README", ".env"},
	is: func(name, _ string) bool {
		if ArtifactDir.is(name, "") || name == ".DS_Store" || name == "Thumbs.db" {
			return true
		}
		for _, suf := range artifactSuffixes {
			if strings.HasSuffix(name, suf) {
				return true
			}
		}
		return false
	}}

// ArtifactPattern is a glob pattern that only matches regenerable files
// (*.log, *.pyc, .DS_Store); "*", "*.*" and ".*" match anything.
var ArtifactPattern = &Class{Name: "pattern of regenerable files", Names: true,
	Match: []string{"*.log", "*.pyc", ".DS_Store", "*~", "node_modules"},
	Pass:  []string{"*", "*.*", ".*", "*/", "*.go", "*.[ch]", ""},
	is: func(pat, _ string) bool {
		if pat == "" || pat == "*" || pat == "*.*" || pat == ".*" || pat == "*/" {
			return false
		}
		p := strings.TrimPrefix(pat, "*")
		if p == pat {
			return ArtifactFile.is(pat, "")
		}
		if strings.ContainsAny(p, "*?[") {
			return false
		}
		return ArtifactFile.is("x"+p, "")
	}}

var transcriptDevices = []string{"/dev/stdout", "/dev/stderr", "/dev/tty", "/dev/fd/1", "/dev/fd/2", "/proc/self/fd/1", "/proc/self/fd/2", "/dev/console"}

// TranscriptDevice is an output file that is the terminal or a standard
// stream: what is written there reaches the agent's transcript.
var TranscriptDevice = &Class{Name: "transcript device",
	Match: []string{"/dev/stdout", "/dev/stderr", "/dev/tty", "/dev/fd/1", "/proc/self/fd/2", "/dev/console", "/dev/stdin"},
	Pass:  []string{"/dev/null", "/dev/fd/3", "/proc/self/fd/3", "/dev/sda", "out.txt"},
	is: func(p, _ string) bool {
		for _, d := range transcriptDevices {
			if p == d {
				return true
			}
		}
		return strings.HasPrefix(p, "/dev/std")
	}}

var systemDirs = []string{"/etc", "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/boot", "/proc", "/sys", "/dev", "/opt", "/var", "/srv",
	"/root", "/System", "/Library", "/Applications", "/private", "/snap", "/run", "/Volumes", "/mnt", "/media"}

// System is a system location: the directories of the operating system
// and its services, not a user's files. (Whether a home inside one —
// root's /root, a service user's /var/lib/x — is the user's is the
// caller's to say.)
var System = &Class{Name: "system location",
	Match: []string{"/etc/hosts", "/usr/local/bin/x", "/var/lib/x", "/System/Library", "/opt"},
	Pass:  []string{"/home/u/x", "~/etc/x", "/etcetera", "/tmpx", "repo/usr/x"},
	is:    func(p, _ string) bool { return anyWithin(p, systemDirs) }}

var harmlessDevices = []string{"/dev/null", "/dev/zero", "/dev/stdin", "/dev/stdout", "/dev/stderr", "/dev/random", "/dev/urandom", "/dev/tty"}

// HarmlessDevice is a device outside any project that every program may
// read without revealing anything: the null and zero devices, the
// standard streams, the random sources, the terminal.
var HarmlessDevice = &Class{Name: "harmless device",
	Match: []string{"/dev/null", "/dev/urandom", "/dev/tty", "/dev/stdin"},
	Pass:  []string{"/dev/sda", "/dev/mem", "/dev/fd/3", "/dev/nullx", "null"},
	is: func(p, _ string) bool {
		for _, d := range harmlessDevices {
			if p == d {
				return true
			}
		}
		return false
	}}

var recipeNames = []string{"package.json", "Makefile", "makefile", "GNUmakefile", "justfile", "Justfile", "Taskfile.yml", "Taskfile.yaml",
	"Rakefile", "setup.py", "pyproject.toml", "setup.cfg", "tox.ini", "noxfile.py", "conftest.py", "Cargo.toml",
	"build.rs", "build.gradle", "build.gradle.kts", "settings.gradle", "pom.xml", "composer.json", "CMakeLists.txt", ".npmrc",
	".yarnrc.yml", "deno.json", "bunfig.toml", "Gemfile", "mix.exs", "build.sbt", "meson.build", "go.mod"}

// Recipe is the name of a file a project's build and test commands read
// to know what to run (npm's scripts, a Makefile's recipes, conftest.py):
// a command that writes one and then runs the project runs what it just
// wrote.
var Recipe = &Class{Name: "build recipe", Names: true,
	Match: []string{"package.json", "Makefile", "conftest.py", "go.mod", ".npmrc"},
	Pass:  []string{"package-lock.json", "Makefile.bak", "main.go", "README.md"},
	is: func(s, _ string) bool {
		for _, r := range recipeNames {
			if s == r {
				return true
			}
		}
		return false
	}}
