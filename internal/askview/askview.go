package askview

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/rogpeppe/go-internal/diff"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/internal/display"
	"github.com/wardenhq/warden/internal/project"
)

// Limits on what a diff reads and shows.
const (
	// MaxFileBytes is the largest file read to put an edit in context.
	MaxFileBytes = 1 << 20
	// MaxDiffLines is the most diff lines kept; the rest is summarised.
	MaxDiffLines = 400
)

// View is what a surface shows about an ask beyond its subject. Every field
// is display-safe text (package display); empty fields are unknown or do
// not apply.
type View struct {
	// Project is the project root the call's settings come from.
	Project string `json:"project,omitempty"`
	// Cwd is the working directory, relative to the project when inside it
	// ("." for the root itself).
	Cwd string `json:"cwd,omitempty"`
	// Path is the file a file tool touches, relative to the project when
	// inside it, else absolute.
	Path string `json:"path,omitempty"`
	// Agent says which agent asked: "main agent", or "sub-agent TYPE (ID)".
	Agent string `json:"agent"`
	// Session is the agent's session id.
	Session string `json:"session,omitempty"`
	// Diff is the unified diff of an Edit, MultiEdit or Write, with the
	// project-relative path in its headers.
	Diff string `json:"diff,omitempty"`
	// DiffNote qualifies the diff: "new file", "the file could not be read,
	// so the change is shown on its own", "…more lines".
	DiffNote string `json:"diff_note,omitempty"`
	// Added and Removed count the diff's changed lines.
	Added   int `json:"added,omitempty"`
	Removed int `json:"removed,omitempty"`
}

// Of returns the view of req.
func Of(req api.Request) View {
	var v View
	cwd := req.Cwd
	root := ""
	if cwd != "" && filepath.IsAbs(cwd) {
		root = project.Root(cwd)
		if req.ProjectDir != "" && filepath.IsAbs(req.ProjectDir) {
			// The agent named its project (CLAUDE_PROJECT_DIR and the
			// like): that is the project whose settings decided.
			root = filepath.Clean(req.ProjectDir)
		}
		v.Project = display.Line(tildeHome(root))
		v.Cwd = display.Line(rel(root, cwd))
	} else if cwd != "" {
		v.Cwd = display.Line(cwd)
	}
	v.Agent = display.Line(AgentLabel(req))
	v.Session = display.Line(req.SessionID)

	file := ""
	for _, k := range []string{"file_path", "notebook_path"} {
		if s, ok := req.StringInput(k); ok && s != "" {
			file = s
			break
		}
	}
	if file == "" {
		return v
	}
	abs := file
	if !filepath.IsAbs(abs) && filepath.IsAbs(cwd) {
		abs = filepath.Join(cwd, abs)
	}
	shown := file
	if root != "" && filepath.IsAbs(abs) {
		shown = rel(root, filepath.Clean(abs))
	}
	v.Path = display.Line(shown)
	switch req.ToolName {
	case "Edit", "MultiEdit", "Write":
		v.change(req, abs, shown)
	}
	return v
}

// AgentLabel names who asked: "main agent", or "sub-agent TYPE (ID)".
func AgentLabel(req api.Request) string {
	switch {
	case req.AgentID != "" && req.AgentType != "":
		return "sub-agent " + req.AgentType + " (" + req.AgentID + ")"
	case req.AgentID != "":
		return "sub-agent " + req.AgentID
	case req.AgentType != "":
		return "sub-agent " + req.AgentType
	}
	return "main agent"
}

// tildeHome writes a path under the home directory as ~/….
func tildeHome(p string) string {
	home, err := os.UserHomeDir()
	if err != nil || home == "" || home == "/" {
		return p
	}
	if p == home {
		return "~"
	}
	if r, ok := strings.CutPrefix(p, home+string(filepath.Separator)); ok {
		return "~/" + r
	}
	return p
}

// rel returns p relative to root when p is inside it, else p.
func rel(root, p string) string {
	r, err := filepath.Rel(root, p)
	if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return p
	}
	return r
}

// change fills in the diff of an Edit, MultiEdit or Write of the file at
// abs.
func (v *View) change(req api.Request, abs, shown string) {
	old, readErr := readSmall(abs)
	exists := readErr == nil
	var next string
	note := ""
	switch req.ToolName {
	case "Write":
		next, _ = req.StringInput("content")
		if os.IsNotExist(readErr) {
			note = "new file"
		} else if readErr != nil {
			note = "the current file could not be read (" + readErr.Error() + "), so the whole new content is shown"
		}
	case "Edit", "MultiEdit":
		edits := editsOf(req)
		if len(edits) == 0 {
			return
		}
		if exists {
			cur, ok := string(old), true
			for _, e := range edits {
				if cur, ok = apply(cur, e); !ok {
					break
				}
			}
			if ok {
				next = cur
				break
			}
			note = "the text to replace is not in the file as it is now, so the change is shown on its own"
		} else if os.IsNotExist(readErr) {
			note = "the file does not exist, so the change is shown on its own"
		} else {
			note = "the file could not be read (" + readErr.Error() + "), so the change is shown on its own"
		}
		// Out of context: the replaced text against its replacement.
		var o, n strings.Builder
		for _, e := range edits {
			o.WriteString(withNewline(e.old))
			n.WriteString(withNewline(e.new))
		}
		old, next = []byte(o.String()), n.String()
	}
	if req.ToolName == "Write" && !exists {
		old = nil
	}
	name := filepath.ToSlash(shown)
	d := diff.Diff("a/"+name, old, "b/"+name, []byte(next))
	if d == nil {
		v.DiffNote = "no change: the new text is the same as the old"
		return
	}
	lines := strings.SplitAfter(strings.TrimSuffix(string(d), "\n"), "\n")
	if len(lines) > 0 && strings.HasPrefix(lines[0], "diff ") {
		lines = lines[1:] // the ---/+++ lines name the file
	}
	for _, l := range lines {
		switch {
		case strings.HasPrefix(l, "+++"), strings.HasPrefix(l, "---"):
		case strings.HasPrefix(l, "+"):
			v.Added++
		case strings.HasPrefix(l, "-"):
			v.Removed++
		}
	}
	if len(lines) > MaxDiffLines {
		more := len(lines) - MaxDiffLines
		lines = lines[:MaxDiffLines]
		if note != "" {
			note += "; "
		}
		note += fmt.Sprintf("%d more diff lines not shown", more)
	}
	v.Diff = strings.TrimSuffix(display.Block(strings.Join(lines, "")), "\n")
	v.DiffNote = display.Line(note)
}

type edit struct {
	old, new string
	all      bool
}

func editsOf(req api.Request) []edit {
	one := func(m map[string]any) (edit, bool) {
		o, ok1 := m["old_string"].(string)
		n, ok2 := m["new_string"].(string)
		all, _ := m["replace_all"].(bool)
		return edit{o, n, all}, ok1 && ok2
	}
	if req.ToolName == "Edit" {
		if e, ok := one(req.ToolInput); ok {
			return []edit{e}
		}
		return nil
	}
	list, _ := req.ToolInput["edits"].([]any)
	var out []edit
	for _, x := range list {
		if m, ok := x.(map[string]any); ok {
			if e, ok := one(m); ok {
				out = append(out, e)
			}
		}
	}
	return out
}

// apply makes one edit the way the agent's tool would: old must occur
// (exactly once unless all is set).
func apply(s string, e edit) (string, bool) {
	if e.old == "" {
		return s, false
	}
	n := strings.Count(s, e.old)
	if n == 0 || (n > 1 && !e.all) {
		return s, false
	}
	if e.all {
		return strings.ReplaceAll(s, e.old, e.new), true
	}
	return strings.Replace(s, e.old, e.new, 1), true
}

func withNewline(s string) string {
	if s == "" || strings.HasSuffix(s, "\n") {
		return s
	}
	return s + "\n"
}

// readSmall reads a regular file of at most MaxFileBytes.
func readSmall(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("not a regular file")
	}
	if st.Size() > MaxFileBytes {
		return nil, fmt.Errorf("larger than %d MB", MaxFileBytes>>20)
	}
	var b bytes.Buffer
	_, err = b.ReadFrom(f)
	return b.Bytes(), err
}
