package agente2e

import (
	"bufio"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

//go:embed clients.txt
var clientsTxt string

// Client is one agent program the tests drive: its npm package and the
// exact version they are pinned to.
type Client struct {
	Package, Version string
}

// Pinned returns the clients listed in clients.txt, in order.
func Pinned() []Client {
	var out []Client
	sc := bufio.NewScanner(strings.NewReader(clientsTxt))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		out = append(out, Client{Package: f[0], Version: f[1]})
	}
	return out
}

// PinnedVersion returns the version clients.txt pins pkg to, or "".
func PinnedVersion(pkg string) string {
	for _, c := range Pinned() {
		if c.Package == pkg {
			return c.Version
		}
	}
	return ""
}

// NodeDir is the npm prefix the clients are installed under:
// $WARDEN_E2E_NODE_DIR, else .e2e/node in the module's root (ignored by
// git), where .ci/run installs them.
func NodeDir() string {
	if d := os.Getenv("WARDEN_E2E_NODE_DIR"); d != "" {
		return d
	}
	dir, err := os.Getwd()
	if err != nil {
		return ".e2e/node"
	}
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return filepath.Join(d, ".e2e", "node")
		}
		if filepath.Dir(d) == d {
			return filepath.Join(dir, ".e2e", "node")
		}
	}
}

// FindClient returns the path of the program bin of the npm package pkg
// installed under NodeDir, after checking that the installed version is
// the pinned one. The error says how to install it.
func FindClient(pkg, bin string) (string, error) {
	want := PinnedVersion(pkg)
	if want == "" {
		return "", fmt.Errorf("%s is not listed in clients.txt", pkg)
	}
	dir := NodeDir()
	install := fmt.Sprintf("npm install --no-audit --no-fund --prefix %s %s@%s", dir, pkg, want)
	data, err := os.ReadFile(filepath.Join(dir, "node_modules", filepath.FromSlash(pkg), "package.json"))
	if err != nil {
		return "", fmt.Errorf("%s@%s is not installed under %s (run: %s)", pkg, want, dir, install)
	}
	var meta struct {
		Version string `json:"version"`
	}
	if err := json.Unmarshal(data, &meta); err != nil {
		return "", fmt.Errorf("%s: reading its package.json: %v", pkg, err)
	}
	if meta.Version != want {
		return "", fmt.Errorf("%s %s is installed under %s, the tests are pinned to %s (run: %s)", pkg, meta.Version, dir, want, install)
	}
	path := filepath.Join(dir, "node_modules", ".bin", bin)
	if _, err := os.Stat(path); err != nil {
		return "", fmt.Errorf("%s@%s has no program %s under %s (run: %s)", pkg, want, bin, dir, install)
	}
	return path, nil
}
