//go:build !unix

package prompt

import (
	"context"
	"os"
	"strings"
)

// takeTicket serialises nothing across processes where flock is missing;
// the in-process queue still applies.
func takeTicket(ctx context.Context, dir string, tty *os.File, waiting func(string)) (release func(), err error) {
	return func() {}, ctx.Err()
}

// sameTerminal cannot tell here: say nothing where a prompt may draw.
func sameTerminal(f, tty *os.File) bool { return true }

// terminalKey names the terminal behind path.
func terminalKey(path string) string {
	return "path-" + strings.NewReplacer("/", "_", ".", "_", ":", "_", "\\", "_").Replace(path)
}
