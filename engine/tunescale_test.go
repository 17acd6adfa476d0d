package engine

import (
	"context"
	"math"
	"reflect"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// TestFitScaleSmallRun fits K on a few fast self-play games: positive,
// within its bounds, and the same for the same seed.
func TestFitScaleSmallRun(t *testing.T) {
	t.Parallel() // turns no search switch (the note after mustGame)
	opts := ScaleOptions{TuneOptions: TuneOptions{Games: 3, Seed: 5, Nodes: 200, MaxPlies: 80}, Handicap: 2, Resign: 600}
	a, err := FitScale(context.Background(), "chess", opts)
	if err != nil {
		t.Fatal(err)
	}
	if a.Games != 3 || a.Samples == 0 || a.K <= 0 || a.K > 10 {
		t.Fatalf("%+v: want 3 games, some samples and K in (0, 10]", a)
	}
	b, err := FitScale(context.Background(), "chess", opts)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Errorf("same seed, different fits:\n%+v\n%+v", a, b)
	}
}

// TestFitKRecoversScale: results drawn from a known curve give back its K.
func TestFitKRecoversScale(t *testing.T) {
	const want = 0.4
	var xs, ps []float64
	for cp := -800.0; cp <= 800; cp += 50 {
		xs = append(xs, cp)
		ps = append(ps, 1/(1+math.Exp(-want*cp/100)))
	}
	loss := func(K float64) float64 {
		sum := 0.0
		for i, x := range xs {
			// The expected squared error against Bernoulli(p) results.
			p, e := ps[i], 1/(1+math.Exp(-K*x/100))
			sum += p*(1-e)*(1-e) + (1-p)*e*e
		}
		return sum
	}
	if k := fitK(loss); math.Abs(k-want) > 0.01 {
		t.Errorf("K %.4f, want %.2f", k, want)
	}
}

// TestFitScaleAdjudicates: with a low resign score every game ends by
// adjudication, decisively, long before its natural end.
func TestFitScaleAdjudicates(t *testing.T) {
	opts := ScaleOptions{TuneOptions: TuneOptions{Games: 3, Seed: 10, Nodes: 300}, Handicap: 3, Resign: 150, ResignPlies: 2}
	fit, err := FitScale(context.Background(), "chess", opts)
	if err != nil {
		t.Fatal(err)
	}
	if fit.Adjudicated != 3 || fit.Reasons[reasonResigned] != 3 || fit.Drawn != 0 || fit.Unfinished != 0 {
		t.Fatalf("%+v: want all 3 games adjudicated, none drawn", fit)
	}
	if fit.Plies > 3*60 {
		t.Errorf("%d plies in 3 adjudicated games: the rule did not stop them", fit.Plies)
	}
}

// TestScaleGameHandicap: the handicapped player's random moves are not
// searched, so a handicapped game scores fewer plies than it plays.
func TestScaleGameHandicap(t *testing.T) {
	opts := ScaleOptions{TuneOptions: TuneOptions{Nodes: 200, MaxPlies: 20}.withDefaults(), Handicap: 3}
	gm, err := scaleGame(context.Background(), "chess", opts, 3, games.Player1)
	if err != nil {
		t.Fatal(err)
	}
	// 20 plies: 4 random, 3 of Player 1's random, at most 13 searched.
	if gm.plies != 20 || len(gm.scores) > 13 {
		t.Errorf("%d plies, %d scores: want 20 plies and at most 13 scored", gm.plies, len(gm.scores))
	}
}
