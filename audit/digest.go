package audit

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// DigestKey keys the input digests of audit records: a digest is
// "hmac-sha256:" and the hex HMAC-SHA256 of the canonical JSON of the
// unredacted input under the key. Without the key, a digest cannot be used
// to confirm a guess of a redacted secret offline; with it, two records of
// the same install can still be matched to the same call.
type DigestKey []byte

// DigestKeySize is the size of a generated key in bytes.
const DigestKeySize = 32

// NewDigestKey returns a fresh random key.
func NewDigestKey() DigestKey {
	k := make(DigestKey, DigestKeySize)
	rand.Read(k) // never fails (crypto/rand)
	return k
}

// DefaultKeyPath returns the per-install key file:
// $XDG_STATE_HOME/warden/audit.key, or ~/.local/state/warden/audit.key.
func DefaultKeyPath(getenv func(string) string) string {
	return filepath.Join(filepath.Dir(DefaultPath(getenv)), "audit.key")
}

// LoadDigestKey reads the key at path, creating it (mode 0600, its
// directory 0700) with a fresh random key when it does not exist. Two
// processes creating it at once agree on one key: the file is created
// exclusively, and the loser reads the winner's.
func LoadDigestKey(path string) (DigestKey, error) {
	for attempt := 0; attempt < 3; attempt++ {
		data, err := os.ReadFile(path)
		if err == nil {
			k, err := hex.DecodeString(string(bytes.TrimSpace(data)))
			if err != nil || len(k) < 16 {
				return nil, fmt.Errorf("audit: key file %s is not a hex key of at least 16 bytes", path)
			}
			return k, nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("audit: reading the key: %w", err)
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			return nil, fmt.Errorf("audit: %w", err)
		}
		k := NewDigestKey()
		tmp, err := os.CreateTemp(filepath.Dir(path), ".audit-key-*")
		if err != nil {
			return nil, fmt.Errorf("audit: creating the key: %w", err)
		}
		_, werr := tmp.WriteString(hex.EncodeToString(k) + "\n")
		if err := tmp.Chmod(0o600); werr == nil {
			werr = err
		}
		if err := tmp.Close(); werr == nil {
			werr = err
		}
		if werr == nil {
			// A link fails when the file exists: the first key made wins.
			werr = os.Link(tmp.Name(), path)
		}
		os.Remove(tmp.Name())
		if werr == nil {
			return k, nil
		}
		if !errors.Is(werr, fs.ErrExist) {
			return nil, fmt.Errorf("audit: creating the key: %w", werr)
		}
	}
	return nil, fmt.Errorf("audit: key file %s keeps changing", path)
}

// Digest returns the keyed digest of input: "hmac-sha256:" and the hex
// HMAC-SHA256 of its canonical JSON (object keys sorted, no HTML escaping,
// no insignificant space).
func (k DigestKey) Digest(input map[string]any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if input == nil {
		input = map[string]any{}
	}
	if err := enc.Encode(input); err != nil {
		// Inputs decoded from JSON always encode; anything else is named.
		b.Reset()
		fmt.Fprintf(&b, "unencodable: %v", err)
	}
	mac := hmac.New(sha256.New, k)
	mac.Write(bytes.TrimSuffix(b.Bytes(), []byte{'\n'}))
	return "hmac-sha256:" + hex.EncodeToString(mac.Sum(nil))
}
