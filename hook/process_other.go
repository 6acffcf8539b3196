//go:build !unix

package hook

import (
	"context"
	"errors"
	"time"
)

type process struct {
	name    string
	args    []string
	dir     string
	env     []string
	stdin   []byte
	timeout time.Duration
}

type execResult struct {
	stdout, stderr  []byte
	stdoutTruncated bool
	exitCode        int
	signal          string
	timedOut        bool
	cancelled       bool
	startErr        error
}

// execute refuses to run hooks where process groups are not available:
// every hook is then undecided, never allowed.
func (r *Runner) execute(ctx context.Context, p process) execResult {
	return execResult{startErr: errors.New("command hooks need a Unix system")}
}
