package atomicfile

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestWriteFileMode(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name     string
		existing os.FileMode // 0: no file before
		want     os.FileMode
	}{
		{"new file is private", 0, 0o600},
		{"existing mode is kept", 0o644, 0o644},
		{"existing private mode is kept", 0o640, 0o640},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, "sub", strconv.Itoa(i), "f.json")
			if tt.existing != 0 {
				if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte("old"), tt.existing); err != nil {
					t.Fatal(err)
				}
				if err := os.Chmod(path, tt.existing); err != nil {
					t.Fatal(err)
				}
			}
			if err := WriteFile(path, []byte("new"), DefaultPerm); err != nil {
				t.Fatal(err)
			}
			fi, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			if got := fi.Mode().Perm(); got != tt.want {
				t.Errorf("mode = %v, want %v", got, tt.want)
			}
			got, _ := os.ReadFile(path)
			if string(got) != "new" {
				t.Errorf("content = %q, want %q", got, "new")
			}
			entries, _ := os.ReadDir(filepath.Dir(path))
			if len(entries) != 1 {
				t.Errorf("directory holds %d entries, want only the file (no temp files left)", len(entries))
			}
		})
	}
}

func TestUpdateLeavesFileOnError(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.json")
	orig := []byte("{ \"broken\": \n")
	if err := os.WriteFile(path, orig, 0o644); err != nil {
		t.Fatal(err)
	}
	before, _ := os.Stat(path)
	boom := errors.New("cannot parse")
	err := Update(context.Background(), path, func(old []byte, exists bool) ([]byte, error) {
		if !exists || string(old) != string(orig) {
			t.Errorf("change saw exists=%v old=%q", exists, old)
		}
		return []byte("replaced"), boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("Update error = %v, want %v", err, boom)
	}
	got, _ := os.ReadFile(path)
	if diff := cmp.Diff(string(orig), string(got)); diff != "" {
		t.Errorf("file changed (-want +got):\n%s", diff)
	}
	after, _ := os.Stat(path)
	if !os.SameFile(before, after) {
		t.Error("file was replaced although the change failed")
	}
}

func TestUpdateMissingFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "deep", "s.json")
	err := Update(context.Background(), path, func(old []byte, exists bool) ([]byte, error) {
		if exists || old != nil {
			t.Errorf("change saw exists=%v old=%q for a missing file", exists, old)
		}
		return []byte("x"), nil
	})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	if string(got) != "x" {
		t.Errorf("content = %q, want %q", got, "x")
	}
}

// TestUpdateConcurrent has many goroutines append to one file through Update;
// each flock is taken on its own open file, so they exclude each other as
// separate processes would.
func TestUpdateConcurrent(t *testing.T) {
	path := filepath.Join(t.TempDir(), "counter")
	const n = 40
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			err := Update(context.Background(), path, func(old []byte, _ bool) ([]byte, error) {
				return append(old, fmt.Sprintf("%d\n", i)...), nil
			})
			if err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	got, _ := os.ReadFile(path)
	lines := 0
	for _, c := range got {
		if c == '\n' {
			lines++
		}
	}
	if lines != n {
		t.Errorf("file holds %d lines, want %d (a concurrent update was lost)", lines, n)
	}
}

func TestLockHonoursContext(t *testing.T) {
	lp := filepath.Join(t.TempDir(), "x.lock")
	unlock, err := Lock(context.Background(), lp)
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Lock(ctx, lp); !errors.Is(err, context.Canceled) {
		t.Fatalf("Lock on a held lock with a cancelled context = %v, want context.Canceled", err)
	}
}

func BenchmarkUpdate(b *testing.B) {
	path := filepath.Join(b.TempDir(), "f")
	b.ReportAllocs()
	for b.Loop() {
		if err := Update(context.Background(), path, func(old []byte, _ bool) ([]byte, error) {
			if string(old) == "x" {
				return []byte("y"), nil
			}
			return []byte("x"), nil
		}); err != nil {
			b.Fatal(err)
		}
	}
}
