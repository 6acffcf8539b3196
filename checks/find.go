package checks

import (
	"strings"

	"github.com/wardenhq/warden/programs"
)

// Find is what a find command searches and does: its roots, the names
// and paths it selects (not those after -not or !), and its actions.
// find's expression language is read once, here, for the walk (what
// -exec runs) and the checks alike.
type Find struct {
	Roots   []Word
	Names   []string
	Deletes bool
	Execs   [][]Word
	// WritesFile is true when an action writes a file (-fprint, -fls).
	WritesFile bool
	// Judged says the call's own check (FindDelete) judges what the
	// commands it runs delete: true for find's expression, false for a
	// Find another walker's paths make (fd -x), whose commands' deletes
	// are judged where they run.
	Judged bool
}

// findExpression reports a call whose entry reads its operands as find's
// expression (programs.ExpressionFind): find, and any entry that declares
// it so, whatever its name.
func findExpression(p Part) bool {
	r := p.Parse()
	return r != nil && r.Spec != nil && r.Spec.Expression == programs.ExpressionFind
}

// ParseFind reads find's words after the program.
func ParseFind(ops []Word) *Find {
	fi := &Find{Judged: true}
	i := 0
	for ; i < len(ops); i++ {
		s := ops[i].Value
		if s == "-H" || s == "-L" || s == "-P" || strings.HasPrefix(s, "-O") {
			continue
		}
		if s == "-D" {
			i++
			continue
		}
		break
	}
	for ; i < len(ops); i++ {
		s := ops[i].Value
		if strings.HasPrefix(s, "-") || s == "(" || s == "!" || s == "\\(" {
			break
		}
		fi.Roots = append(fi.Roots, ops[i])
	}
	negated := false
	for ; i < len(ops); i++ {
		s := ops[i].Value
		not := negated
		negated = s == "-not" || s == "!"
		switch s {
		case "-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex", "-lname", "-ilname":
			// A name after -not or ! excludes files from the selection;
			// only the others say what is selected.
			if i+1 < len(ops) {
				if !not {
					fi.Names = append(fi.Names, ops[i+1].Value)
				}
				i++
			}
		case "-delete":
			fi.Deletes = true
		case "-exec", "-execdir", "-ok", "-okdir":
			j := i + 1
			for ; j < len(ops); j++ {
				if ops[j].Value == ";" || ops[j].Value == "+" {
					break
				}
			}
			if j > i+1 {
				fi.Execs = append(fi.Execs, ops[i+1:j])
			}
			i = j
		case "-fprint", "-fprint0", "-fls", "-fprintf":
			fi.WritesFile = true
			i++
		}
	}
	return fi
}
