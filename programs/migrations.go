package programs

// Application frameworks' command runners and schema migration tools: each
// runs the project's code against the database it is pointed at. What
// wipes or reverts that database is judged by the shell package's dbtools
// and app-runner checks.

var _ = family("migrations", func(add func(...*Spec)) {
	// rails (Rails 7 and 8, Thor commands): the first word is the command
	// (db:migrate, test, server, generate …), each running the
	// application; runner (r) runs the Ruby code (or file) it is given,
	// -e|--environment naming the environment, before or after it.
	// gitlab-rails is GitLab's wrapper of the same command.
	railsRunner := &Spec{Effect: Exec, Permute: true, Operands: "x -*", Options: "-e|--environment= --skip-executor -h|--help:h"}
	rails := func(names ...string) *Spec {
		return &Spec{Names: names, Grant: Grant{Depth: 1, Deeper: "db generate", Offers: []string{names[0] + " test => Bash(" + names[0] + " test:*)", names[0] + " db migrate => Bash(" + names[0] + " db migrate:*)"}},
			Options: "-h|--help:h -v|--version:h", OtherSubcommand: RunsProject,
			Subcommands: subs("runner", railsRunner, "r", railsRunner),
			ReadOnly:    []string{names[0] + " --version"},
			Flagged:     []string{names[0] + " runner 'User.delete_all'", names[0] + " r -e production 'User.count'", names[0] + " runner --environment=production script.rb", names[0] + " db:migrate"}}
	}
	// rake 13 (Ruby's OptionParser: short flags bundle, values attach
	// or follow, unique prefixes of long options): the operands are
	// tasks and VAR=value settings; -e, -E and -p run Ruby code, -f names
	// the Rakefile, -r loads a library. gitlab-rake is GitLab's wrapper.
	rake := func(names ...string) *Spec {
		return &Spec{Names: names, Grant: Grant{Depth: 1, Offers: []string{names[0] + " test => Bash(" + names[0] + " test:*)"}}, Effect: RunsProject, Abbrev: true, Permute: true, Lang: "ruby", Operands: "-*",
			Options: "-A|--all -B|--build-all --backtrace? --comments --job-stats? -C|--directory= -D|--describe? -e|--execute=k -E|--execute-continue=k -p|--execute-print=k " +
				"-f|--rakefile=r -G|--no-system --nosystem -g|--system -I|--libdir= -j|--jobs? -m|--multitask -n|--dry-run -N|--no-search --nosearch -P|--prereqs -q|--quiet " +
				"-r|--require=l -R|--rakelib|--rakelibdir= -s|--silent --suppress-backtrace= -t|--trace? -T|--tasks? -v|--verbose -V|--version:h -W|--where? " +
				"-X|--no-deprecation-warnings -h|-H|--help:h",
			Flagged: []string{names[0] + " db:migrate", names[0] + " -e 'system(\"id\")'", names[0] + " -f /tmp/Rakefile test", names[0] + " gitlab:backup:restore BACKUP=1"}}
	}
	add(rails("rails"), rails("gitlab-rails"), rake("rake"), rake("gitlab-rake"))
})
