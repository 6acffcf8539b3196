package programs

// The shell's builtins that change its own state. Their grammar is here;
// what each setting changes for the words after it (PATH, the hash table,
// globbing and tracing options, builtins loaded or turned off) is the shell
// package's table of state (shell/state.go), which makes a later part
// unknown where the setting is not harmless.
var _ = family("builtins", func(add func(...*Spec)) {
	add(
		// set and shopt: every word is read by the state table.
		// A bare set prints every variable, and every function.
		&Spec{Names: n("set"), NoOptions: true, Operands: "-*", Env: EnvDump{Dumps: true},
			ReadOnly: []string{"set -euo pipefail", "set -x", "set +e", "set -o errexit -o nounset", "set -- a b"},
			Flagged:  []string{"set -k", "set -o keyword", "set -a", "set", "set -o $opt"}},
		&Spec{Names: n("shopt"), NoOptions: true, Operands: "-*",
			ReadOnly: []string{"shopt -s globstar", "shopt -s nullglob extglob", "shopt -u dotglob", "shopt -q extglob"},
			Flagged:  []string{"shopt -s dotglob", "shopt -s nocaseglob", "shopt -s cdable_vars", "shopt -s $o"}},
		&Spec{Names: n("exit", "return", "logout", "break", "continue", "shift"), NoOptions: true, Operands: "-?",
			ReadOnly: []string{"exit 0", "exit", "return 1", "shift 2"}},
		&Spec{Names: n("ulimit"), Operands: "-?", Options: "-a -b -c -d -e -f -H -i -k -l -m -n -p -q -r -s -S -t -u -v -x -P -R -T",
			ReadOnly: []string{"ulimit -n 4096", "ulimit -a", "ulimit -Sn"}},
		// umask prints the mask; setting one changes the mode of every
		// file the command creates later, which is not declared here.
		&Spec{Names: n("umask"), Options: "-p -S",
			ReadOnly: []string{"umask", "umask -S", "umask -p"},
			Flagged:  []string{"umask 000", "umask $m"}},
		// trap with code is a carrier (the shell walks the code); what
		// is left resets or ignores signals, or prints.
		&Spec{Names: n("trap"), Operands: "-*", Options: "-l -p",
			ReadOnly: []string{"trap - EXIT", "trap -p", "trap -l", "trap '' INT", "trap"},
			Flagged:  []string{"trap \"$x\" EXIT"}},
		&Spec{Names: n("unset"), Operands: "-*", Options: "-f -v -n",
			ReadOnly: []string{"unset X", "unset -f build", "unset -v a b"},
			Flagged:  []string{"unset PATH", "unset $x"}},
		// hash -p FILE NAME makes NAME run FILE.
		&Spec{Names: n("hash"), Operands: "-*", Options: "-d -l -r -t -p=",
			ReadOnly: []string{"hash -r", "hash ls", "hash -t git"},
			Flagged:  []string{"hash -p ./x ls; ls"}},
		// enable -f FILE NAME loads a builtin from a shared object.
		&Spec{Names: n("enable"), Operands: "-*", Options: "-a -d -n -p -s -f=l",
			ReadOnly: []string{"enable -a", "enable -n test"},
			Flagged:  []string{"enable -f ./x.so ls"}},
		// The declaration builtins (bash 5.2 help declare, export,
		// readonly, local: short options only, bundled -ax, "+x" takes an
		// attribute off and is a word here, "--" ends them). Each changes
		// the shell's variables: written as a declaration the walk binds
		// them and the state table judges what an assignment changes (PATH,
		// LD_PRELOAD exported); spelled as a command's words (command
		// export X=1, \export X=1, 'typeset' -x X=1, which bash still
		// carries out as the builtin) they are read as the declaration.
		// With no name they print every variable (declare -f, -F print
		// functions).
		// Alone, or with only -p or -x, each prints every (exported)
		// variable with its value; -f and -F print functions, -p NAME one
		// variable.
		&Spec{Names: n("declare", "typeset", "local"), Operands: "-*", Options: "-a -A -f -F -g -i -I -l -n -r -t -u -x -p", Env: EnvDump{Dumps: true, Only: "-p -x"},
			ReadOnly: []string{"declare -a arr", "declare -i n=1", "typeset -r X=1", "declare -f", "declare -ax a", "declare -p HOME", "command declare -p HOME", "command declare -x A=1"},
			Flagged:  []string{"declare", "declare -p", "typeset -x", "declare '-p'", "declare -x PATH=./bin:$PATH; ls"}},
		&Spec{Names: n("export"), Operands: "-*", Options: "-f -n -p", Env: EnvDump{Dumps: true, Only: "-p"},
			ReadOnly: []string{"export FOO=bar", "export -n FOO", "export -f build", "command export FOO=1", "\\export FOO=1"},
			Flagged:  []string{"export", "export -p", "export '-p'", "command export -p", "export PATH=./bin:$PATH; ls", "export LD_PRELOAD=./x.so"}},
		&Spec{Names: n("readonly"), Operands: "-*", Options: "-a -A -f -p",
			ReadOnly: []string{"readonly X=1", "readonly -a arr", "command readonly X=1"}},
		&Spec{Names: n("alias"), Operands: "-*", Options: "-p",
			ReadOnly: []string{"alias ll='ls -l'", "alias"}},
		&Spec{Names: n("unalias"), Operands: "-*", Options: "-a",
			ReadOnly: []string{"unalias ll", "unalias -a"}},
	)
})
