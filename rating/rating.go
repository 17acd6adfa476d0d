// Package rating fits Elo ratings to match results: the engine levels'
// strength against fixed anchors (Stockfish at set UCI_Elo values), or
// against each other with one level fixed at zero.
//
// The model is the logistic Elo curve: a player rated d points above its
// opponent scores 1/(1+10^(−d/400)) on average. Draws count as half a
// point, so a pairing's score is a binomial count with half units. The
// free ratings maximise the likelihood of all scores at once (Newton's
// method), and each rating's error comes from the inverse of the Fisher
// information at the fit: a 95% interval of ±1.96 standard deviations.
// Counting draws as half a win and half a loss slightly overstates the
// spread of a score with many draws, so the intervals err on the wide side.
package rating

import (
	"errors"
	"fmt"
	"math"
	"sort"
)

// Result is a pairing's games seen from A: A won Wins, lost Losses.
type Result struct {
	A, B                string
	Wins, Draws, Losses int
}

// Rating is one player's fitted rating. Error is the half-width of its
// 95% interval (0 for an anchor).
type Rating struct {
	Name   string
	Elo    float64
	Error  float64
	Games  int
	Score  float64 // points won, draws as halves
	Anchor bool
}

// c turns a rating difference into the logistic curve's natural units.
const c = math.Ln10 / 400

// Expected is the score a player rated d points above its opponent makes
// on average.
func Expected(d float64) float64 { return 1 / (1 + math.Pow(10, -d/400)) }

// Fit rates every player in results. anchors fixes some players' ratings;
// at least one is needed, and every other player must be linked to one by
// games. prior adds that many virtual draws to every pairing (as BayesElo
// does): with it a player who won or lost every game still gets a finite
// rating, at the cost of pulling ratings slightly together; 0 is the
// plain maximum likelihood. Ratings come back best first.
func Fit(results []Result, anchors map[string]float64, prior float64) ([]Rating, error) {
	if len(anchors) == 0 {
		return nil, errors.New("rating: no anchor: fix at least one player's rating")
	}
	if prior < 0 {
		return nil, errors.New("rating: the prior cannot be negative")
	}
	// pair accumulates the games between two players (i < j).
	type pair struct {
		i, j  int
		games float64
		score float64 // i's points, virtual draws included
	}
	index := map[string]int{}
	var names []string
	id := func(name string) int {
		k, ok := index[name]
		if !ok {
			k = len(names)
			index[name] = k
			names = append(names, name)
		}
		return k
	}
	pairs := map[[2]int]*pair{}
	out := map[string]*Rating{}
	for _, r := range results {
		if r.A == r.B {
			return nil, fmt.Errorf("rating: %s plays itself", r.A)
		}
		if r.Wins < 0 || r.Draws < 0 || r.Losses < 0 {
			return nil, fmt.Errorf("rating: %s against %s: negative counts", r.A, r.B)
		}
		n := r.Wins + r.Draws + r.Losses
		if n == 0 {
			continue
		}
		a, b := id(r.A), id(r.B)
		sa := float64(r.Wins) + float64(r.Draws)/2
		if a > b {
			a, b, sa = b, a, float64(n)-sa
		}
		p := pairs[[2]int{a, b}]
		if p == nil {
			p = &pair{i: a, j: b, games: prior, score: prior / 2}
			pairs[[2]int{a, b}] = p
		}
		p.games += float64(n)
		p.score += sa
		for _, s := range []struct {
			name  string
			games int
			score float64
		}{{r.A, n, float64(r.Wins) + float64(r.Draws)/2}, {r.B, n, float64(r.Losses) + float64(r.Draws)/2}} {
			if out[s.name] == nil {
				out[s.name] = &Rating{Name: s.name}
			}
			out[s.name].Games += s.games
			out[s.name].Score += s.score
		}
	}
	elo := make([]float64, len(names))
	free := []int{} // the players whose ratings are fitted
	slot := make([]int, len(names))
	for k, name := range names {
		if v, ok := anchors[name]; ok {
			elo[k], slot[k] = v, -1
			continue
		}
		slot[k] = len(free)
		free = append(free, k)
	}
	if len(free) == len(names) {
		return nil, errors.New("rating: no anchor played a game")
	}
	var cov [][]float64
	for iter := 0; ; iter++ {
		// grad and info: the log-likelihood's gradient and the Fisher
		// information (minus its Hessian) over the free ratings.
		grad := make([]float64, len(free))
		info := make([][]float64, len(free))
		for k := range info {
			info[k] = make([]float64, len(free))
		}
		for _, p := range pairs {
			e := Expected(elo[p.i] - elo[p.j])
			g := c * (p.score - p.games*e)
			w := c * c * p.games * e * (1 - e)
			si, sj := slot[p.i], slot[p.j]
			if si >= 0 {
				grad[si] += g
				info[si][si] += w
			}
			if sj >= 0 {
				grad[sj] -= g
				info[sj][sj] += w
			}
			if si >= 0 && sj >= 0 {
				info[si][sj] -= w
				info[sj][si] -= w
			}
		}
		inv, err := invert(info)
		if err != nil && iter == 0 {
			return nil, errors.New("rating: some players are not linked to an anchor by games")
		}
		if err != nil {
			// Linked at the start, flat now: ratings running off to
			// infinity, as for a group that lost every game it played
			// against the others.
			return nil, errors.New("rating: no finite fit (some players won or lost every game against the rest): use a prior")
		}
		cov = inv
		largest := 0.0
		for a := range free {
			step := 0.0
			for b := range free {
				step += inv[a][b] * grad[b]
			}
			// Far from the fit the curve is flat and Newton overshoots:
			// a step of at most 200 points keeps it on course.
			step = math.Max(-200, math.Min(200, step))
			elo[free[a]] += step
			largest = math.Max(largest, math.Abs(step))
		}
		if largest < 1e-7 {
			break
		}
		if iter == 500 {
			return nil, errors.New("rating: no finite fit (some players won or lost every game against the rest): use a prior")
		}
	}
	var ratings []Rating
	for k, name := range names {
		r := *out[name]
		r.Elo = elo[k]
		if s := slot[k]; s >= 0 {
			r.Error = 1.96 * math.Sqrt(cov[s][s])
		} else {
			r.Anchor = true
		}
		ratings = append(ratings, r)
	}
	sort.SliceStable(ratings, func(a, b int) bool { return ratings[a].Elo > ratings[b].Elo })
	return ratings, nil
}

// invert inverts a symmetric positive definite matrix by Gauss–Jordan
// elimination; a zero pivot means a player with no link to an anchor.
func invert(m [][]float64) ([][]float64, error) {
	n := len(m)
	a := make([][]float64, n)
	for i := range m {
		a[i] = make([]float64, 2*n)
		copy(a[i], m[i])
		a[i][n+i] = 1
	}
	for col := 0; col < n; col++ {
		pivot := col
		for r := col + 1; r < n; r++ {
			if math.Abs(a[r][col]) > math.Abs(a[pivot][col]) {
				pivot = r
			}
		}
		if math.Abs(a[pivot][col]) < 1e-12 {
			return nil, errors.New("singular")
		}
		a[col], a[pivot] = a[pivot], a[col]
		p := a[col][col]
		for k := range a[col] {
			a[col][k] /= p
		}
		for r := 0; r < n; r++ {
			if r == col || a[r][col] == 0 {
				continue
			}
			f := a[r][col]
			for k := range a[r] {
				a[r][k] -= f * a[col][k]
			}
		}
	}
	inv := make([][]float64, n)
	for i := range a {
		inv[i] = a[i][n:]
	}
	return inv, nil
}
