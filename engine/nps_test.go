package engine

import (
	"context"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/internal/cputest"
)

// BenchmarkNodesPerSecond is the search's speed in each variant over the
// seeded positions of benchPositions, a fixed node budget each (so every
// build searches the same number of nodes), at level 5, in nodes per
// second of the process's CPU time (fairer than the wall clock on a shared
// machine). Compare builds one process at a time:
//
//	GOMAXPROCS=1 go test -run '^$' -bench NodesPerSecond -benchtime 1x ./engine
func BenchmarkNodesPerSecond(b *testing.B) {
	const budget = 200_000
	for _, v := range games.All() {
		b.Run(v.ID, func(b *testing.B) {
			positions := benchPositions(b, v.ID)
			b.ResetTimer()
			var nodes int64
			var spent, cpu time.Duration
			for i := 0; i < b.N; i++ {
				for _, g := range positions {
					start, cpu0 := time.Now(), cputest.Process()
					r, err := Search(context.Background(), g, Limits{Level: 5, Nodes: budget})
					if err != nil {
						b.Fatal(err)
					}
					spent += time.Since(start)
					cpu += cputest.Process() - cpu0
					nodes += r.Nodes
				}
			}
			b.ReportMetric(float64(nodes)/spent.Seconds(), "nodes/s")
			if cpu > 0 {
				b.ReportMetric(float64(nodes)/cpu.Seconds(), "nodes/cpu-s")
			}
		})
	}
}
