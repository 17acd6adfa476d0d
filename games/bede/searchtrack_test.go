package bede

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// TestSearchLevelsFollowTheBoard: along random lines of the search state,
// what the levels keep move by move (the pieces' and the Jesters' squares, the safety of
// the side to move and whether it is in check) is what the position
// itself says, with one Jester a side, three, and more than the levels
// follow.
func TestSearchLevelsFollowTheBoard(t *testing.T) {
	setups := []string{
		"",
		"jjcqkjczb/sssssssss/ppppppppp/9/9/9/9/9/PPPPPPPPP/SSSSSSSSS/JZCJKQCBJ w - - 0 1",
		"jjcqkjjzj/sssssssss/ppppppppp/9/9/9/9/9/PPPPPPPPP/SSSSSSSSS/JJCJKQCJJ w - - 0 1",
	}
	for i, setup := range setups {
		g := mustGame(t, setup)
		st, ok := g.SearchState()
		if !ok {
			t.Fatal("no search state")
		}
		s := st.(*searchState)
		rng := rand.New(rand.NewPCG(uint64(i), 11))
		checks, jesterCaptures := 0, 0
		for walk := 0; walk < 60; walk++ {
			pushed := 0
			for ; pushed < 30; pushed++ {
				compareLevel(t, s)
				if s.cur().inCheck() {
					checks++
				}
				ms := s.Moves(nil, false)
				if len(ms) == 0 {
					break
				}
				m := ms[rng.IntN(len(ms))]
				if m.Victim == games.Jester {
					jesterCaptures++
				}
				s.Push(m, 0)
			}
			for ; pushed > 0; pushed-- {
				s.Pop()
			}
		}
		if checks == 0 || i == 1 && jesterCaptures == 0 {
			t.Errorf("setup %d: %d checks, %d Jesters taken: the test shows little", i, checks, jesterCaptures)
		}
	}
}

func compareLevel(t *testing.T, s *searchState) {
	t.Helper()
	l := s.cur()
	p := l.pos
	for side := 0; side < 2; side++ {
		var want []int
		for sq, pc := range p.board {
			if pc == pieceOf(jester, side) {
				want = append(want, sq)
			}
		}
		if n := l.jesterN[side]; n >= 0 {
			got := make([]int, 0, n)
			for _, sq := range l.jesterSq[side][:n] {
				got = append(got, int(sq))
			}
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Fatalf("%s: side %d's Jesters followed to %v, on the board %v", p.key(), side, got, want)
			}
		}
	}
	if l.sets != p.pieceSets() {
		t.Fatalf("%s: pieces followed to %x, on the board %x", p.key(), l.sets, p.pieceSets())
	}
	var jesters [4]int
	want := p.searchSafety(&jesters)
	got := *l.safetyNow()
	slices.Sort(got.jesters)
	if got.king != want.king || got.checked != want.checked || !slices.Equal(got.jesters, want.jesters) || got.jesterKinds != want.jesterKinds {
		t.Fatalf("%s: safety %+v, from the position %+v", p.key(), got, want)
	}
	if got, want := s.hasMove(), len(p.legalMoves(nil)) > 0; got != want {
		t.Fatalf("%s: any move %v, legal moves listed %v", p.key(), got, want)
	}
	if l.inCheck() != p.inCheck() {
		t.Fatalf("%s: in check %v, the position says %v", p.key(), l.inCheck(), p.inCheck())
	}
	if want := !p.attacked(int(p.kings[1-p.side]), p.side, p.copies); l.enemySafe() != want {
		t.Fatalf("%s: the opponent's king safe %v, the position says %v", p.key(), l.enemySafe(), want)
	}
}

// TestReachKindsHoldEveryCapture: a piece that reaches a square on the
// empty board (where nothing blocks) has its kind's bit in reachKinds, so
// a Jester whose bit is clear can never take the king (legalWith).
func TestReachKindsHoldEveryCapture(t *testing.T) {
	var p position
	found := 0
	for from := 0; from < squares; from++ {
		for to := 0; to < squares; to++ {
			for k := pawn; k <= queen; k++ {
				for by := 0; by < 2; by++ {
					if p.reaches(from, k, by, to) {
						found++
						if reachKinds[from][to]&(1<<k) == 0 {
							t.Fatalf("%s reaches %s from %s, not in reachKinds", kindNames[k], grid.Name(to), grid.Name(from))
						}
					}
				}
			}
		}
	}
	if found == 0 {
		t.Fatal("nothing reaches anything")
	}
}
