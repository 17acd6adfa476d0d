package render

import (
	"testing"
)

// BenchmarkRender10x10 renders and encodes a 10×10 mid-game at the
// default size: the figure the bot's latency depends on.
func BenchmarkRender10x10(b *testing.B) {
	v := angleView()
	out, err := Render(v, Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(len(out)), "png-bytes")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Render(v, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
