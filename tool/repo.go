package tool

import (
	"path/filepath"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/danger"
	"github.com/wardenhq/warden/internal/gitrepo"
	"github.com/wardenhq/warden/programs"
	"github.com/wardenhq/warden/shell"
)

// judgeRepo judges the repository a git part works on, found on disk as
// git finds it. The project's own repository (the .git of a working
// directory, or the repository a working directory lies in) is judged
// already: its configuration and hooks are agent control files, and a
// write to them is a finding. Any other — a bare repository or a nested
// .git written inside the project, one elsewhere — holds configuration
// and hooks nobody judged: a key that names a program (GitConfigKeys) is
// a finding whatever the subcommand; a hook is one for a part that is not
// read-only (those are the ones that run hooks). A configuration git
// could not read is unknown: the part is not read-only.
func judgeRepo(env *Env, r *shell.RepoStart, readOnly bool, part string) (f *api.Finding, unknown string) {
	repo, ok := gitrepo.Discover(r.Dir, r.GitDir)
	if !ok || ownRepo(env, repo) {
		return nil, ""
	}
	where := repo.GitDir
	config, err := repo.Config(env.Home)
	if err != nil {
		return nil, "the configuration of the repository at " + where + " does not parse: " + err.Error()
	}
	why := ""
	for _, e := range config {
		if programs.GitConfigRunsProgram(e.Key, e.Value) {
			why = "git runs " + e.Key + " = " + e.Value + " from " + e.File + ", the configuration of a repository Warden has not judged"
			break
		}
	}
	if why == "" && !readOnly {
		if hooks := repo.Hooks(config); len(hooks) > 0 {
			why = "git " + r.Sub + " may run the hook " + hooks[0] + " of a repository Warden has not judged"
		}
	}
	if why != "" {
		return &api.Finding{Category: danger.RemoteExec.Slug(), Risk: api.RiskHigh, Part: part, Description: why}, ""
	}
	return nil, ""
}

// ownRepo reports the project's own repository: the .git of a working
// directory (a submodule's repository inside it too), or the repository
// a working directory lies in.
func ownRepo(env *Env, repo gitrepo.Repo) bool {
	for _, wd := range env.WorkingDirs {
		dotgit := filepath.Join(wd, ".git")
		if repo.GitDir == dotgit || Within(repo.GitDir, dotgit) {
			return true
		}
		if repo.WorkTree != "" && !Within(repo.GitDir, wd) && Within(wd, repo.WorkTree) {
			return true
		}
	}
	return false
}
