package programs

// gnu are the options every GNU program accepts.
const gnu = " --help:h --version:h"

var _ = family("coreutils", func(add func(...*Spec)) {
	add(
		&Spec{Names: n("cat"), Fills: FillsOutput, Code: Code{Transform: "same"}, Flow: Flow{Whole: true, Examples: []string{"env | cat"}}, Prints: true, Abbrev: true, Permute: true, Operands: "r*",
			Options:  "-A|--show-all -b|--number-nonblank -e -E|--show-ends -n|--number -s|--squeeze-blank -t -T|--show-tabs -u -v|--show-nonprinting" + gnu,
			ReadOnly: []string{"cat README.md", "cat -n a b", "cat --help"},
			Flagged:  []string{"cat --bogus x"}},
		&Spec{Names: n("tac"), Prints: true, Abbrev: true, Permute: true, Operands: "r*",
			Options: "-b -r -s= --before --regex --separator=" + gnu},
		&Spec{Names: n("nl"), Flow: Flow{Whole: true, Examples: []string{"env | nl"}}, Prints: true, Abbrev: true, Permute: true, Operands: "r*",
			Options: "-b= -d= -f= -h= -i= -l= -n= -p -s= -v= -w= --body-numbering= --section-delimiter= --footer-numbering= --header-numbering= --line-increment= --join-blank-lines= --number-format= --no-renumber --number-separator= --starting-line-number= --number-width=" + gnu},
		&Spec{Names: n("head"), Fills: FillsOutput, Flow: Flow{Names: NamesFiltered, Whole: true, Examples: []string{"env | head"}}, Prints: true, Abbrev: true, Permute: true, Numeric: true, Operands: "r*",
			Options:  "-c|--bytes= -n|--lines= -q|--quiet|--silent -v|--verbose -z|--zero-terminated" + gnu,
			ReadOnly: []string{"head -n 20 src/main.go", "head -5 f", "head -n5 f"}},
		&Spec{Names: n("tail"), Flow: Flow{Names: NamesFiltered, Whole: true, Examples: []string{"env | tail"}}, Prints: true, Abbrev: true, Permute: true, Numeric: true, Operands: "r*",
			Options:  "-c|--bytes= -f -F --follow? -n|--lines= --max-unchanged-stats= --pid= -q|--quiet|--silent --retry -s|--sleep-interval= -v|--verbose -z|--zero-terminated" + gnu,
			ReadOnly: []string{"tail -f logs/app.log", "tail -n +5 f"}},
		&Spec{Names: n("wc"), Number: "*", Flow: Flow{Digests: true}, Abbrev: true, Permute: true, Operands: "r*",
			Options: "-c|--bytes -l|--lines -L|--max-line-length -m|--chars -w|--words --files0-from=r --total=" + gnu},
		&Spec{Names: n("cut"), Flow: Flow{Names: NamesFiltered}, Prints: true, Abbrev: true, Permute: true, Operands: "r*",
			Options: "-b|--bytes= -c|--characters= -d|--delimiter= -f|--fields= -n --complement -s|--only-delimited --output-delimiter= -z|--zero-terminated" + gnu},
		&Spec{Names: n("tr"), Flow: Flow{Names: NamesFiltered}, Code: Code{Decodes: true, Transform: "translate"}, Prints: true, Abbrev: true, Permute: true, Operands: "- -?",
			Options: "-c|-C|--complement -d|--delete -s|--squeeze-repeats -t|--truncate-set1" + gnu},
		&Spec{Names: n("rev"), Code: Code{Decodes: true, Transform: "reverse"}, Prints: true, Permute: true, Operands: "r*", Options: "-0 --zero -h --help:h -V --version:h"},
		&Spec{Names: n("fold"), Prints: true, Abbrev: true, Permute: true, Operands: "r*", Options: "-b -s -w= --bytes --spaces --width=" + gnu},
		&Spec{Names: n("fmt"), Prints: true, Abbrev: true, Permute: true, Operands: "r*",
			Options: "-c -p= -s -t -u -w= -g= --crown-margin --prefix= --split-only --tagged-paragraph --uniform-spacing --width= --goal=" + gnu},
		&Spec{Names: n("column"), Flow: Flow{Whole: true, Examples: []string{"env | column"}}, Prints: true, Permute: true, Operands: "r*",
			Options: "-c= -d -e -E= -H= -J -l= -L -n= -N= -o= -O= -R= -r= -s= -t -T= -W= -x -h --help:h -V --version:h --table --separator= --output-separator= --table-columns= --json --keep-empty-lines"},
		&Spec{Names: n("paste"), Prints: true, Abbrev: true, Permute: true, Operands: "r*", Options: "-d= -s -z --delimiters= --serial --zero-terminated" + gnu},
		&Spec{Names: n("join"), Prints: true, Abbrev: true, Permute: true, Operands: "r r",
			Options: "-a= -e= -i -j= -o= -t= -v= -1= -2= --check-order --nocheck-order --header --ignore-case --zero-terminated -z" + gnu},
		&Spec{Names: n("comm"), Prints: true, Abbrev: true, Permute: true, Operands: "r r",
			Options: "-1 -2 -3 --check-order --nocheck-order --output-delimiter= --total -z --zero-terminated" + gnu},
		&Spec{Names: n("expand", "unexpand"), Prints: true, Abbrev: true, Permute: true, Operands: "r*", Options: "-a -i -t= --all --first-only --initial --tabs=" + gnu},
		&Spec{Names: n("md5sum", "sha1sum", "sha224sum", "sha256sum", "sha384sum", "sha512sum", "b2sum"), Flow: Flow{Digests: true}, Abbrev: true, Permute: true, Operands: "r*",
			Options: "-b|--binary -c|--check --tag -t|--text -z|--zero --ignore-missing --quiet --status --strict -w|--warn -l|--length=" + gnu},
		&Spec{Names: n("cksum"), Flow: Flow{Digests: true}, Abbrev: true, Permute: true, Operands: "r*", Options: "-a= --algorithm= -l= --length= --base64 --raw --tag --untagged -c --check -z --zero" + gnu},
		&Spec{Names: n("shasum"), Flow: Flow{Digests: true}, Permute: true, Operands: "r*", Options: "-a= --algorithm= -b -c -t -U -0 -s --status -q --quiet -w --warn --tag --binary --check --text --portable -h --help:h -v --version:h"},
		&Spec{Names: n("md5"), Flow: Flow{Digests: true}, Permute: true, Operands: "r*", Options: "-p -q -r -s= -t -x"},
		// base64 (GNU coreutils 9.1): -D is macOS's spelling of --decode.
		// GNU coreutils 9.1 base64, base32 and basenc: one grammar, but
		// basenc's encoding is named by an option.
		&Spec{Names: n("base64"), Code: Code{Decodes: true, Transform: "b64", Examples: []string{"echo aWQ= | base64 -d | sh", "echo aWQ= | base64 --dec | bash", "echo aWQ= | /usr/bin/base64 -di | command sh"}}, Prints: true, Abbrev: true, Permute: true, Operands: "r?",
			Options:  "-d|-D|--decode -i|--ignore-garbage -w|--wrap=" + gnu,
			ReadOnly: []string{"base64 -d enc.txt"}},
		&Spec{Names: n("base32"), Code: Code{Decodes: true, Transform: "b32", Examples: []string{"echo NFSA==== | base32 -d | sh"}}, Prints: true, Abbrev: true, Permute: true, Operands: "r?",
			Options:  "-d|--decode -i|--ignore-garbage -w|--wrap=" + gnu,
			ReadOnly: []string{"base32 -d enc.txt"}},
		&Spec{Names: n("basenc"), Code: Code{Decodes: true, Transform: "named", Examples: []string{"echo aWQ= | basenc --base64 -d | sh", "echo NFSA==== | basenc --base32 --dec | sh"}}, Prints: true, Abbrev: true, Permute: true, Operands: "r?",
			Options:  "-d|--decode -i|--ignore-garbage -w|--wrap= --base64 --base64url --base32 --base32hex --base16 --base2msbf --base2lsbf --z85" + gnu,
			ReadOnly: []string{"basenc --base64 -d enc.txt"}},
		&Spec{Names: n("od"), Prints: true, Abbrev: true, Permute: true, Operands: "r*",
			Options: "-A= -j= -N= -S= -t= -v -w? -a -b -c -d -f -i -l -o -s -x --address-radix= --endian= --skip-bytes= --read-bytes= --strings? --format= --output-duplicates --width? --traditional" + gnu},
		&Spec{Names: n("hexdump", "hd"), Prints: true, Permute: true, Operands: "r*", Options: "-b -c -C -d -o -x -e= -f=r -n= -s= -v -L? --help:h -V --version:h"},
		&Spec{Names: n("strings"), Prints: true, Abbrev: true, Permute: true, Operands: "r*",
			Options: "-a -d -f -n= -t= -e= -w -o -s= -T= -U= --all --data --print-file-name --bytes= --radix= --encoding= --include-all-whitespace --output-separator= --target= --unicode=" + gnu},
		&Spec{Names: n("iconv"), Code: Code{Decodes: true}, Prints: true, Abbrev: true, Permute: true, Operands: "r*",
			Options:  "-f= -t= -c -l -o=w -s --from-code= --to-code= --list --output=w --silent" + gnu,
			ReadOnly: []string{"iconv -f utf-8 -t ascii in.txt"},
			Flagged:  []string{"iconv -f utf-8 -t ascii in.txt -o out.txt"}},
		&Spec{Names: n("look"), Prints: true, Permute: true, Operands: "- r?", Options: "-a -b -d -f -t= -h --help:h -V --version:h"},
		&Spec{Names: n("uniq"), Flow: Flow{Names: NamesFiltered, Whole: true, Examples: []string{"env | uniq"}}, Prints: true, Abbrev: true, Permute: true, Operands: "r? w?",
			Options:  "-c|--count -d|--repeated -D --all-repeated? -f|--skip-fields= -i|--ignore-case -s|--skip-chars= -u|--unique -w|--check-chars= -z|--zero-terminated --group?" + gnu,
			ReadOnly: []string{"uniq -c sorted.txt"},
			Flagged:  []string{"uniq in.txt ~/.bashrc"}},
		&Spec{Names: n("sort"), Flow: Flow{Names: NamesFiltered, Whole: true, Examples: []string{"env | sort"}}, Prints: true, Abbrev: true, Permute: true, Operands: "r*",
			Options: "-b|--ignore-leading-blanks -c -C --check? -d|--dictionary-order -f|--ignore-case -g|--general-numeric-sort -h|--human-numeric-sort -i|--ignore-nonprinting -k|--key= -m|--merge " +
				"-M|--month-sort -n|--numeric-sort -o=w --output=w -r|--reverse -R|--random-sort --random-source=r --sort= -s|--stable -S|--buffer-size= -t|--field-separator= -T|--temporary-directory= " +
				"-u|--unique -V|--version-sort -z|--zero-terminated --batch-size= --compress-program=x --debug --files0-from=r --parallel=" + gnu,
			ReadOnly: []string{"sort -u names.txt", "sort -k2 -t, data.csv", "sort -nr f"},
			Flagged:  []string{"sort --o=.warden/settings.local.json in.txt", "sort --ou=/tmp/x in.txt", "sort -o ~/.bashrc in.txt", "sort -o/tmp/out in.txt", "sort --compress-program=sh in.txt"}},
		// xxd 2022-01-14: each option is a word of its own, known by its
		// start: -rp is -r alone and -pr is -p alone (observed: echo 6869 |
		// xxd -rp prints nothing, xxd -r -p prints hi).
		&Spec{Names: n("xxd"), Code: Code{Decodes: true, Transform: "hex", Examples: []string{"echo 6964 | xxd -r -p | sh"}}, Prints: true, Permute: true, LongDash: true, Operands: "r? w?",
			Options:  "-a -b -C -c= -d -E -e -g= -h:h -help:h -i -l= -n= -o= -p|-ps|-postscript|-plain|-pr -r|-rp -R= -s= -u -v:h -version:h -autoskip -bits -cols= -groupsize= -len= -name= -offset= -seek= -revert:W -include -capitalize",
			ReadOnly: []string{"xxd file.bin"},
			Flagged:  []string{"xxd -r dump.hex out.bin", "xxd file.bin out.hex"}},
		&Spec{Names: n("file"), Abbrev: true, Permute: true, Operands: "r*",
			Options: "-b -c -C:w -d -E -e= -f=r -F= -h -i -k -l -L -m=r -N -n -p -P= -r -s -S -z -Z -0 --brief --checking-printout --compile:w --debug --exclude= --exclude-quiet= --extension --files-from=r " +
				"--separator= --mime --mime-type --mime-encoding --keep-going --list --dereference --magic-file=r --no-dereference --no-buffer --no-pad --print0 --preserve-date --parameter= --raw --special-files --uncompress --uncompress-noreport" + gnu,
			ReadOnly: []string{"file README.md"},
			Flagged:  []string{"file -C -m evil.mgc"}},
		&Spec{Names: n("stat"), Abbrev: true, Permute: true, Operands: "r*",
			Options: "-c= -f -L -t --cached= --dereference --file-system --format= --printf= --terse" + gnu},
		&Spec{Names: n("readlink"), Abbrev: true, Permute: true, Operands: "r*", Options: "-e|--canonicalize-existing -f|--canonicalize -m|--canonicalize-missing -n|--no-newline -q|--quiet -s|--silent -v|--verbose -z|--zero" + gnu},
		&Spec{Names: n("realpath"), Abbrev: true, Permute: true, Operands: "r*", Options: "-e|--canonicalize-existing -L|--logical -m|--canonicalize-missing -P|--physical -q|--quiet -s|--strip|--no-symlinks -z|--zero --relative-to= --relative-base=" + gnu},
		&Spec{Names: n("basename"), Flow: Flow{Echoes: true}, Abbrev: true, Permute: true, Operands: "-*", Options: "-a -s= -z --multiple --suffix= --zero" + gnu},
		&Spec{Names: n("dirname"), Flow: Flow{Echoes: true}, Abbrev: true, Permute: true, Operands: "-*", Options: "-z --zero" + gnu},
		&Spec{Names: n("ls"), Flow: Flow{Names: NamesOperands}, Abbrev: true, Permute: true, Operands: "-*",
			Options: "-a|--all -A|--almost-all -b|--escape -B|--ignore-backups -c -C -d|--directory -D|--dired -f -F -g -G|--no-group -h|--human-readable -H|--dereference-command-line -i|--inode -I|--ignore= " +
				"-k|--kibibytes -l -L|--dereference -m -n|--numeric-uid-gid -N|--literal -o -p -q|--hide-control-chars -Q|--quote-name -r|--reverse -R|--recursive -s|--size -S -t -T|--tabsize= -u -U -v " +
				"-w|--width= -x -X -Z|--context -1 -@ -e -O -P -W -% -E --author --block-size= --color|--colour? --classify? --file-type --format= --full-time --group-directories-first " +
				"--si --dereference-command-line-symlink-to-dir --hide= --hyperlink? --indicator-style= --show-control-chars --quoting-style= --sort= --time= --time-style= --zero" + gnu,
			ReadOnly: []string{"ls -la", "ls --color=auto src", "ls -1 ~/.ssh"}},
		&Spec{Names: n("du"), Abbrev: true, Permute: true, Operands: "-*",
			Options: "-0|--null -a|--all --apparent-size -B|--block-size= -b|--bytes -c|--total -D|-H|--dereference-args -d|--max-depth= -h|--human-readable --inodes -k -L|--dereference -l|--count-links -m " +
				"-P|--no-dereference -S|--separate-dirs --si -s|--summarize -t|--threshold= --time? --time-style= -X|--exclude-from=r --exclude= -x|--one-file-system --files0-from=r" + gnu},
		&Spec{Names: n("df"), Abbrev: true, Permute: true, Operands: "-*",
			Options: "-a -B= -h -H -i -k -l -P -t= -T -x= --all --block-size= --human-readable --si --inodes --local --no-sync --output? --portability --print-type --sync --total --type= --exclude-type=" + gnu},
		// -R with -H writes 00Tree.html into every directory; --fromfile
		// prints the listing its operands hold.
		// tree --fromfile prints the listing its operands hold.
		&Spec{Names: n("tree"), Permute: true, Operands: "-*", Prints: true, PrintsWith: "--fromfile",
			Options:  "-a -d -l -f -x -L= -R:u -P= -I= -o=w -i -q -N -Q -p -u -g -s -h -D -F -v -t -c -U -r -C -n -J -X -H= -T= --gitignore --help:h --version:h --noreport --dirsfirst --du --prune --filelimit= --charset= --sort= --matchdirs --ignore-case --info --fromfile:R --metafirst --si --timefmt= -S -A --nolinks --inodes --device",
			ReadOnly: []string{"tree -L 2", "tree --fromfile listing.txt"},
			Flagged:  []string{"tree -o ~/.bashrc", "tree -R -H . -L 1", "tree --fromfile ~/.ssh/id_rsa"}},
		&Spec{Names: n("echo"), Fills: FillsOutput, Flow: Flow{Names: NamesOperands, Echoes: true}, NoOptions: true, Operands: "-*",
			ReadOnly: []string{"echo hello", "echo --help"}},
		&Spec{Names: n("printf"), SetsVars: "-v", Flow: Flow{Names: NamesOperands, NamesFrom: 1, Echoes: true}, Operands: "-*", Options: "-v= --help:h --version:h",
			ReadOnly: []string{"printf '%s\\n' hello", "printf -v x '%s' hello", "printf -v n '%03d' 5", "printf -vn %s x", "printf -v 'a[1]' %s x"},
			Flagged:  []string{"printf -v PATH %s /tmp; ls", "printf -v 'a[$(rm -rf ~)]' %s x", "printf -v \"$x\" %s y"}},
		&Spec{Names: n("pwd"), Options: "-L -P --help:h --version:h"},
		&Spec{Names: n("true", "false", ":"), Operands: "-*", NoOptions: true, Flow: Flow{Digests: true}},
		&Spec{Names: n("whoami", "tty", "arch", "logname", "users"), Options: "--all --ignore= -s --silent --quiet" + gnu},
		&Spec{Names: n("nproc"), Number: "*", Options: "--all --ignore= -s --silent --quiet" + gnu},
		&Spec{Names: n("id"), Number: "*", Abbrev: true, Permute: true, Operands: "-?", Options: "-a -Z|--context -g|--group -G|--groups -n|--name -r|--real -u|--user -z|--zero" + gnu},
		&Spec{Names: n("groups"), Operands: "-*", Options: gnu},
		&Spec{Names: n("uname"), Abbrev: true, Options: "-a|--all -s|--kernel-name -n|--nodename -r|--kernel-release -v|--kernel-version -m|--machine -p|--processor -i|--hardware-platform -o|--operating-system" + gnu},
		// -F/--file sets the name from a file; -b sets it even when given none.
		&Spec{Names: n("hostname"), Options: "-a -A -b:c --boot:c -d -f -F=c --file=c -i -I -s -y --alias --all-fqdns --domain --fqdn --long --ip-address --all-ip-addresses --short --yp --nis -h --help:h -V --version:h",
			ReadOnly: []string{"hostname", "hostname -f"},
			Flagged:  []string{"hostname evil", "hostname -F /tmp/name", "hostname --file /tmp/name"}},
		// An operand is a +FORMAT to print, or the new time to set (date
		// MMDDhhmm[[CC]YY][.ss]): judged as date "code". -r reads only a
		// file's time, as stat does.
		&Spec{Names: n("date"), Number: "+%s +%s%N +%N", Abbrev: true, Permute: true, Operands: "c?", Lang: LangDate,
			Options:  "-d= -f=r -I? -r= -R -s=c -u --date= --debug --file=r --iso-8601? --resolution --reference= --rfc-email --rfc-3339= --set=c --universal --utc -j -n -v= -z=" + gnu,
			ReadOnly: []string{"date +%s", "date -u", "date -d yesterday", "date -u +%FT%TZ"},
			Flagged:  []string{"date -s 2020-01-01", "date --set=2020-01-01", "date --se=@0", "date 010100002030"}},
		&Spec{Names: n("cal", "ncal"), Permute: true, Operands: "-*", Options: "-1 -3 -A= -B= -b -C -d= -e -H= -h -J -j -m= -N -o -p -s= -S -w -y -Y -M -v --help:h -V --version:h --months= --span --sunday --monday --julian --year --twelve --color? --vertical --week"},
		&Spec{Names: n("uptime"), Options: "-p -s --pretty --since -h --help:h -V --version:h"},
		&Spec{Names: n("free"), Options: "-b -k -m -g --kilo --mega --giga --tera --peta --kibi --mebi --gibi --tebi --pebi -h --human --si -l --lohi -L --line -t --total -v --committed -s= --seconds= -c= --count= -w --wide --help:h -V --version:h"},
		&Spec{Names: n("printenv"), Operands: "-*", Options: "-0 --null" + gnu, Env: EnvDump{Dumps: true},
			ReadOnly: []string{"printenv HOME", "printenv | wc -l"}, Flagged: []string{"printenv", "printenv -0"}},
		&Spec{Names: n("sleep"), Paces: true, Operands: "-*", Options: gnu},
		&Spec{Names: n("seq"), Number: "*", Operands: "- -? -?", Options: "-f= -s= -w --format= --separator= --equal-width" + gnu},
		&Spec{Names: n("expr"), Number: "*", Operands: "-*", NoOptions: true},
		&Spec{Names: n("test", "["), Operands: "-*", NoOptions: true},
		&Spec{Names: n("locale"), Permute: true, Operands: "-*", Options: "-a -c -k -m -v --all-locales --category-name --keyword-name --charmaps --verbose" + gnu},
		&Spec{Names: n("getconf"), Number: "*", Operands: "- -?", Options: "-a -v="},
		&Spec{Names: n("sw_vers"), Options: "-productName -productVersion -buildVersion", LongDash: true},
		&Spec{Names: n("lsblk", "lscpu", "lsusb", "lspci", "lsmod"), Permute: true, Operands: "-*",
			Options: "-a -b -d -D -e= -f -h -i -I= -J -l -m -n -o= -O -p -P -r -s -S -t -T -v -V -x= -y -z -k -nn -nnn -tree -vv -vvv --all --bytes --nodeps --discard --exclude= --fs --help:h --include= --json --list --perms --noheadings --output= --output-all --paths --pairs --raw --inverse --topology --scsi --sort= --tree --version:h --extended --parse? --online --offline --physical --hex --cache? --verbose"},
		&Spec{Names: n("ps"), Env: EnvDump{Processes: "e", Valued: "oOpqtUk"}, Permute: true, Operands: "-*",
			Options: "-A -a -C= -c -d -e -F -f -G= -g= -H -j -L -l -M -N -O= -o= -p= -q= -s= -T -t= -U= -u= -V -w -x -y -Z --cols= --columns= --cumulative --deselect --forest --format= --group= --headers --heading --help:h --lines= --no-headers --noheaders --pid= --ppid= --quick-pid= --rows= --sid= --sort= --tty= --user= --version:h --width=",
			// BSD e (a word without a dash) adds every process's environment.
			ReadOnly: []string{"ps aux", "ps -ef", "ps o pid,etime,cmd -p 1"}, Flagged: []string{"ps eww", "ps auxe"}},
		&Spec{Names: n("pgrep"), Flow: Flow{Names: NamesPids, NamesNot: "-l -a --list-name --list-full"}, Permute: true, Operands: "-*",
			Options: "-a -c -d= -f -g= -G= -i -l -n -o -O= -P= -r= -s= -t= -u= -U= -v -w -x -A --count --delimiter= --list-name --list-full --inverse --lightweight --newest --oldest --older= --parent= --pgroup= --group= --session= --terminal= --euid= --uid= --exact --pidfile=r --logpidfile --runstates= --ignore-ancestors --ns= --nslist= --help:h -V --version:h"},
		&Spec{Names: n("lsof"), Flow: Flow{Names: NamesPids, NamesWith: "-t"}, Permute: true, Operands: "-*",
			Options: "-a -b -c= -C -d= -D= -f -F? -g? -h -i? -K? -l -L? -n -N -o? -O -p= -P -r? -R -s? -S? -t -T? -u= -U -v -V -w -x? -X -z? -Z? +c= +d= +D= +f +L +r= +w"},
		&Spec{Names: n("which"), Permute: true, Operands: "-*", Options: "-a -s --all --skip-alias --skip-dot --skip-tilde --show-dot --show-tilde --tty-only --read-alias --read-functions --skip-functions -i" + gnu},
		&Spec{Names: n("whereis"), Permute: true, Operands: "-*", Options: "-b -B= -m -M= -s -S= -f -u -l -g -h --help:h -V --version:h"},
		&Spec{Names: n("type"), Operands: "-*", Options: "-a -f -p -P -t"},
		&Spec{Names: n("cd", "pushd", "popd", "dirs"), Operands: "-?", Options: "-L -P -e -@ -n -c -l -p -v +?-"},
		// wait -p NAME assigns the job's process id to NAME; jobs -p prints
		// process ids.
		&Spec{Names: n("wait"), SetsVars: "-p", Operands: "-*", Options: "-f -n -p=",
			ReadOnly: []string{"wait", "wait -n", "sleep 1 & wait -n -p pid; echo $pid"}},
		&Spec{Names: n("jobs"), Operands: "-*", Options: "-l -n -p -r -s -x"},
		&Spec{Names: n("help"), Operands: "-*", Options: "-d -m -s"},
		// read and mapfile set shell variables from standard input (a
		// name used as an array subscript is judged by the shell
		// package); mapfile -C runs a callback.
		// A file read into shell variables is the agent's to print or send:
		// read -r k < ~/.ssh/id_rsa; echo "$k".
		&Spec{Names: n("read"), SetsVars: "-a", SetsOperands: true, Prints: true, Operands: "-*", Options: "-a= -d= -e -E -i= -n= -N= -p= -r -s -t= -u=",
			ReadOnly: []string{"read -r line", "read -p 'name? ' -t 5 name"}, Flagged: []string{"read 'a[$(rm -rf ~)]'"}},
		&Spec{Names: n("mapfile", "readarray"), SetsOperands: true, Prints: true, Operands: "-?", Options: "-d= -n= -O= -s= -t -u= -C=x -c=",
			ReadOnly: []string{"mapfile -t lines"}, Flagged: []string{"mapfile -C 'rm -rf ~' -c 1 lines"}},
		// history -a and -w write the file operand, or $HISTFILE; -r and -n
		// read one into the history list.
		&Spec{Names: n("history"), Flow: Flow{Dumps: "the shell history"}, Operands: "r?", Options: "-c:c -d=c -a:W -n -r -w:W -p -s:c",
			FileVar:  "HISTFILE",
			ReadOnly: []string{"history", "history 20"},
			Flagged:  []string{"history -c", "history -w /tmp/h", "history -a ~/.bashrc"}},
		&Spec{Names: n("atq"), Options: "-q= -V"},
		&Spec{Names: n("ssh-add"), Options: "-l -L -v -h:h -E= -c:c -d:c -D:c -x:c -X:c -k:c -K:c -q -s=l -e=l -t=c -T=r -S=l -H=r -h= -C -M",
			Operands: "c*", ReadOnly: []string{"ssh-add -l", "ssh-add -L"}, Flagged: []string{"ssh-add ~/.ssh/id_rsa", "ssh-add -D"}},
		&Spec{Names: n("diff"), Flow: Flow{Trees: "-r --recursive", Follows: "*", FollowsNot: "--no-dereference"}, Prints: true, Abbrev: true, Permute: true, Operands: "r r",
			Options: "-a -b -B -c -C= -d -D= -e -E -f -F= -i -I= -l:u -L= -n -N -p -P -q -r -s -S= -t -T -u -U= -v -w -W= -x= -X=r -y -Z " +
				"--normal --brief --report-identical-files --context? --unified? --ed --rcs --side-by-side --width= --left-column --suppress-common-lines --show-c-function --show-function-line= " +
				"--label= --expand-tabs --initial-tab --tabsize= --suppress-blank-empty --paginate:u --recursive --no-dereference --new-file --unidirectional-new-file --ignore-file-name-case --no-ignore-file-name-case " +
				"--exclude= --exclude-from=r --starting-file= --from-file=r --to-file=r --ignore-case --ignore-tab-expansion --ignore-trailing-space --ignore-space-change --ignore-all-space --ignore-blank-lines " +
				"--ignore-matching-lines= --text --strip-trailing-cr --ifdef= --old-group-format= --new-group-format= --unchanged-group-format= --changed-group-format= --line-format= --old-line-format= " +
				"--new-line-format= --unchanged-line-format= --minimal --horizon-lines= --speed-large-files --color? --palette= --no-color --output=w" + gnu,
			ReadOnly: []string{"diff -u a.txt b.txt", "diff -r src other"},
			Flagged:  []string{"diff --output=~/.bashrc a b"}},
		// cmp -l prints every differing byte, -b the bytes themselves:
		// against /dev/null, the whole file.
		&Spec{Names: n("cmp"), Abbrev: true, Permute: true, Operands: "r r? -? -?", Prints: true, PrintsWith: "-l -b",
			Options:  "-b|--print-bytes -i|--ignore-initial= -l|--verbose -n|--bytes= -s|--quiet|--silent" + gnu,
			ReadOnly: []string{"cmp a.bin b.bin"}, Flagged: []string{"cmp -l ~/.ssh/id_rsa /dev/null"}},
	)
})
