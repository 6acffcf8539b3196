package fspath

import (
	"errors"
	"io/fs"
	"testing"
	"time"
)

type fakeInfo struct{ mode fs.FileMode }

func (f fakeInfo) Name() string       { return "" }
func (f fakeInfo) Size() int64        { return 0 }
func (f fakeInfo) Mode() fs.FileMode  { return f.mode }
func (f fakeInfo) ModTime() time.Time { return time.Time{} }
func (f fakeInfo) IsDir() bool        { return f.mode.IsDir() }
func (f fakeInfo) Sys() any           { return nil }

// TestReal walks paths through a small tree of links as the kernel does.
func TestReal(t *testing.T) {
	dirs := map[string]bool{"/h": true, "/h/p": true, "/h/.ssh": true, "/h/x": true, "/h/x/y": true, "/etc": true}
	links := map[string]string{
		"/h/p/d":     "/h/x/y", // absolute
		"/h/p/rel":   "../.ssh",
		"/h/p/dot":   "./d",
		"/h/p/loop":  "loop2",
		"/h/p/loop2": "loop",
		"/h/p/bad":   "",
		"/h/p/etc":   "/etc/",
	}
	lstat := func(p string) (fs.FileInfo, error) {
		if _, ok := links[p]; ok {
			return fakeInfo{fs.ModeSymlink}, nil
		}
		if dirs[p] {
			return fakeInfo{fs.ModeDir}, nil
		}
		if p == "/h/.ssh/id_rsa" {
			return fakeInfo{}, nil
		}
		return nil, fs.ErrNotExist
	}
	readlink := func(p string) (string, error) {
		if p == "/h/p/bad" {
			return "", errors.New("unreadable")
		}
		return links[p], nil
	}
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"/h/p/README", "/h/p/README", true},                // not there: as spelled
		{"/h/p/d/f", "/h/x/y/f", true},                      // absolute target
		{"/h/p/d/../.ssh/id_rsa", "/h/x/.ssh/id_rsa", true}, // .. climbs from the target
		{"/h/p/rel/id_rsa", "/h/.ssh/id_rsa", true},         // relative to the link's directory
		{"/h/p/dot/f", "/h/x/y/f", true},                    // a link to a link
		{"/h/p/etc/passwd", "/etc/passwd", true},            // a target with a trailing slash
		{"/h/p/new/../d/f", "/h/p/d/f", true},               // below a missing name nothing is a link
		{"/h/p/loop/f", "", false},
		{"/h/p/bad/f", "", false},
		{"/", "/", true},
		{"/h/./p//d", "/h/x/y", true},
	}
	for _, tt := range tests {
		got, ok := Real(tt.in, lstat, readlink)
		if got != tt.want || ok != tt.ok {
			t.Errorf("Real(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}
