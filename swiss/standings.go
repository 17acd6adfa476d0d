package swiss

import "sort"

// Standing is one line of the table. Points and tie-breaks are exact
// multiples of a quarter. Players who tie on everything share a Rank; the
// line order then falls back to rating and the order of Tournament.Players.
type Standing struct {
	Rank            int
	ID              string
	Points          float64
	Buchholz        float64 // Buchholz cut-1
	SonnebornBerger float64
	DirectEncounter float64 // points against the players tied with this one; 0 if they have not all met
}

// outing is one round of one player, for the tie-breaks.
type outing struct {
	opponent int // index in Players, -1 when no game was played
	half     int // what the player scored, in half points
}

// Standings ranks the players by points, Buchholz cut-1, Sonneborn–Berger
// and direct encounter. Only complete rounds (no Pending game) count.
func Standings(t Tournament) ([]Standing, error) {
	if err := t.check(); err != nil {
		return nil, err
	}
	index := map[string]int{}
	for i, p := range t.Players {
		index[p.ID] = i
	}
	var rounds [][]Game
	for _, games := range t.Rounds {
		if complete(games) {
			rounds = append(rounds, games)
		}
	}
	n := len(rounds)
	outings := make([][]outing, len(t.Players))
	for i := range outings {
		outings[i] = make([]outing, n)
		for r := range outings[i] {
			outings[i][r] = outing{opponent: -1}
		}
	}
	for r, games := range rounds {
		for _, g := range games {
			w := index[g.White]
			wh, bh := g.Result.halfPoints()
			if g.Result == Bye {
				outings[w][r] = outing{-1, wh}
				continue
			}
			b := index[g.Black]
			if g.Result.played() {
				outings[w][r], outings[b][r] = outing{b, wh}, outing{w, bh}
			} else {
				outings[w][r], outings[b][r] = outing{-1, wh}, outing{-1, bh}
			}
		}
	}

	points := make([]int, len(t.Players))   // half points
	adjusted := make([]int, len(t.Players)) // half points, unplayed rounds counted as draws
	for i, os := range outings {
		for _, o := range os {
			points[i] += o.half
			if o.opponent >= 0 {
				adjusted[i] += o.half
			} else {
				adjusted[i]++
			}
		}
	}
	table := make([]Standing, len(t.Players))
	for i, os := range outings {
		buchholz, sb := tieBreaks(os, adjusted)
		table[i] = Standing{ID: t.Players[i].ID, Points: float64(points[i]) / 2,
			Buchholz: float64(buchholz) / 2, SonnebornBerger: float64(sb) / 4}
	}
	directEncounters(table, rounds, index)

	order := make([]int, len(table))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		x, y := table[order[a]], table[order[b]]
		if !sameScores(x, y) {
			return beats(x, y)
		}
		return t.Players[order[a]].Rating > t.Players[order[b]].Rating
	})
	out := make([]Standing, len(table))
	for k, i := range order {
		out[k] = table[i]
		out[k].Rank = k + 1
		if k > 0 && sameScores(out[k], out[k-1]) {
			out[k].Rank = out[k-1].Rank
		}
	}
	return out, nil
}

func complete(games []Game) bool {
	for _, g := range games {
		if g.Result == Pending {
			return false
		}
	}
	return true
}

// tieBreaks returns Buchholz cut-1 (half points) and Sonneborn–Berger
// (quarter points) of one player. A played round contributes the opponent's
// score with the opponent's unplayed rounds as draws; an unplayed round
// contributes a virtual opponent who had the player's score before that
// round, the opposite of the player's result in it, and draws afterwards.
func tieBreaks(os []outing, adjusted []int) (buchholz, sb int) {
	before, lowest := 0, -1
	for r, o := range os {
		var opp int
		if o.opponent >= 0 {
			opp = adjusted[o.opponent]
		} else {
			opp = before + (2 - o.half) + (len(os) - 1 - r)
		}
		buchholz += opp
		sb += o.half * opp
		if lowest < 0 || opp < lowest {
			lowest = opp
		}
		before += o.half
	}
	if lowest >= 0 {
		buchholz -= lowest
	}
	return buchholz, sb
}

// directEncounters fills DirectEncounter for every group of players equal on
// points, Buchholz and Sonneborn–Berger in which everyone has met everyone:
// the points each scored against the others of the group.
func directEncounters(table []Standing, rounds [][]Game, index map[string]int) {
	groups := map[[3]float64][]int{}
	for i, s := range table {
		k := [3]float64{s.Points, s.Buchholz, s.SonnebornBerger}
		groups[k] = append(groups[k], i)
	}
	for _, group := range groups {
		if len(group) < 2 {
			continue
		}
		in := map[int]bool{}
		for _, i := range group {
			in[i] = true
		}
		met := map[[2]int]bool{}
		half := map[int]int{}
		for _, games := range rounds {
			for _, g := range games {
				if g.Result == Bye {
					continue
				}
				w, b := index[g.White], index[g.Black]
				if !in[w] || !in[b] {
					continue
				}
				wh, bh := g.Result.halfPoints()
				half[w] += wh
				half[b] += bh
				met[[2]int{min(w, b), max(w, b)}] = true
			}
		}
		if len(met) != len(group)*(len(group)-1)/2 {
			continue
		}
		for _, i := range group {
			table[i].DirectEncounter = float64(half[i]) / 2
		}
	}
}

func sameScores(x, y Standing) bool {
	return x.Points == y.Points && x.Buchholz == y.Buchholz && x.SonnebornBerger == y.SonnebornBerger &&
		x.DirectEncounter == y.DirectEncounter
}

func beats(x, y Standing) bool {
	switch {
	case x.Points != y.Points:
		return x.Points > y.Points
	case x.Buchholz != y.Buchholz:
		return x.Buchholz > y.Buchholz
	case x.SonnebornBerger != y.SonnebornBerger:
		return x.SonnebornBerger > y.SonnebornBerger
	}
	return x.DirectEncounter > y.DirectEncounter
}
