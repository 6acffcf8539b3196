package programs

import "github.com/wardenhq/warden/danger"

// Secret stores and encryption tools. What prints a secret (a decrypt to
// the terminal, a keychain password) is judged by the danger catalogue
// (checks/cloud.go, Secrets), which reads the options declared
// here in every spelling.

var _ = family("secrets", func(add func(...*Spec)) {
	// macOS security(1): getopt without long options; the options stop at
	// the first operand (the keychains), and short flags bundle (-gw).
	keychainItem := func(o string) *Spec {
		return &Spec{Effect: Unknown, Operands: "r*", Options: "-h:h -a= -c= -C= -D= -G= -j= -l= -s= -g -w " + o}
	}
	// pass 1.7.4 (/usr/bin/pass, read): each command reads its options
	// with getopt(1), so they permute and take unique prefixes; show, ls
	// and list are one command, which prints the password of a name that
	// is a file and lists a folder: with no name it lists the store.
	passShow := &Spec{Effect: Unknown, EffectWithOperands: true, Abbrev: true, Permute: true, Operands: "-*", Options: "-c|--clip? -q|--qrcode?"}
	passFind := &Spec{Operands: "-*"}
	passChange := func(opts string) *Spec {
		return &Spec{Effect: Config, Abbrev: true, Permute: true, Operands: "-*", Options: opts}
	}
	// Deleting a password loses it: the store keeps no other copy (a git
	// store's history aside), so it is an irreplaceable file destroyed,
	// not a secret shown. mv and cp overwrite the destination only with
	// -f (the shell package's secrets check); otherwise they ask first.
	deletes := func(prog string, s *Spec, flagged, passes []string) *Spec {
		s.Raises = []Raise{{Kind: danger.FileOverwrite, Why: prog + " deletes a password from the store", Flagged: flagged, Passes: passes}}
		return s
	}
	passMove := func(prog string) *Spec {
		s := passChange("-f|--force")
		s.Raises = []Raise{{Kind: danger.FileOverwrite, Why: prog + " overwrites a password in the store", With: "--force",
			Flagged: []string{"pass mv -f a b", "pass rename --force a b", "pass cp --fo a b", "pass copy a b -f"}, Passes: []string{"pass mv a b", "pass cp a b", "pass mv -- -f b"}}}
		return s
	}
	passDelete := func() *Spec {
		return deletes("pass", passChange("-r|--recursive -f|--force"),
			[]string{"pass rm email/work", "pass rm -rf email", "pass delete --force email/work", "pass remove --rec email", "/usr/bin/pass rm -f x", "sudo pass rm x", "command pass rm x"},
			[]string{"pass ls", "pass show --help", "pass mv a b", "pass find rm"})
	}
	// vault (mitchellh/cli and Go's flag package): -flag and --flag
	// alike, no bundling, the options stop at the first operand, and the
	// options before the subcommand are dropped (mitchellh/cli takes the
	// first word without a dash for it). Every subcommand talks to the
	// server; those that print secrets are unknown.
	vaultDoes := func(e Effect) *Spec {
		return &Spec{Effect: e, LongDash: true, Loose: true, Operands: "-*", Options: "-h|-help|--help:h"}
	}
	vaultGroup := func(e Effect, pairs ...any) *Spec {
		return &Spec{LongDash: true, Options: "-h|-help|--help:h", OtherSubcommand: e, Subcommands: subs(pairs...)}
	}
	// bw (Bitwarden CLI, commander.js): options anywhere, short flags
	// bundle; every command but status, generate, encode and completion
	// talks to the vault.
	const bwGlobal = "--pretty --raw --response --cleanexit --quiet --nointeraction --session= -h|--help:h"
	bwDoes := func(e Effect) *Spec {
		return &Spec{Effect: e, Permute: true, Loose: true, Operands: "-*", Options: bwGlobal}
	}
	// lpass (lastpass-cli 1.3): each command reads its options with
	// getopt_long (permuted, unique prefixes).
	lpassDoes := func(e Effect, opts string) *Spec {
		return &Spec{Effect: e, Permute: true, Abbrev: true, Loose: e != None, Operands: "-*", Options: "--color= --sync= -h|--help:h " + opts}
	}
	// gopass 1.15 (urfave/cli v2 over Go's flag package): -flag and
	// --flag alike, no bundling; the options stop at the first operand.
	// gopass NAME shows a secret, and find shows the one it finds.
	gopassDoes := func(e Effect) *Spec {
		return &Spec{Effect: e, LongDash: true, Loose: true, Operands: "-*", Options: "-h|-help|--help:h"}
	}
	// gopass delete|rm|remove -r|--recursive -f|--force (docs/commands/
	// delete.md); move and copy take -f|--force to overwrite.
	gopassDelete := func() *Spec {
		return deletes("gopass", &Spec{Effect: Config, LongDash: true, Loose: true, Operands: "-*", Options: goFlags("-r|-recursive -f|-force -h|-help:h")},
			[]string{"gopass rm x", "gopass rm -f x", "gopass delete -recursive web", "gopass remove --force x", "gopass rm -r -f web"},
			[]string{"gopass ls", "gopass mv a b", "gopass rm --help"})
	}
	gopassMove := func() *Spec {
		return &Spec{Effect: Config, LongDash: true, Loose: true, Operands: "-*", Options: goFlags("-f|-force -h|-help:h"),
			Raises: []Raise{{Kind: danger.FileOverwrite, Why: "gopass overwrites a secret in the store", With: "--force",
				Flagged: []string{"gopass mv -f a b", "gopass copy --force a b", "gopass cp -force a b", "gopass move -f a b"}, Passes: []string{"gopass mv a b", "gopass cp a b"}}}}
	}
	// secret-tool (libsecret 0.20.5, GOption; observed: --al is refused,
	// -a is --all): options anywhere, no prefixes.
	secretTool := func(e Effect, opts string) *Spec {
		return &Spec{Effect: e, Permute: true, Operands: "-*", Options: "-h|--help:h " + opts}
	}
	add(
		&Spec{Names: n("security"), Options: "-h:h -i -l -q -v -p=", OtherSubcommand: Unknown,
			Subcommands: subs("find-generic-password", keychainItem(""), "find-internet-password", keychainItem("-d= -p= -P= -r= -t="),
				"dump-keychain", &Spec{Effect: Unknown, Operands: "r*", Options: "-h:h -a -d -i -r"},
				"export", &Spec{Effect: Unknown, Operands: "-*", Options: "-h:h -k=r -t= -f= -w -p -P= -o=w -q"},
				"delete-keychain", &Spec{Effect: Delete, Operands: "d*", Options: "-h:h",
					Raises: []Raise{{Kind: danger.FileOverwrite, Why: "security deletes a keychain and the passwords in it",
						Flagged: []string{"security delete-keychain login.keychain", "/usr/bin/security delete-keychain ~/Library/Keychains/login.keychain-db", "security -q delete-keychain x.keychain"},
						Passes:  []string{"security list-keychains", "security delete-keychain -h"}}}}),
			Flagged: []string{"security find-generic-password -s github -w", "security -q find-internet-password -gs example.com", "security dump-keychain -d", "security delete-keychain login.keychain"}},
		// age 1.1.1 reads its options with Go's flag package (observed):
		// -d, -decrypt and --decrypt alike, -o=FILE and -o FILE but not
		// -oFILE, no bundling (-di is refused), no prefixes (--dec is
		// refused), and the options stop at the input file.
		&Spec{Names: n("age"), LongDash: true, Operands: "r?",
			Options: "-d|-decrypt|--decrypt -e|-encrypt|--encrypt -o|-output|--output=w -a|-armor|--armor -p|-passphrase|--passphrase " +
				"-r|-recipient|--recipient= -R|-recipients-file|--recipients-file=r -i|-identity|--identity=r -j= -h:h -help:h --help:h -version:h --version:h",
			ReadOnly: []string{"age --version", "age -r age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p notes.txt"},
			Flagged:  []string{"age -d -i key.txt secrets.age", "age --decrypt -i key.txt -o out.txt secrets.age", "age -e -r age1x -o notes.age notes.txt"}},
		&Spec{Names: n("pass"), OtherSubcommand: Unknown, Grant: Grant{Exact: true, Offers: []string{"pass ls => Bash(pass ls)"}},
			Options: "--help:h --version:h -c|--clip? -q|--qrcode?",
			Subcommands: subs("show", passShow, "ls", passShow, "list", passShow, "find", passFind, "search", passFind,
				"grep", &Spec{Effect: Unknown, Loose: true, Permute: true, Operands: "-*"},
				"insert", passChange("-m|--multiline -e|--echo -f|--force"), "add", passChange("-m|--multiline -e|--echo -f|--force"),
				"generate", passChange("-n|--no-symbols -q|--qrcode -c|--clip -i|--in-place -f|--force"),
				"delete", passDelete(), "rm", passDelete(), "remove", passDelete(),
				"rename", passMove("pass"), "mv", passMove("pass"), "copy", passMove("pass"), "cp", passMove("pass"),
				"init", passChange("-p|--path="), "edit", &Spec{Effect: Exec, Operands: "-*"}, "git", &Spec{Effect: Exec, Loose: true, Operands: "-*"},
				"help", &Spec{Operands: "-*"}, "version", &Spec{Operands: "-*"}),
			ReadOnly: []string{"pass", "pass ls", "pass list", "pass find github", "pass --version"},
			Flagged: []string{"pass show email/work", "pass email/work", "pass -c email/work", "pass ls email/work", "pass show --clip=2 email/work", "pass show --cl email/work",
				"pass insert -m x", "pass generate -n x 20", "pass rm -rf x", "pass git push", "pass edit x", "pass grep token"}},
		&Spec{Names: n("gopass"), OtherSubcommand: Unknown, Effect: Unknown, LongDash: true, Grant: Grant{Exact: true, Offers: []string{"gopass ls => Bash(gopass ls)"}},
			Options: "-h|-help|--help:h -v|-version|--version:h",
			Subcommands: subs("ls", &Spec{LongDash: true, Operands: "-?", Options: "-f|-flat|--flat -d|-folders|--folders -s|-strip-prefix|--strip-prefix -l|-limit|--limit= -h|-help|--help:h"},
				"list", &Spec{LongDash: true, Operands: "-?", Options: "-f|-flat|--flat -d|-folders|--folders -s|-strip-prefix|--strip-prefix -l|-limit|--limit= -h|-help|--help:h"},
				"version", &Spec{LongDash: true}, "pwgen", &Spec{LongDash: true, Operands: "-?", Options: "-o|-one-per-line|--one-per-line -x|-xkcd|--xkcd -l|-lang|--lang= -s|-sep|--sep= -h|-help|--help:h"},
				"show", gopassDoes(Unknown), "cat", gopassDoes(Unknown), "otp", gopassDoes(Unknown), "totp", gopassDoes(Unknown), "find", gopassDoes(Unknown), "search", gopassDoes(Unknown),
				"audit", gopassDoes(Unknown), "grep", gopassDoes(Unknown), "env", gopassDoes(Exec), "edit", gopassDoes(Exec), "set", gopassDoes(Exec),
				"insert", gopassDoes(Config), "generate", gopassDoes(Config), "create", gopassDoes(Config), "new", gopassDoes(Config), "delete", gopassDelete(),
				"rm", gopassDelete(), "remove", gopassDelete(), "move", gopassMove(), "mv", gopassMove(), "copy", gopassMove(), "cp", gopassMove(),
				"init", gopassDoes(Config), "setup", gopassDoes(Config), "config", gopassDoes(Config), "recipients", gopassDoes(Config), "mounts", gopassDoes(Config),
				"fsck", gopassDoes(Config), "git", gopassDoes(Network), "sync", gopassDoes(Network), "clone", gopassDoes(Network)),
			ReadOnly: []string{"gopass ls", "gopass list -flat", "gopass ls -limit 2"},
			Flagged:  []string{"gopass show x", "gopass x", "gopass cat x", "gopass find gh", "gopass insert x", "gopass rm -f x", "gopass env x make", "gopass sync"}},
		&Spec{Names: n("bw"), OtherSubcommand: Unknown, Talk: Talk{Beyond: true, Examples: []string{"bw sync => undecided"}}, Grant: Grant{Exact: true, Offers: []string{"bw status => Bash(bw status)"}},
			Options: bwGlobal + " -v|--version:h",
			Subcommands: subs("status", &Spec{Permute: true, Options: bwGlobal}, "completion", &Spec{Permute: true, Options: bwGlobal + " --shell="}, "encode", &Spec{Permute: true, Options: bwGlobal},
				"generate", &Spec{Permute: true, Options: bwGlobal + " -u|--uppercase -l|--lowercase -n|--number -s|--special -p|--passphrase -c|--capitalize --includeNumber --length= --words= --minNumber= --minSpecial= --separator= --ambiguous"},
				"get", bwDoes(Unknown), "list", bwDoes(Unknown), "export", bwDoes(Unknown), "serve", bwDoes(Network), "sync", bwDoes(Network), "receive", bwDoes(Network),
				"login", bwDoes(Config), "logout", bwDoes(Config), "lock", bwDoes(Config), "unlock", bwDoes(Unknown), "config", bwDoes(Config), "update", bwDoes(Network),
				"create", bwDoes(Network), "edit", bwDoes(Network), "delete", bwDoes(Network), "restore", bwDoes(Network), "move", bwDoes(Network), "confirm", bwDoes(Network),
				"import", bwDoes(Network), "share", bwDoes(Network), "send", bwDoes(Network)),
			ReadOnly: []string{"bw status", "bw --version", "bw generate -ulns --length 24", "bw status --raw"},
			Flagged:  []string{"bw get password github", "bw --session=abc get item x", "bw list items", "bw export --format json", "bw unlock --raw", "bw delete item x", "bw sync"}},
		&Spec{Names: n("lpass"), OtherSubcommand: Unknown, Talk: Talk{Beyond: true, Examples: []string{"lpass sync => undecided"}}, Grant: Grant{Exact: true, Offers: []string{"lpass status => Bash(lpass status)"}},
			Options: "-h|--help:h -v|--version:h",
			Subcommands: subs("status", lpassDoes(None, "-q|--quiet"), "ls", lpassDoes(Network, ""), "show", lpassDoes(Unknown, ""), "export", lpassDoes(Unknown, ""),
				"login", lpassDoes(Config, ""), "logout", lpassDoes(Config, ""), "passwd", lpassDoes(Config, ""),
				"add", lpassDoes(Network, ""), "edit", lpassDoes(Network, ""), "generate", lpassDoes(Network, ""), "duplicate", lpassDoes(Network, ""), "rm", lpassDoes(Network, ""),
				"mv", lpassDoes(Network, ""), "import", lpassDoes(Network, ""), "share", lpassDoes(Network, ""), "sync", lpassDoes(Network, "")),
			ReadOnly: []string{"lpass status", "lpass status -q", "lpass --version"},
			Flagged:  []string{"lpass show --password github", "lpass show -c github", "lpass export", "lpass ls", "lpass rm x", "lpass login me@example.com"}},
		&Spec{Names: n("secret-tool"), OtherSubcommand: Unknown, Grant: Grant{Exact: true, Offers: []string{"secret-tool search service x => Bash(secret-tool search service x)"}},
			Options: "-h|--help:h",
			Subcommands: subs("lookup", secretTool(Unknown, ""), "search", secretTool(Unknown, "-a|--all -u|--unlock"), "store", secretTool(Config, "-l|--label= -c|--collection="),
				"clear", secretTool(Config, ""), "lock", secretTool(Config, "-c|--collection=")),
			Flagged: []string{"secret-tool lookup service github", "secret-tool search --all service x", "secret-tool search service x -a", "secret-tool store --label=x service y", "secret-tool clear service x"}},
		&Spec{Names: n("vault"), OtherSubcommand: Unknown, LongDash: true, Loose: true, Talk: Talk{API: true, Examples: []string{"vault status => allow", "vault kv put secret/x a=b => undecided"}},
			Grant:   Grant{Depth: 2, Offers: []string{"vault kv list secret/ => Bash(vault kv list:*)"}},
			Options: "-h|-help|--help:h -v|-version|--version:h",
			Subcommands: subs("read", vaultDoes(Unknown), "unwrap", vaultDoes(Unknown), "login", vaultDoes(Unknown), "ssh", vaultDoes(Exec), "server", vaultDoes(Network), "agent", vaultDoes(Network), "proxy", vaultDoes(Network),
				"status", vaultDoes(Network), "version", &Spec{LongDash: true, Options: "-h|-help|--help:h"}, "list", vaultDoes(Network), "path-help", vaultDoes(Network), "write", vaultDoes(Network), "patch", vaultDoes(Network), "delete", vaultDoes(Network),
				"kv", vaultGroup(Network, "get", vaultDoes(Unknown), "list", vaultDoes(Network), "put", vaultDoes(Network), "patch", vaultDoes(Network), "delete", vaultDoes(Network), "destroy", vaultDoes(Network), "metadata", vaultDoes(Network)),
				"token", vaultGroup(Network, "create", vaultDoes(Unknown), "lookup", vaultDoes(Network), "capabilities", vaultDoes(Network), "renew", vaultDoes(Network), "revoke", vaultDoes(Network)),
				"print", vaultDoes(Unknown), "secrets", vaultDoes(Network), "auth", vaultDoes(Network), "policy", vaultDoes(Network), "audit", vaultDoes(Network), "lease", vaultDoes(Network),
				"operator", vaultDoes(Network), "namespace", vaultDoes(Network), "plugin", vaultDoes(Network), "pki", vaultDoes(Network), "transit", vaultDoes(Network)),
			ReadOnly: []string{"vault version", "vault --version", "vault -h"},
			Flagged: []string{"vault read secret/app", "vault kv get -field=password secret/prod/db", "vault kv get --field password secret/prod/db", "vault token create", "vault print token",
				"vault -namespace=admin status", "vault kv put secret/app a=b", "vault secrets disable kv/", "vault ssh -role x host"}},
		// gpg 2.2.40 (observed): GnuPG's argparse takes unique prefixes of
		// long options (--list-k lists keys, --export-secret-k exports
		// secret keys), bundles short ones (-kv), and stops at the first
		// operand ("'--list-packets' is not considered an option"). Its
		// commands are options: the listings and --verify only read;
		// the rest decrypt, sign, or change the keyring. A decryption
		// prints what it reads.
		&Spec{Names: n("gpg", "gpg2"), Effect: Unknown, Loose: true, Abbrev: true, Prints: true, Operands: "r*", Grant: Grant{Exact: true, Offers: []string{"gpg --list-keys => Bash(gpg --list-keys)"}},
			ReadWith: "--list-keys --list-secret-keys --fingerprint --list-sigs --check-sigs --list-packets --verify --list-config",
			Options: "-k|--list-keys|--list-public-keys -K|--list-secret-keys --fingerprint --list-sigs --check-sigs --list-packets --verify --list-config --with-colons " +
				"--keyid-format= --with-fingerprint --with-subkey-fingerprint --with-keygrip --with-secret --list-options= --verify-options= -v|--verbose -q|--quiet -a|--armor --batch --yes --no-tty " +
				"--status-fd= --homedir= -s|--sign -b|--detach-sign --clear-sign|--clearsign -e|--encrypt -c|--symmetric -d|--decrypt --export --export-ssh-key " +
				"--export-secret-keys:u --export-secret-subkeys:u --gen-revoke:u --generate-revocation:u --import:c --import-ownertrust:c --update-trustdb:c --gen-key:c --generate-key:c " +
				"--full-gen-key:c --full-generate-key:c --quick-gen-key:c --quick-generate-key:c --edit-key:c --sign-key:c --lsign-key:c --delete-keys:c --delete-key:c " +
				"--delete-secret-keys:c --delete-secret-and-public-keys:c --recv-keys:n --receive-keys:n --refresh-keys:n --send-keys:n --search-keys:n --fetch-keys:n " +
				"-o|--output=w -r|--recipient= -u|--local-user= --default-key= --passphrase= --passphrase-file=r --passphrase-fd= --pinentry-mode= --keyring=r --secret-keyring=r " +
				"--trust-model= --keyserver=n --options=u --exec-path=x --photo-viewer=x --list-only -n|--dry-run -h|--help:h --version:h --dump-options:h",
			ReadOnly: []string{"gpg --list-keys", "gpg -k", "gpg --list-k", "gpg -K --with-colons", "gpg --fingerprint alice@example.com", "gpg --verify file.sig file", "gpg --version"},
			Flagged: []string{"gpg -d secrets.gpg", "gpg --decrypt secrets.gpg", "gpg --import key.asc", "gpg --export-secret-keys -a alice", "gpg --export-secret-k alice", "gpg --recv-keys ABCD",
				"gpg -e -r bob file.txt", "gpg --list-keys --delete-keys bob", "gpg -k --options /tmp/x.conf", "gpg secrets.gpg"}},
	)
})
