package server

import (
	"bufio"
	"math"
	"net/http"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/wardenhq/warden/api"
)

// toolLabelLimit bounds the number of distinct tool labels, so a stream of
// invented MCP tool names cannot grow the metrics without bound. Tools past
// the limit are counted as "other".
const toolLabelLimit = 256

// latencyBuckets are the upper bounds of the decision latency histogram:
// 100µs to about 7 minutes in steps of 4, so both the pipeline and a person
// fit.
var latencyBuckets = [...]float64{0.0001, 0.0004, 0.0016, 0.0064, 0.0256, 0.1024, 0.4096, 1.6384, 6.5536, 26.2144, 104.8576, 419.4304}

// Metrics holds the daemon's metrics — decisions by behaviour, tool and who
// decided; decision latency; pending asks; hook and classifier failures;
// a few Go runtime and process figures — and serves them in the Prometheus
// text exposition format. A nil *Metrics records nothing.
//
// It is written by hand rather than with a metrics library: the warden
// binary is also the per-call hook, whose every start would otherwise pay
// the library's initialisation (for the Prometheus client about 0.8 ms of
// package init, most of a Go program's whole start-up).
type Metrics struct {
	decisions          *counterVec
	latency            *histogramVec
	pending            atomic.Int64
	hookFailures       *counterVec
	classifierFailures *counterVec
	start              time.Time

	tools     sync.Map // tool name → struct{}: the labels in use
	toolCount atomic.Int64
}

// NewMetrics returns empty metrics.
func NewMetrics() *Metrics {
	return &Metrics{
		decisions: newCounterVec("warden_decisions_total",
			"Decisions answered by the daemon, by behaviour, tool and who decided (the reason type).",
			"behavior", "tool", "decided_by"),
		latency: newHistogramVec("warden_decision_duration_seconds",
			"Time to answer a decision, by endpoint (check answers at once; decide may wait for a person).",
			"endpoint"),
		hookFailures: newCounterVec("warden_hook_failures_total",
			"Hooks that failed (crashed, timed out, answered garbage), by hook.", "hook"),
		classifierFailures: newCounterVec("warden_classifier_failures_total",
			"Classifier calls that failed, by classifier.", "classifier"),
		start: time.Now(),
	}
}

// Handler serves the metrics in the Prometheus text exposition format
// (version 0.0.4).
func (m *Metrics) Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
		bw := bufio.NewWriter(w)
		m.write(bw)
		_ = bw.Flush()
	})
}

func (m *Metrics) write(w *bufio.Writer) {
	m.decisions.write(w)
	m.latency.write(w)
	writeHeader(w, "warden_pending_asks", "Asks waiting for a person on the approval page.", "gauge")
	writeSample(w, "warden_pending_asks", nil, nil, "", float64(m.pending.Load()))
	m.hookFailures.write(w)
	m.classifierFailures.write(w)

	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	for _, g := range []struct {
		name, help, kind string
		v                float64
	}{
		{"go_goroutines", "Number of goroutines that currently exist.", "gauge", float64(runtime.NumGoroutine())},
		{"go_memstats_alloc_bytes", "Number of bytes allocated in heap and currently in use.", "gauge", float64(ms.HeapAlloc)},
		{"go_memstats_heap_objects", "Number of currently allocated objects.", "gauge", float64(ms.HeapObjects)},
		{"go_memstats_sys_bytes", "Number of bytes obtained from the system.", "gauge", float64(ms.Sys)},
		{"go_gc_cycles_total", "Number of completed garbage collection cycles.", "counter", float64(ms.NumGC)},
		{"go_gc_pause_seconds_total", "Total time the garbage collector stopped the world.", "counter", float64(ms.PauseTotalNs) / 1e9},
		{"process_start_time_seconds", "Start time of the process since the Unix epoch in seconds.", "gauge", float64(m.start.UnixNano()) / 1e9},
	} {
		writeHeader(w, g.name, g.help, g.kind)
		writeSample(w, g.name, nil, nil, "", g.v)
	}
	writeHeader(w, "go_info", "Information about the Go environment.", "gauge")
	writeSample(w, "go_info", []string{"version"}, []string{runtime.Version()}, "", 1)
}

// ObserveDecision counts a decision answered on endpoint ("check" or
// "decide") and records how long it took. A decision whose reason is an
// error in a named hook or classifier also counts as that part's failure.
func (m *Metrics) ObserveDecision(endpoint, tool string, d api.Decision, took time.Duration) {
	if m == nil {
		return
	}
	m.decisions.inc(string(d.Behavior), m.toolLabel(tool), string(d.Reason.Type))
	m.latency.observe(took.Seconds(), endpoint)
	if d.Reason.Type == api.ReasonError {
		switch {
		case d.Reason.Hook != "":
			m.HookFailed(d.Reason.Hook)
		case d.Reason.Classifier != "":
			m.ClassifierFailed(d.Reason.Classifier)
		}
	}
}

// HookFailed counts one failure of the named hook.
func (m *Metrics) HookFailed(hook string) {
	if m == nil {
		return
	}
	m.hookFailures.inc(hook)
}

// ClassifierFailed counts one failure of the named classifier.
func (m *Metrics) ClassifierFailed(classifier string) {
	if m == nil {
		return
	}
	m.classifierFailures.inc(classifier)
}

func (m *Metrics) setPending(n int) {
	if m == nil {
		return
	}
	m.pending.Store(int64(n))
}

func (m *Metrics) toolLabel(tool string) string {
	if _, ok := m.tools.Load(tool); ok {
		return tool
	}
	if len(tool) > 128 || m.toolCount.Add(1) > toolLabelLimit {
		return "other"
	}
	if _, loaded := m.tools.LoadOrStore(tool, struct{}{}); loaded {
		m.toolCount.Add(-1)
	}
	return tool
}

// labelled is what a vector keeps per set of label values.
type labelled[T any] struct {
	values []string
	v      T
}

// family is a metric with labels: one T per set of label values.
type family[T any] struct {
	name, help string
	labels     []string
	fresh      func() *T

	mu    sync.RWMutex
	byKey map[string]*labelled[*T]
}

func newFamily[T any](name, help string, fresh func() *T, labels ...string) *family[T] {
	return &family[T]{name: name, help: help, labels: labels, fresh: fresh, byKey: map[string]*labelled[*T]{}}
}

// with returns the value for the label values, creating it when new.
func (f *family[T]) with(values ...string) *T {
	key := strings.Join(values, "\xff")
	f.mu.RLock()
	e := f.byKey[key]
	f.mu.RUnlock()
	if e != nil {
		return e.v
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if e = f.byKey[key]; e == nil {
		e = &labelled[*T]{values: slices.Clone(values), v: f.fresh()}
		f.byKey[key] = e
	}
	return e.v
}

// sorted returns the entries ordered by their label values, so the
// exposition is stable.
func (f *family[T]) sorted() []*labelled[*T] {
	f.mu.RLock()
	out := make([]*labelled[*T], 0, len(f.byKey))
	for _, e := range f.byKey {
		out = append(out, e)
	}
	f.mu.RUnlock()
	slices.SortFunc(out, func(a, b *labelled[*T]) int { return slices.Compare(a.values, b.values) })
	return out
}

// counterVec is a counter with labels.
type counterVec struct{ *family[atomic.Uint64] }

func newCounterVec(name, help string, labels ...string) *counterVec {
	return &counterVec{newFamily(name, help, func() *atomic.Uint64 { return new(atomic.Uint64) }, labels...)}
}

func (c *counterVec) inc(values ...string) { c.with(values...).Add(1) }

func (c *counterVec) write(w *bufio.Writer) {
	writeHeader(w, c.name, c.help, "counter")
	for _, e := range c.sorted() {
		writeSample(w, c.name, c.labels, e.values, "", float64(e.v.Load()))
	}
}

// histogram counts observations per bucket (not cumulated) and their sum.
type histogram struct {
	buckets [len(latencyBuckets) + 1]atomic.Uint64 // the last is +Inf
	count   atomic.Uint64
	sumBits atomic.Uint64
}

func (h *histogram) observe(v float64) {
	i, _ := slices.BinarySearch(latencyBuckets[:], v)
	h.buckets[i].Add(1)
	for {
		old := h.sumBits.Load()
		if h.sumBits.CompareAndSwap(old, math.Float64bits(math.Float64frombits(old)+v)) {
			break
		}
	}
	h.count.Add(1)
}

// histogramVec is a histogram of latencyBuckets with labels.
type histogramVec struct{ *family[histogram] }

func newHistogramVec(name, help string, labels ...string) *histogramVec {
	return &histogramVec{newFamily(name, help, func() *histogram { return new(histogram) }, labels...)}
}

func (h *histogramVec) observe(v float64, values ...string) { h.with(values...).observe(v) }

func (h *histogramVec) write(w *bufio.Writer) {
	writeHeader(w, h.name, h.help, "histogram")
	for _, e := range h.sorted() {
		var cum uint64
		for i := range e.v.buckets {
			cum += e.v.buckets[i].Load()
			le := "+Inf"
			if i < len(latencyBuckets) {
				le = strconv.FormatFloat(latencyBuckets[i], 'g', -1, 64)
			}
			writeSample(w, h.name+"_bucket", h.labels, e.values, le, float64(cum))
		}
		writeSample(w, h.name+"_sum", h.labels, e.values, "", math.Float64frombits(e.v.sumBits.Load()))
		writeSample(w, h.name+"_count", h.labels, e.values, "", float64(e.v.count.Load()))
	}
}

func writeHeader(w *bufio.Writer, name, help, kind string) {
	w.WriteString("# HELP " + name + " " + help + "\n# TYPE " + name + " " + kind + "\n")
}

// writeSample writes one line: name{labels} value, with the labels sorted
// by name (and le last) as the Prometheus client writes them.
func writeSample(w *bufio.Writer, name string, labels, values []string, le string, v float64) {
	w.WriteString(name)
	idx := make([]int, len(labels))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int { return strings.Compare(labels[a], labels[b]) })
	sep := byte('{')
	for _, i := range idx {
		w.WriteByte(sep)
		w.WriteString(labels[i])
		w.WriteString(`="`)
		w.WriteString(escapeLabel(values[i]))
		w.WriteByte('"')
		sep = ','
	}
	if le != "" {
		w.WriteByte(sep)
		w.WriteString(`le="` + le + `"`)
		sep = ','
	}
	if sep == ',' {
		w.WriteByte('}')
	}
	w.WriteByte(' ')
	w.WriteString(formatValue(v))
	w.WriteByte('\n')
}

// escapeLabel escapes a label value: backslash, double quote and newline.
func escapeLabel(s string) string {
	if !strings.ContainsAny(s, "\\\"\n") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\\':
			b.WriteString(`\\`)
		case '"':
			b.WriteString(`\"`)
		case '\n':
			b.WriteString(`\n`)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func formatValue(v float64) string {
	switch {
	case math.IsInf(v, 1):
		return "+Inf"
	case math.IsInf(v, -1):
		return "-Inf"
	case math.IsNaN(v):
		return "NaN"
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}
