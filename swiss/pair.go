package swiss

import (
	"fmt"
	"sort"
)

// Pair returns the next round's games, all Pending, with the bye (if the
// number of present players is odd) last. It fails with ErrNoPairing only
// when no pairing meets the absolute criteria, and with another error when
// t is inconsistent or a round is unfinished.
func Pair(t Tournament) ([]Game, error) {
	es, _, err := entrants(t)
	if err != nil {
		return nil, err
	}
	var present []int
	for _, e := range es {
		if !e.Withdrawn {
			present = append(present, e.number)
		}
	}
	if len(present) < 2 {
		return nil, fmt.Errorf("%w: %d players present", ErrNoPairing, len(present))
	}
	// Round order, FIDE C.04.3 A.2: score, then pairing number.
	sort.SliceStable(present, func(i, j int) bool { return es[present[i]].half > es[present[j]].half })

	// First with the colour rule absolute (no two players who must both
	// have the same colour meet), then, only if that is impossible, without.
	for _, colourRule := range []bool{true, false} {
		allowed := allowedPairs(es, colourRule)
		players, bye, ok := chooseBye(es, present, allowed)
		if !ok {
			continue
		}
		p := &pairer{es: es, allowed: allowed, prefs: preferences(es)}
		pairs := p.pairRound(players)
		games := make([]Game, 0, len(pairs)+1)
		for _, pr := range orderBoards(es, pairs) {
			w, b := allocateColours(es[pr[0]], es[pr[1]])
			games = append(games, Game{White: w.ID, Black: b.ID})
		}
		if bye >= 0 {
			games = append(games, Game{White: es[bye].ID, Result: Bye})
		}
		return games, nil
	}
	return nil, ErrNoPairing
}

// allowedPairs is the matrix of the absolute criteria: no rematch, and with
// colourRule no pairing of two players with the same absolute preference.
func allowedPairs(es []*entrant, colourRule bool) [][]bool {
	prefs := preferences(es)
	allowed := make([][]bool, len(es))
	for i := range es {
		allowed[i] = make([]bool, len(es))
		for j := range es {
			if i == j || es[i].met[j] {
				continue
			}
			if colourRule && prefs[i].strength == absolute && prefs[j].strength == absolute && prefs[i].colour == prefs[j].colour {
				continue
			}
			allowed[i][j] = true
		}
	}
	return allowed
}

// chooseBye returns the players to pair and the bye's holder (-1 if none):
// with an odd number present, the lowest in round order without a bye yet
// whose absence leaves the others pairable.
func chooseBye(es []*entrant, present []int, allowed [][]bool) (players []int, bye int, ok bool) {
	if len(present)%2 == 0 {
		_, ok := perfectMatching(present, allowed)
		return present, -1, ok
	}
	for i := len(present) - 1; i >= 0; i-- {
		if es[present[i]].hadBye {
			continue
		}
		rest := append(append([]int{}, present[:i]...), present[i+1:]...)
		if _, ok := perfectMatching(rest, allowed); ok {
			return rest, present[i], true
		}
	}
	return nil, -1, false
}

func preferences(es []*entrant) []preference {
	prefs := make([]preference, len(es))
	for i, e := range es {
		prefs[i] = e.preference()
	}
	return prefs
}

// orderBoards sorts pairs for display: higher score first, then the higher
// pair's better pairing number; within a pair the higher-ranked player first.
func orderBoards(es []*entrant, pairs [][2]int) [][2]int {
	higher := func(a, b int) bool {
		if es[a].half != es[b].half {
			return es[a].half > es[b].half
		}
		return a < b
	}
	for i, p := range pairs {
		if higher(p[1], p[0]) {
			pairs[i] = [2]int{p[1], p[0]}
		}
	}
	sort.Slice(pairs, func(i, j int) bool {
		a, b := pairs[i], pairs[j]
		if es[a[0]].half != es[b[0]].half {
			return es[a[0]].half > es[b[0]].half
		}
		if sa, sb := es[a[0]].half+es[a[1]].half, es[b[0]].half+es[b[1]].half; sa != sb {
			return sa > sb
		}
		return a[0] < b[0]
	})
	return pairs
}

// allocateColours decides who has White between a (ranked higher) and b,
// FIDE C.04.3 E.1–E.5.
func allocateColours(a, b *entrant) (white, black *entrant) {
	pa, pb := a.preference(), b.preference()
	give := func(aColour int8) (*entrant, *entrant) {
		if aColour > 0 {
			return a, b
		}
		return b, a
	}
	switch {
	case pa.colour != 0 && pb.colour != 0 && pa.colour != pb.colour: // E.1 both granted
		return give(pa.colour)
	case pa.colour != 0 && pb.colour == 0:
		return give(pa.colour)
	case pa.colour == 0 && pb.colour != 0:
		return give(-pb.colour)
	case pa.colour != 0 && pa.strength != pb.strength: // E.2 the stronger preference
		if pa.strength > pb.strength {
			return give(pa.colour)
		}
		return give(-pb.colour)
	case pa.colour != 0 && pa.strength == absolute: // E.2 both absolute: the wider difference
		da, db := abs(a.colourDiff()), abs(b.colourDiff())
		if da != db {
			if da > db {
				return give(pa.colour)
			}
			return give(-pb.colour)
		}
	}
	// E.3 alternate to the latest round in which they had different colours.
	for r := len(a.colours) - 1; r >= 0; r-- {
		if ca, cb := a.colours[r], b.colours[r]; ca != 0 && cb != 0 && ca != cb {
			return give(-ca)
		}
	}
	if pa.colour != 0 { // E.4 the higher-ranked player's preference
		return give(pa.colour)
	}
	// E.5 the higher-ranked player takes White on an odd pairing number
	// (counted from 1), Black on an even one.
	if a.number%2 == 0 {
		return a, b
	}
	return b, a
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
