package checks

import (
	"github.com/wardenhq/warden/pathclass"
	"strings"

	"github.com/wardenhq/warden/danger"
)

// checkGh judges gh's commands as its entry reads them (flags anywhere,
// bundled, attached, -R REPO before the command): gh repo delete, release
// delete and create and auth token are the entry's Raises; what is left
// needs the values or the files.
func Gh(c Call) {
	res := c.Parse()
	ops := c.Args()
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
			c.Flag(danger.Exfiltration, "makes the repository public")
		}
	case sub == "gist" && verb == "create":
		for _, x := range c.Operands() {
			p := c.Resolve(x)
			if p != "" && (c.Credential(p) || pathclass.SecretEnv.Is(p, "")) {
				c.Flag(danger.Exfiltration, "uploads "+p+" to a gist")
			}
		}
		if res.Has("--public") {
			c.FlagAt(danger.PublishDeploy, "publishes a public gist", medium)
		}
	case sub == "auth" && verb == "status" && res.Has("--show-token"):
		c.Flag(danger.CredentialAccess, "prints the GitHub token")
	case sub == "secret" && (verb == "delete" || verb == "remove"):
		c.FlagAt(danger.CloudDestructive, "deletes a GitHub secret", medium)
	case sub == "run" && verb == "delete", sub == "cache" && verb == "delete", sub == "variable" && verb == "delete", sub == "label" && verb == "delete":
		c.FlagAt(danger.GitDestructive, "gh "+sub+" delete removes it on GitHub", medium)
	case sub == "api":
		if m, ok := res.Value("--method"); ok && strings.EqualFold(m, "DELETE") {
			c.Flag(danger.GitDestructive, "a DELETE request to the GitHub API")
		}
	case (sub == "repo" || sub == "release") && (verb == "delete" || verb == "delete-asset" || verb == "create"), sub == "auth" && verb == "token":
		// The entry's Raises.
	case sub != "config" && sub != "extension" && sub != "alias" && serviceVerbDestroys(c.Program(), verb):
		// gh's own configuration, extensions and aliases are local;
		// gh gist delete, gh issue delete, gh ssh-key delete, gh repo archive
		c.Flag(danger.GitDestructive, "gh "+sub+" "+verb+" deletes or archives it on GitHub")
	}
}
