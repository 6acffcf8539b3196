package teams_test

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/grant"
	"github.com/wardenhq/warden/handler"
	"github.com/wardenhq/warden/server"
	"github.com/wardenhq/warden/teams"
)

// BenchmarkAskAnsweredOnAnotherDaemon measures the round trip of one ask:
// prompted on daemon A, listed and answered on daemon B, the answer seen by
// A's waiting prompt — two queues on one embedded server, every write
// synced to disk. It reports the p50 and p99 round trip.
func BenchmarkAskAnsweredOnAnotherDaemon(b *testing.B) {
	n, _ := startNode(b)
	qa := server.NewQueue(server.QueueOptions{Store: openAsks(b, n, "a"), Daemon: "a", Timeout: time.Minute})
	qb := server.NewQueue(server.QueueOptions{Store: openAsks(b, n, "b"), Daemon: "b", Timeout: time.Minute})
	defer qa.Close()
	defer qb.Close()
	var rtts []time.Duration
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		i++
		cmd := fmt.Sprintf("echo %d", i)
		start := time.Now()
		res := prompt(qa, ask(cmd, "s1"))
		var id string
		for id == "" {
			for _, p := range qb.Pending() {
				if p.Summary == cmd {
					id = p.ID
				}
			}
			if id == "" {
				runtime.Gosched()
			}
		}
		if err := qb.Answer(id, handler.Answer{Behavior: api.Allow, Person: "bob"}); err != nil {
			b.Fatal(err)
		}
		if r := <-res; r.err != nil || r.a.Behavior != api.Allow {
			b.Fatalf("%+v %v", r.a, r.err)
		}
		rtts = append(rtts, time.Since(start))
	}
	slices.Sort(rtts)
	b.ReportMetric(float64(rtts[len(rtts)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(rtts[len(rtts)*99/100].Microseconds())/1000, "p99-ms")
}

// BenchmarkPendingAskMemory reports the heap one daemon's queue holds per
// 1,000 pending asks of its team (mirrored from the bucket), beside the
// embedded server's.
func BenchmarkPendingAskMemory(b *testing.B) {
	for b.Loop() {
		n, _ := startNode(b)
		store := openAsks(b, n, "a")
		q := server.NewQueue(server.QueueOptions{Store: store, Daemon: "a", Timeout: time.Minute})
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		ctx, cancel := context.WithCancel(context.Background())
		for i := range 1000 {
			p := ask(fmt.Sprintf("echo %d", i), "s1")
			go q.Prompt(ctx, p) //nolint:errcheck // ended by cancel
		}
		for q.Len() < 1000 {
			time.Sleep(10 * time.Millisecond)
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		b.ReportMetric(float64(int64(after.HeapAlloc)-int64(before.HeapAlloc))/(1<<20), "MiB/1000-asks")
		cancel()
		q.Close()
	}
}

// BenchmarkSessionGrantsList is what a check pays for the session's grants:
// the daemon's memory store against the team's store on NATS, which reads
// its mirror of the bucket — no round trip to the server.
func BenchmarkSessionGrantsList(b *testing.B) {
	ctx := context.Background()
	n, _ := startNode(b)
	stores := map[string]grant.Store{
		"memory": grant.NewMemoryStore(nil, 0),
		"nats":   openGrants(b, n, "a", teams.GrantOptions{}),
	}
	for _, name := range []string{"memory", "nats"} {
		s := stores[name]
		for i := range 5 {
			if _, err := s.Add(ctx, grant.Grant{Scope: api.ScopeSession, Session: "load", Rule: fmt.Sprintf("Bash(task%d:*)", i)}); err != nil {
				b.Fatal(err)
			}
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					if gs, err := s.List(ctx, "load"); err != nil || len(gs) != 5 {
						b.Fatal(len(gs), err)
					}
				}
			})
		})
	}
}
