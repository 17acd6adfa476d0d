package swiss

import (
	"math/bits"
	"sort"
)

// model is the tests' own reading of a tournament, written from the rules
// rather than from the package's code, so that the checks are independent.
type model struct {
	ids     []string       // present players, in round order (score, then pairing number)
	number  map[string]int // pairing number: rating, highest first, then entry order
	half    map[string]int
	colours map[string][]int8 // played games only, oldest first
	met     map[[2]string]bool
	byes    map[string]int
}

func newModel(t Tournament) *model {
	m := &model{number: map[string]int{}, half: map[string]int{}, colours: map[string][]int8{},
		met: map[[2]string]bool{}, byes: map[string]int{}}
	byRating := append([]Player{}, t.Players...)
	sort.SliceStable(byRating, func(i, j int) bool { return byRating[i].Rating > byRating[j].Rating })
	for i, p := range byRating {
		m.number[p.ID] = i
	}
	for _, games := range t.Rounds {
		for _, g := range games {
			switch g.Result {
			case Bye:
				m.half[g.White] += 2
				m.byes[g.White]++
				continue
			case WhiteWins, WhiteWinsByForfeit:
				m.half[g.White] += 2
			case BlackWins, BlackWinsByForfeit:
				m.half[g.Black] += 2
			case Draw:
				m.half[g.White]++
				m.half[g.Black]++
			}
			m.met[[2]string{g.White, g.Black}], m.met[[2]string{g.Black, g.White}] = true, true
			if g.Result == WhiteWins || g.Result == BlackWins || g.Result == Draw {
				m.colours[g.White] = append(m.colours[g.White], +1)
				m.colours[g.Black] = append(m.colours[g.Black], -1)
			}
		}
	}
	for _, p := range t.Players {
		if !p.Withdrawn {
			m.ids = append(m.ids, p.ID)
		}
	}
	sort.Slice(m.ids, func(i, j int) bool {
		a, b := m.ids[i], m.ids[j]
		if m.half[a] != m.half[b] {
			return m.half[a] > m.half[b]
		}
		return m.number[a] < m.number[b]
	})
	return m
}

// mustHave is the colour a player must get next to keep the colour
// difference within ±2 and avoid a third colour in a row (0: either).
func (m *model) mustHave(id string) int8 {
	cs := m.colours[id]
	d := 0
	for _, c := range cs {
		d += int(c)
	}
	switch {
	case d >= 2:
		return -1
	case d <= -2:
		return +1
	case len(cs) >= 2 && cs[len(cs)-1] == cs[len(cs)-2]:
		return -cs[len(cs)-1]
	}
	return 0
}

// allowed says whether a and b may meet: never again, and under the colour
// rule not if both must have the same colour.
func (m *model) allowed(a, b string, colourRule bool) bool {
	if a == b || m.met[[2]string{a, b}] {
		return false
	}
	if colourRule {
		if ca := m.mustHave(a); ca != 0 && ca == m.mustHave(b) {
			return false
		}
	}
	return true
}

// pairable reports by exhaustive search whether ids can all be paired.
func (m *model) pairable(ids []string, colourRule bool) bool {
	if len(ids)%2 == 1 {
		return false
	}
	failed := map[uint64]bool{}
	var search func(free uint64) bool
	search = func(free uint64) bool {
		if free == 0 {
			return true
		}
		if failed[free] {
			return false
		}
		a := bits.TrailingZeros64(free)
		for rest := free &^ (1 << a); rest != 0; rest &= rest - 1 {
			b := bits.TrailingZeros64(rest)
			if m.allowed(ids[a], ids[b], colourRule) && search(free&^(1<<a)&^(1<<b)) {
				return true
			}
		}
		failed[free] = true
		return false
	}
	return search(1<<len(ids) - 1)
}

// pairings calls visit with every complete pairing of ids (small sets only).
func (m *model) pairings(ids []string, colourRule bool, visit func([][2]string)) {
	var pairs [][2]string
	var walk func(free []string)
	walk = func(free []string) {
		if len(free) == 0 {
			visit(pairs)
			return
		}
		a := free[0]
		for i := 1; i < len(free); i++ {
			if !m.allowed(a, free[i], colourRule) {
				continue
			}
			rest := append(append([]string{}, free[1:i]...), free[i+1:]...)
			pairs = append(pairs, [2]string{a, free[i]})
			walk(rest)
			pairs = pairs[:len(pairs)-1]
		}
	}
	walk(ids)
}

// without returns ids less one player.
func without(ids []string, id string) []string {
	var out []string
	for _, x := range ids {
		if x != id {
			out = append(out, x)
		}
	}
	return out
}

// pairableWithBye reports whether some player without a bye can take it and
// leave the rest pairable (or, for an even count, whether all pair).
func (m *model) pairableWithBye(colourRule bool) bool {
	if len(m.ids)%2 == 0 {
		return m.pairable(m.ids, colourRule)
	}
	for _, id := range m.ids {
		if m.byes[id] == 0 && m.pairable(without(m.ids, id), colourRule) {
			return true
		}
	}
	return false
}
