package swiss

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"sort"
	"testing"
)

// randomTournament gives n players random ratings (some equal, so entry
// order matters) in a seeded order.
func randomTournament(rng *rand.Rand, n int) Tournament {
	var t Tournament
	for i := range n {
		t.Players = append(t.Players, Player{ID: fmt.Sprintf("p%02d", i+1), Rating: 1200 + 50*rng.IntN(20)})
	}
	return t
}

// playRandomResults fills a round's results: mostly decisive games and
// draws, now and then a forfeit after which the absent player withdraws.
func playRandomResults(rng *rand.Rand, t *Tournament, games []Game) {
	for i := range games {
		if games[i].Result == Bye {
			continue
		}
		switch x := rng.IntN(100); {
		case x < 2:
			games[i].Result = WhiteWinsByForfeit
			withdraw(t, games[i].Black)
		case x < 40:
			games[i].Result = WhiteWins
		case x < 75:
			games[i].Result = BlackWins
		default:
			games[i].Result = Draw
		}
	}
	t.Rounds = append(t.Rounds, games)
}

func withdraw(t *Tournament, id string) {
	for i := range t.Players {
		if t.Players[i].ID == id {
			t.Players[i].Withdrawn = true
		}
	}
}

// TestSwissPairingProperties plays 2000 seeded random tournaments of 2–40
// players and checks every round against the rules, with brute force where
// "where possible" needs it.
func TestSwissPairingProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 2026))
	tournaments := 2000
	if testing.Short() {
		tournaments = 200
	}
	var stats roundStats
	for k := range tournaments {
		n := 2 + rng.IntN(39)
		rounds := 1 + rng.IntN(min(9, n-1))
		tour := randomTournament(rng, n)
		for r := range rounds {
			before := cloneTournament(tour)
			games, err := Pair(tour)
			m := newModel(before)
			if errors.Is(err, ErrNoPairing) {
				if m.pairableWithBye(false) {
					t.Fatalf("tournament %d round %d: ErrNoPairing but a pairing exists", k, r+1)
				}
				stats.impossible++
				break
			}
			if err != nil {
				t.Fatalf("tournament %d round %d: %v", k, r+1, err)
			}
			checkRound(t, fmt.Sprintf("tournament %d (%d players) round %d", k, n, r+1), m, games, r == 0, &stats)
			if t.Failed() {
				return
			}
			playRandomResults(rng, &tour, games)
		}
	}
	t.Logf("%d rounds checked, %d without any colour-rule-abiding pairing, %d brute-forced (%d with more downfloaters than the lexicographic optimum); %d stopped with no legal pairing",
		stats.rounds, stats.colourRelaxed, stats.bruteForced, stats.lexWorse, stats.impossible)
	if stats.lexWorse*200 > stats.bruteForced {
		t.Errorf("%d of %d brute-forced rounds float more players than needed: over 0.5%%", stats.lexWorse, stats.bruteForced)
	}
}

type roundStats struct{ rounds, colourRelaxed, bruteForced, lexWorse, impossible int }

func cloneTournament(t Tournament) Tournament {
	c := Tournament{Players: append([]Player{}, t.Players...)}
	for _, games := range t.Rounds {
		c.Rounds = append(c.Rounds, append([]Game{}, games...))
	}
	return c
}

// checkRound checks one round's games against the model of the tournament
// before it.
func checkRound(t *testing.T, where string, m *model, games []Game, first bool, stats *roundStats) {
	t.Helper()
	stats.rounds++
	seen := map[string]bool{}
	bye := ""
	var pairs [][2]string
	for _, g := range games {
		if g.Result == Bye {
			if bye != "" || g.Black != "" {
				t.Fatalf("%s: malformed bye %+v", where, g)
			}
			bye = g.White
		} else {
			if g.Result != Pending {
				t.Fatalf("%s: new game with result %v", where, g.Result)
			}
			pairs = append(pairs, [2]string{g.White, g.Black})
		}
		for _, id := range []string{g.White, g.Black} {
			if id == "" {
				continue
			}
			if seen[id] {
				t.Fatalf("%s: %s paired twice", where, id)
			}
			seen[id] = true
		}
	}
	if len(seen) != len(m.ids) {
		t.Fatalf("%s: %d players paired, %d present", where, len(seen), len(m.ids))
	}
	for _, id := range m.ids {
		if !seen[id] {
			t.Fatalf("%s: %s present but not paired", where, id)
		}
	}
	if (bye != "") != (len(m.ids)%2 == 1) {
		t.Fatalf("%s: bye %q with %d players", where, bye, len(m.ids))
	}
	if bye != "" && m.byes[bye] > 0 {
		t.Fatalf("%s: %s gets a second bye", where, bye)
	}
	for _, p := range pairs {
		if m.met[p] {
			t.Fatalf("%s: %s and %s meet again", where, p[0], p[1])
		}
	}

	// The colour rule holds whenever some pairing keeps it.
	colourRule := m.pairableWithBye(true)
	if colourRule {
		for _, p := range pairs {
			for side, id := range p {
				want := []int8{+1, -1}[side]
				if must := m.mustHave(id); must != 0 && must != want {
					t.Fatalf("%s: %s gets colour %d, breaking the colour rule though a pairing keeping it exists", where, id, want)
				}
			}
		}
	} else {
		stats.colourRelaxed++
	}

	// The bye: nobody ranked lower and still without a bye could have had it.
	players := m.ids
	if bye != "" {
		players = without(m.ids, bye)
		below := false
		for _, id := range m.ids {
			if id == bye {
				below = true
				continue
			}
			if below && m.byes[id] == 0 && m.pairable(without(m.ids, id), colourRule) {
				t.Fatalf("%s: bye to %s though %s, ranked lower, could take it", where, bye, id)
			}
		}
	}

	if first && len(m.met) == 0 && len(m.byes) == 0 {
		checkFirstRound(t, where, m, players, games)
	}
	if len(players) <= 10 {
		stats.bruteForced++
		checkScoreGroups(t, where, m, players, pairs, colourRule, stats)
	}
}

// checkFirstRound: by rating, top half against bottom half, 1 v n/2+1, with
// the top player White on odd boards and Black on even ones.
func checkFirstRound(t *testing.T, where string, m *model, players []string, games []Game) {
	t.Helper()
	byNumber := append([]string{}, players...)
	sort.Slice(byNumber, func(i, j int) bool { return m.number[byNumber[i]] < m.number[byNumber[j]] })
	half := len(byNumber) / 2
	for i := range half {
		g := games[i]
		top, bottom := byNumber[i], byNumber[i+half]
		want := Game{White: top, Black: bottom}
		if i%2 == 1 {
			want = Game{White: bottom, Black: top}
		}
		if g != want {
			t.Fatalf("%s: board %d is %s v %s, want %s v %s", where, i+1, g.White, g.Black, want.White, want.Black)
		}
	}
}

// checkScoreGroups compares with every legal pairing (enumerated once),
// bracket by bracket from the top score down. Given the pairs made in the
// brackets above, no fewer players may float down out of a bracket: that is
// asserted. Whether the counts of downfloaters, top bracket first, are the
// lexicographic minimum over all pairings (which needs looking further
// ahead than one bracket) is only counted.
func checkScoreGroups(t *testing.T, where string, m *model, players []string, pairs [][2]string, colourRule bool, stats *roundStats) {
	t.Helper()
	var scores []int
	for _, id := range players { // players are in round order
		if len(scores) == 0 || scores[len(scores)-1] != m.half[id] {
			scores = append(scores, m.half[id])
		}
	}
	low := func(p [2]string) int { return min(m.half[p[0]], m.half[p[1]]) }
	high := func(p [2]string) int { return max(m.half[p[0]], m.half[p[1]]) }
	// floated[k] counts the players of score scores[k] or more paired below it.
	floated := func(ps [][2]string) []int {
		v := make([]int, len(scores))
		for k, s := range scores {
			for _, p := range ps {
				if high(p) >= s && low(p) < s {
					v[k]++
				}
			}
		}
		return v
	}
	// above[k] holds the pairs made before the bracket of scores[k]: both
	// players over it.
	above := make([]map[[2]string]bool, len(scores))
	for k, s := range scores {
		above[k] = map[[2]string]bool{}
		for _, p := range pairs {
			if low(p) > s {
				above[k][p], above[k][[2]string{p[1], p[0]}] = true, true
			}
		}
	}
	best := make([]int, len(scores))
	for k := range best {
		best[k] = len(players)
	}
	var lexBest []int
	m.pairings(players, colourRule, func(ps [][2]string) {
		v := floated(ps)
		if lexBest == nil || lexLess(v, lexBest) {
			lexBest = v
		}
		for k := range scores {
			agree := 0
			for _, p := range ps {
				if above[k][p] {
					agree++
				}
			}
			if 2*agree == len(above[k]) {
				best[k] = min(best[k], v[k])
			}
		}
	})
	mine := floated(pairs)
	for k, s := range scores {
		if mine[k] != best[k] {
			t.Fatalf("%s: %d players floated below score %d, %d would do given the brackets above", where, mine[k], s, best[k])
		}
	}
	if lexLess(lexBest, mine) {
		stats.lexWorse++
	}
}

func lexLess(a, b []int) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}
