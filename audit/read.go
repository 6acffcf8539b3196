package audit

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sort"
	"time"

	"github.com/wardenhq/warden/api"
)

// Filter selects records. Zero fields select everything.
type Filter struct {
	// Since keeps records at or after this time.
	Since    time.Time
	Behavior api.Behavior
	Tool     string
	Session  string
}

// Match reports whether r passes the filter.
func (f Filter) Match(r Record) bool {
	return (f.Since.IsZero() || !r.Time.Before(f.Since)) &&
		(f.Behavior == "" || r.Behavior == f.Behavior) &&
		(f.Tool == "" || r.Tool == f.Tool) &&
		(f.Session == "" || r.Session == f.Session)
}

// LineError is a line of an audit file that is not a record.
type LineError struct {
	File string
	Line int
	Err  error
}

// Error returns "file:line: problem".
func (e *LineError) Error() string { return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err) }

// Unwrap returns the decoding error.
func (e *LineError) Unwrap() error { return e.Err }

// Files returns the audit file at path and its rotated files that exist,
// oldest first.
func Files(path string) []string {
	var out []string
	for i := 1; ; i++ {
		if _, err := os.Stat(rotated(path, i)); err != nil {
			break
		}
		out = append(out, rotated(path, i))
	}
	for l, r := 0, len(out)-1; l < r; l, r = l+1, r-1 {
		out[l], out[r] = out[r], out[l]
	}
	if _, err := os.Stat(path); err == nil {
		out = append(out, path)
	}
	return out
}

// Read returns the records of the audit file at path and its rotated files
// that pass f, oldest first. Lines that are not records are returned as
// LineErrors next to the records rather than stopping the read; a missing
// file holds no records.
func Read(path string, f Filter) ([]Record, []error, error) {
	var records []Record
	var bad []error
	for _, file := range Files(path) {
		rs, b, err := readFile(file, f)
		if err != nil {
			return nil, nil, err
		}
		records = append(records, rs...)
		bad = append(bad, b...)
	}
	sort.SliceStable(records, func(i, j int) bool { return records[i].Time.Before(records[j].Time) })
	return records, bad, nil
}

func readFile(path string, f Filter) ([]Record, []error, error) {
	file, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("audit: %w", err)
	}
	defer file.Close()
	var records []Record
	var bad []error
	br := bufio.NewReader(file)
	for n := 1; ; n++ {
		line, err := br.ReadBytes('\n')
		if len(bytes.TrimSpace(line)) > 0 {
			var r Record
			if derr := json.Unmarshal(line, &r); derr != nil {
				bad = append(bad, &LineError{File: path, Line: n, Err: derr})
			} else if f.Match(r) {
				records = append(records, r)
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, nil, fmt.Errorf("audit: reading %s: %w", path, err)
		}
	}
	return records, bad, nil
}

// Stats counts records by behaviour, tool and who decided (see Decider).
type Stats struct {
	Total      int            `json:"total"`
	ByBehavior map[string]int `json:"by_behavior"`
	ByTool     map[string]int `json:"by_tool"`
	ByDecider  map[string]int `json:"by_decider"`
	// Ran counts the records that tell a call ran; they repeat the
	// decision they follow and are not counted as decisions.
	Ran int `json:"ran,omitempty"`
}

// Summarize counts records.
func Summarize(records []Record) Stats {
	s := Stats{ByBehavior: map[string]int{}, ByTool: map[string]int{}, ByDecider: map[string]int{}}
	for _, r := range records {
		if r.Outcome == OutcomeRan {
			s.Ran++
			continue
		}
		s.Total++
		s.ByBehavior[string(r.Behavior)]++
		s.ByTool[r.Tool]++
		s.ByDecider[Decider(r.Reason)]++
	}
	return s
}
