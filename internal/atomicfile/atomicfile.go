package atomicfile

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// DefaultPerm is the mode given to a file that did not exist before: state
// and settings files may hold rules and session names, so only their owner
// reads them.
const DefaultPerm fs.FileMode = 0o600

// WriteFile replaces the file at path with data atomically: a reader sees
// either the old content or the new, never a mix. The data is written to a
// temporary file in the same directory, synced, given the old file's mode
// (perm when the file is new) and renamed over path; the directory is then
// synced so the rename survives a crash. Missing parent directories are
// created with mode 0700.
//
// WriteFile does not lock; callers that read, change and write use Update.
func WriteFile(path string, data []byte, perm fs.FileMode) (err error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("atomicfile: %w", err)
	}
	if fi, err := os.Stat(path); err == nil {
		perm = fi.Mode().Perm()
	} else if !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("atomicfile: %w", err)
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("atomicfile: %w", err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err := tmp.Write(data); err != nil {
		return fmt.Errorf("atomicfile: writing %s: %w", tmp.Name(), err)
	}
	if err := tmp.Chmod(perm); err != nil {
		return fmt.Errorf("atomicfile: %w", err)
	}
	if err := tmp.Sync(); err != nil {
		return fmt.Errorf("atomicfile: syncing %s: %w", tmp.Name(), err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("atomicfile: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("atomicfile: %w", err)
	}
	return syncDir(dir)
}

// syncDir makes a rename in dir durable. File systems that cannot sync a
// directory are not an error.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("atomicfile: %w", err)
	}
	defer d.Close()
	_ = d.Sync() // best effort: some file systems refuse fsync on directories
	return nil
}

// LockPath returns the sidecar lock file that guards path.
func LockPath(path string) string { return path + ".lock" }

// Update changes the file at path under its exclusive lock: it reads the
// current content (exists is false, and old nil, when there is no file),
// calls change, and writes what change returns with WriteFile. When change
// returns an error, or returns the content unchanged, the file is left
// untouched byte for byte and that error is returned.
func Update(ctx context.Context, path string, change func(old []byte, exists bool) ([]byte, error)) error {
	unlock, err := Lock(ctx, LockPath(path))
	if err != nil {
		return err
	}
	defer unlock()
	old, err := os.ReadFile(path)
	exists := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("atomicfile: %w", err)
	}
	data, err := change(old, exists)
	if err != nil {
		return err
	}
	if exists && string(data) == string(old) {
		return nil
	}
	return WriteFile(path, data, DefaultPerm)
}
