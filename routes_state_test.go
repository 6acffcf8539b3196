package warden_test

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/policytest"
)

// stateProbe is one command whose meaning depends on the shell's state or
// on what a program's name is on disk. want is the decision it must not
// fall below: "stop" (anything but allow), "deny", or "allow" for a
// look-alike that must run unasked.
type stateProbe struct {
	family, cmd, want string
	// settings, when set, are the project's settings file.
	settings string
}

// stateProbes are the families of the shell-state and program-identity
// routes. Every probe runs in a project laid out by stateLayout, in default
// mode. The look-alikes ("allow") are the everyday forms the same state
// takes, which must stay unasked.
var stateProbes = []stateProbe{
	// PATH, however it is set, decides what a later bare name runs.
	{"path", `PATH=bin; ls -c 'touch pwned'`, "stop", ""},
	{"path", `PATH=bin:$PATH; ls -c 'touch pwned'`, "stop", ""},
	{"path", `PATH="$PWD/bin:$PATH"; ls -c 'touch pwned'`, "stop", ""},
	{"path", `for PATH in bin; do ls -c 'touch pwned'; done`, "stop", ""},
	{"path", `read PATH <<< bin; ls -c 'touch pwned'`, "stop", ""},
	{"path", `IFS=: read -r PATH rest <<< bin:x; ls -c 'touch pwned'`, "stop", ""},
	{"path", `printf -v PATH bin; ls -c 'touch pwned'`, "stop", ""},
	{"path", `declare PATH=bin; ls -c 'touch pwned'`, "stop", ""},
	{"path", `typeset PATH=bin; ls -c 'touch pwned'`, "stop", ""},
	{"path", `export PATH=bin; ls -c 'touch pwned'`, "stop", ""},
	{"path", `declare -x PATH=bin; ls -c 'touch pwned'`, "stop", ""},
	{"path", `readonly PATH=bin; ls -c 'touch pwned'`, "stop", ""},
	{"path", `f() { local PATH=bin; ls -c 'touch pwned'; }; f`, "stop", ""},
	{"path", `mapfile -t PATH <<< bin; ls -c 'touch pwned'`, "stop", ""},
	{"path", `readarray PATH <<< bin; ls -c 'touch pwned'`, "stop", ""},
	{"path", `eval PATH=bin; ls -c 'touch pwned'`, "stop", ""},
	{"path", `eval "PATH=bin"; ls -c 'touch pwned'`, "stop", ""},
	{"path", `declare -n p=PATH; p=bin; ls -c 'touch pwned'`, "stop", ""},
	{"path", `PATH=bin${PATH:+:$PATH}; ls -c 'touch pwned'`, "stop", ""},
	{"path", `cd bin && PATH=.; ls -c 'touch pwned'`, "stop", ""},
	{"path", `PATH=:$PATH; cd bin; ls -c 'touch pwned'`, "stop", ""},
	{"path", `PATH=$(echo bin); ls`, "stop", ""},
	{"path", `PATH=$HOME/bin2:$PATH; ls -c 'touch pwned'`, "stop", ""},
	{"path", `PATH=bin command ls -c 'touch pwned'`, "stop", ""},
	{"path", `PATH=$PATH:$PWD/bin; EXECIGNORE='/usr/bin/*:/bin/*'; ls -c 'touch pwned'`, "stop", ""},
	// A declaration's word that is an assignment once expanded.
	{"path", `declare "PATH=bin"; ls -c 'touch pwned'`, "stop", ""},
	{"path", `export "PATH=bin"; ls -c 'touch pwned'`, "stop", ""},
	{"path", `export 'PATH'=bin; ls -c 'touch pwned'`, "stop", ""},
	{"path", `declare {PATH,X}=bin; ls -c 'touch pwned'`, "stop", ""},
	{"path", `export {X,PATH}=bin; ls -c 'touch pwned'`, "stop", ""},
	{"path", `p=PATH; declare "$p=bin"; ls -c 'touch pwned'`, "stop", ""},
	{"path", `p=PATH; export $p=bin; ls -c 'touch pwned'`, "stop", ""},
	{"path", `typeset "PATH=bin:$PATH"; ls -c 'touch pwned'`, "stop", ""},
	{"path", `declare "$1=bin"; ls -c 'touch pwned'`, "stop", ""},
	{"path", `declare -n p; p=PATH; p=bin; ls -c 'touch pwned'`, "stop", ""},
	{"path", `f() { local -n p; p=PATH; p=bin; ls -c 'touch pwned'; }; f`, "stop", ""},
	// Arithmetic and coproc assign in the shell itself.
	{"path", `((PATH=1)); ls -c 'touch pwned'`, "stop", ""},
	{"path", `let PATH=1; ls -c 'touch pwned'`, "stop", ""},
	{"path", `let 'PATH=1'; ls -c 'touch pwned'`, "stop", ""},
	{"path", `((PATH++)); ls -c 'touch pwned'`, "stop", ""},
	{"path", `: $((PATH=1)); ls -c 'touch pwned'`, "stop", ""},
	{"path", `for ((PATH=1;;)); do ls -c 'touch pwned'; break; done`, "stop", ""},
	{"path", `coproc PATH { :; }; ls -c 'touch pwned'`, "stop", ""},
	{"path", `[[ 1 -eq PATH=1 ]]; ls -c 'touch pwned'`, "stop", ""},
	{"path", `declare -i x=PATH=1; ls -c 'touch pwned'`, "stop", ""},
	{"path", `a[PATH=1]=x; ls -c 'touch pwned'`, "stop", ""},
	{"path", `x=abc; echo ${x:PATH=1}; ls -c 'touch pwned'`, "stop", ""},
	{"path", `x=PATH=1; ((x)); ls -c 'touch pwned'`, "stop", ""},
	{"path", `n=4; [[ $n -gt 3 ]] && ls`, "allow", ""},
	{"path", `declare -i n=5+1; ls`, "allow", ""},
	// wait -p NAME assigns a process id: ln -s bin $! makes it a directory.
	{"path", `sleep 0 & ln -s bin $!; wait -n -p PATH; ls -c 'touch pwned'`, "stop", ""},
	{"path", `sleep 0 & wait -np PATH; ls -c 'touch pwned'`, "stop", ""},
	{"path", `sleep 0 & wait -n -pPATH; ls -c 'touch pwned'`, "stop", ""},
	{"hash", `sleep 0 & wait -n -p 'BASH_CMDS[ls]'; ls`, "stop", ""},
	// {NAME}>file assigns NAME a descriptor number (10 and up).
	{"path", `ln -s bin 10; : {PATH}>/dev/null; ls -c 'touch pwned'`, "stop", ""},
	{"path", `exec {PATH}>/dev/null; ls -c 'touch pwned'`, "stop", ""},
	{"path", `true {PATH}</dev/null; ls -c 'touch pwned'`, "stop", ""},
	{"hash", `: {BASH_CMDS}>/dev/null; ls`, "stop", ""},
	{"path", `: {fd}<notes.txt; cat <&$fd`, "allow", ""},
	{"path", `sleep 1 & wait -n -p pid; echo $pid`, "allow", ""},
	{"path", `sleep 1 & wait; jobs -p`, "allow", ""},
	{"path", `declare x=1 "y=2"; echo "$y"`, "allow", ""},
	{"path", `export -n X; ls`, "allow", ""},
	{"path", `i=0; ((i++)); cat notes.txt`, "allow", ""},
	{"path", `let i=1; echo $i`, "allow", ""},
	{"path", `coproc { :; }; ls`, "allow", ""},
	{"path", `PATH=/usr/bin:/bin; ls -la`, "allow", ""},
	{"path", `export PATH="/usr/local/bin:$PATH"; ls -la`, "allow", ""},
	{"path", `PATH=$PATH:/usr/sbin; ls`, "allow", ""},
	{"path", `ls -c notes.txt`, "allow", ""},
	// The hash table names the file a bare name runs.
	{"hash", `hash -p /bin/sh ls; ls -c 'touch pwned'`, "stop", ""},
	{"hash", `hash -p ./bin/ls ls; ls -c 'touch pwned'`, "stop", ""},
	{"hash", `hash -p /bin/sh grep; grep -c 'touch pwned' notes.txt`, "stop", ""},
	{"hash", `BASH_CMDS[ls]=/bin/sh; ls -c 'touch pwned'`, "stop", ""},
	{"hash", `BASH_CMDS=([ls]=/bin/sh); ls -c 'touch pwned'`, "stop", ""},
	{"hash", `declare -A BASH_CMDS=([cat]=/bin/sh); cat notes.txt`, "stop", ""},
	{"hash", `hash -lp /bin/sh ls; ls -c 'touch pwned'`, "stop", ""},
	{"hash", `hash -p/bin/sh ls; ls -c 'touch pwned'`, "stop", ""},
	{"hash", `hash -dp /bin/sh ls; ls -c 'touch pwned'`, "stop", ""},
	{"hash", `hash -p /bin/sh -- ls; ls -c 'touch pwned'`, "stop", ""},
	{"hash", `read 'BASH_CMDS[ls]' <<< /bin/sh; ls -c 'touch pwned'`, "stop", ""},
	{"hash", `IFS= read -r 'BASH_CMDS[cat]' <<< /bin/sh; cat notes.txt`, "stop", ""},
	{"hash", `hash -tp /bin/sh ls; ls`, "allow", ""},
	{"hash", `hash -d ls; ls`, "allow", ""},
	{"hash", `read -p 'name? ' -t 5 name; echo "$name"`, "allow", ""},
	{"hash", `hash -r; ls`, "allow", ""},
	{"hash", `hash ls; ls`, "allow", ""},
	// Aliases.
	{"alias", "shopt -s expand_aliases\nalias ls=sh\nls -c 'touch pwned'", "stop", ""},
	{"alias", "shopt -s expand_aliases; BASH_ALIASES[ls]=sh\nls -c 'touch pwned'", "stop", ""},
	{"alias", `BASH_ALIASES=([ls]=sh); shopt -s expand_aliases; eval "ls -c 'touch pwned'"`, "stop", ""},
	{"alias", `bash -i -c 'git status'`, "stop", ""},
	{"alias", `bash -ic ls`, "stop", ""},
	{"alias", `alias ll='ls -l'`, "allow", ""},
	// Builtins loaded or turned off.
	{"enable", `enable -f ./bin/x.so cat; cat notes.txt`, "stop", ""},
	{"enable", `BASH_LOADABLES_PATH=bin; enable -f x.so ls; ls`, "stop", ""},
	{"enable", `PATH=bin:$PATH; enable -n echo; echo -c 'touch pwned'`, "stop", ""},
	{"enable", `enable -n test; test -c id`, "allow", ""},
	// CDPATH sends a relative cd elsewhere.
	{"cdpath", `CDPATH=..; cd other && cat f`, "stop", ""},
	{"cdpath", `export CDPATH=..; cd other; cat f`, "stop", ""},
	{"cdpath", `CDPATH=.. cd other; cat f`, "stop", ""},
	{"cdpath", `CDPATH=$HOME; cd .aws && cat credentials`, "stop", ""},
	// cd sets PWD and OLDPWD, which $PWD, ~+, ~- and cd - read.
	{"cdpath", `PWD=$PWD; cd ~/.aws; cat "$PWD/credentials"`, "stop", ""},
	{"cdpath", `PWD=$PWD/src; cd ~/.aws; cat $PWD/credentials`, "stop", ""},
	{"cdpath", `PWD=$PWD/src; pushd ~/.aws; cat "$PWD"/credentials`, "stop", ""},
	{"cdpath", `PWD=$HOME/.aws; cat ~+/credentials`, "stop", ""},
	{"cdpath", `OLDPWD=$HOME/.aws; cat ~-/credentials`, "stop", ""},
	{"cdpath", `OLDPWD=$PWD/src; cd ~/.aws; cat ~-/../credentials`, "stop", ""},
	{"cdpath", `PWD=$PWD/src; cat ~+/main.go`, "allow", ""},
	{"cdpath", `cat ~+/notes.txt`, "allow", ""},
	{"cdpath", `x=$PWD; cd ~/.aws; cat "$x/notes.txt"`, "allow", ""},
	// ${NAME:=word} and ${NAME=word} assign in the shell itself.
	{"cdpath", `: ${CDPATH:=..}; cd other; cat f`, "stop", ""},
	{"cdpath", `: ${CDPATH=..}; cd other; cat f`, "stop", ""},
	{"cdpath", `echo ${CDPATH:=..}; cd other && cat f`, "stop", ""},
	{"cdpath", `x=${CDPATH:=..}; cd other; cat f`, "stop", ""},
	{"glob", `: ${GLOBIGNORE:=x}; cat *`, "stop", ""},
	{"options", `: "${BASH_ENV:=bin/env.sh}"; export BASH_ENV; bash -c ls`, "stop", ""},
	{"everyday", `: ${PAGER:='touch pwned'}; export PAGER; git log`, "stop", ""},
	{"everyday", `: ${GIT_PAGER:=$(cat notes.txt)}; export GIT_PAGER; git log`, "stop", ""},
	{"everyday", `: ${D:=build}; ls "$D"`, "allow", ""},
	{"everyday", `: ${PAGER:=less}; git log`, "allow", ""},
	{"everyday", `echo ${name:-default}`, "allow", ""},
	{"cdpath", `cd src && cat main.go`, "allow", ""},
	// Globbing options that make a glob reach hidden or other files.
	{"glob", `GLOBIGNORE=x; cat *`, "stop", ""},
	{"glob", `GLOBIGNORE=.; grep -h K *`, "stop", ""},
	{"glob", `shopt -s dotglob; cat *`, "stop", ""},
	{"glob", `shopt -s dotglob; head -5 *`, "stop", ""},
	{"glob", `shopt -s nocaseglob; cat .E*`, "stop", ""},
	{"glob", `shopt -s dotglob nullglob; cat *`, "stop", ""},
	{"glob", `BASHOPTS=dotglob bash -c 'cat *'`, "stop", ""},
	// The options a shell starts with are set's and shopt's.
	{"glob", `bash -O dotglob -c 'cat *'`, "stop", ""},
	{"glob", `bash -O nocaseglob -c 'cat .E*'`, "stop", ""},
	{"glob", `sh -c 'cat *' -O dotglob`, "allow", ""},
	{"glob", `bash -e -O dotglob -c 'head *'`, "stop", ""},
	{"options", `bash -a -c ls`, "stop", ""},
	{"options", `bash -o allexport -c ls`, "stop", ""},
	{"options", `bash -k -c 'bash -c ls BASH_ENV=bin/env.sh'`, "stop", ""},
	{"options", `bash -O "$o" -c ls`, "stop", ""},
	{"cdpath", `bash -O cdable_vars -c 'cd v; cat f'`, "stop", ""},
	{"glob", `bash +O dotglob -c 'cat *'`, "allow", ""},
	{"glob", `bash -O extglob -c 'ls'`, "allow", ""},
	{"options", `bash -euo pipefail -c ls`, "allow", ""},
	{"options", `bash -ex -c ls`, "allow", ""},
	{"glob", `shopt -s globstar; ls **/*.go`, "allow", ""},
	{"glob", `shopt -s nullglob; ls *.txt`, "allow", ""},
	{"glob", `cat *`, "allow", ""},
	// $"…" is translated with TEXTDOMAIN and TEXTDOMAINDIR.
	{"textdomain", `TEXTDOMAINDIR=$PWD/l; TEXTDOMAIN=t; $"ls" -c 'touch pwned'`, "stop", ""},
	{"textdomain", `export TEXTDOMAINDIR=l TEXTDOMAIN=t; $"cat" notes.txt`, "stop", ""},
	{"textdomain", `TEXTDOMAIN=t; $"cat" notes.txt`, "stop", ""},
	{"textdomain", `echo $"hello"`, "allow", ""},
	// Options and variables that run code later.
	{"options", `PS4='$(touch pwned)'; set -x; ls`, "stop", ""},
	{"options", `set -o xtrace; PS4='$(id)'; ls`, "stop", ""},
	{"options", `shopt -s extdebug; trap 'touch pwned' DEBUG; ls`, "stop", ""},
	{"options", `SHELLOPTS=xtrace PS4='$(touch x)' bash -c ls`, "stop", ""},
	{"options", `declare -x BASH_ENV=bin/env.sh; bash -c ls`, "stop", ""},
	{"options", `ENV=bin/env.sh sh -i -c ls`, "stop", ""},
	{"options", `set -euo pipefail; ls`, "allow", ""},
	{"options", `set -x; ls`, "allow", ""},
	{"options", `set +e; ls`, "allow", ""},
	{"options", `set -o errexit -o nounset; ls`, "allow", ""},
	// Arithmetic and subscripts run substitutions.
	{"arith", `x='a[$(touch pwned)]'; (( x ))`, "stop", ""},
	{"arith", `[[ -v 'a[$(touch pwned)]' ]]`, "stop", ""},
	{"arith", `printf -v 'a[$(touch pwned)]' x`, "stop", ""},
	{"arith", `declare -n r='a[$(touch pwned)]'; : $r`, "stop", ""},
	// A program named by a path is what is on disk there.
	{"identity", `bin/ls -c 'touch pwned'`, "stop", ""},
	{"identity", `./bin/ls -c 'touch pwned'`, "stop", ""},
	{"identity", `$PWD/bin/ls -c 'touch pwned'`, "stop", ""},
	{"identity", `bin/cat notes.txt`, "stop", ""},
	{"identity", `tools/make -n`, "stop", ""},
	{"identity", `./ls`, "stop", ""},
	{"identity", `./true`, "stop", ""},
	{"identity", `./node_modules/.bin/tsc --version`, "stop", ""},
	{"identity", `vendor/bin/grep -r x .`, "stop", ""},
	{"identity", `scripts/git status`, "stop", ""},
	{"identity", `cd bin && ./ls -c 'touch pwned'`, "stop", ""},
	{"identity", `command bin/ls -c 'touch pwned'`, "stop", ""},
	{"identity", `env bin/ls -c 'touch pwned'`, "stop", ""},
	{"identity", `timeout 5 bin/ls -c 'touch pwned'`, "stop", ""},
	{"identity", `nice bin/cat notes.txt`, "stop", ""},
	{"identity", `~/bin2/ls -c 'touch pwned'`, "stop", ""},
	{"identity", `$HOME/bin2/ls -c 'touch pwned'`, "stop", ""},
	{"identity", `/bin/ls -la`, "allow", ""},
	{"identity", `/usr/bin/git status`, "allow", ""},
	{"identity", `ls -c 'touch pwned'`, "allow", ""},
	// Bounded analysis: a deny rule still denies past the length limit.
	{"bounded", "rm -rf build; " + strings.Repeat("true; ", 20_000), "deny", `{"permissions":{"deny":["Bash(rm:*)"]}}`},
	{"bounded", strings.Repeat("true; ", 20_000) + "rm -rf build", "deny", `{"permissions":{"deny":["Bash(rm:*)"]}}`},
	// Everyday setup runs unasked.
	{"everyday", `exit 0`, "allow", ""},
	{"everyday", `ls && exit 0`, "allow", ""},
	{"everyday", `return 0`, "allow", ""},
	{"everyday", `ulimit -n 4096`, "allow", ""},
	{"everyday", `ulimit -n 4096 && ls`, "allow", ""},
	{"everyday", `export X=1`, "allow", ""},
	{"everyday", `export NODE_ENV=test; ls`, "allow", ""},
	{"everyday", `unset X`, "allow", ""},
	{"everyday", `f() { local x=1; echo "$x"; }; f`, "allow", ""},
	{"everyday", `pushd src && ls && popd`, "allow", ""},
	{"everyday", `true`, "allow", ""},
	{"everyday", `:`, "allow", ""},
	{"everyday", `type ls`, "allow", ""},
	{"everyday", `command -v git`, "allow", ""},
	{"everyday", `declare -p HOME`, "allow", ""},
	{"everyday", `read -r x <<< hi`, "allow", ""},
	{"everyday", `shopt -s globstar`, "allow", ""},
	{"everyday", `shopt -s nullglob extglob`, "allow", ""},
	{"everyday", `set -e`, "allow", ""},
	// A variable programs read, set by a builtin to text not known, and
	// exported before or after.
	{"everyday", `read PAGER <<< 'touch pwned'; export PAGER; git log`, "stop", ""},
	{"everyday", `export PAGER; read PAGER <<< 'touch pwned'; git log`, "stop", ""},
	{"everyday", `export GIT_SSH_COMMAND; printf -v GIT_SSH_COMMAND 'touch pwned'; git fetch`, "stop", ""},
	{"everyday", `export LESSOPEN; IFS= read -r LESSOPEN <<< '|touch pwned %s'; less notes.txt`, "stop", ""},
	{"everyday", `export EDITOR; mapfile -t EDITOR <<< 'touch pwned'; git commit`, "stop", ""},
	{"everyday", `read -r line < notes.txt; echo "$line"`, "allow", ""},
	{"everyday", `read -r LANG <<< C; echo`, "allow", ""},
	{"everyday", `export LD_PRELOAD=./x.so; ls`, "stop", ""},
	{"everyday", `export GIT_DIR=/tmp/x; git status`, "stop", ""},
	{"everyday", `unset PATH; ls`, "stop", ""},
}

// stateLayout lays out the project the probes run in: programs named like
// harmless ones that are shells or the project's own scripts, files inside
// and outside the project.
func stateLayout(t testing.TB, home, project string) {
	t.Helper()
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	script := "#!/bin/sh\necho ran\n"
	files := map[string]string{
		"tools/make": script, "ls": script, "true": script, "node_modules/.bin/tsc": script,
		"vendor/bin/grep": script, "scripts/git": script, "bin/x.so": "", "bin/env.sh": "touch pwned\n",
		"notes.txt": "hi\n", ".env": "STRIPE_KEY=sk_live_0000\n", "src/main.go": "package main\n",
		"../other/f": "outside\n", home + "/.aws/credentials": "[default]\n",
	}
	for p, body := range files {
		if !filepath.IsAbs(p) {
			p = filepath.Join(project, p)
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for link, target := range map[string]string{
		project + "/bin/ls": sh, project + "/bin/cat": sh, project + "/bin/grep": sh, project + "/bin/echo": sh, home + "/bin2/ls": sh,
	} {
		if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
	}
}

// TestStateProbes runs every probe through the library in default mode
// with no rules (or the probe's own). With WARDEN_PROBE_BIN set to a
// warden binary it runs them through that binary's check instead, to
// measure a build (the counts are logged).
func TestStateProbes(t *testing.T) {
	bin := os.Getenv("WARDEN_PROBE_BIN")
	held, total := map[string]int{}, map[string]int{}
	for _, p := range stateProbes {
		name := p.family + "/" + p.cmd
		if len(name) > 80 {
			name = name[:80]
		}
		t.Run(name, func(t *testing.T) {
			settings := p.settings
			if settings == "" {
				settings = "{}"
			}
			f := &policytest.File{Settings: []byte(settings)}
			var got api.Behavior
			var why string
			if bin == "" {
				e, project := scratchProject(t, f)
				stateLayout(t, filepath.Dir(filepath.Dir(project)), project)
				d, err := e.Decide(context.Background(), bash(p.cmd))
				if err != nil {
					t.Fatal(err)
				}
				got, why = d.Behavior, d.Reason.Message
			} else {
				got, why = probeBinary(t, bin, f, p.cmd)
			}
			total[p.want]++
			ok := false
			switch p.want {
			case "stop":
				ok = got != api.Allow
			case "deny":
				ok = got == api.Deny
			case "allow":
				ok = got == api.Allow
			}
			if ok {
				held[p.want]++
			}
			if !ok && bin == "" {
				t.Errorf("%.200s: got %s (%.300s), want %s", p.cmd, got, why, p.want)
			}
		})
	}
	if bin != "" {
		for _, w := range []string{"stop", "deny", "allow"} {
			t.Logf("%s: want %s: %d of %d hold", bin, w, held[w], total[w])
		}
	}
}

// probeBinary decides one command with a warden binary's check, in a
// scratch project laid out as the library's probes are.
func probeBinary(t *testing.T, bin string, f *policytest.File, cmd string) (api.Behavior, string) {
	t.Helper()
	dir := t.TempDir()
	sc, err := f.NewScratch(dir)
	if err != nil {
		t.Fatal(err)
	}
	stateLayout(t, sc.Home, sc.Project)
	req, _ := json.Marshal(map[string]any{"tool_name": "Bash", "tool_input": map[string]any{"command": cmd}})
	c := exec.Command(bin, "check", "--cwd", sc.Project, "--mode", "default", string(req))
	c.Dir = sc.Project
	c.Env = []string{"HOME=" + sc.Home, "XDG_CONFIG_HOME=" + filepath.Join(sc.Home, ".config"),
		"WARDEN_MANAGED_SETTINGS=" + filepath.Join(dir, "managed-settings.json"), "PATH=" + os.Getenv("PATH")}
	out, err := c.Output()
	if err != nil {
		t.Fatalf("%s check: %v", bin, err)
	}
	var d struct {
		Behavior api.Behavior `json:"behavior"`
		Reason   struct {
			Message string `json:"message"`
		} `json:"reason"`
	}
	if err := json.Unmarshal(out, &d); err != nil {
		t.Fatalf("%s check: %v: %s", bin, err, out)
	}
	return d.Behavior, d.Reason.Message
}
