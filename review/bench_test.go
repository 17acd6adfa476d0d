package review

import (
	"context"
	"sort"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/engine"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/internal/cputest"
)

// benchPlies is the length of the game the benchmark reviews.
const benchPlies = 100

// BenchmarkReview reviews a 100-ply game of each variant at the default
// budget, one goroutine, and reports the CPU seconds it took (the target:
// at most 60 s of one core):
//
//	go test -run '^$' -bench Review -benchtime 1x -cpu 1 ./review
func BenchmarkReview(b *testing.B) {
	for _, v := range games.All() {
		b.Run(v.ID, func(b *testing.B) {
			rec := benchGame(b, v.ID)
			var cpu, wall time.Duration
			var rv Review
			for i := 0; i < b.N; i++ {
				start, cpu0 := time.Now(), cputest.Process()
				var err error
				if rv, err = Game(context.Background(), rec, Options{}); err != nil {
					b.Fatal(err)
				}
				wall += time.Since(start)
				cpu += cputest.Process() - cpu0
			}
			all, mid := depths(rv, 0, benchPlies), depths(rv, 20, 60)
			b.ReportMetric(median(all), "depth-median")
			b.ReportMetric(median(mid), "depth-mid")
			b.ReportMetric(all[0], "depth-min")
			b.ReportMetric(wall.Seconds()/float64(b.N), "wall-s/game")
			if cpu > 0 {
				b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/game")
			}
		})
	}
}

// benchGame plays a game of at least benchPlies plies between two level-3
// engines on small budgets (seeded: the same game every run), cut at
// benchPlies; a game over sooner is played again with the next seed.
func benchGame(b *testing.B, variant string) games.Record {
	for seed := uint64(1); ; seed++ {
		dice := games.Seeded(seed)
		g, rolls, _, err := games.Start(variant, "", dice)
		if err != nil {
			b.Fatal(err)
		}
		rec := games.Record{Variant: variant, StartRolls: rolls}
		for len(rec.Plies) < benchPlies && !g.Outcome().Over {
			r, err := engine.Search(context.Background(), g, engine.Limits{Level: 3, Nodes: 3000, Seed: seed + uint64(len(rec.Plies))})
			if err != nil {
				b.Fatal(err)
			}
			next, ply, _, err := games.Apply(g, r.Move.Notation, dice)
			if err != nil {
				b.Fatal(err)
			}
			rec.Plies = append(rec.Plies, ply)
			g = next
		}
		if len(rec.Plies) == benchPlies {
			return rec
		}
	}
}

// depths are the depths reached in the positions of plies [from, to)
// that were judged, sorted.
func depths(rv Review, from, to int) []float64 {
	var out []float64
	for _, p := range rv.Plies {
		if p.Ply >= from && p.Ply < to && p.Loss != nil {
			out = append(out, float64(p.Depth))
		}
	}
	if len(out) == 0 {
		return []float64{0}
	}
	sort.Float64s(out)
	return out
}

func median(sorted []float64) float64 { return sorted[len(sorted)/2] }
