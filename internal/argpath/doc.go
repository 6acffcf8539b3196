// Package argpath names values inside a tool call's arguments: "path" is
// the member path, "paths[]" every element of the array paths, and
// "edits[].file" the member file of every element of edits. Settings use
// these names to declare which arguments of an MCP tool are files, URLs or
// shell commands, so that the tool checker judges them as such.
package argpath
