package checks

import (
	"slices"
	"strings"

	"github.com/wardenhq/warden/danger"
	"github.com/wardenhq/warden/programs"
)

func PrivilegeTools(c Call) {
	switch c.Program() {
	case "usermod", "useradd", "gpasswd":
		// The groups the call puts the user in, as the entry reads them
		// (-aGsudo, --groups=wheel,dev, -g root; gpasswd -a USER GROUP,
		// -M USERS GROUP).
		res := c.Parse()
		var groups []string
		if c.Program() == "gpasswd" {
			if res.Has("--add", "--members", "--administrators") {
				groups = res.Operands()
			}
		} else {
			for _, v := range res.Values("--groups", "--gid") {
				groups = append(groups, strings.Split(v, ",")...)
			}
		}
		for _, g := range groups {
			if privilegedGroup(g) {
				c.Flag(danger.Privilege, "adds a user to the privileged group "+g)
				return
			}
		}
		if c.Program() != "gpasswd" {
			if uid, _ := res.Value("--uid"); res.Has("--non-unique") || uid == "0" {
				c.Flag(danger.Privilege, "creates or changes a user with root's id")
			}
		}
	case "adduser":
		// adduser USER GROUP and --ingroup GROUP, and --uid 0, as the
		// entry reads them (-ingroup=sudo, --ing sudo).
		res := c.Parse()
		groups := res.Values("-ingroup")
		for _, x := range c.Operands() {
			groups = append(groups, x.Value)
		}
		for _, g := range groups {
			if privilegedGroup(g) {
				c.Flag(danger.Privilege, "adds a user to the privileged group "+g)
				return
			}
		}
		if uid, _ := res.Value("-uid"); uid == "0" {
			c.Flag(danger.Privilege, "creates or changes a user with root's id")
		}
	case "newgrp", "sg":
		// The group is an operand of the entry (newgrp - docker, sg
		// docker -c CMD: the command is the entry's, not a group).
		pos := c.Operands()
		if c.Program() == "sg" && len(pos) > 1 {
			pos = pos[:1]
		}
		if slices.ContainsFunc(pos, func(x Word) bool { return privilegedGroup(x.Value) && x.Value != "shadow" && x.Value != "adm" }) {
			c.Flag(danger.Privilege, c.Program()+" switches into a group with root-equivalent rights")
		}
	case "sudoedit":
		// passwd, chpasswd, visudo and setcap are their entries' Raises.
		c.Flag(danger.Privilege, "edits sudo rules or files as root")
	case "dscl":
		// The entry's operands: the datasource, the command (-append or
		// append), then the record and its values.
		if pos := c.Operands(); len(pos) > 2 {
			switch strings.TrimPrefix(pos[1].Value, "-") {
			case "append", "create", "merge":
				if anyContains(pos[2:], "admin") {
					c.Flag(danger.Privilege, "adds a user to the admin group")
				}
			}
		}
	case "net":
		// The command and its /add, in any case, as the entry reads them.
		sub, rest := c.Sub()
		if !c.Parse().Has("/add") {
			break
		}
		switch strings.ToLower(sub) {
		case "localgroup":
			if len(rest) > 0 && slices.ContainsFunc(c.Operands(), func(x Word) bool { return strings.EqualFold(x.Value, "administrators") }) {
				c.Flag(danger.Privilege, "adds a user to the Administrators group")
			}
		case "user":
			c.Flag(danger.Privilege, "creates a Windows user")
		}
	case "nsenter":
		if c.Parse().Has("--target") {
			c.Flag(danger.Privilege, "enters another process's namespaces")
		}
	case "sudo", "doas", "su", "pkexec", "runas":
		// Reached only when they run nothing (sudo -k, sudo -l): a root
		// shell is still privilege.
		// The options as the program's entry reads them, in every
		// spelling (sudo --list, --rem, -nk): listing, help and dropping
		// the cached credentials open nothing; -h names a host, which
		// sudo takes only to list.
		res := c.Parse()
		if res.Help || res.Has("--reset-timestamp", "--remove-timestamp", "--list", "--host") {
			return
		}
		if res.Has("--validate") {
			c.FlagAt(danger.Privilege, "refreshes cached sudo credentials", medium)
			return
		}
		c.Flag(danger.Privilege, c.Program()+" opens a root shell or runs as another user")
	}
}

// privilegedGroup reports a group whose members are root, or can become
// it (sudo, docker, disk, …).
func privilegedGroup(g string) bool {
	switch g {
	case "sudo", "wheel", "admin", "root", "docker", "adm", "lxd", "disk", "shadow":
		return true
	}
	return false
}

func Systemctl(c Call) {
	// The verb and the units, as the entry reads the words (systemctl's
	// options before or after the verb, in every spelling; service
	// NAME VERB).
	sub, _ := c.Sub()
	pos := c.Operands()
	verb, units := strings.ToLower(sub), pos
	if res := c.Parse(); res.Spec != nil && len(res.Unknown) == 0 && !c.HasEffect(programs.Config) {
		return // the entry says the call only reads (sv status, chkconfig --list, rc-service -l)
	}
	if spec := programs.Lookup(c.Program()); spec != nil && len(spec.Subcommands) == 0 {
		// service, rc-service, update-rc.d and chkconfig: NAME VERB,
		// the verb the second operand; with none (chkconfig --add NAME)
		// the entry's effect says whether it changes a service.
		if len(pos) < 2 {
			if len(pos) == 0 && c.HasEffect(programs.Config) {
				c.Flag(danger.SystemConfig, c.Program()+" changes how services start")
			}
			return
		}
		verb, units = strings.ToLower(pos[1].Value), pos[:1]
	}
	if verb == "" {
		return
	}
	if c.Program() == "launchctl" {
		switch verb {
		case "load", "bootstrap", "submit", "enable":
			c.Flag(danger.Persistence, "launchctl "+verb+" installs a job that runs automatically")
		case "unload", "bootout", "disable", "remove", "kill", "stop":
			c.Flag(danger.SystemConfig, "launchctl "+verb+" stops or removes a system job")
		case "setenv", "config":
			c.FlagAt(danger.SystemConfig, "launchctl "+verb+" changes the session environment", medium)
		}
		return
	}
	if res := c.Parse(); res.Spec != nil && len(res.Spec.Raises) > 0 {
		return // a verb that is one danger: poweroff, reboot, isolate are the entry's Raises
	}
	switch verb {
	case "status", "show", "cat", "list-units", "list-unit-files", "list-timers", "list-sockets", "list-dependencies", "is-active", "is-enabled", "is-failed", "help", "--version", "list-jobs", "show-environment", "get-default", "list-machines":
		return
	}
	for _, u := range units {
		if securityUnit(u.Value) && (verb == "stop" || verb == "disable" || verb == "mask" || verb == "kill") {
			c.Flag(danger.SecurityDisable, c.Program()+" "+verb+" "+u.Value+" turns off a security control")
			return
		}
	}
	if verb == "enable" || verb == "link" || verb == "edit" || verb == "set-property" || verb == "add-wants" || verb == "preset" || verb == "revert" {
		c.Flag(danger.Persistence, c.Program()+" "+verb+" makes a service start automatically or changes it")
		return
	}
	c.Flag(danger.SystemConfig, c.Program()+" "+verb+" changes running services")
}

func securityUnit(u string) bool {
	u = strings.TrimSuffix(strings.ToLower(u), ".service")
	switch u {
	case "ufw", "firewalld", "iptables", "nftables", "apparmor", "auditd", "selinux", "fail2ban", "clamav-daemon", "clamd", "crowdsec", "osqueryd", "falcon-sensor", "wazuh-agent", "sshguard", "mdatp", "sentinelone":
		return true
	}
	return false
}

func SystemSettings(c Call) {
	ops := c.Args()
	switch c.Program() {
	case "sysctl":
		// -w, -p, --system or an operand NAME=VALUE, in every spelling:
		// the entry's Config effects.
		if c.HasEffect(programs.Config) {
			if pos := c.Operands(); anyContains(pos, "randomize_va_space") || anyContains(pos, "ptrace_scope") || anyContains(pos, "kptr_restrict") {
				c.Flag(danger.SecurityDisable, "changes a kernel security setting")
				return
			}
			c.Flag(danger.SystemConfig, "changes kernel parameters")
		}
	case "hostnamectl", "timedatectl", "localectl":
		// A set- verb, or a get/set verb with its value (hostname NAME),
		// after options in every spelling: the entry's Config effect.
		if c.HasEffect(programs.Config) {
			sub, _ := c.Sub()
			c.Flag(danger.SystemConfig, c.Program()+" "+sub+" changes system settings")
		}
	case "hostname":
		if len(c.Operands()) > 0 || c.HasEffect(programs.Config) {
			c.Flag(danger.SystemConfig, "changes the host name")
		}
	case "date":
		// -s, --set (or a prefix of it) or an operand that is not +FORMAT.
		if c.HasEffect(programs.Config) {
			c.Flag(danger.SystemConfig, "sets the system clock")
		}
	case "hwclock":
		if c.HasEffect(programs.Config) {
			c.Flag(danger.SystemConfig, "sets the hardware clock")
		}
	case "bcdedit":
		// /enum and /v (the entry's, in any case) list; every other
		// command changes the boot configuration.
		if len(ops) > 0 && !c.Parse().Has("/enum", "/v") {
			c.Flag(danger.SystemConfig, "changes Windows boot configuration")
		}
	case "reg":
		sub, _ := c.Sub()
		lf := strings.ToLower(sub)
		if lf == "add" || lf == "delete" || lf == "import" || lf == "restore" || lf == "copy" || lf == "load" {
			if strings.Contains(strings.ToLower(c.Text()), `\currentversion\run`) || strings.Contains(strings.ToLower(c.Text()), "winlogon") {
				c.Flag(danger.Persistence, "reg "+lf+" changes a Run key that starts programs at login")
				return
			}
			c.Flag(danger.SystemConfig, "reg "+lf+" changes the Windows registry")
		}
	case "set-itemproperty", "new-itemproperty":
		if strings.Contains(strings.ToLower(c.Text()), `currentversion\run`) {
			c.Flag(danger.Persistence, "adds a Run key that starts a program at login")
			return
		}
		if strings.Contains(strings.ToLower(c.Text()), "hklm:") || strings.Contains(strings.ToLower(c.Text()), "hkcu:") {
			c.Flag(danger.SystemConfig, "changes the Windows registry")
		}
	case "set-executionpolicy":
		// The policy: -ExecutionPolicy (any prefix, -Name:value) or the
		// first operand.
		policy := values(c, "-executionpolicy")
		if pos := c.Operands(); len(pos) > 0 {
			policy = append(policy, pos[0])
		}
		for _, p := range policy {
			if strings.EqualFold(p.Value, "bypass") || strings.EqualFold(p.Value, "unrestricted") {
				c.Flag(danger.SecurityDisable, "turns off PowerShell's script execution policy")
				break
			}
		}
	case "netsh":
		// The command's words are the entry's operands, a quoted word
		// holding several too: advfirewall set allprofiles state off,
		// firewall set opmode disable.
		firewall, off, prev := false, false, ""
		for _, x := range c.Operands() {
			for _, f := range strings.Fields(strings.ToLower(x.Value)) {
				firewall = firewall || strings.Contains(f, "firewall")
				off = off || f == "off" || f == "mode=disable" || f == "disable" && prev == "opmode"
				prev = f
			}
		}
		if firewall && off {
			c.Flag(danger.SecurityDisable, "turns the Windows firewall off")
		}
	// sc stop, delete, config and create are its entry's Raises.
	case "defaults":
		// The verb and its domain as the entry reads them, after
		// -currentHost or -host HOST.
		if sub, rest := c.Sub(); sub == "write" || sub == "delete" {
			if strings.Contains(c.Text(), "LSQuarantine") || strings.Contains(c.Text(), "com.apple.security") || strings.Contains(c.Text(), "alf") {
				c.Flag(danger.SecurityDisable, "changes a macOS security setting")
				return
			}
			if len(rest) > 0 && (strings.HasPrefix(rest[0].Value, "/Library") || rest[0].Value == "-g" || rest[0].Value == "-globalDomain" || rest[0].Value == "NSGlobalDomain") {
				c.FlagAt(danger.SystemConfig, "changes global macOS defaults", medium)
			}
		}
	case "scutil":
		if c.Parse().Has("--set") {
			c.Flag(danger.SystemConfig, "changes macOS system names")
		}
	case "nvram":
		if res := c.Parse(); len(ops) > 0 && !res.Has("-p", "-x") {
			c.Flag(danger.SystemConfig, "changes firmware variables")
		}
	case "modprobe":
		// Its dry run and queries (-n, -c, -D, …) and a call with no
		// module change nothing: the entry's effect says which. insmod
		// and rmmod are their entries' Raises.
		if c.HasEffect(programs.Config) {
			c.Flag(danger.SystemConfig, "loads or unloads kernel modules")
		}
	case "update-alternatives", "ldconfig":
		// --display, --query, ldconfig -p, …: the entry's ReadWith.
		if c.HasEffect(programs.Config) {
			c.Flag(danger.SystemConfig, c.Program()+" changes system configuration")
		}
	case "efibootmgr":
		// An option that creates, deletes, orders or activates a boot
		// entry: the entry's Config effects (efibootmgr and -v list).
		// swapoff, update-grub and grub-install are their entries' Raises.
		if c.HasEffect(programs.Config) {
			c.Flag(danger.SystemConfig, c.Program()+" changes system configuration")
		}
	case "mount", "umount":
		// An operand, -a, or a source or target given by option
		// (-L, -U, --source, --target): the entry's Config effect.
		if c.HasEffect(programs.Config) {
			c.FlagAt(danger.SystemConfig, c.Program()+" changes mounted file systems", medium)
		}
	// npm, pnpm and yarn config set (and npm set) are their entries'
	// Raises: the setting decides the danger.
	case "pip", "pip3":
		// pip config set and edit, pip's --trusted-host and uv's
		// --allow-insecure-host (--trusted-host) are their entries'
		// Raises, in every spelling and position.
		if sub, _ := c.Sub(); sub == "install" && c.Parse().Has("--break-system-packages") {
			c.FlagAt(danger.SystemConfig, "installs into the system Python", medium)
		}
	case "gem":
		if sub, _ := c.Sub(); sub == "sources" && c.Parse().Has("--add") {
			c.FlagAt(danger.SystemConfig, "adds a gem source", medium)
		}
	case "cargo", "go":
		if sub, _ := c.Sub(); c.Program() == "go" && sub == "env" && c.Parse().Has("-w") {
			for _, x := range c.Operands() {
				if strings.HasPrefix(x.Value, "GOPROXY=") || strings.HasPrefix(x.Value, "GOINSECURE=") || strings.HasPrefix(x.Value, "GONOSUMDB=") || strings.HasPrefix(x.Value, "GOFLAGS=") || strings.HasPrefix(x.Value, "GONOSUMCHECK=") || strings.HasPrefix(x.Value, "GOSUMDB=off") {
					c.FlagAt(danger.SystemConfig, "changes Go's user-global module settings ("+x.Value+")", medium)
				}
			}
		}
	}
}

// wordIn reports whether one of the words is w.
func wordIn(ops []Word, w string) bool {
	for _, x := range ops {
		if x.Value == w {
			return true
		}
	}
	return false
}

func anyContains(ops []Word, s string) bool {
	for _, x := range ops {
		if strings.Contains(x.Value, s) {
			return true
		}
	}
	return false
}

func Security(c Call) {
	ops := c.Args()
	switch c.Program() {
	case "ufw":
		// The command after --dry-run and --force, as the entry reads
		// it; ufw lowers it, and so does the check.
		res := c.Parse()
		sub, _ := c.Sub()
		verb := strings.ToLower(sub)
		if res.Has("--dry-run") {
			return
		}
		if verb == "disable" || verb == "reset" || verb == "default" && wordIn(c.Operands(), "allow") {
			c.Flag(danger.SecurityDisable, "ufw "+verb+" turns the firewall off or opens it")
		}
	case "iptables", "ip6tables":
		res := c.Parse()
		policy, _ := res.Value("--policy")
		accept := policy != "" && wordIn(c.Operands(), "ACCEPT")
		if res.Has("--flush") || res.Has("--delete-chain") || accept || res.Has("--delete") {
			c.Flag(danger.SecurityDisable, "flushes or opens the firewall rules")
		}
	case "nft":
		// A command word flush, delete or destroy, in its own word or a
		// quoted one ('flush ruleset'); -c only
		if c.Parse().Has("--check") {
			return
		}
		sub, rest := c.Sub()
		for _, w := range append([]Word{{Value: sub}}, rest...) {
			for _, f := range strings.Fields(w.Value) {
				if f == "flush" || f == "delete" || f == "destroy" {
					c.Flag(danger.SecurityDisable, "flushes or deletes firewall rules")
					return
				}
			}
		}
	case "firewall-cmd":
		res := c.Parse()
		if zone, _ := res.Value("--set-default-zone"); res.Has("--panic-off") || zone == "trusted" {
			c.Flag(danger.SecurityDisable, "opens the firewall")
		}
	case "setenforce":
		if pos := c.Operands(); len(pos) > 0 && (pos[0].Value == "0" || strings.EqualFold(pos[0].Value, "permissive")) {
			c.Flag(danger.SecurityDisable, "turns SELinux enforcement off")
		}
	case "spctl":
		if c.Parse().Has("--master-disable", "--global-disable", "--disable") {
			c.Flag(danger.SecurityDisable, "turns Gatekeeper off")
		}
	case "csrutil":
		sub, rest := c.Sub()
		if sub == "disable" || sub == "authenticated-root" && wordIn(rest, "disable") {
			c.Flag(danger.SecurityDisable, "turns System Integrity Protection off")
		}
	case "set-mppreference":
		// A -Disable… or -Exclusion… setting, by any prefix the entry
		// takes; an undeclared one (the entry is loose) is read by its
		// name.
		res := c.Parse()
		for _, o := range res.Options {
			if strings.HasPrefix(o.Option, "-disable") || strings.HasPrefix(o.Option, "-exclusion") {
				c.Flag(danger.SecurityDisable, "turns Microsoft Defender protection off")
				return
			}
		}
		for _, x := range ops {
			lx := strings.ToLower(x.Value)
			if strings.HasPrefix(lx, "-disable") || strings.HasPrefix(lx, "-exclusion") {
				c.Flag(danger.SecurityDisable, "turns Microsoft Defender protection off")
				return
			}
		}
	// add-mppreference is its entry's Raises.
	// aa-disable, aa-complain and hibernate are their entries' Raises.
	case "auditctl":
		res := c.Parse()
		if enabled, _ := res.Value("-e"); res.Has("-D") || enabled == "0" {
			c.Flag(danger.SecurityDisable, "deletes audit rules or stops auditing")
		}
	case "xattr":
		res := c.Parse()
		if res.Has("-d") && anyContains(c.Operands(), "quarantine") || res.Has("-c") && res.Has("-r") {
			c.FlagAt(danger.SecurityDisable, "removes macOS quarantine flags from downloaded files", medium)
		}
	case "pfctl":
		if c.Parse().Has("-d", "-F") {
			c.Flag(danger.SecurityDisable, "turns the packet filter off or flushes it")
		}
	case "systemsetup":
		if c.Parse().Has("-setremotelogin") {
			c.Flag(danger.SecurityDisable, "changes remote login")
		}
	case "semanage":
		// semanage permissive -a DOMAIN; -l lists, -d and -D take
		// domains out of permissive mode.
		res := c.Parse()
		if sub, _ := c.Sub(); sub == "permissive" && !res.Has("--list", "--delete", "--deleteall") {
			c.Flag(danger.SecurityDisable, "makes an SELinux domain permissive")
		}
	}
}

// devPorts are the usual ports of development servers an agent starts.
func devPorts(s string) bool {
	switch s {
	case "3000", "3001", "4000", "4200", "5000", "5173", "5174", "8000",
		"8080", "8081", "8888", "4321", "9000", "6006", "8787", "1234",
		"3333", "4173", "5001", "8001", "7000", "19006":
		return true
	}
	return false
}

func Kill(c Call) {
	ops := c.Args()
	switch c.Program() {
	case "pkill", "killall":
		// A first word -SIGNAL sends it, whatever letters it has
		// (pkill -VTALRM is no -V); otherwise killall's -l/--list and
		// either's --help and -V/--version kill nothing.
		res := c.Parse()
		if len(ops) == 0 || !signalWord(ops[0].Value) && (res.Help || res.Has("--list", "--version", "--help")) {
			return
		}
		c.Flag(danger.ProcessKill, c.Program()+" kills every process matching a name or pattern")
		return
	case "taskkill":
		// /IM and /FI, in any case (the entry's).
		if c.Parse().Has("/im", "/fi") {
			c.Flag(danger.ProcessKill, "taskkill /IM kills every process with that name")
		}
		return
	case "stop-process", "spps":
		// Get-Process | Stop-Process kills every process Get-Process
		// lists: all of them, or all of the names it is given (operands
		// or -Name); only -Id or -InputObject pick processes out (ps is
		// Get-Process in PowerShell). -Name (-ProcessName, any prefix)
		// does on its own.
		getProcess := programs.Lookup("get-process")
		for _, u := range c.Upstream() {
			if getProcess == nil || programs.Lookup(u.Program()) != getProcess && u.Program() != "ps" {
				continue
			}
			if res := u.ParseAs(getProcess); !res.Has("-id", "-inputobject") || len(res.OperandIndexes) > 0 || res.Has("-name") {
				c.Flag(danger.ProcessKill, "Stop-Process kills every process Get-Process names")
				return
			}
		}
		if c.Parse().Has("-name") {
			c.Flag(danger.ProcessKill, "Stop-Process -Name kills every process with that name")
		}
		return
	case "fuser":
		// fuser -k kills whatever uses its names: a path, or a port as
		// PORT/tcp, or any name under -n tcp (-n udp): 22, ssh.
		res := c.Parse()
		if res.Has("--kill") {
			ns, _ := res.Value("--namespace")
			ports := ns == "tcp" || ns == "udp"
			for _, x := range c.Operands() {
				port := strings.TrimSuffix(strings.TrimSuffix(x.Value, "/tcp"), "/udp")
				if port == x.Value && !strings.Contains(x.Value, "/") && !ports {
					continue
				}
				if !devPorts(port) {
					c.Flag(danger.ProcessKill, "kills whatever holds "+x.Value)
				}
			}
		}
		return
	}
	// kill
	if len(ops) > 0 && !signalWord(ops[0].Value) && c.Parse().Has("--list", "--table") {
		return
	}
	targets := killTargets(c)
	if c.InXargs() && len(ops) == 1 && signalWord(ops[0].Value) {
		targets = nil // xargs kill -9: the signal, and the targets are the input
	}
	for _, t := range targets {
		s := t.Value
		switch {
		case strings.HasPrefix(t.Raw, "$!") || strings.HasPrefix(s, "%") || strings.HasPrefix(t.Raw, "\"$!"):
		case s == "-1" || s == "1" || s == "0" || strings.HasPrefix(s, "-") && len(s) > 1 && isDigits(s[1:]):
			c.Flag(danger.ProcessKill, "kill "+s+" signals every process, init, or a whole process group")
			return
		case t.Subst:
			judgeKillSubst(c, t)
		}
	}
	if c.InXargs() {
		// xargs adds targets from its input to the ones given, which
		// were judged first (xargs kill -9 -1).
		judgeKillSource(c, c.Upstream())
	}
}

// killTargets returns kill's targets. kill takes one signal and then only
// targets: after -s SIG, -n NUM or --signal=SIG in any spelling its entry
// declares, or a first word -SIGNAL (-9, -KILL, -SIGKILL), every word is a
// pid, job or process group, negative ones included (kill -9 -1), which the
// entry's grammar would take for -NUM options. A lone -N is read as a
// target, the worse reading.
func killTargets(c Call) []Word {
	ops := c.Args()
	i := 0
	for _, u := range c.Parse().Options {
		if (u.Option == "--signal" || u.Option == "-n") && u.Index >= i {
			i = u.Index + 1
		}
	}
	if i == 0 && len(ops) > 1 && signalWord(ops[0].Value) {
		i = 1
	}
	if i < len(ops) && ops[i].Value == "--" {
		i++
	}
	if i > len(ops) {
		return nil
	}
	return ops[i:]
}

// signalWord reports whether s is a signal given as an option of its own,
// -SIGNAL: a number (-9) or a name, with or without SIG (-KILL, -SIGKILL,
// -hup), as kill, pkill and killall take it first. Their grammars cannot
// say this form; it is read here alone.
func signalWord(s string) bool {
	if len(s) < 2 || s[0] != '-' || s == "--" {
		return false
	}
	name := strings.TrimPrefix(strings.ToUpper(s[1:]), "SIG")
	if isDigits(name) {
		return true
	}
	if base, _, ok := strings.Cut(name, "+"); ok && (base == "RTMIN") || strings.HasPrefix(name, "RTMAX-") {
		return true
	}
	return slices.Contains(signalNames, name)
}

// signalNames are Linux's signal names (kill -l), with the aliases procps
// and bash take.
var signalNames = []string{"HUP", "INT", "QUIT", "ILL", "TRAP", "ABRT", "IOT", "BUS", "FPE", "KILL", "USR1", "SEGV", "USR2", "PIPE",
	"ALRM", "TERM", "STKFLT", "CHLD", "CLD", "CONT", "STOP", "TSTP", "TTIN", "TTOU", "URG", "XCPU", "XFSZ", "VTALRM", "PROF",
	"WINCH", "IO", "POLL", "PWR", "SYS", "RTMIN", "RTMAX", "EXIT", "EMT", "INFO", "LOST"}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// judgeKillSubst judges kill $(...): a captured pid file or the listener on
// the project's dev port is fine; pgrep/pidof by name or other ports are not.
func judgeKillSubst(c Call, t Word) {
	raw := t.Raw
	switch {
	case strings.Contains(raw, "cat ") && strings.Contains(raw, ".pid"):
		return
	case strings.Contains(raw, "pgrep") || strings.Contains(raw, "pidof") || strings.Contains(raw, "ps "):
		c.Flag(danger.ProcessKill, "kills processes selected by name ("+raw+")")
	case strings.Contains(raw, "lsof") || strings.Contains(raw, "fuser") || strings.Contains(raw, "ss ") || strings.Contains(raw, "netstat"):
		if port := portIn(raw); port != "" && !devPorts(port) {
			c.Flag(danger.ProcessKill, "kills the process listening on port "+port+", which is not the project's dev server")
		}
	case strings.Contains(raw, "docker ps"):
	default:
		c.FlagAt(danger.ProcessKill, "kills processes chosen at run time ("+raw+")", medium)
	}
}

func judgeKillSource(c Call, up []Part) {
	for _, u := range up {
		switch u.Program() {
		case "lsof", "fuser", "ss", "netstat":
			if port := portIn(u.Text()); port != "" && !devPorts(port) {
				c.Flag(danger.ProcessKill, "kills the process listening on port "+port+", which is not the project's dev server")
			}
			return
		case "pgrep", "pidof", "ps", "grep", "awk":
			c.Flag(danger.ProcessKill, "kills processes selected by name")
			return
		case "cat":
			return
		}
	}
}

// portIn finds a port number in lsof/fuser/ss text (-i:3000, -i :5432,
// 3000/tcp, sport = :8080).
func portIn(s string) string {
	for _, sep := range []string{":", "-i", " "} {
		for i := strings.Index(s, sep); i >= 0; {
			j := i + len(sep)
			for j < len(s) && (s[j] == ' ' || s[j] == ':' || s[j] == 't' && strings.HasPrefix(s[j:], "tcp:")) {
				if strings.HasPrefix(s[j:], "tcp:") {
					j += 4
					continue
				}
				j++
			}
			k := j
			for k < len(s) && s[k] >= '0' && s[k] <= '9' {
				k++
			}
			if k-j >= 2 && k-j <= 5 {
				return s[j:k]
			}
			n := strings.Index(s[i+1:], sep)
			if n < 0 {
				break
			}
			i = i + 1 + n
		}
	}
	return ""
}

func Power(c Call) {
	switch c.Program() {
	case "shutdown":
		// -c cancels, --show shows (the entry, every spelling);
		// Windows' shutdown /a aborts.
		if c.Parse().Has("-c", "--show") {
			return
		}
		for _, x := range c.Operands() {
			if strings.EqualFold(x.Value, "/a") {
				return
			}
		}
	case "init", "telinit":
		pos := c.Operands()
		if len(pos) == 0 || !strings.ContainsAny(pos[0].Value, "0123456sSqQuU") {
			return
		}
		if pos[0].Value == "q" || pos[0].Value == "Q" || pos[0].Value == "u" || pos[0].Value == "U" {
			return
		}
	case "osascript":
		t := strings.ToLower(c.Text())
		if !(strings.Contains(t, "shut down") || strings.Contains(t, "restart") || strings.Contains(t, "log out")) {
			return
		}
	}
	c.Flag(danger.SystemPower, c.Program()+" changes the machine's power state")
}

func Persistence(c Call) {
	switch c.Program() {
	case "crontab":
		res := c.Parse()
		if res.Has("-l") {
			return
		}
		if res.Has("-r") {
			c.Flag(danger.Persistence, "crontab -r removes every scheduled job")
			return
		}
		c.Flag(danger.Persistence, "crontab installs or edits scheduled jobs")
	case "at", "batch":
		// -l lists, -c prints: the entry's ReadWith.
		if c.Parse().Has("-l", "-c") {
			return
		}
		c.Flag(danger.Persistence, c.Program()+" schedules a command to run later")
	case "schtasks":
		if c.Parse().Has("/create", "/change", "/delete", "/run") {
			c.Flag(danger.Persistence, "schtasks creates or changes a scheduled task")
		}
		// register-scheduledtask and new-service are their entries'
		// Raises.
	}
}

// checkServices covers network settings. pm2's and supervisorctl's
// commands that stop every process (pm2 kill, stop all, supervisorctl
// shutdown) and brew services stop, restart, kill and cleanup are their
// entries' Raises.
func Services(c Call) {
	switch c.Program() {
	case "scselect":
		// A location to switch to: the entry's Config effect.
		if c.HasEffect(programs.Config) {
			c.Flag(danger.SystemConfig, "changes network settings")
		}
	// networksetup's commands that change the network are its entry's
	// Raises.
	case "ifconfig":
		// An interface and a setting, as the entry reads its operands.
		if len(c.Operands()) > 1 {
			c.Flag(danger.SystemConfig, "changes network interfaces or routes")
		}
	case "route":
		// The verb, as the entry reads it (after -n, -A inet6, …).
		switch sub, _ := c.Sub(); sub {
		case "add", "del", "delete", "flush", "change":
			c.Flag(danger.SystemConfig, "changes network interfaces or routes")
		}
	case "resolvectl":
		// The verb, and a link with its servers, as the entry reads
		// them after options in every spelling.
		if sub, _ := c.Sub(); sub == "dns" && len(c.Operands()) > 1 || sub == "revert" {
			c.Flag(danger.SystemConfig, "changes DNS settings")
		}
	}
}

func History(c Call) {
	switch c.Program() {
	case "history":
		res := c.Parse()
		if res.Has("-c") || res.Has("-d") {
			c.Flag(danger.LogTampering, "clears the shell history")
		}
		// The file -w or -a writes (its operand, or $HISTFILE as the walk
		// supplies it) is the entry's write, judged as any write is.
	case "unset":
		// The variables are unset's operands (unset -v HISTFILE).
		if pos := c.Operands(); wordIn(pos, "HISTFILE") || wordIn(pos, "HISTSIZE") || wordIn(pos, "HISTFILESIZE") {
			c.Flag(danger.LogTampering, "turns off the shell history")
		}
	case "set":
		// set's words as the state table reads them: +o history, +eo
		// history.
		if on, given := c.ShellOption("history"); given && !on {
			c.Flag(danger.LogTampering, "turns off the shell history")
		}
	case "journalctl":
		if c.Parse().Has("--vacuum-size", "--vacuum-time", "--vacuum-files", "--rotate", "--relinquish-var") {
			c.Flag(danger.LogTampering, "deletes journal logs")
		}
	// wevtutil cl, clear-eventlog and remove-eventlog are their entries'
	// Raises.
	case "logrotate":
		if c.Parse().Has("--force") {
			c.FlagAt(danger.LogTampering, "forces log rotation", low)
		}
	}
}
