package chess

import (
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// TestGenModesAgree walks the perft suite's trees to depth 3: in every
// position, the capture search's list is the whole list without its quiet
// moves, in the same order, and the generator that stops at the first
// move finds one exactly when there is one.
func TestGenModesAgree(t *testing.T) {
	positions, tactical := 0, 0
	var walk func(p *position, depth int)
	walk = func(p *position, depth int) {
		var all, caps, any moveList
		p.gen(&all, genAll)
		p.gen(&caps, genTactical)
		p.gen(&any, genAny)
		positions++
		var want []move
		for _, m := range all.moves[:all.n] {
			if p.board[m.to()] != 0 || m.kind() == moveEnPassant || m.isPromotion() {
				want = append(want, m)
			}
		}
		if got := caps.moves[:caps.n]; len(got) != len(want) {
			t.Fatalf("%s: %d captures and promotions, want %d", p.fen(), len(got), len(want))
		} else {
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("%s: capture %d is %s, want %s", p.fen(), i, got[i].uci(), want[i].uci())
				}
			}
		}
		tactical += caps.n
		if (any.n > 0) != (all.n > 0) {
			t.Fatalf("%s: any move %v, but %d moves", p.fen(), any.n > 0, all.n)
		}
		if depth == 0 {
			return
		}
		for _, m := range all.moves[:all.n] {
			q := *p
			q.play(m)
			walk(&q, depth-1)
		}
	}
	depth := 3
	if testing.Short() {
		depth = 2
	}
	for _, c := range perftSuite {
		p, err := parseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		walk(&p, depth)
	}
	if tactical == 0 {
		t.Fatal("no capture anywhere: the test shows nothing")
	}
	t.Logf("%d positions, %d captures and promotions", positions, tactical)
}

// TestPlacementFollowsTheBoard: the placement sums the search state keeps
// from move to move give Positional what counting the board square by
// square gives, through captures, castling, en passant, promotions and
// passes, in the perft suite's trees.
func TestPlacementFollowsTheBoard(t *testing.T) {
	checked := 0
	var walk func(s *searchState, depth int)
	walk = func(s *searchState, depth int) {
		p := &s.cur().pos
		if got, want := s.Positional(), positionalByBoard(p); got != want {
			t.Fatalf("%s: Positional %d, counted %d", p.fen(), got, want)
		}
		checked++
		if depth == 0 {
			return
		}
		l := s.legal()
		moves := append([]move(nil), l.moves[:l.n]...)
		for _, m := range moves {
			s.Push(games.SearchMove{Code: uint32(m)}, 0)
			walk(s, depth-1)
			s.Pop()
		}
		if !p.inCheck() {
			s.PushPass()
			walk(s, 0)
			s.Pop()
		}
	}
	for _, c := range perftSuite {
		g, err := NewGame(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		st, _ := g.SearchState()
		walk(st.(*searchState), 3)
	}
	t.Logf("%d positions", checked)
}
