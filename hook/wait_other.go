//go:build unix && !linux

package hook

import "os/exec"

// waitExited waits for cmd and reaps it where waiting without reaping is
// not available; background processes a finished hook left behind are then
// killed by group id just after.
func waitExited(cmd *exec.Cmd) (reaped bool, err error) {
	return true, cmd.Wait()
}
