package shell

import (
	"strings"

	"github.com/wardenhq/warden/danger"
)

// checkGh judges gh's commands as its entry reads them (flags anywhere,
// bundled, attached, -R REPO before the command): gh repo delete, release
// delete and create and auth token are the entry's Raises; what is left
// needs the values or the files.
func checkGh(a *analyzer, c *call) {
	res := a.entryParse(c)
	ops := c.operands()
	subs := res.SubIndexes()
	if len(subs) == 0 || subs[0] >= len(ops) {
		return
	}
	sub, verb := ops[subs[0]].Value, ""
	switch {
	case len(subs) > 1 && subs[1] < len(ops):
		verb = ops[subs[1]].Value
	case len(res.OperandIndexes) > 0 && res.OperandIndexes[0] < len(ops):
		verb = ops[res.OperandIndexes[0]].Value
	}
	switch {
	case sub == "repo" && verb == "edit":
		if v, ok := res.Value("--visibility"); ok && strings.EqualFold(v, "public") {
			a.flag(c, danger.Exfiltration, "makes the repository public")
		}
	case sub == "gist" && verb == "create":
		for _, x := range a.entryOperands(c) {
			p := a.resolve(x, c.cwd)
			if p != "" && (a.credentialFile(p) || secretEnvFile(p)) {
				a.flag(c, danger.Exfiltration, "uploads "+p+" to a gist")
			}
		}
		if res.Has("--public") {
			a.flagAt(c, danger.PublishDeploy, "publishes a public gist", medium)
		}
	case sub == "auth" && verb == "status" && res.Has("--show-token"):
		a.flag(c, danger.CredentialAccess, "prints the GitHub token")
	case sub == "secret" && (verb == "delete" || verb == "remove"):
		a.flagAt(c, danger.CloudDestructive, "deletes a GitHub secret", medium)
	case sub == "run" && verb == "delete", sub == "cache" && verb == "delete", sub == "variable" && verb == "delete", sub == "label" && verb == "delete":
		a.flagAt(c, danger.GitDestructive, "gh "+sub+" delete removes it on GitHub", medium)
	case sub == "api":
		if m, ok := res.Value("--method"); ok && strings.EqualFold(m, "DELETE") {
			a.flag(c, danger.GitDestructive, "a DELETE request to the GitHub API")
		}
	case (sub == "repo" || sub == "release") && (verb == "delete" || verb == "delete-asset" || verb == "create"), sub == "auth" && verb == "token":
		// The entry's Raises.
	case sub != "config" && sub != "extension" && sub != "alias" && serviceVerbDestroys(c.prog, verb):
		// gh's own configuration, extensions and aliases are local;
		// gh gist delete, gh issue delete, gh ssh-key delete, gh repo archive
		a.flag(c, danger.GitDestructive, "gh "+sub+" "+verb+" deletes or archives it on GitHub")
	}
}
