package programs

// Secret stores and encryption tools. What prints a secret (a decrypt to
// the terminal, a keychain password) is judged by the danger catalogue
// (shell/check_cloud.go, checkSecrets), which reads the options declared
// here in every spelling.

var _ = family("secrets", func(add func(...*Spec)) {
	// macOS security(1): getopt without long options; the options stop at
	// the first operand (the keychains), and short flags bundle (-gw).
	keychainItem := func(o string) *Spec {
		return &Spec{Effect: Unknown, Operands: "r*", Options: "-h:h -a= -c= -C= -D= -G= -j= -l= -s= -g -w " + o}
	}
	add(
		&Spec{Names: n("security"), Options: "-h:h -i -l -q -v -p=", OtherSubcommand: Unknown,
			Subcommands: subs("find-generic-password", keychainItem(""), "find-internet-password", keychainItem("-d= -p= -P= -r= -t="),
				"dump-keychain", &Spec{Effect: Unknown, Operands: "r*", Options: "-h:h -a -d -i -r"},
				"export", &Spec{Effect: Unknown, Operands: "-*", Options: "-h:h -k=r -t= -f= -w -p -P= -o=w -q"},
				"delete-keychain", &Spec{Effect: Delete, Operands: "d*", Options: "-h:h"}),
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
	)
})
