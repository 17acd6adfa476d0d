package randommove

import (
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/games/chess"
)

// reload loads g's position string into a new game and requires the same
// key, turn, roles, outcome and legal moves.
func reload(t *testing.T, g *Game) *Game {
	t.Helper()
	r, err := New(g.Position())
	if err != nil {
		t.Fatalf("New(%q): %v", g.Position(), err)
	}
	switch {
	case r.Position() != g.Position():
		t.Fatalf("reloaded as %q, want %q", r.Position(), g.Position())
	case r.Key() != g.Key():
		t.Fatalf("%s: reloaded key %q, want %q", g.Position(), r.Key(), g.Key())
	case r.Turn().Player != g.Turn().Player || r.Turn().MovesLeft != g.Turn().MovesLeft || r.Turn().MoveNumber != g.Turn().MoveNumber:
		t.Fatalf("%s: reloaded turn %+v, want %+v", g.Position(), r.Turn(), g.Turn())
	case r.Roles() != g.Roles() || r.Outcome() != g.Outcome() || len(r.LegalMoves()) != len(g.LegalMoves()):
		t.Fatalf("%s: reloaded roles %v, outcome %+v; want %v, %+v", g.Position(), r.Roles(), r.Outcome(), g.Roles(), g.Outcome())
	}
	return r
}

// TestPositionStringCarriesTheThrows: what the throws decided — who plays
// White, the moves left in the turn, the runs that decide the next n, the
// plain first turns — is in the position string (issue #16).
func TestPositionStringCarriesTheThrows(t *testing.T) {
	fresh, _ := New("")
	if fresh.Position() != chess.StartFEN {
		t.Errorf("before the colour throws the position is the plain FEN, got %q", fresh.Position())
	}
	g := begun(t, "", 3, 5) // Player 2 plays White
	want := chess.StartFEN + " white=P2 turn=1 left=1/1 plain=1 throws=3|5"
	if g.Position() != want {
		t.Fatalf("after the colour throws:\n got %q\nwant %q", g.Position(), want)
	}
	r := reload(t, g)
	if evs, err := r.Begin(games.NewDice(nil)); err != nil || len(evs) != 0 {
		t.Errorf("a loaded game whose colours are decided throws nothing: %v %v", evs, err)
	}
	play(t, g, "e2e4")
	reload(t, g)
	play(t, g, "e7e5", 5) // Player 2 (White) throws a second 5: 2 moves
	if !strings.HasSuffix(g.Position(), " white=P2 turn=3 left=2/2 plain=0 throws=3|55") {
		t.Fatalf("White's second turn: %q", g.Position())
	}
	reload(t, g)
	play(t, g, "d2d4")
	r = reload(t, g)
	// The loaded game goes on exactly as the original: same throws, same
	// effects (a 3 for Player 1 after a 3 is the second in a row).
	play(t, g, "g1f3", 3)
	play(t, r, "g1f3", 3)
	if r.Position() != g.Position() || r.Key() != g.Key() {
		t.Errorf("continuations differ:\n%s\n%s", g.Position(), r.Position())
	}
	if g.Turn().MovesLeft != 2 {
		t.Errorf("Player 1's second 3 in a row gives 2 moves, got %d", g.Turn().MovesLeft)
	}
}

// TestSwitchedSidesAndLostGameLoad: a switch of sides and a loss by six
// sixes survive the position string.
func TestSwitchedSidesAndLostGameLoad(t *testing.T) {
	g := inTurn(t, "4k3/8/8/8/8/8/q7/4K3 b - - 0 40", 1)
	g.history[games.Player1] = []int{6, 6}
	play(t, g, "Qa1", 6, 4) // Player 1 throws a third 6: switch; Player 2 (now White) a first 4
	r := reload(t, g)
	if r.Roles() != [2]string{"Black", "White"} {
		t.Errorf("roles after the switch: %v", r.Roles())
	}

	g = begun(t, "", 3, 6)
	play(t, g, "e2e4")
	g.history[games.Player2] = []int{6, 6, 6, 6, 6}
	play(t, g, "e7e5", 6)
	if o := g.Outcome(); !o.Over || o.Reason != "six sixes in a row" {
		t.Fatalf("outcome %+v", o)
	}
	r = reload(t, g)
	if r.Perft(1) != 0 || r.Perft(2) != 0 || len(r.Divide(1)) != 0 || g.Perft(1) != 0 {
		t.Error("a game lost by six sixes is over: perft counts nothing")
	}
}

// TestPlainFENIsAFreshState: a plain FEN starts afresh — colours still to
// be thrown, each player's first move plain.
func TestPlainFENIsAFreshState(t *testing.T) {
	const fen = "4k3/8/8/8/8/8/8/R3K3 b - - 3 12"
	g, err := New(fen)
	if err != nil {
		t.Fatal(err)
	}
	if g.Position() != fen {
		t.Errorf("fresh: %q", g.Position())
	}
	evs, err := g.Begin(games.NewDice(games.Script(2, 4)))
	if err != nil || len(evs) != 1 {
		t.Fatalf("Begin: %v %v", evs, err)
	}
	if want := fen + " white=P2 turn=24 left=1/1 plain=1 throws=2|4"; g.Position() != want {
		t.Errorf("after the throws:\n got %q\nwant %q", g.Position(), want)
	}
}

func TestBadPositionStrings(t *testing.T) {
	start := chess.StartFEN
	for _, c := range []struct{ s, says string }{
		{start + " white=P3 turn=1 left=1/1 plain=1 throws=3|5", "white="},
		{start + " white=P1 turn=0 left=1/1 plain=1 throws=3|5", "turn="},
		{start + " white=P1 turn=1 left=3/2 plain=1 throws=3|5", "left="},
		{start + " white=P1 turn=1 left=1/1 plain=2 throws=3|5", "plain="},
		{start + " white=P1 turn=1 left=1/1 plain=1 throws=34|5", "throws="},
		{start + " white=P1 turn=1 left=1/1 plain=1 throws=6666666|5", "throws="},
		{start + " white=P1 turn=1 left=1/1 plain=1", "throws="},
		{start + " white=P1 white=P1 turn=1 left=1/1 plain=1 throws=3|5", "twice"},
		{start + " white=P1 turn=1 left=1/1 plain=1 throws=3|5 extra=1", "extra"},
	} {
		_, err := New(c.s)
		if err == nil || !strings.Contains(err.Error(), c.says) {
			t.Errorf("New(%q): %v; want an error naming %q", c.s, err, c.says)
		}
	}
}

// TestRepetitionDrawLoadsWithTheThrowDue: a position string cannot hold a
// threefold repetition. The drawn game's string has no move left in the
// turn; it loads as the same position with the turn's throw due, which
// Begin (games.Start) throws.
func TestRepetitionDrawLoadsWithTheThrowDue(t *testing.T) {
	g := begun(t, "", 5, 3)
	shuffle := []string{"Nf3", "Nf6", "Ng1", "Ng8"}
	throws := []int{2, 2, 5, 4}
	for i := 0; i < 8; i++ {
		var rolls []int
		if i > 0 && i < 7 {
			rolls = []int{throws[i%4]}
		}
		play(t, g, shuffle[i%4], rolls...)
	}
	if o := g.Outcome(); o.Reason != "threefold repetition" {
		t.Fatalf("outcome %+v", o)
	}
	r, err := New(g.Position())
	if err != nil {
		t.Fatal(err)
	}
	if tu := r.Turn(); r.Outcome().Over || r.Key() != g.Key() || tu.Player != games.Player1 || tu.MovesLeft != 0 || tu.MoveNumber != g.Turn().MoveNumber {
		t.Fatalf("reloaded %q: %+v, turn %+v", g.Position(), r.Outcome(), r.Turn())
	}
	if len(r.LegalMoves()) != 0 {
		t.Error("no move can be made before the turn's throw")
	}
	if _, err := r.Play(games.Move{Notation: "g1f3"}, games.NewDice(games.Script(3))); err == nil {
		t.Error("Play before the due throw was accepted")
	}
	if !strings.HasSuffix(g.Position(), " left=0/1 plain=0 throws=2|5") {
		t.Errorf("drawn: %q", g.Position())
	}
	// White (Player 1) last threw a 2, so a 2 now is the second in a row.
	started, rolls, evs, err := games.Start(ID, g.Position(), games.Script(2))
	if err != nil || len(rolls) != 1 || len(evs) != 1 || evs[0].Text != "Player 1 (White) throws `2` — second 2 in a row: 2 moves" {
		t.Fatalf("Start: %v, rolls %v, events %v", err, rolls, evs)
	}
	if tu := started.Turn(); tu.Player != games.Player1 || tu.MovesLeft != 2 || len(started.LegalMoves()) != 20 {
		t.Errorf("after the due throw: turn %+v, %d moves", tu, len(started.LegalMoves()))
	}
}
