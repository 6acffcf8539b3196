package main

import (
	"fmt"
	"net/http"

	"github.com/wardenhq/warden/server"
)

// remoteFromEnv returns the client of a running daemon when one is named:
// by flagValue (--server URL) or else $WARDEN_SERVER, with the token from
// $WARDEN_TOKEN (or the ?token= of the URL as `warden serve` printed it).
// ok is false when no daemon is named, and the caller decides locally. An
// error means a daemon was named but its address is unusable; the caller
// must fail, never fall back to allowing.
//
// Deciding through the daemon shares its rules, session grants, approval
// page and audit log with every other agent pointed at it.
func remoteFromEnv(env *cliEnv, flagValue string) (c *server.Client, ok bool, err error) {
	addr := flagValue
	if addr == "" {
		addr = env.getenv("WARDEN_SERVER")
	}
	if addr == "" {
		return nil, false, nil
	}
	// No overall timeout: a decide call waits for a person, and the daemon
	// bounds it with the approval timeout.
	c, err = server.NewClient(addr, env.getenv("WARDEN_TOKEN"), &http.Client{})
	if err != nil {
		return nil, false, fmt.Errorf("--server / WARDEN_SERVER: %w", err)
	}
	return c, true, nil
}
