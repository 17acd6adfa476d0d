package puzzles

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// minShipped is how many puzzles each shipped set holds at least: 150 (the
// sets hold 157 to 315; README.md, "Generation", has the figures).
var minShipped = map[string]int{"chess": 150, "randommove": 150, "angle": 150, "bermuda": 150, "bede": 150, "beryl": 150, "spindecision": 150}

// minMultiShare is the least share of a set's puzzles with two or more
// solver moves, in every variant. The Angle reached it last (126 of 315,
// README.md, "Generation"): on its flat curve, a piece up, the solver
// seldom has one clearly best move left, and only mining lines alone
// (-multi) with the faster engine found enough of them.
const minMultiShare = 0.4

// TestShippedSetsLoad: every variant has a shipped set of at least its
// minShipped puzzles, at least minMultiShare of them with two or more
// solver moves, each of its own variant with a unique id; each loads and
// plays legally to its end, takes no hanging king first and is no single
// plain capture (CheckLegal), and a line that ends in mate is tagged so
// (every puzzle, every run).
func TestShippedSetsLoad(t *testing.T) {
	for _, v := range games.All() {
		set, err := Load(v.ID)
		if err != nil {
			t.Errorf("%s: %v", v.ID, err)
			continue
		}
		if len(set.Puzzles) < minShipped[v.ID] {
			t.Errorf("%s: %d puzzles shipped, want at least %d", v.ID, len(set.Puzzles), minShipped[v.ID])
		}
		multi := 0
		for i := range set.Puzzles {
			p := &set.Puzzles[i]
			if err := CheckLegal(p); err != nil {
				t.Errorf("%s: %v", v.ID, err)
			}
			if p.Rating < MinRating || len(p.Themes) == 0 {
				t.Errorf("%s: rating %d, themes %v", p.ID, p.Rating, p.Themes)
			}
			if p.Solvers() > 1 {
				multi++
			}
			if _, end, err := p.replay(len(p.Solution)); err == nil {
				out := end.Outcome()
				reason := strings.ToLower(out.Reason)
				mate := out.Over && !out.Draw && strings.Contains(reason, "mate") && !strings.Contains(reason, "stalemate")
				if mate != p.HasTheme(ThemeMate) {
					t.Errorf("%s: ends in %q, themes %v", p.ID, out.Reason, p.Themes)
				}
			}
		}
		if share := float64(multi) / float64(max(len(set.Puzzles), 1)); share < minMultiShare {
			t.Errorf("%s: %d of %d puzzles (%.0f%%) have two or more solver moves, want at least %.0f%%", v.ID, multi, len(set.Puzzles), 100*share, 100*minMultiShare)
		}
	}
}

// TestShippedSetsVerify re-verifies a seeded sample of every shipped set
// with the deeper search (all of them under `bermuda puzzles -check`, which
// takes minutes: too long for CI under -race). BERMUDA_PUZZLE_SAMPLE sets
// the sample's size per variant (default 2; "all" checks every puzzle).
func TestShippedSetsVerify(t *testing.T) {
	sample := 2
	if s := os.Getenv("BERMUDA_PUZZLE_SAMPLE"); s == "all" {
		sample = -1
	} else if n, err := strconv.Atoi(s); err == nil {
		sample = n
	}
	rng := rand.New(rand.NewPCG(27, 2026))
	for _, v := range games.All() {
		set, err := Load(v.ID)
		if err != nil {
			t.Fatal(err)
		}
		picks := rng.Perm(len(set.Puzzles))
		if sample >= 0 && sample < len(picks) {
			picks = picks[:sample]
		}
		for _, i := range picks {
			p := &set.Puzzles[i]
			if err := Verify(context.Background(), p, Options{}); err != nil {
				t.Errorf("%s: %v", v.ID, err)
			}
		}
	}
}

// TestCheckAnswers: the solution's moves are correct (the last one
// solves), however they are typed; another legal move is wrong; text that
// is no legal move is an error, not an answer; the opponent's plies are
// not the solver's to answer.
func TestCheckAnswers(t *testing.T) {
	p := Puzzle{ID: "t", Variant: "chess",
		// White's knight forks king and rook: Nc7+, the king steps
		// away, Nxa8. Only the mechanics of Check matter here.
		Position: "r3k3/8/8/1N6/8/8/8/4K3 w - - 0 1",
		Solution: []string{"b5c7", "e8d7", "c7a8"},
	}
	if err := CheckLegal(&p); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		ply  int
		text string
		want Verdict
		err  bool
	}{
		{0, "Nc7+", Correct, false},
		{0, "b5c7", Correct, false},
		{0, "Nd6+", Wrong, false},
		{0, "Qh5", Wrong, true},
		{1, "Kd7", Wrong, true},
		{2, "Nxa8", Solved, false},
	}
	for _, c := range cases {
		got, err := p.Check(c.ply, c.text)
		if got != c.want || (err != nil) != c.err {
			t.Errorf("Check(%d, %q) = %v, %v; want %v, error %v", c.ply, c.text, got, err, c.want, c.err)
		}
	}
	// A different move that mates at once also solves.
	mate := Puzzle{ID: "m", Variant: "chess", Position: "6k1/5ppp/8/8/8/8/8/R3R1K1 w - - 0 1", Solution: []string{"a1a8"}}
	if got, err := mate.Check(0, "Re8#"); got != Solved || err != nil {
		t.Errorf("another mate: %v, %v", got, err)
	}
}

// TestSetNearAndJSONL: Near picks the closest rating not skipped, and
// puzzles survive a round trip through JSON lines.
func TestSetNearAndJSONL(t *testing.T) {
	ps := []Puzzle{
		{ID: "a", Variant: "chess", Position: "p", Solution: []string{"x"}, Rating: 1150},
		{ID: "b", Variant: "chess", Position: "p", Solution: []string{"x"}, Rating: 1450},
		{ID: "c", Variant: "chess", Position: "p", Solution: []string{"x"}, Rating: 1750, Themes: []string{ThemeMate}},
	}
	set, err := NewSet("chess", ps)
	if err != nil {
		t.Fatal(err)
	}
	if p, _ := set.Near(1500, nil); p.ID != "b" {
		t.Errorf("Near(1500) = %s", p.ID)
	}
	if p, _ := set.Near(1500, func(id string) bool { return id == "b" }); p.ID != "c" {
		t.Errorf("Near(1500) without b = %s", p.ID)
	}
	if _, ok := set.Near(1500, func(string) bool { return true }); ok {
		t.Error("Near found a puzzle when all are skipped")
	}
	if _, err := NewSet("angle", ps); err == nil {
		t.Error("a chess puzzle in an Angle set was accepted")
	}
	var buf bytes.Buffer
	if err := WriteJSONL(&buf, ps); err != nil {
		t.Fatal(err)
	}
	back, err := ReadJSONL(&buf)
	if err != nil || len(back) != 3 || back[2].Themes[0] != ThemeMate || back[0].Themes == nil {
		t.Fatalf("round trip: %+v, %v", back, err)
	}
}
