package programs

import "strings"

// Talk is what an entry says about the program's talk with a host beyond
// its Network effect: whether it only fetches. The pattern classifier
// (classify.Pattern) allows a fetch and leaves anything more to a person.
type Talk struct {
	// Beyond says the program's talk is more than a fetch: a remote
	// command, a copy to another machine, a raw socket, a listener (ssh,
	// scp, nc, socat).
	Beyond bool
	// RemoteOperand says an operand HOST:PATH copies to or from another
	// machine (rsync); local operands are a local copy.
	RemoteOperand bool
	// Sends lists the options that send a body, a file or a mail to the
	// host, space separated: their long and short spellings, a value given
	// as the next word, after "=" or, for a short one, attached (curl -d,
	// --data=x, -dx; wget --post-file).
	Sends string
	// Method lists the options whose value is the request's method: GET,
	// HEAD and OPTIONS read, any other method sends (curl -X POST).
	Method string
	// API says every command is a call to a provider's or a cluster's API
	// (aws, kubectl, gh): it is low risk only when its operation reads
	// (ReadVerb).
	API bool
	// Examples are "COMMAND => allow" or "COMMAND => undecided": what the
	// pattern classifier answers for the command run in /repo. The
	// classify package's tests check each.
	Examples []string
}

func (t *Talk) zero() bool {
	return !t.Beyond && !t.RemoteOperand && t.Sends == "" && t.Method == "" && !t.API
}

// SendOptions returns Sends as a list.
func (t *Talk) SendOptions() []string { return strings.Fields(t.Sends) }

// IsMethod reports whether an option is one of Method's.
func (t *Talk) IsMethod(o string) bool { return hasWord(t.Method, o) }

// TalkOf returns what is declared about a program's talk with a host: its
// entry's Talk or its row among the programs with no entry.
func TalkOf(name string) Talk {
	if s := Lookup(name); s != nil {
		return s.Talk
	}
	if u := unlistedRow(name); u != nil {
		return u.Talk
	}
	return Talk{}
}

// readVerbs begin the names of API operations that only read (aws ec2
// describe-instances, gcloud compute instances list, kubectl get pods).
var readVerbs = []string{"describe", "list", "ls", "get", "show", "view", "head", "lookup", "search", "scan", "query",
	"filter", "validate", "estimate", "simulate", "whoami", "version", "status", "info", "logs", "log", "tail", "diff",
	"top", "explain", "api-resources", "api-versions", "cluster-info", "history", "inspect", "check", "verify", "ping", "template", "lint", "preview", "plan"}

// ReadVerb reports whether an API client's operation word names an
// operation that only reads: a read verb, alone or followed by "-" or ":"
// (describe-instances, list, apps:info), in any case.
func ReadVerb(w string) bool {
	lw := strings.ToLower(w)
	for _, v := range readVerbs {
		if lw == v || strings.HasPrefix(lw, v+"-") || strings.HasPrefix(lw, v+":") {
			return true
		}
	}
	return false
}
