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

// bracketSearch is one depth-first search for a bracket pairing with exactly
// want pairs and at most maxConflicts colour-preference clashes. Indices are
// positions in bracket.
type bracketSearch struct {
	p            *pairer
	bracket      []int
	mdp          int
	rest         []int
	want         int
	floats       int // players still allowed to float down
	maxConflicts int
	conflicts    int
	used         []bool
	pairs        [][2]int
	budget       *int
	// leaf, if set, is told of each complete bracket pairing found and
	// says whether to stop there.
	leaf func() bool
}

// moved places the moved-down players in order: against the highest
// resident possible, else another moved-down player, else down again.
func (s *bracketSearch) moved(i int) bool {
	if i == s.mdp {
		return s.residents()
	}
	if s.used[i] {
		return s.moved(i + 1)
	}
	next := func() bool { return s.moved(i + 1) }
	for j := s.mdp; j < len(s.bracket); j++ {
		if s.try(i, j, next) {
			return true
		}
	}
	for j := i + 1; j < s.mdp; j++ {
		if s.try(i, j, next) {
			return true
		}
	}
	return s.float(next)
}

// residents splits the unpaired residents into S1 (the pairs still wanted)
// and S2, and pairs them homogeneously.
func (s *bracketSearch) residents() bool {
	var left []int
	for j := s.mdp; j < len(s.bracket); j++ {
		if !s.used[j] {
			left = append(left, j)
		}
	}
	q := s.want - len(s.pairs)
	if q < 0 || 2*q > len(left) {
		return false
	}
	return s.homogeneous(left, q, 0)
}

// homogeneous pairs seq[k:], where seq[:q] is S1 and seq[q:] is S2: an S1
// player takes the first free S2 player, then a later S1 player; an S2
// player left over pairs with a later S2 player; anyone may float while
// floats remain.
func (s *bracketSearch) homogeneous(seq []int, q, k int) bool {
	if len(s.pairs) == s.want {
		return s.leaf == nil || s.leaf()
	}
	free := 0
	for _, x := range seq[k:] {
		if !s.used[x] {
			free++
		}
	}
	if free < 2*(s.want-len(s.pairs)) {
		return false
	}
	x := seq[k]
	next := func() bool { return s.homogeneous(seq, q, k+1) }
	if s.used[x] {
		return next()
	}
	if k < q {
		for _, y := range seq[q:] {
			if s.try(x, y, next) {
				return true
			}
		}
		for _, y := range seq[k+1 : q] {
			if s.try(x, y, next) {
				return true
			}
		}
	} else {
		for _, y := range seq[k+1:] {
			if s.try(x, y, next) {
				return true
			}
		}
	}
	return s.float(next)
}

func (s *bracketSearch) float(next func() bool) bool {
	if s.floats == 0 {
		return false
	}
	s.floats--
	if next() {
		return true
	}
	s.floats++
	return false
}

// try pairs a and b tentatively and continues with next; the pair must be
// allowed, within the colour budget, and leave everyone else pairable.
func (s *bracketSearch) try(a, b int, next func() bool) bool {
	if *s.budget <= 0 || s.used[b] {
		return false
	}
	ga, gb := s.bracket[a], s.bracket[b]
	if !s.p.allowed[ga][gb] {
		return false
	}
	clash := 0
	if ca, cb := s.p.prefs[ga].colour, s.p.prefs[gb].colour; ca != 0 && ca == cb {
		clash = 1
	}
	if s.conflicts+clash > s.maxConflicts {
		return false
	}
	*s.budget--
	s.used[a], s.used[b] = true, true
	if _, ok := s.p.m.perfect(s.remaining(), s.p.allowed); ok {
		s.conflicts += clash
		s.pairs = append(s.pairs, [2]int{a, b})
		if next() {
			return true
		}
		s.pairs = s.pairs[:len(s.pairs)-1]
		s.conflicts -= clash
	}
	s.used[a], s.used[b] = false, false
	return false
}

// remaining is everyone of the bracket not yet paired, and everyone below.
func (s *bracketSearch) remaining() []int {
	r := s.p.scratch[:0]
	for i, x := range s.bracket {
		if !s.used[i] {
			r = append(r, x)
		}
	}
	s.p.scratch = append(r, s.rest...)
	return s.p.scratch
}

func (s *bracketSearch) result() (pairs [][2]int, down []int) {
	for _, pr := range s.pairs {
		pairs = append(pairs, [2]int{s.bracket[pr[0]], s.bracket[pr[1]]})
	}
	for i, x := range s.bracket {
		if !s.used[i] {
			down = append(down, x)
		}
	}
	return pairs, down
}
