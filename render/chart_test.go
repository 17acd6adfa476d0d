package render

import (
	"image"
	"image/color"
	"math"
	"strings"
	"testing"
	"time"
)

func history(start time.Time, n int, rating, drift float64) []RatingPoint {
	var out []RatingPoint
	for i := 0; i < n; i++ {
		out = append(out, RatingPoint{At: start.Add(time.Duration(i) * 36 * time.Hour), Rating: rating + drift*float64(i), RD: math.Max(60, 350-25*float64(i))})
	}
	return out
}

// rowsOf returns the rows on which colour c appears (exactly).
func rowsOf(img image.Image, c color.RGBA) (first, last, count int) {
	first = -1
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if rgbaAt(img, x, y) == c {
				if first < 0 {
					first = y
				}
				last = y
				count++
			}
		}
	}
	return first, last, count
}

func TestRatingChartDrawsEachSeriesWhereItsRatingsAre(t *testing.T) {
	start := time.Date(2026, 9, 1, 0, 0, 0, 0, time.UTC)
	series := []RatingSeries{
		{Label: "Bermuda Chess", Points: history(start, 20, 1700, 5)},                              // high, rising
		{Label: "The Bermuda Chess Angle", Points: history(start.Add(48*time.Hour), 12, 1350, -4)}, // low, falling
		{Label: "Bede Chess", Points: history(start, 1, 1500, 0)},                                  // one game
	}
	b, err := RatingChart(series, ChartOptions{Title: "alice · rating history"})
	if err != nil {
		t.Fatal(err)
	}
	img := decode(t, b)
	if img.Bounds().Dx() != 800 || img.Bounds().Dy() != 560 {
		t.Fatalf("chart is %v, want 800×560", img.Bounds())
	}
	hiFirst, _, hiN := rowsOf(img, seriesColours[0])
	_, loLast, loN := rowsOf(img, seriesColours[1])
	_, _, oneN := rowsOf(img, seriesColours[2])
	if hiN < 300 || loN < 200 || oneN < 20 {
		t.Fatalf("line pixels: %d, %d, %d; every series must be drawn", hiN, loN, oneN)
	}
	if hiFirst >= loLast {
		t.Errorf("the 1700s series starts at row %d, the 1350s ends at %d: higher ratings must be drawn higher", hiFirst, loLast)
	}
	// The deviation band: a translucent wash of the line's colour over the
	// background, beside the line.
	band := blendOver(colFrame, seriesColours[0], 0x38)
	if _, _, n := rowsOfNear(img, band, 3); n < 1000 {
		t.Errorf("only %d pixels of the first series' band", n)
	}
}

func blendOver(bg, c color.RGBA, a uint8) color.RGBA {
	return blend(bg, c, float64(a)/255)
}

func rowsOfNear(img image.Image, c color.RGBA, tol int) (int, int, int) {
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if near(rgbaAt(img, x, y), c, tol) {
				n++
			}
		}
	}
	return 0, 0, n
}

func TestRatingChartEdgeCases(t *testing.T) {
	for name, s := range map[string][]RatingSeries{
		"no series":     nil,
		"empty series":  {{Label: "Chess"}},
		"same instant":  {{Label: "Chess", Points: []RatingPoint{{At: time.Unix(0, 0), Rating: 1500, RD: 500}, {At: time.Unix(0, 0), Rating: 1510, RD: 480}}}},
		"many variants": {{Label: "a", Points: history(time.Unix(0, 0), 3, 1500, 1)}, {Label: "b", Points: history(time.Unix(0, 0), 3, 1400, 1)}, {Label: "c", Points: history(time.Unix(0, 0), 3, 1300, 1)}, {Label: "d", Points: history(time.Unix(0, 0), 3, 1200, 1)}, {Label: "e", Points: history(time.Unix(0, 0), 3, 1100, 1)}, {Label: "f", Points: history(time.Unix(0, 0), 3, 1000, 1)}, {Label: strings.Repeat("long name ", 8), Points: history(time.Unix(0, 0), 3, 900, 1)}},
		"years":         {{Label: "Chess", Points: []RatingPoint{{At: time.Unix(0, 0), Rating: 1500, RD: 100}, {At: time.Unix(0, 0).Add(3 * 365 * 24 * time.Hour), Rating: 1600, RD: 90}}}},
	} {
		b, err := RatingChart(s, ChartOptions{Width: 400, Height: 300})
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if img := decode(t, b); img.Bounds().Dx() != 400 {
			t.Errorf("%s: %v", name, img.Bounds())
		}
	}
	if _, err := RatingChart([]RatingSeries{{Label: "x", Points: []RatingPoint{{Rating: math.NaN()}}}}, ChartOptions{}); err == nil {
		t.Error("a NaN rating drew without an error")
	}
	if _, err := RatingChart(nil, ChartOptions{Width: 10, Height: 10}); err == nil {
		t.Error("a 10×10 chart drew without an error")
	}
}
