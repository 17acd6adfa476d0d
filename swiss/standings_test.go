package swiss

import (
	"reflect"
	"testing"
)

// The expected values below were worked out by hand; the comments show the
// arithmetic.
func TestSwissStandingsByHand(t *testing.T) {
	for _, tc := range []struct {
		name string
		tour Tournament
		want []Standing
	}{
		{
			// Points A 2.5, B 1, C 1, D 1.5; every game played.
			// Buchholz cut-1: A C1+D1.5+B1−1 = 2.5; B D1.5+C1+A2.5−1 = 4;
			// C A2.5+B1+D1.5−1 = 4; D B1+A2.5+C1−1 = 3.5.
			// Sonneborn–Berger: A 1+1.5+½·1 = 3; B ½·1.5+0+½·2.5 = 2;
			// C 0+1+0 = 1; D ½·1+0+1 = 1.5. B is ahead of C on it.
			name: "all games played",
			tour: Tournament{
				Players: []Player{{"A", 2000, false}, {"B", 1900, false}, {"C", 1800, false}, {"D", 1700, false}},
				Rounds: [][]Game{
					{{"A", "C", WhiteWins}, {"B", "D", Draw}},
					{{"D", "A", BlackWins}, {"C", "B", WhiteWins}},
					{{"A", "B", Draw}, {"C", "D", BlackWins}},
				},
			},
			want: []Standing{
				{1, "A", 2.5, 2.5, 3, 0},
				{2, "D", 1.5, 3.5, 1.5, 0},
				{3, "B", 1, 4, 2, 0},
				{4, "C", 1, 4, 1, 0},
			},
		},
		{
			// Round 1: A beats B, C has the bye; round 2: B wins by forfeit
			// against C, A has the bye. Points A 2, B 1, C 1.
			// Opponents' scores count their unplayed rounds as draws:
			// A 1+½ = 1.5, B 0+½ = 0.5, C ½+½ = 1.
			// Virtual opponent for an unplayed round R of n = 2:
			// score before R + (1 − result in R) + ½·(n − R).
			// A: B 0.5, round 2 virtual 1+0+0 = 1; Buchholz 1.5−0.5 = 1; S-B 0.5+1 = 1.5.
			// B: A 1.5, round 2 virtual 0+0+0 = 0; Buchholz 1.5−0 = 1.5; S-B 0+0 = 0.
			// C: round 1 virtual 0+0+½ = 0.5, round 2 virtual 1+1+0 = 2;
			// Buchholz 2.5−0.5 = 2; S-B 0.5+0 = 0.5. C is ahead of B.
			name: "bye and forfeit",
			tour: Tournament{
				Players: []Player{{"A", 1500, false}, {"B", 1500, false}, {"C", 1500, true}},
				Rounds: [][]Game{
					{{"A", "B", WhiteWins}, {"C", "", Bye}},
					{{"B", "C", WhiteWinsByForfeit}, {"A", "", Bye}},
				},
			},
			want: []Standing{
				{1, "A", 2, 1, 1.5, 0},
				{2, "C", 1, 2, 0.5, 0},
				{3, "B", 1, 1.5, 0, 0},
			},
		},
		{
			// p2 and p3 tie on points 1.5, Buchholz (p2: p1 2 + p4 1 + p3 1.5
			// − 1; p3: p4 1 + p1 2 + p2 1.5 − 1, both 3.5) and S-B (p2: 0 +
			// ½·1 + 1.5; p3: 1 + ½·2 + 0, both 2); p2 beat p3, so direct
			// encounter puts p2 first although p3 is rated higher.
			name: "direct encounter",
			tour: Tournament{
				Players: []Player{{"p1", 1250, false}, {"p2", 1400, false}, {"p3", 2100, false}, {"p4", 1300, false}},
				Rounds: [][]Game{
					{{"p3", "p4", WhiteWins}, {"p1", "p2", WhiteWins}},
					{{"p1", "p3", Draw}, {"p2", "p4", Draw}},
					{{"p3", "p2", BlackWins}, {"p4", "p1", Draw}},
				},
			},
			want: []Standing{
				{1, "p1", 2, 3, 2.75, 0},
				{2, "p2", 1.5, 3.5, 2, 1},
				{3, "p3", 1.5, 3.5, 2, 0},
				{4, "p4", 1, 3.5, 1.75, 0},
			},
		},
		{
			// A draw and nothing else: a full tie shares the rank, and the
			// higher rating is listed first.
			name: "shared rank",
			tour: Tournament{
				Players: []Player{{"low", 1000, false}, {"high", 1100, false}},
				Rounds:  [][]Game{{{"low", "high", Draw}}},
			},
			want: []Standing{{1, "high", 0.5, 0, 0.25, 0.5}, {1, "low", 0.5, 0, 0.25, 0.5}},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Standings(tc.tour)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got  %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

func TestSwissStandingsSkipUnfinishedRoundsAndRejectNonsense(t *testing.T) {
	tour := Tournament{
		Players: []Player{{"A", 1500, false}, {"B", 1400, false}},
		Rounds:  [][]Game{{{"A", "B", WhiteWins}}, {{"B", "A", Pending}}},
	}
	got, err := Standings(tour)
	if err != nil || got[0].ID != "A" || got[0].Points != 1 || got[1].Points != 0 {
		t.Fatalf("%+v, %v", got, err)
	}
	if _, err := Pair(tour); err == nil {
		t.Error("Pair with an unfinished round: no error")
	}
	for _, bad := range []Tournament{
		{Players: []Player{{"A", 1, false}, {"A", 2, false}}},
		{Players: []Player{{"A", 1, false}}, Rounds: [][]Game{{{"A", "Z", Draw}}}},
		{Players: []Player{{"A", 1, false}, {"B", 1, false}}, Rounds: [][]Game{{{"A", "B", Bye}}}},
		{Players: []Player{{"A", 1, false}, {"B", 1, false}}, Rounds: [][]Game{{{"A", "B", Draw}, {"B", "", Bye}}}},
	} {
		if _, err := Standings(bad); err == nil {
			t.Errorf("%+v: no error", bad)
		}
		if _, err := Pair(bad); err == nil {
			t.Errorf("Pair %+v: no error", bad)
		}
	}
}
