package render

import (
	"slices"
	"testing"
	"time"
)

// BenchmarkRender10x10 renders and PNG-encodes a 10×10 mid-game (the
// Angle, with a last move, a ghost, the dice ring and an attacked king) at
// the default size. Besides ns/op it reports the median time of one render
// and the PNG's size.
func BenchmarkRender10x10(b *testing.B) {
	v := angleView()
	out, err := Render(v, Options{})
	if err != nil {
		b.Fatal(err)
	}
	img := decode(b, out)
	if w := img.Bounds().Dx(); w < 640 {
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
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms")
	b.ReportMetric(float64(len(out)), "png-bytes")
}

// BenchmarkRenderParallel renders from every core at once, as the bot
// does when several games move together.
func BenchmarkRenderParallel(b *testing.B) {
	v := angleView()
	if _, err := Render(v, Options{}); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if _, err := Render(v, Options{}); err != nil {
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
