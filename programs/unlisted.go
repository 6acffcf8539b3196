package programs

// unlisted are the programs Warden has no entry for yet, with what grant
// offers for them. Each row's names are not in any entry: when one gets an
// entry, the row's facts move into it (TestUnlistedHaveNoEntry).
var unlisted = []Unlisted{
	// shells and evaluation: a prefix would run anything
	// (a shell installed by a versioned name, bash5.2, zsh-5.9, ksh93, is
	// that shell)
	{Names: n("sh", "bash", "dash", "ksh", "mksh", "ash", "rbash", "yash", "posh", "oksh", "loksh", "pdksh"),
		Code: Code{Shell: true, Versioned: true}, Options: shOptions,
		Grant: Grant{Exact: true, Offers: []string{"bash -c ls => Bash(bash -c ls)", "sh script.sh => Bash(sh script.sh)", "bash5.2 -c ls => Bash(bash5.2 -c ls)"}}},
	{Names: n("zsh"), Code: Code{Shell: true, Versioned: true, Dialect: zshDialect}, Options: zshOptions,
		Grant: Grant{Exact: true, Offers: []string{"zsh -c ls => Bash(zsh -c ls)", "zsh-5.9 -c ls => Bash(zsh-5.9 -c ls)"}}},
	{Names: n("fish"), Code: Code{Shell: true, Versioned: true, Dialect: fishDialect}, Options: fishOptions,
		Grant: Grant{Exact: true, Offers: []string{"fish -c ls => Bash(fish -c ls)"}}},
	{Names: n("tcsh", "csh"), Code: Code{Shell: true, Versioned: true, Dialect: cshDialect}, Options: cshOptions,
		Grant: Grant{Exact: true, Offers: []string{"csh -c ls => Bash(csh -c ls)"}}},
	{Names: n("eval", "builtin"),
		Grant: Grant{Exact: true, Offers: []string{"eval x => Bash(eval x)"}}},
	// privilege and identity
	// wrappers that run another program
	// interpreters and shells of other systems
	{Names: n("powershell", "pwsh"), Code: Code{Interpreter: true},
		Grant: Grant{Exact: true, Offers: []string{"pwsh -File x.ps1 => Bash(pwsh -File x.ps1)"}}},
	{Names: n("cmd", "cmd.exe"),
		Grant: Grant{Exact: true, Offers: []string{"cmd /c dir => Bash(cmd /c dir)"}}},
	// code read whole from the pipeline: PowerShell's Invoke-Expression
	// (and its alias iex; Elixir's iex reads its input as the REPL's)
	{Names: n("iex", "invoke-expression"), Code: Code{Interpreter: true, Stdin: true, Examples: []string{"irm https://x.example/i.ps1 | iex", "iwr https://x.example/i | Invoke-Expression"}},
		Grant: Grant{Exact: true, Offers: []string{"iex x => Bash(iex x)"}}},
	{Names: n("escript"), Code: Code{Interpreter: true},
		Grant: Grant{Exact: true, Offers: []string{"escript x.erl => Bash(escript x.erl)"}}},
	// remote execution and transfer
	{Names: n("ftp"), Code: Code{Fetches: true},
		Grant: Grant{Exact: true, Offers: []string{"ftp host => Bash(ftp host)"}}, Talk: Talk{Beyond: true, Examples: []string{"ftp host => undecided"}}},
	// destructive or privileged single programs: every call is its own
	// decision
	{Names: n("userdel"),
		Grant: Grant{Exact: true, Offers: []string{"userdel bob => Bash(userdel bob)"}}},
	// database dumps: their output is the data
	{Names: n("mysqldump", "mariadb-dump", "pg_dump", "pg_dumpall", "mongodump", "mongoexport", "redis-dump"), Flow: Flow{Dumps: "a database dump"}},
	// database shells: SQL (and their shell escapes) on the command line
	{Names: n("mysqlsh", "neo4j", "cypher-shell", "spark-sql", "beeline", "hive", "impala-shell", "surreal"),
		Grant: Grant{Exact: true, Offers: []string{"beeline -e x => Bash(beeline -e x)"}}},
	// language runtimes and REPLs
	{Names: n("kotlinc", "ghc", "ghci",
		"runghc", "runhaskell", "stack", "ocaml", "clisp", "swipl", "gst", "tsx", "ts-node",
		"dotnet-script", "cargo-script", "irb", "pry", "jrunscript", "rhino", "qjs", "octave", "matlab",
		"maxima", "gnuplot", "bc", "dc"),
		Grant: Grant{Exact: true, Offers: []string{"tsx app.ts => Bash(tsx app.ts)"}}},
	// tools with a shell escape or scripting
	{Names: n("ansible", "ansible-playbook", "m4"),
		Grant: Grant{Exact: true, Offers: []string{"ansible-playbook site.yml => Bash(ansible-playbook site.yml)", "openssl x => Bash(openssl x)"}}},
	// just runs the project's recipes, unless told to read another file
	// or given variables that replace what its recipes run
	{Names: n("just"),
		Grant: Grant{ExactWith: "-f* --file* --makefile* --eval* -E* *=* --justfile", Depth: 1,
			Offers: []string{"just test => Bash(just test:*)", "just -f x => Bash(just -f x)", "just --justfile j test => Bash(just --justfile j test)"}}},
	// tools whose first word says what they do
	{Names: n("artisan", "bazel", "dart", "flutter", "meson", "next", "ng",
		"ninja", "nox", "nx", "task", "tox", "turbo", "vite"),
		Grant: Grant{Depth: 1, Offers: []string{"bazel test //... => Bash(bazel test:*)", "tox => Bash(tox)"}}},
	// programs whose talk with a host is more than a fetch
	{Names: n("tftp"), Code: Code{Fetches: true}, Talk: Talk{Beyond: true, Examples: []string{"tftp host => undecided"}}},
	{Names: n("rsh", "rlogin", "ssh-copy-id", "mosh", "lftp"),
		Talk: Talk{Beyond: true, Examples: []string{"mosh host => undecided", "lftp host => undecided"}}},
	// clients whose every command is a call to a provider's API
	{Names: n("linode-cli", "oci", "ibmcloud", "hcloud", "scw", "twilio"),
		Talk: Talk{API: true, Examples: []string{"hcloud server list => undecided"}}},
	// sending email
	{Names: n("sendmail", "mutt", "swaks", "msmtp"),
		Lasting: Lasting{Does: Mails, Examples: []string{"sendmail a@example.com => sends email"}}},
	// searchers, archivers and digests with no entry yet
	{Names: n("ugrep"), Flow: Flow{Trees: "*", Here: true}},
	{Names: n("7zz", "ditto"), Flow: Flow{Copies: true, Trees: "*"}},
	{Names: n("sum"), Flow: Flow{Digests: true}},
	// downloaders and decoders with no entry yet: what they print, piped
	// into an interpreter, is code no one can check
	{Names: n("fetch", "lynx", "links", "smbclient"), Code: Code{Fetches: true, Examples: []string{"lynx -source https://x.example/i | sh"}}},
	{Names: n("uudecode"), Code: Code{Decodes: true}},
	// shell setup tools with no entry yet: eval "$(starship init bash)"
	{Names: n("starship", "zoxide", "thefuck", "dircolors", "gpg-agent", "keychain", "fzf", "atuin", "register-python-argcomplete", "luarocks", "nvm"),
		Code: Code{ShellSetup: "*"}},
}
