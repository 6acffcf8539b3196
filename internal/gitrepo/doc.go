// Package gitrepo finds the repository a git command works on and reads
// what in it can make git run a program: its configuration (with the files
// that configuration includes) and its hooks.
//
// Discovery follows git's own (the setup of git's setup.c): from the
// starting directory upwards, a ".git" directory, a ".git" file naming the
// directory with "gitdir:", or the directory itself when it holds what a
// bare repository holds (HEAD, objects/, refs/). The configuration parser
// reads git's format (sections, quoted subsections, quoting, escapes, line
// continuations, comments) and follows include.path and includeIf.*.path,
// every condition taken as true, to a bounded depth. It runs nothing: the
// shell analysis (through the tool package) turns what it finds into
// findings about the part that would run it.
package gitrepo
