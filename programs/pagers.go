package programs

// Pagers and manual readers. Their interactive commands (!cmd, |cmd, v)
// need a terminal, which an agent's shell does not have; the options that
// run commands without one are declared.

var _ = family("pagers", func(add func(...*Spec)) {
	add(
		&Spec{Names: n("less", "zless", "lessfile"), Flow: Flow{Whole: true, Examples: []string{"printenv | less"}}, Grant: Grant{Exact: true, Offers: []string{"less x => Bash(less x)"}}, Prints: true, Permute: true, Operands: "r*",
			// +CMD and -p/--pattern run less commands at start-up
			// (+!sh runs a shell); -o/--log-file and -O write a file;
			// -k/--lesskey-file loads key bindings that may run commands.
			Lang: LangLess, Options: "+?k -? --help:h -V --version:h -a --search-skip-screen -A --SEARCH-SKIP-SCREEN -b= --buffers= -B --auto-buffers -c --clear-screen -C --CLEAR-SCREEN " +
				"-d --dumb -D= --color= -e --quit-at-eof -E --QUIT-AT-EOF -f --force -F --quit-if-one-screen -g --hilite-search -G --HILITE-SEARCH -h= --max-back-scroll= " +
				"-i --ignore-case -I --IGNORE-CASE -j= --jump-target= -J --status-column -k=l --lesskey-file=l --lesskey-src=l -K --quit-on-intr -L --no-lessopen -m --long-prompt " +
				"-M --LONG-PROMPT -n --line-numbers -N --LINE-NUMBERS -o=w --log-file=w -O=w --LOG-FILE=w -p= --pattern= -P= --prompt= -q --quiet --silent -Q --QUIET --SILENT " +
				"-r --raw-control-chars -R --RAW-CONTROL-CHARS -s --squeeze-blank-lines -S --chop-long-lines -t= --tag= -T=r --tag-file=r -u --underline-special -U --UNDERLINE-SPECIAL " +
				"-w --hilite-unread -W --HILITE-UNREAD -x= --tabs= -X --no-init -y= --max-forw-scroll= -z= --window= --mouse --wheel-lines= --use-color --incsearch --line-num-width= " +
				"--status-col-width= --follow-name --header= --no-number-headers --no-keypad --no-histdups --redraw-on-quit --rscroll= --save-marks --search-options= --exit-follow-on-close",
			ReadOnly: []string{"less README.md", "less -R build.log", "less -N +G f"},
			Flagged:  []string{"less +'!sh' README.md", "less -o /tmp/log f", "less --log-file=.bashrc f", "less -k keys f", "less '+|sh' f"}},
		&Spec{Names: n("more", "zmore"), Flow: Flow{Whole: true, Examples: []string{"printenv | more"}}, Grant: Grant{Exact: true, Offers: []string{"more x => Bash(more x)"}}, Prints: true, Permute: true, Operands: "r*",
			Lang: LangLess, Options: "+?k -d -l -f -p -c -s -u -n= --lines= --silent --logical --no-pause --print-over --clean-print --squeeze --plain --help:h -V --version:h",
			ReadOnly: []string{"more README.md"}, Flagged: []string{"more +'!sh' f"}},
		&Spec{Names: n("bat", "batcat"), Flow: Flow{Whole: true, Examples: []string{"env | bat"}}, Prints: true, Permute: true, Operands: "r*",
			// --pager runs a command; --config-file may name one.
			Options: "-A --show-all -p --plain -l= --language= -H= --highlight-line= --file-name= -d --diff --diff-context= --tabs= --wrap= -S --chop-long-lines -n --number " +
				"--color= --italic-text= --decorations= -f --force-colorization --paging= --pager=x -m= --map-syntax= --ignored-suffix= --theme= --list-themes --squeeze-blank " +
				"--style= -r= --line-range= -L --list-languages -u --unbuffered --completion= --acknowledgements --set-terminal-title --config-file --config-dir --cache-dir -h --help:h -V --version:h",
			ReadOnly: []string{"bat src/main.go"}, Flagged: []string{"bat --pager='sh -c id' f"}},
		&Spec{Names: n("zcat", "gzcat", "bzcat", "xzcat", "zstdcat", "lzcat"), Code: Code{Decodes: true}, Prints: true, Permute: true, Operands: "r*", Options: "-f --force -q --quiet -v --verbose -S= --suffix= -k -c" + gnu},
		&Spec{Names: n("man"), PrintsReads: true, Grant: Grant{Exact: true, Offers: []string{"man x => Bash(man x)"}}, Permute: true, Operands: "f*",
			// -C names a configuration file (which may set the pager or
			// any formatter); -P/--pager, -H/--html run a command; -l
			// and operands with a slash read files; -p names
			// preprocessors; -t and -T run troff.
			Options: "-C=u --config-file=u -d --debug -D --default --warnings? -f --whatis -k --apropos -K --global-apropos -l:R --local-file:R -w --where --path -W --where-cat --location-cat " +
				"-c --catman -R= --recode= -L= --locale= -m= --systems= -M= --manpath= -S= -s= --sections= -e= --extension= -i --ignore-case -I --match-case --regex --wildcard --names-only " +
				"-a --all -u --update --no-subpages -P|--pager=x -r= --prompt= -7 --ascii -E= --encoding= --no-hyphenation --nh --no-justification --nj -p|--preprocessor=u " +
				"-t:u --troff -T?u --troff-device?u -H|--html?x -X? --gxditview? -Z --ditroff -h --help:h -V --version:h",
			ReadOnly: []string{"man ls", "man 5 crontab", "man -k printf"},
			Flagged:  []string{"man -C /tmp/evil.conf ls", "man -P 'sh -c id' ls", "man --pager='sh -c id' ls", "man -H'sh -c id' ls", "man --html='sh -c id' ls", "man -l ~/.ssh/id_rsa"}},
	)
})
