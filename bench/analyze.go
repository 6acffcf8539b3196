package bench

import (
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/rule"
	"github.com/wardenhq/warden/tool"
)

// Analyze turns a call into the subjects every engine is given, with
// Warden's own tool checkers: the shell analysis for Bash, path, host and
// MCP checks for the rest. The policy engines cannot do this part
// themselves; in a deployment that used one, Warden's analysis would still
// run first.
func Analyze(checkers *tool.Registry, req *api.Request, env *tool.Env) []Subject {
	an := checkers.Lookup(req.ToolName).Check(*req, *env)
	subjects := make([]rule.Subject, len(an.Subjects))
	for i := range an.Subjects {
		subjects[i] = an.Subjects[i].Subject
	}
	return FromRule(subjects, rule.Env{Cwd: env.Cwd, Home: env.Home})
}
