package mcp_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/wardenhq/warden/mcp"
)

// BenchmarkToolsCall measures one tools/call answered by the test server,
// called directly and through the proxy (an allow rule decides it, the
// pin is checked), in the same run: p50 and p99 latency per call, and the
// proxy's heap after the calls.
//
//	go test -run X -bench ToolsCall -benchtime 2000x ./mcp
func BenchmarkToolsCall(b *testing.B) {
	for _, transport := range []string{"memory", "http"} {
		for _, via := range []string{"direct", "proxy"} {
			b.Run(transport+"/"+via, func(b *testing.B) { benchCalls(b, transport, via) })
		}
	}
}

func benchCalls(b *testing.B, transport, via string) {
	ctx := context.Background()
	srv := newTestServer()
	// upstream is how the server is reached: in memory, or streamable
	// HTTP on loopback.
	var upstream func() sdk.Transport
	switch transport {
	case "memory":
		upstream = func() sdk.Transport {
			clientSide, serverSide := sdk.NewInMemoryTransports()
			ss, err := srv.Connect(ctx, serverSide, nil)
			if err != nil {
				b.Fatal(err)
			}
			b.Cleanup(func() { ss.Close() })
			return clientSide
		}
	case "http":
		hs := httptest.NewServer(sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return srv }, nil))
		b.Cleanup(hs.Close)
		upstream = func() sdk.Transport {
			if via == "direct" {
				return &sdk.StreamableClientTransport{Endpoint: hs.URL, DisableStandaloneSSE: true}
			}
			return mcp.NewHTTPTransport(hs.URL, nil)
		}
	}
	var cs *sdk.ClientSession
	if via == "direct" {
		var err error
		cs, err = sdk.NewClient(&sdk.Implementation{Name: "bench", Version: "1"}, nil).Connect(ctx, upstream(), nil)
		if err != nil {
			b.Fatal(err)
		}
		defer cs.Close()
	} else {
		r := start(b, rigOptions{settings: `{"permissions":{"allow":["mcp__t__echo"]},"audit":{"disabled":true}}`,
			upstream: func(testing.TB, *rig) sdk.Transport { return upstream() }})
		cs = r.client
	}
	params := &sdk.CallToolParams{Name: "echo", Arguments: map[string]any{"text": "x"}}
	if _, err := cs.CallTool(ctx, params); err != nil { // list, pin
		b.Fatal(err)
	}
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
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "p50-µs")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "p99-µs")
	b.ReportMetric(float64(ms.HeapInuse)/1024, "heap-KiB")
}
