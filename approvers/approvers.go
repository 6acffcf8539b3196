package approvers

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// Errors of the approvers file.
var (
	// ErrExists is returned by Add for a name the file already holds.
	ErrExists = errors.New("an approver with this name already exists")
	// ErrUnknown is returned by Remove for a name the file does not hold.
	ErrUnknown = errors.New("no such approver")
	// ErrInvalidName is wrapped by ValidName's errors.
	ErrInvalidName = errors.New("invalid approver name")
)

// fileVersion is the version of the file's format.
const fileVersion = 1

// Approver is one named approver as the file keeps it.
type Approver struct {
	// Name is how answers are recorded: in the audit, on the page.
	Name string `json:"name"`
	// TokenSHA256 is the hex SHA-256 of the approver's token.
	TokenSHA256 string `json:"token_sha256"`
	// Added is when the approver was added.
	Added time.Time `json:"added"`
}

type file struct {
	Version   int        `json:"version"`
	Approvers []Approver `json:"approvers"`
}

// ValidName accepts 1 to 64 letters, digits, '.', '_' and '-', starting
// with a letter or digit: a name that reads the same on the page, in the
// audit and in a settings file.
func ValidName(name string) error {
	if name == "" || len(name) > 64 {
		return fmt.Errorf("%w %q: 1 to 64 characters", ErrInvalidName, name)
	}
	for i, r := range name {
		alnum := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
		if !alnum && (i == 0 || r != '.' && r != '_' && r != '-') {
			return fmt.Errorf("%w %q: letters, digits, '.', '_' and '-', starting with a letter or digit", ErrInvalidName, name)
		}
	}
	return nil
}

// DefaultPath is where `warden approvers` keeps the file when not told:
// $XDG_STATE_HOME/warden/approvers.json, or ~/.local/state/warden/approvers.json.
func DefaultPath(getenv func(string) string) string {
	state := getenv("XDG_STATE_HOME")
	if state == "" {
		state = filepath.Join(getenv("HOME"), ".local", "state")
	}
	return filepath.Join(state, "warden", "approvers.json")
}

// List returns the approvers of the file at path, by name. A missing file
// holds none.
func List(path string) ([]Approver, error) {
	f, err := read(path, true)
	if err != nil {
		return nil, err
	}
	return f.Approvers, nil
}

// Add adds an approver named name with a fresh token, creating the file
// (0600) when missing, and returns the token: it is not stored, so this is
// the only time anyone sees it.
func Add(path, name string, now time.Time) (string, error) {
	if err := ValidName(name); err != nil {
		return "", err
	}
	f, err := read(path, true)
	if err != nil {
		return "", err
	}
	if slices.ContainsFunc(f.Approvers, func(a Approver) bool { return a.Name == name }) {
		return "", fmt.Errorf("%w: %q (remove it first to give it a new token)", ErrExists, name)
	}
	var b [32]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails
	token := "wap_" + hex.EncodeToString(b[:])
	f.Approvers = append(f.Approvers, Approver{Name: name, TokenSHA256: digest(token), Added: now.UTC()})
	if err := write(path, f); err != nil {
		return "", err
	}
	return token, nil
}

// Remove removes the approver named name; its token stops working when the
// daemon next loads the file (at its start).
func Remove(path, name string) error {
	f, err := read(path, false)
	if err != nil {
		return err
	}
	i := slices.IndexFunc(f.Approvers, func(a Approver) bool { return a.Name == name })
	if i < 0 {
		return fmt.Errorf("%w: %q in %s", ErrUnknown, name, path)
	}
	f.Approvers = slices.Delete(f.Approvers, i, i+1)
	return write(path, f)
}

// Set is the approvers of a file, as the daemon holds them.
type Set struct {
	names []string
	keys  [][]byte // SHA-256 of each token, in names' order
}

// Load reads the file at path. It must exist, be a regular file readable
// by its owner only, and name each approver once with a well-formed digest.
func Load(path string) (*Set, error) {
	f, err := read(path, false)
	if err != nil {
		return nil, err
	}
	return newSet(path, f.Approvers)
}

func newSet(path string, list []Approver) (*Set, error) {
	s := &Set{}
	for _, a := range list {
		if err := ValidName(a.Name); err != nil {
			return nil, fmt.Errorf("approvers file %s: %w", path, err)
		}
		if slices.Contains(s.names, a.Name) {
			return nil, fmt.Errorf("approvers file %s: %q is listed twice", path, a.Name)
		}
		k, err := hex.DecodeString(a.TokenSHA256)
		if err != nil || len(k) != sha256.Size {
			return nil, fmt.Errorf("approvers file %s: approver %q: token_sha256 must be 64 hex digits", path, a.Name)
		}
		s.names = append(s.names, a.Name)
		s.keys = append(s.keys, k)
	}
	return s, nil
}

// Names returns the approvers' names, in the file's order.
func (s *Set) Names() []string {
	if s == nil {
		return nil
	}
	return slices.Clone(s.names)
}

// Has reports whether name is one of the approvers.
func (s *Set) Has(name string) bool { return s != nil && slices.Contains(s.names, name) }

// Lookup returns the name of the approver whose token tok is. It compares
// tok's digest with every approver's in constant time, so how long it takes
// says nothing about which approver, if any, the token is close to.
func (s *Set) Lookup(tok string) (string, bool) {
	if s == nil || tok == "" {
		return "", false
	}
	sum := sha256.Sum256([]byte(tok))
	found := -1
	for i, k := range s.keys {
		if subtle.ConstantTimeCompare(sum[:], k) == 1 {
			found = i
		}
	}
	if found < 0 {
		return "", false
	}
	return s.names[found], true
}

func digest(tok string) string {
	sum := sha256.Sum256([]byte(tok))
	return hex.EncodeToString(sum[:])
}

// read reads the file; missingOK makes a missing file an empty one.
func read(path string, missingOK bool) (file, error) {
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) && missingOK {
		return file{Version: fileVersion}, nil
	}
	if err != nil {
		return file{}, fmt.Errorf("approvers file: %w", err)
	}
	if !fi.Mode().IsRegular() {
		return file{}, fmt.Errorf("approvers file %s: not a regular file", path)
	}
	if fi.Mode().Perm()&0o077 != 0 {
		return file{}, fmt.Errorf("approvers file %s: mode %04o lets others read it: chmod 600 %s", path, fi.Mode().Perm(), path)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return file{}, fmt.Errorf("approvers file: %w", err)
	}
	var f file
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return file{}, fmt.Errorf("approvers file %s: %w", path, err)
	}
	if f.Version != fileVersion {
		return file{}, fmt.Errorf("approvers file %s: version %d, want %d", path, f.Version, fileVersion)
	}
	if _, err := newSet(path, f.Approvers); err != nil {
		return file{}, err
	}
	slices.SortFunc(f.Approvers, func(a, b Approver) int { return strings.Compare(a.Name, b.Name) })
	return f, nil
}

// write replaces the file atomically: a temporary file (0600) beside it,
// synced, then renamed over it.
func write(path string, f file) error {
	f.Version = fileVersion
	if f.Approvers == nil {
		f.Approvers = []Approver{}
	}
	data, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return err
	}
	data = append(data, '\n')
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("approvers file: %w", err)
	}
	tmp, err := os.CreateTemp(dir, ".approvers-*")
	if err != nil {
		return fmt.Errorf("approvers file: %w", err)
	}
	defer os.Remove(tmp.Name())
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return fmt.Errorf("approvers file: %w", err)
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return fmt.Errorf("approvers file: %w", err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fmt.Errorf("approvers file: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("approvers file: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("approvers file: %w", err)
	}
	return nil
}
