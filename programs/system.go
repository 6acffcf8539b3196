package programs

// Services, schedules and ownership: reading their state is read-only;
// everything else changes lasting configuration.

var _ = family("system", func(add func(...*Spec)) {
	// -H/--host runs the command on another host over ssh.
	sysRead := &Spec{Permute: true, Operands: "-*", Options: "--user --system --all -a --no-pager --full -l --lines= -n= --type= -t= --state= --plain --no-legend --output= -o= --value --property= -p= -H=n --host=n -M= --machine= -q --quiet"}
	add(
		// iptables changes the firewall's rules; the check (shell) reads
		// which: -F/--flush, -X/--delete-chain, -D/--delete and a policy
		// of ACCEPT open it. getopt_long: prefixes are taken.
		&Spec{Names: n("iptables", "ip6tables"), Grant: Grant{Exact: true, Offers: []string{"iptables x => Bash(iptables x)"}}, Effect: Config, Loose: true, Abbrev: true, Permute: true, Operands: "-*",
			Options: "-F|--flush -X|--delete-chain -Z|--zero -P|--policy= -D|--delete= -A|--append= -I|--insert= -R|--replace= -N|--new-chain= -E|--rename-chain= " +
				"-t|--table= -j|--jump= -g|--goto= -p|--protocol= -s|--source= -d|--destination= -i|--in-interface= -o|--out-interface= -m|--match= -L|--list -S|--list-rules -n|--numeric -v|--verbose -w|--wait? -h:h --help:h",
			Flagged: []string{"iptables -F", "iptables --policy INPUT ACCEPT", "iptables -L"}},
		&Spec{Names: n("systemctl"), Grant: Grant{Exact: true, Offers: []string{"systemctl x => Bash(systemctl x)"}}, OtherSubcommand: Config, Options: "--user --system --no-pager -q --quiet --no-ask-password -h:h --help:h --version:h -H=n --host=n -M= --machine=",
			Subcommands: subs("status", sysRead, "show", sysRead, "list-units", sysRead, "list-unit-files", sysRead, "list-timers", sysRead, "list-sockets", sysRead,
				"list-dependencies", sysRead, "is-active", sysRead, "is-enabled", sysRead, "is-failed", sysRead, "cat", sysRead, "help", sysRead),
			ReadOnly: []string{"systemctl status nginx", "systemctl --user list-timers"}, Flagged: []string{"systemctl stop nginx", "systemctl --user enable evil.service", "systemctl -H root@db.example status", "systemctl status --host=root@db.example sshd"}},
		&Spec{Names: n("journalctl"), Permute: true, Operands: "-*", Loose: false,
			Options: "-u= --unit= --user-unit= -f --follow -n= --lines= -e --pager-end -r --reverse -o= --output= -b? --boot? -k --dmesg -p= --priority= -S= --since= -U= --until= " +
				"-g= --grep= --no-pager -x --catalog -q --quiet --user --system -t= --identifier= --list-boots --disk-usage --no-hostname --utc -a --all -h:h --help:h --version:h " +
				"--vacuum-size=d --vacuum-time=d --vacuum-files=d --rotate:c --flush:c --sync:c -D= --directory= --file=r --header --verify --output-fields= -l --full --cursor-file=w",
			ReadOnly: []string{"journalctl -u web", "journalctl -f -n 100"}, Flagged: []string{"journalctl --vacuum-time=1s", "journalctl --cursor-file=$HOME/.bashrc -n 1"}},
		&Spec{Names: n("dmesg"), Options: "-H -T -k -l= -f= -w -x -L? --color? -t --human --ctime --follow --level= --facility= --kernel --decode --notime -h:h --help:h -V:h -c:c -C:c --clear:c --read-clear:c",
			ReadOnly: []string{"dmesg", "dmesg -T"}, Flagged: []string{"dmesg -C"}},
		&Spec{Names: n("crontab"), Grant: Grant{Exact: true, Offers: []string{"crontab x => Bash(crontab x)"}}, Effect: Config, ReadWith: "-l", Operands: "r?", Options: "-l -r:c -e:x -i -u= -s -n= -c -T",
			Flagged: []string{"crontab -r", "crontab evil.cron"}},
		// chown and chgrp (coreutils 9.1, getopt_long: --rec is --recursive).
		&Spec{Names: n("chown", "chgrp"), Grant: Grant{Exact: true, Offers: []string{"chown x => Bash(chown x)"}}, Effect: Write, Abbrev: true, Permute: true, Operands: "- w*",
			Options: "-c|--changes -f|--silent|--quiet -v|--verbose --dereference -h|--no-dereference --from= --no-preserve-root --preserve-root --reference=r -R|--recursive -H -L -P" + gnu,
			Flagged: []string{"chown -R user /", "chown --from=root dev f"}},
		&Spec{Names: n("top"), Options: "-b -n= -d= -p= -u= -U= -o= -H -i -c -1 -E= -e= -w? -s -S -h:h -v:h", ReadOnly: []string{"top -b -n1"}},
	)
})
