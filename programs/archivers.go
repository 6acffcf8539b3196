package programs

// Archivers write what they extract; options that run a program (tar -I,
// --to-command, --checkpoint-action=exec, zip -TT, 7z's none) are exec.

var _ = family("archivers", func(add func(...*Spec)) {
	add(
		// tar: the short options are declared in full, so that a bundle
		// (-xzvf) is read to its end; -x unpacks into -C or the working
		// directory.
		// GNU tar takes unique prefixes of long options: every option tar
		// 1.34 --help lists is declared, each short spelling with its long
		// ones (-x|--extract|--get), so that a prefix is unique here only
		// where it is to tar (--di is ambiguous: --diff, --directory).
		&Spec{Names: n("tar", "gtar"), Files: Files{Archive: "--file", ArchiveWrites: "--create --append --update --catenate", RemoteUnless: "--force-local"}, Flow: Flow{Copies: true, Packs: true, Trees: "*", Follows: "--dereference", Examples: []string{"tar czf /tmp/x.tgz ~/.aws"}}, Grant: Grant{ExactWith: "*to-command* *checkpoint-action* *use-compress-program* -I -T -TT --unzip-command* -F*", Offers: []string{"tar to-command x => Bash(tar to-command x)"}}, Effect: Write, Permute: true, OldStyle: true, Operands: "-*", Loose: true, Abbrev: true,
			ReadWith: "-t --list -tf -tzf -tjf -tJf -tvf -tvzf -ztf -tzvf t tf tzf tvf tvzf",
			// Options that run a program; files tar writes in every mode,
			// listing included; --remove-files deletes what was archived;
			// then the modes, what is read and how, and where it is written.
			Options: "-I|--use-compress-program=x -F|--info-script|--new-volume-script=x --to-command=x --checkpoint-action=x --rsh-command=x --rmt-command=x " +
				"-g|--listed-incremental=w --index-file=w --volno-file=w " +
				"--remove-files:D " +
				"-T|--files-from=r -X|--exclude-from=r -C|--directory=e -x|--extract|--get:e " +
				"-f|--file= -A|--catenate|--concatenate -c|--create:R -d|--diff|--compare -r|--append:R -t|--list -u|--update:R -a|--auto-compress " +
				"-B|--read-full-records -b|--blocking-factor= -G|--incremental -h|--dereference -H|--format= -i|--ignore-zeros -j|--bzip2 -J|--xz -k|--keep-old-files " +
				"-K|--starting-file= -l|--check-links -L|--tape-length= -m|--touch -M|--multi-volume -n|--seek -N|--newer= -o -O|--to-stdout " +
				"-p|--preserve-permissions|--same-permissions -P|--absolute-names:A -R|--block-number -s|--preserve-order|--same-order -S|--sparse -U|--unlink-first " +
				"-v|--verbose -V|--label= -w|--interactive -W|--verify -z|--gzip|--gunzip|--ungzip -Z|--compress|--uncompress --transform|--xform=u --help:h " +
				"--version:h --usage:h --exclude= --checkpoint? --wildcards --no-wildcards --anchored --no-anchored --ignore-case --recursion --no-recursion " +
				"--strip-components= --full-time --utc --numeric-owner --no-same-owner --no-same-permissions --show-transformed-names --totals? --warning= " +
				"--exclude-vcs --exclude-vcs-ignores --exclude-caches --zstd --lzma --occurrence? --record-size= --null --verbatim-files-from --force-local " +
				"--delete --test-label --check-device --hole-detection= --ignore-failed-read --level= --no-check-device --no-seek --sparse-version= --add-file= " +
				"--exclude-backups --exclude-caches-all --exclude-caches-under --exclude-ignore= --exclude-ignore-recursive= --exclude-tag= --exclude-tag-all= " +
				"--exclude-tag-under= --no-null --no-unquote --no-verbatim-files-from --unquote --no-ignore-case --no-wildcards-match-slash --wildcards-match-slash " +
				"--keep-directory-symlink --keep-newer-files --no-overwrite-dir --one-top-level? --overwrite --overwrite-dir --recursive-unlink --skip-old-files " +
				"--ignore-command-error --no-ignore-command-error --atime-preserve? --clamp-mtime --delay-directory-restore --group= --group-map= --mode= --mtime= " +
				"--no-delay-directory-restore --owner= --owner-map= --same-owner --sort= --acls --no-acls --no-selinux --no-xattrs --selinux --xattrs --xattrs-exclude= " +
				"--xattrs-include= --old-archive|--portability --pax-option= --posix --lzip --lzop --no-auto-compress --backup? --hard-dereference --newer-mtime= " +
				"--one-file-system --suffix= --no-quote-chars= --quote-chars= --quoting-style= --show-defaults --show-omitted-dirs --show-snapshot-field-ranges " +
				"--restrict",
			Flagged: []string{"tar -cf /tmp/docs.tar --remove-files ~/Documents", "tar -tf backup@db.example:/srv/x.tar", "tar -tvf x.tar --index-file=$HOME/.bashrc", "tar -tf x.tar --to-comm='sh -c id'", "tar --to-command='sh -c id' -xf x.tar", "tar -I 'sh -c id' -xf x.tar", "tar --checkpoint=1 --checkpoint-action=exec=id -cf x.tar .", "tar -xzf deps.tgz -C vendor",
				"tar xzf x.tgz -C ~/.config", "tar -xf x.tar", "tar -xPf x.tar", "tar -xf x.tar --transform 's,^,/tmp/,'", "tar czf keys.tgz ~/.ssh", "tar -rf x.tar ~/.aws/credentials"},
			ReadOnly: []string{"tar -tf x.tar", "tar tzf x.tgz", "tar -tf backup@db.example:/srv/x.tar --force-local"}},
		// zip's options are single-dash names (-TT, -tt): LongDash.
		&Spec{Names: n("zip"), Flow: Flow{Copies: true, Packs: true, Trees: "*", Follows: "*", FollowsNot: "--symlinks", Examples: []string{"zip -r /tmp/x.zip ~/.aws"}}, Grant: Grant{ExactWith: "*to-command* *checkpoint-action* *use-compress-program* -I -T -TT --unzip-command* -F*", Offers: []string{"zip to-command x => Bash(zip to-command x)"}}, Effect: Write, Permute: true, LongDash: true, Operands: "w r*", Loose: true, Abbrev: true,
			Options: "-TT=x --unzip-command=x -b= -n= -t= -tt= -x= -i= -O=w --output-file=w -P= --password= -Z= -s= -y|--symlinks -h:h --help:h -v:h",
			Flagged: []string{"zip -r out.zip src -T --unzip-comm='sh -c id #'", "zip x.zip f -T -TT 'sh -c id #'", "zip -r out.zip src"}},
		&Spec{Names: n("unzip"), Effect: Unpack, Permute: true, Operands: "-*", Loose: true, ReadWith: "-l -t -v -Z -p -c",
			// The reading modes' options are declared (-l, -t, -p, quiet,
			// case, password): in them an undeclared one is unknown.
			Options: "-d=e -h:h --help:h -l -t -v -Z -p -c -z -q -qq -a -aa -b -C -L -j -x -P= -o -n -f -u",
			Flagged: []string{"unzip -o x.zip -d ~/", "unzip -o x.zip -d .git/hooks", "unzip x.zip"}, ReadOnly: []string{"unzip -l x.zip"}},
		// With -c the file, compressed or not, goes to standard output: an
		// encoding launders nothing (R14).
		&Spec{Names: n("gzip", "gunzip", "bzip2", "bunzip2", "xz", "unxz", "lzma", "unlzma", "brotli"), Code: Code{Decodes: true}, Effect: Write, Permute: true, Operands: "r*", Loose: true, Abbrev: true,
			Prints: true, PrintsWith: "-c --stdout --to-stdout",
			// The options the reading modes (-c, -l, -t) take are declared: an
			// undeclared one there makes the call unknown.
			ReadWith: "-c --stdout -l --list -t --test -dc -cd -tv", Numeric: true, NumericBundles: true,
			Options: "-h:h --help:h -V:h --version:h -L:h --files?u --files0?u --filelist=u " +
				"-c --stdout --to-stdout -d --decompress --uncompress -z --compress -f --force -k --keep -l --list -t --test -v --verbose -q --quiet -n --no-name -N --name " +
				"-r --recursive -S= --suffix= --fast --best --rsyncable -T= --threads= -e --extreme -F= --format= -C= --check= -M= --memlimit= --single-stream --no-sparse " +
				"-s --small --long? --ultra -D=r --rm:u -o=w --output=w --no-progress --progress --sparse",
			Flagged: []string{"gzip big.log", "xz -c --files=list.txt"}},
		&Spec{Names: n("7z", "7za", "7zr"), Flow: Flow{Copies: true, Packs: true, Trees: "*", Examples: []string{"7z a /tmp/x.7z ~/.aws"}}, Options: "-h:h --help:h", Subcommands: subs(
			"l", &Spec{Effect: None, Permute: true, Operands: "r*", Options: "-slt -ba -p= -t= -r -y -bso0 -bsp0"},
			"t", &Spec{Effect: None, Permute: true, Operands: "r*", Options: "-p= -t= -r -y"},
			"x", &Spec{Effect: Unpack, Operands: "-*", Permute: true, Loose: true, Options: "-o?e"}, "e", &Spec{Effect: Unpack, Operands: "-*", Permute: true, Loose: true, Options: "-o?e"},
			"a", &Spec{Effect: Write, Operands: "w r*", Loose: true}, "u", &Spec{Effect: Write, Operands: "w r*", Loose: true},
			"d", &Spec{Effect: Delete, Operands: "-*", Loose: true}),
			Flagged: []string{"7z x archive.7z -o/tmp/out"}},
		// dd's operands are KEY=VALUE words, judged as dd "code": a key dd
		// does not have is unknown.
		// dd copies if= to standard output or to a file of the agent's
		// choosing: either way the bytes are the agent's to see.
		&Spec{Names: n("dd"), Files: Files{Keys: "if=r of=w"}, Fills: FillsFiles, Prints: true, Grant: Grant{Exact: true, Offers: []string{"dd x => Bash(dd x)"}}, NoOptions: true, Operands: "c*", Lang: LangDD, ReadOnly: []string{"dd if=disk.img count=1", "dd --help"},
			Flagged: []string{"dd if=x of=y", "dd --frobnicate", "dd foo=bar if=x"}},
		&Spec{Names: n("split"), Prints: true, Effect: Write, Permute: true, Operands: "r? -?", Loose: true, Abbrev: true,
			Options: "-a= --suffix-length= --additional-suffix= -b= --bytes= -C= --line-bytes= -l= --lines= -n= --number= -t= --separator= --help:h --version:h --filter=x",
			Flagged: []string{"split --filt='sh -c id' data.csv", "split -l 100 data.csv part_", "split --filter='sh -c id' f"}},
		&Spec{Names: n("csplit"), Prints: true, Effect: Write, Permute: true, Operands: "r -*", Loose: true, Abbrev: true,
			Files:   Files{Pieces: &Pieces{Prefix: "--prefix", Format: "--suffix-format", Digits: "--digits", DefaultPrefix: "xx", DefaultFormat: "%02d"}},
			Options: "-b|--suffix-format= -f|--prefix= -n|--digits= -k|--keep-files -s|-q|--quiet|--silent -z|--elide-empty-files --suppress-matched --help:h --version:h",
			Flagged: []string{"csplit notes.md 2", "csplit -s -f ~/.bash -b 'rc%.0d' notes.md 2", "csplit --pre ~/.bash --suffix-f 'rc%.0d' notes.md 2"}},
	)
})
