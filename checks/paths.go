package checks

import (
	"github.com/wardenhq/warden/internal/fspath"
	"github.com/wardenhq/warden/pathclass"
)

// The path classes the checks ask about by name (declared in package
// pathclass).

func backupPath(p string) bool        { return pathclass.Backup.Is(p, "") }
func dataFile(p string) bool          { return pathclass.Database.Is(p, "") }
func tableFile(p string) bool         { return pathclass.Table.Is(p, "") }
func blockDevice(p string) bool       { return pathclass.BlockDevice.Is(p, "") }
func artifactNames(s string) bool     { return pathclass.ArtifactDir.Is(s, "") }
func artifactFile(name string) bool   { return pathclass.ArtifactFile.Is(name, "") }
func artifactPattern(pat string) bool { return pathclass.ArtifactPattern.Is(pat, "") }
func logPath(c Call, p string) bool   { return pathclass.Log.Is(p, c.Home()) }

// hasOutput reports a call whose output a redirection sends to a file.
func hasOutput(c Call) bool {
	for _, t := range c.Outputs() {
		if !fspath.NotAFile(t.Value) {
			return true
		}
	}
	return false
}
