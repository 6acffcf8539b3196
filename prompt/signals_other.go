//go:build !unix

package prompt

import "os"

// promptSignals end a prompt; the prompt restores the terminal first.
var promptSignals = []os.Signal{os.Interrupt}

// reraise ends the process after an interrupt, the terminal restored.
func reraise(os.Signal) { os.Exit(130) }
