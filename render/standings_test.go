package render

import (
	"bytes"
	"image/png"
	"testing"
)

// exampleStandings is a 7-player Swiss after 4 rounds: every kind of cell
// (wins, draws, losses with both colours, a bye, a forfeit, a withdrawal).
func exampleStandings() StandingsTable {
	return StandingsTable{Title: "Bede Chess · Swiss #1 · final standings after 4 rounds", Rows: []StandingsRow{
		{1, "Ann", 3.5, 8, 9.75, false, []RoundCell{{5, true, "1"}, {3, false, "1"}, {2, true, "½"}, {4, false, "1"}}},
		{2, "Bob the Magnificent", 3, 8.5, 8.25, false, []RoundCell{{6, false, "1"}, {4, true, "1"}, {1, false, "½"}, {0, false, "bye"}}},
		{3, "Cat", 2.5, 7, 5.5, false, []RoundCell{{7, true, "1"}, {1, true, "0"}, {6, false, "1"}, {5, true, "½"}}},
		{4, "Dan", 2, 7.5, 4, false, []RoundCell{{0, false, "bye"}, {2, false, "0"}, {7, true, "1"}, {1, true, "0"}}},
		{5, "Eve", 1.5, 6, 2.25, false, []RoundCell{{1, false, "0"}, {7, false, "1"}, {0, false, "−"}, {3, false, "½"}}},
		{6, "Fay", 1, 6.5, 1, false, []RoundCell{{2, true, "0"}, {0, false, "+"}, {3, true, "0"}, {7, true, ""}}},
		{7, "Gus", 0, 6, 0, true, []RoundCell{{3, false, "0"}, {5, true, "0"}, {4, false, "0"}, {6, false, ""}}},
	}}
}

func TestStandingsPictureDecodes(t *testing.T) {
	b, err := Standings(exampleStandings())
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("standings.png does not decode: %v", err)
	}
	if w, h := img.Bounds().Dx(), img.Bounds().Dy(); w != 800 || h < 7*30 || h > 800 {
		t.Fatalf("a 7-player table is %d×%d", w, h)
	}
	// Not empty: the rows carry text in several colours besides the frame.
	seen := map[[3]uint32]bool{}
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y += 3 {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x += 3 {
			r, g, b, _ := img.At(x, y).RGBA()
			seen[[3]uint32{r >> 8, g >> 8, b >> 8}] = true
		}
	}
	if len(seen) < 20 {
		t.Fatalf("the table has only %d colours: nothing drawn?", len(seen))
	}
	// More rounds widen the picture instead of squeezing the names.
	wide := exampleStandings()
	for i := range wide.Rows {
		for len(wide.Rows[i].Rounds) < 12 {
			wide.Rows[i].Rounds = append(wide.Rows[i].Rounds, RoundCell{Result: "bye"})
		}
	}
	if b, err := Standings(wide); err != nil {
		t.Fatal(err)
	} else if img, err := png.Decode(bytes.NewReader(b)); err != nil || img.Bounds().Dx() <= 800 {
		t.Fatalf("12 rounds: %v, %v", img.Bounds(), err)
	}
	if _, err := Standings(StandingsTable{Rows: make([]StandingsRow, 201)}); err == nil {
		t.Fatal("201 players drawn")
	}
	if score(2.5) != "2½" || score(0.5) != "½" || score(3) != "3" || score(8.75) != "8.75" {
		t.Fatalf("scores: %s %s %s %s", score(2.5), score(0.5), score(3), score(8.75))
	}
}
