package swiss

import (
	"errors"
	"testing"
)

func TestSwissPairSmallCases(t *testing.T) {
	met := Tournament{
		Players: []Player{{"A", 1500, false}, {"B", 1400, false}},
		Rounds:  [][]Game{{{"A", "B", Draw}}},
	}
	if _, err := Pair(met); !errors.Is(err, ErrNoPairing) {
		t.Errorf("two players who met: %v, want ErrNoPairing", err)
	}

	// C has withdrawn and is left out, so four are paired and nobody has a bye.
	tour := Tournament{
		Players: []Player{{"A", 1500, false}, {"B", 1400, false}, {"C", 1300, true}, {"D", 1200, false}, {"E", 1100, false}},
		Rounds:  [][]Game{{{"A", "D", WhiteWins}, {"C", "B", BlackWinsByForfeit}, {"E", "", Bye}}},
	}
	games, err := Pair(tour)
	if err != nil {
		t.Fatal(err)
	}
	// Scores A 1, B 1, E 1, D 0. The top bracket A, B, E pairs its first
	// half A with B and E floats down to D. A had White and B has played no
	// game (a forfeit has no colour), so A gets Black; D had Black and E
	// nothing, so D gets White.
	want := []Game{{"B", "A", Pending}, {"D", "E", Pending}}
	if len(games) != 2 || games[0] != want[0] || games[1] != want[1] {
		t.Errorf("got %+v, want %+v", games, want)
	}
}
