// Package sed reads a GNU sed script the way sed does and says what it
// does beyond editing its input: the files its r and R commands read, the
// files w, W and s///w write, and the shell commands e and s///e run.
// File names run to the end of the line and are taken as written (sed
// expands no ~). A script sed would reject, or one Warden cannot follow,
// is an error, and the call that runs it is then unknown. The shell
// package turns the operations into a call's effects and findings.
package sed
