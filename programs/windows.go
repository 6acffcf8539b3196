package programs

import "github.com/wardenhq/warden/danger"

// Windows: PowerShell's cmdlets and cmd.exe's programs.
//
// A cmdlet (LongDash and Fold: PowerShell's grammar) takes -Name words in
// any case, by any unique prefix of a parameter's name or alias (-r is
// -Recurse, -fo -Force; -f is refused where -Filter and -Force both
// begin so), its value the next word or bound with a colon (-Path:x,
// -Confirm:$false); a positional parameter is an operand. The prefixes are
// unique only among every parameter the cmdlet has, so each entry declares
// them all with the common parameters (about_CommonParameters, PowerShell
// 7.4). The parameters are those of Microsoft's reference pages
// (learn.microsoft.com/powershell/module, PowerShell 7.4 and the
// Defender, Storage and ScheduledTasks modules of Windows 11).
//
// A program of cmd.exe (Slash and Fold) takes /X options in any case, a
// value the next word or after a colon (/FS:NTFS), and its commands
// (reg ADD, wevtutil CL) in any case; each is declared as its /? text and
// Microsoft's command reference (learn.microsoft.com/windows-server/
// administration/windows-commands) give it.

var _ = family("windows", func(add func(...*Spec)) {
	exact := func(ex string) Grant { return Grant{Exact: true, Offers: []string{ex + " => Bash(" + ex + ")"}} }
	// The common parameters every cmdlet takes, and those of a cmdlet
	// that asks before it changes anything (SupportsShouldProcess).
	common := " -verbose|-vb -debug|-db -erroraction|-ea= -warningaction|-wa= -informationaction|-infa= -errorvariable|-ev= -warningvariable|-wv= " +
		"-informationvariable|-iv= -outvariable|-ov= -outbuffer|-ob= -pipelinevariable|-pv= -progressaction|-proga="
	// -WhatIf (any case, any prefix, -WhatIf:$true) makes such a cmdlet
	// only say what it would do: nothing it names is changed, and its
	// dangers are not raised; -WhatIf:$false is a run.
	should := " -whatif|-wi:I -confirm|-cf" + common
	cmdlet := func(names []string, grant string, effect Effect, operands, opts string) *Spec {
		return &Spec{Names: names, Grant: exact(grant), Effect: effect, LongDash: true, Fold: true, Abbrev: true, Permute: true, Operands: operands, Options: opts}
	}
	raise := func(s *Spec, kind danger.Kind, why string, flagged, passes []string) *Spec {
		s.Raises = []Raise{{Kind: kind, Why: why, Flagged: flagged, Passes: passes}}
		return s
	}
	// cmd.exe's programs: /X options, in any case.
	slash := func(names []string, grant string, effect Effect, operands, opts string) *Spec {
		return &Spec{Names: names, Grant: exact(grant), Effect: effect, Slash: true, Fold: true, Permute: true, Operands: operands, Options: opts}
	}
	// A subcommand of a cmd.exe program, judged by its effect; its /X
	// options are data.
	sub := func(effect Effect, r ...Raise) *Spec {
		return &Spec{Effect: effect, Slash: true, Fold: true, Permute: true, Operands: "-*", Raises: r}
	}
	removeItem := "-path=d -literalpath|-pspath|-lp=d -filter= -include= -exclude= -recurse -force -credential= -stream= -deletekey -usetransaction|-usetx"
	// del and rd read Remove-Item's parameters too, but cmd.exe's take a
	// -WhatIf word for a name to delete: there it changes nothing.
	delItem := removeItem + " -whatif|-wi -confirm|-cf" + common
	removeItem += should
	// Set-MpPreference and Add-MpPreference take some two hundred
	// settings (Loose); the ones declared are those that turn a
	// protection off or exclude what it scans.
	defender := "-exclusionpath= -exclusionextension= -exclusionprocess= -exclusionipaddress= -disablearchivescanning= -disableautoexclusions= " +
		"-disablebehaviormonitoring= -disableblockatfirstseen= -disablecatchupfullscan= -disablecatchupquickscan= -disablecputhrottleonidlescans= " +
		"-disabledatagramprocessing= -disablednsovertcpparsing= -disablednsparsing= -disableemailscanning= -disableftpparsing= -disablegradualrelease= " +
		"-disablehttpparsing= -disableinboundconnectionfiltering= -disableioavprotection= -disablenetworkprotectionperftelemetry= -disableprivacymode= " +
		"-disablerdpparsing= -disablerealtimemonitoring= -disableremovabledrivescanning= -disablerestorepoint= -disablescanningmappednetworkdrivesforfullscan= " +
		"-disablescanningnetworkfiles= -disablescriptscanning= -disablesmtpparsing= -disablesshparsing= -disabletlsparsing= -disableintrusionpreventionsystem= " +
		"-disabletdtfeature= -disablecachemaintenance= -disablecoreserviceecsintegration= -disablecoreservicetelemetry= -disablequicparsing= -disablesmartscreen= " +
		"-cimsession|-session= -throttlelimit= -asjob -force" + should
	// Invoke-WebRequest and Invoke-RestMethod (PowerShell 7.4): -Uri is
	// also the first operand.
	web := "-uri|-url=n -outfile=w -infile=r -method= -custommethod= -body= -headers= -form= -contenttype= -transferencoding= -usebasicparsing|-useb " +
		"-credential= -usedefaultcredentials -authentication= -token= -allowunencryptedauthentication -certificatethumbprint= -certificate= " +
		"-skipcertificatecheck -sslprotocol= -proxy=n -proxycredential= -proxyusedefaultcredentials -noproxy -sessionvariable|-sv= -websession= " +
		"-timeoutsec|-connectiontimeoutseconds= -operationtimeoutseconds= -maximumredirection= -maximumretrycount= -retryintervalsec= -useragent= " +
		"-disablekeepalive -passthru -resume -skipheadervalidation -skiphttperrorcheck -httpversion= -preserveauthorizationonredirect " +
		"-preservehttpmethodonredirect -allowinsecureredirect -unixsocket=" + common
	fetch := func(names []string, extra string, flagged []string) *Spec {
		s := cmdlet(names, names[0]+" x", Network, "n?", web+extra)
		s.Flagged = flagged
		s.Code.Fetches = true // irm URL | iex
		return s
	}
	// The Storage module's cmdlets take more parameters than are declared
	// (Loose); those that name the disk are.
	storage := "-number|-disknumber|-id= -uniqueid= -path= -friendlyname= -serialnumber= -inputobject= -cimsession|-session= -throttlelimit= -asjob -passthru"
	wipe := func(name, opts string, flagged []string) *Spec {
		s := raise(cmdlet(n(name), name+" x", Write, "-*", storage+" "+opts+should), danger.DiskWipe, "erases or formats a disk ({prog})", flagged, []string{"Get-Disk", "Get-Volume", "Get-Partition"})
		s.Loose = true
		return s
	}
	add(
		// Remove-Item (ri; rm, rmdir, del, erase and rd are PowerShell's
		// aliases of it too): -Path and -LiteralPath, or the operands, are
		// deleted; -Recurse deletes a directory's tree.
		func() *Spec {
			s := cmdlet(n("remove-item", "ri"), "remove-item x", Delete, "d*", removeItem)
			s.Flagged = []string{"remove-item notes.txt", "Remove-Item -Path build -Recurse -Force", "ri -r -fo build", "Remove-Item -Path:build -Recurse:$true",
				"Remove-Item -Recurse -Force build -WhatIf:$false", "ri -r build -wi:0", "Remove-Item build -WhatIf:$x"}
			s.ReadOnly = []string{"Remove-Item -Recurse -Force build -WhatIf", "remove-item build -whatif:1", "ri -r -fo build -what", "Remove-Item -WhatIf -Path:build -Recurse"}
			return s
		}(),
		// del and erase (cmd.exe: DEL [/P] [/F] [/S] [/Q] [/A[[:]attributes]]
		// names) and rd (RD [/S] [/Q] path) are also PowerShell's aliases
		// of Remove-Item: each entry reads both, /S and -Recurse alike.
		&Spec{Names: n("del", "erase"), Grant: exact("del x"), Effect: Delete, Slash: true, LongDash: true, Fold: true, Abbrev: true, Permute: true, Operands: "d*",
			Options: "/p /f /s /q /a? " + delItem,
			Flagged: []string{"del notes.txt", "del /s /q build", "erase /F /Q build\\x.obj", "del -Recurse build", "del /s /q build -WhatIf"}},
		&Spec{Names: n("rd"), Grant: exact("rd x"), Effect: Delete, Slash: true, LongDash: true, Fold: true, Abbrev: true, Permute: true, Operands: "d*",
			Options: "/s /q " + delItem,
			Flagged: []string{"rd build", "rd /s /q build", "rd -r build", "rd /s /q build -WhatIf"}},
		// Stop-Process (spps): -Id is also the first operand; -Name
		// (alias -ProcessName) stops every process of that name.
		&Spec{Names: n("stop-process", "spps"), Grant: exact("stop-process -id x"), Effect: Unknown, LongDash: true, Fold: true, Abbrev: true, Permute: true, Operands: "-*",
			Options: "-id= -name|-processname= -inputobject= -passthru -force" + should,
			Flagged: []string{"stop-process 1234", "Stop-Process -Name node -Force", "spps -n node", "Stop-Process -Id:1234"}},
		// Get-Process (gps; ps in PowerShell): -Name is also the first
		// operand.
		&Spec{Names: n("get-process", "gps"), Grant: exact("get-process"), LongDash: true, Fold: true, Abbrev: true, Permute: true, Operands: "-*",
			Options:  "-name|-processname= -id|-pid= -inputobject= -computername|-cn=n -module -fileversioninfo|-fv -includeusername" + common,
			ReadOnly: []string{"Get-Process", "gps node", "Get-Process -Name node -Module", "get-process -id:1234"}},
		// taskkill: /PID kills one process (and /T its children), /IM
		// every process of an image name, /FI every process a filter
		// matches.
		slash(n("taskkill"), "taskkill /pid x", Unknown, "", "/s= /u= /p= /fi= /pid= /im= /t /f"),
		// schtasks: with no option, or /Query, it lists the tasks.
		&Spec{Names: n("schtasks"), Grant: exact("schtasks /create x"), Effect: Config, ReadWith: "/query", ReadBelow: 1, Slash: true, Fold: true, Permute: true, Operands: "-*",
			Options: "/create /change /delete /run /end /query /showsid /s= /u= /p= /ru= /rp= /sc= /mo= /d= /m= /i= /tn= /tr= /st= /ri= /et= /du= /k " +
				"/sd= /ed= /it /np /z /xml= /v1 /f /rl= /delay= /hresult /fo= /nh /v /enable /disable",
			ReadOnly: []string{"schtasks", "schtasks /query", "SCHTASKS /Query /FO LIST /V", "schtasks /query /tn Updater"},
			Flagged:  []string{"schtasks /create /sc daily /tn x /tr x.exe", "schtasks /Delete /TN x /F", "schtasks /run /tn x"}},
		// Register-ScheduledTask and New-Service install what Windows
		// starts on its own.
		raise(cmdlet(n("register-scheduledtask"), "register-scheduledtask x", Config, "-*",
			"-taskname= -taskpath= -action= -trigger= -settings= -user= -password= -runlevel= -description= -xml= -inputobject= -principal= "+
				"-force -cimsession|-session= -throttlelimit= -asjob"+common),
			danger.Persistence, "{prog} installs something that runs automatically",
			[]string{"Register-ScheduledTask -TaskName x -Action $a -Trigger $t", "register-scheduledtask x -xml:task.xml", "Register-ScheduledTask -Tas x -Act $a"},
			[]string{"Get-ScheduledTask"}),
		raise(cmdlet(n("new-service"), "new-service x", Config, "-*",
			"-name|-servicename= -binarypathname|-path= -displayname= -description= -securitydescriptorsddl|-sd= -startuptype= -credential= -dependson="+should),
			danger.Persistence, "{prog} installs something that runs automatically",
			[]string{"New-Service -Name x -BinaryPathName C:\\x.exe", "new-service x C:\\x.exe -StartupType Automatic", "New-Service -Bin:C:\\x.exe -n x"},
			[]string{"Get-Service"}),
		// sc: sc [\\server] command [service] [option= value]...; the
		// queries read, the others change a service.
		func() *Spec {
			changes := func(cmd string) *Spec {
				return sub(Config, Raise{Kind: danger.SystemConfig, Why: "sc " + cmd + " changes Windows services",
					Flagged: []string{"sc " + cmd + " Spooler", "SC " + cmd + " Spooler", "sc.exe " + cmd + " Spooler"}, Passes: []string{"sc query Spooler"}})
			}
			s := &Spec{Names: n("sc"), Grant: exact("sc stop x"), Fold: true,
				Subcommands: subs("stop", changes("stop"), "delete", changes("delete"), "config", changes("config"), "create", changes("create"),
					"query", sub(None), "queryex", sub(None), "qc", sub(None), "qdescription", sub(None), "qfailure", sub(None), "qfailureflags", sub(None),
					"qsidtype", sub(None), "qprivs", sub(None), "qtriggerinfo", sub(None), "qpreferrednode", sub(None), "qmanagedaccount", sub(None),
					"qprotection", sub(None), "quserservice", sub(None), "enumdepend", sub(None), "getdisplayname", sub(None), "getkeyname", sub(None),
					"sdshow", sub(None), "showsid", sub(None),
					"start", sub(Config), "pause", sub(Config), "continue", sub(Config), "control", sub(Config), "description", sub(Config), "failure", sub(Config),
					"failureflags", sub(Config), "sidtype", sub(Config), "privs", sub(Config), "managedaccount", sub(Config), "sdset", sub(Config),
					"triggerinfo", sub(Config), "preferrednode", sub(Config), "boot", sub(Config), "lock", sub(Config), "interrogate", sub(Config)),
				ReadOnly: []string{"sc query", "sc query Spooler", "SC QUERYEX type= service", "sc qc Spooler"},
				Flagged:  []string{"sc start Spooler", "sc config Spooler start= disabled"}}
			return s
		}(),
		// reg: the operation first, in any case; query and compare read,
		// export writes a file, the others change the registry.
		&Spec{Names: n("reg"), Grant: exact("reg add x"), Fold: true,
			Subcommands: subs("add", sub(Config), "delete", sub(Config), "copy", sub(Config), "import", sub(Config), "restore", sub(Config),
				"load", sub(Config), "unload", sub(Config), "flags", sub(Config), "save", sub(Write), "export", sub(Write)),
			Flagged: []string{"reg add HKCU\\Software\\x /v y /d z /f", "REG DELETE HKCU\\Software\\x /f", "reg save HKLM\\SAM sam.hive"}},
		// Set-ItemProperty and New-ItemProperty: -Path is also the first
		// operand, -Name the second, -Value the third.
		cmdlet(n("set-itemproperty"), "set-itemproperty x", Config, "-*",
			"-path= -literalpath|-pspath|-lp= -name|-pspropertyname= -value= -type= -inputobject= -passthru -force -filter= -include= -exclude= -credential= -usetransaction|-usetx"+should),
		cmdlet(n("new-itemproperty"), "new-itemproperty x", Config, "-*",
			"-path= -literalpath|-pspath|-lp= -name|-pspropertyname= -value= -propertytype|-type= -force -filter= -include= -exclude= -credential= -usetransaction|-usetx"+should),
		// Set-ExecutionPolicy: -ExecutionPolicy is also the first
		// operand, -Scope the second.
		cmdlet(n("set-executionpolicy"), "set-executionpolicy x", Config, "-*", "-executionpolicy= -scope= -force"+should),
		// Microsoft Defender.
		func() *Spec {
			s := cmdlet(n("set-mppreference"), "set-mppreference x", Config, "-*", defender)
			s.Loose = true
			return s
		}(),
		func() *Spec {
			s := raise(cmdlet(n("add-mppreference"), "add-mppreference x", Config, "-*", defender), danger.SecurityDisable, "adds a Microsoft Defender exclusion",
				[]string{"Add-MpPreference -ExclusionPath C:\\temp", "add-mppreference -exclusionp:C:\\temp", "Add-MpPreference -ExclusionProcess x.exe -Force"}, []string{"Get-MpPreference", "echo Add-MpPreference"})
			s.Loose = true
			return s
		}(),
		// bcdedit: with no option, /enum or /v it lists the boot entries;
		// every other command changes them.
		slash(n("bcdedit"), "bcdedit /set x", Config, "-*",
			"/store= /enum /v /set /deletevalue /delete /copy /create /import= /export= /default /displayorder /toolsdisplayorder /timeout /bootsequence "+
				"/bootems /ems /emssettings /dbgsettings /debug /bootdebug /hypervisorsettings /sysstore /createstore /mirror /event /eventsettings /clean /f /d /cleanup /addlast /addfirst /remove /offline"),
		// wevtutil: the command first, in its long or short name, in any
		// case; cl clears a log.
		func() *Spec {
			reads := sub(None)
			reads.Options = "/r?n /remote?n"
			clears := sub(Delete, Raise{Kind: danger.LogTampering, Why: "clears a Windows event log",
				Flagged: []string{"wevtutil cl Security", "wevtutil CL System", "wevtutil clear-log Security /bu:old.evtx", "wevtutil.exe Clear-Log Application"},
				Passes:  []string{"wevtutil el", "wevtutil qe System /c:5", "wevtutil gl Security"}})
			return &Spec{Names: n("wevtutil"), Grant: exact("wevtutil cl x"), Fold: true,
				Subcommands: subs("el", reads, "enum-logs", reads, "gl", reads, "get-log", reads, "ep", reads, "enum-publishers", reads, "gp", reads, "get-publisher", reads,
					"qe", reads, "query-events", reads, "gli", reads, "get-log-info", reads,
					"sl", sub(Config), "set-log", sub(Config), "im", sub(Config), "install-manifest", sub(Config), "um", sub(Config), "uninstall-manifest", sub(Config),
					"epl", sub(Write), "export-log", sub(Write), "al", sub(Write), "archive-log", sub(Write), "cl", clears, "clear-log", clears),
				ReadOnly: []string{"wevtutil el", "wevtutil qe System /c:5 /f:text", "wevtutil GL Security"}}
		}(),
		raise(cmdlet(n("clear-eventlog"), "clear-eventlog x", Delete, "-*", "-logname= -computername|-cn="+should), danger.LogTampering, "{prog} clears Windows event logs",
			[]string{"Clear-EventLog Security", "Clear-EventLog -LogName Security", "clear-eventlog -log:System -Confirm:$false"}, []string{"Get-EventLog -LogName Security -Newest 5"}),
		raise(cmdlet(n("remove-eventlog"), "remove-eventlog x", Delete, "-*", "-logname= -computername|-cn= -source="+should), danger.LogTampering, "{prog} clears Windows event logs",
			[]string{"Remove-EventLog -LogName MyApp", "Remove-EventLog -Source x"}, []string{"Get-EventLog -List"}),
		// Stop-Computer and Restart-Computer.
		raise(cmdlet(n("stop-computer"), "stop-computer", Config, "-*", "-computername|-cn|-__server|-server|-ip= -credential= -wsmanauthentication= -asjob -force "+
			"-dcomauthentication|-authentication= -impersonation= -protocol= -throttlelimit="+should),
			danger.SystemPower, "{prog} changes the machine's power state", []string{"Stop-Computer", "stop-computer -Force", "Stop-Computer -ComputerName srv1", "Stop-Computer -WhatIf:$false"},
			[]string{"Get-ComputerInfo", "echo Stop-Computer", "Stop-Computer -WhatIf", "stop-computer -force -whatif:$true", "Stop-Computer -What"}),
		raise(cmdlet(n("restart-computer"), "restart-computer", Config, "-*", "-computername|-cn|-__server|-server|-ip= -credential= -wsmanauthentication= -asjob -force "+
			"-dcomauthentication|-authentication= -impersonation= -protocol= -throttlelimit= -wait -timeout= -for= -delay="+should),
			danger.SystemPower, "{prog} changes the machine's power state", []string{"Restart-Computer -Force", "restart-computer -forc", "Restart-Computer -Force:$true"}, []string{"Get-ComputerInfo", "echo Restart-Computer"}),
		// The Storage module's cmdlets erase, partition or format disks.
		wipe("format-volume", "-driveletter= -filesystem= -filesystemlabel|-newfilesystemlabel= -allocationunitsize= -full -force -compress -shortfilenamesupport= "+
			"-setintegritystreams= -usemaximumsize -disableheatgathering -istiny -partition= -objectid= -driveletterpath=",
			[]string{"Format-Volume -DriveLetter D -FileSystem NTFS -Force", "format-volume -dri D -files NTFS", "Format-Volume -DriveLetter:D"}),
		wipe("initialize-disk", "-partitionstyle=", []string{"Initialize-Disk -Number 1 -PartitionStyle GPT", "initialize-disk 1"}),
		wipe("remove-partition", "-driveletter= -partitionnumber= -offset=", []string{"Remove-Partition -DriveLetter D -Confirm:$false", "remove-partition -disknumber 1 -partitionnumber 2"}),
		wipe("clear-disk", "-removedata -removeoem -zerooutentiredisk",
			[]string{"Clear-Disk -Number 0 -RemoveData -Confirm:$false", "clear-disk 1 -removed", "Clear-Disk -FriendlyName x -RemoveData:$true"}),
		// format (cmd.exe: FORMAT volume [/FS:file-system] [/V:label] [/Q]
		// …): the volume is the operand.
		&Spec{Names: n("format"), Grant: exact("format x"), Effect: Write, Slash: true, Fold: true, Permute: true, Operands: "-*",
			Options: "/fs? /v? /q /c /x /r? /d /a? /f? /t? /n? /p? /s? /l? /i? /dedup /y",
			Flagged: []string{"format D:", "format D: /FS:NTFS /Q"}},
		// diskpart runs its partitioning commands, from its input or a
		// script given by /s.
		raise(slash(n("diskpart"), "diskpart", Write, "", "/s=r"), danger.DiskWipe, "runs the Windows disk partitioner",
			[]string{"diskpart", "diskpart /s wipe.txt", "DISKPART /S wipe.txt"}, []string{"echo diskpart"}),
		// vssadmin: list and query read; delete and resize remove shadow
		// copies (resize drops those that no longer fit).
		func() *Spec {
			drops := sub(Delete, Raise{Kind: danger.BackupDestruction, Why: "deletes Windows shadow copies",
				Flagged: []string{"vssadmin delete shadows /all /quiet", "VSSADMIN Delete Shadows /For=C: /Oldest", "vssadmin resize shadowstorage /for=C: /on=C: /maxsize=401MB"},
				Passes:  []string{"vssadmin list shadows", "vssadmin List ShadowStorage"}})
			return &Spec{Names: n("vssadmin"), Grant: exact("vssadmin delete shadows"), Fold: true,
				Subcommands: subs("list", sub(None), "query", sub(None), "delete", drops, "resize", drops, "add", sub(Config), "create", sub(Config), "revert", sub(Config),
					"break", sub(Config), "expose", sub(Config), "import", sub(Config)),
				ReadOnly: []string{"vssadmin list shadows", "vssadmin list writers", "VSSADMIN LIST SHADOWSTORAGE"}}
		}(),
		// wbadmin: get reads; delete removes backups or their catalog. Its
		// options are -name:value words, in any case.
		func() *Spec {
			w := func(effect Effect, r ...Raise) *Spec {
				return &Spec{Effect: effect, LongDash: true, Fold: true, Loose: true, Permute: true, Operands: "-*", Raises: r}
			}
			get := &Spec{LongDash: true, Fold: true, Permute: true, Operands: "-*", Options: "-backuptarget= -machine= -version="}
			return &Spec{Names: n("wbadmin"), Grant: exact("wbadmin delete x"), Fold: true,
				Subcommands: subs("get", get, "delete", w(Delete, Raise{Kind: danger.BackupDestruction, Why: "deletes Windows backups",
					Flagged: []string{"wbadmin delete catalog -quiet", "wbadmin DELETE systemstatebackup -keepVersions:0", "wbadmin delete backup -deleteOldest"},
					Passes:  []string{"wbadmin get versions"}}),
					"start", w(Config), "stop", w(Config), "enable", w(Config), "disable", w(Config), "restore", w(Config)),
				ReadOnly: []string{"wbadmin get versions", "wbadmin get status", "WBADMIN GET ITEMS -version:01/01/2026-00:00"}}
		}(),
		// wmic: an alias, a where clause and a verb (get, call, delete,
		// set …), global /name:value switches anywhere: what a call does is
		// not read from its words here.
		&Spec{Names: n("wmic"), Grant: exact("wmic x"), Effect: Unknown, Operands: "-*"},
		// net: the command first, in any case. net user and net localgroup
		// with at most a name and no option show accounts and groups;
		// /add, /delete or a password change them.
		func() *Spec {
			account := func(opts string) *Spec {
				return &Spec{Effect: Config, ReadBelow: 2, Slash: true, Fold: true, Permute: true, Operands: "-*", Options: opts}
			}
			return &Spec{Names: n("net"), Grant: exact("net user x"), Fold: true,
				Subcommands: subs(
					"user", account("/add /delete /domain /random? /active? /comment? /countrycode? /expires? /fullname? /homedir? /passwordchg? /passwordreq? "+
						"/logonpasswordchg? /profilepath? /scriptpath? /times? /usercomment? /workstations?"),
					"localgroup", account("/add /delete /domain /comment?"),
					"group", account("/add /delete /domain /comment?")),
				ReadOnly: []string{"net user", "net user dev", "NET LOCALGROUP administrators", "net localgroup"},
				Flagged:  []string{"net user dev Secret1 /add", "net localgroup administrators dev /add", "NET USER dev /DELETE"}}
		}(),
		fetch(n("invoke-webrequest", "iwr"), "", []string{"iwr https://example.com", "Invoke-WebRequest -Uri https://example.com -OutFile x.zip"}),
		fetch(n("invoke-restmethod", "irm"), " -responseheadersvariable|-rhv= -statuscodevariable= -followrellink|-fl -maximumfollowrellink|-ml=",
			[]string{"irm https://example.com/api", "Invoke-RestMethod -Uri:https://example.com/api -Method Post"}),
	)
})
