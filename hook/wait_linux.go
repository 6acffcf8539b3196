package hook

import (
	"os/exec"
	"syscall"
	"unsafe"
)

// waitExited blocks until cmd's process has exited without reaping it, so
// its process id (and so its process group id) stays reserved until
// cmd.Wait: the group can then be killed with no risk of hitting a reused
// id. It reports reaped false.
func waitExited(cmd *exec.Cmd) (reaped bool, err error) {
	const pPID = 1 // P_PID
	var siginfo [16]uint64
	for {
		_, _, errno := syscall.Syscall6(syscall.SYS_WAITID, pPID, uintptr(cmd.Process.Pid),
			uintptr(unsafe.Pointer(&siginfo)), syscall.WEXITED|syscall.WNOWAIT, 0, 0)
		if errno != syscall.EINTR {
			return false, nil
		}
	}
}
