package programs

// inotify-tools: programs that wait for file system events. They read no
// file's content, only its name and what happened to it, and they block
// until an event, a timeout or a signal ends them (Paces).

var _ = family("inotify", func(add func(...*Spec)) {
	watch := " -r|--recursive -P|--no-dereference --fromfile=r -e|--event= -t|--timeout= --exclude= --excludei= --include= --includei= " +
		"-I|--inotify -F|--fanotify -S|--filesystem -h|--help:h"
	add(
		&Spec{Names: n("inotifywait"), Paces: true, Abbrev: true, Permute: true, Operands: "r*",
			Options:  "-m|--monitor -d|--daemon -o|--outfile=w -s|--syslog -q|--quiet -c|--csv --timefmt= --format= --no-newline" + watch,
			ReadOnly: []string{"inotifywait -e modify notes.md", "inotifywait -qq -r -e close_write src", "inotifywait --event=create --timeout=5 ."},
			Flagged:  []string{"inotifywait -d -o ~/.bashrc -e modify .", "inotifywait --fromfile ~/.ssh/id_rsa"}},
		&Spec{Names: n("inotifywatch"), Paces: true, Abbrev: true, Permute: true, Operands: "r*",
			Options:  "-v|--verbose -z|--zero -a|--ascending= -d|--descending=" + watch,
			ReadOnly: []string{"inotifywatch -t 10 -r src", "inotifywatch --event=modify notes.md"}},
	)
})
