package hookconf

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os/exec"
	"time"

	"github.com/wardenhq/warden/agent"
)

// probeTimeout bounds one run of a hook command or one POST to a daemon.
const probeTimeout = 20 * time.Second

// Run runs a hook command line the way agents do (through the shell, in
// dir, payload on stdin) and returns what it answered. An error means it
// could not be started or did not finish in time.
func Run(ctx context.Context, cmd, dir string, payload []byte) (agent.Answer, time.Duration, error) {
	ctx, cancel := context.WithTimeout(ctx, probeTimeout)
	defer cancel()
	c := exec.CommandContext(ctx, "/bin/sh", "-c", cmd)
	c.Dir = dir
	c.Stdin = bytes.NewReader(payload)
	var out, errb bytes.Buffer
	c.Stdout, c.Stderr = &out, &errb
	start := time.Now()
	err := c.Run()
	took := time.Since(start)
	a := agent.Answer{Stdout: out.Bytes(), Stderr: errb.String()}
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		a.Exit = ee.ExitCode()
	case err != nil:
		return a, took, err
	}
	if ctx.Err() != nil {
		return a, took, fmt.Errorf("no answer within %s", probeTimeout)
	}
	return a, took, nil
}

// Probe proves a hook command is Warden answering as ad's agent needs: a
// payload it cannot read must block, and a harmless call in dir must get a
// decision. It returns how long the harmless call took.
func Probe(ctx context.Context, ad agent.Adapter, cmd, dir string) (time.Duration, error) {
	for _, broken := range []bool{true, false} {
		a, took, err := Run(ctx, cmd, dir, ad.Probe(dir, broken))
		if err != nil {
			return 0, fmt.Errorf("the hook command %s did not answer: %w", cmd, err)
		}
		if err := ad.Verify(a, broken); err != nil {
			return 0, fmt.Errorf("the hook command %s does not answer as %s needs: %w", cmd, ad.Name(), err)
		}
		if !broken {
			return took, nil
		}
	}
	return 0, nil
}

// ProbeHTTP POSTs ad's harmless payload for dir to a daemon's hook URL as
// the agent would, with the agent token, and fails unless the answer is a
// decision the agent acts on. It returns how long the answer took.
func ProbeHTTP(ctx context.Context, ad agent.Adapter, u, token, dir string) (time.Duration, error) {
	ctx, cancel := context.WithTimeout(ctx, probeTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(ad.Probe(dir, false)))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	start := time.Now()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, fmt.Errorf("the daemon at %s did not answer: %w", u, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode != http.StatusOK {
		return 0, fmt.Errorf("the daemon at %s answered %s: %s", u, resp.Status, agent.OneLine(string(body)))
	}
	if err := ad.Verify(agent.Answer{Stdout: body}, false); err != nil {
		return 0, fmt.Errorf("the daemon at %s does not answer as %s needs: %w", u, ad.Name(), err)
	}
	return time.Since(start), nil
}
