//go:build !unix

package tool

import "io/fs"

// linkCount is the number of names a file has; where the system does not
// say, one.
func linkCount(fs.FileInfo) uint64 { return 1 }
