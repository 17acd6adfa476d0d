package db

import (
	"math"
	"time"
)

// Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013). Ratings
// are kept on the Glicko scale (1500, RD) and converted to the Glicko-2
// scale (μ, φ) for the update.
//
// Each rated game is rated at once, as a period holding that one result.
// The deviation's growth before it (step 6: φ² + σ²) is scaled by how many
// RatingPeriods have passed since the player's previous rated game, as
// Lichess does with these same constants. With a full period per game,
// σ = 0.09 keeps every deviation near 75 for ever (φ² gains σ² per game as
// fast as one result takes it away), so no one would ever reach a
// leaderboard's RD <= 65; with elapsed time, active players settle and
// idle ones drift back out.

const (
	StartRating     = 1500.0
	StartRD         = 500.0
	StartVolatility = 0.09
	Tau             = 0.75 // how much volatility may change per period
	// LeaderboardRD is the largest deviation a leaderboard shows.
	LeaderboardRD = 65.0

	// RatingPeriod is the time over which an idle player's deviation
	// grows by one period's volatility.
	RatingPeriod = 7 * 24 * time.Hour

	glickoScale = 173.7178
	glickoEps   = 1e-6
)

// glicko is one player's rating before or after a period.
type glicko struct{ R, RD, Vol float64 }

// glickoGame is one result of a period: the opponent's rating before the
// period and the score (1 win, 0.5 draw, 0 loss).
type glickoGame struct {
	Opp   glicko
	Score float64
}

func gFactor(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

// periodsSince is how many rating periods have passed from a player's
// previous rated game to now; a first game counts as one.
func periodsSince(last, now time.Time) float64 {
	if last.IsZero() {
		return 1
	}
	return max(0, float64(now.Sub(last))/float64(RatingPeriod))
}

// update returns the player's rating after a period with these results,
// periods long (1 for the paper's fixed periods). The deviation never
// grows beyond StartRD.
func (p glicko) update(results []glickoGame, tau, periods float64) glicko {
	mu, phi := (p.R-1500)/glickoScale, p.RD/glickoScale
	grown := func(vol float64) float64 { // step 6
		return math.Min(math.Sqrt(phi*phi+periods*vol*vol), StartRD/glickoScale)
	}
	if len(results) == 0 {
		return glicko{R: p.R, RD: grown(p.Vol) * glickoScale, Vol: p.Vol}
	}
	// Steps 3 and 4: estimated variance v and improvement delta.
	var invV, sum float64
	for _, res := range results {
		muJ, phiJ := (res.Opp.R-1500)/glickoScale, res.Opp.RD/glickoScale
		g := gFactor(phiJ)
		e := 1 / (1 + math.Exp(-g*(mu-muJ)))
		invV += g * g * e * (1 - e)
		sum += g * (res.Score - e)
	}
	v := 1 / invV
	delta := v * sum

	// Step 5: new volatility, by the Illinois variant of regula falsi.
	a := math.Log(p.Vol * p.Vol)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 && k < 1000 {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > glickoEps && i < 200; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	vol := math.Exp(A / 2)

	// Steps 6 to 8: new deviation and rating, back on the Glicko scale.
	phiStar := grown(vol)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*sum
	return glicko{R: muNew*glickoScale + 1500, RD: phiNew * glickoScale, Vol: vol}
}
