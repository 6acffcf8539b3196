package gitrepo

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// IndexEntry is one path the index tracks, as git ls-files prints it
// (before quoting): the path from the work tree's top, slash-separated.
type IndexEntry struct {
	Path string
	// Mode is the entry's mode: 0100644, 0100755, 0120000 (a symlink),
	// 0160000 (a submodule).
	Mode uint32
}

// Bounds of one index read: past them the index is not read.
const (
	maxIndexBytes   = 32 << 20
	maxIndexEntries = 100_000
)

// ErrIndexUnsupported reports an index whose entries are not all in the
// file: a split index (the "link" extension), a sparse index's directory
// entries, or entries in conflict, which git ls-files prints otherwise
// than one line a path.
var ErrIndexUnsupported = errors.New("gitrepo: index form not read")

// Index reads the repository's index, GitDir/index (where git reads it
// unless GIT_INDEX_FILE names another). A repository with no index tracks
// nothing: no entries, no error. The object format (sha1 or sha256) is
// the repository's configuration's.
func (r Repo) Index(home string) ([]IndexEntry, error) {
	hashLen := 20
	cfg, err := ReadConfig(filepath.Join(r.GitDir, "config"), home)
	if err != nil {
		return nil, err
	}
	for _, e := range cfg {
		if e.Key == "extensions.objectformat" {
			switch strings.ToLower(e.Value) {
			case "sha1":
				hashLen = 20
			case "sha256":
				hashLen = 32
			default:
				return nil, fmt.Errorf("gitrepo: object format %q", e.Value)
			}
		}
	}
	f, err := os.Open(filepath.Join(r.GitDir, "index"))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxIndexBytes+1))
	if err != nil {
		return nil, err
	}
	if len(b) > maxIndexBytes {
		return nil, fmt.Errorf("gitrepo: index larger than %d bytes", maxIndexBytes)
	}
	return ParseIndex(b, hashLen)
}

// ParseIndex reads the entries of an index file (versions 2, 3 and 4,
// with hashes of hashLen bytes), in the index's order, which is the order
// git ls-files prints them in. It does not check the trailing checksum:
// the file is read, not trusted for more than its names.
func ParseIndex(b []byte, hashLen int) ([]IndexEntry, error) {
	if len(b) < 12 || string(b[:4]) != "DIRC" {
		return nil, errors.New("gitrepo: not an index file")
	}
	version := binary.BigEndian.Uint32(b[4:8])
	if version < 2 || version > 4 {
		return nil, fmt.Errorf("gitrepo: index version %d", version)
	}
	n := binary.BigEndian.Uint32(b[8:12])
	if n > maxIndexEntries {
		return nil, fmt.Errorf("gitrepo: index holds %d entries, more than %d", n, maxIndexEntries)
	}
	out := make([]IndexEntry, 0, n)
	off := 12
	fixed := 40 + hashLen + 2 // stat data, hash, flags
	prev := ""
	for range n {
		if off+fixed > len(b) {
			return nil, errors.New("gitrepo: index truncated")
		}
		start := off
		mode := binary.BigEndian.Uint32(b[off+24 : off+28])
		flags := binary.BigEndian.Uint16(b[off+40+hashLen : off+fixed])
		off += fixed
		if flags&0x4000 != 0 {
			if version < 3 {
				return nil, errors.New("gitrepo: extended flags in a version 2 index")
			}
			if off+2 > len(b) {
				return nil, errors.New("gitrepo: index truncated")
			}
			off += 2
		}
		if stage := flags >> 12 & 3; stage != 0 {
			return nil, ErrIndexUnsupported
		}
		var name string
		if version == 4 {
			strip, k := indexVarint(b[off:])
			if k == 0 || strip > uint64(len(prev)) {
				return nil, errors.New("gitrepo: bad path prefix in index")
			}
			off += k
			end := indexNUL(b, off)
			if end < 0 {
				return nil, errors.New("gitrepo: index truncated")
			}
			name = prev[:len(prev)-int(strip)] + string(b[off:end])
			off = end + 1
		} else {
			end := indexNUL(b, off)
			if end < 0 {
				return nil, errors.New("gitrepo: index truncated")
			}
			name = string(b[off:end])
			// 1 to 8 NULs pad the entry to a multiple of eight bytes.
			off = start + (end-start+8)&^7
			if off > len(b) {
				return nil, errors.New("gitrepo: index truncated")
			}
		}
		if name == "" || mode&0o170000 == 0o040000 {
			return nil, ErrIndexUnsupported // a sparse index's directory
		}
		prev = name
		out = append(out, IndexEntry{Path: name, Mode: mode})
	}
	// Extensions follow: a split index keeps its entries elsewhere.
	for off+8 <= len(b)-hashLen {
		sig := string(b[off : off+4])
		size := binary.BigEndian.Uint32(b[off+4 : off+8])
		if sig == "link" || sig == "sdir" {
			return nil, ErrIndexUnsupported
		}
		if uint64(off)+8+uint64(size) > uint64(len(b)) {
			break
		}
		off += 8 + int(size)
	}
	return out, nil
}

// indexVarint reads the offset encoding of index version 4 (the one of
// git's varint.c); k is 0 when it does not end within b or overflows.
func indexVarint(b []byte) (v uint64, k int) {
	if len(b) == 0 {
		return 0, 0
	}
	c := b[0]
	v = uint64(c & 127)
	k = 1
	for c&128 != 0 {
		if k >= len(b) || k > 9 {
			return 0, 0
		}
		v++
		c = b[k]
		k++
		v = v<<7 + uint64(c&127)
	}
	return v, k
}

func indexNUL(b []byte, from int) int {
	for i := from; i < len(b); i++ {
		if b[i] == 0 {
			return i
		}
	}
	return -1
}
