package main

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/wardenhq/warden/agent/agents"
)

func init() {
	addCommand(&command{
		name:    "completion",
		summary: "print a shell completion script (bash, zsh or fish) for warden's commands",
		run:     runCompletion,
	})
}

const completionUsage = "completion bash|zsh|fish"

// The completion scripts complete the subcommand names, and after
// `init` the agents; everything else is left to the shell's file names.
// Each is printed with the command list filled in, so it never drifts from
// the commands this warden has.
const (
	bashCompletion = `# bash completion for warden: eval "$(warden completion bash)"
_warden() {
	local cur=${COMP_WORDS[COMP_CWORD]}
	if [ "$COMP_CWORD" -eq 1 ]; then
		COMPREPLY=($(compgen -W "%[1]s" -- "$cur"))
	elif [ "${COMP_WORDS[1]}" = init ] && [ "$COMP_CWORD" -eq 2 ]; then
		COMPREPLY=($(compgen -W "%[2]s" -- "$cur"))
	else
		COMPREPLY=($(compgen -f -- "$cur"))
	fi
}
complete -F _warden warden
`
	zshCompletion = `#compdef warden
# zsh completion for warden: warden completion zsh > "${fpath[1]}/_warden"
_warden() {
	if (( CURRENT == 2 )); then
		compadd -- %[1]s
	elif [[ ${words[2]} == init ]] && (( CURRENT == 3 )); then
		compadd -- %[2]s
	else
		_files
	fi
}
compdef _warden warden
`
	fishCompletion = `# fish completion for warden: warden completion fish > ~/.config/fish/completions/warden.fish
complete -c warden -f -n __fish_use_subcommand -a '%[1]s'
complete -c warden -f -n '__fish_seen_subcommand_from init' -a '%[2]s'
`
)

func runCompletion(_ context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(env, "completion", completionUsage)
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return exitUsage
	}
	scripts := map[string]string{"bash": bashCompletion, "zsh": zshCompletion, "fish": fishCompletion}
	script, ok := scripts[fs.Arg(0)]
	if !ok {
		fmt.Fprintf(env.stderr, "warden: completion: unknown shell %q (want bash, zsh or fish)\n", fs.Arg(0))
		return exitUsage
	}
	names := make([]string, 0, len(commands)+1)
	for n := range commands {
		names = append(names, n)
	}
	names = append(names, "help")
	sort.Strings(names)
	fmt.Fprintf(env.stdout, script, strings.Join(names, " "), agents.Names(" "))
	return exitOK
}
