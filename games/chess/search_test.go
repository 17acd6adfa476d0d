package chess

import (
	"testing"

	"github.com/bermudachess/bermuda/games/gamestest"
)

func TestSearchStateAgreesWithGame(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		gamestest.PlayCheckingSearch(t, "chess", seed, 200)
	}
}

// TestIncrementalHash plays seeded random games on the search state and
// checks the hash Push keeps against one computed from scratch.
func TestIncrementalHash(t *testing.T) {
	g, _ := NewGame("")
	st, _ := g.SearchState()
	s := st.(*searchState)
	rng := uint64(7)
	for ply := 0; ply < 2000; ply++ {
		ms := s.Moves(nil, false)
		if len(ms) == 0 || s.cur().pos.halfmove > 80 {
			for s.Depth() > 0 {
				s.Pop()
			}
			continue
		}
		rng = rng*6364136223846793005 + 1442695040888963407
		s.Push(ms[(rng>>33)%uint64(len(ms))], 0)
		if got, want := s.Hash(), zobrist(&s.cur().pos); got != want {
			t.Fatalf("ply %d: incremental hash %x, from scratch %x (%s)", ply, got, want, s.cur().pos.fen())
		}
	}
}

func TestSearchStateDeepLines(t *testing.T) {
	gamestest.WalkCheckingSearch(t, "chess", 1, 40, 24)
}
