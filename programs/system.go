package programs

import "github.com/wardenhq/warden/danger"

// Services, schedules and ownership: reading their state is read-only;
// everything else changes lasting configuration.

var _ = family("system", func(add func(...*Spec)) {
	// -H/--host runs the command on another host over ssh.
	launchRead := &Spec{Operands: "-*"}
	ufwRead := &Spec{Operands: "-*"}
	loginOpts := "-H|--host=n -M|--machine= -p|--property= -P= -a|--all --value -l|--full --kill-whom= -s|--signal= -n|--lines= -o|--output= " +
		"--no-pager --no-legend --no-ask-password -h|--help:h --version:h"
	loginRead := &Spec{Abbrev: true, Permute: true, Operands: "-*", Options: loginOpts}
	// loginPower: a verb that powers the machine off or ends sessions.
	loginPower := func(flagged ...string) *Spec {
		return &Spec{Effect: Config, Abbrev: true, Permute: true, Operands: "-*", Options: loginOpts,
			Raises: []Raise{{Kind: danger.SystemPower, Why: "{prog} changes the machine's power state", Flagged: flagged,
				Passes: []string{"loginctl show-user reboot", "loginctl list-sessions", "loginctl --help", "loginctl poweroff --help"}}}}
	}
	nftRead := &Spec{Operands: "-*"}
	exact := func(ex string) Grant { return Grant{Exact: true, Offers: []string{ex + " => Bash(" + ex + ")"}} }
	initOpts := "--system --session --user --dest= -q|--quiet -v|--verbose -n|--no-wait --help:h --version:h"
	initRead := &Spec{Permute: true, Operands: "-*", Options: initOpts}
	keyRead := &Spec{NoOptions: true, Operands: "-*"}
	// launchChange: a verb that loads, starts, stops or removes a job;
	// its own options (load -w, -F, -S) change nothing the check reads.
	launchChange := &Spec{Effect: Config, Loose: true, Permute: true, Operands: "-*"}
	// systemctl (systemd 252, getopt_long: --versio and --no-pag seen):
	// its options are global, given before or after the verb.
	sysOpts := "--system --user -H|--host=n -M|--machine= -t|--type= --state= --failed -p|--property= -P= -a|--all -l|--full -r|--recursive --reverse " +
		"--with-dependencies --job-mode= -T|--show-transaction --show-types --value --check-inhibitors= -i --kill-whom= -s|--signal= --what= --now --dry-run " +
		"-q|--quiet --wait --no-block --no-wall --no-reload --legend= --no-pager --no-ask-password --global --runtime -f|--force --preset-mode= --root= --image= " +
		"-n|--lines= -o|--output= --firmware-setup --boot-loader-menu= --boot-loader-entry= --plain --timestamp= --read-only --mkdir --marked -h|--help:h --version:h"
	sysRead := &Spec{Abbrev: true, Permute: true, Operands: "-*", Options: sysOpts}
	// sysChange: a verb that starts, stops, enables or powers off; its
	// operands are units (the check reads them).
	sysChange := &Spec{Effect: Config, Abbrev: true, Permute: true, Operands: "-*", Options: sysOpts}
	// sysPower: a verb that powers off, reboots, suspends or switches
	// the system's target.
	sysPower := func(verb, does string, flagged ...string) *Spec {
		return &Spec{Effect: Config, Abbrev: true, Permute: true, Operands: "-*", Options: sysOpts,
			Raises: []Raise{{Kind: danger.SystemPower, Why: "{prog} " + verb + " " + does, Flagged: append(flagged, "systemctl "+verb),
				Passes: []string{"systemctl status", "systemctl --help", "systemctl " + verb + " --help"}}}}
	}
	const powers = "changes the machine's power state"
	add(
		// fuser (psmisc 23.6) reads its words itself: -k kills the
		// processes using the files, bundled too (-km), and -SIGNAL picks
		// the signal. The entry declares what the process-kill check
		// reads; every call stays unknown.
		&Spec{Names: n("fuser"), Effect: Unknown, Loose: true, Permute: true, Operands: "-*", Options: "-k|--kill -i|--interactive -m|--mount -n|--namespace= -v|--verbose",
			Flagged: []string{"fuser -k 8080/tcp", "fuser -km /mnt", "fuser --kill -n tcp 8080"}},
		// kill, pkill and killall send a signal; the process-kill check
		// (shell) reads which processes. Every call is its own decision,
		// and stays unknown: what a pid or a name is cannot be known from
		// the command line. A first word -SIGNAL (-9, -KILL, -SIGKILL)
		// is read by the check, as the grammar cannot say it; Numeric
		// takes -9.
		//
		// kill (procps-ng 4.0.2 /bin/kill; bash's builtin takes -s, -n,
		// -l, -L and -SIGNAL alike): one signal, then only targets, so
		// kill -9 -1 signals every process. --sig is taken for --signal.
		// -l and -L list signals and kill nothing.
		&Spec{Names: n("kill"), Grant: Grant{Exact: true, Offers: []string{"kill 1234 => Bash(kill 1234)"}}, Effect: Unknown, Abbrev: true, Numeric: true, Operands: "-*",
			Options:  "-s|--signal= -n= -q|--queue= -l|--list? -L|--table -p|--pid -a|--all --verbose --timeout= -h|--help -V|--version",
			ReadWith: "--list --table",
			ReadOnly: []string{"kill -l", "kill -L", "kill --list", "kill --table"},
			Flagged:  []string{"kill 1234", "kill -s KILL 1", "kill -9 -1", "kill --signal=9 -1", "kill --sig 9 -1", "kill -n 9 1"}},
		// pkill (procps-ng 4.0.2): getopt_long, prefixes taken (pkill --sig 0
		// --ex NAME works); -SIGNAL only as the first word, lower case too
		// (pkill -hup NAME sends SIGHUP, so -h is no help here); -l is
		// pgrep's alone and is refused.
		&Spec{Names: n("pkill"), Grant: Grant{Exact: true, Offers: []string{"pkill -x node => Bash(pkill -x node)"}}, Effect: Unknown, Abbrev: true, Permute: true, Numeric: true, Operands: "-*",
			Options: "--signal= -q|--queue= -e|--echo -c|--count -f|--full -g|--pgroup= -G|--group= -i|--ignore-case -n|--newest -o|--oldest -O|--older= " +
				"-P|--parent= -s|--session= -t|--terminal= -u|--euid= -U|--uid= -x|--exact -F|--pidfile=r -L|--logpidfile -r|--runstates= -A|--ignore-ancestors " +
				"--cgroup= --ns= --nslist= -h|--help -V|--version",
			Flagged: []string{"pkill node", "pkill -f .", "pkill --signal=9 -f .", "pkill --sig 9 --full .", "pkill -9 node", "pkill -KILL -x node"}},
		// killall (psmisc 23.6): getopt_long, prefixes taken (killall --sig 0
		// NAME works), -s0 attached; -l lists the signals and -V prints
		// the version, killing nothing (killall -l -9 NAME lists); -SIGNAL
		// in upper case only (killall -hup is -h, the usage).
		&Spec{Names: n("killall"), Grant: Grant{Exact: true, Offers: []string{"killall node => Bash(killall node)"}}, Effect: Unknown, Abbrev: true, Permute: true, Numeric: true, Operands: "-*",
			Options: "-e|--exact -I|--ignore-case -g|--process-group -y|--younger-than= -o|--older-than= -i|--interactive -l|--list -q|--quiet -r|--regexp " +
				"-s|--signal= -u|--user= -v|--verbose -V|--version -w|--wait -n|--ns= -Z|--context= -h|--help:h",
			ReadWith: "--list --version",
			ReadOnly: []string{"killall -l", "killall --list", "killall -V"},
			Flagged:  []string{"killall node", "killall -s KILL node", "killall --signal=KILL node", "killall -9 node", "killall -r '.*'", "killall -u bob"}},
		// iptables changes the firewall's rules; the check (shell) reads
		// which: -F/--flush, -X/--delete-chain, -D/--delete and a policy
		// of ACCEPT open it. getopt_long: prefixes are taken.
		&Spec{Names: n("iptables", "ip6tables"), Grant: Grant{Exact: true, Offers: []string{"iptables x => Bash(iptables x)"}}, Effect: Config, Loose: true, Abbrev: true, Permute: true, Operands: "-*",
			Options: "-F|--flush -X|--delete-chain -Z|--zero -P|--policy= -D|--delete= -A|--append= -I|--insert= -R|--replace= -N|--new-chain= -E|--rename-chain= " +
				"-t|--table= -j|--jump= -g|--goto= -p|--protocol= -s|--source= -d|--destination= -i|--in-interface= -o|--out-interface= -m|--match= -L|--list -S|--list-rules -n|--numeric -v|--verbose -w|--wait? -h:h --help:h",
			Flagged: []string{"iptables -F", "iptables --policy INPUT ACCEPT", "iptables -L"}},
		&Spec{Names: n("systemctl"), Grant: Grant{Exact: true, Offers: []string{"systemctl x => Bash(systemctl x)"}}, OtherSubcommand: Config, Abbrev: true, Options: sysOpts,
			Subcommands: subs("status", sysRead, "show", sysRead, "list-units", sysRead, "list-unit-files", sysRead, "list-timers", sysRead, "list-sockets", sysRead,
				"list-dependencies", sysRead, "is-active", sysRead, "is-enabled", sysRead, "is-failed", sysRead, "cat", sysRead, "help", sysRead,
				"list-jobs", sysRead, "show-environment", sysRead, "get-default", sysRead, "list-machines", sysRead,
				"start", sysChange, "stop", sysChange, "restart", sysChange, "reload", sysChange, "try-restart", sysChange, "reload-or-restart", sysChange, "try-reload-or-restart", sysChange, "kill", sysChange, "clean", sysChange, "freeze", sysChange, "thaw", sysChange, "reset-failed", sysChange, "enable", sysChange, "disable", sysChange, "reenable", sysChange, "link", sysChange, "edit", sysChange, "set-property", sysChange, "add-wants", sysChange, "add-requires", sysChange, "preset", sysChange, "preset-all", sysChange, "revert", sysChange, "mask", sysChange, "unmask", sysChange, "daemon-reload", sysChange, "daemon-reexec", sysChange, "set-environment", sysChange, "unset-environment", sysChange, "import-environment", sysChange, "isolate", sysPower("isolate", "switches the system target", "systemctl isolate rescue.target", "systemctl isolate multi-user.target"), "default", sysPower("default", "switches the system target", "systemctl --no-block default"), "poweroff", sysPower("poweroff", powers, "systemctl poweroff -ff", "systemctl --check-inhibitors=no poweroff"), "reboot", sysPower("reboot", powers, "systemctl --no-wall reboot", "systemctl reboot --force", "/bin/systemctl reboot", "sudo systemctl reboot", "systemctl -i reboot"), "halt", sysPower("halt", powers), "suspend", sysPower("suspend", powers), "hibernate", sysPower("hibernate", powers), "hybrid-sleep", sysPower("hybrid-sleep", powers), "kexec", sysPower("kexec", powers), "rescue", sysPower("rescue", powers), "emergency", sysPower("emergency", powers), "soft-reboot", sysPower("soft-reboot", powers), "suspend-then-hibernate", sysPower("suspend-then-hibernate", powers)),
			ReadOnly: []string{"systemctl status nginx", "systemctl --user list-timers", "systemctl --no-pag status nginx", "systemctl is-active --quiet nginx"},
			Flagged: []string{"systemctl stop nginx", "systemctl --user enable evil.service", "systemctl -H root@db.example status", "systemctl status --host=root@db.example sshd",
				"systemctl --now --user enable x", "systemctl --us enable x"}},
		// service (Debian init-system-helpers 1.65): service NAME VERB;
		// --status-all lists, and with no operand it prints its usage
		// (tried here). A script: only exact options.
		&Spec{Names: n("service"), Grant: Grant{Exact: true, Offers: []string{"service x => Bash(service x)"}}, Effect: Config, ReadWith: "--status-all", ReadBelow: 1, Operands: "- - -*", Options: "--status-all -h|--help:h -V|--version:h",
			Flagged: []string{"service nginx stop", "service ufw stop"}},
		// rc-service (OpenRC 0.45, from rc-service.c: getopt_long):
		// rc-service SERVICE VERB, as service; -l lists, -e and -r look a
		// service up and -Z only says what it would do.
		&Spec{Names: n("rc-service"), Grant: exact("rc-service x"), Effect: Config, Abbrev: true, Permute: true, Operands: "- - -*",
			ReadWith: "--exists --list --resolve --dry-run",
			Options: "-e|--exists= -r|--resolve= -l|--list -Z|--dry-run -i|--ifexists -I|--ifinactive -N|--ifnotstarted -s|--ifstarted -S|--ifstopped -c|--ifcrashed " +
				"-D|--nodeps -d|--debug -C|--nocolor -v|--verbose -q|--quiet -h|--help:h -V|--version:h",
			ReadOnly: []string{"rc-service -l", "rc-service --list", "rc-service -e nginx", "rc-service --exi nginx"},
			Flagged:  []string{"rc-service nginx stop", "rc-service -i nginx restart", "rc-service --ifstarted nginx stop"}},
		// update-rc.d (init-system-helpers 1.65.2, tried here): -f only,
		// then NAME and its action (remove, defaults, defaults-disabled,
		// enable, disable); every call changes how a service starts.
		&Spec{Names: n("update-rc.d"), Grant: exact("update-rc.d x"), Effect: Config, Operands: "- - -*", Options: "-f",
			Flagged: []string{"update-rc.d ssh disable", "update-rc.d -f nginx remove", "update-rc.d nginx defaults"}},
		// chkconfig (chkconfig 1.x, Red Hat; popt, from its manual):
		// --list reads, NAME alone asks whether it starts; NAME on, off or
		// reset, --add, --del and --override change how it starts.
		&Spec{Names: n("chkconfig"), Grant: exact("chkconfig --list"), Effect: Config, ReadBelow: 2, ReadWith: "--list", Permute: true, Operands: "- -?",
			Options:  "--list --add= --del= --override= --level= --type= --no-redirect -h|--help:h -v|--version:h",
			ReadOnly: []string{"chkconfig --list", "chkconfig --list sshd", "chkconfig sshd"},
			Flagged:  []string{"chkconfig sshd off", "chkconfig --level 35 sshd on", "chkconfig --add evil", "chkconfig --del sshd"}},
		// sv (runit 2.1.2, tried here): sv [-v] [-w SEC] COMMAND SERVICE…;
		// the command is read by its first letter (sv u is up, sv t term),
		// and any s word but start, stop and shutdown is status; check
		// waits for a state. Every other command signals or stops services.
		&Spec{Names: n("sv"), Grant: exact("sv status x"), OtherSubcommand: Config, Options: "-v -w=",
			Subcommands: subs("status", &Spec{Operands: "-*"}, "s", &Spec{Operands: "-*"}, "stat", &Spec{Operands: "-*"}, "check", &Spec{Operands: "-*"}),
			ReadOnly:    []string{"sv status nginx", "sv s nginx", "sv -v check nginx", "sv -w 5 status /etc/service/x"},
			Flagged:     []string{"sv stop nginx", "sv d nginx", "sv -w 5 restart nginx", "sv kill nginx", "sv exit nginx"}},
		// initctl (upstart 1.13, from its manual; not packaged in Debian
		// 12): options before the command; list, status, version,
		// show-config, check-config and the env queries read, every other
		// command starts, stops or changes jobs or the environment.
		&Spec{Names: n("initctl"), Grant: exact("initctl list"), OtherSubcommand: Config, Options: initOpts,
			Subcommands: subs("list", initRead, "status", initRead, "version", initRead, "show-config", initRead, "check-config", initRead,
				"list-env", initRead, "get-env", initRead, "list-sessions", initRead, "usage", initRead,
				"log-priority", &Spec{Effect: Config, ReadBelow: 1, Permute: true, Operands: "-*", Options: initOpts}),
			ReadOnly: []string{"initctl list", "initctl status ssh", "initctl --system list", "initctl log-priority"},
			Flagged:  []string{"initctl stop ssh", "initctl --system restart ssh", "initctl emit evil", "initctl log-priority debug"}},
		// launchctl (macOS): the verb is the first word; list, print and
		// the other queries read.
		&Spec{Names: n("launchctl"), Grant: Grant{Exact: true, Offers: []string{"launchctl list => Bash(launchctl list)"}}, OtherSubcommand: Config,
			Subcommands: subs("list", launchRead, "print", launchRead, "print-cache", launchRead, "print-disabled", launchRead, "blame", launchRead, "dumpstate", launchRead,
				"managerpid", launchRead, "manageruid", launchRead, "managername", launchRead, "error", launchRead, "variant", launchRead, "version", launchRead,
				"help", launchRead, "getenv", launchRead, "hostinfo", launchRead, "procinfo", launchRead,
				"load", launchChange, "unload", launchChange, "bootstrap", launchChange, "bootout", launchChange, "enable", launchChange, "disable", launchChange,
				"kickstart", launchChange, "kill", launchChange, "remove", launchChange, "submit", launchChange, "start", launchChange, "stop", launchChange,
				"setenv", launchChange, "unsetenv", launchChange, "config", launchChange),
			ReadOnly: []string{"launchctl list", "launchctl print system"}, Flagged: []string{"launchctl load -w ~/Library/LaunchAgents/x.plist", "launchctl bootout gui/501/x"}},
		// resolvectl (systemd 252, from its manual and resolvectl.c: its
		// package would take over this machine's resolv.conf): getopt_long,
		// options before or after the verb. query, service, openpgp and
		// tlsa look names up; status, statistics, monitor and the show-
		// verbs read; dns, domain, default-route, llmnr, mdns, dnssec,
		// dnsovertls and nta with a link and a value, and revert, change
		// the resolver's settings (the check reads dns and revert).
		resolvectl(),
		// anacron (anacron 2.3, tried here: getopt, short options only,
		// bundled): runs the jobs of its anacrontab that are due (-f all of
		// them now); -T only tests the anacrontab, -u only updates the
		// timestamps.
		&Spec{Names: n("anacron"), Grant: exact("anacron -T"), Effect: Config, ReadWith: "-T", Operands: "-*",
			Options:  "-s -f -n -d -q -u -t=r -S= -T -V:h -h:h",
			ReadOnly: []string{"anacron -T", "anacron -T -t /etc/anacrontab", "anacron -V"},
			Flagged:  []string{"anacron -f", "anacron -fn", "anacron -s -t ~/anacrontab", "anacron -u cron.daily"}},
		// keyctl (keyutils 1.6.3, tried here): the command is a whole word
		// (keyctl re is unknown), --version and --test the only options.
		// show, list, describe and search read the keyrings; print, pipe and
		// read print a key's payload (the secrets check); the rest add,
		// change or remove keys.
		&Spec{Names: n("keyctl"), Grant: exact("keyctl show"), OtherSubcommand: Config, Options: "--version:h --test:h",
			Subcommands: subs("show", keyRead, "list", keyRead, "rlist", keyRead, "describe", keyRead, "rdescribe", keyRead, "search", keyRead, "id", keyRead,
				"supports", keyRead, "security", keyRead, "pkey_query", keyRead, "print", keyRead, "pipe", keyRead, "read", keyRead),
			ReadOnly: []string{"keyctl show", "keyctl list @u", "keyctl describe 1234", "keyctl --version"},
			Flagged:  []string{"keyctl add user k v @u", "keyctl revoke 1234", "keyctl clear @u", "keyctl unlink 1234 @s"}},
		// journalctl (systemd 252, getopt_long: prefixes taken).
		&Spec{Names: n("journalctl"), Abbrev: true, Permute: true, Operands: "-*", Loose: false,
			Options: "-u= --unit= --user-unit= -f --follow -n= --lines= -e --pager-end -r --reverse -o= --output= -b? --boot? -k --dmesg -p= --priority= -S= --since= -U= --until= " +
				"-g= --grep= --no-pager -x --catalog -q --quiet --user --system -t= --identifier= --list-boots --disk-usage --no-hostname --utc -a --all -h:h --help:h --version:h " +
				"--vacuum-size=d --vacuum-time=d --vacuum-files=d --rotate:c --flush:c --sync:c --relinquish-var:c --smart-relinquish-var:c -D= --directory= --file=r --header --verify --output-fields= -l --full --cursor-file=w",
			ReadOnly: []string{"journalctl -u web", "journalctl -f -n 100"}, Flagged: []string{"journalctl --vacuum-time=1s", "journalctl --cursor-file=$HOME/.bashrc -n 1"}},
		&Spec{Names: n("dmesg"), Options: "-H -T -k -l= -f= -w -x -L? --color? -t --human --ctime --follow --level= --facility= --kernel --decode --notime -h:h --help:h -V:h -c:c -C:c --clear:c --read-clear:c",
			ReadOnly: []string{"dmesg", "dmesg -T"}, Flagged: []string{"dmesg -C"}},
		&Spec{Names: n("crontab"), Grant: Grant{Exact: true, Offers: []string{"crontab x => Bash(crontab x)"}}, Effect: Config, ReadWith: "-l", Operands: "r?", Options: "-l -r:c -e:x -i -u= -s -n= -c -T",
			Flagged: []string{"crontab -r", "crontab evil.cron"}},
		// chown and chgrp (coreutils 9.1, getopt_long: --rec is --recursive).
		&Spec{Names: n("chown", "chgrp"), Meta: MetaPerms, Grant: Grant{Exact: true, Offers: []string{"chown x => Bash(chown x)"}}, Effect: Write, Abbrev: true, Permute: true, Operands: "- w*",
			Options: "-c|--changes -f|--silent|--quiet -v|--verbose --dereference -h|--no-dereference --from= --no-preserve-root --preserve-root --reference=r -R|--recursive -H -L -P" + gnu,
			Flagged: []string{"chown -R user /", "chown --from=root dev f"}},
		// sysctl (procps-ng 4.0.2, getopt_long: prefixes taken, --loa=F
		// and --wr seen): -w, -p [FILE] (-f) and --system set kernel
		// parameters, and so does an operand NAME=VALUE without -w
		// (judged as sysctl "code"); anything else reads them.
		&Spec{Names: n("sysctl"), Grant: Grant{Exact: true, Offers: []string{"sysctl x => Bash(sysctl x)"}}, Abbrev: true, Permute: true, Operands: "c*", Lang: LangSysctl,
			Options: "-a|-A|-X|--all --deprecated --dry-run -b|--binary -e|--ignore -N|--names -n|--values -p|-f|--load?c --system:c -r|--pattern= " +
				"-q|--quiet -w|--write:c -o -x -h|-d|--help:h -V|--version:h",
			ReadOnly: []string{"sysctl -a", "sysctl kernel.hostname", "sysctl -n vm.swappiness"},
			Flagged:  []string{"sysctl -w vm.swappiness=10", "sysctl vm.swappiness=10", "sysctl -p", "sysctl --load=/tmp/s.conf", "sysctl --system", "sysctl -qp"}},
		// modprobe (kmod 30, getopt_long: --dry and --show-c seen): loads
		// or (-r) removes kernel modules; the query options and -n print
		// and exit.
		&Spec{Names: n("modprobe"), Grant: Grant{Exact: true, Offers: []string{"modprobe x => Bash(modprobe x)"}}, Effect: Config, EffectWithOperands: true, Abbrev: true, Permute: true, Operands: "-*",
			ReadWith: "--dry-run --showconfig --show-depends --resolve-alias --show-modversions --show-exports",
			Options: "-a|--all -r|--remove --remove-dependencies --remove-holders -w|--wait= --first-time -i|--ignore-install|--ignore-remove -b|--use-blacklist " +
				"-f|--force --force-modversion --force-vermagic -R|--resolve-alias -D|--show-depends -c|--showconfig|--show-config --show-modversions|--dump-modversions " +
				"--show-exports -n|--dry-run|--show -C|--config=r -d|--dirname= -S|--set-version= -s|--syslog -q|--quiet -v|--verbose -V|--version:h -h|--help:h",
			ReadOnly: []string{"modprobe -c", "modprobe -n br_netfilter", "modprobe --show-depends ext4", "modprobe --dry-run -r nf_tables"},
			Flagged:  []string{"modprobe br_netfilter", "modprobe -r nf_tables", "modprobe -ar a b"}},
		// insmod and rmmod (kmod 30): every call loads or unloads a module.
		&Spec{Names: n("insmod"), Grant: Grant{Exact: true, Offers: []string{"insmod x => Bash(insmod x)"}}, Effect: Config, Operands: "r -*", Options: "-f|--force -s|--syslog -p -V|--version:h -h|--help:h",
			Raises: []Raise{{Kind: danger.SystemConfig, Why: "loads or unloads kernel modules",
				Flagged: []string{"insmod ./rootkit.ko", "/sbin/insmod -f x.ko"}, Passes: []string{"insmod --help", "insmod -V"}}}},
		&Spec{Names: n("rmmod"), Grant: Grant{Exact: true, Offers: []string{"rmmod x => Bash(rmmod x)"}}, Effect: Config, Abbrev: true, Permute: true, Operands: "-*", Options: "-f|--force -s|--syslog -v|--verbose -w|--wait -V|--version:h -h|--help:h",
			Raises: []Raise{{Kind: danger.SystemConfig, Why: "loads or unloads kernel modules",
				Flagged: []string{"rmmod -f nf_tables", "rmmod --verb nf_tables"}, Passes: []string{"rmmod --help"}}}},
		// mount and umount (util-linux 2.38.1, getopt_long: prefixes
		// taken). mount with no operand lists (-t, -l filter the list)
		// unless -a or a source or target given by option mounts;
		// umount with an operand or -a unmounts.
		&Spec{Names: n("mount"), Grant: Grant{Exact: true, Offers: []string{"mount x => Bash(mount x)"}}, Effect: Config, EffectWithOperands: true, Abbrev: true, Permute: true, Operands: "-*",
			Options: "-a|--all:c -c|--no-canonicalize -f|--fake -F|--fork -T|--fstab=r -i|--internal-only -l|--show-labels -m|--mkdir? -n|--no-mtab " +
				"--options-mode= --options-source= --options-source-force -o|--options= -O|--test-opts= -r|--read-only -t|--types= --source=c --target=c " +
				"--target-prefix= -v|--verbose -w|--rw|--read-write -N|--namespace= -L|--label=c -U|--uuid=c -B|--bind -M|--move -R|--rbind -s " +
				"--make-shared --make-slave --make-private --make-unbindable --make-rshared --make-rslave --make-rprivate --make-runbindable -h|--help:h -V|--version:h",
			ReadOnly: []string{"mount", "mount -l", "mount -t ext4", "mount --types=tmpfs"},
			Flagged:  []string{"mount /dev/sdb1 /mnt", "mount -o remount,rw /", "mount -L data", "mount --target=/mnt", "mount -a"}},
		&Spec{Names: n("umount"), Grant: Grant{Exact: true, Offers: []string{"umount x => Bash(umount x)"}}, Effect: Config, EffectWithOperands: true, Abbrev: true, Permute: true, Operands: "-*",
			Options: "-a|--all:c -A|--all-targets -c|--no-canonicalize -d|--detach-loop --fake -f|--force -i|--internal-only -n|--no-mtab -l|--lazy -O|--test-opts= " +
				"-R|--recursive -r|--read-only -t|--types= -v|--verbose -q|--quiet -N|--namespace= -h|--help:h -V|--version:h",
			ReadOnly: []string{"umount --help"},
			Flagged:  []string{"umount /mnt", "umount -l /mnt", "umount -a"}},
		// ldconfig (glibc 2.36, argp: prefixes taken, --prin seen)
		// rebuilds the linker cache; -p prints it.
		&Spec{Names: n("ldconfig"), Grant: Grant{Exact: true, Offers: []string{"ldconfig x => Bash(ldconfig x)"}}, Effect: Config, ReadWith: "--print-cache", Abbrev: true, Permute: true, Operands: "-*",
			Options:  "-c|--format= -C=w -f=r -i|--ignore-aux-cache -l -n -N -p|--print-cache -r= -v|--verbose -X --help:h --usage:h -V|--version:h",
			ReadOnly: []string{"ldconfig -p", "ldconfig --print-cache"},
			Flagged:  []string{"ldconfig", "ldconfig /opt/lib"}},
		// hwclock (util-linux 2.38.1, getopt_long): --set, -s, -w,
		// --systz, -a and --param-set set a clock; the rest read.
		&Spec{Names: n("hwclock"), Grant: Grant{Exact: true, Offers: []string{"hwclock x => Bash(hwclock x)"}}, Abbrev: true, Permute: true,
			Options: "-r|--show --get --set:c -s|--hctosys:c -w|--systohc:c --systz:c -a|--adjust:c --param-get= --param-set=c --predict -u|--utc -l|--localtime " +
				"-f|--rtc= --directisa --date= --delay= --update-drift --noadjfile --adjfile= --test -v|--verbose -h|--help:h -V|--version:h",
			ReadOnly: []string{"hwclock -r", "hwclock --show --utc"},
			Flagged:  []string{"hwclock --systohc", "hwclock -w", "hwclock --set --date=2020-01-01", "hwclock --hc"}},
		// update-alternatives (dpkg 1.21.22): its commands are long
		// options, matched exactly (--disp is refused).
		&Spec{Names: n("update-alternatives"), Grant: Grant{Exact: true, Offers: []string{"update-alternatives x => Bash(update-alternatives x)"}}, Effect: Config, ReadWith: "--display --query --list --get-selections", Permute: true, Operands: "-*",
			Options: "--install --slave --remove --remove-all --auto --display --query --list --get-selections --set-selections --config --set --all " +
				"--altdir= --admindir= --instdir= --root= --log= --force --skip-auto --quiet --verbose --debug --help:h --version:h",
			ReadOnly: []string{"update-alternatives --display editor", "update-alternatives --get-selections"},
			Flagged:  []string{"update-alternatives --set editor /usr/bin/vim", "update-alternatives --config java"}},
		// at and batch (at 3.2.5, getopt, short options only): -l lists
		// and -c prints jobs; anything else schedules (or, -r and -d,
		// removes) a job.
		&Spec{Names: n("at", "batch"), Grant: Grant{Exact: true, Offers: []string{"at x => Bash(at x)"}}, Effect: Config, ReadWith: "-l -c", Operands: "-*",
			Options:  "-V:h -q= -f=r -u= -m -M -l -b -v -t= -c -r -d -o=",
			ReadOnly: []string{"at -l", "at -c 4"}, Flagged: []string{"at now + 1 minute", "at -f job.sh midnight", "at -qb -f job.sh now"}},
		// usermod, useradd and gpasswd (shadow 4.13, getopt_long:
		// usermod --grou seen; gpasswd refuses the ambiguous --ad).
		&Spec{Names: n("usermod"), Grant: Grant{Exact: true, Offers: []string{"usermod x => Bash(usermod x)"}}, Effect: Config, Abbrev: true, Permute: true, Operands: "-",
			Options: "-a|--append -b|--badname -c|--comment= -d|--home= -e|--expiredate= -f|--inactive= -g|--gid= -G|--groups= -l|--login= -L|--lock " +
				"-m|--move-home -o|--non-unique -p|--password= -P|--prefix= -r|--remove -R|--root= -s|--shell= -u|--uid= -U|--unlock -v|--add-subuids= " +
				"-V|--del-subuids= -w|--add-subgids= -W|--del-subgids= -Z|--selinux-user= -h|--help:h",
			Flagged: []string{"usermod -aG sudo bob", "usermod -aGsudo bob", "usermod --groups=wheel,dev bob", "usermod -ou 0 bob"}},
		// adduser (Debian adduser 3.134, Perl's Getopt::Long, tried here:
		// --hel is --help, a long option takes one dash or two, options
		// after the names too, no bundling): adduser USER, adduser USER
		// GROUP puts the user in the group, --ingroup GROUP makes it the
		// user's primary group.
		&Spec{Names: n("adduser"), Grant: exact("adduser x"), Effect: Config, LongDash: true, Abbrev: true, Permute: true, Operands: "-*",
			Options: "-add-extra-groups -add_extra_groups -allow-all-names -allow-badname -allow-bad-names -comment= -c|-conf=r -debug -disabled-login " +
				"-disabled-password -firstgid= -firstuid= -force-badname -gecos= -gid= -group -h|-help:h -home= -ingroup= -lastgid= -lastuid= -no-create-home " +
				"-q|-quiet -shell= -system -uid= -verbose -v|-version:h",
			Flagged: []string{"adduser bob", "adduser bob sudo", "adduser --ingroup sudo bob", "adduser -ingroup=sudo bob", "adduser --system --uid 0 svc"}},
		&Spec{Names: n("useradd"), Grant: Grant{Exact: true, Offers: []string{"useradd x => Bash(useradd x)"}}, Effect: Config, Abbrev: true, Permute: true, Operands: "-?",
			Options: "--badname -b|--base-dir= --btrfs-subvolume-home -c|--comment= -d|--home-dir= -D|--defaults -e|--expiredate= -f|--inactive= " +
				"-F|--add-subids-for-system -g|--gid= -G|--groups= -k|--skel=r -K|--key= -l|--no-log-init -m|--create-home -M|--no-create-home " +
				"-N|--no-user-group -o|--non-unique -p|--password= -r|--system -R|--root= -P|--prefix= -s|--shell= -u|--uid= -U|--user-group " +
				"-Z|--selinux-user= -h|--help:h",
			Flagged: []string{"useradd -G docker bob", "useradd -u 0 -o toor", "useradd --uid=0 --non-u toor"}},
		&Spec{Names: n("gpasswd"), Grant: Grant{Exact: true, Offers: []string{"gpasswd x => Bash(gpasswd x)"}}, Effect: Config, Abbrev: true, Permute: true, Operands: "-",
			Options: "-a|--add= -d|--delete= -Q|--root= -r|--remove-password -R|--restrict -M|--members= -A|--administrators= -h|--help:h",
			Flagged: []string{"gpasswd -a dev docker", "gpasswd --add=dev sudo", "gpasswd -M a,b wheel"}},
		// nsenter (util-linux 2.38.1, getopt_long with "+": its options
		// end at the command, which it runs in the namespaces it enters).
		&Spec{Names: n("nsenter"), Grant: Grant{Exact: true, Offers: []string{"nsenter x => Bash(nsenter x)"}}, Effect: Unknown, Command: true, Abbrev: true,
			Options: "-a|--all -t|--target= -m|--mount? -u|--uts? -i|--ipc? -n|--net? -p|--pid? -C|--cgroup? -U|--user? -T|--time? -S|--setuid= -G|--setgid= " +
				"--preserve-credentials -r|--root? -w|--wd? -W|--wdns= -F|--no-fork -Z|--follow-context -h|--help:h -V|--version:h",
			Flagged: []string{"nsenter -t 1 -m -u -i -n -p sh", "nsenter --target=1 --all sh", "nsenter -at1 sh"}},
		// ufw (0.36.2, its own parser): --dry-run, then --force (-f),
		// then the command, which it lowers (ufw DISABLE disables);
		// --rootdir= and --datadir= anywhere. status, show, version,
		// help and app list or info read.
		&Spec{Names: n("ufw"), Grant: Grant{Exact: true, Offers: []string{"ufw x => Bash(ufw x)"}}, OtherSubcommand: Config, Options: "--dry-run -f|--force --rootdir= --datadir= -h|--help:h --version:h",
			Subcommands: subs("status", ufwRead, "show", ufwRead, "version", ufwRead, "help", ufwRead, "app", &Spec{Subcommands: subs("list", ufwRead, "info", ufwRead), OtherSubcommand: Config},
				"default", &Spec{Effect: Config, Operands: "-*"}),
			ReadOnly: []string{"ufw status", "ufw status verbose", "ufw app list"},
			Flagged:  []string{"ufw disable", "ufw --force disable", "ufw -f reset", "ufw default allow incoming", "ufw allow 22"}},
		// nft (nftables 1.0.6, getopt_long with "+": options stop at the
		// first command word; --chec seen). list, describe and monitor
		// read; -c only checks.
		&Spec{Names: n("nft"), Grant: Grant{Exact: true, Offers: []string{"nft x => Bash(nft x)"}}, OtherSubcommand: Config, Abbrev: true,
			Options: "-h|--help:h -v|--version:h -V:h -f|--file=c -D|--define= -i|--interactive:c -I|--includepath= -c|--check -o|--optimize -a|--handle " +
				"-s|--stateless -t|--terse -S|--service -N|--reversedns -u|--guid -n|--numeric -y|--numeric-priority -p|--numeric-protocol " +
				"-T|--numeric-time -e|--echo -j|--json -d|--debug=",
			Subcommands: subs("list", nftRead, "describe", nftRead, "monitor", nftRead),
			ReadOnly:    []string{"nft list ruleset", "nft -a list table inet filter"},
			Flagged:     []string{"nft flush ruleset", "nft -f rules.nft", "nft 'flush ruleset'", "nft add rule inet filter input accept"}},
		// firewall-cmd (firewalld, Python argparse: prefixes taken,
		// --opt=v and --opt v alike). Only the options the check reads
		// are declared; the rest are loose.
		&Spec{Names: n("firewall-cmd"), Grant: Grant{Exact: true, Offers: []string{"firewall-cmd x => Bash(firewall-cmd x)"}}, Effect: Config, Loose: true, Abbrev: true, Permute: true, Operands: "-*",
			ReadWith: "--state --get-default-zone --list-all --list-all-zones --get-active-zones --get-zones --list-services --list-ports --query-panic",
			Options: "--state --get-default-zone --list-all --list-all-zones --get-active-zones --get-zones --list-services --list-ports --query-panic " +
				"--panic-on --panic-off --set-default-zone= --zone= --permanent --reload -h|--help:h -V|--version:h",
			ReadOnly: []string{"firewall-cmd --state", "firewall-cmd --list-all"},
			Flagged:  []string{"firewall-cmd --panic-off", "firewall-cmd --set-default-zone=trusted", "firewall-cmd --set-default-zone trusted"}},
		// setenforce (libselinux 3.4): one operand, Enforcing,
		// Permissive, 1 or 0, in any case; no options.
		&Spec{Names: n("setenforce"), Grant: Grant{Exact: true, Offers: []string{"setenforce x => Bash(setenforce x)"}}, Effect: Config, NoOptions: true, Operands: "-",
			Flagged: []string{"setenforce 0", "setenforce Permissive"}},
		// auditctl (audit 3.0.9, getopt_long): -l and -s read.
		&Spec{Names: n("auditctl"), Grant: Grant{Exact: true, Offers: []string{"auditctl x => Bash(auditctl x)"}}, Effect: Config, ReadWith: "-l -s", Abbrev: true, Permute: true,
			Options: "-a= -A= -b= -c -C= -d= -D -e= -f= -F= -h:h -i -k= -l -m= -p= -q= -r= -R=r -s -S= --signal= -t -v:h -w= -W= " +
				"--loginuid-immutable --backlog_wait_time= --reset-lost --reset_backlog_wait_time_actual",
			ReadOnly: []string{"auditctl -l", "auditctl -s"},
			Flagged:  []string{"auditctl -D", "auditctl -e 0", "auditctl -e0", "auditctl -w /etc/passwd -p wa"}},
		// xattr (macOS, a Python script with getopt "lpwdcrsvxh": short
		// options only, bundled; the attribute is an operand). -l and -p
		// read.
		&Spec{Names: n("xattr"), Grant: Grant{Exact: true, Offers: []string{"xattr x => Bash(xattr x)"}}, Effect: Write, EffectWithOperands: true, ReadWith: "-l -p", Operands: "-*",
			Options:  "-l -p -w -d -c -r -s -v -x -h:h",
			ReadOnly: []string{"xattr -l app.dmg", "xattr -p com.apple.quarantine app.dmg"},
			Flagged:  []string{"xattr -d com.apple.quarantine app.dmg", "xattr -cr App.app", "xattr -rd com.apple.quarantine App.app"}},
		// pfctl (macOS and BSD, getopt: -F and -s take a modifier).
		&Spec{Names: n("pfctl"), Grant: Grant{Exact: true, Offers: []string{"pfctl x => Bash(pfctl x)"}}, Effect: Config, ReadWith: "-s -n", Permute: true,
			Options:  "-a= -A -d:c -D= -e:c -q -f=c -F=c -g -h:h -i= -k= -K= -m -n -N -O -o= -P -p= -r -R -s= -S -t= -T= -v -x= -z",
			ReadOnly: []string{"pfctl -s rules", "pfctl -sr"},
			Flagged:  []string{"pfctl -d", "pfctl -F all", "pfctl -Fa", "pfctl -f /etc/pf.conf"}},
		// csrutil (macOS): the verb is the first word; status reads.
		&Spec{Names: n("csrutil"), Grant: Grant{Exact: true, Offers: []string{"csrutil x => Bash(csrutil x)"}}, OtherSubcommand: Config,
			Subcommands: subs("status", &Spec{}, "authenticated-root", &Spec{Effect: Config, Operands: "-*", Subcommands: subs("status", &Spec{}), OtherSubcommand: Config}),
			ReadOnly:    []string{"csrutil status"}, Flagged: []string{"csrutil disable", "csrutil authenticated-root disable"}},
		// spctl (macOS, getopt_long: prefixes taken). Only the options
		// the check reads are declared; the rest are loose.
		&Spec{Names: n("spctl"), Grant: Grant{Exact: true, Offers: []string{"spctl x => Bash(spctl x)"}}, Effect: Config, Loose: true, Abbrev: true, Permute: true, Operands: "-*",
			ReadWith: "--status --assess --list",
			Options:  "-a|--assess --status --list --master-enable --master-disable --global-enable --global-disable --enable --disable --add --remove -t|--type= -v|--verbose",
			ReadOnly: []string{"spctl --status", "spctl -a -v App.app"},
			Flagged:  []string{"spctl --master-disable", "spctl --global-dis", "spctl --disable --label x"}},
		// logrotate (3.21.0, popt: no prefixes, --forc refused): -d only
		// shows what it would do.
		&Spec{Names: n("logrotate"), Grant: Grant{Exact: true, Offers: []string{"logrotate x => Bash(logrotate x)"}}, Effect: Config, ReadWith: "--debug", Permute: true, Operands: "r*",
			Options:  "-d|--debug -f|--force -m|--mail=x -s|--state=w --skip-state-lock --wait-for-state-lock -v|--verbose -l|--log=w --version:h --help:h --usage:h",
			ReadOnly: []string{"logrotate -d /etc/logrotate.conf"}, Flagged: []string{"logrotate -f /etc/logrotate.conf", "logrotate --force x.conf"}},
		// shutdown (systemd 252, getopt_long): -c cancels and --show
		// shows a pending shutdown; anything else schedules one.
		&Spec{Names: n("shutdown"), Grant: Grant{Exact: true, Offers: []string{"shutdown x => Bash(shutdown x)"}}, Effect: Config, ReadWith: "--show", Abbrev: true, Permute: true, Operands: "-*",
			Options:  "--help:h -H|--halt -P|--poweroff -r|--reboot -h -k --no-wall -c --show",
			ReadOnly: []string{"shutdown --show"}, Flagged: []string{"shutdown -h now", "shutdown -r +5", "shutdown --reb now"}},
		// init and telinit (sysvinit's telinit, systemd's compatible
		// one): the operand is the run level.
		&Spec{Names: n("init", "telinit"), Grant: Grant{Exact: true, Offers: []string{"init x => Bash(init x)"}}, Effect: Config, EffectWithOperands: true, Operands: "-*", Options: "-t= -e= --no-wall --help:h",
			Flagged: []string{"init 0", "telinit 6"}},
		// loginctl (systemd 252, getopt_long): the listing and status
		// verbs read; the others change sessions or power.
		&Spec{Names: n("loginctl"), Grant: Grant{Exact: true, Offers: []string{"loginctl x => Bash(loginctl x)"}}, OtherSubcommand: Config, Abbrev: true, Options: loginOpts,
			Subcommands: subs("list-sessions", loginRead, "session-status", loginRead, "show-session", loginRead, "list-users", loginRead, "user-status", loginRead,
				"show-user", loginRead, "list-seats", loginRead, "seat-status", loginRead, "show-seat", loginRead,
				"poweroff", loginPower("loginctl poweroff", "loginctl --no-ask-password poweroff", "/usr/bin/loginctl poweroff"), "reboot", loginPower("loginctl reboot", "loginctl reboot --no-ask"),
				"suspend", loginPower("loginctl suspend"), "hibernate", loginPower("loginctl hibernate"),
				"terminate-session", loginPower("loginctl terminate-session 2"), "terminate-user", loginPower("loginctl terminate-user bob", "loginctl -H host terminate-user bob"),
				"kill-session", loginPower("loginctl kill-session 2", "loginctl kill-session --signal=KILL 2"), "kill-user", loginPower("loginctl kill-user bob")),
			ReadOnly: []string{"loginctl list-sessions", "loginctl --no-pag show-session 2"}, Flagged: []string{"loginctl terminate-user bob", "loginctl poweroff"}},
		// nvram (macOS): -p prints every variable, -x as XML; a name=value
		// sets, -d deletes, -c clears, -f loads a file.
		&Spec{Names: n("nvram"), Grant: Grant{Exact: true, Offers: []string{"nvram x => Bash(nvram x)"}}, Effect: Config, ReadWith: "-p", Operands: "-*", Options: "-p -x -f=c -d= -c:c -r -h:h",
			ReadOnly: []string{"nvram -p", "nvram -xp"}, Flagged: []string{"nvram boot-args=-v", "nvram -c", "nvram -d boot-args"}},
		// semanage (policycoreutils 3.4, argparse with subcommands: an
		// option's prefix is taken, a subcommand's is not).
		&Spec{Names: n("semanage"), Grant: Grant{Exact: true, Offers: []string{"semanage x => Bash(semanage x)"}}, OtherSubcommand: Config, Options: "-h|--help:h",
			Subcommands: subs("permissive", &Spec{Effect: Config, ReadWith: "--list", Abbrev: true, Permute: true, Operands: "-*",
				Options: "-a|--add -d|--delete -D|--deleteall -l|--list -n|--noheading -N|--noreload -S|--store= -h|--help:h"}),
			ReadOnly: []string{"semanage permissive -l"}, Flagged: []string{"semanage permissive -a httpd_t", "semanage boolean -m --on x"}},
		// newgrp (shadow 4.13): newgrp [-|-l] [GROUP] starts a shell with
		// GROUP as the user's group.
		&Spec{Names: n("newgrp"), Grant: Grant{Exact: true, Offers: []string{"newgrp x => Bash(newgrp x)"}}, Effect: Exec, Operands: "-*", Options: "-l",
			Flagged: []string{"newgrp docker", "newgrp - sudo"}},
		&Spec{Names: n("top"), Options: "-b -n= -d= -p= -u= -U= -o= -H -i -c -1 -E= -e= -w? -s -S -h:h -v:h", ReadOnly: []string{"top -b -n1"}},
	)
})

// firstMatch builds a subcommand table the way nmcli and iproute2 match
// their words: a word selects the first name, in the program's own table
// order, that it is a prefix of (nmcli c d is connection down; nmcli d d
// is device disconnect, as disconnect comes before delete there). pairs
// are names and their entries, in that order.
//
// A nil entry keeps its name's prefixes from the names after it and
// leaves them undeclared (ip m is maddress, which has no entry, not
// monitor).
func firstMatch(pairs ...any) map[string]*Spec {
	m := map[string]*Spec{}
	taken := map[string]bool{}
	for i := 0; i+1 < len(pairs); i += 2 {
		name, _ := pairs[i].(string)
		spec, _ := pairs[i+1].(*Spec)
		for l := 1; l <= len(name); l++ {
			if p := name[:l]; !taken[p] {
				taken[p] = true
				if spec != nil {
					m[p] = spec
				}
			}
		}
	}
	return m
}

func resolvectl() *Spec {
	opts := "-4 -6 -i|--interface= -p|--protocol= -t|--type= -c|--class= --service-address= --service-txt= --cname= --validate= --synthesize= " +
		"--cache= --zone= --trust-anchor= --network= --search= --stale-data= --raw? --legend= --json= -j --no-pager --no-ask-password -h|--help:h --version:h"
	sub := func(e Effect, below int) *Spec {
		return &Spec{Effect: e, ReadBelow: below, Abbrev: true, Permute: true, Operands: "-*", Options: opts}
	}
	read, lookup := sub(None, 0), sub(Network, 0)
	set := func() *Spec { return sub(Config, 2) }
	return &Spec{Names: n("resolvectl"), Grant: Grant{Exact: true, Offers: []string{"resolvectl status => Bash(resolvectl status)"}}, Abbrev: true, Options: opts,
		Subcommands: subs("query", lookup, "service", lookup, "openpgp", lookup, "tlsa", lookup, "status", read, "statistics", read, "monitor", read,
			"show-cache", read, "show-server-state", read, "log-level", sub(Config, 1), "reset-statistics", sub(Config, 0), "flush-caches", sub(Config, 0),
			"reset-server-features", sub(Config, 0), "dns", set(), "domain", set(), "default-route", set(), "llmnr", set(), "mdns", set(), "dnssec", set(),
			"dnsovertls", set(), "nta", set(), "revert", sub(Config, 0)),
		ReadOnly: []string{"resolvectl", "resolvectl status", "resolvectl status eth0", "resolvectl dns", "resolvectl dns eth0", "resolvectl --no-pag statistics", "resolvectl domain eth0"},
		Flagged: []string{"resolvectl query example.com", "resolvectl -t MX query example.com", "resolvectl dns eth0 1.1.1.1", "resolvectl dns -i eth0 1.1.1.1",
			"resolvectl revert eth0", "resolvectl --interface=eth0 revert", "resolvectl flush-caches"}}
}
