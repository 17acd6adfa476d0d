package randommove

import (
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// Tests added by the rules audit: each pins a RULES.md §5 clause that no
// other test would notice being broken.

// TestRepetitionCountsTurnBoundariesOnly: positions in the middle of a turn
// are not counted for threefold repetition. White shuffles a rook a1–a2
// within 3-move turns and Black loses two turns, so "rook on a1, White to
// move" occurs at two turn boundaries and twice more in the middle of
// White's turns: no draw.
func TestRepetitionCountsTurnBoundariesOnly(t *testing.T) {
	g := inTurn(t, "7k/8/8/8/8/8/8/R3K3 w - - 0 40", 3) // boundary 1: Ra1, White to move
	g.history[games.Player1] = []int{4, 4}              // White's next 4 is the third in a row: 3 moves
	play(t, g, "Ra2")                                   // middle: Ra2, White to move
	play(t, g, "Ra1")                                   // middle: Ra1, White to move
	play(t, g, "Ra2", 1, 4)                             // Black throws a first 1 and loses the turn; White: 3 moves
	wantTurn(t, g, games.Player1, games.White, 3)
	play(t, g, "Ra1") // middle: Ra1, White to move
	play(t, g, "Ra2")
	g.history[games.Player2] = []int{1, 3}
	play(t, g, "Ra1", 1, 2) // Black loses the turn again: boundary 2, Ra1, White to move
	if o := g.Outcome(); o.Over {
		t.Fatalf("Ra1 with White to move stood at only two turn boundaries, yet: %+v", o)
	}
	wantTurn(t, g, games.Player1, games.White, 1)
}

// TestLostTurnIsATurnBoundary: after a lost turn the other colour's turn
// starts, and the start of a turn is judged: here Black's last pawn move
// left Black without a move once White's turn is lost, a stalemate.
func TestLostTurnIsATurnBoundary(t *testing.T) {
	g := inTurn(t, "7k/5K2/6Q1/8/p7/8/P7/8 b - - 0 40", 1)
	evs := play(t, g, "a3", 1) // White (Player 1) throws a first 1: turn lost
	if o := g.Outcome(); !o.Over || !o.Draw || o.Reason != "stalemate" {
		t.Fatalf("outcome %+v, want a stalemate draw at the start of Black's turn (events %s)", o, kinds(evs))
	}
	if k := kinds(evs); k != "moved dice turn_passed game_over" {
		t.Errorf("events %s", k)
	}
}

// TestSwitchSidesInCheck: a third six switches sides even when the
// thrower's colour is in check; that colour stays on move, now played by
// the other player, who throws for it.
func TestSwitchSidesInCheck(t *testing.T) {
	g := inTurn(t, "4k3/8/8/8/8/8/q7/4K3 b - - 0 40", 1)
	g.history[games.Player1] = []int{6, 6}
	evs := play(t, g, "Qa1", 6, 4) // check; Player 1 (White) throws a third 6; Player 2, now White, a first 4
	if k := kinds(evs); k != "moved check dice sides_switched dice" {
		t.Fatalf("events %s", k)
	}
	if r := g.Roles(); r != [2]string{"Black", "White"} {
		t.Fatalf("Roles() = %v, want the players switched", r)
	}
	wantTurn(t, g, games.Player2, games.White, 1)
}

// TestClonesDoNotShareHistories: two continuations of one state (a
// retried command, a preview) must not see each other's throws, even when
// the history and the list of positions counted for repetition have
// spare capacity to append into.
func TestClonesDoNotShareHistories(t *testing.T) {
	g := begun(t, "", 5, 3)
	play(t, g, "e2e4")
	for p := range g.history {
		g.history[p] = append(make([]int, 0, 8), g.history[p]...)
	}
	g.seen = append(make([]string, 0, 8), g.seen...)
	a, b := g.Clone().(*Game), g.Clone().(*Game)
	play(t, a, "Nf6", 2) // knight moves: no reset of the repetition list
	play(t, b, "Nc6", 4)
	if h := a.history[games.Player1]; len(h) != 2 || h[1] != 2 {
		t.Errorf("first continuation's history %v, want [5 2]", h)
	}
	if h := b.history[games.Player1]; len(h) != 2 || h[1] != 4 {
		t.Errorf("second continuation's history %v, want [5 4]", h)
	}
	if h := g.history[games.Player1]; len(h) != 1 {
		t.Errorf("the original's history %v, want [5]", h)
	}
	for name, c := range map[string]*Game{"first": a, "second": b} {
		if last := c.seen[len(c.seen)-1]; last != c.board.PositionKey() {
			t.Errorf("%s continuation's last counted position %q, want its own %q", name, last, c.board.PositionKey())
		}
	}
}

// TestLostTurnAfterPawnMoveKeepsRepetitionCount: a lost turn right after a
// pawn move leaves the fifty-move count at 0, but the position judged
// after the pawn move can still come back, so it stays counted. Here the
// position after a3 with Black to move stands at the third turn boundary
// after two white turns of rook moves out and back, with a lost turn
// between: a threefold repetition.
func TestLostTurnAfterPawnMoveKeepsRepetitionCount(t *testing.T) {
	g := inTurn(t, "7k/8/8/8/8/8/P7/R3K3 w - - 0 40", 1)
	play(t, g, "a3", 1, 6) // Black throws a first 1 and loses the turn; White a first 6: 2 moves
	wantTurn(t, g, games.Player1, games.White, 2)
	play(t, g, "Rb1")
	play(t, g, "Ra1", 6) // second time: a3 with Black to move; Black's first 6: 2 moves
	play(t, g, "Kg8")
	play(t, g, "Kh8", 6) // White's second 6 in a row: 3 moves
	wantTurn(t, g, games.Player1, games.White, 3)
	play(t, g, "Rb1")
	play(t, g, "Rc1")
	play(t, g, "Ra1") // third time: the game ends here, before any throw
	if o := g.Outcome(); !o.Draw || o.Reason != "threefold repetition" {
		t.Fatalf("outcome %+v, want threefold repetition (a3 with Black to move, the third time)", o)
	}
}
