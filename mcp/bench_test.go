package mcp_test

import (
	"context"
	"runtime"
	"slices"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// BenchmarkToolsCall measures one tools/call answered by the test server,
// called directly and through the proxy (an allow rule decides it, the
// pin is checked), in the same run: p50 and p99 latency per call, and the
// proxy's heap after the calls.
//
//	go test -run X -bench ToolsCall -benchtime 2000x ./mcp
func BenchmarkToolsCall(b *testing.B) {
	for _, via := range []string{"direct", "proxy"} {
		b.Run(via, func(b *testing.B) {
			ctx := context.Background()
			var cs *sdk.ClientSession
			if via == "direct" {
				clientSide, serverSide := sdk.NewInMemoryTransports()
				ss, err := newTestServer().Connect(ctx, serverSide, nil)
				if err != nil {
					b.Fatal(err)
				}
				defer ss.Close()
				cs, err = sdk.NewClient(&sdk.Implementation{Name: "bench", Version: "1"}, nil).Connect(ctx, clientSide, nil)
				if err != nil {
					b.Fatal(err)
				}
			} else {
				r := start(b, rigOptions{settings: `{"permissions":{"allow":["mcp__t__echo"]},"audit":{"disabled":true}}`})
				cs = r.client
			}
			if via == "direct" {
				defer cs.Close()
			}
			params := &sdk.CallToolParams{Name: "echo", Arguments: map[string]any{"text": "x"}}
			if _, err := cs.CallTool(ctx, params); err != nil { // list, pin
				b.Fatal(err)
			}
			var before runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			lat := make([]time.Duration, 0, b.N)
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				t0 := time.Now()
				res, err := cs.CallTool(ctx, params)
				lat = append(lat, time.Since(t0))
				if err != nil || res.IsError {
					b.Fatal(err, res)
				}
			}
			b.StopTimer()
			var after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&after)
			slices.Sort(lat)
			b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "p50-µs")
			b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "p99-µs")
			b.ReportMetric(float64(after.HeapInuse)/1024, "heap-KiB")
		})
	}
}
