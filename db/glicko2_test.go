package db

import (
	"math"
	"testing"
	"time"
)

// The worked example of Glickman's "Example of the Glicko-2 system".
func TestGlicko2PaperExample(t *testing.T) {
	p := glicko{R: 1500, RD: 200, Vol: 0.06}
	got := p.update([]glickoGame{
		{glicko{R: 1400, RD: 30}, 1},
		{glicko{R: 1550, RD: 100}, 0},
		{glicko{R: 1700, RD: 300}, 0},
	}, 0.5, 1)
	if math.Abs(got.R-1464.06) > 0.01 || math.Abs(got.RD-151.52) > 0.01 || math.Abs(got.Vol-0.05999) > 0.00001 {
		t.Fatalf("got r=%.4f RD=%.4f σ=%.6f; want 1464.06, 151.52, 0.05999", got.R, got.RD, got.Vol)
	}
}

func TestGlicko2SymmetryAndDirection(t *testing.T) {
	a, b := glicko{StartRating, StartRD, StartVolatility}, glicko{StartRating, StartRD, StartVolatility}
	win := a.update([]glickoGame{{b, 1}}, Tau, 1)
	loss := b.update([]glickoGame{{a, 0}}, Tau, 1)
	if win.R <= StartRating || loss.R >= StartRating || math.Abs((win.R-1500)+(loss.R-1500)) > 1e-9 {
		t.Fatalf("equal players: winner %.3f loser %.3f", win.R, loss.R)
	}
	if win.RD >= StartRD || loss.RD >= StartRD {
		t.Fatalf("a game must shrink the deviation: %.2f %.2f", win.RD, loss.RD)
	}
	draw := a.update([]glickoGame{{b, 0.5}}, Tau, 1)
	if math.Abs(draw.R-StartRating) > 1e-9 {
		t.Fatalf("a draw between equals moved the rating to %.4f", draw.R)
	}
	idle := a.update(nil, Tau, 1)
	if idle.R != a.R || idle.RD <= a.RD {
		t.Fatalf("a period without games: %+v", idle)
	}
}

// One game per period leaves the deviation near 75 (never on a
// leaderboard); games close together in time let it settle below 65, and
// a long break lets it grow again.
func TestGlicko2DeviationSettlesForActivePlayers(t *testing.T) {
	for _, periods := range []float64{1, 0.01} {
		a, b := glicko{StartRating, StartRD, StartVolatility}, glicko{StartRating, StartRD, StartVolatility}
		for i := 0; i < 300; i++ {
			s := float64(i % 2)
			a, b = a.update([]glickoGame{{b, s}}, Tau, periods), b.update([]glickoGame{{a, 1 - s}}, Tau, periods)
		}
		if settled := a.RD <= LeaderboardRD; settled != (periods < 1) {
			t.Errorf("after 300 games %v periods apart: RD %.1f", periods, a.RD)
		}
		if periods < 1 {
			idle := a.update(nil, Tau, 52)
			if idle.RD <= 100 || idle.RD > StartRD || idle.R != a.R {
				t.Errorf("a year idle: %+v", idle)
			}
		}
	}
	if p := periodsSince(time.Time{}, time.Now()); p != 1 {
		t.Errorf("first game: %v periods", p)
	}
	now := time.Now()
	if p := periodsSince(now.Add(-RatingPeriod/2), now); math.Abs(p-0.5) > 1e-9 {
		t.Errorf("half a period: %v", p)
	}
}
