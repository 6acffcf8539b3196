package grant

import (
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"

	"github.com/wardenhq/warden/programs"
)

// MaxSuggestions is the most rules offered for one call. A compound command
// that would need more gets none: the person approves it once.
const MaxSuggestions = 5

// plainWord is a word that needs no quoting in rule text.
var plainWord = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9_./=:@%+,~^-]+$`) })

// SuggestBash returns the narrowest useful allow rule for each part of a
// Bash command, in order and without duplicates. Each part is one simple
// command as the shell analysis found it (argument words after wrappers and
// assignments were stripped, program name normalised); the caller passes
// only the parts that still need allowing.
//
// A part of a command with subcommands keeps the program and its subcommand
// ("npm run test -- --watch=false" → "Bash(npm run test:*)", "git commit -m
// x" → "Bash(git commit:*)"); a plain program keeps its name ("pytest -x" →
// "Bash(pytest:*)"). Programs that run arbitrary code or do damage
// (interpreters, shells, sudo, env, xargs, rm, curl, …) are only offered as
// the exact command, so no suggestion is ever an over-broad prefix.
//
// It returns nil when any part cannot be expressed as a rule (a program that
// is not a literal word, a word holding '*'), or when the command would need
// more than MaxSuggestions rules: then only "once" fits.
func SuggestBash(parts [][]string) []string {
	var out []string
	seen := map[string]bool{}
	for _, words := range parts {
		if len(words) == 0 {
			continue
		}
		r, ok := suggestPart(words)
		if !ok {
			return nil
		}
		if !seen[r] {
			seen[r] = true
			out = append(out, r)
		}
	}
	if len(out) > MaxSuggestions {
		return nil
	}
	return out
}

// suggestPart returns the rule for one simple command.
func suggestPart(words []string) (string, bool) {
	prog := words[0]
	if prog == "" || strings.ContainsAny(prog, "$`*?[(){}<>|;&\"'\\ \t\n") {
		return "", false // not a literal program: no rule can allow it
	}
	if strings.Contains(prog, "/") && !strings.HasPrefix(prog, "./") {
		prog = filepath.Base(prog)
	}
	words = append([]string{prog}, words[1:]...)
	name := strings.TrimPrefix(prog, "./")
	// What is offered for the program is declared in its entry
	// (programs.Grant): exact only, a prefix of how many subcommand
	// words, an interpreter's script.
	g, _ := programs.GrantOf(name)
	switch {
	case g.Script:
		return interpreterRule(&g, words)
	case g.Exact || g.ExactWithin(words[1:]):
		return exactRule(words)
	case g.Depth <= 0:
		return prefixRule(words[:1])
	}
	depth := g.Depth
	prefix := words[:1]
	for i := 1; i < len(words) && len(prefix) <= depth; i++ {
		w := words[i]
		if strings.HasPrefix(w, "-") || w == "" {
			// An option before the subcommand (git -C dir commit): which
			// options take values is the rule matcher's business; offer the
			// exact command rather than guess.
			return exactRule(words)
		}
		if g.ExactSub(w) {
			return exactRule(words)
		}
		prefix = append(prefix, w)
		if len(prefix) == 2 && g.Deepens(w) {
			depth++
		}
	}
	if len(prefix) < depth+1 {
		// The subcommand is missing or incomplete ("git" alone, "npm run"):
		// a prefix would cover every subcommand.
		return exactRule(words)
	}
	return prefixRule(prefix)
}

// interpreterRule offers "python -m mod:*" or "python script.py:*" for a
// named module or script, and the exact command for anything else (inline
// code, a REPL, options it cannot read).
func interpreterRule(g *programs.Grant, words []string) (string, bool) {
	for i := 1; i < len(words); i++ {
		w := words[i]
		switch {
		case g.Module != "" && w == g.Module && i+1 < len(words) && !strings.HasPrefix(words[i+1], "-"):
			return prefixRule(words[:i+2])
		case w == "-" || w == "" || strings.HasPrefix(w, "-"):
			// standard input, or options before the script (inline code
			// among them): exact
			return exactRule(words)
		default:
			return prefixRule(words[:i+1])
		}
	}
	return exactRule(words) // a bare interpreter reads code from stdin
}

// prefixRule returns "Bash(w1 w2:*)".
func prefixRule(words []string) (string, bool) {
	text, ok := ruleWords(words)
	if !ok {
		return "", false
	}
	return "Bash(" + text + ":*)", true
}

// exactRule returns "Bash(the whole command)".
func exactRule(words []string) (string, bool) {
	text, ok := ruleWords(words)
	if !ok {
		return "", false
	}
	return "Bash(" + text + ")", true
}

// ruleWords joins words as rule text, quoting those that need it. A word
// holding '*' would read as a wildcard, and a newline cannot be written in a
// rule, so such commands get no rule.
func ruleWords(words []string) (string, bool) {
	var b strings.Builder
	for i, w := range words {
		if strings.ContainsAny(w, "*\n\r\x00") {
			return "", false
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		if plainWord().MatchString(w) {
			b.WriteString(w)
			continue
		}
		q, err := syntax.Quote(w, syntax.LangBash)
		if err != nil {
			return "", false
		}
		b.WriteString(q)
	}
	return b.String(), true
}

// pathRuleTool maps a file tool to the rule tool that governs it: edits are
// governed by Edit rules, reads by Read rules.
func pathRuleTool(tool string) string {
	switch tool {
	case "Write", "Edit", "MultiEdit", "NotebookEdit":
		return "Edit"
	case "Read", "Glob", "Grep", "LS", "NotebookRead":
		return "Read"
	}
	return tool
}

// SuggestPath returns the rule that allows tool on the file at absPath, or,
// with folder, on everything below the file's folder. The path is written
// relative to cwd ("Edit(./src/main.go)") when inside it, to home
// ("Edit(~/notes/todo.md)") when inside that, and absolute
// ("Edit(//etc/hosts)") otherwise; glob characters in it are escaped. Edit
// tools (Write, Edit, MultiEdit, NotebookEdit) get Edit rules, read tools
// Read rules. home may be empty.
func SuggestPath(tool, absPath, cwd, home string, folder bool) string {
	p := filepath.Clean(absPath)
	if folder {
		p = filepath.Dir(p)
	}
	var spec string
	switch {
	case cwd != "" && within(p, cwd):
		spec = "./" + escapeGlob(relSlash(cwd, p))
	case home != "" && within(p, home):
		spec = "~/" + escapeGlob(relSlash(home, p))
	default:
		spec = "/" + escapeGlob(filepath.ToSlash(p))
	}
	if folder {
		spec = strings.TrimSuffix(spec, "/") + "/**"
	}
	spec = strings.Replace(spec, "/./", "/", 1)
	if spec == "./." {
		spec = "./"
	}
	return pathRuleTool(tool) + "(" + spec + ")"
}

// within reports whether p is dir or below it, by path components.
func within(p, dir string) bool {
	rel, err := filepath.Rel(filepath.Clean(dir), p)
	if err != nil || !filepath.IsAbs(p) {
		return false
	}
	return rel == "." || (rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)))
}

func relSlash(dir, p string) string {
	rel, _ := filepath.Rel(filepath.Clean(dir), p)
	return filepath.ToSlash(rel)
}

// escapeGlob escapes the characters gitignore-style globs give a meaning.
func escapeGlob(s string) string {
	var b strings.Builder
	for _, c := range s {
		if strings.ContainsRune(`*?[]\`, c) {
			b.WriteByte('\\')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// SuggestDomain returns the WebFetch rule for the host of rawURL
// ("WebFetch(domain:example.com)"), or "" when it names no host.
func SuggestDomain(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil || u.Hostname() == "" {
		return ""
	}
	return "WebFetch(domain:" + strings.ToLower(u.Hostname()) + ")"
}
