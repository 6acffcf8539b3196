package programs

import "github.com/wardenhq/warden/danger"

// macOS's system tools. None runs here: their grammars are read from
// their manual pages (macOS 14), and each entry says which.

var _ = family("macos", func(add func(...*Spec)) {
	exact := func(ex string) Grant { return Grant{Exact: true, Offers: []string{ex + " => Bash(" + ex + ")"}} }
	pmsetPower := func(flagged ...string) *Spec {
		return &Spec{Effect: Config, Operands: "-*",
			Raises: []Raise{{Kind: danger.SystemPower, Why: "{prog} changes the machine's power state", Flagged: flagged, Passes: []string{"pmset -g", "pmset -g sched", "pmset -g batt", "pmset -g assertions"}}}}
	}
	// pmsetRead: what -g shows (pmset -g batt); pmset takes these words
	// only after -g, and errs on them alone.
	pmsetRead := &Spec{Operands: "-*"}
	add(
		// pmset (pmset(1)): -a, -b, -c and -u pick the power source the
		// settings that follow apply to; -g reads (pmset -g, -g batt,
		// -g sched, read here as its subcommands); the first other word
		// is a setting or an action.
		// sleepnow, displaysleepnow, restoredefaults, schedule and repeat
		// put the machine to sleep, wake or power it off.
		&Spec{Names: n("pmset"), Grant: exact("pmset -g"), OtherSubcommand: Config, Options: "-a -b -c -u -g",
			Subcommands: subs("live", pmsetRead, "custom", pmsetRead, "cap", pmsetRead, "sched", pmsetRead, "ups", pmsetRead, "ps", pmsetRead, "batt", pmsetRead,
				"pslog", pmsetRead, "rawlog", pmsetRead, "therm", pmsetRead, "thermlog", pmsetRead, "assertions", pmsetRead, "assertionslog", pmsetRead,
				"sysload", pmsetRead, "sysloadlog", pmsetRead, "ac", pmsetRead, "adapter", pmsetRead, "log", pmsetRead, "uuid", pmsetRead, "uuidlog", pmsetRead,
				"history", pmsetRead, "historydetailed", pmsetRead, "hidnull", pmsetRead, "userclients", pmsetRead, "getters", pmsetRead, "powerstate", pmsetRead,
				"stats", pmsetRead, "systemstate", pmsetRead, "everything", pmsetRead, "prefs", pmsetRead, "rawbatt", pmsetRead,
				"sleepnow", pmsetPower("pmset sleepnow", "sudo pmset sleepnow"), "displaysleepnow", pmsetPower("pmset displaysleepnow"),
				"restoredefaults", pmsetPower("pmset restoredefaults", "pmset -a restoredefaults"),
				"schedule", pmsetPower("pmset schedule sleep '12/24/26 23:00:00'", "pmset schedule cancelall"),
				"repeat", pmsetPower("pmset repeat shutdown MTWRF 20:00:00")),
			ReadOnly: []string{"pmset -g", "pmset -g batt", "pmset -g sched", "pmset -g custom"},
			Flagged:  []string{"pmset sleepnow", "pmset -a displaysleep 0", "pmset -c sleep 0", "pmset schedule sleep '12/24/26 23:00:00'", "pmset repeat cancel"}},
		// systemsetup (systemsetup(8)): each command is one single-dash
		// word, matched without regard to case (-setRemoteLogin), its
		// value the next word; the -get and -list commands read.
		&Spec{Names: n("systemsetup"), Grant: exact("systemsetup -getremotelogin"), LongDash: true, Fold: true, Permute: true, Operands: "-*",
			Options: "-getdate -setdate=c -gettime -settime=c -gettimezone -listtimezones -settimezone=c -getusingnetworktime -setusingnetworktime=c " +
				"-getnetworktimeserver -setnetworktimeserver=c -getsleep -setsleep=c -getcomputersleep -setcomputersleep=c -getdisplaysleep -setdisplaysleep=c " +
				"-getharddisksleep -setharddisksleep=c -getwakeonmodem -setwakeonmodem=c -getwakeonnetworkaccess -setwakeonnetworkaccess=c " +
				"-getrestartpowerfailure -setrestartpowerfailure=c -getrestartfreeze -setrestartfreeze=c -getallowpowerbuttontosleepcomputer " +
				"-setallowpowerbuttontosleepcomputer=c -getremotelogin -setremotelogin=c -getremoteappleevents -setremoteappleevents=c -getcomputername " +
				"-setcomputername=c -getlocalsubnetname -setlocalsubnetname=c -getstartupdisk -liststartupdisks -setstartupdisk=c " +
				"-getwaitforstartupafterpowerfailure -setwaitforstartupafterpowerfailure=c -getdisablekeyboardwhenenclosurelockisengaged " +
				"-setdisablekeyboardwhenenclosurelockisengaged=c -getkernelbootarchitecturesetting -setkernelbootarchitecture=c -f -version:h -help:h -printcommands:h",
			ReadOnly: []string{"systemsetup -getremotelogin", "systemsetup -gettimezone", "systemsetup -getRemoteLogin", "systemsetup -listtimezones"},
			Flagged:  []string{"systemsetup -setremotelogin off", "systemsetup -setRemoteLogin on", "systemsetup -f -setremotelogin off", "systemsetup -settimezone UTC"}},
		// dscl (dscl(1)): its options (-p, -u USER, -P PASSWORD, -f FILE,
		// -raw, -plist, -url, -q) come first; then the datasource (".",
		// localhost, a node path) and the command, with or without its
		// dash (-create, append), and the command's words. With no
		// command it is interactive.
		&Spec{Names: n("dscl"), Grant: exact("dscl . -read /Users/dev"), Effect: Config, LongDash: true, Operands: "- -*",
			Options:  "-p -u= -P= -f=r -raw -plist -url -q",
			ReadWith: "-read -readall -readpl -readpli -list -search -diff",
			Flagged:  []string{"dscl . -append /Groups/admin GroupMembership bob", "dscl . -create /Users/bob", "dscl -u admin . -append /Groups/admin GroupMembership bob", "dscl . -passwd /Users/bob x", "dscl ."}},
	)
})
