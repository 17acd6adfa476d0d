package engine

import (
	"context"
	"math"
	"reflect"
	"testing"
)

// TestFitScaleSmallRun fits K on a few fast self-play games: positive,
// within its bounds, and the same for the same seed.
func TestFitScaleSmallRun(t *testing.T) {
	opts := ScaleOptions{TuneOptions: TuneOptions{Games: 3, Seed: 5, Nodes: 200}, Handicap: 2}
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
