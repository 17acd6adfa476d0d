package engine

import (
	"context"
	"math"
	"reflect"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// TestTuneSmallRun plays a few fast self-play games and checks that the
// fit is reproducible for a seed and sees every kind that changed hands.
func TestTuneSmallRun(t *testing.T) {
	t.Parallel() // turns no search switch (the note after mustGame)
	opts := TuneOptions{Games: 3, Seed: 5, Nodes: 200}
	a, err := Tune(context.Background(), "chess", opts)
	if err != nil {
		t.Fatal(err)
	}
	if a.Games != 3 || a.Samples == 0 || a.K <= 0 {
		t.Fatalf("games %d, samples %d, K %v: want 3 games, some positions and a positive K", a.Games, a.Samples, a.K)
	}
	if a.Unbalanced[games.Pawn] == 0 {
		t.Errorf("no position with the pawns unbalanced in %d positions", a.Samples)
	}
	if a.End > a.Start {
		t.Errorf("fitted error %v above the generic values' %v", a.End, a.Start)
	}
	b, err := Tune(context.Background(), "chess", opts)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Errorf("same seed, different fits:\n%+v\n%+v", a, b)
	}
}

// TestFitValuesRecoversValues fits results drawn from known values: a
// knight worth three pawns and a rook five.
func TestFitValuesRecoversValues(t *testing.T) {
	kinds := []games.PieceKind{games.Pawn, games.Knight, games.Rook}
	var samples []tuneSample
	for p := -2; p <= 2; p++ {
		for n := -1; n <= 1; n++ {
			for r := -1; r <= 1; r++ {
				e := float64(100*p + 300*n + 500*r)
				// Results in proportion to sigmoid(e/100): 40 games each.
				wins := int(40/(1+math.Exp(-e/100)) + 0.5)
				for i := 0; i < 40; i++ {
					res := 0.0
					if i < wins {
						res = 1
					}
					for j := 0; j < 6; j++ { // enough positions to fit every kind
						samples = append(samples, tuneSample{diff: []float64{float64(p), float64(n), float64(r)}, result: res})
					}
				}
			}
		}
	}
	res := fitValues(kinds, samples)
	if d := res.Values[games.Knight] - 300; d < -30 || d > 30 {
		t.Errorf("knight %d, want 300±30", res.Values[games.Knight])
	}
	if d := res.Values[games.Rook] - 500; d < -50 || d > 50 {
		t.Errorf("rook %d, want 500±50", res.Values[games.Rook])
	}
	if _, ok := res.Values[games.Pawn]; ok {
		t.Error("the pawn was fitted: it sets the scale")
	}
}

// TestVariantValuesFallBack: a variant without a fitted table plays with
// the generic values, and a fitted table keeps the kinds it did not fit.
func TestVariantValuesFallBack(t *testing.T) {
	if got := variantValues("no such variant"); !reflect.DeepEqual(got, pieceValues) {
		t.Errorf("unknown variant got %v, want the generic table", got)
	}
	for id, fitted := range fittedValues {
		got := variantValues(id)
		for k, v := range pieceValues {
			want := v
			if f, ok := fitted[k]; ok {
				want = f
			}
			if got[k] != want {
				t.Errorf("%s %s: %d, want %d", id, k, got[k], want)
			}
		}
	}
}

// TestFitValuesDrawsFitNothing: when every game is drawn, material
// predicts nothing and no value moves.
func TestFitValuesDrawsFitNothing(t *testing.T) {
	kinds := []games.PieceKind{games.Pawn, games.Knight}
	var samples []tuneSample
	for i := 0; i < 500; i++ {
		samples = append(samples, tuneSample{diff: []float64{float64(i%3 - 1), float64(i%2*2 - 1)}, result: 0.5})
	}
	if res := fitValues(kinds, samples); len(res.Values) != 0 {
		t.Errorf("fitted %v from drawn games only", res.Values)
	}
}
