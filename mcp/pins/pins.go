package pins

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/danger"
	"github.com/wardenhq/warden/internal/atomicfile"
	"github.com/wardenhq/warden/settings"
)

// PinFileName is the pin file's name inside a project's .warden directory.
const PinFileName = "mcp-pins.json"

// Definition is what a server says a tool is: the parts the model reads
// and the client sends arguments by, which are pinned.
type Definition struct {
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	InputSchema any    `json:"inputSchema,omitempty"`
}

// Digest is the definition's pin: SHA-256 over its canonical JSON (keys
// sorted at every level).
func (d Definition) Digest() string {
	b, _ := json.Marshal(d) // a Definition from JSON always marshals
	sum := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// Pin is one pinned (or held) definition.
type Pin struct {
	Digest     string     `json:"digest"`
	Definition Definition `json:"definition"`
	// Findings are what the scan found in a held definition.
	Findings []api.Finding `json:"findings,omitempty"`
	Since    time.Time     `json:"since"`
}

// ServerPins are one server's pins: the approved definitions, and those
// held for a person (new ones with findings, changed ones).
type ServerPins struct {
	Tools map[string]Pin `json:"tools"`
	Held  map[string]Pin `json:"held,omitempty"`
}

// pinFile is the file's content.
type pinFile struct {
	Version int                    `json:"version"`
	Servers map[string]*ServerPins `json:"servers"`
}

// Verdict says whether a listed tool may be shown and called.
type Verdict struct {
	OK bool
	// Reason says why not: the findings, the diff against the pin.
	Reason   string
	Findings []api.Finding
}

// Pins keeps the pin file of a project. Definitions are pinned on first
// sight unless the scan finds something; a changed or flagged definition
// is held until Approve. The file is written atomically under its lock, so
// the proxies of several servers share it.
type Pins struct {
	path string
	now  func() time.Time

	mu      sync.Mutex
	modTime time.Time
	size    int64
	cache   *pinFile
}

// New returns the pins kept in the file at path (it need not exist).
func New(path string, now func() time.Time) *Pins {
	if now == nil {
		now = time.Now
	}
	return &Pins{path: path, now: now}
}

// Path returns the pin file's path.
func (p *Pins) Path() string { return p.path }

func decodePins(b []byte, exists bool) (*pinFile, error) {
	f := &pinFile{Version: 1, Servers: map[string]*ServerPins{}}
	if !exists || len(strings.TrimSpace(string(b))) == 0 {
		return f, nil
	}
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(f); err != nil {
		return nil, fmt.Errorf("pin file: %w", err)
	}
	if f.Version != 1 {
		return nil, fmt.Errorf("pin file: unknown version %d", f.Version)
	}
	if f.Servers == nil {
		f.Servers = map[string]*ServerPins{}
	}
	return f, nil
}

func encodePins(f *pinFile) ([]byte, error) {
	b, err := json.MarshalIndent(f, "", "  ")
	return append(b, '\n'), err
}

// Observe judges the definitions a server listed: each is OK when its pin
// matches, or when it is new and the scan finds nothing (it is pinned
// now); otherwise it is held, with the findings and the diff in the
// verdict's reason. The file changes only when something new was seen.
func (p *Pins) Observe(ctx context.Context, server string, defs []Definition) (map[string]Verdict, error) {
	out := make(map[string]Verdict, len(defs))
	var fresh *pinFile
	err := atomicfile.Update(ctx, p.path, func(old []byte, exists bool) ([]byte, error) {
		f, err := decodePins(old, exists)
		if err != nil {
			return nil, err
		}
		others := map[string][]string{}
		for name, sp := range f.Servers {
			if name == server {
				continue
			}
			for t := range sp.Tools {
				others[t] = append(others[t], name)
			}
		}
		sp := f.Servers[server]
		if sp == nil {
			sp = &ServerPins{Tools: map[string]Pin{}}
			f.Servers[server] = sp
		}
		if sp.Tools == nil {
			sp.Tools = map[string]Pin{}
		}
		for _, d := range defs {
			digest := d.Digest()
			pinned, havePin := sp.Tools[d.Name]
			switch {
			case havePin && pinned.Digest == digest:
				delete(sp.Held, d.Name) // back to what was approved
				out[d.Name] = Verdict{OK: true}
				continue
			case havePin:
				f := api.Finding{Category: danger.MCPDefinitionChanged.Slug(), Risk: api.RiskHigh, Part: "mcp__" + server + "__" + d.Name,
					Description: "the definition changed since it was approved: " + Diff(pinned.Definition, d)}
				findings := append([]api.Finding{f}, Scan(server, d, others)...)
				out[d.Name] = Verdict{Findings: findings, Reason: heldReason(server, d.Name, findings)}
				hold(sp, d, digest, findings, p.now())
			default:
				findings := Scan(server, d, others)
				if len(findings) == 0 {
					sp.Tools[d.Name] = Pin{Digest: digest, Definition: d, Since: p.now().UTC()}
					delete(sp.Held, d.Name)
					out[d.Name] = Verdict{OK: true}
					continue
				}
				out[d.Name] = Verdict{Findings: findings, Reason: heldReason(server, d.Name, findings)}
				hold(sp, d, digest, findings, p.now())
			}
		}
		fresh = f
		return encodePins(f)
	})
	if err != nil {
		return nil, err
	}
	p.remember(fresh)
	return out, nil
}

func hold(sp *ServerPins, d Definition, digest string, findings []api.Finding, now time.Time) {
	if sp.Held == nil {
		sp.Held = map[string]Pin{}
	}
	if h, ok := sp.Held[d.Name]; ok && h.Digest == digest {
		return // already held as it is: the file stays as it was
	}
	sp.Held[d.Name] = Pin{Digest: digest, Definition: d, Findings: findings, Since: now.UTC()}
}

func heldReason(server, tool string, findings []api.Finding) string {
	parts := make([]string, len(findings))
	for i, f := range findings {
		parts[i] = f.Category + ": " + f.Description
	}
	return fmt.Sprintf("tool %s of MCP server %s is held until a person approves its definition (warden mcp pin %s): %s",
		tool, server, server, strings.Join(parts, "; "))
}

func (p *Pins) remember(f *pinFile) {
	st, err := os.Stat(p.path)
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cache = f
	if err == nil {
		p.modTime, p.size = st.ModTime(), st.Size()
	}
}

// Current reports whether the file has not changed since it was last read
// or written here (an approval by warden mcp pin changes it).
func (p *Pins) Current() bool {
	st, err := os.Stat(p.path)
	p.mu.Lock()
	defer p.mu.Unlock()
	return err == nil && p.cache != nil && st.ModTime().Equal(p.modTime) && st.Size() == p.size
}

// Held returns the held definitions of a server (all servers when server
// is empty), by server and tool.
func (p *Pins) Held() (map[string]map[string]Pin, error) {
	b, err := os.ReadFile(p.path)
	exists := err == nil
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	f, err := decodePins(b, exists)
	if err != nil {
		return nil, err
	}
	out := map[string]map[string]Pin{}
	for name, sp := range f.Servers {
		if len(sp.Held) > 0 {
			out[name] = sp.Held
		}
	}
	return out, nil
}

// Approve pins the held definitions of server's tools (every held one
// when tools is empty) and returns the names approved, sorted.
func (p *Pins) Approve(ctx context.Context, server string, tools []string) ([]string, error) {
	var approved []string
	err := atomicfile.Update(ctx, p.path, func(old []byte, exists bool) ([]byte, error) {
		f, err := decodePins(old, exists)
		if err != nil {
			return nil, err
		}
		sp := f.Servers[server]
		if sp == nil || len(sp.Held) == 0 {
			return nil, fmt.Errorf("MCP server %s has no definition waiting for approval", server)
		}
		for name, h := range sp.Held {
			if len(tools) > 0 && !slices.Contains(tools, name) {
				continue
			}
			h.Findings = nil
			h.Since = p.now().UTC()
			sp.Tools[name] = h
			delete(sp.Held, name)
			approved = append(approved, name)
		}
		for _, t := range tools {
			if !slices.Contains(approved, t) {
				return nil, fmt.Errorf("MCP server %s has no held definition of tool %s", server, t)
			}
		}
		return encodePins(f)
	})
	sort.Strings(approved)
	return approved, err
}

// Diff describes how a definition changed: each part that differs, old
// then new, clipped.
func Diff(old, cur Definition) string {
	var parts []string
	if old.Name != cur.Name {
		parts = append(parts, fmt.Sprintf("name %q → %q", old.Name, cur.Name))
	}
	if old.Description != cur.Description {
		parts = append(parts, fmt.Sprintf("description %q → %q", clip(old.Description, 200), clip(cur.Description, 200)))
	}
	a, _ := json.Marshal(old.InputSchema)
	b, _ := json.Marshal(cur.InputSchema)
	if string(a) != string(b) {
		parts = append(parts, fmt.Sprintf("inputSchema %s → %s", clip(string(a), 200), clip(string(b), 200)))
	}
	if len(parts) == 0 {
		return "no visible difference"
	}
	return strings.Join(parts, "; ")
}

// DefaultFile is the pin file of the project the settings belong to.
func DefaultFile(s *settings.Settings) string {
	root := s.ProjectRoot
	if root == "" {
		root = "."
	}
	return root + "/.warden/" + PinFileName
}
