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
	// tmRead: a tmutil verb that reads; every word after it is its own.
	tmRead := &Spec{NoOptions: true, Operands: "-*"}
	// tmGone: a tmutil verb that deletes backups or stops them being made.
	tmGone := func(flagged ...string) *Spec {
		return &Spec{Effect: Delete, NoOptions: true, Operands: "-*",
			Raises: []Raise{{Kind: danger.BackupDestruction, Why: "deletes or disables Time Machine backups", Flagged: flagged,
				Passes: []string{"tmutil listbackups", "tmutil listlocalsnapshots /", "tmutil startbackup"}}}}
	}
	// diskutil (diskutil(8), macOS 14): the verb is the first word,
	// matched without regard to case (eraseDisk, erasedisk), the apfs
	// verbs after "apfs"; the erasers, partitioners and volume deleters
	// destroy what is on the disk. list and info read; every other verb
	// stays unknown.
	wipe := func(flagged ...string) *Spec {
		return &Spec{Effect: Delete, NoOptions: true, Operands: "-*",
			Raises: []Raise{{Kind: danger.DiskWipe, Why: "diskutil erases or repartitions a disk", Flagged: flagged,
				Passes: []string{"diskutil list", "diskutil info disk2", "diskutil apfs list"}}}}
	}
	duRead := &Spec{NoOptions: true, Operands: "-*"}
	apfs := &Spec{Fold: true, Subcommands: subs("list", duRead, "deletecontainer", wipe("diskutil apfs deleteContainer disk3"),
		"deletevolume", wipe("diskutil apfs deleteVolume disk3s5", "diskutil APFS DELETEVOLUME disk3s5"), "erasevolume", wipe("diskutil apfs eraseVolume disk3s5 -name x"))}
	diskutil := &Spec{Names: n("diskutil"), Grant: exact("diskutil list"), Fold: true,
		Subcommands: subs("list", duRead, "info", duRead, "apfs", apfs,
			"erasedisk", wipe("diskutil eraseDisk APFS Data disk2", "diskutil erasedisk JHFS+ x /dev/disk2", "/usr/sbin/diskutil eraseDisk APFS x disk2"),
			"erasevolume", wipe("diskutil eraseVolume APFS x disk2s1"), "zerodisk", wipe("diskutil zeroDisk disk2"), "randomdisk", wipe("diskutil randomDisk disk2"),
			"secureerase", wipe("diskutil secureErase 0 disk2"), "partitiondisk", wipe("diskutil partitionDisk disk2 GPT APFS x 100%"),
			"reformat", wipe("diskutil reformat disk2s1"), "eraseoptical", wipe("diskutil eraseOptical disk3"),
			"splitpartition", wipe("diskutil splitPartition disk2s2 2 APFS a 50% APFS b 50%"), "mergepartitions", wipe("diskutil mergePartitions APFS x disk2s1 disk2s2")),
		ReadOnly: []string{"diskutil list", "diskutil info disk2", "diskutil apfs list", "diskutil LIST"},
		Flagged:  []string{"diskutil eraseDisk APFS Data disk2", "sudo diskutil zeroDisk disk2", "diskutil apfs deleteContainer disk3"}}
	add(
		diskutil,
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
		// defaults (defaults(1)): -currentHost or -host HOST come before
		// the verb; after it every word is the verb's own (the domain, -g,
		// -globalDomain or -app NAME, the key, the type words -bool,
		// -array-add …). read, read-type, domains, find and help read;
		// export writes its file; write, rename, delete and import change
		// the preferences (the check reads which domain).
		&Spec{Names: n("defaults"), Grant: exact("defaults read"), LongDash: true, Options: "-currentHost -host=",
			Subcommands: subs("read", &Spec{NoOptions: true, Operands: "-*"}, "read-type", &Spec{NoOptions: true, Operands: "-*"},
				"domains", &Spec{NoOptions: true, Operands: ""}, "find", &Spec{NoOptions: true, Operands: "-"}, "help", &Spec{NoOptions: true, Operands: "-*"},
				"export", &Spec{Effect: Write, NoOptions: true, Operands: "- w"}, "import", &Spec{Effect: Config, NoOptions: true, Operands: "- r"},
				"write", &Spec{Effect: Config, NoOptions: true, Operands: "-*"}, "rename", &Spec{Effect: Config, NoOptions: true, Operands: "-*"},
				"delete", &Spec{Effect: Config, NoOptions: true, Operands: "-*"}),
			ReadOnly: []string{"defaults read com.apple.dock", "defaults -currentHost read -g", "defaults read -app Safari", "defaults domains", "defaults find dock",
				"defaults read-type com.apple.dock autohide"},
			Flagged: []string{"defaults write com.apple.dock autohide -bool true", "defaults -currentHost write -g AppleLanguages -array en", "defaults delete com.apple.dock",
				"defaults -host box write com.apple.dock tilesize -int 36", "defaults import com.apple.dock dock.plist"}},
		// scutil (scutil(8), configd; getopt_long, whose BSD form takes
		// unique prefixes of long options): --get, --dns, --proxy, --nwi,
		// -r and -w report; --set PREF [VALUE] changes a system name (the
		// check); with no option, or --prefs, it reads its commands from
		// standard input and may change anything.
		&Spec{Names: n("scutil"), Grant: exact("scutil --get ComputerName"), Effect: Config, Abbrev: true, Permute: true, Operands: "-*",
			ReadWith: "--get --dns --proxy --nwi -r -w",
			Options:  "--get= --set=c --dns --proxy --nwi --prefs --nc= --renew=c -r -W -w= -t= -d -v -p --help:h",
			ReadOnly: []string{"scutil --get ComputerName", "scutil --dns", "scutil --proxy", "scutil -r example.com", "scutil --nwi"},
			Flagged:  []string{"scutil --set HostName box", "scutil --set=ComputerName box", "scutil", "scutil --prefs"}},
		// networksetup (networksetup(8) read; macOS only, not run here):
		// networksetup -COMMAND ARGUMENTS, one command a call, its name
		// taken in any case. The -get, -list, -print and -is commands
		// read; the others change the network configuration, and those
		// that set, remove, delete, create, add, rename, order, switch
		// location, import or detect hardware are the danger.
		&Spec{Names: n("networksetup"), Grant: exact("networksetup -getinfo x"), Effect: Config, NoOptions: true, Operands: "-*",
			ReadWith: "-listallnetworkservices -listnetworkserviceorder -listallhardwareports -getinfo -getdnsservers -getsearchdomains -getcurrentlocation -listlocations " +
				"-getairportnetwork -getairportpower -getwebproxy -getsecurewebproxy -getsocksfirewallproxy -getproxybypassdomains -getautoproxyurl -getmacaddress " +
				"-getcomputername -getnetworkserviceenabled -isnetworkserviceenabled -listpreferredwirelessnetworks -getv6additionalroutes -getadditionalroutes -printcommands -help -version",
			Raises: []Raise{{Kind: danger.SystemConfig, Operand: "-set* -remove* -delete* -create* -add* -rename* -order* -switchtolocation -import* -detectnewhardware -duplicate*",
				Why: "changes network settings",
				Flagged: []string{"networksetup -setdnsservers Wi-Fi 1.1.1.1", "networksetup -setDNSServers Wi-Fi empty", "networksetup -removepreferredwirelessnetwork en0 Home",
					"networksetup -deletelocation Work", "networksetup -setairportpower en0 off", "networksetup -createlocation Evil populate", "/usr/sbin/networksetup -setwebproxy Wi-Fi 10.0.0.1 8080",
					"sudo networksetup -setsecurewebproxystate Wi-Fi off", "networksetup -switchtolocation Home"},
				Passes: []string{"networksetup -listallnetworkservices", "networksetup -getdnsservers Wi-Fi", "networksetup -getinfo Wi-Fi", "networksetup -printcommands", "networksetup -version"}}},
			ReadOnly: []string{"networksetup -listallnetworkservices", "networksetup -getdnsservers Wi-Fi", "networksetup -getinfo 'Wi-Fi'", "networksetup -listlocations"},
			Flagged:  []string{"networksetup -setdnsservers Wi-Fi 1.1.1.1", "networksetup -setv6off Wi-Fi", "networksetup"}},
		// scselect (scselect(8)): with no operand it lists the network
		// locations; with one (its name or id) it switches to it, and -n
		// sets it without applying it now.
		&Spec{Names: n("scselect"), Grant: exact("scselect"), Effect: Config, EffectWithOperands: true, Operands: "-?", Options: "-n",
			ReadOnly: []string{"scselect"},
			Flagged:  []string{"scselect Home", "scselect -n Office", "scselect 'Automatic'"}},
		// tmutil (tmutil(8)): the verb is the first word, with its own
		// options after it (-a, -d, -X, -p …); the listing and query verbs
		// read. Every other verb starts, stops, deletes or configures
		// backups (tmGone: those that delete or disable them; matched in any case,
		// as the check that read them did).
		&Spec{Names: n("tmutil"), Grant: exact("tmutil listbackups"), OtherSubcommand: Config, Fold: true,
			Subcommands: subs("version", tmRead, "listbackups", tmRead, "latestbackup", tmRead, "listlocalsnapshots", tmRead, "listlocalsnapshotdates", tmRead,
				"destinationinfo", tmRead, "isexcluded", tmRead, "machinedirectory", tmRead, "calculatedrift", tmRead, "uniquesize", tmRead, "compare", tmRead,
				"verifychecksums", tmRead,
				"delete", tmGone("tmutil delete /Volumes/TM/x", "tmutil delete -d /Volumes/TM -t 2026-01-01-000000"), "deletelocalsnapshots", tmGone("tmutil deletelocalsnapshots /"),
				"thinlocalsnapshots", tmGone("tmutil thinlocalsnapshots / 10000000000 4"), "deleteinprogress", tmGone("tmutil deleteinprogress /Volumes/TM"),
				"disable", tmGone("tmutil disable", "sudo tmutil disable"), "disablelocal", tmGone("tmutil disablelocal"), "removeexclusion", tmGone("tmutil removeexclusion ~/x")),
			ReadOnly: []string{"tmutil listbackups", "tmutil latestbackup", "tmutil destinationinfo", "tmutil isexcluded ~/x", "tmutil listlocalsnapshots /"},
			Flagged:  []string{"tmutil disable", "tmutil deletelocalsnapshots /", "tmutil delete /Volumes/TM/x", "tmutil startbackup", "tmutil addexclusion ~/x"}},
	)
})
