package tool

import (
	"strings"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/rule"
	"github.com/wardenhq/warden/toolspec"
)

// commandFields and pathFields are the input fields of a tool Warden does
// not know that it judges as what their names say: a shell command (or a
// list of them, or an argv list), or a path the tool may read or write.
// An agent's next shell tool (write_bash, run_shell, an MCP server's
// exec) is judged as Bash, so no mode runs rm -rf ~ because the tool's name
// is new.
var (
	commandFields = []string{"command", "cmd", "commands", "script", "shell", "shell_command", "bash", "bash_command", "cmdline", "command_line", "argv", "exec", "run"}
	pathFields    = []string{"path", "paths", "file", "files", "file_path", "filepath", "filename", "file_name", "target", "target_file", "target_path",
		"destination", "dest", "dir", "directory", "notebook_path", "source", "src", "output", "output_path", "input_path"}
)

// maxFieldDepth bounds how deep nested input is searched.
const maxFieldDepth = 4

// judgeFields adds to an unknown tool's analysis what its input carries:
// for each command, the shell analysis's findings (dangers ask in every
// mode) and its parts as incidental subjects (deny and ask rules on Bash
// match them); for each path, incidental Read and Edit subjects and their
// findings (a control file, a protected path, a credential).
func judgeFields(bash Checker, req *api.Request, env *Env, an *Analysis, paths bool) {
	if _, known := toolspec.Lookup(req.ToolName); known {
		return
	}
	walkFields(req.ToolInput, 0, func(key string, v any) {
		switch {
		case inFields(commandFields, key):
			for _, cmd := range commandStrings(key, v) {
				if bash == nil {
					an.Problem = req.ToolName + ": its " + key + " field holds a shell command, and no shell checker is registered"
					return
				}
				sub := bash.Check(api.Request{ToolName: "Bash", ToolInput: map[string]any{"command": cmd}, Cwd: req.Cwd}, *env)
				an.Findings = append(an.Findings, sub.Findings...)
				for _, s := range sub.Subjects {
					if s.Finding != nil {
						an.Findings = append(an.Findings, *s.Finding)
					}
					if s.Dynamic {
						an.Problem = req.ToolName + ": its " + key + " field runs a command whose program is not known: " + s.Display
					}
					s.Incidental = true
					an.Subjects = append(an.Subjects, s)
				}
				if sub.Problem != "" {
					an.Problem = req.ToolName + ": its " + key + " field: " + sub.Problem
				}
			}
		case paths && inFields(pathFields, key):
			for _, p := range strings_(v) {
				for _, tool := range []string{"Read", "Edit"} {
					r := api.Request{ToolName: tool, ToolInput: req.ToolInput, Cwd: req.Cwd}
					subs, err := pathSubjects(&r, env, p, tool == "Edit")
					if err != nil {
						an.Problem = req.ToolName + ": " + key + ": " + err.Error()
						continue
					}
					for i := range subs {
						s := &subs[i]
						if tool == "Read" {
							credentialRead(tool, env, s)
						}
						if s.Finding != nil && s.Finding.Category != "outside-working-dirs" {
							an.Findings = append(an.Findings, *s.Finding)
						}
						s.Incidental, s.Finding = true, nil
						an.Subjects = append(an.Subjects, *s)
					}
				}
			}
		}
	})
}

func inFields(fields []string, key string) bool {
	k := strings.ToLower(key)
	for _, f := range fields {
		if k == f {
			return true
		}
	}
	return false
}

// walkFields calls fn for every key of the input and of the objects
// nested in it, to a bounded depth.
func walkFields(v any, depth int, fn func(string, any)) {
	if depth > maxFieldDepth {
		return
	}
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			fn(k, e)
			walkFields(e, depth+1, fn)
		}
	case []any:
		for _, e := range x {
			walkFields(e, depth+1, fn)
		}
	}
}

// commandStrings returns the commands a field holds: a string, a list of
// strings (each a command; argv is one command of those words, quoted).
func commandStrings(key string, v any) []string {
	ss := strings_(v)
	if strings.EqualFold(key, "argv") && len(ss) > 0 {
		q := make([]string, len(ss))
		for i, s := range ss {
			q[i] = "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
		}
		return []string{strings.Join(q, " ")}
	}
	return ss
}

// strings_ returns a string field's value, or a list field's strings.
func strings_(v any) []string {
	switch x := v.(type) {
	case string:
		if x != "" {
			return []string{x}
		}
	case []any:
		var out []string
		for _, e := range x {
			if s, ok := e.(string); ok && s != "" {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

// genericChecker judges a tool with no checker of its own: one subject
// for the tool, plus what its input's command and path fields carry.
type genericChecker struct{ r *Registry }

func (g genericChecker) Check(req api.Request, env Env) *Analysis {
	an := &Analysis{Subjects: []Subject{{
		Subject: rule.Subject{Tool: req.ToolName, Input: req.ToolInput},
		Display: req.ToolName,
	}}}
	judgeFields(g.r.byName["Bash"], &req, &env, an, true)
	return an
}

// mcpFields wraps the MCP checker: an MCP tool's command fields are judged
// too. Its paths are judged where the server's settings declare them
// (MCPChecker), not by their names.
type mcpFields struct {
	r     *Registry
	inner Checker
}

func (m mcpFields) Check(req api.Request, env Env) *Analysis {
	an := m.inner.Check(req, env)
	if an.Problem == "" {
		judgeFields(m.r.byName["Bash"], &req, &env, an, false)
	}
	return an
}
