package angle

import (
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// kingTakenFEN is a position from a seeded random game in which White's
// queen on j5 can take Black's king on g8 (issue #16).
const kingTakenFEN = "r1bqs1sb1r/ppp1p2p1p/2n3k2n/3p2p1p1/5p4/9Q/4P5/PPP2PPNPP/3P3P2/RNBS1KSB1R w KQ - 1 16"

// TestPerftStopsWhereAKingIsTaken: a position without a king is a finished
// game, so perft and divide count nothing below it.
func TestPerftStopsWhereAKingIsTaken(t *testing.T) {
	g := mustNew(t, kingTakenFEN)
	var sum uint64
	found := false
	for _, mc := range g.Divide(3) {
		sum += mc.Nodes
		if mc.Move == "j5g8" {
			found = true
			if mc.Nodes != 0 {
				t.Errorf("divide(3): %d leaves below j5g8, which takes the king; want 0", mc.Nodes)
			}
		}
	}
	if !found {
		t.Fatal("j5g8 is not among the first moves")
	}
	if p := g.Perft(3); p != sum {
		t.Errorf("perft(3) = %d, divide(3) sums to %d", p, sum)
	}
	for _, mc := range g.Divide(1) {
		if mc.Move == "j5g8" && mc.Nodes != 1 {
			t.Errorf("divide(1): j5g8 counts %d, want 1 (the move itself)", mc.Nodes)
		}
	}
	if want := parseRef(t, kingTakenFEN).perft(3); g.Perft(3) != want {
		t.Errorf("perft(3) = %d, reference %d", g.Perft(3), want)
	}

	play(t, g, "j5g8", 2, 1) // pieces stand in the Angle: the roll names d3, empty
	if o := g.Outcome(); !o.Over || o.Winner != games.Player1 {
		t.Fatalf("after the king is taken: %+v", o)
	}
	after := mustNew(t, g.Position())
	for name, gg := range map[string]*Game{"played": g, "loaded": after} {
		if n := len(gg.LegalMoves()); n != 0 {
			t.Errorf("%s: %d legal moves in a finished game", name, n)
		}
		for d := 1; d <= 3; d++ {
			if n := gg.Perft(d); n != 0 {
				t.Errorf("%s: perft(%d) = %d in a finished game", name, d, n)
			}
		}
		if d := gg.Divide(2); len(d) != 0 {
			t.Errorf("%s: divide(2) lists %v in a finished game", name, d)
		}
		if gg.Perft(0) != 1 {
			t.Errorf("%s: perft(0) must be 1", name)
		}
	}
}

// TestFiftyMoveRule: fifty moves by each side with no capture, no pawn move
// and no vanishing end the game at once as a draw (RULES.md §1).
func TestFiftyMoveRule(t *testing.T) {
	// Kings and rooks outside the Angle, the Angle empty: no dice.
	const quiet = "r4k4/10/10/10/10/10/10/10/10/R4K4 w - - 99 80"
	g := mustNew(t, quiet)
	if g.Outcome().Over {
		t.Fatal("99 plies are not yet fifty moves each")
	}
	evs := play(t, g, "a1a2")
	o := g.Outcome()
	if !o.Over || !o.Draw || o.Reason != "fifty-move rule" {
		t.Fatalf("after the hundredth quiet ply: %+v", o)
	}
	if last := evs[len(evs)-1]; last.Kind != games.EventGameOver || last.Text != "Game over: draw (fifty-move rule)" {
		t.Errorf("last event %+v", last)
	}
	if len(g.LegalMoves()) != 0 {
		t.Error("a drawn game has no moves")
	}
	// Perft ignores the move-count draw, as usual.
	if g.Perft(1) == 0 {
		t.Error("perft must count on below a fifty-move draw")
	}
	// The clock is in the position string, so the draw loads back.
	if r := mustNew(t, g.Position()); r.Outcome() != o {
		t.Errorf("reloaded %q: %+v, want %+v", g.Position(), r.Outcome(), o)
	}

	// A capture, a pawn move or a vanishing on the hundredth ply resets it.
	for _, c := range []struct {
		name, fen, move string
		faces           []int
	}{
		{"capture", "r4k4/10/10/10/10/10/10/10/10/R4K4 w - - 99 80", "a1a10", nil},
		{"pawn move", "r4k4/10/10/10/10/10/10/10/P9/R4K4 w - - 99 80", "a2a3", nil},
		// The rook stands in the Angle, so Black's quiet move rolls: e5.
		{"vanishing", "r4k4/10/10/10/10/4R5/10/10/10/5K4 b - - 99 80", "f10g10", []int{3, 3}},
	} {
		g := mustNew(t, c.fen)
		play(t, g, c.move, c.faces...)
		if g.Outcome().Over || g.pos.halfmove != 0 {
			t.Errorf("%s: %+v, clock %d; want the game going on with the clock at 0", c.name, g.Outcome(), g.pos.halfmove)
		}
	}
}

// TestFinishedPositionsLoadBack: the position string of a game won by a
// king's loss loads to the same outcome, whatever took the king.
func TestFinishedPositionsLoadBack(t *testing.T) {
	for _, c := range []struct {
		fen, move string
		faces     []int
		winner    games.Player
		reason    string
	}{
		{fenOf(t, "w", "Kf1 ka10 Qa1"), "a1a10", nil, games.Player1, "Black has no King left"},
		{fenOf(t, "b", "Ke5 kf10 pa9"), "a9a8", []int{3, 3}, games.Player2, "White has no King left"},
	} {
		g := mustNew(t, c.fen)
		evs := play(t, g, c.move, c.faces...)
		o := g.Outcome()
		if !o.Over || o.Winner != c.winner || o.Reason != c.reason {
			t.Errorf("%s %s: %+v, want %v to win: %q", c.fen, c.move, o, c.winner, c.reason)
		}
		if last := evs[len(evs)-1]; !strings.Contains(last.Text, "was captured") && !strings.Contains(last.Text, "vanished") {
			t.Errorf("the game-over event should say how the king was lost: %q", last.Text)
		}
		r := mustNew(t, g.Position())
		if r.Outcome() != o || r.Key() != g.Key() || len(r.LegalMoves()) != 0 {
			t.Errorf("%s reloads as %+v, want %+v", g.Position(), r.Outcome(), o)
		}
	}
}
