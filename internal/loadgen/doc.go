// Package loadgen drives a Warden daemon (or any JSON-over-HTTP endpoint)
// with a fixed number of concurrent connections and reports throughput and
// latency percentiles. It measures the daemon's promise to sit on every tool
// call: POST /v1/check must stay fast under many agents at once.
//
// It is deliberately harmless: it talks only to loopback addresses, and
// every run is bounded both in requests and in time.
package loadgen
