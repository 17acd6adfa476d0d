package engine

import (
	"context"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// searcherAt is a searcher on g's fast path, for tests of its parts.
func searcherAt(t *testing.T, g games.Game) *searcher {
	t.Helper()
	s := &searcher{ctx: context.Background(), tt: newTable(minTableBits)}
	s.t = newTree(g, newEvaluator(g, nil))
	return s
}

// moveTo finds the tree's move with the given notation.
func moveTo(t *testing.T, s *searcher, notation string) move {
	t.Helper()
	for _, m := range s.t.moves(nil, false) {
		if pm, ok := s.t.public(m); ok && pm.Notation == notation {
			return m
		}
	}
	t.Fatalf("no move %s", notation)
	return move{}
}

// TestExchangeEvaluation checks what a capture wins once both sides have
// recaptured on its cell as long as it pays.
func TestExchangeEvaluation(t *testing.T) {
	for _, c := range []struct {
		setup, move string
		want        int
	}{
		// A pawn defended by nothing: it is simply won.
		{"4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", 100},
		// The queen takes a pawn a pawn defends: the queen is lost.
		{"4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", 100 - 950},
		// The knight takes, the pawn retakes, the rook retakes: a knight
		// for two pawns.
		{"4k3/8/4p3/3p4/8/2N5/8/3RK3 w - - 0 1", "c3d5", 200 - 310},
		// The rook takes a knight a pawn defends: a rook for a knight.
		{"4k3/8/4p3/3n4/8/8/8/3RK3 w - - 0 1", "d1d5", 310 - 500},
		// Pawn takes queen: the pawn may be lost, the queen is won.
		{"4k3/8/5n2/3q4/4P3/8/8/4K3 w - - 0 1", "e4d5", 950 - 100},
	} {
		g := mustGame(t, "chess", c.setup)
		s := searcherAt(t, g)
		m := moveTo(t, s, c.move)
		if got := s.see(m); got != c.want {
			t.Errorf("%s %s: exchange %d, want %d", c.setup, c.move, got, c.want)
		}
		if h := s.t.hash(); h != searcherAt(t, g).t.hash() {
			t.Errorf("%s: the exchange left the tree moved", c.setup)
		}
	}
}

// TestCheckExtensionFindsMate: Win At Chess 50, Rxb6+ mates in three
// plies. At depth 2 only the extension of the checks sees the mate; the
// search without it plays something else.
func TestCheckExtensionFindsMate(t *testing.T) {
	g := mustGame(t, "chess", "k4r2/1R4pb/1pQp1n1p/3P4/5p1P/3P2P1/r1q1R2K/8 w - - 0 1")
	var res [2]Result
	for i, on := range []bool{true, false} {
		checkExtension = on
		r, err := Search(context.Background(), g, Limits{Level: 5, Depth: 2, Nodes: 1_000_000})
		checkExtension = true
		if err != nil {
			t.Fatal(err)
		}
		res[i] = r
	}
	if res[0].Move.Notation != "b7b6" || res[0].MateIn() <= 0 {
		t.Errorf("with the extension: %s, score %d; want b7b6 and a mate", res[0].Move.Notation, res[0].Score)
	}
	if res[1].MateIn() > 0 {
		t.Errorf("without it the mate was found too (%s): the test shows nothing", res[1].Move.Notation)
	}
}

// TestPassOnlyWhereItMeansSomething: the null move needs a pass, which
// only chess offers. The Angle's dice follow every move, Bede's Jester
// copies the move before, Random Move Number Chess's turns have several
// moves and throws, Bermuda chess and the Beryl games keep theirs off.
func TestPassOnlyWhereItMeansSomething(t *testing.T) {
	for _, v := range games.All() {
		g := mustGame(t, v.ID, "")
		s := searcherAt(t, g)
		h := s.t.hash()
		passed := s.t.pushPass()
		if passed {
			if s.t.hash() == h {
				t.Errorf("%s: the pass left the hash as it was", v.ID)
			}
			s.t.pop()
		}
		if passed != (v.ID == "chess") {
			t.Errorf("%s: pass %v", v.ID, passed)
		}
		if passed && s.t.dice() {
			t.Errorf("%s: a pass in a game with dice", v.ID)
		}
	}
}

// TestNoPassWithoutPieces: in a king and pawn ending a move is often a
// burden (zugzwang), so the null move is not tried: pieces counts the
// pieces other than pawns and kings of the player to act.
func TestNoPassWithoutPieces(t *testing.T) {
	for setup, want := range map[string]int{
		"4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 1":  0,
		"4k3/4p3/8/8/8/8/4P3/4KN2 w - - 0 1": 1,
		"4k3/4p3/8/8/8/8/4P3/4KN2 b - - 0 1": 0,
	} {
		s := searcherAt(t, mustGame(t, "chess", setup))
		if got := s.t.pieces(); got != want {
			t.Errorf("%s: %d pieces, want %d", setup, got, want)
		}
		if _, cut := s.nullMove(6, 1, -infinity+1, 0); cut && want == 0 {
			t.Errorf("%s: a null move was tried without pieces", setup)
		}
	}
}

// TestKingInDanger: the variants tell when the player to act's king is
// attacked (check, or a king that can be taken).
func TestKingInDanger(t *testing.T) {
	for _, c := range []struct {
		variant, setup string
		want           bool
	}{
		{"chess", "4k3/8/8/8/8/8/8/R3K3 b - - 0 1", false},
		{"chess", "4k3/8/8/8/8/8/8/4RK2 b - - 0 1", true},
		{"angle", "4k5/10/10/10/10/10/10/10/10/4RK4 b - - 0 1", true},
		{"angle", "4k5/10/10/10/10/10/10/10/10/3R1K4 b - - 0 1", false},
		{"bede", "4k4/9/9/9/9/9/9/9/9/9/4QK3 b e - 0 1", true},
		// spIndecision: three kings touching, each player able to win two
		// ways; the start, where nobody can.
		{"spindecision", "W:R28,K38 B:K25 R:K29 1 - 3 4", true},
		{"spindecision", "", false},
	} {
		s := searcherAt(t, mustGame(t, c.variant, c.setup))
		if got := s.t.inCheck(); got != c.want {
			t.Errorf("%s %s: in danger %v, want %v", c.variant, c.setup, got, c.want)
		}
	}
}

// TestDangerOnlyWhereTheRulesHaveIt: the fast paths tell a king in danger
// (games.Tactical): check, a king that can be taken (the Angle), a winning
// capture that cannot be barred (spIndecision); Bermuda chess does not
// (engine/README.md: telling it cost its reviews two plies).
func TestDangerOnlyWhereTheRulesHaveIt(t *testing.T) {
	for id, want := range map[string]bool{"chess": true, "angle": true, "bede": true, "beryl": true, "randommove": true, "spindecision": true, "bermuda": false} {
		s := searcherAt(t, mustGame(t, id, ""))
		ft, ok := s.t.(*fastTree)
		if !ok {
			t.Logf("%s: no fast path at the start", id)
			continue
		}
		if got := ft.tactical != nil; got != want {
			t.Errorf("%s: tells a king in danger %v, want %v", id, got, want)
		}
	}
}
