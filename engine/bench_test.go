package engine

import (
	"context"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/internal/cputest"
)

// BenchmarkSearch reports single-thread search speed from each variant's
// start position in nodes per second of wall time, and per second of CPU
// time of the whole process where the platform tells it (a fairer figure
// on a shared machine):
//
//	go test -run '^$' -bench Search -benchtime 3x ./engine
func BenchmarkSearch(b *testing.B) {
	for _, v := range games.All() {
		b.Run(v.ID, func(b *testing.B) {
			g, _, _, err := games.Start(v.ID, "", games.Seeded(1))
			if err != nil {
				b.Fatal(err)
			}
			var nodes int64
			var spent, cpu time.Duration
			for i := 0; i < b.N; i++ {
				start, cpu0 := time.Now(), cputest.Process()
				r, err := Search(context.Background(), g, Limits{Level: 5, Nodes: 300000})
				if err != nil {
					b.Fatal(err)
				}
				spent += time.Since(start)
				cpu += cputest.Process() - cpu0
				nodes += r.Nodes
			}
			b.ReportMetric(float64(nodes)/spent.Seconds(), "nodes/s")
			if cpu > 0 {
				b.ReportMetric(float64(nodes)/cpu.Seconds(), "nodes/cpu-s")
			}
		})
	}
}
