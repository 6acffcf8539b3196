package shell

import (
	"path"
	"strings"

	"github.com/wardenhq/warden/pathclass"
)

// blockDevice reports raw disk devices.
func blockDevice(p string) bool {
	if !strings.HasPrefix(p, "/dev/") {
		return false
	}
	n := p[len("/dev/"):]
	for _, pre := range []string{"sd", "hd", "vd", "xvd", "nvme", "mmcblk", "disk", "rdisk", "mapper/", "md", "dm-", "loop", "sr", "nbd", "zd", "mem", "kmem", "port", "bcache", "drbd"} {
		if strings.HasPrefix(n, pre) {
			return true
		}
	}
	return false
}

func securityPath(p string) bool {
	switch {
	case within(p, "/proc/sys/kernel/yama"), p == "/proc/sys/kernel/randomize_va_space", within(p, "/sys/kernel/security"),
		within(p, "/etc/selinux"), within(p, "/etc/apparmor.d"), within(p, "/etc/audit"), p == "/proc/sys/kernel/kptr_restrict",
		p == "/proc/sys/kernel/dmesg_restrict", p == "/proc/sys/fs/protected_symlinks", p == "/proc/sys/fs/protected_hardlinks",
		within(p, "/etc/pam.d"), within(p, "/etc/ufw"), within(p, "/etc/iptables"), within(p, "/etc/nftables.conf"):
		return true
	}
	return false
}

var historyFiles = []string{".bash_history", ".zsh_history", ".zhistory", ".history", ".sh_history", ".python_history", ".node_repl_history", ".mysql_history", ".psql_history", ".sqlite_history", ".lesshst", ".local/share/fish/fish_history", ".irb_history", ".rediscli_history"}

// logPath reports system logs, shell histories and agent transcripts.
func logPath(a *analyzer, p string) bool {
	if within(p, "/var/log") || within(p, "/var/audit") || within(p, "/private/var/log") || within(p, "/var/adm") || within(p, "/run/log/journal") {
		return true
	}
	if h := a.opts.Home; h != "" && within(p, h) {
		rel := relTo(p, h)
		for _, f := range historyFiles {
			if rel == f {
				return true
			}
		}
		for _, d := range []string{".claude/projects", ".claude/history.jsonl", ".codex/sessions", ".codex/history.jsonl", ".gemini/tmp", ".hermes/sessions", ".cursor/chats"} {
			if within(rel, d) {
				return true
			}
		}
	}
	return false
}

var rcFiles = []string{".bashrc", ".bash_profile", ".bash_login", ".bash_logout", ".profile", ".zshrc", ".zprofile", ".zshenv", ".zlogin", ".zlogout",
	".kshrc", ".cshrc", ".tcshrc", ".mkshrc", ".config/fish/config.fish", ".xprofile", ".xinitrc", ".xsession", ".inputrc", ".bash_aliases",
	".config/powershell/Microsoft.PowerShell_profile.ps1", ".pam_environment", ".config/environment.d", ".ssh/rc", ".ssh/authorized_keys", ".ssh/authorized_keys2",
	".config/autostart", ".config/systemd", "Library/LaunchAgents", ".local/share/systemd", ".config/upstart", ".gitconfig", ".config/git/config",
	".vimrc", ".config/nvim/init.vim", ".config/nvim/init.lua", ".npmrc", ".pypirc", ".curlrc", ".wgetrc", ".ssh/config",
	".config/fish/conf.d", ".oh-my-zsh/custom", ".zshrc.local", ".bashrc.d", ".config/pip/pip.conf", ".pip/pip.conf"}

// persistencePath reports files that make code run automatically later:
// shell startup files, scheduled jobs, services, login items, git hooks.
func persistencePath(a *analyzer, p string) bool {
	if h := a.opts.Home; h != "" && within(p, h) {
		rel := relTo(p, h)
		for _, f := range rcFiles {
			if within(rel, f) {
				switch f {
				case ".npmrc", ".pypirc", ".curlrc", ".wgetrc", ".config/pip/pip.conf", ".pip/pip.conf", ".gitconfig", ".config/git/config":
					continue // user-global tool configuration, judged below
				}
				return true
			}
		}
	}
	for _, d := range []string{"/etc/cron.d", "/etc/cron.daily", "/etc/cron.hourly", "/etc/cron.weekly", "/etc/cron.monthly", "/etc/crontab", "/var/spool/cron",
		"/etc/systemd", "/lib/systemd/system", "/usr/lib/systemd/system", "/etc/init.d", "/etc/rc.local", "/etc/profile", "/etc/profile.d", "/etc/bash.bashrc",
		"/etc/bashrc", "/etc/zshrc", "/etc/zsh", "/etc/environment", "/Library/LaunchAgents", "/Library/LaunchDaemons", "/etc/xdg/autostart", "/etc/ld.so.preload",
		"/etc/update-motd.d", "/etc/periodic", "/etc/anacrontab", "/etc/incron.d"} {
		if within(p, d) {
			return true
		}
	}
	if strings.HasSuffix(path.Base(p), "authorized_keys") {
		return true
	}
	if i := strings.Index(p, "/.git/hooks/"); i >= 0 {
		return true
	}
	if strings.HasSuffix(p, "/.git/config") {
		return true
	}
	base := path.Base(p)
	if base == "sitecustomize.py" || base == "usercustomize.py" {
		return true
	}
	return false
}

// credentialFile reports private keys, cloud and tool credentials and
// browser password stores (declared in package pathclass).
func (a *analyzer) credentialFile(p string) bool {
	i := a.pathAnswer(p)
	if i >= 0 && a.answers[i].cred != 0 {
		return a.answers[i].cred == answerYes
	}
	v := a.credentialFileNow(p)
	if i >= 0 {
		a.answers[i].cred = answerOf(v)
	}
	return v
}

// control is pathclass.Control with the analysis' home and control files,
// remembered per path like credentialFile: the same few paths are judged
// again and again in one command (a log appended to, a function's calls).
func (a *analyzer) control(p string) (pathclass.Entry, bool) {
	i := a.pathAnswer(p)
	if i >= 0 && a.answers[i].ctl != 0 {
		if e := a.answers[i].entry; e != nil {
			return *e, true
		}
		return pathclass.Entry{}, false
	}
	e, ok := pathclass.Control(p, a.opts.Home, a.opts.ControlFiles...)
	if i >= 0 {
		a.answers[i].ctl = answerOf(ok)
		if ok {
			a.answers[i].entry = &e
		}
	}
	return e, ok
}

// pathAnswer is what credentialFile and control answered for a path (0
// while not asked).
type pathAnswer struct {
	p         string
	cred, ctl int8
	entry     *pathclass.Entry
}

const (
	answerNo  int8 = 1
	answerYes int8 = 2
)

func answerOf(b bool) int8 {
	if b {
		return answerYes
	}
	return answerNo
}

// pathAnswer returns the index of p's answers, added if new, or -1 once
// maxAnswers paths are remembered. A command names few paths: a short
// list costs a one-liner less than a map.
func (a *analyzer) pathAnswer(p string) int {
	for i := range a.answers {
		if a.answers[i].p == p {
			return i
		}
	}
	if len(a.answers) >= maxAnswers {
		return -1
	}
	a.answers = append(a.answers, pathAnswer{p: p})
	return len(a.answers) - 1
}

const maxAnswers = 64

func (a *analyzer) credentialFileNow(p string) bool {
	if len(a.opts.Secrets) > 0 {
		for _, f := range a.opts.Secrets {
			if f != "" && within(p, f) {
				return true
			}
		}
	}
	return pathclass.Credential(p, a.opts.Home, a.inTree(p))
}

// secretEnvFile reports dotenv files holding real secrets (not templates).
func secretEnvFile(p string) bool {
	b := strings.ToLower(path.Base(p))
	if b != ".env" && !strings.HasPrefix(b, ".env.") && !strings.HasSuffix(b, ".env") {
		return false
	}
	for _, t := range []string{"example", "sample", "template", "dist", "defaults", "default", "tmpl", "tpl", "schema", "ci", "test", "testing"} {
		if strings.HasSuffix(b, "."+t) || strings.Contains(b, "."+t+".") {
			return false
		}
	}
	return true
}

// dataFile reports database files that are not disposable test or dev
// databases.
func dataFile(p string) bool {
	b := strings.ToLower(path.Base(p))
	ext := path.Ext(b)
	switch ext {
	case ".db", ".sqlite", ".sqlite3", ".mdb", ".accdb", ".ldb", ".realm", ".duckdb":
	default:
		return false
	}
	return !disposableName(b)
}

// tableFile reports data tables and datasets (.csv, .parquet, ...) that are
// not named as disposable: emptying one loses its rows, though writing a
// new one is everyday work.
func tableFile(p string) bool {
	b := strings.ToLower(path.Base(p))
	switch path.Ext(b) {
	case ".csv", ".tsv", ".parquet", ".xlsx", ".xls", ".jsonl", ".ndjson", ".avro", ".feather", ".orc":
		return !disposableName(b)
	}
	return false
}

func disposableName(b string) bool {
	b = strings.ToLower(b)
	for _, w := range []string{"test", "dev", "tmp", "temp", "local", "fixture", "sample", "example", "cache", "staging", "scratch", "demo"} {
		if strings.Contains(b, w) {
			return true
		}
	}
	return false
}

// backupPath reports backups and snapshots.
func backupPath(p string) bool {
	lp := strings.ToLower(p)
	for _, w := range []string{"backup", "/bak/", "snapshot", "time machine", ".bak", ".dump", "/dumps/", ".tmbackup", "restic", "borg", ".sql.gz", ".sql.bz2", ".sql.xz", ".sql.zst"} {
		if strings.Contains(lp, w) {
			return true
		}
	}
	return false
}

// artifactNames are regenerable build outputs and caches (POLICY R2).
func artifactNames(s string) bool {
	switch s {
	case "node_modules", "dist", "build", "out", "target", ".next", ".turbo", ".svelte-kit",
		".parcel-cache", "coverage", ".nyc_output", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".venv",
		"venv", ".terraform", "obj", "bin", "storybook-static", ".cache", ".gradle", ".angular",
		".nuxt", ".output", ".expo", ".dart_tool", ".tox", ".nox", "htmlcov", ".hypothesis",
		".sass-cache", ".eslintcache", "DerivedData", ".build", "_build", ".stack-work", "dist-newstyle", ".docusaurus",
		".vercel", ".netlify", ".webpack", ".vite", ".astro", ".wrangler", "cmake-build-debug", "cmake-build-release",
		"Pods", ".pnpm-store", ".yarn-cache", "elm-stuff", "bower_components", ".serverless", ".aws-sam", "cdk.out",
		".ipynb_checkpoints", ".coverage", "lcov-report", "tsconfig.tsbuildinfo", ".jest-cache", "jest-cache":
		return true
	}
	return false
}

// artifactFile reports names and patterns of regenerable files.
func artifactFile(name string) bool {
	switch {
	case artifactNames(name), name == ".DS_Store", name == "Thumbs.db":
		return true
	}
	for _, suf := range []string{".log", ".pyc", ".pyo", ".tmp", ".orig", ".rej", "~", ".swp", ".swo", ".o", ".obj", ".class", ".tsbuildinfo", ".egg-info", ".cache", ".map", ".d.ts.map"} {
		if strings.HasSuffix(name, suf) {
			return true
		}
	}
	return false
}

// artifactPattern reports glob patterns that only match regenerable files
// (*.log, *.pyc, .DS_Store).
func artifactPattern(pat string) bool {
	if pat == "" || pat == "*" || pat == "*.*" || pat == ".*" || pat == "*/" {
		return false
	}
	p := strings.TrimPrefix(pat, "*")
	if p == pat {
		return artifactFile(pat)
	}
	if hasGlobChars(p) {
		return false
	}
	return artifactFile("x" + p)
}
