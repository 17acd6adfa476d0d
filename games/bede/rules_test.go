package bede

import (
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

func TestNoRetreatBeforeEscalation(t *testing.T) {
	// Before escalation a Bede may go forward or sideways, never end behind.
	g := mustGame(t, alone('B', "e6", true, "w - - 0 1"))
	want := union(offsets("e6", [2]int{1, 1}, [2]int{2, 2}, [2]int{3, 3}, [2]int{4, 4}, [2]int{-1, 1}, [2]int{-2, 2}, [2]int{-3, 3}, [2]int{-4, 4}),
		offsets("e6", [2]int{0, 2}, [2]int{2, 0}, [2]int{-2, 0}))
	if got := targets(g, "e6"); !sameList(got, want) {
		t.Errorf("White Bede before escalation: got %v want %v", got, want)
	}
	// Black's "behind" is up the board.
	g = mustGame(t, alone('b', "e6", true, "b - - 0 1"))
	want = union(offsets("e6", [2]int{1, -1}, [2]int{2, -2}, [2]int{3, -3}, [2]int{4, -4}, [2]int{-1, -1}, [2]int{-2, -2}, [2]int{-3, -3}, [2]int{-4, -4}),
		offsets("e6", [2]int{0, -2}, [2]int{2, 0}, [2]int{-2, 0}))
	if got := targets(g, "e6"); !sameList(got, want) {
		t.Errorf("Black Bede before escalation: got %v want %v", got, want)
	}
	// A Jester copying a queen is bound the same way.
	g = mustGame(t, alone('J', "e6", true, "w - q 0 1"))
	for _, to := range targets(g, "e6") {
		if sq, _ := grid.Parse(to); sq/files < 5 {
			t.Errorf("Jester retreated to %s before escalation", to)
		}
	}
}

func TestEscalationTriggers(t *testing.T) {
	cases := []struct {
		name   string
		setup  string
		move   string
		want   string // escalation field after the move
		reason string
	}{
		{"check", place(map[string]byte{"a4": 'Q', "a1": 'K', "e11": 'k'}, "w - - 0 1"), "a4e8", "e", "a king in check"},
		{"check by Black", place(map[string]byte{"b8": 'q', "a1": 'K', "e11": 'k'}, "b - - 0 1"), "b8b2", "e", "a king in check"},
		{"check by a Jester as what it copies", place(map[string]byte{"b4": 'J', "e1": 'K', "a11": 'k'}, "w - q 0 1"), "b4a5", "e", "a Jester's check"},
		{"capture of an enemy non-pawn", place(map[string]byte{"c2": 'C', "a1": 'K', "i11": 'k', "c9": 's'}, "w - - 0 1"), "c2c9", "e", "a squire taken"},
		{"capture of a friendly non-pawn", "", "a1b2", "e", "White's own squire taken"},
		{"capture of an enemy Jester", place(map[string]byte{"c2": 'C', "a1": 'K', "i11": 'k', "c9": 'j'}, "w - - 0 1"), "c2c9", "e", "a Jester taken"},
		{"capture of a friendly pawn", "", "a2b3", "-", "pawns do not count"},
		{"capture of an enemy pawn", place(map[string]byte{"c2": 'C', "a1": 'K', "i11": 'k', "c9": 'p'}, "w - - 0 1"), "c2c9", "-", "pawns do not count"},
		{"quiet move", "", "e3e5", "-", "nothing happened"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := mustGame(t, c.setup)
			next, evs := play(t, g, c.move)
			if got := field(next, 2); got != c.want {
				t.Errorf("after %s escalation field is %q, want %q (%s)", c.move, got, c.want, c.reason)
			}
			note := false
			for _, e := range evs {
				note = note || strings.Contains(e.Text, "Escalation")
			}
			if note != (c.want == "e") {
				t.Errorf("escalation announced = %v, want %v: %v", note, c.want == "e", evs)
			}
		})
	}
}

func TestEscalationStaysOnForBoth(t *testing.T) {
	g := games.Game(mustGame(t, ""))
	// The Bede takes its own squire: escalation. Then both sides may
	// retreat, and quiet moves never switch it off.
	for _, mv := range []string{"a1b2", "i9h8", "b2a1", "i11i9", "a1b2"} {
		g, _ = play(t, g, mv)
		if field(g, 2) != "e" {
			t.Fatalf("escalation lost after %s: %s", mv, g.Position())
		}
	}
	if !contains(targets(g.(*game), "i9"), "i11") {
		t.Errorf("escalated: Black's Bede on i9 may jump back to i11: %v", targets(g.(*game), "i9"))
	}
	before := mustGame(t, "")
	b1, _ := play(t, before, "e3e5")
	b2, _ := play(t, b1, "i9h8")
	if field(b2, 2) != "-" {
		t.Errorf("no escalation expected: %s", b2.Position())
	}
}

func TestFriendlyCaptureNeverOwnKing(t *testing.T) {
	cases := []struct {
		name   string
		piece  byte
		from   string
		target string
	}{
		{"queen", 'Q', "e5", "e8"},
		{"Bede slide", 'B', "e5", "g7"},
		{"Bede jump", 'B', "e5", "e7"},
		{"chancellor rook", 'C', "e5", "a5"},
		{"chancellor knight", 'C', "e5", "f7"},
		{"zebra", 'Z', "e5", "g8"},
		{"pawn forward", 'P', "e5", "e6"},
		{"pawn sideways", 'P', "e5", "f5"},
		{"squire one step", 'S', "e5", "d6"},
		{"squire two steps", 'S', "e5", "e7"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			withQueen := mustGame(t, place(map[string]byte{c.from: c.piece, c.target: 'Q', "a1": 'K', "h1": 'k'}, "w e - 0 1"))
			if !contains(targets(withQueen, c.from), c.target) {
				t.Errorf("%s on %s should take its own queen on %s: %v", c.name, c.from, c.target, targets(withQueen, c.from))
			}
			withKing := mustGame(t, place(map[string]byte{c.from: c.piece, c.target: 'K', "h1": 'k'}, "w e - 0 1"))
			if contains(targets(withKing, c.from), c.target) {
				t.Errorf("%s on %s takes its own king on %s", c.name, c.from, c.target)
			}
		})
	}
	// Start position: the queen on f1 may take e2 and g1, never the king on e1.
	if got := targets(mustGame(t, ""), "f1"); contains(got, "e1") {
		t.Errorf("start: queen takes its own king: %v", got)
	}
}

func TestPromotionOnTenthAndEleventhRank(t *testing.T) {
	cases := []struct {
		name  string
		piece byte
		from  string
		side  string
		want  []string // notations from the square
	}{
		{"White pawn from rank 9", 'P', "e9", "w", []string{"e9c11=B", "e9d10=B", "e9e11=B", "e9f10=B", "e9g11=B"}},
		{"White pawn from rank 8 reaches 10 only in two steps", 'P', "e8", "w", []string{"e8c10=B", "e8d9", "e8e10=B", "e8f9", "e8g10=B"}},
		{"White squire from rank 8", 'S', "e8", "w", []string{"e8c9", "e8d10=B", "e8d9", "e8e10=B", "e8e11=B", "e8e9", "e8f10=B", "e8f9", "e8g9"}},
		{"Black pawn from rank 3", 'p', "e3", "b", []string{"e3c1=B", "e3d2=B", "e3e1=B", "e3f2=B", "e3g1=B"}},
		{"Black squire from rank 4", 's', "e4", "b", []string{"e4c3", "e4d2=B", "e4d3", "e4e1=B", "e4e2=B", "e4e3", "e4f2=B", "e4f3", "e4g3"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := mustGame(t, place(map[string]byte{c.from: c.piece, "a6": 'K', "i6": 'k'}, c.side+" e - 0 1"))
			var got []string
			for _, m := range g.LegalMoves() {
				if m.From == c.from {
					got = append(got, m.Notation)
				}
			}
			if !sameList(union(got), union(c.want)) {
				t.Errorf("got %v\nwant %v", union(got), union(c.want))
			}
		})
	}
	// Promotion by capture, to a Bede that then moves as one; typing =B is optional.
	g := mustGame(t, place(map[string]byte{"e9": 'P', "e10": 's', "a1": 'K', "i1": 'k'}, "w e - 0 1"))
	next, evs := play(t, g, "e9e10")
	if sq, _ := grid.Parse("e10"); next.(*game).pos.board[sq] != pieceOf(bede, 0) {
		t.Errorf("e10 holds %c, want a White Bede: %s", pieceLetter(next.(*game).pos.board[sq]), next.Position())
	}
	kinds := []games.EventKind{}
	for _, e := range evs {
		kinds = append(kinds, e.Kind)
	}
	if len(kinds) < 3 || kinds[0] != games.EventMoved || kinds[1] != games.EventCaptured || kinds[2] != games.EventPromoted {
		t.Errorf("events %v", evs)
	}
}

// The Jester's mate: White's Jester, copying the queen Black last moved,
// goes b4→a5 and checks a11 down the a-file; the chancellor on b1 (its
// file opened by the Jester leaving b4) holds b10 and b11, the queen on c8
// holds a10. Whatever Black moves next is a king move, so the Jester would
// turn into a king — but the king has no square left.
func TestMateByTheJesterAsACopiedPiece(t *testing.T) {
	g := mustGame(t, place(map[string]byte{"a11": 'k', "b4": 'J', "b1": 'C', "c8": 'Q', "e1": 'K'}, "w e q 0 1"))
	if g.pos.inCheck() || g.Outcome().Over {
		t.Fatalf("before the move: %v", g.Outcome())
	}
	next, evs := play(t, g, "b4a5")
	o := next.Outcome()
	if !o.Over || o.Draw || o.Winner != games.Player1 || o.Reason != "checkmate" {
		t.Fatalf("outcome %+v, want White wins by checkmate (%s)", o, next.Position())
	}
	last := evs[len(evs)-1]
	if last.Kind != games.EventGameOver || last.Text != "White wins by checkmate." {
		t.Errorf("last event %+v", last)
	}
	if len(next.LegalMoves()) != 0 {
		t.Errorf("moves after mate: %v", next.LegalMoves())
	}
	// The same position with White's Jester copying a king instead gives
	// no check: stalemate. The seventh field says what it copies now.
	pos := next.Position()
	if !strings.HasSuffix(pos, " q") {
		t.Fatalf("position %q should end with what White's Jester copies", pos)
	}
	stale := mustGame(t, strings.TrimSuffix(pos, " q")+" k")
	if o := stale.Outcome(); !o.Draw || o.Reason != "stalemate" {
		t.Errorf("Jester copying a king: outcome %+v, want stalemate", o)
	}
}

func TestOrdinaryCheckmateAndStalemate(t *testing.T) {
	mate := mustGame(t, place(map[string]byte{"a11": 'k', "b9": 'Q', "c10": 'K'}, "w e - 0 1"))
	next, _ := play(t, mate, "b9b10")
	if o := next.Outcome(); o.Reason != "checkmate" || o.Winner != games.Player1 {
		t.Errorf("queen mate: %+v", o)
	}
	stale := mustGame(t, place(map[string]byte{"a11": 'k', "b9": 'Q', "e1": 'K'}, "b - - 0 1"))
	if o := stale.Outcome(); !o.Draw || o.Reason != "stalemate" {
		t.Errorf("stalemate: %+v", o)
	}
}

func TestThreefoldRepetition(t *testing.T) {
	g := games.Game(mustGame(t, place(map[string]byte{"a1": 'K', "i11": 'k'}, "w e - 0 1")))
	cycle := []string{"a1a2", "i11i10", "a2a1", "i10i11"}
	// The start (Jester copying nothing) differs from its returns (copying
	// a king), so the first position seen three times is the one after
	// a1a2: at plies 1, 5 and 9.
	for ply := 0; ply < 9; ply++ {
		if g.Outcome().Over {
			t.Fatalf("over too early, before ply %d: %v", ply+1, g.Outcome())
		}
		g, _ = play(t, g, cycle[ply%4])
	}
	if o := g.Outcome(); !o.Draw || o.Reason != "threefold repetition" {
		t.Errorf("after 9 plies: %+v", o)
	}
}

func TestFiftyMoveRule(t *testing.T) {
	base := map[string]byte{"a1": 'K', "i11": 'k', "c3": 'P', "c5": 'p', "e5": 'J'}
	cases := []struct {
		move string
		draw bool
	}{
		{"a1a2", true},  // a king move: the 100th quiet ply
		{"c3d4", false}, // a pawn move resets the clock
		{"e5c5", false}, // a capture resets it (the Jester as a queen takes)
		{"e5f6", true},  // the Jester is no pawn, whatever it copies
	}
	for _, c := range cases {
		copies := "q"
		if c.move == "e5f6" {
			copies = "p"
			delete(base, "c5")
		}
		g := mustGame(t, place(base, "w e "+copies+" 99 80"))
		next, _ := play(t, g, c.move)
		if o := next.Outcome(); o.Draw != c.draw || (c.draw && !strings.HasPrefix(o.Reason, "fifty-move")) {
			t.Errorf("%s at clock 99: outcome %+v, want draw %v", c.move, o, c.draw)
		}
	}
}
