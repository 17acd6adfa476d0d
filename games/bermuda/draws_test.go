package bermuda

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// TestThreefoldRepetitionFromTheStart: the knights' shuffle played twice
// brings the start position back a third time, a draw at once (issue #16).
func TestThreefoldRepetitionFromTheStart(t *testing.T) {
	g := mustGame(t, "")
	shuffle := []string{"g1f3", "g8f6", "f3g1", "f6g8"}
	var evs []games.Event
	for round := 0; round < 2; round++ {
		for i, m := range shuffle {
			if o := g.Outcome(); o.Over {
				t.Fatalf("over in round %d before move %d: %+v", round+1, i+1, o)
			}
			evs = playText(t, g, m)
		}
	}
	o := g.Outcome()
	if !o.Over || !o.Draw || o.Winner != games.NoPlayer || o.Reason != "threefold repetition" {
		t.Fatalf("after the start position's third occurrence: %+v", o)
	}
	if last := evs[len(evs)-1]; last.Kind != games.EventGameOver || last.Text != "Game over: draw — threefold repetition" {
		t.Errorf("last event %+v", last)
	}
	checkNoMoves(t, g)
	if d := g.Diagram(); !strings.Contains(d, "Game over — draw: threefold repetition") {
		t.Errorf("the diagram should say the game is drawn:\n%s", d)
	}
	if v := g.View(); !strings.Contains(v.ToAct+v.Status, "draw") {
		t.Errorf("the view should say the game is drawn: %q %q", v.ToAct, v.Status)
	}
	// Perft ignores repetition, as usual.
	if g.Perft(1) != 52 {
		t.Errorf("perft(1) = %d below a repetition draw, want 52", g.Perft(1))
	}
}

// TestRepetitionComparesBothBoards: the same lower board with the upper
// knights elsewhere is another position (RULES.md §2: the same pieces on
// both boards). The lower board's start stands four times below, the whole
// start position only twice: no draw.
func TestRepetitionComparesBothBoards(t *testing.T) {
	g := mustGame(t, "")
	for i, m := range []string{"G1H3", "G8H6", "g1f3", "g8f6", "f3g1", "f6g8", "H3G1", "H6G8"} {
		playText(t, g, m)
		if o := g.Outcome(); o.Over {
			t.Fatalf("over after move %d, %s: %+v", i+1, m, o)
		}
	}
	// One more round of the lower knights brings the start a third time.
	for _, m := range []string{"g1f3", "g8f6", "f3g1", "f6g8"} {
		playText(t, g, m)
	}
	if o := g.Outcome(); !o.Over || o.Reason != "threefold repetition" {
		t.Fatalf("after the start position's third occurrence: %+v", o)
	}
}

// TestRepetitionKeyNeedsAUsableEnPassant: an en-passant square counts for
// repetition only while a pawn can take there.
func TestRepetitionKeyNeedsAUsableEnPassant(t *testing.T) {
	useless := placed(t, "Ke1 ke8 Pe4", "b -|- e3 0 1")
	if mustGame(t, useless).Key() != mustGame(t, strings.Replace(useless, " e3 ", " - ", 1)).Key() {
		t.Error("an en-passant square no pawn can use must not change the key")
	}
	usable := placed(t, "Ke1 ke8 Pe4 pd4", "b -|- e3 0 1")
	if mustGame(t, usable).Key() == mustGame(t, strings.Replace(usable, " e3 ", " - ", 1)).Key() {
		t.Error("a usable en-passant square must change the key")
	}
}

// TestFiftyMoveRule: a hundred plies with no capture and no pawn move on
// either board end the game at once as a draw; a capture of any kind
// (rule 1, a drop onto an enemy) or a pawn move restarts the count.
func TestFiftyMoveRule(t *testing.T) {
	g := gameWith(t, "Ke1 ke8", "w -|- - 99 70")
	if g.Outcome().Over {
		t.Fatal("99 plies are not fifty moves each")
	}
	evs := playText(t, g, "e1d1")
	o := g.Outcome()
	if !o.Over || !o.Draw || o.Reason != "fifty-move rule" {
		t.Fatalf("after the hundredth ply: %+v", o)
	}
	if last := evs[len(evs)-1]; last.Kind != games.EventGameOver || last.Text != "Game over: draw — fifty-move rule" {
		t.Errorf("last event %+v", last)
	}
	checkNoMoves(t, g)
	if r := mustGame(t, g.Position()); r.Outcome() != o {
		t.Errorf("%s reloads as %+v, want %+v", g.Position(), r.Outcome(), o)
	}

	for _, c := range []struct{ name, tokens, move string }{
		{"a capture on the upper board (rule 1)", "Ke1 ke8 KH8 kA8 RA2 nA5", "A2A5"},
		{"a drop onto an enemy (rule 2)", "Ke1 ke8 KH8 kA8 RE4 nd4", "E4-d4"},
		{"a lower capture", "Ke1 ke8 Ra1 na5", "a1a5"},
		{"a pawn move", "Ke1 ke8 Pa2", "a2a3"},
		{"a pawn move on the upper board", "Ke1 ke8 KH8 kA8 PC2", "C2C3"},
	} {
		g := gameWith(t, c.tokens, "w -|- - 99 70")
		playText(t, g, c.move)
		if g.Outcome().Over || g.pos.halfmove != 0 {
			t.Errorf("%s: %+v with the clock at %d; want the game going on, the clock at 0", c.name, g.Outcome(), g.pos.halfmove)
		}
	}
}

// TestFinishedPositionLoads: a side with no king left has lost, and the
// position string saying so loads back to the same result.
func TestFinishedPositionLoads(t *testing.T) {
	g := gameWith(t, "Ke1 Ra1 ka5", "w -|- - 0 30")
	playText(t, g, "a1a5")
	o := g.Outcome()
	if !o.Over || o.Winner != games.Player1 || o.Reason != "Black has no king left" {
		t.Fatalf("after taking Black's last king: %+v", o)
	}
	r, err := games.NewGame("bermuda", g.Position())
	if err != nil {
		t.Fatalf("the finished position %q does not load: %v", g.Position(), err)
	}
	if r.Outcome() != o || r.Key() != g.Key() || len(r.LegalMoves()) != 0 || r.Perft(1) != 0 {
		t.Errorf("reloaded: %+v, key %q; want %+v, key %q, no moves", r.Outcome(), r.Key(), o, g.Key())
	}
	if _, err := games.NewGame("bermuda", placed(t, "Pa2 pa7", "w -|- - 0 1")); err == nil ||
		!strings.Contains(err.Error(), "neither side has a king") {
		t.Errorf("a position where both sides lack kings must be refused: %v", err)
	}
}

// checkNoMoves: a finished game offers nothing and refuses moves.
func checkNoMoves(t *testing.T, g *game) {
	t.Helper()
	if n := len(g.LegalMoves()); n != 0 {
		t.Errorf("%d legal moves in a finished game", n)
	}
	if m, ok := g.MoveByNotation("e1d1"); ok {
		t.Errorf("MoveByNotation found %v in a finished game", m)
	}
	if _, err := g.Play(games.Move{Notation: "g1f3"}, nil); err == nil || !strings.Contains(err.Error(), "over") {
		t.Errorf("Play in a finished game: %v", err)
	}
}

// TestKeyIsThePositionWithoutClocks: key builds its text apart from String
// (for speed); it must equal String without the clocks, the en-passant
// square kept only when usable, in positions after every first move of a
// few setups and along a seeded game.
func TestKeyIsThePositionWithoutClocks(t *testing.T) {
	check := func(pos position) {
		t.Helper()
		f := strings.Fields(pos.String())
		if pos.ep >= 0 && !pos.canTakeEnPassant() {
			f[3] = "-"
		}
		if want := strings.Join(f[:4], " "); pos.key() != want {
			t.Fatalf("key %q, want %q", pos.key(), want)
		}
	}
	for _, s := range []string{"", trickySetup, placed(t, "Ke1 ke8 Pe4 pd4", "b -|- e3 7 9")} {
		g := mustGame(t, s)
		check(g.pos)
		for _, m := range g.pos.generate(nil) {
			after := g.pos
			after.play(m, nil)
			check(after)
		}
	}
	g := mustGame(t, "")
	rng := rand.New(rand.NewPCG(3, 3))
	for ply := 0; ply < 400; ply++ {
		ms := g.pos.generate(nil)
		if len(ms) == 0 {
			break
		}
		g.pos.play(ms[rng.IntN(len(ms))], nil)
		check(g.pos)
	}
}
