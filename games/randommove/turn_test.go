package randommove

import (
	"slices"
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

func TestColourThrows(t *testing.T) {
	g, _ := New("")
	evs, err := g.Begin(games.NewDice(games.Script(4, 4, 2, 6)))
	if err != nil {
		t.Fatal(err)
	}
	if len(evs) != 2 || evs[0].Kind != games.EventDice || evs[1].Kind != games.EventDice {
		t.Fatalf("want one dice event per pair of throws, got %s", kinds(evs))
	}
	if want := "Player 1 throws `4`, Player 2 throws `4`: a tie, both throw again"; evs[0].Text != want {
		t.Errorf("tie text %q, want %q", evs[0].Text, want)
	}
	if want := "Player 1 throws `2`, Player 2 throws `6`: Player 2 plays White"; evs[1].Text != want {
		t.Errorf("decisive text %q, want %q", evs[1].Text, want)
	}
	if !slices.Equal(evs[1].Dice, []int{2, 6}) || evs[1].Player != games.Player2 {
		t.Errorf("decisive event %+v", evs[1])
	}
	if !slices.Equal(g.history[0], []int{4, 2}) || !slices.Equal(g.history[1], []int{4, 6}) {
		t.Errorf("histories %v, want each throw in its thrower's own history", g.history)
	}
	if r := g.Roles(); r != [2]string{"Black", "White"} {
		t.Errorf("Roles() = %v", r)
	}
	wantTurn(t, g, games.Player2, games.White, 1)
	if _, err := g.Begin(games.NewDice(games.Script(1, 2))); err == nil {
		t.Error("a second Begin was accepted")
	}

	h := begun(t, "", 6, 1)
	if r := h.Roles(); r != [2]string{"White", "Black"} {
		t.Errorf("higher throw by Player 1: Roles() = %v", r)
	}
	play(t, h, "e2e4")
	fresh, _ := New("")
	fresh.plies = 1
	if _, err := fresh.Begin(games.NewDice(games.Script(1, 2))); err == nil {
		t.Error("Begin after a move was accepted")
	}
}

// Colour throws count in the streak: Player 1 threw 5 for colours, so a 5
// on White's second turn is the second 5 in a row.
func TestColourThrowsCountInStreak(t *testing.T) {
	g := begun(t, "", 4, 4, 5, 2) // Player 1: 4 5, Player 2: 4 2
	play(t, g, "e2e4")
	evs := play(t, g, "e7e5", 5)
	if want := "Player 1 (White) throws `5` — second 5 in a row: 2 moves"; games.DiceEvents(evs)[0].Text != want {
		t.Errorf("text %q, want %q", games.DiceEvents(evs)[0].Text, want)
	}
	wantTurn(t, g, games.Player1, games.White, 2)
}

// Both first moves are plain: White's first move rolls nothing, Black's
// first move rolls the throw that starts White's second turn.
func TestFirstMovesArePlain(t *testing.T) {
	g := begun(t, "", 2, 5) // Player 2 plays White
	evs := play(t, g, "e2e4")
	if len(games.DiceEvents(evs)) != 0 {
		t.Fatalf("White's first move threw: %s", kinds(evs))
	}
	wantTurn(t, g, games.Player1, games.Black, 1)
	if g.Turn().MoveNumber != 1 {
		t.Errorf("MoveNumber %d, want 1", g.Turn().MoveNumber)
	}
	evs = play(t, g, "e7e5", 3)
	d := find(t, evs, games.EventDice)
	if d.Player != games.Player2 || d.Side != games.White || d.Text != "Player 2 (White) throws `3`: 1 move" {
		t.Errorf("throw event %+v", d)
	}
	wantTurn(t, g, games.Player2, games.White, 1)
	if g.Turn().MoveNumber != 2 {
		t.Errorf("MoveNumber %d, want 2", g.Turn().MoveNumber)
	}
}

// A full turn of two moves, then the next player's throw comes with the
// move that ended the turn.
func TestFullTurn(t *testing.T) {
	g := begun(t, "", 5, 3)
	play(t, g, "e2e4")
	play(t, g, "e7e5", 5) // second 5: 2 moves
	evs := play(t, g, "Nf3")
	if len(games.DiceEvents(evs)) != 0 {
		t.Fatal("a throw in the middle of a turn")
	}
	wantTurn(t, g, games.Player1, games.White, 1)
	if !strings.Contains(g.View().Status, "1 of 2 moves left") {
		t.Errorf("view status %q", g.View().Status)
	}
	evs = play(t, g, "Bc4", 3) // Player 2: 3 3, second 3: 2 moves
	if want := "Player 2 (Black) throws `3` — second 3 in a row: 2 moves"; find(t, evs, games.EventDice).Text != want {
		t.Errorf("text %q", find(t, evs, games.EventDice).Text)
	}
	wantTurn(t, g, games.Player2, games.Black, 2)
	play(t, g, "Nc6")
	play(t, g, "Nf6", 2)
	wantTurn(t, g, games.Player1, games.White, 1)
	if want := "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq -"; !strings.HasPrefix(g.Position(), want) {
		t.Errorf("Position() = %q, want prefix %q", g.Position(), want)
	}
}

// A lost turn passes the move to the other colour, whose player throws.
func TestLostTurn(t *testing.T) {
	g := begun(t, "", 5, 3)
	play(t, g, "e2e4")
	clock := g.board.HalfmoveClock()
	evs := play(t, g, "e7e5", 1, 4)
	if k := kinds(evs); k != "moved dice turn_passed dice" {
		t.Fatalf("events %s", k)
	}
	if want := "Player 1 (White) throws `1`: turn lost"; evs[1].Text != want {
		t.Errorf("text %q, want %q", evs[1].Text, want)
	}
	wantTurn(t, g, games.Player2, games.Black, 1)
	if g.board.HalfmoveClock() != clock {
		t.Errorf("a lost turn changed the halfmove clock from %d to %d", clock, g.board.HalfmoveClock())
	}
	// Black's e5 was the last move, but the en passant chance belongs to
	// the move before a turn, not after a lost one.
	if f := strings.Fields(g.Position()); f[1] != "b" || f[3] != "-" {
		t.Errorf("Position() = %q, want Black to move without en passant", g.Position())
	}
}

// Three sixes in a row: the players swap colours, the colour on move stays
// on move, now played by the other player, who throws at once.
func TestSwitchSides(t *testing.T) {
	g := begun(t, "", 6, 3) // Player 1 plays White, history 6
	play(t, g, "e2e4")
	play(t, g, "e7e5", 6) // second 6: 3 moves
	wantTurn(t, g, games.Player1, games.White, 3)
	play(t, g, "Nf3")
	play(t, g, "Bc4")
	play(t, g, "Nc3", 2)
	evs := play(t, g, "Nc6", 6, 4) // third 6: switch; Player 2 (now White) throws 4
	if k := kinds(evs); k != "moved dice sides_switched dice" {
		t.Fatalf("events %s", k)
	}
	if want := "Player 1 (White) throws `6` — third 6 in a row: the players switch sides and Player 1 loses the turn"; evs[1].Text != want {
		t.Errorf("text %q\nwant %q", evs[1].Text, want)
	}
	if want := "Player 2 (White) throws `4`: 1 move"; evs[3].Text != want {
		t.Errorf("text %q, want %q", evs[3].Text, want)
	}
	if r := g.Roles(); r != [2]string{"Black", "White"} {
		t.Fatalf("Roles() = %v", r)
	}
	wantTurn(t, g, games.Player2, games.White, 1)
	// Player 1's sixes stay in their history: now playing Black, a fourth
	// six gives 5 moves.
	evs = play(t, g, "d2d3", 6)
	if want := "Player 1 (Black) throws `6` — fourth 6 in a row: 5 moves"; find(t, evs, games.EventDice).Text != want {
		t.Errorf("text %q, want %q", find(t, evs, games.EventDice).Text, want)
	}
	wantTurn(t, g, games.Player1, games.Black, 5)
}

// A move that gives check ends the turn, whatever moves are left.
func TestCheckEndsTurn(t *testing.T) {
	g := begun(t, "", 5, 3)
	play(t, g, "e2e4")
	play(t, g, "f7f6", 6) // 2 moves
	evs := play(t, g, "Qh5", 4)
	if k := kinds(evs); !strings.HasPrefix(k, "moved check turn_passed dice") {
		t.Fatalf("events %s", k)
	}
	if want := "The check ends Player 1's turn with 1 granted move unplayed"; find(t, evs, games.EventTurnPassed).Text != want {
		t.Errorf("text %q", find(t, evs, games.EventTurnPassed).Text)
	}
	wantTurn(t, g, games.Player2, games.Black, 1)
}

// In check at the start of a turn, the player still throws; a throw that
// gives no move still leaves them one move.
func TestForcedMoveInCheck(t *testing.T) {
	g := begun(t, "", 5, 3)
	play(t, g, "e2e4")
	play(t, g, "f7f6", 2)
	evs := play(t, g, "Qh5", 1) // Black is in check and throws a first 1
	if want := "Player 2 (Black) throws `1`: turn lost, but Black is in check and must still make 1 move"; find(t, evs, games.EventDice).Text != want {
		t.Errorf("text %q\nwant %q", find(t, evs, games.EventDice).Text, want)
	}
	wantTurn(t, g, games.Player2, games.Black, 1)
	if v := g.View(); v.Status != "Black is in check · 1 move left this turn" || v.ToAct != "Black to move (Player 2)" {
		t.Errorf("view header %q / %q", v.ToAct, v.Status)
	}
	if ms := g.LegalMoves(); len(ms) != 1 || ms[0].Notation != "g7g6" {
		t.Fatalf("legal moves %v, want only g7g6", ms)
	}
	play(t, g, "g6", 3)
	wantTurn(t, g, games.Player1, games.White, 1)
}

// Mate is judged at the start of the turn, before any throw: the mating
// move here is the first of two, and no die is rolled for Black.
func TestMateJudgedAtTurnStart(t *testing.T) {
	g := begun(t, "", 5, 3)
	play(t, g, "e2e4")
	play(t, g, "e7e5", 2)
	play(t, g, "Bc4", 2)
	play(t, g, "Nc6", 3)
	play(t, g, "Qh5", 4)
	play(t, g, "Nf6", 6) // White: 2 moves
	evs := play(t, g, "Qxf7")
	o := g.Outcome()
	if !o.Over || o.Winner != games.Player1 || o.Reason != "checkmate" {
		t.Fatalf("outcome %+v, want Player 1 winning by checkmate", o)
	}
	over := find(t, evs, games.EventGameOver)
	if over.Text != "Player 1 (White) wins by checkmate" || over.Outcome != o {
		t.Errorf("game over event %+v", over)
	}
	if len(g.LegalMoves()) != 0 {
		t.Error("legal moves after mate")
	}
	if _, err := g.ParseMove("a7a6"); err == nil || !strings.Contains(err.Error(), "game is over") {
		t.Errorf("ParseMove after mate: %v", err)
	}
	if v := g.View(); v.ToAct != "Game over — Player 1 (White) wins by checkmate" {
		t.Errorf("view header %q", v.ToAct)
	}

	mated, err := New("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
	if err != nil {
		t.Fatal(err)
	}
	if o := mated.Outcome(); !o.Over || o.Winner != games.Player2 || o.Reason != "checkmate" {
		t.Errorf("a mated start position: outcome %+v", o)
	}
}

// Stalemate is judged at turn boundaries only: stalemating with the first
// of two moves does not end the game; the position after the turn does.
func TestStalemateJudgedAtTurnStart(t *testing.T) {
	g := inTurn(t, "7k/5K2/8/8/6Q1/8/P7/8 w - - 0 40", 2)
	play(t, g, "Qg6")
	if g.Outcome().Over {
		t.Fatal("the game ended in the middle of a turn")
	}
	wantTurn(t, g, games.Player1, games.White, 1)
	evs := play(t, g, "a3")
	if o := g.Outcome(); !o.Draw || o.Reason != "stalemate" {
		t.Fatalf("outcome %+v, want a stalemate draw", o)
	}
	if find(t, evs, games.EventGameOver).Text != "Draw by stalemate" {
		t.Errorf("events %+v", evs)
	}
}

// When the mover has no legal move left in the middle of a turn, the turn
// ends and the other player throws.
func TestNoLegalMoveMidTurn(t *testing.T) {
	g := inTurn(t, "r7/8/P7/8/8/6p1/5k2/7K w - - 0 50", 2)
	evs := play(t, g, "a7", 3)
	if k := kinds(evs); k != "moved turn_passed dice" {
		t.Fatalf("events %s", k)
	}
	if want := "White has no legal move left, so Player 1's turn ends with 1 move unplayed"; evs[1].Text != want {
		t.Errorf("text %q", evs[1].Text)
	}
	wantTurn(t, g, games.Player2, games.Black, 1)
}

func TestThreefoldRepetitionAtTurnBoundaries(t *testing.T) {
	g := begun(t, "", 5, 3)
	shuffle := []string{"Nf3", "Nf6", "Ng1", "Ng8"}
	throws := []int{2, 2, 5, 4} // White throws 2 4 2 4, Black 5 2 5 2: never a streak, always 1 move
	for i := 0; i < 8; i++ {
		if g.Outcome().Over {
			t.Fatalf("over after %d moves: %+v", i, g.Outcome())
		}
		var rolls []int
		if i > 0 {
			rolls = []int{throws[i%4]}
		}
		if i == 7 {
			rolls = nil // the game ends before the next throw
		}
		play(t, g, shuffle[i%4], rolls...)
	}
	if o := g.Outcome(); !o.Draw || o.Reason != "threefold repetition" {
		t.Fatalf("outcome %+v, want threefold repetition", o)
	}
}

func TestHundredMoveRule(t *testing.T) {
	g, _ := New("4k3/8/8/8/8/8/8/R3K3 w - - 99 80")
	play(t, g, "Ra2")
	if o := g.Outcome(); !o.Draw || o.Reason != "fifty-move rule (100 single moves without a capture or pawn move)" {
		t.Fatalf("outcome %+v", o)
	}
}

func TestInsufficientMaterial(t *testing.T) {
	g, _ := New("1n2k3/8/8/8/8/8/3n4/4K3 w - - 0 1") // king takes a knight: king and knight against king
	play(t, g, "Kxd2")
	if o := g.Outcome(); !o.Draw || o.Reason != "insufficient material" {
		t.Fatalf("outcome %+v", o)
	}
}

// A draw by material or move count that arises in the middle of a turn
// ends the game at once (the turn ends, and its end is a turn boundary).
func TestDrawInTheMiddleOfATurn(t *testing.T) {
	for _, c := range []struct{ fen, move, reason string }{
		{"1n2k3/8/8/8/8/8/3n4/4K3 w - - 0 30", "Kxd2", "insufficient material"},
		{"4k3/8/8/8/8/8/8/R3K3 w - - 99 80", "Ra2", "fifty-move rule (100 single moves without a capture or pawn move)"},
	} {
		g := inTurn(t, c.fen, 3)
		evs := play(t, g, c.move)
		if o := g.Outcome(); !o.Draw || o.Reason != c.reason {
			t.Errorf("%s after %s: outcome %+v, want a draw by %s", c.fen, c.move, o, c.reason)
		}
		if k := kinds(evs); k != "moved captured game_over" && k != "moved game_over" {
			t.Errorf("%s after %s: events %s", c.fen, c.move, k)
		}
	}
}

// A turn that needs a throw without a roller is an error, not a panic.
func TestThrowWithoutDice(t *testing.T) {
	g := begun(t, "", 5, 3)
	play(t, g, "e2e4")
	m, _ := g.ParseMove("e5")
	if _, err := g.Play(m, nil); err == nil {
		t.Error("a throw without dice was accepted")
	}
	fresh, _ := New("")
	if _, err := fresh.Begin(nil); err == nil {
		t.Error("colour throws without dice were accepted")
	}
}

func TestSixSixesLoses(t *testing.T) {
	g := begun(t, "", 3, 6) // Player 2 plays White, history 6
	play(t, g, "e2e4")
	g.history[games.Player2] = []int{6, 6, 6, 6, 6}
	evs := play(t, g, "e7e5", 6)
	if want := "Player 2 (White) throws `6` — sixth 6 in a row: six sixes, Player 2 loses the game"; find(t, evs, games.EventDice).Text != want {
		t.Errorf("text %q", find(t, evs, games.EventDice).Text)
	}
	over := find(t, evs, games.EventGameOver)
	if o := g.Outcome(); !o.Over || o.Winner != games.Player1 || over.Text != "Player 1 (Black) wins by six sixes in a row" {
		t.Fatalf("outcome %+v, event %q", o, over.Text)
	}
}

func TestKeyAndClone(t *testing.T) {
	a := begun(t, "", 5, 3)
	b := begun(t, "", 4, 3)
	if a.board.PositionKey() != b.board.PositionKey() || a.Key() == b.Key() {
		t.Error("Key() must tell apart games that differ only in throw history")
	}
	c := a.Clone().(*Game)
	play(t, c, "e2e4")
	c.history[0] = append(c.history[0], 6)
	if a.Key() == c.Key() || len(a.history[0]) != 1 || a.plies != 0 {
		t.Error("Clone shares state with the original")
	}
	d := begun(t, "", 5, 3)
	play(t, d, "e2e4")
	e := d.Clone().(*Game)
	play(t, d, "e7e5", 2)
	play(t, e, "e7e5", 3)
	if d.Key() == e.Key() {
		t.Error("Key() must include the turn state and histories")
	}
}

func TestMoveNumberFromFEN(t *testing.T) {
	g, _ := New("4k3/8/8/8/8/8/8/R3K3 b - - 3 12")
	if n := g.Turn().MoveNumber; n != 12 {
		t.Errorf("MoveNumber %d, want 12", n)
	}
	play(t, g, "Kd7")
	if n := g.Turn().MoveNumber; n != 13 {
		t.Errorf("after Black's move: MoveNumber %d, want 13", n)
	}
}

func TestViewAndDiagram(t *testing.T) {
	g := begun(t, "", 2, 5)
	v := g.View()
	if v.ToAct != "White to move (Player 2)" || v.Status != "1 move left this turn" || v.MoveNumber != 1 {
		t.Errorf("view header %q / %q / %d", v.ToAct, v.Status, v.MoveNumber)
	}
	d := g.Diagram()
	for _, want := range []string{"Player 1 plays Black; throws: 2", "Player 2 plays White; throws: 5", "White to move (Player 2)"} {
		if !strings.Contains(d, want) {
			t.Errorf("diagram lacks %q:\n%s", want, d)
		}
	}
}
