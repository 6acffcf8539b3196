// Package atomicfile writes the files Warden keeps state in — the local
// settings file that holds "always" grants, the session grant files of
// per-call processes, the audit log's rotation — so that no reader ever sees
// half a file and no two writers lose each other's changes.
//
// A change is made under an exclusive advisory lock on a sidecar lock file
// (the data file itself is replaced on every write, so it cannot carry the
// lock), by writing a temporary file in the same directory, syncing it, and
// renaming it over the original. Update ties the three together as one
// read-modify-write step.
package atomicfile
