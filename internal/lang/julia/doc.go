// Package julia reads the external commands Julia code builds: its
// backtick command literals (`rm -rf x`), Cmd(["rm", "-rf", "x"]), and
// pipeline(a, b, …) of them, which run(), read(), success() and open()
// run. Julia runs a command with no shell: a backtick literal is split
// into words by Julia's own rules (white space; '…' literal; "…" with
// escapes; a backslash escapes the next character), with no ~, glob, pipe
// or redirection, and $x or $(expr) interpolates a value of the run. So
// each command is given as a shell command line of its words, quoted;
// one that interpolates is Unknown. Strings and comments are skipped.
package julia
