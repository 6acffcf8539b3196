//go:build !unix

package prompt

import (
	"context"
	"strings"
)

// takeTicket serialises nothing across processes where flock is missing;
// the in-process queue still applies.
func takeTicket(ctx context.Context, dir string) (release func(), err error) {
	return func() {}, ctx.Err()
}

// terminalKey names the terminal behind path.
func terminalKey(path string) string {
	return "path-" + strings.NewReplacer("/", "_", ".", "_", ":", "_", "\\", "_").Replace(path)
}
