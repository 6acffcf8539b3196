package programs

import "github.com/wardenhq/warden/danger"

// Forges: the command-line clients of GitHub and GitLab. Every command
// talks to the forge's API; the entries declare the commands and options
// the danger checks read, and leave the rest Loose.
//
// Observed: gh 2.23.0 (Debian) is cobra with pflag: short flags bundle
// (gh release create -dp v1), long options are spelled whole (gh release
// create --dra is "unknown flag: --dra"), flags stand anywhere among the
// operands, and -R/--repo, --help belong to each command (gh takes -R
// before the command too: gh -R o/r issue list asks GitHub). glab (GitLab
// CLI) is cobra too (from its source: the same pflag grammar).

var _ = family("forges", func(add func(...*Spec)) {
	ghOpts := "-R|--repo= --help:h"
	// ghCmd is a command that talks to GitHub, with the options the
	// checks read.
	ghCmd := func(opts string) *Spec {
		return &Spec{Effect: Network, Permute: true, Loose: true, Operands: "-*", Options: ghOpts + " " + opts}
	}
	// ghOther is any command the entry does not declare: its word is the
	// subcommand, and the words after it are read with gh's grammar.
	ghOther := ghCmd("")
	ghGroup := func(pairs ...any) *Spec {
		return &Spec{Effect: Network, Permute: true, Loose: true, Options: ghOpts, OtherSpec: ghOther, Subcommands: subs(pairs...)}
	}
	ghRaises := func(s *Spec, k danger.Kind, why, unless string, flagged, passes []string) *Spec {
		s.Raises = []Raise{{Kind: k, Why: why, Unless: unless, Flagged: flagged, Passes: passes}}
		return s
	}
	add(&Spec{Names: n("gh"), Code: Code{ShellSetup: "completion"}, Effect: Network, Permute: true, Loose: true, Options: "-R|--repo= --help:h --version:h", OtherSpec: ghOther,
		Grant:   Grant{Depth: 2, Offers: []string{"gh pr list --state open => Bash(gh pr list:*)", "gh pr => Bash(gh pr)"}},
		Talk:    Talk{API: true, Examples: []string{"gh pr list => allow", "gh pr view 5 => allow", "gh pr create => undecided", "gh auth token => undecided", "gh api -X DELETE repos/o/r => undecided"}},
		Lasting: Lasting{Does: Publishes, Subs: "release", Examples: []string{"gh release create v1 => publishes a package or release"}},
		Subcommands: subs(
			"repo", ghGroup(
				"delete", ghRaises(ghCmd("--yes"), danger.GitDestructive, "gh repo delete deletes it on GitHub", "",
					[]string{"gh repo delete o/r --yes", "gh repo delete --yes o/r"}, []string{"gh repo view o/r", "gh repo list"}),
				"edit", ghCmd("--visibility= -d|--description= -h|--homepage= --default-branch="),
			),
			"release", ghGroup(
				// A draft is not published until it is edited so.
				"create", ghRaises(ghCmd("-d|--draft -p|--prerelease -n|--notes= -F|--notes-file=r -t|--title= --target= --discussion-category= --notes-start-tag="),
					danger.PublishDeploy, "gh release create publishes a release", "--draft",
					[]string{"gh release create v1", "gh release create v1 -p -t v1", "gh release create -R o/r v1 --title v1"},
					[]string{"gh release create v1 --draft", "gh release create -d v1", "gh release create -pd v1", "gh release create v1 -t x -d"}),
				"delete", ghRaises(ghCmd("-y|--yes --cleanup-tag"), danger.GitDestructive, "gh release delete deletes it on GitHub", "",
					[]string{"gh release delete v1", "gh release delete v1 -y", "gh release delete -R o/r v1 --yes"}, []string{"gh release view v1", "gh release list"}),
				"delete-asset", ghRaises(ghCmd("-y|--yes"), danger.GitDestructive, "gh release delete-asset deletes it on GitHub", "",
					[]string{"gh release delete-asset v1 a.zip", "gh release delete-asset -y v1 a.zip"}, []string{"gh release download v1"}),
			),
			// gist create uploads its files; -p makes the gist public.
			"gist", ghGroup("create", &Spec{Effect: Network, Permute: true, Operands: "r*", Options: "-d|--desc= -f|--filename= -p|--public -w|--web --help:h"}),
			"auth", ghGroup("status", ghCmd("-t|--show-token -h|--hostname="), "token", ghRaises(ghCmd("-h|--hostname="), danger.CredentialAccess, "prints the GitHub token", "",
				[]string{"gh auth token", "gh auth token -h github.com", "gh auth token --hostname=github.com"}, []string{"gh auth status"})),
			"api", ghCmd("-X|--method= -F|--field= -f|--raw-field= -H|--header= --input=r -q|--jq= -t|--template= --hostname= --cache= -i|--include --paginate --silent -p|--preview="),
		),
		Flagged: []string{"gh pr list", "gh repo delete o/r", "gh api repos/o/r -X DELETE", "gh api -XDELETE repos/o/r", "gh api --method=DELETE repos/o/r"}})
	// glab's commands read as gh's do (cobra and pflag, from its source:
	// commands/api/api.go declares -X/--method, -F/--field, -f/--raw-field,
	// -H/--header, --hostname, -i/--include, --input, --paginate,
	// --silent). api's method is read by name, so -XDELETE, -X DELETE,
	// --method=delete and --method DELETE are one: a DELETE request is
	// the entry's Raises (any case, as the old check took it: glab hands
	// the method to the request as given).
	glabOther := &Spec{Effect: Network, Permute: true, Loose: true, Operands: "-*", Options: "-R|--repo= -h|--help:h"}
	add(&Spec{Names: n("glab"), Effect: Network, Permute: true, Loose: true, Options: "-R|--repo= -h|--help:h -v|--version:h", OtherSpec: glabOther,
		Subcommands: subs("api", &Spec{Effect: Network, Permute: true, Loose: true, Operands: "-*",
			Options: "-R|--repo= -h|--help:h -X|--method= -F|--field= -f|--raw-field= -H|--header= --hostname= -i|--include --input=r --paginate --silent",
			Raises: []Raise{{Kind: danger.CloudDestructive, With: "--method=delete", Why: "{prog} api sends a DELETE request",
				Flagged: []string{"glab api -X DELETE projects/1", "glab api projects/1 --method=delete", "glab -R g/p api -XDELETE projects/1/hooks/2", "glab api --method DELETE projects/1",
					"/usr/bin/glab api -X DELETE projects/1", "command glab api -XDELETE projects/1", "sudo glab api -X delete projects/1", "env glab api -X DELETE projects/1"},
				Passes: []string{"glab api projects/1", "glab api -X GET projects/1", "glab api projects/1/jobs/delete", "glab api -X POST projects/1 -f name=delete", "glab mr list", "glab api --help -X DELETE projects/1"}}}}),
		Grant:   Grant{Depth: 2, Offers: []string{"glab mr list => Bash(glab mr list:*)", "glab mr => Bash(glab mr)"}},
		Talk:    Talk{API: true, Examples: []string{"glab mr list => allow", "glab mr create => undecided", "glab repo delete g/p => undecided"}},
		Lasting: Lasting{Does: Publishes, Subs: "release", Examples: []string{"glab release create v1 => publishes a package or release"}},
		Flagged: []string{"glab mr list", "glab api projects/1 -X DELETE", "glab api -XDELETE projects/1", "glab api --method=delete projects/1",
			"glab -R g/p api --method DELETE projects/1", "glab repo delete g/p"}})
})
