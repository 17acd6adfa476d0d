package swiss

import (
	"fmt"
	"sort"
)

// entrant is one player's history as pairing sees it, derived from a
// Tournament on every call so the caller's data stays the only truth.
type entrant struct {
	Player
	number  int    // pairing number, 0 is the top of the initial ranking
	half    int    // score in half points, byes and forfeits included
	colours []int8 // one per round: +1 White, -1 Black, 0 no game played
	met     map[int]bool
	hadBye  bool
}

// colourDiff is games with White minus games with Black (played games only).
func (e *entrant) colourDiff() int {
	d := 0
	for _, c := range e.colours {
		d += int(c)
	}
	return d
}

// lastPlayed returns the colours of the latest two played games, newest
// first (0 where there is none).
func (e *entrant) lastPlayed() (last, before int8) {
	for i := len(e.colours) - 1; i >= 0; i-- {
		if e.colours[i] == 0 {
			continue
		}
		if last == 0 {
			last = e.colours[i]
		} else {
			return last, e.colours[i]
		}
	}
	return last, 0
}

// Strengths of a colour preference, FIDE C.04.3 A.6.
const (
	noPreference = iota
	mild
	strong
	absolute
)

// preference is the colour a player should get next (+1 White, -1 Black,
// 0 none) and how strongly.
type preference struct {
	colour   int8
	strength int
}

func (e *entrant) preference() preference {
	d := e.colourDiff()
	last, before := e.lastPlayed()
	switch {
	case last == 0:
		return preference{}
	case d > 1:
		return preference{-1, absolute}
	case d < -1:
		return preference{+1, absolute}
	case last == before:
		return preference{-last, absolute}
	case d == 1:
		return preference{-1, strong}
	case d == -1:
		return preference{+1, strong}
	}
	return preference{-last, mild}
}

// entrants builds every player's history, indexed by pairing number: the
// initial ranking is rating, highest first, then the order of t.Players.
func entrants(t Tournament) ([]*entrant, map[string]int, error) {
	if err := t.check(); err != nil {
		return nil, nil, err
	}
	es := make([]*entrant, len(t.Players))
	for i, p := range t.Players {
		es[i] = &entrant{Player: p, met: map[int]bool{}, colours: make([]int8, len(t.Rounds))}
	}
	sort.SliceStable(es, func(i, j int) bool { return es[i].Rating > es[j].Rating })
	index := make(map[string]int, len(es))
	for i, e := range es {
		e.number = i
		index[e.ID] = i
	}
	for r, games := range t.Rounds {
		for _, g := range games {
			if g.Result == Pending {
				return nil, nil, fmt.Errorf("swiss: round %d: %s v %s has no result yet", r+1, g.White, g.Black)
			}
			w := es[index[g.White]]
			wh, bh := g.Result.halfPoints()
			w.half += wh
			if g.Result == Bye {
				w.hadBye = true
				continue
			}
			b := es[index[g.Black]]
			b.half += bh
			w.met[b.number], b.met[w.number] = true, true
			if g.Result.played() {
				w.colours[r], b.colours[r] = +1, -1
			}
		}
	}
	return es, index, nil
}
