package programs

// Simple file commands: what acceptEdits may run inside the working
// directories. The shell package resolves their operands and judges the
// targets (copy sources are read, destinations written, removals deleted).

var _ = family("files", func(add func(...*Spec)) {
	add(
		&Spec{Names: n("mkdir"), Meta: MetaTimes, Fills: FillsFiles, FileOp: true, Abbrev: true, Permute: true, Operands: "w*", Options: "-m|--mode= -p|--parents -v|--verbose -Z --context?" + gnu,
			Flagged: []string{"mkdir -p build"}},
		&Spec{Names: n("touch"), Meta: MetaTimes, Fills: FillsFiles, FileOp: true, Abbrev: true, Permute: true, Operands: "w*", Options: "-a -c|--no-create -d|--date= -f -h|--no-dereference -m -r|--reference= -t= --time=" + gnu,
			Flagged: []string{"touch x"}},
		&Spec{Names: n("rmdir"), FileOp: true, Grant: Grant{Exact: true, Offers: []string{"rmdir x => Bash(rmdir x)"}}, Abbrev: true, Permute: true, Operands: "d*", Options: "--ignore-fail-on-non-empty -p|--parents -v|--verbose" + gnu},
		&Spec{Names: n("rm"), FileOp: true, FileOpUnless: "--recursive", Grant: Grant{Exact: true, Offers: []string{"rm x => Bash(rm x)"}}, Abbrev: true, Permute: true, Operands: "d*",
			Options: "-f|--force -i -I --interactive? --one-file-system --no-preserve-root --preserve-root? -r|-R|--recursive -d|--dir -v|--verbose -P -W -x" + gnu,
			Flagged: []string{"rm -rf victim -- --help", "rm -rf ~ --help", "rm x"}, ReadOnly: []string{"rm --help"}},
		&Spec{Names: n("unlink"), Abbrev: true, Operands: "d", Options: "--help:h --version:h", Flagged: []string{"unlink x"}},
		// srm overwrites, then deletes.
		&Spec{Names: n("srm"), Abbrev: true, Permute: true, Operands: "d*",
			Options: "-r|-R|--recursive -f|--force -s|--simple -P|--openbsd -D|--dod -E|--doe -m|--medium -z|--zero -n|--nounlink -i|--interactive -x|--one-file-system -v|--verbose -d|--dir" + gnu,
			Flagged: []string{"srm -r old", "srm x"}},
		// rimraf and del-cli (node) delete their operands recursively.
		&Spec{Names: n("rimraf", "del-cli"), Permute: true, Loose: true, Effect: Delete, Operands: "d*", Options: "-h:h --help:h",
			Flagged: []string{"rimraf dist", "del-cli build"}},
		&Spec{Names: n("cp"), Fills: FillsFiles, FileOp: true, Links: &Links{With: "--link --symbolic-link", Symbolic: "--symbolic-link"}, Flow: Flow{Copies: true, Trees: "--recursive --archive", Follows: "--dereference", Examples: []string{"cp -r ~/.aws /tmp/x"}}, Grant: Grant{Exact: true, Offers: []string{"cp x => Bash(cp x)"}}, Abbrev: true, Permute: true, Operands: "r* i",
			Options: "-a|--archive --attributes-only -b --backup? --copy-contents -d -f|--force -i|--interactive -H -l|--link -L|--dereference -n|--no-clobber -P|--no-dereference " +
				"-p --preserve? --no-preserve= --parents -r|-R|--recursive --reflink? --remove-destination --sparse= --strip-trailing-slashes -s|--symbolic-link -S|--suffix= " +
				"-t|--target-directory=i -T|--no-target-directory -u --update? -v|--verbose -x|--one-file-system -Z --context? --keep-directory-symlink -c -X" + gnu,
			Flagged: []string{"cp a b", "cp -t .claude/ settings.json", "cp -r /tmp/x ~", "cp notes.md CLAUDE.md"}},
		&Spec{Names: n("mv"), FileOp: true, Grant: Grant{Exact: true, Offers: []string{"mv x => Bash(mv x)"}}, Abbrev: true, Permute: true, Operands: "m* i",
			Options: "-b --backup? -f|--force -i|--interactive -n|--no-clobber --no-copy --strip-trailing-slashes -S|--suffix= -t|--target-directory=i -T|--no-target-directory " +
				"-u --update? -v|--verbose -Z --context --exchange" + gnu,
			Flagged: []string{"mv a b"}},
		&Spec{Names: n("ln"), FileOp: true, IntoHere: true, Links: &Links{Symbolic: "--symbolic", Relative: "--relative"}, Grant: Grant{Exact: true, Offers: []string{"ln x => Bash(ln x)"}}, Abbrev: true, Permute: true, Operands: "-* i",
			Options: "-b --backup? -d|-F|--directory -f|--force -i|--interactive -L|--logical -n|--no-dereference -P|--physical -r|--relative -s|--symbolic -S|--suffix= " +
				"-t|--target-directory=i -T|--no-target-directory -v|--verbose -h" + gnu,
			Flagged: []string{"ln -s a b", "ln ~/.ssh/id_rsa k", "ln .env e.txt", "ln .warden/settings.local.json notes.json"}},
		// install copies like cp; -d makes its operands directories.
		&Spec{Names: n("install"), Flow: Flow{Copies: true}, Grant: Grant{Exact: true, Offers: []string{"install x => Bash(install x)"}}, Abbrev: true, Permute: true, Operands: "r* i",
			Options: "-b --backup? -C|--compare -c -d|--directory:W -D -g|--group= -m|--mode= -o|--owner= -p|--preserve-timestamps -s|--strip --strip-program=x " +
				"-S|--suffix= -t|--target-directory=i -T|--no-target-directory -v|--verbose --preserve-context -Z --context?" + gnu,
			Flagged:  []string{"install -m 755 hook .git/hooks/pre-commit", "install -m 644 dotfiles/.bashrc ~", "install -t ~/.ssh key.pub", "install -s --strip-program=./x a /tmp/b"},
			ReadOnly: []string{"install --help"}},
		&Spec{Names: n("shred"), Grant: Grant{Exact: true, Offers: []string{"shred x => Bash(shred x)"}}, Abbrev: true, Permute: true, Operands: "w*",
			Options: "-f --force -n= --iterations= --random-source=r -s= --size= -u:D --remove?:D -v --verbose -x --exact -z --zero" + gnu,
			Flagged: []string{"shred -u data/users.db", "shred -vfz -n 1 /dev/sdb"}},
		&Spec{Names: n("truncate"), Grant: Grant{Exact: true, Offers: []string{"truncate x => Bash(truncate x)"}}, Abbrev: true, Permute: true, Operands: "w*",
			Options: "-c|--no-create -o|--io-blocks -r|--reference= -s|--size=" + gnu,
			Flagged: []string{"truncate -s 0 data/customers.csv", "truncate -s0 ~/.bashrc"}},
		// fallocate (util-linux 2.38.1, getopt_long: prefixes and
		// options after the file are taken: fallocate --len 1M f, fallocate f
		// -l 1M) allocates -l bytes to its file.
		&Spec{Names: n("fallocate"), Fills: FillsFiles, Grant: Grant{Exact: true, Offers: []string{"fallocate -l 1M x => Bash(fallocate -l 1M x)"}}, Abbrev: true, Permute: true, Operands: "w",
			Options: "-c|--collapse-range -d|--dig-holes -i|--insert-range -l|--length= -n|--keep-size -o|--offset= -p|--punch-hole -z|--zero-range -x|--posix -v|--verbose -h|--help:h -V|--version:h",
			Flagged: []string{"fallocate -l 1M test.img", "fallocate -p -o 0 -l 4096 data.bin"}, ReadOnly: []string{"fallocate --help"}},
		&Spec{Names: n("tee"), Flow: Flow{Whole: true, Examples: []string{"env | tee"}}, Grant: Grant{Exact: true, Offers: []string{"tee x => Bash(tee x)"}}, Prints: true, Abbrev: true, Permute: true, Operands: "w*", Options: "-a|--append -i|--ignore-interrupts -p --output-error?" + gnu,
			Flagged: []string{"tee ~/.bashrc", "tee -a .git/hooks/pre-commit"}},
		&Spec{Names: n("chmod"), Meta: MetaPerms, Grant: Grant{Exact: true, Offers: []string{"chmod x => Bash(chmod x)"}}, Abbrev: true, Permute: true, Operands: "- w*",
			Options: "-c|--changes -f|--silent|--quiet -v|--verbose --no-preserve-root --preserve-root -R|--recursive --reference=r -h -H -L -P" + gnu,
			Flagged: []string{"chmod +x build.sh"}},
		// chattr (e2fsprogs 1.47.0) reads its words itself, with no long
		// options and no "--": a word of -R, -V, -f and attribute letters
		// (-Ri removes i, recursively), a +ATTRS or =ATTRS mode, -p and -v
		// with a value; the options may follow the mode (chattr +e -R d
		// recurses), and the first other word ends them. Options read after
		// a file too (Permute) only ever read more than chattr does.
		&Spec{Names: n("chattr"), Meta: MetaPerms, Grant: Grant{Exact: true, Offers: []string{"chattr +i x => Bash(chattr +i x)"}}, Permute: true, Operands: "w*",
			Options: "-R -V -f -p= -v= += -a -A -c -C -d -D -e -F -i -j -m -P -s -S -t -T -u -x",
			Flagged: []string{"chattr +i build.sh", "chattr -R -i /etc", "chattr =e -R x"}},
		// PowerShell's Copy-Item and Move-Item: parameters are -Name words
		// in any case, by any unique prefix (-dest, -REC); -Path and
		// -Destination are also the first and last operands. A
		// parameter given as -Name:value is not read (the call is then
		// unknown).
		&Spec{Names: n("copy-item"), Flow: Flow{Copies: true, Trees: "-recurse", Examples: []string{"copy-item -Recurse ~/.aws /tmp/x", "copy-item ~/.ssh /tmp/x -rec"}}, Grant: Grant{Exact: true, Offers: []string{"copy-item a b => Bash(copy-item a b)"}}, LongDash: true, Fold: true, Abbrev: true, Permute: true, Operands: "r* i",
			Options: "-path=r -literalpath=r -destination=i -recurse -force -container -passthru -whatif -confirm -verbose -filter= -include= -exclude= -credential= -fromsession= -tosession=",
			Flagged: []string{"copy-item a b", "copy-item -Path a -Destination b"}},
		&Spec{Names: n("move-item"), Grant: Grant{Exact: true, Offers: []string{"move-item a b => Bash(move-item a b)"}}, LongDash: true, Fold: true, Abbrev: true, Permute: true, Operands: "m* i",
			Options: "-path=d -literalpath=d -destination=i -force -passthru -whatif -confirm -verbose -filter= -include= -exclude= -credential=",
			Flagged: []string{"move-item a b"}},
		// icacls and takeown (Windows): options are /NAME words in any
		// case (/T, /t), their values the next word; /grant:r is /grant
		// replacing, /inheritance:d the option with its value. icacls
		// with a file and no option shows its ACL; the options that
		// change it write the file.
		&Spec{Names: n("icacls"), Grant: Grant{Exact: true, Offers: []string{"icacls x => Bash(icacls x)"}}, Slash: true, Fold: true, Permute: true, Operands: "r*",
			Options: "/grant=:W /deny=:W /remove=:W /setintegritylevel=:W /inheritance?:W /setowner=:W /reset:W /restore=r:W /save=w /findsid= /verify /t /c /l /q",
			Flagged: []string{"icacls x /grant Everyone:F", "icacls x /RESET"}, ReadOnly: []string{"icacls notes.txt"}},
		&Spec{Names: n("takeown"), Grant: Grant{Exact: true, Offers: []string{"takeown /f x => Bash(takeown /f x)"}}, Slash: true, Fold: true, Permute: true, Effect: Write,
			Options: "/s= /u= /p= /f=w /a /r /d=",
			Flagged: []string{"takeown /f x", "takeown /F x /R /D Y"}},
		// chflags (FreeBSD and macOS chflags.c: getopt "HLPRfhvx", no long
		// options, the options before the flags word).
		&Spec{Names: n("chflags"), Meta: MetaPerms, Grant: Grant{Exact: true, Offers: []string{"chflags uchg x => Bash(chflags uchg x)"}}, Operands: "- w*",
			Options: "-H -L -P -R -f -h -v -x",
			Flagged: []string{"chflags -R nouchg ~/Library", "chflags hidden notes.txt"}},
		// setfacl (acl 2.3.1, getopt_long: prefixes are taken, --rec is
		// --recursive; its options apply to the files after them, so an
		// option may follow a file).
		&Spec{Names: n("setfacl"), Meta: MetaPerms, Grant: Grant{Exact: true, Offers: []string{"setfacl -m u:x:r f => Bash(setfacl -m u:x:r f)"}}, Abbrev: true, Permute: true, Operands: "w*",
			Options: "-m|--modify= -M|--modify-file=r -x|--remove= -X|--remove-file=r -b|--remove-all -k|--remove-default --set= --set-file=r --mask -n|--no-mask " +
				"-d|--default -R|--recursive -L|--logical -P|--physical --restore=u --test -v|--version:h -h|--help:h",
			Flagged: []string{"setfacl -m u:dev:rw notes.txt", "setfacl --restore=acl.txt"}, ReadOnly: []string{"setfacl --help"}},
	)
})
