package chess

import (
	"testing"

	"github.com/bermudachess/bermuda/games"
)

func TestCastlingConditions(t *testing.T) {
	cases := []struct {
		name       string
		fen        string
		king, qual bool // kingside / queenside castling expected legal
	}{
		{"both free", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", true, true},
		{"not out of check", "4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1", false, false},
		{"not through check (f1)", "4k3/5r2/8/8/8/8/8/R3K2R w KQ - 0 1", false, true},
		{"not through check (d1)", "4k3/3r4/8/8/8/8/8/R3K2R w KQ - 0 1", true, false},
		{"not into check (g1)", "4k3/6r1/8/8/8/8/8/R3K2R w KQ - 0 1", false, true},
		{"not into check (c1)", "4k3/2r5/8/8/8/8/8/R3K2R w KQ - 0 1", true, false},
		{"rook's path may be attacked (b1)", "4k3/1r6/8/8/8/8/8/R3K2R w KQ - 0 1", true, true},
		{"rook may be attacked (h1)", "4k3/7r/8/8/8/8/8/R3K2R w KQ - 0 1", true, true},
		{"blocked (b1 knight)", "4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1", true, false},
		{"blocked (g1 bishop)", "4k3/8/8/8/8/8/8/R3K1BR w KQ - 0 1", false, true},
		{"no rights", "4k3/8/8/8/8/8/8/R3K2R w - - 0 1", false, false},
		{"black both", "r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1", true, true},
		{"black through check", "r3k2r/8/8/8/8/8/8/4KR2 b kq - 0 1", false, true},
	}
	for _, c := range cases {
		g := mustGame(t, c.fen)
		legal := notations(g)
		k, q := "e1g1", "e1c1"
		if g.SideToMove() == games.Black {
			k, q = "e8g8", "e8c8"
		}
		if _, ok := legal[k]; ok != c.king {
			t.Errorf("%s: kingside castling legal = %v, want %v", c.name, ok, c.king)
		}
		if _, ok := legal[q]; ok != c.qual {
			t.Errorf("%s: queenside castling legal = %v, want %v", c.name, ok, c.qual)
		}
	}
}

func TestCastlingMovesRookAndRights(t *testing.T) {
	g := mustGame(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	evs := playAll(t, g, "O-O")
	if got := g.Position(); got != "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1" {
		t.Errorf("after O-O: %s", got)
	}
	if !hasEvent(evs, games.EventMoved, "White castles kingside: king e1→g1, rook h1→f1") {
		t.Errorf("castling events: %+v", evs)
	}
	playAll(t, g, "0-0-0")
	if got := g.Position(); got != "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2" {
		t.Errorf("after O-O-O: %s", got)
	}

	// Moving the king, even back home, loses both rights; moving a rook
	// loses its own side's right; a captured rook takes its right along.
	g = mustGame(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	playAll(t, g, "Kf1", "Kd8", "Ke1", "Ke8")
	if got := g.Position(); got != "r3k2r/8/8/8/8/8/8/R3K2R w - - 4 3" {
		t.Errorf("after king walks: %s", got)
	}
	g = mustGame(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	playAll(t, g, "Rh2", "Rb8")
	if got := g.pos.castleField(); got != "Qk" {
		t.Errorf("after Rh2 Rb8 rights are %s, want Qk", got)
	}
	g = mustGame(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	playAll(t, g, "Rxh8+")
	if got := g.pos.castleField(); got != "Qq" {
		t.Errorf("after Rxh8 rights are %s, want Qq", got)
	}
}

func TestEnPassant(t *testing.T) {
	g := mustGame(t, "")
	playAll(t, g, "e4", "a6", "e5", "d5")
	if g.Position() != "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3" {
		t.Fatalf("setup: %s", g.Position())
	}
	after := g.CloneGame()
	evs := playAll(t, g, "exd6")
	if g.Position() != "rnbqkbnr/1pp1pppp/p2P4/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3" {
		t.Errorf("after exd6 e.p.: %s", g.Position())
	}
	if !hasEvent(evs, games.EventCaptured, "White's pawn takes Black's pawn on d5 en passant") {
		t.Errorf("events: %+v", evs)
	}
	// The right lapses if not used at once.
	playAll(t, after, "h3", "h6")
	if _, ok := notations(after)["e5d6"]; ok {
		t.Error("en passant still legal a move later")
	}

	// A capture that would open the rank to the own king is illegal.
	g = mustGame(t, "8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1")
	if _, ok := notations(g)["e5d6"]; ok {
		t.Error("en passant that exposes the king on the rank was allowed")
	}
	// Taking the checking pawn en passant answers the check.
	g = mustGame(t, "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1")
	if !g.InCheck() {
		t.Fatal("black should be in check from d4")
	}
	if _, ok := notations(g)["e4d3"]; !ok {
		t.Error("en passant capture of the checking pawn missing")
	}
}

func TestPromotion(t *testing.T) {
	g := mustGame(t, "k2r4/4P3/8/8/8/8/8/4K3 w - - 0 1")
	legal := notations(g)
	for _, n := range []string{"e7e8q", "e7e8r", "e7e8b", "e7e8n", "e7d8q", "e7d8r", "e7d8b", "e7d8n"} {
		if _, ok := legal[n]; !ok {
			t.Errorf("missing promotion %s", n)
		}
	}
	if _, ok := legal["e7e8"]; ok {
		t.Error("a pawn may not stay a pawn on the last rank")
	}
	evs := playAll(t, g, "exd8=N")
	if g.Position() != "k2N4/8/8/8/8/8/8/4K3 b - - 0 1" {
		t.Errorf("after exd8=N: %s", g.Position())
	}
	if !hasEvent(evs, games.EventPromoted, "White's pawn on d8 promotes to a knight") ||
		!hasEvent(evs, games.EventCaptured, "White's pawn takes Black's rook on d8") {
		t.Errorf("events: %+v", evs)
	}
	// Black promotes on rank 1; typed as UCI with a capital letter.
	g = mustGame(t, "4k3/8/8/8/8/8/p7/4K3 b - - 0 1")
	evs = playAll(t, g, "a2a1Q")
	if g.Position() != "4k3/8/8/8/8/8/8/q3K3 w - - 0 2" || !hasEvent(evs, games.EventCheck, "White's king on e1 is in check") {
		t.Errorf("after a1=Q+: %s %+v", g.Position(), evs)
	}
}

func TestCheckAndCheckmate(t *testing.T) {
	g := mustGame(t, "")
	evs := playAll(t, g, "f3", "e5", "g4")
	if hasEvent(evs, games.EventCheck, "") {
		t.Error("check reported without a check")
	}
	m, err := g.ParseMove("Qh4#")
	if err != nil {
		t.Fatal(err)
	}
	if m.Notation != "d8h4" || m.Label != "Qh4# (queen d8→h4)" {
		t.Errorf("move %+v", m)
	}
	evs, err = g.Play(m, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !hasEvent(evs, games.EventCheck, "White's king on e1 is in check") {
		t.Errorf("no check event: %+v", evs)
	}
	last := evs[len(evs)-1]
	want := games.Win(games.Player2, "checkmate")
	if last.Kind != games.EventGameOver || last.Outcome != want || last.Text != "Black wins by checkmate" {
		t.Errorf("last event %+v", last)
	}
	if g.Outcome() != want || !g.IsCheckmate() || g.IsStalemate() || !g.InCheck() || len(g.LegalMoves()) != 0 {
		t.Errorf("outcome %+v", g.Outcome())
	}
	if _, err := g.Play(games.Move{Notation: "a2a3"}, nil); err == nil {
		t.Error("Play after mate accepted")
	}
}

func TestStalemate(t *testing.T) {
	g := mustGame(t, "k7/8/8/2Q5/8/8/8/7K w - - 0 1")
	evs := playAll(t, g, "Qb6")
	if o := g.Outcome(); o != games.DrawBy("stalemate") || !g.IsStalemate() || g.IsCheckmate() {
		t.Errorf("outcome %+v", o)
	}
	if last := evs[len(evs)-1]; last.Kind != games.EventGameOver || last.Text != "Draw by stalemate" {
		t.Errorf("events %+v", evs)
	}
}

func TestThreefoldRepetition(t *testing.T) {
	g := mustGame(t, "")
	shuffle := []string{"Nf3", "Nf6", "Ng1", "Ng8"}
	playAll(t, g, shuffle...)
	playAll(t, g, shuffle[:3]...)
	if g.Outcome().Over {
		t.Fatal("drawn before the third occurrence")
	}
	evs := playAll(t, g, shuffle[3])
	if g.Outcome() != games.DrawBy("threefold repetition") || evs[len(evs)-1].Kind != games.EventGameOver {
		t.Errorf("outcome %+v", g.Outcome())
	}

	// After 1.e4 the e3 square is not a real en passant right (no black
	// pawn can take), so the position repeats when the knights come back.
	g = mustGame(t, "")
	playAll(t, g, "e4", "Nf6", "Nf3", "Ng8", "Ng1", "Nf6", "Nf3", "Ng8", "Ng1")
	if g.Outcome() != games.DrawBy("threefold repetition") {
		t.Errorf("e3 counted as an en passant right: %+v, key %s", g.Outcome(), g.PositionKey())
	}

	// PlayMove keeps no history: randommove judges repetition itself.
	g = mustGame(t, "")
	for range 3 {
		for _, s := range shuffle {
			m, err := g.ParseMove(s)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := g.PlayMove(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	if g.Outcome().Over {
		t.Error("PlayMove recorded repetition history")
	}
}

func TestFiftyMoveRule(t *testing.T) {
	g := mustGame(t, "4k3/8/8/8/8/8/8/R3K3 w - - 98 60")
	playAll(t, g, "Ra2")
	if g.Outcome().Over || g.HalfmoveClock() != 99 {
		t.Fatalf("drawn at 99 plies: %+v", g.Outcome())
	}
	playAll(t, g, "Kd8")
	if g.Outcome() != games.DrawBy("fifty-move rule") {
		t.Errorf("outcome at 100 plies %+v", g.Outcome())
	}
	// A capture or pawn move resets the count.
	g = mustGame(t, "4k3/8/8/8/8/8/p7/R3K3 w - - 99 60")
	playAll(t, g, "Rxa2")
	if g.HalfmoveClock() != 0 || g.Outcome().Over {
		t.Errorf("capture did not reset: clock %d", g.HalfmoveClock())
	}
	// Mate on the hundredth ply is still mate.
	g = mustGame(t, "7k/8/6K1/8/8/8/8/R7 w - - 99 80")
	playAll(t, g, "Ra8#")
	if g.Outcome() != games.Win(games.Player1, "checkmate") {
		t.Errorf("mate on ply 100: %+v", g.Outcome())
	}
}

func TestInsufficientMaterial(t *testing.T) {
	cases := []struct {
		name string
		fen  string
		dead bool
	}{
		{"K v K", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", true},
		{"K+B v K", "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", true},
		{"K v K+B", "2b1k3/8/8/8/8/8/8/4K3 w - - 0 1", true},
		{"K+N v K", "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", true},
		{"K v K+N", "1n2k3/8/8/8/8/8/8/4K3 b - - 0 1", true},
		{"K+B v K+B same colour", "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", true},
		{"K+B v K+B opposite colours", "2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1", false},
		{"K+N v K+N", "1n2k3/8/8/8/8/8/8/1N2K3 w - - 0 1", false},
		{"K+B+N v K", "4k3/8/8/8/8/8/8/1NB1K3 w - - 0 1", false},
		{"K+B+B v K on both colours", "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", false},
		{"K+N+N v K", "4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1", false},
		{"K+P v K", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", false},
		{"K+R v K", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", false},
		{"K+Q v K", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", false},
	}
	for _, c := range cases {
		g := mustGame(t, c.fen)
		if got := g.InsufficientMaterial(); got != c.dead {
			t.Errorf("%s: InsufficientMaterial = %v, want %v", c.name, got, c.dead)
		}
		if over := g.Outcome() == games.DrawBy("insufficient material"); over != c.dead {
			t.Errorf("%s: outcome %+v", c.name, g.Outcome())
		}
	}
	// Capturing the last piece ends the game at once.
	g := mustGame(t, "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1")
	evs := playAll(t, g, "Kxe2")
	if last := evs[len(evs)-1]; last.Kind != games.EventGameOver || last.Text != "Draw by insufficient material" {
		t.Errorf("events %+v", evs)
	}
}

func TestCheckEvasionsOnly(t *testing.T) {
	// Double check (rook e8, bishop b4): only king moves.
	g := mustGame(t, "4r1k1/8/8/8/1b6/8/3N4/4K3 w - - 0 1")
	for n, m := range notations(g) {
		if m.From != "e1" {
			t.Errorf("double check allowed %s", n)
		}
	}
	// Pinned knight on d2 (bishop b4, king e1) cannot move.
	g = mustGame(t, "6k1/8/8/8/1b6/8/3N4/4K3 w - - 0 1")
	for n, m := range notations(g) {
		if m.From == "d2" {
			t.Errorf("pinned knight moved: %s", n)
		}
	}
}
