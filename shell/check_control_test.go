package shell

import (
	"slices"
	"testing"
)

// TestControlFileRoutes covers the routes by which a command writes an
// agent control file: each must carry agent-config-tamper; the
// look-alikes must not.
func TestControlFileRoutes(t *testing.T) {
	tests := []struct {
		cmd  string
		want bool
	}{
		{"echo '{}' > .claude/settings.json", true},
		// A part not understood that is given a control file may write it.
		{"printf '{}' | sponge .claude/settings.json", true},
		{"yq -i '.permissions.allow += [\"Bash\"]' .claude/settings.json", true},
		{"frob --out=.mcp.json data", true},
		{"cat .claude/settings.json", false},
		{"jq .permissions .claude/settings.json", false},
		{"frob notes.md", false},
		// Perl's and Ruby's open for writing.
		{"perl -e 'open F, \">.claude/settings.json\"; print F 1'", true},
		{"perl -e 'open(my $f, \">>\", \".mcp.json\")'", true},
		{"perl -ne 'print if /x/' .claude/settings.json", false},
		{"echo x >> ~/.bashrc", true},
		{"tee -a ~/.zshrc < x", true},
		{"cp evil.json .warden/settings.local.json", true},
		{"mv x .claude/settings.local.json", true},
		{"mv .warden /tmp/w", true},
		{"rm .claude/settings.json", true},
		{"install -m 755 hook .git/hooks/pre-commit", true},
		{"touch .git/hooks/post-checkout", true},
		{"sed -i 's/a/b/' .git/config", true},
		{"perl -pi -e 's/a/b/' .warden/settings.json", true},
		{"ruby -i -pe 'x' .claude/settings.json", true},
		{"dd of=.claude/settings.json", true},
		{"truncate -s0 ~/.bashrc", true},
		{"rsync x ~/.bashrc", true},
		{"ln -s ~/.bashrc x && echo evil >> x", true},
		{"ln -sf /tmp/evil .claude/settings.json", true},
		{"cd .claude && echo '{}' > settings.json", true},
		{"echo x > AGENTS.md", true},
		{"echo x > .vscode/tasks.json", true},
		{"echo x > ~/.codex/config.toml", true},
		{"echo x > ~/.config/systemd/user/x.service", true},
		{"echo x > ~/.ssh/authorized_keys", true},
		{"echo '* * * * * x' | crontab -", true},
		{"crontab evil.cron", true},
		{"systemctl --user enable evil.service", true},
		{"git config core.hooksPath .githooks", true},
		{"git config --global core.pager 'sh -c id'", true},
		{"git config alias.st '!sh -c id'", true},
		{"warden grants add 'Bash'", true},
		{"./bin/warden grants revoke g-1", true},
		{"warden init claude-code --command true", true},
		{"go run ./cmd/warden grants add Bash", true},
		{"sudo warden init claude-code", true},
		{"warden serve --addr 127.0.0.1:7878", true},
		{"nohup warden serve &", true},
		{"claude mcp add evil -- /tmp/x", true},
		{"codex mcp add x -- y", true},
		{"claude config set -g autoUpdates false", true},
		{`python3 -c 'open(".warden/settings.local.json","w").write("{}")'`, true},
		{`awk 'BEGIN{print "x" > ".warden/settings.local.json"}'`, true},
		// Into a directory, under the source's own name.
		{"cp sub/CLAUDE.md .", true},
		{"cp /tmp/.mcp.json ./", true},
		{"ln -s /tmp/x/CLAUDE.md .", true},
		{"install -m 644 dotfiles/.bashrc ~", true},
		{"cp -t . vendor/AGENTS.md", true},
		{"rsync -v /tmp/.cursorrules .", true},
		// Files a sed script writes.
		{"sed -n 'w .claude/settings.json' notes.txt", true},
		{"sed 's/a/b/w .git/hooks/pre-commit' notes.txt", true},
		{"sed -e p -e 'W /home/dev/.bashrc' notes.txt", true},
		// Programs that write names from their input into a directory.
		{"tar -xf x.tar -C .claude", true},
		{"tar xf x.tar --directory=.git/hooks", true},
		{"bsdtar -x -f x.tar -C .warden", true},
		{"unzip -o x.zip -d .git/hooks", true},
		{"7z x a.7z -o.claude", true},
		{"git clone https://example.com/x .claude", true},
		{"git worktree add .claude", true},
		{"git submodule add https://example.com/x .cursor", true},
		{"git mv notes.md CLAUDE.md", true},
		{"git mv x.json .claude/settings.json", true},
		{"cpio -i --no-absolute-filenames -D .claude < x.cpio", true},
		{"find . | cpio -pdm .git/hooks", true},
		{"bsdcpio -i -D .git/hooks < x.cpio", true},
		{"ar x lib.a --output .git/hooks", true},
		{"jar --extract --file app.jar --dir .claude", true},
		{"unrar x a.rar .claude/", true},
		{"arj e a.arj .git/hooks/", true},
		{"dpkg-deb -x pkg.deb .claude", true},
		{"dpkg-deb -R pkg.deb .git/hooks", true},
		{"cabextract -d .git/hooks x.cab", true},
		{"zstd -d x.zst -o ~/.bashrc", true},
		{"zstd -d --output-dir-flat .git/hooks x.zst", true},
		{"lz4 -d x.lz4 .git/hooks/pre-commit", true},
		{"cp -T hook .git/hooks/pre-commit", true},
		// Look-alikes.
		{"tar -xzf deps.tgz -C vendor", false},
		{"tar -czf out.tgz -C .claude .", false},
		{"unzip -l x.zip -d .claude", false},
		{"git mv a.go b.go", false},
		{"cpio -it -D .claude < x.cpio", false},
		{"cpio -o -D .claude < list > out.cpio", false},
		{"dpkg-deb -c pkg.deb .claude", false},
		{"cabextract -l -d .claude x.cab", false},
		{"ar t lib.a", false},
		{"zstd -d x.zst -o out.txt", false},
		{"git clone https://example.com/claude.git", false},
		{"cp README.md docs/", false},
		{"sed 's/w .claude/x/' notes.txt", false},
		{"sed -n 'w /dev/stdout' notes.txt", false},
		{"cp sub/CLAUDE.md docs/claude-notes.md", false},
		{"cat .claude/settings.json", false},
		{"ls .git/hooks", false},
		{"git config user.email a@b.c", false},
		{"git config --get core.hooksPath", false},
		{"crontab -l", false},
		{"warden scan", false},
		{"warden grants list", false},
		{"warden check '{}'", false},
		{"claude mcp list", false},
		{"systemctl --user status x", false},
		{"echo x > docs/claude-notes.md", false},
		{"echo x > src/.bashrc.example", false},
		{"perl -ne 'print' .claude/settings.json", false},
		{"cp .claude/settings.json /tmp/backup.json", false},
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			an := Analyze(tt.cmd, testOpts)
			got := slices.Contains(categories(an), "agent-config-tamper")
			if got != tt.want {
				t.Errorf("agent-config-tamper = %v, want %v: %v", got, tt.want, an.Findings)
			}
		})
	}
}
