package grant

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/wardenhq/warden/internal/atomicfile"
)

// DefaultSessionIdle is how long a session's grants last in a FileStore
// without any activity, when settings do not say (grants.sessionIdleMinutes).
const DefaultSessionIdle = 12 * time.Hour

// FileStore keeps session grants in state files, one per session, so that
// per-call processes ("warden hook" runs once per tool call) share them. A
// session's grants lapse once its file has not been used for the idle time;
// every List of the session counts as use.
//
// Changes are made under one lock for the directory and written atomically,
// so any number of processes may add and revoke at once without losing a
// grant.
type FileStore struct {
	dir  string
	idle time.Duration
	now  func() time.Time
}

var _ Store = (*FileStore)(nil)

// NewFileStore returns a store keeping its files in dir (created on first
// write with mode 0700; see DefaultDir). idle is the idle time after which a
// session's grants lapse (zero: DefaultSessionIdle); now is the clock (nil:
// time.Now).
func NewFileStore(dir string, idle time.Duration, now func() time.Time) *FileStore {
	if idle <= 0 {
		idle = DefaultSessionIdle
	}
	if now == nil {
		now = time.Now
	}
	return &FileStore{dir: dir, idle: idle, now: now}
}

// stateDir is the directory Warden keeps its state in under the user's
// state directory: the product's name, a path element, not a program.
const stateDir = "warden"

// DefaultDir returns where session grant files live:
// $XDG_STATE_HOME/warden/sessions, or ~/.local/state/warden/sessions.
func DefaultDir(getenv func(string) string) string {
	state := getenv("XDG_STATE_HOME")
	if state == "" {
		state = filepath.Join(getenv("HOME"), ".local", "state")
	}
	return filepath.Join(state, stateDir, "sessions")
}

// sessionFile is the content of one session's state file.
type sessionFile struct {
	Version int     `json:"version"`
	Session string  `json:"session"`
	Grants  []Grant `json:"grants"`
}

const sessionFileVersion = 1

// plainSessionID reports whether a session ID can name its file as it is:
// 1 to 100 letters, digits, '_', '-' or '.', not starting with '.'.
func plainSessionID(s string) bool {
	if s == "" || len(s) > 100 || s[0] == '.' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-' || c == '.') {
			return false
		}
	}
	return true
}

// path returns the state file of session: the ID itself when it is a plain
// file name, else a digest of it, so no session ID can name a file outside
// the directory.
func (s *FileStore) path(session string) string {
	name := session
	if !plainSessionID(session) || strings.HasPrefix(session, "sha256-") {
		sum := sha256.Sum256([]byte(session))
		name = "sha256-" + hex.EncodeToString(sum[:16])
	}
	return filepath.Join(s.dir, name+".json")
}

func (s *FileStore) lock(ctx context.Context) (func() error, error) {
	return atomicfile.Lock(ctx, filepath.Join(s.dir, ".lock"))
}

// read loads a state file. A missing file is an empty session; a file that
// does not parse is an error naming it, so a damaged file is never taken for
// "no grants" and overwritten.
func (s *FileStore) read(path string) (sessionFile, fs.FileInfo, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return sessionFile{}, nil, nil
	}
	if err != nil {
		return sessionFile{}, nil, fmt.Errorf("grant: %w", err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) { // revoked or expired meanwhile
			return sessionFile{}, nil, nil
		}
		return sessionFile{}, nil, fmt.Errorf("grant: %w", err)
	}
	var sf sessionFile
	if err := json.Unmarshal(data, &sf); err != nil {
		return sessionFile{}, nil, fmt.Errorf("grant: session file %w", positionError(path, data, err))
	}
	if sf.Version != sessionFileVersion {
		return sessionFile{}, nil, fmt.Errorf("grant: session file %s has version %d, want %d", path, sf.Version, sessionFileVersion)
	}
	return sf, fi, nil
}

func (s *FileStore) expired(fi fs.FileInfo, now time.Time) bool {
	return fi != nil && now.Sub(fi.ModTime()) >= s.idle
}

// write stores sf (or removes the file when it holds no grants) and marks
// the session used now.
func (s *FileStore) write(path string, sf sessionFile, now time.Time) error {
	if len(sf.Grants) == 0 {
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("grant: %w", err)
		}
		return nil
	}
	sf.Version = sessionFileVersion
	for i := range sf.Grants {
		sf.Grants[i].ExpiresAt = time.Time{}
		sf.Grants[i].Source = ""
	}
	data, err := json.MarshalIndent(sf, "", "  ")
	if err != nil {
		return fmt.Errorf("grant: %w", err)
	}
	if err := atomicfile.WriteFile(path, append(data, '\n'), atomicfile.DefaultPerm); err != nil {
		return fmt.Errorf("grant: %w", err)
	}
	return s.touch(path, now)
}

func (s *FileStore) touch(path string, now time.Time) error {
	if err := os.Chtimes(path, now, now); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("grant: %w", err)
	}
	return nil
}

// Add records a session grant in the session's state file.
func (s *FileStore) Add(ctx context.Context, g Grant) (Grant, error) {
	if err := g.Validate(); err != nil {
		return Grant{}, err
	}
	if g.Category != "" {
		g.Category = CanonicalCategory(g.Category)
	}
	unlock, err := s.lock(ctx)
	if err != nil {
		return Grant{}, fmt.Errorf("grant: %w", err)
	}
	defer unlock()
	now := s.now()
	path := s.path(g.Session)
	sf, fi, err := s.read(path)
	if err != nil {
		return Grant{}, err
	}
	if s.expired(fi, now) {
		sf.Grants = nil
	}
	sf.Session = g.Session
	for _, old := range sf.Grants {
		if sameTarget(old, g) {
			if err := s.touch(path, now); err != nil {
				return Grant{}, err
			}
			return s.present(old, path, now), nil
		}
	}
	g.ID = newID()
	g.CreatedAt = now
	sf.Grants = append(sf.Grants, g)
	if err := s.write(path, sf, now); err != nil {
		return Grant{}, err
	}
	return s.present(g, path, now), nil
}

// present fills in where a stored grant lives and when it lapses.
func (s *FileStore) present(g Grant, path string, lastUsed time.Time) Grant {
	g.Source = path
	g.ExpiresAt = lastUsed.Add(s.idle)
	return g
}

// List returns the live grants of session, or of every session when session
// is "". It takes no lock: state files are replaced atomically, so a read
// always sees a whole file.
func (s *FileStore) List(ctx context.Context, session string) ([]Grant, error) {
	now := s.now()
	if session != "" {
		return s.listFile(ctx, s.path(session), now)
	}
	entries, err := os.ReadDir(s.dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("grant: %w", err)
	}
	var out []Grant
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || strings.HasPrefix(name, ".") || !strings.HasSuffix(name, ".json") {
			continue
		}
		gs, err := s.listFile(ctx, filepath.Join(s.dir, name), now)
		if err != nil {
			return nil, err
		}
		out = append(out, gs...)
	}
	sortGrants(out)
	return out, nil
}

func (s *FileStore) listFile(ctx context.Context, path string, now time.Time) ([]Grant, error) {
	sf, fi, err := s.read(path)
	if err != nil || fi == nil {
		return nil, err
	}
	if s.expired(fi, now) {
		return nil, s.removeExpired(ctx, path, now)
	}
	if err := s.touch(path, now); err != nil {
		return nil, err
	}
	out := make([]Grant, 0, len(sf.Grants))
	for _, g := range sf.Grants {
		g.Session = sf.Session
		out = append(out, s.present(g, path, now))
	}
	return out, nil
}

// removeExpired deletes an expired state file, checking again under the
// lock that no process used it meanwhile.
func (s *FileStore) removeExpired(ctx context.Context, path string, now time.Time) error {
	unlock, err := s.lock(ctx)
	if err != nil {
		return fmt.Errorf("grant: %w", err)
	}
	defer unlock()
	fi, err := os.Stat(path)
	if err != nil || !s.expired(fi, now) {
		return nil
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("grant: %w", err)
	}
	return nil
}

// Revoke removes the grants named by idOrRule from every session's file.
func (s *FileStore) Revoke(ctx context.Context, idOrRule string) (int, error) {
	unlock, err := s.lock(ctx)
	if err != nil {
		return 0, fmt.Errorf("grant: %w", err)
	}
	defer unlock()
	entries, err := os.ReadDir(s.dir)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("grant: %w", err)
	}
	now := s.now()
	n := 0
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || strings.HasPrefix(name, ".") || !strings.HasSuffix(name, ".json") {
			continue
		}
		path := filepath.Join(s.dir, name)
		sf, fi, err := s.read(path)
		if err != nil {
			return n, err
		}
		if fi == nil || s.expired(fi, now) {
			continue
		}
		kept := sf.Grants[:0]
		for _, g := range sf.Grants {
			if g.matches(idOrRule) {
				continue
			}
			kept = append(kept, g)
		}
		if removed := len(sf.Grants) - len(kept); removed > 0 {
			n += removed
			sf.Grants = kept
			// Revoking is not activity: keep the file's last use.
			if err := s.write(path, sf, fi.ModTime()); err != nil {
				return n, err
			}
		}
	}
	return n, nil
}
