package chess

import "testing"

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
