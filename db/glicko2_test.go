package db

import (
	"math"
	"testing"
)

// The worked example of Glickman's "Example of the Glicko-2 system".
func TestGlicko2PaperExample(t *testing.T) {
	p := glicko{R: 1500, RD: 200, Vol: 0.06}
	got := p.update([]glickoGame{
		{glicko{R: 1400, RD: 30}, 1},
		{glicko{R: 1550, RD: 100}, 0},
		{glicko{R: 1700, RD: 300}, 0},
	}, 0.5)
	if math.Abs(got.R-1464.06) > 0.01 || math.Abs(got.RD-151.52) > 0.01 || math.Abs(got.Vol-0.05999) > 0.00001 {
		t.Fatalf("got r=%.4f RD=%.4f σ=%.6f; want 1464.06, 151.52, 0.05999", got.R, got.RD, got.Vol)
	}
}

func TestGlicko2SymmetryAndDirection(t *testing.T) {
	a, b := glicko{StartRating, StartRD, StartVolatility}, glicko{StartRating, StartRD, StartVolatility}
	win := a.update([]glickoGame{{b, 1}}, Tau)
	loss := b.update([]glickoGame{{a, 0}}, Tau)
	if win.R <= StartRating || loss.R >= StartRating || math.Abs((win.R-1500)+(loss.R-1500)) > 1e-9 {
		t.Fatalf("equal players: winner %.3f loser %.3f", win.R, loss.R)
	}
	if win.RD >= StartRD || loss.RD >= StartRD {
		t.Fatalf("a game must shrink the deviation: %.2f %.2f", win.RD, loss.RD)
	}
	draw := a.update([]glickoGame{{b, 0.5}}, Tau)
	if math.Abs(draw.R-StartRating) > 1e-9 {
		t.Fatalf("a draw between equals moved the rating to %.4f", draw.R)
	}
	idle := a.update(nil, Tau)
	if idle.R != a.R || idle.RD <= a.RD {
		t.Fatalf("a period without games: %+v", idle)
	}
}
