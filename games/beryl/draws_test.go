package beryl

import (
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/games/gamestest"
)

// knightShuffle brings both knights out and back: four plies that restore
// the pieces in either game.
var knightShuffle = []string{"25-18", "27-19", "18-25", "19-27"}

// checkDrawnByRule checks that g is drawn by reason and has nothing left
// to play, while perft, which ignores draws by rule, counts on.
func checkDrawnByRule(t *testing.T, g games.Game, reason string) {
	t.Helper()
	if o := g.Outcome(); !o.Over || !o.Draw || !strings.Contains(o.Reason, reason) {
		t.Fatalf("outcome %+v, want a draw by %s", o, reason)
	}
	gamestest.CheckGameOver(t, g, g.Position)
	if !strings.Contains(g.View().ToAct, reason) {
		t.Errorf("view says %q, not why the game ended", g.View().ToAct)
	}
}

func TestBcThreefoldRepetition(t *testing.T) {
	g := mustBeryl(t, "")
	for i, mv := range append(knightShuffle, knightShuffle...) {
		if g.Outcome().Over {
			t.Fatalf("over after %d plies: %+v", i, g.Outcome())
		}
		evs := play(t, g, mv)
		if i == 7 && !hasEvent(evs, games.EventGameOver, "threefold repetition") {
			t.Errorf("last events %+v", evs)
		}
	}
	// The start position stands for the third time, White to move.
	checkDrawnByRule(t, g, "threefold repetition")
}

func TestBcRepetitionNeedsTheSameSideToMove(t *testing.T) {
	// White's king walks the triangle 12-10-13-12 while Black's knight goes
	// out and back: in 12 plies the start layout is seen three times, but
	// once with Black to move, so it is no repetition yet.
	g := mustBeryl(t, "W:K12,N25 B:K20,N27 w 0 1")
	for _, mv := range strings.Fields("12-10 27-19 10-13 19-27 13-12 27-19 12-10 19-27 10-13 27-19 13-12 19-27") {
		play(t, g, mv)
	}
	if o := g.Outcome(); o.Over {
		t.Errorf("over: %+v", o)
	}
}

func TestBcFiftyMoveRule(t *testing.T) {
	// 99 plies without a capture or a pawn move: one more quiet move draws.
	g := mustBeryl(t, "W:K17,N25 B:K20,N27,P24 w 99 80")
	evs := play(t, g, "25-18")
	if !hasEvent(evs, games.EventGameOver, "fifty-move rule") {
		t.Errorf("events %+v", evs)
	}
	checkDrawnByRule(t, g, "fifty-move rule")
	if g.Position() != "W:K17,N18 B:K20,P24,N27 b 100 80" {
		t.Errorf("position %q", g.Position())
	}
	// The clock is in the position string: it loads back drawn.
	checkDrawnByRule(t, mustBeryl(t, g.Position()), "fifty-move rule")

	// A pawn move or a capture starts the count again.
	h := mustBeryl(t, "W:K17,N25 B:K20,N27,P24 b 99 80")
	play(t, h, "24-21")
	if o := h.Outcome(); o.Over || !strings.Contains(h.Position(), " w 0 81") {
		t.Errorf("after a pawn move: %+v, %q", o, h.Position())
	}
	h = mustBeryl(t, "W:K17,N25,N29 B:K20,N27,P24,R19 w 99 80")
	play(t, h, "29x19")
	if o := h.Outcome(); o.Over || !strings.Contains(h.Position(), " b 0 80") {
		t.Errorf("after a capture: %+v, %q", o, h.Position())
	}
}

func TestBcCheckmateOnTheHundredthPlyWins(t *testing.T) {
	// As in chess, a mate given by the move that fills the count wins.
	g := mustBeryl(t, "W:K34,R14 B:K7,B16 w 99 116")
	play(t, g, "14-11")
	if o := g.Outcome(); o.Draw || o.Reason != "checkmate" {
		t.Errorf("outcome %+v", o)
	}
}

func TestSpThreefoldRepetitionCountsTheBarredArmy(t *testing.T) {
	// The knight shuffle brings the start layout back every four plies
	// with Player 1 to act, as in Beryl Chess, where the eighth ply draws.
	// Here the start had no army barred and the returns have Black barred:
	// the start does not count, and the draw comes when the position
	// after the first ply stands for the third time, at ply 9.
	g := mustSp(t, "")
	shuffles := append(append(knightShuffle, knightShuffle...), knightShuffle[0])
	for i, mv := range shuffles {
		if g.Outcome().Over {
			t.Fatalf("over after %d plies: %+v", i, g.Outcome())
		}
		play(t, g, mv)
	}
	checkDrawnByRule(t, g, "threefold repetition")
}

func TestSpRepetitionCountsUndecidedPieces(t *testing.T) {
	// White's undecided pair on 17 and 35 is declared king and bishop by
	// the first move, and the king comes back: the layout is the start's
	// but for K and B in place of S, S. Were they the same, the eighth
	// ply would bring the start position a third time.
	const start = "W:S17,N25,S35 B:K20,N27 R:K1,N2 1 B 0 5"
	g := mustSp(t, start)
	for _, mv := range strings.Fields("17-12=K 27-19 12-17 19-27 17-12 27-19 12-17 19-27") {
		play(t, g, mv)
	}
	if o := g.Outcome(); o.Over {
		t.Fatalf("over after two cycles: %+v", o)
	}
	if k := g.Key(); k != "W:K17,N25,B35 B:K20,N27 R:K1,N2 1 B" {
		t.Errorf("key %q", k)
	}
	play(t, g, "17-12")
	checkDrawnByRule(t, g, "threefold repetition")
}

func TestSpFiftyMoveRule(t *testing.T) {
	g := mustSp(t, "W:K17,N25 B:K20,N27 R:K1,P5 2 W 99 60")
	evs := play(t, g, "27-19")
	if !hasEvent(evs, games.EventGameOver, "fifty-move rule") {
		t.Errorf("events %+v", evs)
	}
	checkDrawnByRule(t, g, "fifty-move rule")
	if g.Position() != "W:K17,N25 B:N19,K20 R:K1,P5 1 B 100 61" {
		t.Errorf("position %q", g.Position())
	}
	checkDrawnByRule(t, mustSp(t, g.Position()), "fifty-move rule")
	// A pawn move starts the count again; so does a capture.
	h := mustSp(t, "W:K17,N25 B:K20,N27 R:K1,P5 2 W 99 60")
	play(t, h, "5-8")
	if o := h.Outcome(); o.Over || !strings.HasSuffix(h.Position(), " 1 R 0 61") {
		t.Errorf("after a pawn move: %+v, %q", o, h.Position())
	}
	h = mustSp(t, "W:K17,N25 B:K20,N27 R:K1,N18 1 - 99 60")
	play(t, h, "25x18")
	if o := h.Outcome(); o.Over || !strings.HasSuffix(h.Position(), " 2 W 0 60") {
		t.Errorf("after a capture: %+v, %q", o, h.Position())
	}
}

func TestPositionStringsWithoutClockStillLoad(t *testing.T) {
	// Strings written before the fifty-move clock was added read as clock 0.
	for variant, pair := range map[string][2]string{
		"beryl":        {"W:K17,N25 B:K20,N27 b 12", "W:K17,N25 B:K20,N27 b 0 12"},
		"spindecision": {"W:K17 B:K20 R:K1 2 W 9", "W:K17 B:K20 R:K1 2 W 0 9"},
	} {
		g, err := games.NewGame(variant, pair[0])
		if err != nil {
			t.Fatalf("%s %q: %v", variant, pair[0], err)
		}
		if g.Position() != pair[1] {
			t.Errorf("%s %q reads as %q, want %q", variant, pair[0], g.Position(), pair[1])
		}
	}
	g, err := games.NewGame("spindecision", "W:K2 B:- R:K1 2 B 40 winner:1")
	if err != nil || g.Position() != "W:K2 B:- R:K1 2 B 0 40 winner:1" {
		t.Errorf("old finished string: %v, %v", g, err)
	}
}

func TestFiftyMoveRuleNamedBeforeRepetition(t *testing.T) {
	// The eighth ply both repeats the start a third time and fills the
	// count: the fifty-move rule is named, because the position string
	// holds it, so the string loads back with the same outcome.
	for variant, setup := range map[string]string{
		"beryl":        strings.Replace(bcStart, " w 0 1", " w 92 1", 1),
		"spindecision": strings.Replace(spStart, " 1 - 0 1", " 2 R 91 1", 1),
	} {
		g, err := games.NewGame(variant, setup)
		if err != nil {
			t.Fatal(err)
		}
		plies := append(knightShuffle, knightShuffle...)
		if variant == "spindecision" {
			plies = append(plies, knightShuffle[0])
		}
		for _, mv := range plies {
			play(t, g, mv)
		}
		if o := g.Outcome(); o.Reason != reasonFiftyMoves {
			t.Errorf("%s: outcome %+v, want the fifty-move rule", variant, o)
		}
	}
}

func TestSpDrawnViewMarksNoKingToTake(t *testing.T) {
	// Player 1 could take Red's king 28x29, but the count ran out first.
	g := mustSp(t, "W:R28,K38 B:K25 R:K29 1 - 100 3")
	for _, m := range g.View().Marks {
		if m.Kind == games.MarkAttackedKing {
			t.Errorf("drawn game marks a king to take on %d", m.Cell+1)
		}
	}
	if g.Perft(1) == 0 {
		t.Fatal("the setup should leave moves on the board")
	}
}
