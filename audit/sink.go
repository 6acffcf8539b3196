package audit

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/wardenhq/warden/internal/atomicfile"
)

// Sink receives the record of every final decision. Write must be safe for
// concurrent use, must mask secrets (at least the built-in patterns) before
// the record leaves the process or is kept, and must return an error rather
// than drop a record silently. Every implementation should pass
// audittest.RunSinkConformance.
type Sink interface {
	Write(ctx context.Context, r Record) error
}

// SinkFunc adapts a function to a Sink.
type SinkFunc func(ctx context.Context, r Record) error

// Write calls f.
func (f SinkFunc) Write(ctx context.Context, r Record) error { return f(ctx, r) }

// Discard is the sink of dry runs (--no-audit): it keeps nothing.
var Discard Sink = SinkFunc(func(context.Context, Record) error { return nil })

// Defaults of FileOptions.
const (
	DefaultMaxBytes      int64 = 10 << 20
	DefaultKeep                = 3
	DefaultMaxValueBytes       = 8 << 10
)

// FileOptions configure a FileSink. The zero value means all defaults.
type FileOptions struct {
	// Redact are regular expressions masked in every string, on top of the
	// built-in patterns (settings: audit.redact).
	Redact []string
	// MaxBytes is the size past which the file is rotated before a write
	// (settings: audit.maxSizeMB); 0 means DefaultMaxBytes, negative never.
	MaxBytes int64
	// Keep is how many rotated files (audit.jsonl.1 … .N) are kept
	// (settings: audit.keep); 0 means DefaultKeep.
	Keep int
	// MaxValueBytes caps each string of the input as written (the digest
	// covers the whole input); 0 means DefaultMaxValueBytes, negative no cap.
	MaxValueBytes int
	// Now is the clock for records without a time; nil means time.Now.
	Now func() time.Time
	// DigestKey keys the input digests. When nil, the key is read from
	// DigestKeyFile on the first write, and created there when missing
	// (LoadDigestKey).
	DigestKey DigestKey
	// DigestKeyFile is the per-install key file (DefaultKeyPath); empty
	// means audit.key beside the audit file.
	DigestKeyFile string
}

// FileSink appends records as JSON lines to a file. Each record is one
// write(2) on a descriptor opened with O_APPEND, so records from any number
// of processes never interleave; the file is reopened for every record, so
// a rotation by another process is followed at once.
type FileSink struct {
	path     string
	redactor *Redactor
	maxBytes int64
	keep     int
	maxValue int
	now      func() time.Time

	keyMu   sync.Mutex
	key     DigestKey
	keyFile string
}

var _ Sink = (*FileSink)(nil)

// NewFileSink returns a sink appending to the file at path (created with
// mode 0600, its directory with 0700, on first write). It fails when a
// redact pattern does not compile.
func NewFileSink(path string, opts FileOptions) (*FileSink, error) {
	if path == "" {
		return nil, errors.New("audit: no audit file")
	}
	r, err := NewRedactor(opts.Redact)
	if err != nil {
		return nil, err
	}
	s := &FileSink{path: path, redactor: r, maxBytes: opts.MaxBytes, keep: opts.Keep, maxValue: opts.MaxValueBytes, now: opts.Now,
		key: opts.DigestKey, keyFile: opts.DigestKeyFile}
	if s.keyFile == "" {
		s.keyFile = filepath.Join(filepath.Dir(path), "audit.key")
	}
	if s.maxBytes == 0 {
		s.maxBytes = DefaultMaxBytes
	}
	if s.keep <= 0 {
		s.keep = DefaultKeep
	}
	if s.maxValue == 0 {
		s.maxValue = DefaultMaxValueBytes
	}
	if s.now == nil {
		s.now = time.Now
	}
	return s, nil
}

// Path returns the file the sink appends to.
func (s *FileSink) Path() string { return s.path }

// DefaultPath returns the default audit file:
// $XDG_STATE_HOME/warden/audit.jsonl, or ~/.local/state/warden/audit.jsonl.
func DefaultPath(getenv func(string) string) string {
	state := getenv("XDG_STATE_HOME")
	if state == "" {
		state = filepath.Join(getenv("HOME"), ".local", "state")
	}
	return filepath.Join(state, "warden", "audit.jsonl")
}

// Encode returns the line a FileSink writes for r: r redacted by red (nil:
// built-ins only), strings of the input capped at maxValue bytes (negative:
// no cap), as JSON with a final newline.
func Encode(r Record, red *Redactor, maxValue int) ([]byte, error) {
	r = red.Record(r)
	if maxValue > 0 {
		r.Input = capStrings(r.Input, maxValue)
		r.UpdatedInput = capStrings(r.UpdatedInput, maxValue)
	}
	line, err := r.appendJSON(make([]byte, 0, 1024))
	if err != nil {
		return nil, fmt.Errorf("audit: encoding record %s: %w", r.ID, err)
	}
	return append(line, '\n'), nil
}

// Write redacts r and appends it to the file as one line, rotating the file
// first when it has grown past MaxBytes.
func (s *FileSink) Write(ctx context.Context, r Record) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("audit: %w", err)
	}
	if r.Time.IsZero() {
		r.Time = s.now()
	}
	if err := os.MkdirAll(filepath.Dir(s.path), 0o700); err != nil {
		return fmt.Errorf("audit: %w", err)
	}
	key, err := s.digestKey()
	if err != nil {
		return err
	}
	r.InputDigest = key.Digest(r.Input)
	switch {
	case r.Event == EventPostToolUse:
		linkRan(s.path, &r)
	case r.ToolUseID == "" && r.Event == EventPermissionRequest:
		r.ToolUseID = findToolUse(s.path, r)
	}
	line, err := Encode(r, s.redactor, s.maxValue)
	if err != nil {
		return err
	}
	if s.maxBytes > 0 {
		if err := s.rotateIfFull(ctx, int64(len(line))); err != nil {
			return err
		}
	}
	f, err := os.OpenFile(s.path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return fmt.Errorf("audit: %w", err)
	}
	n, err := f.Write(line)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil && n != len(line) {
		err = fmt.Errorf("short write (%d of %d bytes)", n, len(line))
	}
	if err != nil {
		return fmt.Errorf("audit: writing %s: %w", s.path, err)
	}
	return nil
}

// digestKey returns the sink's key, loading it on first use.
func (s *FileSink) digestKey() (DigestKey, error) {
	s.keyMu.Lock()
	defer s.keyMu.Unlock()
	if s.key == nil {
		k, err := LoadDigestKey(s.keyFile)
		if err != nil {
			return nil, err
		}
		s.key = k
	}
	return s.key, nil
}

// rotateIfFull renames the file to .1 (and .1 to .2, …, dropping the
// oldest) when appending next bytes would take it past MaxBytes. The check
// is repeated under the rotation lock, so concurrent writers rotate once.
func (s *FileSink) rotateIfFull(ctx context.Context, next int64) error {
	full := func() bool {
		fi, err := os.Stat(s.path)
		return err == nil && fi.Size() > 0 && fi.Size()+next > s.maxBytes
	}
	if !full() {
		return nil
	}
	unlock, err := atomicfile.Lock(ctx, atomicfile.LockPath(s.path))
	if err != nil {
		return fmt.Errorf("audit: %w", err)
	}
	defer unlock()
	if !full() {
		return nil
	}
	if err := os.Remove(rotated(s.path, s.keep)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("audit: rotating: %w", err)
	}
	for i := s.keep - 1; i >= 1; i-- {
		if err := os.Rename(rotated(s.path, i), rotated(s.path, i+1)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("audit: rotating: %w", err)
		}
	}
	if err := os.Rename(s.path, rotated(s.path, 1)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("audit: rotating: %w", err)
	}
	return nil
}

// rotated returns the name of the i-th rotated file: path.i.
func rotated(path string, i int) string { return path + "." + strconv.Itoa(i) }

// capStrings caps every string in m at max bytes (on a rune boundary),
// saying how much was cut.
func capStrings(m map[string]any, max int) map[string]any {
	if m == nil {
		return nil
	}
	out, _ := capValue(m, max).(map[string]any)
	return out
}

func capValue(v any, max int) any {
	switch v := v.(type) {
	case string:
		if len(v) <= max {
			return v
		}
		cut := max
		for cut > 0 && !utf8.RuneStart(v[cut]) {
			cut--
		}
		return v[:cut] + fmt.Sprintf("…[%d more bytes]", len(v)-cut)
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[k] = capValue(x, max)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = capValue(x, max)
		}
		return out
	}
	return v
}

// MemorySink keeps records in memory, redacted: for tests, and for a daemon
// that shows recent decisions. It keeps at most its limit, dropping the
// oldest.
type MemorySink struct {
	redactor *Redactor
	limit    int
	now      func() time.Time
	key      DigestKey

	mu      sync.Mutex
	records []Record
}

var _ Sink = (*MemorySink)(nil)

// NewMemorySink returns a sink keeping the last limit records (0: all),
// redacted by r (nil: the built-in patterns), their inputs digested with a
// key of its own.
func NewMemorySink(r *Redactor, limit int) *MemorySink {
	return &MemorySink{redactor: r, limit: limit, now: time.Now, key: NewDigestKey()}
}

// Write keeps a redacted copy of r.
func (s *MemorySink) Write(ctx context.Context, r Record) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("audit: %w", err)
	}
	if r.Time.IsZero() {
		r.Time = s.now()
	}
	r.InputDigest = s.key.Digest(r.Input)
	r = s.redactor.Record(r)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.records = append(s.records, r)
	if s.limit > 0 && len(s.records) > s.limit {
		s.records = append(s.records[:0:0], s.records[len(s.records)-s.limit:]...)
	}
	return nil
}

// Records returns the records kept, oldest first.
func (s *MemorySink) Records() []Record {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Record(nil), s.records...)
}
