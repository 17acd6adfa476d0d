package swiss

// pairer pairs one round bracket by bracket, top score first, in the manner
// of the Dutch system: moved-down players first, then the rest of the
// bracket split in halves S1 and S2, S1[i] against S2[i] where allowed and
// otherwise the next candidates in order (transpositions, then exchanges).
// Every tentative pair is kept only if everyone not yet paired can still be
// paired (a blossom matching), so a bracket never paints the round into a
// corner.
type pairer struct {
	es      []*entrant
	allowed [][]bool
	prefs   []preference
	m       matcher
	scratch []int
}

// bracketBudget caps the tentative pairs tried in one bracket; past it the
// bracket takes the pairs of a complete matching instead (see README).
// lookaheadBudget and lookaheadLeaves bound the look at the next bracket.
const (
	bracketBudget   = 3000
	lookaheadBudget = 300
	lookaheadLeaves = 16
)

// pairRound pairs players (in round order, an even number, known pairable).
func (p *pairer) pairRound(players []int) [][2]int {
	var pairs [][2]int
	var floaters []int
	for i := 0; i < len(players); {
		j := scoreGroupEnd(p.es, players, i)
		bracket := append(append([]int{}, floaters...), players[i:j]...)
		next := players[j:scoreGroupEnd(p.es, players, j)]
		inside, down := p.pairBracket(bracket, len(floaters), next, players[j+len(next):])
		pairs = append(pairs, inside...)
		floaters = down
		i = j
	}
	return pairs
}

// scoreGroupEnd is the end of the run of players with the score of players[i].
func scoreGroupEnd(es []*entrant, players []int, i int) int {
	j := i
	for j < len(players) && es[players[j]].half == es[players[i]].half {
		j++
	}
	return j
}

// pairBracket pairs as many of bracket as it can while the players below
// (the next score group, then the rest) can take the others; it returns the
// pairs and the downfloaters in bracket order. The first mdp players were
// moved down from above. Among pairings with as many pairs, it prefers
// downfloaters with whom the next bracket can make the most pairs.
func (p *pairer) pairBracket(bracket []int, mdp int, next, below []int) (pairs [][2]int, down []int) {
	rest := append(append([]int{}, next...), below...)
	budget := bracketBudget
	for want := matchingSize(bracket, p.allowed); want >= 0; want-- {
		floats := len(bracket) - 2*want
		if floats > len(rest) {
			continue
		}
		// The first pass keeps colour preferences as far as the bracket's
		// make-up allows; the second, tried only if the first found nothing
		// or left the next bracket short of pairs, ignores them.
		bestScore, leaves, enough := -2, 0, false
		for _, anyColours := range []bool{false, true} {
			s := &bracketSearch{
				p: p, bracket: bracket, mdp: mdp, rest: rest, want: want, floats: floats,
				used: make([]bool, len(bracket)), budget: &budget,
				maxConflicts: len(bracket),
			}
			if !anyColours {
				s.maxConflicts = p.unavoidableConflicts(bracket, floats)
			}
			s.leaf = func() bool {
				gotPairs, gotDown := s.result()
				score := -1 // nothing below to look at
				if len(gotDown) > 0 && len(next) > 0 {
					score = p.bracketPairs(append(append([]int{}, gotDown...), next...), len(gotDown), below)
				}
				if score > bestScore {
					bestScore, pairs, down = score, gotPairs, gotDown
				}
				leaves++
				enough = score < 0 || score >= (len(gotDown)+len(next))/2
				return enough || leaves >= lookaheadLeaves
			}
			s.moved(0)
			if enough || (anyColours && bestScore > -2) {
				return pairs, down
			}
			if budget <= 0 {
				if bestScore > -2 {
					return pairs, down
				}
				return p.completeBracket(bracket, rest)
			}
		}
	}
	return p.completeBracket(bracket, rest)
}

// bracketPairs is how many pairs bracket can make with rest still
// pairable, or -1 if the search budget runs out first.
func (p *pairer) bracketPairs(bracket []int, mdp int, rest []int) int {
	budget := lookaheadBudget
	for want := matchingSize(bracket, p.allowed); want >= 0; want-- {
		floats := len(bracket) - 2*want
		if floats > len(rest) {
			continue
		}
		s := &bracketSearch{
			p: p, bracket: bracket, mdp: mdp, rest: rest, want: want, floats: floats,
			used: make([]bool, len(bracket)), budget: &budget, maxConflicts: len(bracket),
		}
		if s.moved(0) {
			return want
		}
		if budget <= 0 {
			return -1
		}
	}
	return -1
}

// completeBracket takes the bracket's share of one complete matching of the
// bracket and everyone below: its inner pairs, and as downfloaters those
// matched below.
func (p *pairer) completeBracket(bracket, rest []int) (pairs [][2]int, down []int) {
	all := append(append([]int{}, bracket...), rest...)
	mate, _ := perfectMatching(all, p.allowed)
	for a := range bracket {
		switch b := mate[a]; {
		case b >= len(bracket):
			down = append(down, bracket[a])
		case a < b:
			pairs = append(pairs, [2]int{bracket[a], bracket[b]})
		}
	}
	return pairs, down
}

// unavoidableConflicts is how many pairs must at least put together two
// players wanting the same colour, counting preferences in the bracket and
// letting the floaters come from the larger side.
func (p *pairer) unavoidableConflicts(bracket []int, floats int) int {
	white, black, none := 0, 0, 0
	for _, x := range bracket {
		switch p.prefs[x].colour {
		case +1:
			white++
		case -1:
			black++
		default:
			none++
		}
	}
	excess := abs(white-black) - none - floats
	if excess <= 0 {
		return 0
	}
	return (excess + 1) / 2
}
