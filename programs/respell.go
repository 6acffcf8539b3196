package programs

import "strings"

// Respellings returns the call's words (those after the program) spelled
// in the other ways the entry's grammar makes equivalent, one change per
// word list: an option under each of its other spellings (-r for
// --recursive), its value attached, separate or after = (-Hx, -H x,
// --host=x), short flags bundled or split (-rf, -r -f), and a long name
// abbreviated to its shortest unique prefix where the program takes
// prefixes (--rec). Each must mean what the words mean: the spelling
// equivalence tests judge every example in every respelling.
func Respellings(s *Spec, words []string) [][]string {
	ws := make([]Word, len(words))
	for i, w := range words {
		ws[i] = Word{Text: w, Literal: true}
	}
	r := Parse(s, ws)
	var out [][]string
	seen := map[string]bool{strings.Join(words, "\x00"): true}
	add := func(at, end int, with ...string) {
		v := make([]string, 0, len(words)+len(with))
		v = append(v, words[:at]...)
		v = append(v, with...)
		v = append(v, words[end:]...)
		if k := strings.Join(v, "\x00"); !seen[k] {
			seen[k] = true
			out = append(out, v)
		}
	}
	for i := range r.spellings {
		g := r.spellings[i]
		if g.o == nil || g.word < 0 || g.word >= len(words) || g.o.untilSep || g.o.two || g.o.effect == Help {
			continue
		}
		o, w := g.o, words[g.word]
		val := r.Options[i].Target
		end := g.word + 1
		ps := g.spec.powerShell()
		if (ps || g.spec.Fold && o.name[0] == '/') && strings.EqualFold(w, o.name) {
			w = o.name // -Recurse is -recurse, /F is /f
		}
		switch {
		case ps && o.value != 0 && g.value == g.word && len(w) > len(o.name) && strings.EqualFold(w[:len(o.name)+1], o.name+":") && w[len(o.name)+1:] == val:
		case w == o.name && o.value == 0:
		case w == o.name && o.value == '=' && g.value == g.word+1:
			end = g.word + 2
		case strings.HasPrefix(o.name, "--") && o.value != 0 && g.value == g.word && w == o.name+"="+val:
		case len(o.name) == 2 && !g.spec.LongDash && o.value != 0 && g.value == g.word && w == o.name+val && val != "":
		default:
			continue // bundled, abbreviated or old-style: left as written
		}
		for _, n := range strings.Split(o.group, "|") {
			names := []string{n}
			if p := g.spec.shortestPrefix(n); p != "" {
				names = append(names, p)
			}
			if g.spec.Fold && (strings.HasPrefix(n, "--") || n[0] == '/' || ps) {
				names = append(names, strings.ToUpper(n))
			}
			for _, n := range names {
				long := strings.HasPrefix(n, "--")
				short := len(n) == 2 && n[0] == '-' && !g.spec.LongDash
				switch o.value {
				case 0:
					add(g.word, end, n)
				case '=':
					if !(g.spec.ValueNotOption && optionLike(val)) {
						add(g.word, end, n, val) // yargs takes no -y for a value
					}
					if long && !ps && !g.spec.NoEquals {
						add(g.word, end, n+"="+val)
					}
					if ps && val != "" {
						add(g.word, end, n+":"+val)
					}
					if short && val != "" && !g.spec.Detached {
						add(g.word, end, n+val)
					}
				case '?':
					switch {
					case g.value < 0:
						add(g.word, end, n)
					case long && !g.spec.NoEquals:
						add(g.word, end, n+"="+val)
					case short && val != "":
						add(g.word, end, n+val)
					}
				}
			}
		}
	}
	// Short flags: two in a row bundled, a bundle split.
	for i := 0; i < len(r.spellings); i++ {
		g := r.spellings[i]
		if !shortFlag(g) || g.word >= len(words) {
			continue
		}
		j := i
		for j+1 < len(r.spellings) && r.spellings[j+1].word == g.word && shortFlag(r.spellings[j+1]) {
			j++
		}
		w := words[g.word]
		if j > i && len(w) == j-i+2 {
			split := make([]string, 0, j-i+1)
			for k := 1; k < len(w); k++ {
				split = append(split, "-"+w[k:k+1])
			}
			add(g.word, g.word+1, split...)
		}
		if j == i && i+1 < len(r.spellings) {
			h := r.spellings[i+1]
			if shortFlag(h) && h.word == g.word+1 && h.spec == g.spec && len(w) == 2 && h.word < len(words) && words[h.word] == h.o.name {
				add(g.word, h.word+1, w+words[h.word][1:])
			}
		}
		i = j
	}
	return out
}

// shortFlag reports a short option that takes no value, given on its own
// or in a bundle.
func shortFlag(g given) bool {
	return g.o != nil && g.o.value == 0 && len(g.o.name) == 2 && g.o.name[0] == '-' && g.o.effect != Help && g.spec != nil && !g.spec.LongDash && !g.spec.OldStyle && g.value == -1
}

// shortestPrefix returns the shortest prefix of a long option that
// names it alone, when the entry takes prefixes; "" otherwise.
func (s *Spec) shortestPrefix(name string) string {
	start := 4
	switch {
	case !s.Abbrev:
		return ""
	case strings.HasPrefix(name, "--"):
	case s.powerShell() && strings.HasPrefix(name, "-"):
		start = 2 // -r is -Recurse
	default:
		return ""
	}
	canon := s.exact(name)
	if canon == nil {
		return ""
	}
	for n := start; n < len(name); n++ {
		p := name[:n]
		unique := true
		for i := range s.opts {
			o := &s.opts[i]
			if strings.HasPrefix(o.name, p) && o.canon != canon.canon {
				unique = false
				break
			}
		}
		if unique {
			return p
		}
	}
	return ""
}
