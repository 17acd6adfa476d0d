package render

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/internal/cputest"
)

// gameWalk returns n successive positions from the 10×10 mid-game, each
// one move (a piece to a random empty square, marked from and to) after
// the one before, as a game's pictures follow each other.
func gameWalk(n int) []games.View {
	rng := rand.New(rand.NewPCG(1, 2))
	v := angleView()
	out := make([]games.View, 0, n)
	for len(out) < n {
		pieces := slices.Clone(v.Pieces)
		occupied := map[int]bool{}
		for _, p := range pieces {
			occupied[p.Cell] = true
		}
		i := rng.IntN(len(pieces))
		to := rng.IntN(len(v.Cells))
		if occupied[to] || pieces[i].Ghost {
			continue
		}
		from := pieces[i].Cell
		pieces[i].Cell = to
		v.Pieces = pieces
		v.MoveNumber++
		v.Marks = []games.Mark{{Cell: from, Kind: games.MarkFrom}, {Cell: to, Kind: games.MarkTo}}
		out = append(out, v)
	}
	return out
}

func reportMedian(b *testing.B, times []time.Duration) {
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms")
}

// BenchmarkRender10x10 renders and PNG-encodes a 10×10 mid-game (the
// Angle, with a last move, a ghost, the dice ring and an attacked king) at
// the default size. It reports the median time of one render and the
// PNG's size.
func BenchmarkRender10x10(b *testing.B) {
	v := angleView()
	out, err := Render(v, Options{})
	if err != nil {
		b.Fatal(err)
	}
	if w := decode(b, out).Bounds().Dx(); w < 640 {
		b.Fatalf("default width %d, want at least 640", w)
	}
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		if _, err := Render(v, Options{}); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(t0))
	}
	b.StopTimer()
	reportMedian(b, times)
	b.ReportMetric(float64(len(out)), "png-bytes")
}

// BenchmarkRender10x10Game renders a game's successive positions, as the
// bot does.
func BenchmarkRender10x10Game(b *testing.B) {
	views := gameWalk(b.N + 1)
	if _, err := Render(views[0], Options{}); err != nil {
		b.Fatal(err)
	}
	times := make([]time.Duration, 0, b.N)
	size := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		out, err := Render(views[i+1], Options{})
		if err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(t0))
		size = max(size, len(out))
	}
	b.StopTimer()
	reportMedian(b, times)
	b.ReportMetric(float64(size), "max-png-bytes")
}

// BenchmarkRenderParallel renders from every core at once, as the bot
// does when several games move together; every view is a new position.
func BenchmarkRenderParallel(b *testing.B) {
	views := gameWalk(b.N + 1)
	var next atomic.Int64
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if _, err := Render(views[next.Add(1)%int64(len(views))], Options{}); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

// BenchmarkRenderTriangles is the triangular board, drawn mostly through
// the general (non-square) path.
func BenchmarkRenderTriangles(b *testing.B) {
	v := triangleView()
	for i := 0; i < b.N; i++ {
		if _, err := Render(v, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReplayGIF replays a game of 200 plies (and of 300, Discord's
// size limit being the concern there) and encodes its animation at the
// default size (one op = the whole game), per variant; it reports the
// GIF's size. Target for 200 plies: ≤ 2 s and ≤ 8 MB; 300 plies ≤ 8 MB.
func BenchmarkReplayGIF(b *testing.B) {
	for _, c := range []struct {
		id    string
		plies int
	}{
		{"chess", 200}, {"angle", 200}, {"bermuda", 200}, {"bede", 200}, {"beryl", 200}, {"spindecision", 200}, {"randommove", 200},
		{"angle", 300}, {"beryl", 300}, {"bermuda", 300},
	} {
		id := c.id
		b.Run(id+"/"+strconv.Itoa(c.plies), func(b *testing.B) {
			rec := randomRecord(b, id, c.plies)
			size := 0
			cpu0 := cputest.Process()
			for b.Loop() {
				out, err := ReplayGIF(rec, GIFOptions{})
				if err != nil {
					b.Fatal(err)
				}
				size = len(out)
			}
			b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/game")
			b.ReportMetric(float64((cputest.Process()-cpu0).Milliseconds())/float64(b.N), "cpu-ms/game")
			b.ReportMetric(float64(size)/1e6, "MB")
			b.ReportMetric(float64(len(rec.Plies)), "plies")
		})
	}
}
