package server

import (
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/wardenhq/warden/api"
)

// toolLabelLimit bounds the number of distinct tool labels, so a stream of
// invented MCP tool names cannot grow the metrics without bound. Tools past
// the limit are counted as "other".
const toolLabelLimit = 256

// Metrics holds the daemon's Prometheus metrics in a registry of its own
// (never the global default): decisions by behaviour, tool and who decided;
// decision latency; pending asks; hook and classifier failures. A nil
// *Metrics records nothing.
type Metrics struct {
	registry           *prometheus.Registry
	decisions          *prometheus.CounterVec
	latency            *prometheus.HistogramVec
	pending            prometheus.Gauge
	hookFailures       *prometheus.CounterVec
	classifierFailures *prometheus.CounterVec

	tools     sync.Map // tool name → struct{}: the labels in use
	toolCount atomic.Int64
}

// NewMetrics returns the daemon's metrics, registered with a fresh registry
// that also carries the Go runtime and process collectors.
func NewMetrics() *Metrics {
	m := &Metrics{
		registry: prometheus.NewRegistry(),
		decisions: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "warden_decisions_total",
			Help: "Decisions answered by the daemon, by behaviour, tool and who decided (the reason type).",
		}, []string{"behavior", "tool", "decided_by"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "warden_decision_duration_seconds",
			Help: "Time to answer a decision, by endpoint (check answers at once; decide may wait for a person).",
			// 100µs to about 7 minutes, so both the pipeline and a person fit.
			Buckets: prometheus.ExponentialBuckets(0.0001, 4, 12),
		}, []string{"endpoint"}),
		pending: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "warden_pending_asks",
			Help: "Asks waiting for a person on the approval page.",
		}),
		hookFailures: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "warden_hook_failures_total",
			Help: "Hooks that failed (crashed, timed out, answered garbage), by hook.",
		}, []string{"hook"}),
		classifierFailures: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "warden_classifier_failures_total",
			Help: "Classifier calls that failed, by classifier.",
		}, []string{"classifier"}),
	}
	m.registry.MustRegister(
		m.decisions, m.latency, m.pending, m.hookFailures, m.classifierFailures,
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
	)
	return m
}

// Registry returns the registry the metrics live in, so other parts of the
// daemon can add their own.
func (m *Metrics) Registry() *prometheus.Registry { return m.registry }

// Handler serves the metrics in the Prometheus exposition format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{Registry: m.registry})
}

// ObserveDecision counts a decision answered on endpoint ("check" or
// "decide") and records how long it took. A decision whose reason is an
// error in a named hook or classifier also counts as that part's failure.
func (m *Metrics) ObserveDecision(endpoint, tool string, d api.Decision, took time.Duration) {
	if m == nil {
		return
	}
	m.decisions.WithLabelValues(string(d.Behavior), m.toolLabel(tool), string(d.Reason.Type)).Inc()
	m.latency.WithLabelValues(endpoint).Observe(took.Seconds())
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
	m.hookFailures.WithLabelValues(hook).Inc()
}

// ClassifierFailed counts one failure of the named classifier.
func (m *Metrics) ClassifierFailed(classifier string) {
	if m == nil {
		return
	}
	m.classifierFailures.WithLabelValues(classifier).Inc()
}

func (m *Metrics) setPending(n int) {
	if m == nil {
		return
	}
	m.pending.Set(float64(n))
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
