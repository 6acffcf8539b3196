package programs

// Wrappers: programs that run the command their operands give in their own
// place, changing only how it runs (its priority, buffering, time limit,
// session, user or network route). Each is a launcher (Command) with Wraps
// set: the shell judges the call as the command itself under the wrapper,
// so deny rules and danger checks see rm -rf behind nice -n 5 as they see
// it alone, and the entry's grammar reads the wrapper's own options in
// every spelling (timeout --sig KILL, nice --adj 5, stdbuf -oL).
//
// Observed: GNU coreutils 9.x nice, nohup, timeout and stdbuf take unique
// prefixes of long options (getopt_long) and stop at the first operand;
// timeout's first operand is the duration. util-linux setsid takes
// prefixes too. doas (OpenBSD) has short options only; pkexec (polkit)
// long options spelled whole; proxychains-ng its -f and -q; torsocks is a
// shell script that matches its options whole.

var _ = family("wrappers", func(add func(...*Spec)) {
	add(
		&Spec{Names: n("nice"), Wraps: WrapKeeps, Grant: Grant{Exact: true, Offers: []string{"nice -n 10 make => Bash(nice -n 10 make)"}}, Command: true, Effect: None, Abbrev: true, Numeric: true,
			Options:  "-n|--adjustment=" + gnu,
			ReadOnly: []string{"nice", "nice -n 5 ls", "nice --adjustment=5 git status", "nice -5 cat a.txt"},
			Flagged:  []string{"nice -n 5 rm -rf /etc", "nice --adj 5 rm -rf /etc", "nice -n5 rm -rf ~"}},
		&Spec{Names: n("nohup"), Grant: Grant{Exact: true, Offers: []string{"nohup make => Bash(nohup make)"}}, Wraps: WrapKeeps, Command: true, Effect: Unknown, Abbrev: true, Options: gnu[1:],
			ReadOnly: []string{"nohup ls"},
			Flagged:  []string{"nohup rm -rf /etc", "nohup -- rm -rf ~"}},
		&Spec{Names: n("timeout"), Wraps: WrapKeeps, Grant: Grant{Exact: true, Offers: []string{"timeout 5 make => Bash(timeout 5 make)"}}, Command: true, Effect: Unknown, Abbrev: true, Operands: "-",
			Options:  "-s|--signal= -k|--kill-after= --foreground -p|--preserve-status -v|--verbose" + gnu,
			ReadOnly: []string{"timeout 5 ls", "timeout -s KILL 5 git status", "timeout --signal=TERM --kill-after=1 5 cat a.txt"},
			Flagged:  []string{"timeout 5 rm -rf /etc", "timeout --sig KILL 5 rm -rf /etc", "timeout -sKILL -k1 5 rm -rf ~", "timeout --kill-after=1 5 rm -rf ~"}},
		&Spec{Names: n("stdbuf"), Grant: Grant{Exact: true, Offers: []string{"stdbuf -oL make => Bash(stdbuf -oL make)"}}, Wraps: WrapKeeps, Command: true, Effect: Unknown, Abbrev: true,
			Options:  "-i|--input= -o|--output= -e|--error=" + gnu,
			ReadOnly: []string{"stdbuf -oL ls", "stdbuf --output=L cat a.txt"},
			Flagged:  []string{"stdbuf -oL rm -rf /etc", "stdbuf --out L rm -rf ~", "stdbuf -o 0 -e 0 rm -rf ~"}},
		&Spec{Names: n("setsid"), Grant: Grant{Exact: true, Offers: []string{"setsid make => Bash(setsid make)"}}, Wraps: WrapChanges, Command: true, Effect: Unknown, Abbrev: true,
			Options: "-c|--ctty -f|--fork -w|--wait -h|--help:h -V|--version:h",
			Flagged: []string{"setsid rm -rf /etc", "setsid --fork rm -rf ~", "setsid -fw rm -rf ~"}},
		&Spec{Names: n("doas"), Elevates: true, Wraps: WrapChanges, Grant: Grant{Exact: true, Offers: []string{"doas apk add jq => Bash(doas apk add jq)"}}, Command: true, Effect: Unknown,
			Options: "-u= -C=r -L -n -s",
			Flagged: []string{"doas rm -rf /etc", "doas -u root rm -rf /etc", "doas -uroot rm -rf ~", "doas -n -u root rm -rf ~", "doas -s"}},
		// command is the shell's builtin (bash 5.2): short options only,
		// bundled (-pv), stopping at the first operand; -v and -V print
		// what a name is and run nothing.
		&Spec{Names: n("command"), Unwrap: UnwrapQuery, Wraps: WrapKeeps, Grant: Grant{Exact: true, Offers: []string{"command x => Bash(command x)"}}, Command: true, Effect: Unknown,
			Options:  "-p -v:h -V:h",
			ReadOnly: []string{"command -v git", "command -V ls", "command -pv git", "command ls", "command -p cat a.txt", "command -- ls"},
			Flagged:  []string{"command rm -rf /etc", "command -p rm -rf ~", "command -- rm -rf ~"}},
		// exec is the shell's builtin (bash 5.2, tried here): short options
		// only, bundled (-cl), stopping at the first operand. Given a
		// command, the command replaces the shell, so nothing after it
		// runs, and it runs as its words say; -c only empties its
		// environment: WrapKeeps. -a NAME hands it NAME as argv[0], which
		// picks what a multicall program is (exec -a rm busybox), and -l
		// puts a dash before argv[0], which makes a shell a login shell
		// that reads the user's profile: both unknown. With no command
		// exec only changes the shell's descriptors (shell/descriptors.go).
		&Spec{Names: n("exec"), Wraps: WrapKeeps, Grant: Grant{Exact: true, Offers: []string{"exec x => Bash(exec x)"}}, Command: true, Effect: None,
			Options:  "-a=u -c -l:u",
			ReadOnly: []string{"exec ls -la", "exec -c git status", "exec -- cat a.txt", "exec 3<a.txt"},
			Flagged:  []string{"exec rm -rf ~", "exec -c rm -rf ~", "exec -a ls rm -rf ~", "exec -a ls ls -la", "exec -l bash", "exec -la sh bash", "exec -cl ls", "exec -x ls", "exec <a.txt", "exec 0<a.txt", "exec <<<x"}},
		// time as a program (GNU time 1.9, Debian's time package, tried
		// here): getopt_long with "+": options stop at the first operand,
		// bundles (-ao FILE, -fFMT), unique prefixes (--out FILE; --ver is
		// ambiguous between --verbose and --version). -o FILE writes the
		// report there, -a appends to it. bash's time keyword (time -p CMD)
		// is the shell's grammar and never reaches this entry: a call does
		// when time is named as a program (command time, /usr/bin/time,
		// "time", env time, sudo time).
		&Spec{Names: n("time"), Wraps: WrapKeeps, Grant: Grant{Exact: true, Offers: []string{"time make => Bash(time make)"}}, Command: true, Effect: Unknown, Abbrev: true,
			Options:  "-a|--append -f|--format= -o|--output=w -p|--portability -q|--quiet -v|--verbose -h|--help:h -V|--version:h",
			ReadOnly: []string{"\"time\" ls", "\"time\" -p git status", "\"time\" -f %e cat a.txt", "\"time\" -v -- ls", "\"time\" -o /dev/null ls"},
			Flagged: []string{"\"time\" rm -rf ~", "\"time\" -o ~/.bashrc ls", "\"time\" -ao ~/.bashrc ls", "\"time\" --output=out.txt ls", "\"time\" --out out.txt ls",
				"\"time\" -p -o out.txt git status", "\"time\" -x ls", "\"time\""}},
		// env (GNU coreutils 9.1, tried here): getopt_long with "+":
		// options stop at the first NAME=VALUE or command word, bundles
		// (-iu X), unique prefixes (--un PATH, --sp=S). A first operand "-"
		// is -i, even after --. -S STRING is split into words that are read
		// as the rest of the command line, options and assignments too (env
		// -S'-i FOO=1 cmd'); the shell walks them as env's words. -C DIR
		// moves where the command's paths resolve (=u). -a/--argv0 (9.5)
		// and BSD -P take a value; 9.1 refuses both; both are unknown, as
		// argv[0] picks what a multicall program is (env -a rm busybox)
		// and -P where the command is found. Otherwise env only changes
		// the command's environment, which the walk reads as the shell's
		// prefix assignments (env LC_ALL=C sort f is LC_ALL=C sort f;
		// -u and -i only take variables away): WrapKeeps. With no command
		// env prints the environment.
		// With no command env prints the environment it would run one
		// in: -u NAME leaves NAME out, -i empties it.
		&Spec{Names: n("env"), Carries: "-S", Unwrap: UnwrapEnv, Env: EnvDump{Dumps: true, Unless: "-i -S"}, Wraps: WrapKeeps, Grant: Grant{Exact: true, Offers: []string{"env x => Bash(env x)"}}, Command: true, Assigns: true, Abbrev: true,
			Options:  "-0|--null -i|--ignore-environment -u|--unset= -C|--chdir=u -S|--split-string=x -v|--debug -a|--argv0=u -P=u --block-signal? --default-signal? --ignore-signal? --list-signal-handling" + gnu,
			ReadOnly: []string{"env -i", "env -S 'sh -c id'", "env sh -c id", "env LC_ALL=C sort f", "env -S 'ls -la'", "env -u X ls", "env -- ls", "env - ls"},
			Flagged: []string{"env -a rm busybox -rf ~", "env -P /tmp ls", "env --argv0=sh bash", "env -S 'LD_PRELOAD=x ls'", "env", "env -0", "env | sort", "env | grep -v PATH", "env -iu X rm -rf ~", "env --split='rm -rf ~'", "env --un PATH git reset --hard",
				"env - rm -rf ~", "env -- FOO=1 rm -rf ~", "env -i FOO=1 rm -rf ~", "env -C / rm -rf x", "env --chdir=/tmp git reset --hard", "env -S 'FOO=1 rm -rf ~'", "env -S '-i rm -rf ~'",
				"env -v -S 'rm -rf ~'", "env LD_PRELOAD=/tmp/x.so ls", "env -u HOME env LD_PRELOAD=x ls"}},
		// flock (util-linux 2.38.1, tried here): getopt_long with "+"
		// stops at the lock file, prefixes taken (--time 1 is --timeout),
		// -sn bundles. After the file comes the command, or exactly -c or
		// --command and one string the shell runs (the shell reads it from
		// the entry's -c=k: flock F -cCMD and flock F --comm CMD in fact
		// name a program, and are judged as the string, more strictly).
		// -c before the file is refused. flock FD alone (a number, no
		// command) locks an open descriptor and runs nothing; flock 7 CMD
		// locks a file named 7. It only waits for its lock: WrapKeeps.
		&Spec{Names: n("flock"), Wraps: WrapKeeps, Grant: Grant{Exact: true, Offers: []string{"flock x y => Bash(flock x y)"}}, Effect: Exec, Command: true, Operands: "-", Abbrev: true, Lang: LangShell,
			Options:  "-c|--command=k -s|--shared -x|--exclusive -u|--unlock -n|--nonblock -w|--timeout= -E|--conflict-exit-code= -o|--close -F|--no-fork --verbose -h|--help:h -V|--version:h",
			ReadOnly: []string{"flock /tmp/lock ls", "flock -s /tmp/lock cat a.txt", "flock -w 5 /tmp/lock git status", "flock /tmp/lock -c 'git status'"},
			Flagged: []string{"flock /tmp/lock -c 'rm -rf ~'", "flock -n /tmp/lock rm -rf ~", "flock --timeout 5 /tmp/lock --command 'rm -rf ~'", "flock -sn /tmp/lock rm -rf ~",
				"flock -- /tmp/lock rm -rf ~", "flock -E 3 /tmp/lock sh -c 'rm -rf ~'", "flock 9", "flock -u 9"}},
		// runuser (util-linux 2.38.1, tried here as root): su's getopt_long
		// with permutation and prefixes (--us app, -uapp), and -u USER.
		// runuser -u USER [--] CMD runs CMD (no shell; with no command it
		// refuses: "no command was specified"), and options are still
		// read among CMD's words unless a -- comes first (runuser -u
		// nobody ls -la fails: invalid option -a). Without -u it is su:
		// runuser [-] USER [ARG...] starts USER's shell with ARGs
		// (runuser nobody -s /bin/echo x y prints x y), -c CMD runs CMD
		// through it; -c and -u together are refused. The entry's
		// operand is USER; the shell (afterRunuser) takes the command
		// from the first operand with -u, after USER without.
		&Spec{Names: n("runuser"), Elevates: true, Unwrap: UnwrapUser, Wraps: WrapChanges, Grant: Grant{Exact: true, Offers: []string{"runuser -u x y => Bash(runuser -u x y)"}}, Effect: Unknown, Lang: LangShell, Command: true, Operands: "-", Permute: true, Abbrev: true,
			Options: suOptions + " -u|--user=",
			Flagged: []string{"runuser -u app -- rm -rf /srv/app", "runuser app -c 'rm -rf ~'", "runuser --comm='rm -rf ~' app", "runuser -uapp -- rm -rf ~", "runuser --user=app -- rm -rf ~",
				"runuser -u app rm -rf ~", "runuser -l app -c 'rm -rf ~'", "runuser - app -c 'rm -rf ~'", "runuser app ls", "runuser -u app -- ls", "runuser app", "runuser -u app"}},
		// busybox (1.35.0, Debian's, installed here) and toybox (0.8.9,
		// likewise) are multi-call binaries: the first word names the
		// applet, which runs with the rest (busybox /bin/echo hi runs its
		// echo: the name's base). They have no option parser: busybox's own
		// words are exactly --list, --list-full, --show SCRIPT, --install
		// [-s] [DIR] (links the applets into DIR) and --help, and any other
		// first word is an applet (busybox -- echo: "--: applet not found",
		// busybox --lis: likewise); alone it prints its usage. toybox takes
		// --long, --help and --version, and alone lists its commands. The
		// applet is busybox's own, whose options its namesake's entry does
		// not describe: WrapChanges. Run by a link named as an applet (ls →
		// busybox) they run that applet: Multicall.
		&Spec{Names: n("busybox"), Wraps: WrapChanges, Multicall: true, Grant: Grant{Exact: true, Offers: []string{"busybox ls => Bash(busybox ls)"}}, Command: true,
			Options:  "--list:N --list-full:N --show=:N --install:uN --help:h",
			ReadOnly: []string{"busybox", "busybox --list", "busybox --list-full", "busybox --help", "busybox --show echo"},
			Flagged: []string{"busybox rm -rf /", "busybox sh -c 'rm -rf ~'", "busybox ls -la", "busybox find . -delete", "busybox --install -s /tmp/bin", "busybox -- rm -rf ~",
				"busybox /bin/rm -rf ~", "busybox sh"}},
		&Spec{Names: n("toybox"), Wraps: WrapChanges, Multicall: true, Grant: Grant{Exact: true, Offers: []string{"toybox ls => Bash(toybox ls)"}}, Command: true,
			Options:  "--long:N --help:h --version:h",
			ReadOnly: []string{"toybox", "toybox --long", "toybox --help", "toybox --version"},
			Flagged:  []string{"toybox rm -rf /", "toybox sh -c 'rm -rf ~'", "toybox ls"}},
		// watch (procps-ng 4.0.2, getopt_long with "+": prefixes, options
		// stop at the first operand) runs its words joined through sh -c,
		// or as they are with -x; -d takes a value attached only.
		&Spec{Names: n("watch"), Paces: true, Joins: true, JoinsUnless: "--exec", Wraps: WrapChanges, Grant: Grant{Exact: true, Offers: []string{"watch make => Bash(watch make)"}}, Command: true, Effect: Unknown, Abbrev: true,
			Options: "-b|--beep -c|--color -d|--differences? -e|--errexit -g|--chgexit -q|--equexit= -n|--interval= -p|--precise -t|--no-title -w|--no-wrap -x|--exec -h|--help:h -v|--version:h",
			Flagged: []string{"watch rm -rf /etc", "watch -n 5 rm -rf ~", "watch -n5 -x rm -rf ~", "watch --interval=5 --exec rm -rf ~", "watch --int 5 'rm -rf ~'", "watch -d -t rm -rf ~"}},
		// chroot (GNU coreutils 9.1, getopt_long with "+"): NEWROOT, then
		// the command, '"$SHELL" -i' when none is given.
		&Spec{Names: n("chroot"), Elevates: true, BareShell: true, Wraps: WrapChanges, Grant: Grant{Exact: true, Offers: []string{"chroot /mnt sh => Bash(chroot /mnt sh)"}}, Command: true, Effect: Unknown, Abbrev: true, Operands: "-",
			Options: "--groups= --userspec= --skip-chdir" + gnu,
			Flagged: []string{"chroot /mnt rm -rf /etc", "chroot --userspec=1000:1000 /mnt rm -rf ~", "chroot --user 0:0 /mnt rm -rf ~", "chroot --skip /mnt rm -rf ~", "chroot /mnt"}},
		// ionice, chrt and taskset (util-linux 2.38.1, getopt_long with
		// "+": prefixes, ionice --cl is ambiguous; options stop at the
		// first operand). With -p (ionice's -P and -u too) they act on
		// running processes and run nothing (:N: chrt -p 10 1 sets pid 1's
		// priority, taskset -p MASK PID its CPUs); chrt and taskset take the
		// priority or CPU mask as their first operand (chrt -o 0 -- true
		// runs "--": the -- after it is the command). chrt -m prints the
		// priority ranges.
		&Spec{Names: n("ionice"), Wraps: WrapKeeps, Grant: Grant{Exact: true, Offers: []string{"ionice -c 3 make => Bash(ionice -c 3 make)"}}, Command: true, Effect: Unknown, Abbrev: true,
			Options:  "-c|--class= -n|--classdata= -t|--ignore -p|--pid=:N -P|--pgid=:N -u|--uid=:N -h|--help:h -V|--version:h",
			ReadOnly: []string{"ionice -c 3 ls", "ionice -c3 -n7 cat a.txt", "ionice --class=idle git status"},
			Flagged:  []string{"ionice -c 3 rm -rf /etc", "ionice -c3 rm -rf ~", "ionice --class 3 rm -rf ~", "ionice --classd=7 rm -rf ~", "ionice -t -n 7 rm -rf ~", "ionice -p 1 -c 3", "ionice -c 3 -p 1 2"}},
		&Spec{Names: n("chrt"), Wraps: WrapKeeps, Grant: Grant{Exact: true, Offers: []string{"chrt -i 0 make => Bash(chrt -i 0 make)"}}, Command: true, Effect: Unknown, Abbrev: true, Operands: "-",
			Options: "-a|--all-tasks -b|--batch -d|--deadline -f|--fifo -i|--idle -o|--other -r|--rr -R|--reset-on-fork -T|--sched-runtime= -P|--sched-period= -D|--sched-deadline= " +
				"-p|--pid:N -v|--verbose -m|--max:h -h|--help:h -V|--version:h",
			ReadOnly: []string{"chrt -i 0 ls", "chrt --idle 0 git status", "chrt -m"},
			Flagged:  []string{"chrt 10 rm -rf /etc", "chrt -f 10 rm -rf ~", "chrt --fifo 10 rm -rf ~", "chrt --ot 0 rm -rf ~", "chrt -vr 5 rm -rf ~", "chrt -p 10 1", "chrt -f -p 10 1"}},
		&Spec{Names: n("taskset"), Wraps: WrapKeeps, Grant: Grant{Exact: true, Offers: []string{"taskset -c 0 make => Bash(taskset -c 0 make)"}}, Command: true, Effect: Unknown, Abbrev: true, Operands: "-",
			Options:  "-a|--all-tasks -p|--pid:N -c|--cpu-list -h|--help:h -V|--version:h",
			ReadOnly: []string{"taskset 1 ls", "taskset -c 0 git status", "taskset --cpu-list 0-3 cat a.txt"},
			Flagged:  []string{"taskset 1 rm -rf /etc", "taskset -c 0 rm -rf ~", "taskset --cpu 0 rm -rf ~", "taskset -ac 0 rm -rf ~", "taskset -p 1 1", "taskset -p -c 0 1"}},
		// sudo 1.9.13p3 (observed): getopt_long with "+": options stop
		// at the first operand, -- ends them, long options take unique
		// prefixes (sudo --us=root id runs id as root; --pr is ambiguous
		// between --preserve-env, --preserve-groups and --prompt). -h
		// takes a host attached or as the next word (sudo -h root id asks
		// for host root), --help is long only; --preserve-env takes a list
		// attached only. -D and -R change where the command's paths
		// resolve. -e edits files (sudoedit); -l with a command lists
		// whether it may run and how (it runs nothing: :N), -V and --help
		// print. -k with a command runs it; -v or -K with one is refused,
		// and the call is judged as the command it spells (a tool's
		// refusal does not change what the line asks for): the shell reads
		// these from the entry. -s and -i with no command start a root
		// shell.
		&Spec{Names: n("sudo"), Elevates: true, Unwrap: UnwrapAssigns, Refuses: "--validate --remove-timestamp", RunsAs: "--edit=sudoedit", PasswordStdin: "--stdin", Wraps: WrapChanges, Grant: Grant{Exact: true, Offers: []string{"sudo apt-get install jq => Bash(sudo apt-get install jq)"}}, Command: true, Effect: Unknown, Abbrev: true,
			Options: "-A|--askpass -a= -B|--bell -b|--background -C|--close-from= -c= -D|--chdir=u -E --preserve-env? -e|--edit -g|--group= -H|--set-home -h|--host= " +
				"-i|--login -K|--remove-timestamp -k|--reset-timestamp -l|--list:N -N|--no-update -n|--non-interactive -P|--preserve-groups -p|--prompt= -R|--chroot=u " +
				"-r|--role= -S|--stdin -s|--shell -T|--command-timeout= -t|--type= -U|--other-user= -u|--user= -V|--version:h -v|--validate --help:h",
			Flagged: []string{"sudo rm -rf /etc", "sudo -u root rm -rf /etc", "sudo -uroot rm -rf ~", "sudo --user=root rm -rf ~", "sudo --us root rm -rf ~",
				"sudo -nu root rm -rf ~", "sudo -E -H rm -rf ~", "sudo -- rm -rf ~", "sudo -k rm -rf ~", "sudo -s", "sudo -i", "sudo -e /etc/hosts", "sudo --edit /etc/hosts",
				"sudo -g wheel -p x rm -rf ~", "sudo -D /tmp ls", "sudo -v", "sudo FOO=1 rm -rf ~", "sudo -l rm -rf /", "sudo -nl", "sudo -v rm -rf ~"}},
		// sudoedit is sudo -e: the files are edited as root (sudo
		// 1.9.13p3, the same getopt_long parser, with sudoedit's own
		// options).
		&Spec{Names: n("sudoedit"), Grant: Grant{Exact: true, Offers: []string{"sudoedit /etc/hosts => Bash(sudoedit /etc/hosts)"}}, Effect: Unknown, Abbrev: true, Operands: "E*",
			Options: "-A|--askpass -a= -B|--bell -C|--close-from= -c= -D|--chdir= -g|--group= -h|--host= -K|--remove-timestamp -k|--reset-timestamp -N|--no-update -n|--non-interactive " +
				"-p|--prompt= -R|--chroot= -r|--role= -S|--stdin -T|--command-timeout= -t|--type= -u|--user= -V|--version:h --help:h",
			Flagged: []string{"sudoedit /etc/hosts", "sudoedit -u root /etc/sudoers", "sudoedit --us=root /etc/hosts"}},
		// runas (Windows): /user:NAME and the flags, any case, then the
		// program as one command line, run as that user (its options
		// from runas /?: /noprofile, /profile, /env, /netonly,
		// /savecred, /smartcard, /showtrustlevels, /trustlevel:LEVEL).
		&Spec{Names: n("runas"), Grant: Grant{Exact: true, Offers: []string{"runas /user:admin cmd => Bash(runas /user:admin cmd)"}}, Slash: true, Fold: true, Permute: true, Effect: Unknown, Operands: "x?",
			Options: "/noprofile /profile /env /netonly /savecred /smartcard /showtrustlevels /trustlevel? /user?",
			Flagged: []string{"runas /user:Administrator cmd", "runas /USER:admin /savecred notepad.exe", "runas /noprofile /user:dev\\admin \"cmd /c whoami\""}},
		&Spec{Names: n("pkexec"), Elevates: true, Grant: Grant{Exact: true, Offers: []string{"pkexec make => Bash(pkexec make)"}}, Wraps: WrapChanges, Command: true, Effect: Unknown,
			Options: "--user= --disable-internal-agent --keep-cwd --help:h --version:h",
			Flagged: []string{"pkexec rm -rf /etc", "pkexec --user root rm -rf /etc", "pkexec --user=root rm -rf ~"}},
		&Spec{Names: n("unbuffer"), Grant: Grant{Exact: true, Offers: []string{"unbuffer make => Bash(unbuffer make)"}}, Wraps: WrapChanges, Command: true, Effect: Unknown, Options: "-p",
			Flagged: []string{"unbuffer rm -rf /etc", "unbuffer -p rm -rf ~"}},
		&Spec{Names: n("caffeinate"), Grant: Grant{Exact: true, Offers: []string{"caffeinate make => Bash(caffeinate make)"}}, Wraps: WrapChanges, Command: true, Effect: Unknown, Options: "-d -i -m -s -u -t= -w=",
			Flagged: []string{"caffeinate rm -rf /etc", "caffeinate -i -t 60 rm -rf ~", "caffeinate -dim rm -rf ~"}},
		&Spec{Names: n("torsocks"), Grant: Grant{Exact: true, Offers: []string{"torsocks curl x => Bash(torsocks curl x)"}}, Wraps: WrapChanges, Command: true, Effect: Unknown,
			Options: "-u= --user= -p= --pass= -a= --address= -P= --port= -i --isolate -d --debug -q --quiet -h:h --help:h --version:h",
			Flagged: []string{"torsocks rm -rf /etc", "torsocks -i curl https://example.com"}},
		// strace and ltrace run the command and print what it calls
		// (strace 6, ltrace 0.7; getopt_long: prefixes accepted). -o names
		// a file or, after | or !, a command the trace is piped to; -E
		// sets the command's environment, -u its user: each makes the call
		// unknown. -p attaches to running processes and runs no command.
		&Spec{Names: n("strace"), Grant: Grant{Exact: true, Offers: []string{"strace make => Bash(strace make)"}}, Wraps: WrapChanges, Command: true, Effect: Unknown, Abbrev: true,
			Options: "-A -c|--summary-only -C|--summary -d|--debug -D|--daemonize? -f|--follow-forks -F -i|--instruction-pointer -k|--stack-trace -n|--syscall-number " +
				"-N -q|--quiet? -r|--relative-timestamps? -t|--absolute-timestamps? -T|--syscall-times? -v|--no-abbrev -w|--summary-wall-clock -x -y|--decode-fds? -Y -z|--successful-only " +
				"-Z|--failed-only -a|--columns= -b|--detach-on= -e= -E|--env=u -I= -o|--output=u -O= -p|--attach= -P|--trace-path= -s|--string-limit= -S|--summary-sort-by= " +
				"-U|--summary-columns= -u|--user=u -X= --seccomp-bpf --trace= --signal= --status= --abbrev= --verbose= --raw= --read= --write= --output-separately -h|--help:h -V|--version:h",
			Flagged: []string{"strace rm -rf /etc", "strace -f -o /dev/null rm -rf ~", "strace -ff -s 200 rm -rf ~", "strace --follow-forks rm -rf ~", "strace -o '|sh' ls", "strace -E LD_PRELOAD=/tmp/x.so ls", "strace -p 1"}},
		&Spec{Names: n("ltrace"), Grant: Grant{Exact: true, Offers: []string{"ltrace make => Bash(ltrace make)"}}, Wraps: WrapChanges, Command: true, Effect: Unknown, Abbrev: true,
			Options: "-a|--align= -A= -b|--no-signals -c -C|--demangle -D|--debug= -e= -f -F|--config=u -i -l|--library=u -L -n|--indent= -o|--output=u -p= -r -s= -S -t -T " +
				"-u=u -w|--where= -x= -h|--help:h -V|--version:h",
			Flagged: []string{"ltrace rm -rf /etc", "ltrace -f -o /dev/null rm -rf ~", "ltrace -l /tmp/x.so ls"}},
		&Spec{Names: n("proxychains", "proxychains4"), Grant: Grant{Exact: true, Offers: []string{"proxychains curl x => Bash(proxychains curl x)"}}, Wraps: WrapChanges, Command: true, Effect: Unknown, Options: "-f=r -q",
			Flagged: []string{"proxychains rm -rf /etc", "proxychains4 -q -f ./p.conf rm -rf ~"}},
	)
})
