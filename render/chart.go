package render

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"strconv"
	"time"

	"github.com/fogleman/gg"
)

// A rating chart: one line per variant, rating over time with a band of
// one rating deviation either side, a legend with each variant's latest
// rating, and labelled axes. It takes plain data, so it knows nothing of
// storage; the caller passes the history it has.

// RatingPoint is a player's rating after one rated game.
type RatingPoint struct {
	At     time.Time
	Rating float64
	RD     float64 // rating deviation
}

// RatingSeries is one variant's history, oldest first.
type RatingSeries struct {
	Label  string // e.g. "Bermuda Chess"
	Points []RatingPoint
}

// ChartOptions sizes the chart; zero values mean 800×560, which Discord
// shows filling its 400×280 image box.
type ChartOptions struct {
	Width, Height int
	Title         string // drawn above the plot when not empty
}

// seriesColours tell up to eight lines apart on the dark background.
var seriesColours = []color.RGBA{
	rgb(0x4f, 0xc3, 0xf7), rgb(0xff, 0xb7, 0x4d), rgb(0x81, 0xc7, 0x84), rgb(0xf0, 0x62, 0x92),
	rgb(0xba, 0x68, 0xc8), rgb(0xff, 0xf1, 0x76), rgb(0x4d, 0xd0, 0xe1), rgb(0xe5, 0x73, 0x73),
}

// bandCap limits how far the deviation band widens the vertical range: a
// new player's deviation is hundreds of points, and the lines would
// otherwise be squeezed flat.
const bandCap = 150

// RatingChart draws the series as a PNG.
func RatingChart(series []RatingSeries, o ChartOptions) ([]byte, error) {
	w, h := o.Width, o.Height
	if w == 0 {
		w = 800
	}
	if h == 0 {
		h = 560
	}
	if w < 200 || h < 150 || w > 4000 || h > 4000 {
		return nil, fmt.Errorf("render: a chart of %d×%d pixels is outside 200×150–4000×4000", w, h)
	}
	for _, s := range series {
		for _, p := range s.Points {
			if math.IsNaN(p.Rating) || math.IsInf(p.Rating, 0) || math.IsNaN(p.RD) || math.IsInf(p.RD, 0) || p.RD < 0 {
				return nil, fmt.Errorf("render: %s has a rating point that is not a number (%v ± %v)", s.Label, p.Rating, p.RD)
			}
		}
	}
	dc := gg.NewContext(w, h)
	dc.SetColor(colFrame)
	dc.Clear()
	unit := float64(h) / 28 // text and spacing scale with the picture
	small, err := getFace(fontRegular, int(unit*0.95))
	if err != nil {
		return nil, err
	}
	bold, err := getFace(fontBold, int(unit*1.1))
	if err != nil {
		return nil, err
	}
	img := dc.Image().(*image.RGBA)

	// Plot area: room for the title and legend above, y labels left,
	// x labels below.
	top := unit * 1.2
	if o.Title != "" {
		bold.draw(img, bold.fit(o.Title, w-int(2*unit)), int(unit), int(top)+bold.capHeight, colTitle, img.Rect)
		top += unit * 2
	}
	legendY := top
	top += legendHeight(series, small, w, unit)
	left, right, bottom := unit*4.2, float64(w)-unit*1.2, float64(h)-unit*2.4

	t0, t1, lo, hi, ok := chartRange(series)
	if !ok {
		small.drawCentered(img, "No rated games yet", float64(w)/2, (top+bottom)/2, colSubtitle)
		return encodeChart(img)
	}
	x := func(t time.Time) float64 {
		return left + (right-left)*float64(t.Sub(t0))/float64(t1.Sub(t0))
	}
	y := func(r float64) float64 { return bottom - (bottom-top)*(r-lo)/(hi-lo) }

	// Grid and labels.
	step := niceStep((hi - lo) / 5)
	dc.SetLineWidth(1)
	for r := math.Ceil(lo/step) * step; r <= hi; r += step {
		dc.SetColor(color.RGBA{0x3e, 0x3a, 0x36, 0xff})
		dc.DrawLine(left, y(r), right, y(r))
		dc.Stroke()
		label := strconv.Itoa(int(math.Round(r)))
		small.draw(img, label, int(left-unit*0.5)-small.width(label), int(y(r))+small.capHeight/2, colLabel, img.Rect)
	}
	tstep, layout := timeStep(t1.Sub(t0))
	for t := firstTick(t0, tstep); !t.After(t1); t = t.Add(tstep) {
		dc.SetColor(color.RGBA{0x3e, 0x3a, 0x36, 0xff})
		dc.DrawLine(x(t), top, x(t), bottom)
		dc.Stroke()
		small.drawCentered(img, t.Format(layout), x(t), bottom+unit*1.2, colLabel)
	}
	dc.SetColor(colSubtitle)
	dc.DrawLine(left, bottom, right, bottom)
	dc.DrawLine(left, top, left, bottom)
	dc.Stroke()

	// Bands first, then lines, so no band hides a line. (gg's Pop keeps
	// the clip, so it is reset explicitly.)
	dc.DrawRectangle(left, top, right-left, bottom-top)
	dc.Clip()
	for i, s := range series {
		if len(s.Points) < 2 {
			continue
		}
		c := seriesColours[i%len(seriesColours)]
		for _, p := range s.Points {
			dc.LineTo(x(p.At), y(p.Rating+p.RD))
		}
		for j := len(s.Points) - 1; j >= 0; j-- {
			p := s.Points[j]
			dc.LineTo(x(p.At), y(p.Rating-p.RD))
		}
		dc.ClosePath()
		dc.SetColor(color.NRGBA{c.R, c.G, c.B, 0x38})
		dc.Fill()
	}
	for i, s := range series {
		c := seriesColours[i%len(seriesColours)]
		dc.SetColor(c)
		dc.SetLineWidth(math.Max(2, unit/6))
		for _, p := range s.Points {
			dc.LineTo(x(p.At), y(p.Rating))
		}
		dc.Stroke()
		for _, p := range s.Points {
			dc.DrawCircle(x(p.At), y(p.Rating), math.Max(2, unit/5))
		}
		dc.Fill()
		if len(s.Points) == 1 { // a single game: its deviation as an error bar
			p := s.Points[0]
			dc.DrawLine(x(p.At), y(p.Rating-p.RD), x(p.At), y(p.Rating+p.RD))
			dc.Stroke()
		}
	}
	dc.ResetClip()
	drawLegend(dc, img, series, small, w, unit, legendY)
	return encodeChart(img)
}

// legendEntry is what the legend says of a series: its label and latest
// rating.
func legendEntry(s RatingSeries) string {
	if len(s.Points) == 0 {
		return s.Label
	}
	p := s.Points[len(s.Points)-1]
	return fmt.Sprintf("%s %d ± %d", s.Label, int(math.Round(p.Rating)), int(math.Round(p.RD)))
}

// legendRows lays the entries out left to right, wrapping lines.
func legendRows(series []RatingSeries, f *textFace, w int, unit float64) [][2]float64 {
	out := make([][2]float64, len(series))
	xPos, row := unit, 0.0
	for i, s := range series {
		ew := unit*2.2 + float64(f.width(legendEntry(s))) + unit*1.2
		if xPos+ew > float64(w)-unit && xPos > unit {
			xPos, row = unit, row+1
		}
		out[i] = [2]float64{xPos, row}
		xPos += ew
	}
	return out
}

func legendHeight(series []RatingSeries, f *textFace, w int, unit float64) float64 {
	rows := 1.0
	if pos := legendRows(series, f, w, unit); len(pos) > 0 {
		rows = pos[len(pos)-1][1] + 1
	}
	return rows*unit*1.6 + unit*0.6
}

func drawLegend(dc *gg.Context, img *image.RGBA, series []RatingSeries, f *textFace, w int, unit, top float64) {
	for i, p := range legendRows(series, f, w, unit) {
		c := seriesColours[i%len(seriesColours)]
		cy := top + unit*0.8 + p[1]*unit*1.6
		dc.SetColor(c)
		dc.SetLineWidth(math.Max(2, unit/5))
		dc.DrawLine(p[0], cy, p[0]+unit*1.6, cy)
		dc.Stroke()
		f.draw(img, legendEntry(series[i]), int(p[0]+unit*2.2), int(cy)+f.capHeight/2, colTitle, img.Rect)
	}
}

// chartRange finds the time span and rating range of all points.
func chartRange(series []RatingSeries) (t0, t1 time.Time, lo, hi float64, ok bool) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, s := range series {
		for _, p := range s.Points {
			if !ok || p.At.Before(t0) {
				t0 = p.At
			}
			if !ok || p.At.After(t1) {
				t1 = p.At
			}
			ok = true
			band := math.Min(p.RD, bandCap)
			lo, hi = math.Min(lo, p.Rating-band), math.Max(hi, p.Rating+band)
		}
	}
	if !ok {
		return
	}
	if !t1.After(t0) {
		t0, t1 = t0.Add(-12*time.Hour), t1.Add(12*time.Hour)
	}
	// A little room either side, so the first and last points stand
	// clear of the axes.
	margin := t1.Sub(t0) / 30
	t0, t1 = t0.Add(-margin), t1.Add(margin)
	if hi-lo < 100 {
		mid := (hi + lo) / 2
		lo, hi = mid-50, mid+50
	}
	pad := (hi - lo) * 0.05
	return t0, t1, lo - pad, hi + pad, true
}

// niceStep rounds a raw step up to 1, 2 or 5 times a power of ten.
func niceStep(raw float64) float64 {
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= raw {
			return m * p
		}
	}
	return 10 * p
}

// timeStep picks a tick spacing giving at most about six ticks, and the
// date format that suits it.
func timeStep(span time.Duration) (time.Duration, string) {
	day := 24 * time.Hour
	for _, s := range []struct {
		d      time.Duration
		layout string
	}{
		{6 * time.Hour, "Jan 2 15h"}, {day, "Jan 2"}, {2 * day, "Jan 2"}, {7 * day, "Jan 2"}, {14 * day, "Jan 2"},
		{30 * day, "Jan 2006"}, {91 * day, "Jan 2006"}, {182 * day, "Jan 2006"}, {365 * day, "2006"},
	} {
		if span/s.d <= 6 {
			return s.d, s.layout
		}
	}
	return span / 5, "2006"
}

func firstTick(t0 time.Time, step time.Duration) time.Time {
	t := t0.UTC().Truncate(step)
	if t.Before(t0) {
		t = t.Add(step)
	}
	return t
}

func encodeChart(img *image.RGBA) ([]byte, error) {
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img); err != nil {
		return nil, errors.Join(errors.New("render: encoding the chart"), err)
	}
	return buf.Bytes(), nil
}
