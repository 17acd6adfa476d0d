package randommove

import (
	"math"
	"testing"

	"github.com/bermudachess/bermuda/games/chess"
	"github.com/bermudachess/bermuda/games/gamestest"
)

func TestSearchStateAgreesWithGame(t *testing.T) {
	for seed := uint64(1); seed <= 2; seed++ {
		gamestest.PlayCheckingSearch(t, ID, seed, 80)
	}
}

func TestSearchStateDeepLines(t *testing.T) {
	gamestest.WalkCheckingSearch(t, ID, 1, 40, 24)
}

// TestExpandMergesTheMiddleFaces: after White's move Black throws, last
// having thrown a 3. A 3 gives two moves; 2, 4 and 5 each give one move and
// leave a streak of one middle face, the same future: one outcome of 1/2.
func TestExpandMergesTheMiddleFaces(t *testing.T) {
	g, err := New(chess.StartFEN + " white=P1 turn=16 left=1/1 plain=0 throws=4|3")
	if err != nil {
		t.Fatal(err)
	}
	st, ok := g.SearchState()
	if !ok {
		t.Fatal("no search state")
	}
	for _, sm := range st.Moves(nil, false) {
		if st.Move(sm).Notation != "e2e4" {
			continue
		}
		probs := st.Expand(sm, nil)
		sum, half := 0.0, 0
		for _, p := range probs {
			sum += p
			if math.Abs(p-0.5) < 1e-12 {
				half++
			}
		}
		if math.Abs(sum-1) > 1e-9 || half != 1 {
			t.Fatalf("outcomes %v: want one of probability 1/2, summing to 1", probs)
		}
		return
	}
	t.Fatal("e2e4 not among the moves")
}
