package rule

import "fmt"

// Source is where a rule came from. Its rank decides which rule is reported
// when several match, and which sources may lock others out.
type Source string

// The rule sources, highest rank first.
const (
	SourceOrg        Source = "org"
	SourceCLI        Source = "cli"
	SourceLocal      Source = "local"
	SourceProject    Source = "project"
	SourceUser       Source = "user"
	SourceSession    Source = "session"
	SourceClassifier Source = "classifier"
)

// Sources lists every source, highest rank first.
var Sources = []Source{SourceOrg, SourceCLI, SourceLocal, SourceProject, SourceUser, SourceSession, SourceClassifier}

// Rank orders sources: org 7, cli 6, local 5, project 4, user 3, session 2,
// classifier 1. An unknown source ranks 0, below every known one.
func (s Source) Rank() int {
	switch s {
	case SourceOrg:
		return 7
	case SourceCLI:
		return 6
	case SourceLocal:
		return 5
	case SourceProject:
		return 4
	case SourceUser:
		return 3
	case SourceSession:
		return 2
	case SourceClassifier:
		return 1
	}
	return 0
}

// sourceAliases maps the names Claude Code uses for its settings sources to
// Warden's.
var sourceAliases = map[string]Source{
	"managed":         SourceOrg,
	"policy":          SourceOrg,
	"policySettings":  SourceOrg,
	"cliArg":          SourceCLI,
	"flagSettings":    SourceCLI,
	"localSettings":   SourceLocal,
	"projectSettings": SourceProject,
	"userSettings":    SourceUser,
}

// ParseSource returns the source named s. Besides Warden's own names it
// accepts Claude Code's (policySettings, cliArg, localSettings,
// projectSettings, userSettings, managed).
func ParseSource(s string) (Source, error) {
	for _, src := range Sources {
		if string(src) == s {
			return src, nil
		}
	}
	if src, ok := sourceAliases[s]; ok {
		return src, nil
	}
	return "", fmt.Errorf("unknown rule source %q (want org, cli, local, project, user, session or classifier)", s)
}
