package swiss

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
