package programs

// grepOpts are GNU grep's options.
const grepOpts = "-E|--extended-regexp -F|--fixed-strings -G|--basic-regexp -P|--perl-regexp -e|--regexp=:P -f|--file=r:P -i|-y|--ignore-case --no-ignore-case -v|--invert-match " +
	"-w|--word-regexp -x|--line-regexp -c|--count --color|--colour? -L|--files-without-match -l|--files-with-matches -m|--max-count= -o|--only-matching -q|--quiet|--silent " +
	"-s|--no-messages -b|--byte-offset -H|--with-filename -h|--no-filename --label= -n|--line-number -T|--initial-tab -Z|--null -z|--null-data -A|--after-context= " +
	"-B|--before-context= -C|--context= -a|--text --binary-files= -D|--devices= -d|--directories= --exclude= --exclude-from=r --exclude-dir= -I --include= -r|--recursive " +
	"-R|--dereference-recursive -U|--binary --line-buffered" + gnu

var _ = family("search", func(add func(...*Spec)) {
	add(
		&Spec{Names: n("grep", "egrep", "fgrep", "zgrep", "zegrep", "zfgrep"), Number: "--count", Flow: Flow{Here: true, Names: NamesFiltered, NamesOwn: "-l", Trees: "-r -R --recursive --dereference-recursive -d=recurse --directories=recurse", Follows: "-R --dereference-recursive", Inverts: "-v --invert-match", Examples: []string{"env | grep -v PATH"}}, Prints: true, Abbrev: true, Permute: true, Numeric: true, NumericBundles: true, PrintsNot: "-c -q -l -L", Options: grepOpts, Operands: "- r*",
			ReadOnly: []string{"grep -rn TODO src", "grep -e foo -e bar f", "grep --color=auto -i x f"},
			Flagged:  []string{"grep --bogus x f", "grep -r password ~/.aws"}},
		// -z/--search-zip runs the decompressors zcat and zgrep run (gzip,
		// xz, zstd, …) on the files rg reads: a read, as theirs is.
		&Spec{Names: n("rg"), Number: "-c --count", Flow: Flow{Here: true, Names: NamesFiltered, NamesOwn: "-l --files-with-matches --files", Trees: "*", Follows: "-L --follow", Inverts: "-v --invert-match", Examples: []string{"env | rg -v PATH"}}, Prints: true, PrintsNot: "-c --count --count-matches -q --quiet -l --files-with-matches --files-without-match", Permute: true, Operands: "- r*",
			// --pre runs a program on every file searched.
			Options: "-e=:P --regexp=:P -f=r:P --file=r:P -A= -B= -C= --after-context= --before-context= --context= -a --text -b --byte-offset -c --count --count-matches " +
				"--color= --colors= --column --no-column -E= --encoding= -F --fixed-strings -g= --glob= --iglob= -H --with-filename -I --no-filename -i --ignore-case " +
				"-j= --threads= -l --files-with-matches --files-without-match -L --follow -M= --max-columns= -m= --max-count= --max-depth= -d= --max-filesize= -n --line-number " +
				"-N --no-line-number -o --only-matching -p --pretty -q --quiet -r= --replace= -s --case-sensitive -S --smart-case --sort= --sortr= -t= --type= -T= --type-not= " +
				"--type-list --type-add= --type-clear= -u -uu -uuu --unrestricted -v --invert-match -w --word-regexp -x --line-regexp -z --search-zip -0 --null --json " +
				"--hidden --no-hidden --no-ignore --no-ignore-vcs --no-ignore-dot --no-ignore-parent --no-ignore-global --no-ignore-exclude --no-ignore-files --ignore-file=r " +
				"--files --heading --no-heading --trim --vimgrep --stats --passthru --multiline -U --multiline-dotall --pcre2 -P --engine= --no-messages --one-file-system " +
				"--line-buffered --block-buffered --crlf --no-config --debug --trace --path-separator= --max-columns-preview --glob-case-insensitive --binary --no-require-git " +
				"--pre=x --pre-glob= --sort-files --field-match-separator= --field-context-separator= --context-separator= --no-context-separator --dfa-size-limit= --regex-size-limit= " +
				"--auto-hybrid-regex --no-unicode --null-data --include-zero --unicode --quiet -h --help:h -V --version:h",
			ReadOnly: []string{"rg TODO", "rg -n --hidden foo src"},
			Flagged:  []string{"rg --pre ./x.sh pattern", "rg --pre=sh x"}},
		&Spec{Names: n("ag", "ack"), Flow: Flow{Trees: "*", Follows: "-f --follow", Here: true}, Prints: true, PrintsNot: "-c --count -l --files-with-matches -L --files-without-matches", Permute: true, Operands: "- r*",
			Options: "-i -s -S -w -v -l -L -c -o -Q -G= -g= --ignore= --ignore-dir= --ignore-case --case-sensitive --smart-case --literal --word-regexp --invert-match " +
				"--files-with-matches --files-without-matches --count --nocolor --color --noheading --heading --hidden --skip-vcs-ignores -u --unrestricted -A= -B= -C= --column " +
				"-f --follow --depth= --max-count= -m= --vimgrep --nobreak --nogroup --group -t= --type= -k --no-filename -h -H --with-filename -n --norecurse -r -R --help:h --version:h"},
	)
})
