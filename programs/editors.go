package programs

// Text editors. Every editor runs commands of its own (vim's :!, ex's
// !cmd, emacs's M-x shell, nano's ^R^X and speller, joe's ^K!), takes
// those commands from its options, its start-up files, the keyboard or
// standard input, and writes any file it is told to: its own effect is
// Exec and its file operands are written. Only --help and --version are
// read-only. Options that name code (-c, --cmd, +cmd, --eval) carry it in
// the editor's language; options that name a script or an init file to
// source load it; options that name a command to run (nano -s, emacsclient
// -a) are Exec.

var _ = family("editors", func(add func(...*Spec)) {
	add(
		&Spec{Names: n("vim", "vi", "nvim", "ex", "view", "vimdiff", "gvim", "gview", "rvim", "rview", "evim", "eview", "vimx"), Grant: Grant{Exact: true, Offers: []string{"vim x => Bash(vim x)"}}, Prints: true,
			Effect: Exec, Permute: true, Lang: LangVim, Operands: "E*",
			// -c, --cmd and +cmd run Ex commands (:!sh, :py, :lua, :redir >
			// FILE); -u, -U, -S and nvim's -l source a file of them; -s
			// is scriptin in Normal mode but silent mode after -e, so it
			// is a flag here (the entry is Exec either way); -w and -W
			// append what is typed to a file; -i names the viminfo or
			// shada file, written on exit; -V takes a level and a log file
			// attached.
			Options: "-h:h --help:h --version:h -c=k --cmd=k +?k -u=l -U=l -S=l -l=l -s -w=w -W=w -i=w -V?u -T= -t= -q=r " +
				"-v -e -E -d -y -R -Z -m -M -b -C -N -n -A -H -F -D -f -g -X -x -L -r -p? -o? -O? " +
				"--noplugin --not-a-term --ttyfail --clean --nofork --literal --echo-wid --serverlist --servername= --windowid= --role= --socketid= " +
				"--startuptime=w --log=w --headless --embed --listen=n --api-info --remote:x --remote-silent:x --remote-wait:x --remote-wait-silent:x " +
				"--remote-tab:x --remote-tab-silent:x --remote-tab-wait:x --remote-tab-wait-silent:x --remote-send=x --remote-expr=x --server=n",
			ReadOnly: []string{"vim --version", "vi -h", "nvim --version", "vimdiff --help"},
			Flagged: []string{
				"vim -c ':!/bin/bash' notes.txt",
				"vi -c ':shell'",
				"vim -c ':set shell=/bin/bash | shell'",
				"vim -c ':terminal'",
				"ex -c ':!id' -c ':q!'",
				"vim -es -c ':py3 import os; os.system(\"id\")' -c ':q!'",
				"nvim --headless -c 'lua os.execute(\"id\")' -c 'qa!'",
				"vim -c ':redir! >/tmp/out | silent echo \"x\" | redir END | q'",
				"vim +'w! /tmp/copy' +q notes.txt",
				"vim -u /tmp/evil.vimrc notes.txt",
				"vim -S /tmp/session.vim",
				"nvim -l /tmp/script.lua",
				"view ~/.ssh/id_rsa",
				"vim /etc/hosts",
				"vim notes.txt",
				"vim -W /tmp/keys notes.txt",
				"vim --remote-send ':!id<CR>'",
			}},
		&Spec{Names: n("emacs", "emacs-nox"), Grant: Grant{Exact: true, Offers: []string{"emacs x => Bash(emacs x)"}}, Effect: Exec, LongDash: true, Abbrev: true, Permute: true, Lang: LangElisp, Operands: "w*",
			// --eval runs Lisp, -f calls a function (shell, eshell,
			// term), -l and --script load a Lisp file; -u and
			// --init-directory choose whose init file runs; --insert
			// reads a file into the buffer; --file and --visit edit one.
			Options: "--help:h --version:h -help:h -version:h --eval=k --execute=k -f=k --funcall=k -l=l --load=l --script=l -x -L= --directory= --insert=r " +
				"-u=l --user=l --init-directory=l --dump-file=l --seccomp=l --chdir= --file=w --find-file=w --visit=w --kill -q --no-init-file -Q --quick " +
				"--no-site-file --no-site-lisp --no-splash --no-desktop --no-x-resources --no-loadup -nl -nsl --no-build-details --debug-init --module-assertions " +
				"-nw --no-window-system --batch --daemon? --bg-daemon? --fg-daemon? -t= --terminal= -d= --display= --parent-id= -T= --title= -fn= --font= " +
				"-g= --geometry= -fs --fullscreen -fh --fullheight -fw --fullwidth -mm --maximized -rv --reverse-video -bg= --background-color= " +
				"-fg= --foreground-color= -bd= --border-color= -bw= --border-width= -cr= --cursor-color= -ms= --mouse-color= -ib= --internal-border= " +
				"-lsp= --line-spacing= -vb --vertical-scroll-bars -nbi --no-bitmap-icon -nbc --no-blinking-cursor -iconic --iconic -name= --name= -xrm= --xrm= -D --basic-display +?",
			ReadOnly: []string{"emacs --version", "emacs --help"},
			Flagged: []string{
				"emacs -Q -nw --eval '(term \"/bin/bash\")'",
				"emacs --batch --eval '(shell-command \"id\")'",
				"emacs -batch -eval '(with-temp-file \"/tmp/x\" (insert \"data\"))'",
				"emacs -f eshell",
				"emacs --batch -l /tmp/evil.el",
				"emacs --script /tmp/evil.el",
				"emacs --batch --insert ~/.ssh/id_rsa -f kill-emacs",
				"emacs ~/.bashrc",
			}},
		&Spec{Names: n("emacsclient"), Effect: Exec, Abbrev: true, Permute: true, Lang: LangElisp, Operands: "w*",
			// -e evaluates the operands as Lisp in the running Emacs; -a
			// names the editor to start when no server answers.
			Options: "-V:h --version:h -H:h --help:h -e:x --eval:x -a=x --alternate-editor=x -s= --socket-name= -f=r --server-file=r -c --create-frame " +
				"-r --reuse-frame -t --tty -nw -n --no-wait -q --quiet -u --suppress-output -d= --display= -F= --frame-parameters= -w= --timeout= -T= --tramp= --parent-id= +?",
			ReadOnly: []string{"emacsclient --version"},
			Flagged:  []string{"emacsclient -e '(shell-command-to-string \"id\")'", "emacsclient -a 'sh -c id' notes.txt", "emacsclient -t ~/.profile"}},
		&Spec{Names: n("nano", "pico"), Grant: Grant{Exact: true, Offers: []string{"nano x => Bash(nano x)"}}, Effect: Exec, Abbrev: true, Permute: true, Operands: "w*",
			// -s names the spell checker, run on ^T; ^R^X runs any command;
			// -f loads an rc file, whose formatter and linter settings are
			// commands; -C and -o name where backups and files go.
			Options: "-h:h --help:h -V:h --version:h -s=x --speller=x -f=l --rcfile=l -C=w --backupdir=w -o= --operatingdir= -Y= --syntax= " +
				"-A --smarthome -B --backup -D --boldtext -E --tabstospaces -F --multibuffer -G --locking -H --historylog -I --ignorercfiles -J= --guidestripe= " +
				"-K --rawsequences -L --nonewlines -M --trimblanks -N --noconvert -O --bookstyle -P --positionlog -Q= --quotestr= -R --restricted -S --softwrap " +
				"-T= --tabsize= -U --quickblank -W --wordbounds -X= --wordchars= -Z --zap -a --atblanks -b --breaklonglines -c --constantshow -d --rebinddelete " +
				"-e --emptyline -g --showcursor -i --autoindent -j --jumpyscrolling -k --cutfromcursor -l --linenumbers -m --mouse -n --noread -p --preserve " +
				"-q --indicator -r= --fill= -t --saveonexit -u --unix -v --view -w --nowrap -x --nohelp -y --afterends -z --suspendable -% --stateflags -_ --minibar " +
				"-0 --zero -! --magic +?",
			ReadOnly: []string{"nano --version", "pico -h"},
			Flagged:  []string{"nano -s /bin/bash notes.txt", "nano --speller='sh -c id' notes.txt", "nano /etc/hosts", "nano notes.txt", "nano -f /tmp/evil.nanorc notes.txt"}},
		&Spec{Names: n("ed"), Grant: Grant{Exact: true, Offers: []string{"ed x => Bash(ed x)"}}, Effect: Exec, Abbrev: true, Permute: true, Operands: "w?",
			// Commands come from standard input: !cmd runs one, w FILE
			// writes anywhere, r FILE and e FILE read anywhere.
			Options: "-G --traditional -l --loose-exit-status -p= --prompt= -r --restricted -s --quiet --silent -v --verbose -E --extended-regexp " +
				"--strip-trailing-cr --unsafe-names -h:h --help:h -V:h --version:h",
			ReadOnly: []string{"ed --version"},
			Flagged:  []string{"ed notes.txt", "ed", "ed -s /etc/hosts", "printf '!id\\nq\\n' | ed"}},
		&Spec{Names: n("joe", "jmacs", "jstar", "jpico", "rjoe"), Effect: Exec, Permute: true, Loose: true, Operands: "w*",
			// ^K! runs a shell command; joe's many -option settings only
			// shape the display, so undeclared ones are accepted.
			Options: "-help:h --help:h",
			Flagged: []string{"joe notes.txt", "joe", "jmacs /etc/hosts"}},
	)
})
