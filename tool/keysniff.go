package tool

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// Bounds of looking into files for private keys: the bytes read from one
// file, the size past which a file is taken for something else, and the
// files looked into for one call.
const (
	sniffBytes    = 4096
	sniffMaxSize  = 1 << 20
	sniffMaxFiles = 64
)

// keyMarkers begin the content of a private key, whatever the file is
// called: PEM (PKCS#1, PKCS#8, EC, DSA, encrypted, OpenSSH's own), PGP's
// secret key block, PuTTY's key files.
var keyMarkers = [][]byte{
	[]byte("-----BEGIN RSA PRIVATE KEY-----"), []byte("-----BEGIN PRIVATE KEY-----"), []byte("-----BEGIN EC PRIVATE KEY-----"),
	[]byte("-----BEGIN DSA PRIVATE KEY-----"), []byte("-----BEGIN ENCRYPTED PRIVATE KEY-----"), []byte("-----BEGIN OPENSSH PRIVATE KEY-----"),
	[]byte("-----BEGIN PGP PRIVATE KEY BLOCK-----"), []byte("PuTTY-User-Key-File-"),
}

// privateKey reports whether the regular file at p holds a private key:
// its first bytes hold one of the markers at the start of a line. A
// credential is what the content says, not only what the name says
// (~/.ssh/github_rsa, deploy/prod).
func (env *Env) privateKey(p string) bool {
	if env.sniffed >= sniffMaxFiles || sourceFile(p) {
		return false
	}
	fi, err := env.Paths.lstat(p)
	if err != nil {
		return false
	}
	if fi.Mode()&os.ModeSymlink != 0 {
		if fi, err = os.Stat(p); err != nil {
			return false
		}
	}
	if !fi.Mode().IsRegular() || fi.Size() == 0 || fi.Size() > sniffMaxSize {
		return false
	}
	env.sniffed++
	f, err := os.Open(p)
	if err != nil {
		return false
	}
	defer f.Close()
	buf := make([]byte, sniffBytes)
	n, _ := io.ReadFull(f, buf)
	return HoldsPrivateKey(buf[:n])
}

// HoldsPrivateKey reports whether content (a file's first bytes) holds a
// private key marker at the start of a line.
func HoldsPrivateKey(content []byte) bool {
	for _, m := range keyMarkers {
		for rest := content; ; {
			i := bytes.Index(rest, m)
			if i < 0 {
				break
			}
			at := len(content) - len(rest) + i
			if at == 0 || content[at-1] == '\n' || content[at-1] == '\r' {
				return true
			}
			rest = rest[i+len(m):]
		}
	}
	return false
}

// sourceExts are the extensions of files read every day that hold source,
// documents or data, never a key by themselves: they are not looked into.
var sourceExts = map[string]bool{".go": true, ".js": true, ".mjs": true, ".cjs": true, ".ts": true, ".tsx": true, ".jsx": true, ".py": true,
	".rb": true, ".rs": true, ".java": true, ".kt": true, ".c": true, ".h": true, ".cc": true, ".cpp": true, ".hpp": true, ".cs": true,
	".swift": true, ".php": true, ".md": true, ".rst": true, ".html": true, ".css": true, ".scss": true, ".svg": true, ".lock": true,
	".sum": true, ".mod": true, ".json": true, ".yaml": true, ".yml": true, ".toml": true, ".xml": true, ".csv": true, ".sql": true,
	".sh": true, ".log": true, ".png": true, ".jpg": true, ".gif": true, ".pdf": true}

func sourceFile(p string) bool {
	return sourceExts[strings.ToLower(filepath.Ext(p))]
}
