package programs

// Extractors: programs that write files named by their input — an
// archive's members, a list on standard input — into a directory (Unpack).
// A flag with the e effect (cpio -i, ar x) says the call unpacks; an option
// or operand with it names the directory (-D DIR, --output DIR, a trailing
// DEST/); with none, the working directory. L marks the options that only
// list or test, A those after which absolute member names are written as
// given (anywhere: unknown), S those that strip them.

// bsdtarOpts is libarchive's tar: like GNU tar's, but -s renames members
// with a substitution (so where they land is not known).
const bsdtarOpts = "-c --create -r --append -t --list -u --update -x:e --extract:e -C=e --cd=e --directory=e -f= --file= " +
	"-b= --block-size= -H -h -I=r -T=r --files-from=r -X=r --exclude-from=r -J --xz -j --bzip2 -y -z --gzip --gunzip -Z --compress --lz4 --zstd --lzma --lrzip --lzop --grzip " +
	"-k --keep-old-files -L -l --check-links -m --modification-time -n --norecurse --no-recursion -O --to-stdout -o -P:A --absolute-paths:A -p --preserve-permissions " +
	"-q --fast-read -S -s=u -U --unlink --unlink-first -v --verbose -w --interactive -a --auto-compress --exclude= --include= --format= --options= " +
	"--newer= --newer-mtime= --newer-than=r --newer-mtime-than=r --older= --older-mtime= --older-than=r --older-mtime-than=r --strip-components= --totals " +
	"--uid= --gid= --uname= --gname= --numeric-owner --null --passphrase= --use-compress-program=x --no-same-owner --same-owner --no-same-permissions --safe-writes " +
	"--acls --no-acls --xattrs --no-xattrs --fflags --no-fflags --mac-metadata --no-mac-metadata --chroot --clear-nochange-fflags --ignore-zeros --hfsCompression " +
	"--nodump --read-sparse --no-read-sparse --one-file-system --nopreserveHFSCompression -B --read-full-blocks -h:h --help:h --version:h"

var _ = family("extractors", func(add func(...*Spec)) {
	add(
		&Spec{Names: n("bsdtar"), Files: Files{Archive: "-f --file", ArchiveWrites: "-c --create -r --append -u --update"}, Flow: Flow{Copies: true, Packs: true, Trees: "*"}, Effect: Write, Permute: true, OldStyle: true, Operands: "-*",
			ReadWith: "-t --list -tf -tzf -tvf -ztf t tf tzf tvf", Options: bsdtarOpts,
			Flagged:  []string{"bsdtar -x -f x.tar -C .warden", "bsdtar -xf x.tar", "bsdtar -xPf x.tar", "bsdtar -xf x.tar -s ',^,/tmp/,'", "bsdtar xf x.tar -C ~/.ssh"},
			ReadOnly: []string{"bsdtar -tf x.tar", "bsdtar tvf x.tar"}},

		// GNU cpio: -i copies in (unpacks) into -D or the working
		// directory, keeping absolute names unless
		// --no-absolute-filenames; -t lists; -o copies out (to standard
		// output or -O/-F); -p DIR copies the names read from standard
		// input into DIR. -o reads the files named on standard input,
		// which the command line does not give: unknown. --rsh-command
		// runs a command for a remote archive (host:file).
		&Spec{Names: n("cpio"), Files: Files{Archive: "-F --file", ArchiveWrites: "-o --create", RemoteUnless: "--force-local"}, Permute: true, Operands: "e?",
			Options: "-i:eA --extract:eA -o:u --create:u -p:e --pass-through:e -t:L --list:L --only-verify-crc:L -D=e --directory=e " +
				"--no-absolute-filenames:S --absolute-filenames:A -0 --null -a --reset-access-time -A --append -b --swap -B -c -C= --io-size= -d --make-directories " +
				"-E=r --pattern-file=r -f --nonmatching -F= --file= -H= --format= -I=r -l --link -L --dereference -m --preserve-modification-time " +
				"-M= --message= -n --numeric-uid-gid -O=w --owner= -R= --no-preserve-owner --quiet -r:u --rename:u --rename-batch-file=r -s --swap-bytes -S --swap-halfwords " +
				"--sparse --to-stdout:L -u --unconditional -v --verbose -V --dot --block-size= --device-independent --reproducible --ignore-devno --renumber-inodes " +
				"--warning= --force-local --rsh-command=x -? --help:h --usage:h --version:h",
			Flagged: []string{"cpio -idv < x.cpio", "cpio -i --no-absolute-filenames -D .claude < x.cpio", "cpio -id --no-absolute-filenames < x.cpio",
				"find . | cpio -pdm ~/.config", "echo x | cpio -o --rsh-command /bin/sh -F h:f", "cpio -i --no-absolute-filenames -D ~/.ssh < x.cpio"},
			ReadOnly: []string{"cpio -it < x.cpio", "cpio -t -F x.cpio", "cpio -itv --quiet < x.cpio"}},

		// libarchive's cpio: -i unpacks, refusing absolute names and ..
		// unless --insecure.
		&Spec{Names: n("bsdcpio"), Permute: true, Operands: "e?",
			Options: "-i:e --extract:e -o:u --create:u -p:e --pass-through:e -t:L --list:L -d --make-directories -D=e --directory=e --insecure:A " +
				"-0 --null -a --reset-access-time -B -c -E=r -F= --file= -f -H= --format= -I=r -J --xz -j -y --bzip2 -Z -z --lz4 --zstd --lzma --lrzip --lzop --grzip " +
				"-L -l --link -m -n --numeric-uid-gid -O=w --owner= -R= --passphrase= --preserve-owner --quiet -r:u -u -v -V --version:h -h:h --help:h",
			Flagged:  []string{"bsdcpio -id < x.cpio", "bsdcpio -i --insecure -D /tmp/x < x.cpio", "bsdcpio -i -D .git/hooks < x.cpio"},
			ReadOnly: []string{"bsdcpio -it < x.cpio", "bsdcpio -i -t -F x.cpio"}},

		// rpm2cpio writes the package's payload to standard output.
		&Spec{Names: n("rpm2cpio"), Operands: "r?", Options: "--help:h --version:h",
			Flagged: []string{"rpm2cpio pkg.rpm | cpio -idmv"}, ReadOnly: []string{"rpm2cpio pkg.rpm | cpio -t"}},

		// pax: no mode lists; -r reads an archive and unpacks it into the
		// working directory (absolute names as given); -w writes one from
		// the files named; -r -w copies the files into the last operand.
		// -s renames members (where they land is not known).
		&Spec{Names: n("pax"), Files: Files{Archive: "-f", ArchiveWrites: "-w"}, Flow: Flow{Packs: true}, Permute: true, Operands: "-*",
			Options:  "-r:eA -w:wR -a -c -d -i:u -k -l -n -t -u -v -X -0 -z -j -O -b= -f= -o= -p= -s=u -x= -B= -D -E= -G= -H -L -P -T= -U= -Y -Z",
			Flagged:  []string{"pax -r -f x.pax", "pax -rf x.pax -s ',^,/tmp/,'", "pax -w -f out.pax src", "pax -rw src ~/.config"},
			ReadOnly: []string{"pax -f x.pax", "pax -v -f x.pax"}},

		// ar KEY[MODS] ARCHIVE [MEMBER…], the key with or without its
		// dash: x unpacks the members into the working directory (or
		// --output DIR), t lists, p prints; r, q, d, m and s change the
		// archive. The a, b and i modifiers take a member name first.
		&Spec{Names: n("ar", "gcc-ar", "llvm-ar"), Effect: Write, Permute: true, OldStyle: true, Prints: true, Operands: "r -*",
			ReadWith: "t -t tv -tv vt -vt p -p pv -pv tO -tO",
			Options:  "-d -m -p -q -r -s -t -x:e --output=e -a -b -i -c -D -f -l -N -o -O -P:A -S -T -u -U -v -V:h --plugin=l --target= --thin --record-libdeps= --help:h --version:h",
			Flagged:  []string{"ar x lib.a", "ar x lib.a --output .git/hooks", "ar rcs lib.a x.o", "ar --plugin ./evil.so t lib.a", "ar r out.a ~/.ssh/id_rsa"},
			ReadOnly: []string{"ar t lib.a", "ar tv lib.a", "ar p lib.a x.o"}},

		// jar {c|t|u|x|i|d}[vfmne0PM] with or without the dash, or the
		// long forms: x unpacks into the working directory (-C or --dir
		// DIR, JDK 21);
		// P keeps absolute names and .. in member names.
		&Spec{Names: n("jar"), Files: Files{Archive: "-f --file", ArchiveWrites: "-c --create -u --update"}, Flow: Flow{Packs: true}, Effect: Write, Permute: true, OldStyle: true, Operands: "-*",
			ReadWith: "t -t tf -tf tvf -tvf --list -d --describe-module",
			Options: "-c --create -t --list -u --update -x:e --extract:e -d --describe-module -i= --generate-index= -f= --file= -m=r --manifest=r -e= --main-class= " +
				"-v --verbose -0 --no-compress -M --no-manifest -P:A -C=e --dir=e -n --normalize --release= --module-version= --hash-modules= -p= --module-path= --date= " +
				"--do-not-resolve-by-default --warn-if-resolved= -h:h --help:h --help-extra:h --version:h",
			Flagged:  []string{"jar xf app.jar", "jar -xf app.jar", "jar --extract --file app.jar --dir .claude", "jar cf out.jar -C build .", "jar xfP app.jar"},
			ReadOnly: []string{"jar tf app.jar", "jar --list --file app.jar", "jar tvf app.jar"}},

		// unrar CMD [-SWITCH…] ARCHIVE [FILE…] [DEST/]: e and x unpack
		// into the working directory or DEST/; a word after the archive
		// may be either, so each is taken for a directory written.
		// Switches are single-dash names with the value attached
		// (-op/dir, -pSECRET): the ones declared are exact, any other is
		// unknown.
		&Spec{Names: n("unrar"), Options: "-? --help:h", Subcommands: subs(
			"x", unrarUnpacks, "e", unrarUnpacks,
			"l", unrarLists, "lt", unrarLists, "lta", unrarLists, "lb", unrarLists, "v", unrarLists, "vt", unrarLists, "vta", unrarLists, "vb", unrarLists,
			"t", unrarLists, "p", unrarLists),
			Flagged:  []string{"unrar x a.rar", "unrar x a.rar .claude/", "unrar e -o+ a.rar", "unrar x a.rar ~/"},
			ReadOnly: []string{"unrar l a.rar", "unrar lb a.rar", "unrar t a.rar", "unrar p -inul a.rar README"}},

		// dpkg-deb: -x/-X/-R unpack ARCHIVE into DIR (-R with its control
		// files), -e/--control the control files into DIR (./DEBIAN when
		// none); -c, -I, -f, -W and --fsys-tarfile list or print; -b
		// builds a package from a directory.
		&Spec{Names: n("dpkg-deb"), Permute: true, Operands: "r e?",
			Options: "-x:e --extract:e -X:e --vextract:e -R:e --raw-extract:e -e:e --control:e -b:w --build:w -c --contents -I --info -f --field -W --show " +
				"--fsys-tarfile --ctrl-tarfile -D --debug -v --verbose --showformat= -z= -Z= -S= --root-owner-group --deb-format= --nocheck --uniform-compression " +
				"--threads-max= -? --help:h --version:h",
			Flagged:  []string{"dpkg-deb -x pkg.deb .claude", "dpkg-deb -R pkg.deb ~/.config/x", "dpkg-deb -e pkg.deb .git/hooks", "dpkg-deb -x pkg.deb .", "dpkg-deb -b pkgdir out.deb"},
			ReadOnly: []string{"dpkg-deb -c pkg.deb", "dpkg-deb -I pkg.deb", "dpkg-deb --fsys-tarfile pkg.deb", "dpkg-deb -f pkg.deb Version", "dpkg-deb -W pkg.deb"}},

		// cabextract unpacks into the working directory or -d DIR; -l
		// lists, -t tests, -p prints.
		&Spec{Names: n("cabextract"), Effect: Unpack, Permute: true, Operands: "r*",
			Options:  "-d=e --directory=e -l:L --list:L -t:L --test:L -p:L --pipe:L -f --fix -F= --filter= -q --quiet -L --lowercase -e= --encoding= -s --single -k --keep-symlinks -v:h --version:h -h:h --help:h",
			Flagged:  []string{"cabextract x.cab", "cabextract -d .claude x.cab", "cabextract --directory=$HOME/.config x.cab"},
			ReadOnly: []string{"cabextract -l x.cab", "cabextract -t x.cab", "cabextract -p -F README x.cab"}},

		// lha KEY ARCHIVE [FILE…]: x and e unpack into the working
		// directory, l, v and t list or test. A key with modifiers (xw=DIR,
		// xq) is not declared, so unknown.
		&Spec{Names: n("lha", "lhasa"), Subcommands: subs(
			"x", &Spec{Effect: Unpack, Operands: "r -*"}, "e", &Spec{Effect: Unpack, Operands: "r -*"},
			"l", &Spec{Operands: "r -*"}, "v", &Spec{Operands: "r -*"}, "t", &Spec{Operands: "r -*"}),
			Flagged: []string{"lha x a.lzh", "lha xw=.claude a.lzh"}, ReadOnly: []string{"lha l a.lzh", "lha t a.lzh"}},

		// arj CMD [-SWITCH…] ARCHIVE [FILE…] [DEST/]: e and x unpack into
		// the working directory or DEST/ (each word after the archive is
		// taken for a directory written); -ht sets the destination. a adds
		// files to an archive; l, v and t list or test; p prints.
		&Spec{Names: n("arj"), Subcommands: subs(
			"x", &Spec{Effect: Unpack, Permute: true, Loose: true, Operands: "r e*", Options: "-h?u -y -i"},
			"e", &Spec{Effect: Unpack, Permute: true, Loose: true, Operands: "r e*", Options: "-h?u -y -i"},
			"a", &Spec{Effect: Write, Permute: true, Loose: true, Operands: "w r*"}, "u", &Spec{Effect: Write, Permute: true, Loose: true, Operands: "w r*"},
			"d", &Spec{Effect: Write, Permute: true, Loose: true, Operands: "w -*"},
			"l", &Spec{Operands: "r -*"}, "v", &Spec{Operands: "r -*"}, "t", &Spec{Operands: "r -*"}, "p", &Spec{Prints: true, Operands: "r -*"}),
			Flagged:  []string{"arj x a.arj", "arj e a.arj .git/hooks/", "arj a out ~/.ssh/id_rsa", "arj x -ht/tmp a.arj"},
			ReadOnly: []string{"arj l a.arj", "arj t a.arj", "arj p a.arj README"}},

		// zstd and lz4 write FILE.zst / FILE (or -o FILE, or lz4's second
		// operand) and, with --rm, delete the input.
		&Spec{Names: n("zstd", "unzstd"), Code: Code{Decodes: true}, Effect: Write, Permute: true, Numeric: true, NumericBundles: true, Operands: "r*", Prints: true, PrintsWith: "-c --stdout",
			ReadWith: "-c --stdout -l --list -t --test -dc -cd -tv -lv",
			Options: "-o=w --output-dir-flat=w --output-dir-mirror=w --rm:D -c --stdout -d --decompress --uncompress -z --compress -l --list -t --test -f --force -k --keep " +
				"-q --quiet -v --verbose -r -T= --threads= -M= --memory= -D=r --ultra --long? --fast? --adapt? -B= --no-progress --no-check -C --check --format= --sparse --no-sparse " +
				"--filelist=r --exclude-compressed --trace=w --patch-from=r --train:u -b? -e? -i? -S -H -q -V:h --version:h -h:h --help:h -L:h",
			Flagged:  []string{"zstd big.log", "zstd -d x.zst -o ~/.bashrc", "zstd -d --output-dir-flat .git/hooks x.zst", "zstd --rm big.log"},
			ReadOnly: []string{"zstd -l x.zst", "zstd -t x.zst", "zstd -dc x.zst"}},
		&Spec{Names: n("lz4", "unlz4"), Effect: Write, Permute: true, Numeric: true, NumericBundles: true, Operands: "r w?", Prints: true, PrintsWith: "-c --stdout",
			ReadWith: "-c --stdout -t --test --list -dc -cd",
			Options: "-c --stdout -d --decompress --uncompress -z --compress -t --test --list -f --force -k --keep --rm:D -m:R --multiple:R -r -q --quiet -v --verbose " +
				"-B? -BD -BX --no-frame-crc --content-size --no-content-size --sparse --no-sparse -l --best --fast? -T= -V:h --version:h -h:h --help:h -H:h",
			Flagged:  []string{"lz4 big.log", "lz4 -d x.lz4 .git/hooks/pre-commit", "lz4 -d x.lz4 ~/.bashrc"},
			ReadOnly: []string{"lz4 -t x.lz4", "lz4 -dc x.lz4", "lz4 --list x.lz4"}},
	)
})

const unrarSwitches = "-y -r -inul -idq -idc -idd -idp -idn -p- -c- -cl -cu -av- -ai -v -kb -ts -ol -or"

// unrarLists is unrar's listing, testing and printing commands;
// unrarUnpacks its e and x.
var (
	unrarLists   = &Spec{Permute: true, LongDash: true, Prints: true, Operands: "r -*", Options: unrarSwitches}
	unrarUnpacks = &Spec{Effect: Unpack, Permute: true, LongDash: true, Operands: "r e*", Options: unrarSwitches + " -o+ -o- -ad -ad1 -ad2 -ep -ep1 -ep2 -ep3"}
)
