package tool

import (
	"errors"
	"strings"

	"github.com/wardenhq/warden/api"
)

// PatchOp is what a patch does to one file.
type PatchOp string

// The operations of a patch.
const (
	PatchAdd    PatchOp = "add"
	PatchUpdate PatchOp = "update"
	PatchDelete PatchOp = "delete"
	PatchMove   PatchOp = "move" // the destination of an update that renames
)

// PatchFile is one file a patch touches.
type PatchFile struct {
	Op   PatchOp
	Path string
}

// patchMarkers are the lines of Codex's patch format that name a file.
var patchMarkers = []struct {
	prefix string
	op     PatchOp
}{
	{"*** Add File:", PatchAdd},
	{"*** Update File:", PatchUpdate},
	{"*** Delete File:", PatchDelete},
	{"*** Move to:", PatchMove},
}

// ParsePatch returns every file a patch in Codex's apply_patch format adds,
// updates, deletes or moves to, in order. It reads every line, trimmed, that
// starts with a file marker (`*** Add File: PATH` and the like), wherever it
// is: a marker-like line inside a hunk is taken as a file too, which can
// only add subjects. A patch that names no file, or a marker with no path,
// is an error.
func ParsePatch(text string) ([]PatchFile, error) {
	var files []PatchFile
	for line := range strings.Lines(text) {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "***") {
			continue
		}
		for _, m := range patchMarkers {
			rest, ok := cutPrefixFold(line, m.prefix)
			if !ok {
				continue
			}
			p := strings.TrimSpace(rest)
			if p == "" {
				return nil, errors.New("a patch line " + m.prefix + " names no file")
			}
			files = append(files, PatchFile{Op: m.op, Path: p})
			break
		}
	}
	if len(files) == 0 {
		return nil, errors.New("the patch names no file (no *** Add/Update/Delete File: line)")
	}
	return files, nil
}

// cutPrefixFold is strings.CutPrefix ignoring case and the spaces after
// "***", so `***add file:` counts as a marker too.
func cutPrefixFold(s, prefix string) (string, bool) {
	s = "*** " + strings.TrimLeft(s[3:], " \t")
	if len(s) < len(prefix) || !strings.EqualFold(s[:len(prefix)], prefix) {
		return "", false
	}
	return s[len(prefix):], true
}

// checkPatch judges a patch (ApplyPatch, Codex's apply_patch): every file
// it adds, updates, deletes or moves to is an edit subject, judged like a
// Write or Edit of that path (rules on Edit cover it).
func checkPatch(req api.Request, env Env) *Analysis {
	text, err := requiredString(&req, "patch")
	if err != nil {
		return problem(&req, err.Error())
	}
	files, err := ParsePatch(text)
	if err != nil {
		return problem(&req, req.ToolName+": "+err.Error())
	}
	an := &Analysis{}
	for _, f := range files {
		subs, err := pathSubjects(&req, &env, f.Path, true)
		if err != nil {
			return problem(&req, req.ToolName+": "+f.Path+": "+err.Error())
		}
		for i := range subs {
			subs[i].Display = string(f.Op) + " " + subs[i].Display
		}
		an.Subjects = append(an.Subjects, subs...)
	}
	return an
}
