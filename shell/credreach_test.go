package shell

import "testing"

// TestCredentialReach holds the reads that reach credentials without
// naming one: a pattern that can match one, a directory holding some that
// the program reads recursively, a copy of either, find -exec below one,
// and Warden's own secret files. Each must be flagged credential-access;
// the look-alikes (names only, public keys, the project) must not be.
func TestCredentialReach(t *testing.T) {
	opts := testOpts
	opts.Secrets = []string{"/home/dev/.config/warden-serve/approver.token"}
	tests := []struct {
		cmd  string
		flag bool
	}{
		{"cat ~/.ssh/*", true},
		{"head -c 4096 ~/.ssh/*", true},
		{"sort ~/.aws/*", true},
		{"less /home/*/.ssh/id_rsa", true},
		{"cat /proc/*/environ", true},
		{"bat ~/.*/credentials", true},
		{"grep -r . ~/.aws", true},
		{"grep -R password ~/.config/gh", true},
		{"grep --recursive token ~", true},
		{"rg -uu token ~/.config", true},
		{"ag secret ~/.ssh", true},
		{"diff -r ~/.aws /tmp/old-aws", true},
		{"cp -r ~/.aws ./aws-backup", true},
		{"cp ~/.ssh/* keys/", true},
		{"rsync -a ~/.ssh/ ./ssh/", true},
		{"zip -r keys.zip ~/.ssh", true},
		{"7z a keys.7z ~/.gnupg", true},
		{"find ~/.ssh -type f -exec cat {} +", true},
		{"find ~/.aws -exec grep -H key {} ;", true},
		{"cat ~/.config/warden-serve/*", true},
		{"cat ~/.config/warden-serve/approver.token", true},
		{"grep -r . ~/.config/warden-serve", true},
		{"while read l; do echo $l; done < ~/.ssh/id_rsa", true},
		{"mapfile -t a < ~/.netrc; echo \"${a[@]}\"", true},
		{"echo \"$(<~/.ssh/id_rsa)\"", true},
		{"exec 3< ~/.ssh/id_rsa; cat <&3", true},
		{"read -r key < ~/.aws/credentials", true},
		{"tar czf keys.tgz ~/.ssh", true},
		{"tar -rf backup.tar ~/.aws", true},
		{"cmp -l ~/.ssh/id_rsa /dev/zero", true},
		// Printed into a file: a copy, as cp ~/.ssh/id_rsa x is, in every
		// spelling of the redirection and the program.
		{"cat ~/.ssh/id_rsa > x", true},
		{"cat ~/.ssh/id_rsa > /tmp/x", true},
		{"cat ~/.ssh/id_rsa >> x", true},
		{"cat ~/.ssh/id_rsa 1> x", true},
		{"cat ~/.ssh/id_rsa &> x", true},
		{"cat ~/.ssh/id_rsa >| x", true},
		{"> x cat ~/.ssh/id_rsa", true},
		{"/bin/cat ~/.ssh/id_rsa > x", true},
		{"command cat ~/.ssh/id_rsa > x", true},
		{"env cat ~/.ssh/id_rsa > x", true},
		{"head -c 5000 ~/.ssh/id_rsa > x", true},
		{"sort ~/.aws/credentials > creds.txt", true},
		{"{ cat ~/.ssh/id_rsa; } > x", true},
		// Look-alikes.
		{"cat ~/.ssh/id_rsa > /dev/null", false},
		{"cat ~/.ssh/id_rsa.pub > x", false},
		{"cat README.md > x", false},
		{"wc -c < ~/.ssh/id_rsa", false},
		{"sha256sum < ~/.ssh/id_ed25519", false},
		{"cmp -s ~/.ssh/id_rsa backup/id_rsa", false},
		{"while read l; do echo $l; done < notes.txt", false},
		{"tar czf src.tgz src", false},
		{"tar -tf keys.tgz", false},
		{"cat ~/.ssh/*.pub", false},
		{"cat ~/.ssh/known_hosts", false},
		{"ls -la ~/.ssh ~/.aws", false},
		{"wc -l ~/.ssh/*", false},
		{"grep -rn TODO src/", false},
		{"rg -n handler", false},
		{"cat src/*", false},
		{"cat logs/*.*", false},
		{"cp -r ~/.config/nvim ./nvim", false},
		{"grep token ~/.config/app.toml", false},
		{"find . -name '*.go' -exec cat {} +", false},
		{"cat ~/.config/warden-serve/README", false},
	}
	for _, tt := range tests {
		an := Analyze(tt.cmd, opts)
		got := false
		for _, f := range an.Findings {
			got = got || f.Category == "credential-access"
		}
		if got != tt.flag {
			t.Errorf("%s: credential-access %v, want %v (%v)", tt.cmd, got, tt.flag, an.Findings)
		}
	}
}
