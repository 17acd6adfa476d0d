package render

import (
	"bytes"
	"image/png"
	"testing"
)

func TestEvalGraphDecodesAndMarksWhatItIsGiven(t *testing.T) {
	g := EvalGraph{Title: "Review · ann vs bob", Result: 1}
	for i := range 60 {
		e := 0.5 + float64(i)/150
		mark := MarkNone
		switch i {
		case 20:
			mark = MarkMistake
		case 30:
			mark = MarkBlunder
		case 40:
			mark = MarkDice
		}
		g.Points = append(g.Points, EvalPoint{Expected: e, Mark: mark})
	}
	b, err := EvalGraphPNG(g)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds().Dx() != 800 || img.Bounds().Dy() != 400 {
		t.Fatalf("the graph is %v", img.Bounds())
	}
	// The blunder's red dot is where the 31st point is drawn.
	found := false
	for x := 0; x < 800 && !found; x++ {
		for y := 0; y < 400; y++ {
			r, gr, bl, _ := img.At(x, y).RGBA()
			if r>>8 == 0xe5 && gr>>8 == 0x39 && bl>>8 == 0x35 {
				found = true
				break
			}
		}
	}
	if !found {
		t.Error("no blunder mark in the picture")
	}
	if _, err := EvalGraphPNG(EvalGraph{Points: []EvalPoint{{Expected: 1.5}}}); err == nil {
		t.Error("an expected score above 1 was drawn")
	}
	if _, err := EvalGraphPNG(EvalGraph{Result: -1}); err != nil {
		t.Errorf("an empty game: %v", err)
	}
}
