package programs

// Archivers write what they extract; options that run a program (tar -I,
// --to-command, --checkpoint-action=exec, zip -TT, 7z's none) are exec.

var _ = family("archivers", func(add func(...*Spec)) {
	add(
		// tar: the short options are declared in full, so that a bundle
		// (-xzvf) is read to its end; -x unpacks into -C or the working
		// directory.
		// GNU tar takes unique prefixes of long options: the real options
		// that are prefixes of declared ones are declared (--file,
		// --exclude, --checkpoint) so that they are not read as those.
		&Spec{Names: n("tar", "gtar"), Flow: Flow{Copies: true, Trees: "*", Examples: []string{"tar czf /tmp/x.tgz ~/.aws"}}, Grant: Grant{ExactWith: "*to-command* *checkpoint-action* *use-compress-program* -I -T -TT --unzip-command* -F*", Offers: []string{"tar to-command x => Bash(tar to-command x)"}}, Effect: Write, Permute: true, OldStyle: true, Operands: "-*", Loose: true, Abbrev: true,
			ReadWith: "-t --list -tf -tzf -tjf -tJf -tvf -tvzf -ztf -tzvf t tf tzf tvf tvzf",
			Options: "-I|--use-compress-program=x --to-command=x --checkpoint-action=x --rsh-command=x -F|--info-script|--new-volume-script=x --rmt-command=x " +
				"-T=r --files-from=r -X=r --exclude-from=r -C=e --directory=e -x:e --extract:e --get:e -f= --file= " +
				"-A -c:R --create:R -d -r:R --append:R -t --list -u:R --update:R -a -B -b= -g= -G -h -H= -i -j -J -k -K= -l -L= -m -M -n -N= -o -O -p -P:A --absolute-names:A -R -s -S -U -v -V= -w -W -z -Z " +
				"--transform=u --xform=u " +
				"--help:h --version:h --usage:h " +
				// Files tar writes in every mode, listing included.
				"--index-file=w --volno-file=w --exclude= --checkpoint? " +
				// Long options that only select, name or format what is read.
				"--wildcards --no-wildcards --anchored --no-anchored --ignore-case --recursion --no-recursion --strip-components= --verbose --full-time --utc --numeric-owner " +
				"--no-same-owner --no-same-permissions --show-transformed-names --totals? --warning= --exclude-vcs --exclude-vcs-ignores --exclude-caches --gzip --gunzip --bzip2 --xz --zstd --lzma --auto-compress " +
				"--transform= --xform= --occurrence? --blocking-factor= --record-size= --format= --null --verbatim-files-from --quiet --to-stdout --list --extract --get --create --force-local " +
				// --remove-files deletes what was archived.
				"--remove-files:D",
			Flagged: []string{"tar -cf /tmp/docs.tar --remove-files ~/Documents", "tar -tf backup@db.example:/srv/x.tar", "tar -tvf x.tar --index-file=$HOME/.bashrc", "tar -tf x.tar --to-comm='sh -c id'", "tar --to-command='sh -c id' -xf x.tar", "tar -I 'sh -c id' -xf x.tar", "tar --checkpoint=1 --checkpoint-action=exec=id -cf x.tar .", "tar -xzf deps.tgz -C vendor",
				"tar xzf x.tgz -C ~/.config", "tar -xf x.tar", "tar -xPf x.tar", "tar -xf x.tar --transform 's,^,/tmp/,'", "tar czf keys.tgz ~/.ssh", "tar -rf x.tar ~/.aws/credentials"},
			ReadOnly: []string{"tar -tf x.tar", "tar tzf x.tgz", "tar -tf backup@db.example:/srv/x.tar --force-local"}},
		// zip's options are single-dash names (-TT, -tt): LongDash.
		&Spec{Names: n("zip"), Flow: Flow{Copies: true, Trees: "*", Examples: []string{"zip -r /tmp/x.zip ~/.aws"}}, Grant: Grant{ExactWith: "*to-command* *checkpoint-action* *use-compress-program* -I -T -TT --unzip-command* -F*", Offers: []string{"zip to-command x => Bash(zip to-command x)"}}, Effect: Write, Permute: true, LongDash: true, Operands: "w r*", Loose: true, Abbrev: true,
			Options: "-TT=x --unzip-command=x -b= -n= -t= -tt= -x= -i= -O=w --output-file=w -P= --password= -Z= -s= -h:h --help:h -v:h",
			Flagged: []string{"zip -r out.zip src -T --unzip-comm='sh -c id #'", "zip x.zip f -T -TT 'sh -c id #'", "zip -r out.zip src"}},
		&Spec{Names: n("unzip"), Effect: Unpack, Permute: true, Operands: "-*", Loose: true, ReadWith: "-l -t -v -Z -p -c",
			// The reading modes' options are declared (-l, -t, -p, quiet,
			// case, password): in them an undeclared one is unknown.
			Options: "-d=e -h:h --help:h -l -t -v -Z -p -c -z -q -qq -a -aa -b -C -L -j -x -P= -o -n -f -u",
			Flagged: []string{"unzip -o x.zip -d ~/", "unzip -o x.zip -d .git/hooks", "unzip x.zip"}, ReadOnly: []string{"unzip -l x.zip"}},
		&Spec{Names: n("gzip", "gunzip", "bzip2", "bunzip2", "xz", "unxz", "lzma", "unlzma", "brotli"), Effect: Write, Permute: true, Operands: "r*", Loose: true, Abbrev: true,
			// The options the reading modes (-c, -l, -t) take are declared: an
			// undeclared one there makes the call unknown.
			ReadWith: "-c --stdout -l --list -t --test -dc -cd -tv", Numeric: true,
			Options: "-h:h --help:h -V:h --version:h -L:h --files?u --files0?u --filelist=u " +
				"-c --stdout --to-stdout -d --decompress --uncompress -z --compress -f --force -k --keep -l --list -t --test -v --verbose -q --quiet -n --no-name -N --name " +
				"-r --recursive -S= --suffix= --fast --best --rsyncable -T= --threads= -e --extreme -F= --format= -C= --check= -M= --memlimit= --single-stream --no-sparse " +
				"-s --small --long? --ultra -D=r --rm:u -o=w --output=w --no-progress --progress --sparse",
			Flagged: []string{"gzip big.log", "xz -c --files=list.txt"}},
		&Spec{Names: n("7z", "7za", "7zr"), Flow: Flow{Copies: true, Trees: "*", Examples: []string{"7z a /tmp/x.7z ~/.aws"}}, Options: "-h:h --help:h", Subcommands: subs(
			"l", &Spec{Effect: None, Permute: true, Operands: "r*", Options: "-slt -ba -p= -t= -r -y -bso0 -bsp0"},
			"t", &Spec{Effect: None, Permute: true, Operands: "r*", Options: "-p= -t= -r -y"},
			"x", &Spec{Effect: Unpack, Operands: "-*", Permute: true, Loose: true, Options: "-o?e"}, "e", &Spec{Effect: Unpack, Operands: "-*", Permute: true, Loose: true, Options: "-o?e"},
			"a", &Spec{Effect: Write, Operands: "w r*", Loose: true}, "u", &Spec{Effect: Write, Operands: "w r*", Loose: true},
			"d", &Spec{Effect: Delete, Operands: "-*", Loose: true}),
			Flagged: []string{"7z x archive.7z -o/tmp/out"}},
		// dd's operands are KEY=VALUE words, judged as dd "code": a key dd
		// does not have is unknown.
		&Spec{Names: n("dd"), Grant: Grant{Exact: true, Offers: []string{"dd x => Bash(dd x)"}}, NoOptions: true, Operands: "c*", Lang: "dd", ReadOnly: []string{"dd if=disk.img count=1", "dd --help"},
			Flagged: []string{"dd if=x of=y", "dd --frobnicate", "dd foo=bar if=x"}},
		&Spec{Names: n("split"), Prints: true, Effect: Write, Permute: true, Operands: "r? -?", Loose: true, Abbrev: true,
			Options: "-a= --suffix-length= --additional-suffix= -b= --bytes= -C= --line-bytes= -l= --lines= -n= --number= -t= --separator= --help:h --version:h --filter=x",
			Flagged: []string{"split --filt='sh -c id' data.csv", "split -l 100 data.csv part_", "split --filter='sh -c id' f"}},
		&Spec{Names: n("csplit"), Prints: true, Effect: Write, Permute: true, Operands: "r -*", Loose: true, Abbrev: true,
			// The pieces are named -f PREFIX and -b FORMAT (shell/effects.go).
			Options: "-b= --suffix-format= -f= --prefix= -n= --digits= --help:h --version:h",
			Flagged: []string{"csplit notes.md 2", "csplit -s -f ~/.bash -b 'rc%.0d' notes.md 2"}},
	)
})
