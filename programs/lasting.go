package programs

import "strings"

// Irrevocable names what a call does that leaves the machine and cannot
// be taken back.
type Irrevocable uint8

// The irrevocable actions.
const (
	// NoLasting: nothing the call does is known to be beyond undo.
	NoLasting Irrevocable = iota
	// Pushes publishes commits to a remote repository (git push); Forced
	// words make it rewrite the remote's history.
	Pushes
	// Publishes publishes a package, an image or a release for others
	// (npm publish, docker push, gh release).
	Publishes
	// Mails sends email.
	Mails
	// Pays moves money (stripe).
	Pays
	// DeletesCloud deletes cloud resources.
	DeletesCloud
)

// Lasting is what an entry says about the calls of a program that act
// beyond the machine and cannot be taken back, for the explanation a
// person reads before approving one (classify.ExplainFindings).
type Lasting struct {
	// Does is what such a call does.
	Does Irrevocable
	// Subs lists the subcommands (the first word after the program) that
	// do it, space separated.
	Subs string
	// Words lists the words that do it wherever they stand, as patterns
	// ("w", "w*" a prefix, "*w" a suffix, "*w*" held): stripe create,
	// terraform destroy. With neither Subs nor Words every call does it
	// (sendmail), except for DeletesCloud, where a word must be a
	// DeleteVerb (aws s3 rb, gcloud … delete, heroku apps:destroy).
	Words string
	// Forced lists, as patterns, the words that make a push rewrite the
	// remote's history (git push -f, +main, :branch).
	Forced string
	// Examples are "COMMAND => WHAT", WHAT the action the explanation
	// names; the classify package's tests check each.
	Examples []string
}

// Applies reports whether a call with these arguments (the words after
// the program's name) does what Does says.
func (l *Lasting) Applies(args []string) bool {
	switch {
	case l.Does == NoLasting:
		return false
	case l.Subs != "":
		return len(args) > 0 && hasWord(l.Subs, args[0])
	case l.Words != "":
		return anyMatches(l.Words, args)
	case l.Does == DeletesCloud:
		return anyMatches(deleteVerbs, args)
	}
	return true
}

// ForcedBy reports whether one of args is a Forced word.
func (l *Lasting) ForcedBy(args []string) bool { return anyMatches(l.Forced, args) }

// deleteVerbs are the words of API operations that delete (aws s3 rm, aws
// s3 rb, kubectl delete, aws ec2 terminate-instances, aws iam
// delete-user, heroku apps:destroy).
const deleteVerbs = "rm rb delete destroy terminate-instances delete-* *:destroy *:delete"

func (l *Lasting) zero() bool { return l.Does == NoLasting }

// LastingOf returns what is declared about a program's calls beyond undo:
// its entry's Lasting or its row among the programs with no entry.
func LastingOf(name string) Lasting {
	if s := Lookup(name); s != nil {
		return s.Lasting
	}
	if u := unlistedRow(name); u != nil {
		return u.Lasting
	}
	return Lasting{}
}

// anyMatches reports whether a word of args matches one of the patterns.
func anyMatches(patterns string, args []string) bool {
	for pat := range strings.FieldsSeq(patterns) {
		for _, w := range args {
			if wordMatches(pat, w) {
				return true
			}
		}
	}
	return false
}
