package shell

import (
	"github.com/wardenhq/warden/internal/fspath"
	"github.com/wardenhq/warden/pathclass"
)

// The classes of paths the checks judge are declared in package
// pathclass, with their examples; these are the checks' names for them.

func blockDevice(p string) bool { return pathclass.BlockDevice.Is(p, "") }

func securityPath(p string) bool { return pathclass.SecurityControl.Is(p, "") }

// logPath reports system logs, shell histories and agent transcripts.
func logPath(a *analyzer, p string) bool { return pathclass.Log.Is(p, a.opts.Home) }

// persistencePath reports files that make code run automatically later.
func persistencePath(a *analyzer, p string) bool { return pathclass.Persistence.Is(p, a.opts.Home) }

// credentialFile reports private keys, cloud and tool credentials and
// browser password stores (declared in package pathclass).
func (a *analyzer) credentialFile(p string) bool {
	i := a.pathAnswer(p)
	if i >= 0 && a.answers[i].cred != 0 {
		return a.answers[i].cred == answerYes
	}
	v := a.credentialFileNow(p)
	if i >= 0 {
		a.answers[i].cred = answerOf(v)
	}
	return v
}

// control is pathclass.Control with the analysis' home and control files,
// remembered per path like credentialFile: the same few paths are judged
// again and again in one command (a log appended to, a function's calls).
func (a *analyzer) control(p string) (pathclass.Entry, bool) {
	i := a.pathAnswer(p)
	if i >= 0 && a.answers[i].ctl != 0 {
		if e := a.answers[i].entry; e != nil {
			return *e, true
		}
		return pathclass.Entry{}, false
	}
	e, ok := pathclass.Control(p, a.opts.Home, a.opts.ControlFiles...)
	if i >= 0 {
		a.answers[i].ctl = answerOf(ok)
		if ok {
			// Kept on the heap only for a control file: most paths are
			// none, and taking e's address moved every answer there.
			kept := new(pathclass.Entry)
			*kept = e
			a.answers[i].entry = kept
		}
	}
	return e, ok
}

// pathAnswer is what credentialFile and control answered for a path (0
// while not asked).
type pathAnswer struct {
	p         string
	cred, ctl int8
	// reach is credentialReach's answer: 0 while not asked, else
	// reachAsked with reachFile and reachTree.
	reach int8
	entry *pathclass.Entry
}

const (
	answerNo  int8 = 1
	answerYes int8 = 2
)

const (
	reachAsked int8 = 1 << iota
	reachFile
	reachTree
)

func answerOf(b bool) int8 {
	if b {
		return answerYes
	}
	return answerNo
}

// pathAnswer returns the index of p's answers, added if new, or -1 once
// maxAnswers paths are remembered. A command names few paths: a short
// list costs a one-liner less than a map.
func (a *analyzer) pathAnswer(p string) int {
	for i := range a.answers {
		if a.answers[i].p == p {
			return i
		}
	}
	if len(a.answers) >= maxAnswers {
		return -1
	}
	a.answers = append(a.answers, pathAnswer{p: p})
	return len(a.answers) - 1
}

const maxAnswers = 64

func (a *analyzer) credentialFileNow(p string) bool {
	if len(a.opts.Secrets) > 0 {
		for _, f := range a.opts.Secrets {
			if f != "" && fspath.Within(p, f) {
				return true
			}
		}
	}
	return pathclass.Credential(p, a.opts.Home, a.inTree(p))
}

func secretEnvFile(p string) bool { return pathclass.SecretEnv.Is(p, "") }

func dataFile(p string) bool { return pathclass.Database.Is(p, "") }

func disposableName(b string) bool { return pathclass.Disposable.Is(b, "") }
