package programs

import "github.com/wardenhq/warden/danger"

// Accounts, power and boot: the programs whose every call is one danger,
// declared as the entry's Raises, with the options that make a call only
// read or print.
var _ = family("system-admin", func(add func(...*Spec)) {
	exact := func(ex string) Grant { return Grant{Exact: true, Offers: []string{ex + " => Bash(" + ex + ")"}} }
	common := "-h|--help:h --version:h --no-ask-password -H|--host=n -M|--machine= "
	hostOpts := common + "--transient --static --pretty --json="
	timeOpts := common + "--no-pager --adjust-system-clock --monitor -p|--property= -a|--all --value"
	localeOpts := common + "--no-pager --no-convert"
	ctlRead := func(opts string) *Spec { return &Spec{Abbrev: true, Permute: true, Operands: "-*", Options: opts} }
	ctlSet := func(opts string) *Spec {
		return &Spec{Effect: Config, Abbrev: true, Permute: true, Operands: "-*", Options: opts}
	}
	ctlGetSet := func(opts string) *Spec {
		return &Spec{Effect: Config, EffectWithOperands: true, Abbrev: true, Permute: true, Operands: "-*", Options: opts}
	}
	privilege := func(why string, unless string, flagged, passes []string) []Raise {
		return []Raise{{Kind: danger.Privilege, Why: why, Unless: unless, Flagged: flagged, Passes: passes}}
	}
	power := func(unless string, flagged, passes []string) []Raise {
		return []Raise{{Kind: danger.SystemPower, Why: "{prog} changes the machine's power state", Unless: unless, Flagged: flagged, Passes: passes}}
	}
	sysConfig := func(flagged, passes []string) []Raise {
		return []Raise{{Kind: danger.SystemConfig, Why: "{prog} changes system configuration", Flagged: flagged, Passes: passes}}
	}
	kills := func(why string, unless string, flagged, passes []string) []Raise {
		return []Raise{{Kind: danger.ProcessKill, Why: why, Unless: unless, Flagged: flagged, Passes: passes}}
	}
	add(
		// passwd (shadow 4.13, getopt_long: --stat is --status, options
		// after the login too). -S/--status (with -a, every account)
		// only reports; everything else changes a password or its aging.
		&Spec{Names: n("passwd"), Grant: exact("passwd -S"), Effect: Config, ReadWith: "--status", Abbrev: true, Permute: true, Operands: "-?",
			Options: "-a|--all -d|--delete -e|--expire -h|--help:h -k|--keep-tokens -i|--inactive= -l|--lock -n|--mindays= -q|--quiet -r|--repository= " +
				"-R|--root= -S|--status -u|--unlock -w|--warndays= -x|--maxdays=",
			Raises: privilege("{prog} changes account passwords", "--status",
				[]string{"passwd", "passwd bob", "passwd -d root", "passwd --delete bob", "/usr/bin/passwd bob", "sudo passwd root"},
				[]string{"passwd -S", "passwd --stat bob", "passwd -Sa", "passwd --help"}),
			ReadOnly: []string{"passwd -S", "passwd --status bob", "passwd -Sa", "passwd bob -S"},
			Flagged:  []string{"passwd", "passwd -d root", "passwd --delete bob", "passwd -l bob", "passwd -x 99999 bob", "passwd --maxd=1 bob", "passwd -dq bob"}},
		// chpasswd (shadow 4.13, getopt_long, --encr taken): sets the
		// passwords given as user:password lines on standard input.
		&Spec{Names: n("chpasswd"), Grant: exact("chpasswd"), Effect: Config, Abbrev: true, Permute: true, Operands: "",
			Options: "-c|--crypt-method= -e|--encrypted -h|--help:h -m|--md5 -R|--root= -s|--sha-rounds=",
			Raises: privilege("{prog} changes account passwords", "",
				[]string{"chpasswd", "chpasswd -e", "chpasswd --crypt-method=SHA512", "chpasswd -c SHA512"}, []string{"chpasswd --help", "chpasswd -h"}),
			Flagged: []string{"chpasswd", "chpasswd -e", "chpasswd --crypt-method=SHA512", "chpasswd -mc MD5", "chpasswd --encr"}},
		// visudo (sudo 1.9.13p3, getopt_long: --chec is --check): -c
		// only checks the files' syntax; otherwise it edits them as root.
		&Spec{Names: n("visudo"), Grant: exact("visudo -c"), Effect: Config, ReadWith: "--check", Abbrev: true, Permute: true, Operands: "-?",
			Options: "-c|--check -f|--file= -h|--help:h -I|--no-includes -q|--quiet -s|--strict -V|--version:h",
			Raises: privilege("edits sudo rules or files as root", "--check",
				[]string{"visudo", "visudo -f /etc/sudoers.d/dev", "visudo --file=/etc/sudoers.d/dev", "visudo -s", "EDITOR=tee visudo"},
				[]string{"visudo -c", "visudo --chec", "visudo -cf /etc/sudoers.d/dev", "visudo --version"}),
			ReadOnly: []string{"visudo -c", "visudo --check", "visudo -cq -f /etc/sudoers.d/dev", "visudo -sc"},
			Flagged:  []string{"visudo", "visudo -f /etc/sudoers.d/dev", "visudo -qs", "visudo --file=/etc/sudoers.d/dev"}},
		// setcap (libcap 2.66, its own parser: -h, -q, -v and -n ROOTID,
		// each a word of its own, before the first capability; then
		// pairs of capabilities, -r or - and a file). -v only verifies.
		&Spec{Names: n("setcap"), Grant: exact("setcap -v"), Effect: Config, ReadWith: "-v", Operands: "-*", Options: "-h:h -q -v -n= -r",
			Raises: privilege("grants file capabilities", "-v",
				[]string{"setcap cap_net_raw+ep /usr/bin/python3", "setcap -q cap_setuid+ep ./x", "setcap -r /usr/bin/ping", "setcap -n 0 cap_sys_admin+ep ./x"},
				[]string{"setcap -v cap_net_raw+ep /usr/bin/ping", "setcap -h"}),
			ReadOnly: []string{"setcap -v cap_net_raw+ep /usr/bin/ping"},
			Flagged:  []string{"setcap cap_net_raw+ep /usr/bin/python3", "setcap -r /usr/bin/ping", "setcap -q cap_setuid+ep ./x"}},
		// chsh (shadow 4.13, getopt_long: --sh is --shell): changes a
		// login shell, one user's setting: system-config at medium, as
		// POLICY.md's R8 calls user-global settings mild.
		&Spec{Names: n("chsh"), Grant: exact("chsh -s /bin/zsh"), Effect: Config, Abbrev: true, Permute: true, Operands: "-?",
			Options: "-h|--help:h -R|--root= -s|--shell=",
			Raises: []Raise{{Kind: danger.SystemConfig, Why: "{prog} changes the login shell", Medium: true,
				Flagged: []string{"chsh -s /bin/zsh", "chsh --shell=/bin/sh bob", "chsh -s/bin/zsh", "chsh --sh /bin/zsh", "chsh", "/usr/bin/chsh -s /bin/zsh", "sudo chsh -s /bin/bash bob", "env chsh -s /bin/zsh"},
				Passes:  []string{"chsh --help", "chsh -h", "echo chsh -s /bin/zsh", "cat /etc/shells"}}},
			ReadOnly: []string{"chsh --help"},
			Flagged:  []string{"chsh -s /bin/zsh", "chsh --shell=/bin/sh bob", "chsh -s/bin/zsh", "chsh --sh /bin/zsh", "chsh"}},
		// reboot, poweroff and halt (systemd 252, getopt_long: --hel is
		// --help, --pow is --poweroff; one optional argument, reboot's
		// parameter). -w/--wtmp-only only writes the wtmp record.
		&Spec{Names: n("reboot", "poweroff", "halt"), Grant: exact("reboot"), Effect: Config, Abbrev: true, Permute: true, Operands: "-?",
			Options: "--help:h --halt -p|--poweroff --reboot -f|--force -w|--wtmp-only -d|--no-wtmp -n|--no-sync --no-wall",
			Raises: power("--wtmp-only",
				[]string{"reboot", "poweroff", "halt", "reboot -f", "halt --poweroff", "/sbin/reboot", "sudo reboot", "reboot --forc", "poweroff -ff"},
				[]string{"reboot --help", "halt --hel", "poweroff -w", "reboot --wtmp-only"}),
			Flagged: []string{"reboot", "reboot -f", "poweroff --force", "halt -p", "halt --pow", "reboot -fd", "reboot --no-wall now"}},
		// kexec (kexec-tools 2.0.25, getopt_long: --vers is --version;
		// architectures add options of their own, so the entry is
		// loose): it loads a kernel, or boots into the loaded one (-e).
		&Spec{Names: n("kexec"), Grant: exact("kexec -l"), Effect: Config, Loose: true, Abbrev: true, Permute: true, Operands: "-?",
			Options: "-h|--help:h -v|--version:h -f|--force -i|--no-checks -x|--no-ifdown -y|--no-sync -l|--load -p|--load-panic -u|--unload -e|--exec " +
				"--exec-live-update -t|--type= --mem-min= --mem-max= --reuseinitrd --print-ckr-size --load-preserve-context --load-jump-back-helper --load-live-update " +
				"--entry= -s|--kexec-file-syscall -c|--kexec-syscall -a|--kexec-syscall-auto -d|--debug -S|--status --append= --command-line= --reuse-cmdline --initrd=r --ramdisk=r --dtb=r",
			Raises: power("--print-ckr-size",
				[]string{"kexec -e", "kexec -l /boot/vmlinuz --initrd=/boot/initrd.img --reuse-cmdline", "kexec --exec", "kexec -fx"},
				[]string{"kexec --help", "kexec --vers", "kexec --print-ckr-size"}),
			Flagged: []string{"kexec -e", "kexec --exec", "kexec -l /boot/vmlinuz --reuse-cmdline", "kexec -ly /boot/vmlinuz"}},
		// swapoff (util-linux 2.38.1, getopt_long: --verb is --verbose).
		&Spec{Names: n("swapoff"), Grant: exact("swapoff"), Effect: Config, Abbrev: true, Permute: true, Operands: "-*",
			Options: "-a|--all -v|--verbose -h|--help:h -V|--version:h -L= -U=",
			Raises:  sysConfig([]string{"swapoff -a", "swapoff /swapfile", "swapoff --all", "swapoff -L swap", "swapoff -av"}, []string{"swapoff --help", "swapoff -V"}),
			Flagged: []string{"swapoff -a", "swapoff --all", "swapoff -va", "swapoff /swapfile", "swapoff -Lswap"}},
		// update-grub (grub2-common 2.06: a script that runs grub-mkconfig
		// -o /boot/grub/grub.cfg "$@"; grub-mkconfig reads -o, --output=,
		// -h and -V, whole words only).
		&Spec{Names: n("update-grub", "update-grub2", "grub-mkconfig"), Grant: exact("update-grub"), Effect: Config, Operands: "",
			Options: "-o|--output=w -h|--help:h -V|--version:h",
			Raises:  sysConfig([]string{"update-grub", "update-grub2", "grub-mkconfig -o /boot/grub/grub.cfg"}, []string{"update-grub --help", "grub-mkconfig --version"}),
			Flagged: []string{"update-grub", "grub-mkconfig -o /boot/grub/grub.cfg", "grub-mkconfig --output=/boot/grub/grub.cfg"}},
		// grub-install (grub2-common 2.06, argp: prefixes taken, --vers
		// is --version); only the options with values are declared, the
		// rest are loose.
		&Spec{Names: n("grub-install"), Grant: exact("grub-install"), Effect: Config, Loose: true, Abbrev: true, Permute: true, Operands: "-?",
			Options: "--boot-directory= --efi-directory= --target= --bootloader-id= --directory= -d= --modules= --install-modules= --locales= --fonts= --themes= " +
				"--compress= --disk-module= --core-compress= --label-font= --label-bgcolor= --label-color= --product-version= --macppc-directory= " +
				"-v|--verbose --removable --force --recheck --no-nvram --no-floppy --skip-fs-probe --uefi-secure-boot --no-uefi-secure-boot --help:h --usage:h -V|--version:h",
			Raises: sysConfig([]string{"grub-install /dev/sda", "grub-install --target=x86_64-efi --efi-directory=/boot/efi", "grub-install --removable /dev/sda"},
				[]string{"grub-install --help", "grub-install --vers"}),
			Flagged: []string{"grub-install /dev/sda", "grub-install --target=x86_64-efi --efi-dir=/boot/efi", "grub-install --target x86_64-efi"}},
		// efibootmgr (17, getopt_long: --verb is --verbose): with no
		// option that changes a variable it lists the boot entries.
		&Spec{Names: n("efibootmgr"), Grant: exact("efibootmgr -v"), Abbrev: true, Permute: true, Operands: "-*",
			Options: "-a|--active:c -A|--inactive:c -b|--bootnum= -B|--delete-bootnum:c -c|--create:c -C|--create-only:c -D|--remove-dups:c -d|--disk= -r|--driver " +
				"-e|--edd= -E|--device= -f|--reconnect -F|--no-reconnect -g|--gpt -i|--iface= -l|--loader= -L|--label= -m|--mirror-below-4G=c -M|--mirror-above-4G=c " +
				"-n|--bootnext=c -N|--delete-bootnext:c -o|--bootorder=c -O|--delete-bootorder:c -p|--part= -q|--quiet -t|--timeout=c -T|--delete-timeout:c " +
				"-u|--unicode|--UCS-2 -v|--verbose -V|--version:h -w|--write-signature:c -y|--sysprep -@|--append-binary-args=r -h|--help:h",
			ReadOnly: []string{"efibootmgr", "efibootmgr -v", "efibootmgr --verb", "efibootmgr -u -v"},
			Flagged:  []string{"efibootmgr -o 0001,0002", "efibootmgr -b 0003 -B", "efibootmgr --bootnext=0001", "efibootmgr -n0001", "efibootmgr --bootnu 0003 --delete-bootnu", "efibootmgr -c -d /dev/sda -p 1 -L x"}},
		// netsh (Windows, from Microsoft's netsh reference; nothing runs
		// here): -a ALIASFILE, -c CONTEXT, -r HOST, -u USER, -p PASSWORD,
		// -f SCRIPT, then the command as words of its contexts (advfirewall
		// set allprofiles state off), in any case; one quoted word holds
		// a whole command too. The firewall check reads the words.
		&Spec{Names: n("netsh"), Grant: exact("netsh interface show interface"), Effect: Config, Operands: "-*", Options: "-a=r -c= -r=n -u= -p= -f=x",
			Flagged: []string{"netsh advfirewall set allprofiles state off", "netsh firewall set opmode disable", "netsh -r host advfirewall set allprofiles state off", "netsh 'advfirewall set allprofiles state off'"}},
		nmcli(), ipRoute2(),
		// hostnamectl, timedatectl and localectl (systemd 252, getopt_long:
		// --vers and --no-pag seen; the verbs are whole words, options
		// before or after them). The status, show and list verbs read;
		// hostname NAME and the other get/set verbs with a value, and the
		// set- verbs, change the system's settings (the check, shell).
		&Spec{Names: n("hostnamectl"), Grant: exact("hostnamectl status"), OtherSubcommand: Unknown, Abbrev: true, Options: hostOpts,
			Subcommands: subs("status", ctlRead(hostOpts), "help", ctlRead(hostOpts), "hostname", ctlGetSet(hostOpts), "icon-name", ctlGetSet(hostOpts), "chassis", ctlGetSet(hostOpts),
				"deployment", ctlGetSet(hostOpts), "location", ctlGetSet(hostOpts), "set-hostname", ctlSet(hostOpts), "set-icon-name", ctlSet(hostOpts),
				"set-chassis", ctlSet(hostOpts), "set-deployment", ctlSet(hostOpts), "set-location", ctlSet(hostOpts)),
			ReadOnly: []string{"hostnamectl", "hostnamectl status", "hostnamectl hostname", "hostnamectl --json=short status", "hostnamectl --vers"},
			Flagged:  []string{"hostnamectl hostname box", "hostnamectl set-hostname box", "hostnamectl --static hostname box", "hostnamectl hostname box --pretty"}},
		&Spec{Names: n("timedatectl"), Grant: exact("timedatectl status"), OtherSubcommand: Unknown, Abbrev: true, Options: timeOpts,
			Subcommands: subs("status", ctlRead(timeOpts), "show", ctlRead(timeOpts), "list-timezones", ctlRead(timeOpts), "timesync-status", ctlRead(timeOpts),
				"show-timesync", ctlRead(timeOpts), "help", ctlRead(timeOpts), "set-time", ctlSet(timeOpts), "set-timezone", ctlSet(timeOpts),
				"set-local-rtc", ctlSet(timeOpts), "set-ntp", ctlSet(timeOpts)),
			ReadOnly: []string{"timedatectl", "timedatectl status", "timedatectl show -p Timezone --value", "timedatectl list-timezones --no-pag"},
			Flagged:  []string{"timedatectl set-time '2020-01-01 00:00'", "timedatectl set-timezone UTC", "timedatectl --no-ask set-ntp false", "timedatectl set-ntp no --adjust-system-clock"}},
		&Spec{Names: n("localectl"), Grant: exact("localectl status"), OtherSubcommand: Unknown, Abbrev: true, Options: localeOpts,
			Subcommands: subs("status", ctlRead(localeOpts), "list-locales", ctlRead(localeOpts), "list-keymaps", ctlRead(localeOpts), "list-x11-keymap-models", ctlRead(localeOpts),
				"list-x11-keymap-layouts", ctlRead(localeOpts), "list-x11-keymap-variants", ctlRead(localeOpts), "list-x11-keymap-options", ctlRead(localeOpts),
				"help", ctlRead(localeOpts), "set-locale", ctlSet(localeOpts), "set-keymap", ctlSet(localeOpts), "set-x11-keymap", ctlSet(localeOpts)),
			ReadOnly: []string{"localectl", "localectl status", "localectl list-locales"},
			Flagged:  []string{"localectl set-locale LANG=C.UTF-8", "localectl set-keymap us", "localectl --no-convert set-x11-keymap us"}},
		// killall5 (sysvinit-utils 3.06): -SIGNAL, a number only, then
		// -o PID to spare; it signals every process but its own session.
		&Spec{Names: n("killall5"), Grant: exact("killall5"), Effect: Unknown, Numeric: true, Operands: "", Options: "-o=",
			Raises:  kills("{prog} kills processes wholesale", "", []string{"killall5", "killall5 -9", "killall5 -15 -o 1234", "sudo killall5 -9"}, []string{"kill 12345"}),
			Flagged: []string{"killall5 -9", "killall5 -15 -o 1234", "killall5 -9 -o1234"}},
		// xkill (x11-utils 7.7, xkill 1.0.5): single-dash options, read by
		// the letter after the dash alone (-vers and -versionx are
		// -version); with no -id it kills the client of the window
		// clicked next.
		&Spec{Names: n("xkill"), Grant: exact("xkill"), Effect: Unknown, LongDash: true, Operands: "", Options: "-display= -id= -frame -button= -all -version:h",
			Raises:  kills("{prog} kills processes wholesale", "", []string{"xkill", "xkill -all", "xkill -id 0x1200003", "xkill -display :0 -all"}, []string{"xkill -version"}),
			Flagged: []string{"xkill", "xkill -all", "xkill -id 0x1200003", "xkill -button any"}},
		// skill (procps-ng 4.0.2, getopt_long: --lis is --list): an
		// optional -SIGNAL first (-9, -KILL: the numbers are Numeric, a
		// name leaves the call unknown), then an expression: terminal,
		// user, pid or command. -l and -L list the signals.
		&Spec{Names: n("skill"), Grant: exact("skill -l"), Effect: Unknown, ReadWith: "--list --table --no-action", Numeric: true, Abbrev: true, Permute: true, Operands: "-*",
			Options: "-f|--fast -i|--interactive -l|--list -L|--table -n|--no-action -v|--verbose -w|--warnings -c|--command= -p|--pid= -t|--tty= -u|--user= " +
				"--ns= --nslist= -h|--help:h -V|--version:h",
			Raises: kills("{prog} kills every process matching a name or pattern", "--list --table --no-action",
				[]string{"skill node", "skill -9 node", "skill -u bob", "skill --user=bob", "skill -c node", "/usr/bin/skill -9 -u bob"},
				[]string{"skill -l", "skill --lis", "skill -L", "skill -V", "skill -n node", "skill --no-action -u bob"}),
			ReadOnly: []string{"skill -l", "skill --list", "skill -L", "skill -n -u bob"},
			Flagged:  []string{"skill node", "skill -9 node", "skill -u bob", "skill --user=bob", "skill -ubob", "skill --comm node"}},
		// slay (3.0.2, a shell script): every word with a dash is the
		// signal (-clean: TERM, then KILL), every other a user whose
		// every process it kills.
		&Spec{Names: n("slay"), Grant: exact("slay"), Effect: Unknown, NoOptions: true, Operands: "-*",
			Raises:  kills("{prog} kills every process matching a name or pattern", "", []string{"slay bob", "slay -clean bob", "slay -9 bob"}, []string{"kill 12345"}),
			Flagged: []string{"slay bob", "slay -clean bob", "slay -KILL bob alice"}},
		// aa-disable and aa-complain (apparmor-utils 3.0.8, argparse, tried
		// here: --he is --help, options after the programs too): each
		// turns the named programs' AppArmor profiles off or to complain
		// mode.
		&Spec{Names: n("aa-disable", "aa-complain"), Grant: exact("aa-complain x"), Effect: Config, Abbrev: true, Permute: true, Operands: "-*",
			Options: "-d|--dir=r --no-reload -h|--help:h",
			Raises: []Raise{{Kind: danger.SecurityDisable, Why: "turns an AppArmor profile off",
				Flagged: []string{"aa-disable /etc/apparmor.d/usr.sbin.cupsd", "aa-complain nginx", "aa-disable --no-reload nginx", "aa-disable nginx --dir /etc/apparmor.d", "sudo aa-complain /usr/sbin/nginx"},
				Passes:  []string{"aa-disable --help", "aa-complain --he", "aa-status"}}},
			Flagged: []string{"aa-disable nginx", "aa-complain -d /etc/apparmor.d nginx", "aa-disable --no-rel nginx"}},
		// setsebool (policycoreutils 3.4, getopt "NPV", tried here: no
		// long options, -h refused): sets SELinux booleans, -P for good.
		// A boolean loosens or tightens one permission of the policy, and
		// the policy stays enforced: security-disable, but at medium
		// (setenforce 0, which turns SELinux off, is high).
		&Spec{Names: n("setsebool"), Grant: exact("setsebool x"), Effect: Config, Operands: "-*", Options: "-N -P -V",
			Raises: []Raise{{Kind: danger.SecurityDisable, Why: "{prog} changes SELinux policy booleans", Medium: true,
				Flagged: []string{"setsebool -P httpd_can_network_connect 1", "setsebool -PV httpd_can_network_connect on", "setsebool ftpd_full_access=1",
					"/usr/sbin/setsebool -P httpd_can_network_connect on", "sudo setsebool -NP x on", "command setsebool x off"},
				Passes: []string{"getsebool -a", "sestatus -b", "echo setsebool -P x on"}}},
			Flagged: []string{"setsebool -P httpd_can_network_connect 1", "setsebool -PV httpd_can_network_connect on", "setsebool ftpd_full_access=1"}},
		// sestatus (policycoreutils 3.4, getopt "vb", tried here: no long
		// options): prints SELinux's state and reads nothing else.
		&Spec{Names: n("sestatus"), Grant: exact("sestatus"), Operands: "", Options: "-v -b",
			ReadOnly: []string{"sestatus", "sestatus -v", "sestatus -vb", "sestatus -b -v"}},
		// hibernate (the hibernate script 2.0, from its manual page; not
		// in Debian 12): saves the machine's state and powers it off;
		// --dry-run does nothing and -g|--restore-grub only restores the
		// boot menu.
		&Spec{Names: n("hibernate"), Grant: exact("hibernate"), Effect: Config, Operands: "",
			Options: "-h|--help:h --version:h -f|--force -k|--kill -v|--verbosity= -F|--config-file=r --dry-run -g|--restore-grub -n|--no-suspend -q " +
				"-r|--reboot? --lock-console-as=",
			Raises: []Raise{{Kind: danger.SystemPower, Why: "{prog} changes the machine's power state", Unless: "--dry-run --restore-grub",
				Flagged: []string{"hibernate", "hibernate -f", "hibernate --force --kill", "hibernate -F /etc/hibernate/ram.conf", "sudo hibernate", "/usr/sbin/hibernate -k"},
				Passes:  []string{"hibernate --help", "hibernate --version", "hibernate --dry-run", "hibernate -g", "hibernate --restore-grub"}}},
			Flagged: []string{"hibernate", "hibernate -fk", "hibernate --config-file=/etc/hibernate/disk.conf"}},
	)
})

// nmcli (NetworkManager 1.42.4, tried here: nmcli OBJECT COMMAND help
// names the command a prefix selects). Its options come before the object,
// long ones by any unique prefix (--vers); a single-dash long spelling
// (-terse, also taken) leaves the call unknown. The object and the command
// are matched by prefix in nmcli's table order (firstMatch). Taking a
// connection down, deleting or modifying one, disconnecting or deleting a
// device, and turning networking or a radio off are the Raises.
func nmcli() *Spec {
	drops := func(flagged, passes []string) []Raise {
		return []Raise{{Kind: danger.SystemConfig, Why: "changes network connections", Flagged: flagged, Passes: passes}}
	}
	read := &Spec{Permute: true, Operands: "-*", Options: "--active --order= --rescan="}
	change := &Spec{Effect: Config, Loose: true, Permute: true, Operands: "-*"}
	drop := func(flagged ...string) *Spec {
		return &Spec{Effect: Config, Loose: true, Permute: true, Operands: "-*",
			Raises: drops(flagged, []string{"nmcli connection show", "nmcli c s", "nmcli device status", "nmcli d", "nmcli --help", "nmcli radio wifi", "nmcli r wifi on"})}
	}
	radio := func(name string) *Spec {
		return &Spec{Subcommands: firstMatch("on", &Spec{Effect: Config, Operands: ""}, "off", &Spec{Effect: Config, Operands: "", Raises: drops(
			[]string{"nmcli radio " + name + " off", "nmcli r " + name[:2] + " of"}, []string{"nmcli radio " + name, "nmcli radio " + name + " on"})})}
	}
	return &Spec{Names: n("nmcli"), Grant: Grant{Exact: true, Offers: []string{"nmcli device status => Bash(nmcli device status)"}}, Abbrev: true,
		Options: "-a|--ask -c|--colors= --complete-args -e|--escape= -f|--fields= -g|--get-values= -h|--help:h -m|--mode= -o|--overview -p|--pretty " +
			"-s|--show-secrets -t|--terse -v|--version:h -w|--wait=",
		Subcommands: firstMatch(
			"general", &Spec{Subcommands: firstMatch("status", read, "hostname", &Spec{Effect: Config, EffectWithOperands: true, Operands: "-?"}, "permissions", read,
				"logging", &Spec{Effect: Config, EffectWithOperands: true, Operands: "-*"}, "reload", change)},
			"networking", &Spec{Subcommands: firstMatch("on", change, "off", drop("nmcli networking off", "nmcli n of", "nmcli -t networking off"), "connectivity", read)},
			"radio", &Spec{Subcommands: firstMatch("all", radio("all"), "wifi", radio("wifi"), "wwan", radio("wwan"))},
			"connection", &Spec{Subcommands: firstMatch("show", read, "up", change,
				"down", drop("nmcli connection down office", "nmcli c d office", "nmcli con down id office", "/usr/bin/nmcli c down office"), "add", change,
				"modify", drop("nmcli connection modify office ipv4.dns 1.1.1.1", "nmcli c m office ipv4.method manual", "nmcli con mod office +ipv4.dns 8.8.8.8"), "clone", change, "edit", change,
				"delete", drop("nmcli connection delete office", "nmcli c de office", "nmcli con del office"), "monitor", read, "reload", change, "load", change,
				"import", change, "export", &Spec{Effect: Write, EffectWithOperands: true, Operands: "-*"}, "migrate", change)},
			"device", &Spec{Subcommands: firstMatch("status", read, "show", read, "set", change, "checkpoint", change, "connect", change, "reapply", change,
				"disconnect", drop("nmcli device disconnect eth0", "nmcli d d eth0", "nmcli dev dis wlan0"), "delete", drop("nmcli device delete br0", "nmcli d de br0"),
				"monitor", read, "modify", drop("nmcli device modify eth0 ipv4.method manual", "nmcli d mod eth0 ipv6.method disabled"),
				"wifi", &Spec{OtherSubcommand: Config, Subcommands: firstMatch("list", read), Operands: "-*", Options: "--rescan="}, "lldp", read)},
			"agent", read, "monitor", read, "help", read),
		ReadOnly: []string{"nmcli device status", "nmcli d", "nmcli c s", "nmcli -t -f NAME connection show", "nmcli --terse c show --active", "nmcli general status", "nmcli radio wifi", "nmcli d wifi list"},
		Flagged: []string{"nmcli connection down office", "nmcli c d office", "nmcli con mod office ipv4.dns 1.1.1.1", "nmcli d d eth0", "nmcli radio wifi off",
			"nmcli networking off", "nmcli general hostname box", "nmcli connection up office"}}
}

// ip (iproute2 6.1.0, tried here with its help and listings): options
// first, single-dash long words (-details, -br; no bundling); then the
// object and its command, each matched by prefix in ip's own table order
// (firstMatch): ip a is address, ip m maddress, ip s sr, ip l s link set,
// ip a f address flush. An object with no command lists. The commands that
// add, change, replace, delete or flush addresses, routes, rules,
// neighbours or links are the Raises; the objects not declared here
// (netns, which runs commands, tunnel, xfrm, …) leave the call unknown.
func ipRoute2() *Spec {
	const why = "changes network interfaces or routes"
	passes := []string{"ip a", "ip addr show", "ip r", "ip route get 1.1.1.1", "ip -br l", "ip link show dev eth0"}
	change := func(flagged ...string) *Spec {
		return &Spec{Effect: Config, Loose: true, Operands: "-*", Raises: []Raise{{Kind: danger.SystemConfig, Why: why, Flagged: flagged, Passes: passes}}}
	}
	read := &Spec{Operands: "-*"}
	obj := func(pairs ...any) *Spec {
		return &Spec{Operands: "", Subcommands: firstMatch(pairs...)}
	}
	addr := obj("add", change("ip addr add 10.0.0.2/24 dev eth0", "ip a a 10.0.0.2/24 dev eth0"), "change", change("ip address change 10.0.0.2/24 dev eth0"),
		"replace", change("ip a replace 10.0.0.2/24 dev eth0"), "delete", change("ip addr del 10.0.0.2/24 dev eth0", "ip a d 10.0.0.2/24 dev eth0"),
		"flush", change("ip addr flush dev eth0", "ip a f dev eth0"), "list", read, "show", read, "lst", read, "showdump", read, "save", read,
		"restore", change("ip address restore"), "help", read)
	addr.Subcommands["chg"] = addr.Subcommands["change"]
	route := obj("add", change("ip route add default via 10.0.0.1", "ip r a default via 10.0.0.1"), "change", change("ip route change default via 10.0.0.1"),
		"replace", change("ip r replace default via 10.0.0.1"), "prepend", change("ip route prepend default via 10.0.0.1"),
		"append", change("ip route append default via 10.0.0.1"), "test", change("ip route test default via 10.0.0.1"),
		"delete", change("ip route del default", "ip r d default", "ip ro del 10.0.0.0/8"), "list", read, "show", read, "lst", read, "get", read,
		"flush", change("ip route flush table main", "ip r f all"), "save", read, "restore", change("ip route restore"), "showdump", read, "help", read)
	route.Subcommands["chg"] = route.Subcommands["change"]
	rule := obj("list", read, "lst", read, "show", read, "save", read, "restore", change("ip rule restore"), "help", read,
		"flush", change("ip rule flush", "ip ru f"), "add", change("ip rule add from 10.0.0.0/8 table 100"), "delete", change("ip rule del table 100"))
	neigh := obj("add", change("ip neigh add 10.0.0.9 lladdr 02:00:00:00:00:09 dev eth0"), "change", change("ip neigh change 10.0.0.9 dev eth0"),
		"replace", change("ip n replace 10.0.0.9 dev eth0"), "delete", change("ip neigh del 10.0.0.9 dev eth0"), "list", read, "show", read, "lst", read,
		"get", read, "flush", change("ip neigh flush all", "ip n f dev eth0"), "help", read)
	neigh.Subcommands["chg"] = neigh.Subcommands["change"]
	link := obj("add", change("ip link add br0 type bridge"), "change", change("ip link change eth0 mtu 1400"), "set", change("ip link set eth0 down", "ip l s eth0 down", "ip li set dev eth0 up"),
		"replace", change("ip link replace br0 type bridge"), "delete", change("ip link del br0", "ip l d br0"), "show", read, "lst", read, "list", read,
		"xstats", read, "afstats", read, "property", change("ip link property add dev eth0 altname x"), "help", read)
	return &Spec{Names: n("ip"), Grant: Grant{Exact: true, Offers: []string{"ip addr show => Bash(ip addr show)"}}, LongDash: true,
		Options: "-4 -6 -0 -B -M -D -V|-Version:h -s|-stats|-statistics -d|-details -h|-human|-human-readable -iec -f|-family= -o|-oneline -t|-timestamp " +
			"-ts|-tshort -r|-resolve -n|-netns= -N|-Numeric -a|-all -c|-color? -br|-brief -j|-json -p|-pretty -l|-loops= -rc|-rcvbuf= -force -help:h",
		Subcommands: firstMatch("address", addr, "addrlabel", nil, "maddress", nil, "route", route, "rule", rule, "neighbor", neigh, "neighbour", neigh,
			"ntable", nil, "ntbl", nil, "link", link, "l2tp", nil, "fou", nil, "ila", nil, "macsec", nil, "tunnel", nil, "tunl", nil, "tuntap", nil, "tap", nil,
			"token", nil, "tcpmetrics", nil, "tcp_metrics", nil, "monitor", read, "xfrm", nil, "mroute", nil, "mrule", nil, "netns", nil, "netconf", nil,
			"vrf", nil, "sr", nil, "nexthop", nil, "mptcp", nil, "ioam", nil, "help", read, "stats", nil),
		ReadOnly: []string{"ip a", "ip addr", "ip -br a", "ip -4 addr show dev eth0", "ip r", "ip route show table all", "ip route get 1.1.1.1", "ip -j -p link", "ip -s -s l sh lo",
			"ip n", "ip neigh show", "ip rule list", "ip -c=never a s lo", "ip -details link show"},
		Flagged: []string{"ip link set eth0 down", "ip l s eth0 down", "ip addr add 10.0.0.2/24 dev eth0", "ip a f dev eth0", "ip route del default", "ip r d default",
			"ip -4 route flush table main", "ip neigh flush all", "ip rule add from all table 100"}}
}
