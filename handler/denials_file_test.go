package handler

import (
	"sync"
	"testing"
	"time"
)

// TestFileDenialCounter checks that denials add up per session across
// counters (as across processes), that an allow resets the run, and that an
// idle session starts again.
func TestFileDenialCounter(t *testing.T) {
	dir := t.TempDir()
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	newCounter := func() *FileDenialCounter {
		return &FileDenialCounter{Dir: dir, Limits: DenialLimits{MaxConsecutive: 3, MaxTotal: 5}, Idle: time.Hour,
			Now: func() time.Time { return now }}
	}
	steps := []struct {
		session string
		denied  bool
		want    bool
	}{
		{"s1", true, false}, {"s1", true, false}, {"s2", true, false}, // s2 counts apart
		{"s1", true, true},   // third in a row
		{"s1", false, false}, // an allow resets the run …
		{"s1", true, false},  // … but not the total (4)
		{"s1", true, true},   // fifth in all
	}
	for i, st := range steps {
		// A fresh counter each time: nothing is kept in memory.
		if got := newCounter().Record(st.session, st.denied); got != st.want {
			t.Fatalf("step %d (%s denied=%v): handback %v, want %v", i, st.session, st.denied, got, st.want)
		}
	}
	now = now.Add(2 * time.Hour)
	if newCounter().Record("s1", true) {
		t.Error("an idle session kept its counts")
	}
}

// TestFileDenialCounterConcurrent records denials from many goroutines and
// checks that none is lost.
func TestFileDenialCounterConcurrent(t *testing.T) {
	c := &FileDenialCounter{Dir: t.TempDir(), Limits: DenialLimits{MaxConsecutive: 1000, MaxTotal: 41}}
	var wg sync.WaitGroup
	for range 40 {
		wg.Add(1)
		go func() { defer wg.Done(); c.Record("s", true) }()
	}
	wg.Wait()
	if !c.Record("s", true) {
		t.Error("41st denial did not hand back: counts were lost")
	}
}
