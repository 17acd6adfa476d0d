package engine

// Piece values from self-play, Texel style: play fast games, note at quiet
// plies how many pieces of each kind Player 1 has more than Player 2, and
// fit the values that best predict the games' results through a logistic
// curve. The fitted tables live in values_fitted.go.

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"sort"

	"github.com/bermudachess/bermuda/games"
)

// TuneOptions says how many self-play games to play and how.
type TuneOptions struct {
	Games int
	Seed  uint64
	// Nodes is the search budget per move (default 2000): enough to see
	// captures and threats, small enough for thousands of games.
	Nodes int64
	// RandomPlies opening moves are uniformly random (default 4), so that
	// deterministic variants do not replay one game.
	RandomPlies int
	// MaxPlies ends a game as a draw (default 300).
	MaxPlies int
	// Progress, if set, is called after every game.
	Progress func(done int)
}

// TuneResult is the fit: values in hundredths of a pawn (the pawn fixed at
// 100), the logistic scale K, and how many sampled positions had each kind
// unbalanced (a kind needs minUnbalanced of them to be fitted).
type TuneResult struct {
	Variant    string
	Games      int
	Samples    int
	K          float64
	Values     map[games.PieceKind]int
	Unbalanced map[games.PieceKind]int
	Start, End float64 // mean squared error with the generic and the fitted values
}

// minUnbalanced is how many positions with a kind unbalanced the fit needs
// before it moves that kind's value; rarer kinds keep the generic value.
const minUnbalanced = 200

// tuneSample is one position: kind balance (Player 1 minus Player 2) and
// the game's result for Player 1 (1, ½ or 0).
type tuneSample struct {
	diff   []float64
	result float64
}

// withDefaults fills what the caller left zero: 2000 nodes a move, the
// first 4 plies random, 300 plies a draw.
func (o TuneOptions) withDefaults() TuneOptions {
	if o.Nodes <= 0 {
		o.Nodes = 2000
	}
	if o.RandomPlies <= 0 {
		o.RandomPlies = 4
	}
	if o.MaxPlies <= 0 {
		o.MaxPlies = 300
	}
	return o
}

// Tune plays opts.Games self-play games of variant with the generic piece
// values and fits that variant's values. It is deterministic for a seed.
func Tune(ctx context.Context, variant string, opts TuneOptions) (TuneResult, error) {
	opts = opts.withDefaults()
	var kinds []games.PieceKind
	index := map[games.PieceKind]int{}
	var samples []tuneSample
	for i := 0; i < opts.Games; i++ {
		if err := ctx.Err(); err != nil {
			return TuneResult{}, err
		}
		rows, _, result, _, err := selfPlay(ctx, variant, opts, opts.Seed+uint64(i)*7919)
		if err != nil {
			return TuneResult{}, fmt.Errorf("game %d: %w", i+1, err)
		}
		for _, row := range rows {
			for k := range row {
				if _, ok := index[k]; !ok {
					index[k] = len(kinds)
					kinds = append(kinds, k)
				}
			}
			diff := make([]float64, len(kinds))
			for k, n := range row {
				diff[index[k]] = float64(n)
			}
			samples = append(samples, tuneSample{diff: diff, result: result})
		}
		if opts.Progress != nil {
			opts.Progress(i + 1)
		}
	}
	for i := range samples { // kinds first seen later count 0 in earlier rows
		samples[i].diff = append(samples[i].diff, make([]float64, len(kinds)-len(samples[i].diff))...)
	}
	res := fitValues(kinds, samples)
	res.Variant, res.Games = variant, opts.Games
	return res, nil
}

// selfPlay plays one game and returns the kind balance at its quiet plies
// (material the same one ply before and after), the search's score for
// Player 1 at every searched ply that is not a forced result (FitScale
// plays its own games now, scaleGame in tunescale.go), the result for
// Player 1, and whether the rules ended the game
// (a game cut at opts.MaxPlies counts as a draw).
func selfPlay(ctx context.Context, variant string, opts TuneOptions, seed uint64) ([]map[games.PieceKind]int, []float64, float64, bool, error) {
	roller := games.Seeded(seed)
	rng := rand.New(rand.NewPCG(seed, seed^0xda942042e4dd58b5))
	g, _, _, err := games.Start(variant, "", roller)
	if err != nil {
		return nil, nil, 0, false, err
	}
	ev := newEvaluator(g, pieceValues)
	lv := level{maxDepth: maxPly - maxQuiet - 4, timeShare: 1, tableBits: 14}
	var balances []map[games.PieceKind]int
	var scores []float64
	for ply := 0; ply < opts.MaxPlies && !g.Outcome().Over; ply++ {
		balances = append(balances, kindBalance(ev, g))
		legal := g.LegalMoves()
		m := legal[rng.IntN(len(legal))]
		if ply >= opts.RandomPlies {
			lim := Limits{Nodes: opts.Nodes, PieceValues: pieceValues}
			r, err := run(ctx, g, lim, lv, rng, legal)
			if err != nil {
				return nil, nil, 0, false, err
			}
			m = r.Move
			if r.Depth > 0 && MateIn(r.Score) == 0 {
				scores = append(scores, float64(r.Score*playerSign(g.Turn().Player)))
			}
		}
		next, _, _, err := games.Apply(g, m.Notation, roller)
		if err != nil {
			return nil, nil, 0, false, fmt.Errorf("ply %d %s: %w", ply+1, m.Notation, err)
		}
		g = next
	}
	result := 0.5
	if o := g.Outcome(); o.Over && !o.Draw {
		result = 0
		if o.Winner == games.Player1 {
			result = 1
		}
	}
	var quiet []map[games.PieceKind]int
	for i := opts.RandomPlies + 1; i+1 < len(balances); i++ {
		if sameBalance(balances[i-1], balances[i]) && sameBalance(balances[i], balances[i+1]) {
			quiet = append(quiet, balances[i])
		}
	}
	return quiet, scores, result, g.Outcome().Over, nil
}

// playerSign turns a score for p into one for Player 1.
func playerSign(p games.Player) int {
	if p == games.Player2 {
		return -1
	}
	return 1
}

// kindBalance counts, per kind, Player 1's pieces minus Player 2's; armies
// both players move count for neither.
func kindBalance(ev *evaluator, g games.Game) map[games.PieceKind]int {
	out := map[games.PieceKind]int{}
	if sg, ok := g.(games.Searchable); ok {
		// The fast path's counts and owners: what the search evaluates.
		if st, ok := sg.SearchState(); ok {
			kinds, counts := st.Kinds(), st.Counts(nil)
			for i, n := range counts {
				k := kinds[i%len(kinds)]
				switch st.Owner(games.Side(i / len(kinds))) {
				case games.Player1:
					out[k] += n
				case games.Player2:
					out[k] -= n
				default:
					out[k] += 0 // a kind of this variant all the same
				}
			}
			return out
		}
	}
	var own [4]games.Player
	for s := range own {
		own[s] = owner(g, games.Side(s), ev.sides)
	}
	for _, p := range ev.piecesOf(g) {
		if p.Side < 0 || int(p.Side) >= len(own) {
			continue
		}
		switch own[p.Side] {
		case games.Player1:
			out[p.Kind]++
		case games.Player2:
			out[p.Kind]--
		default:
			out[p.Kind] += 0 // a kind of this variant all the same
		}
	}
	return out
}

func sameBalance(a, b map[games.PieceKind]int) bool {
	for k, n := range a {
		if b[k] != n {
			return false
		}
	}
	for k, n := range b {
		if a[k] != n {
			return false
		}
	}
	return true
}

// fitK finds the K in [0.001, 10] with the least loss by golden-section
// search: the squared error of a logistic fit is unimodal in K.
func fitK(loss func(K float64) float64) float64 {
	lo, hi := 0.001, 10.0
	const phi = 0.6180339887
	for hi-lo > 1e-4 {
		a, b := hi-phi*(hi-lo), lo+phi*(hi-lo)
		if loss(a) < loss(b) {
			hi = b
		} else {
			lo = a
		}
	}
	return (lo + hi) / 2
}

// fitValues fits K with the generic values, then each value in turn by
// shrinking steps (Texel's local search) within half and twice its generic
// value, the pawn staying at 100.
func fitValues(kinds []games.PieceKind, samples []tuneSample) TuneResult {
	res := TuneResult{Samples: len(samples), Values: map[games.PieceKind]int{}, Unbalanced: map[games.PieceKind]int{}}
	v := make([]float64, len(kinds))
	var free []int
	for i, k := range kinds {
		v[i] = float64(pieceValues[k])
		if _, ok := pieceValues[k]; !ok {
			v[i] = unknownValue
		}
		res.Unbalanced[k] += 0 // listed even if never unbalanced
		for _, s := range samples {
			if s.diff[i] != 0 {
				res.Unbalanced[k]++
			}
		}
		if k != games.Pawn && res.Unbalanced[k] >= minUnbalanced {
			free = append(free, i)
		}
	}
	sort.Slice(free, func(a, b int) bool { return kinds[free[a]] < kinds[free[b]] })
	loss := func(K float64) float64 {
		sum := 0.0
		for _, s := range samples {
			e := 0.0
			for i, d := range s.diff {
				e += d * v[i]
			}
			p := 1 / (1 + math.Exp(-K*e/100))
			sum += (s.result - p) * (s.result - p)
		}
		return sum / math.Max(1, float64(len(samples)))
	}
	res.K = fitK(loss)
	res.Start = loss(res.K)
	if res.K < 0.002 || res.K > 9.9 {
		// K at a bound: material does not predict these results (nearly
		// all games drawn, or no material either player owns). Fit nothing.
		res.End = res.Start
		return res
	}
	best := res.Start
	for _, step := range []float64{80, 40, 20, 10, 5} {
		for improved := true; improved; {
			improved = false
			for _, i := range free {
				for _, dir := range []float64{step, -step} {
					old, start := v[i], float64(pieceValues[kinds[i]])
					if start == 0 {
						start = unknownValue
					}
					if v[i]+dir < start/2 || v[i]+dir > 2*start {
						// Halving or doubling a value is as far as a fit
						// goes: larger swings came from few decisive games.
						continue
					}
					v[i] += dir
					if l := loss(res.K); l < best-1e-12 {
						best, improved = l, true
						break
					}
					v[i] = old
				}
			}
		}
	}
	res.End = best
	for _, i := range free {
		res.Values[kinds[i]] = int(v[i])
	}
	return res
}
