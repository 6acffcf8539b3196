package tool

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/shell"
)

// scriptFiles declares the files whose fields hold shell code a package
// manager runs: npm, pnpm and yarn run package.json's scripts (an install
// runs preinstall, install, postinstall and prepare by themselves), and
// composer runs composer.json's scripts (post-install-cmd and the like).
// An Edit or Write that adds or changes such a script is judged as the
// Bash command it is.
var scriptFiles = []struct {
	Base  string // the file's base name
	Field string // the top-level object whose string values are scripts
}{
	{Base: "package.json", Field: "scripts"},
	{Base: "composer.json", Field: "scripts"},
}

// maxScriptFile bounds the file read to see what an Edit changes.
const maxScriptFile = 1 << 20

// scriptFindings returns the findings of the scripts an Edit, MultiEdit or
// Write of path adds or changes, each judged by the same analysis as a
// Bash command, with the script named in the finding.
func scriptFindings(req *api.Request, env *Env, path string) []api.Finding {
	field := ""
	for _, f := range scriptFiles {
		if filepath.Base(path) == f.Base {
			field = f.Field
		}
	}
	if field == "" {
		return nil
	}
	var findings []api.Finding
	for name, script := range addedScripts(req, path, field) {
		an := shell.Analyze(script, shell.Options{
			Cwd: env.Cwd, Home: env.Home, WorkingDirs: env.WorkingDirs, ControlFiles: env.ControlFiles, Secrets: env.Secrets,
			Glob: env.Paths.Glob, Lstat: env.Paths.lstat, Readlink: env.Paths.readlink, Path: env.Path,
		})
		for _, f := range an.Findings {
			f.Description = filepath.Base(path) + " " + field + "." + name + ": " + f.Description
			findings = append(findings, f)
		}
	}
	slices.SortFunc(findings, func(a, b api.Finding) int { return strings.Compare(a.Description, b.Description) })
	return findings
}

// addedScripts returns the scripts (by name) the call adds or changes:
// the file as it is and as the call leaves it are compared when both
// parse; otherwise every "name": "value" pair of the new text that the
// old text does not have counts.
func addedScripts(req *api.Request, path, field string) map[string]string {
	var before []byte
	if data, err := os.ReadFile(path); err == nil && len(data) <= maxScriptFile {
		before = data
	}
	after, fragments := editedText(req, string(before))
	out := map[string]string{}
	if old, ok := scriptsOf([]byte(before), field); ok || before == nil {
		if now, ok := scriptsOf([]byte(after), field); ok {
			for k, v := range now {
				if old[k] != v {
					out[k] = v
				}
			}
			return out
		}
	}
	for _, fr := range fragments {
		had := map[string]string{}
		for _, m := range pairRE().FindAllStringSubmatch(fr[0], -1) {
			had[unquote(m[1])] = unquote(m[2])
		}
		for _, m := range pairRE().FindAllStringSubmatch(fr[1], -1) {
			if k, v := unquote(m[1]), unquote(m[2]); had[k] != v {
				out[k] = v
			}
		}
	}
	return out
}

// pairRE matches a JSON "name": "value" pair of strings. It is compiled
// on first use: most processes (every warden hook) never edit a script
// table.
var pairRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`"((?:[^"\\]|\\.)*)"\s*:\s*"((?:[^"\\]|\\.)*)"`)
})

func unquote(s string) string {
	var out string
	if json.Unmarshal([]byte(`"`+s+`"`), &out) != nil {
		return s
	}
	return out
}

// editedText applies the call to the file's text: a Write's content, an
// Edit's or MultiEdit's replacements. It also returns each replacement as
// (old, new) text.
func editedText(req *api.Request, before string) (string, [][2]string) {
	in := req.ToolInput
	if c, ok := in["content"].(string); ok && req.ToolName == "Write" {
		return c, [][2]string{{"", c}}
	}
	var edits []map[string]any
	if l, ok := in["edits"].([]any); ok {
		for _, e := range l {
			if m, ok := e.(map[string]any); ok {
				edits = append(edits, m)
			}
		}
	} else {
		edits = append(edits, in)
	}
	text := before
	var frags [][2]string
	for _, e := range edits {
		o, _ := e["old_string"].(string)
		n, ok := e["new_string"].(string)
		if !ok {
			continue
		}
		frags = append(frags, [2]string{o, n})
		if all, _ := e["replace_all"].(bool); all {
			text = strings.ReplaceAll(text, o, n)
		} else if o != "" {
			text = strings.Replace(text, o, n, 1)
		}
	}
	return text, frags
}

// scriptsOf reads the string values of the top-level object field of a
// JSON document (composer lists of commands count as one script each).
func scriptsOf(data []byte, field string) (map[string]string, bool) {
	var doc map[string]json.RawMessage
	if json.Unmarshal(data, &doc) != nil {
		return nil, false
	}
	var raw map[string]any
	if f, ok := doc[field]; ok && json.Unmarshal(f, &raw) != nil {
		return nil, false
	}
	out := map[string]string{}
	for k, v := range raw {
		switch v := v.(type) {
		case string:
			out[k] = v
		case []any:
			for i, e := range v {
				if s, ok := e.(string); ok {
					out[k+"["+strconv.Itoa(i)+"]"] = s
				}
			}
		}
	}
	return out, true
}
