package engine

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"strings"

	"github.com/bermudachess/bermuda/games"
)

// ScaleFit is the logistic curve that turns a search score into an
// expected score: E = 1 / (1 + exp(-K·score/100)) for the player the score
// is for (win 1, draw ½, loss 0), K fitted to self-play results.
type ScaleFit struct {
	Variant string
	Games   int
	// Samples are the searched plies whose score entered the fit: not a
	// forced result, and within ScaleOptions.MaxScore when it is set.
	Samples int
	// Beyond counts the searched plies left out for a score beyond
	// ScaleOptions.MaxScore.
	Beyond int
	K      float64 // per pawn (the score is in hundredths of a pawn)
	Error  float64 // mean squared error of E against the results
	Drawn  float64 // share of the finished games drawn
	// Unfinished games reached opts.MaxPlies: they have no result, so
	// their plies are left out (counted as draws they flatten the curve).
	Unfinished int
	// Adjudicated finished games were won by ScaleOptions.Resign.
	Adjudicated int
	AtBound     bool // K sits at its search bound: the scores predict nothing
	// Reasons counts how the finished games ended (the rules' reason:
	// "checkmate", "threefold repetition", …).
	Reasons map[string]int
	// Nodes is the search budget per move, Plies the plies played in all.
	Nodes int64
	Plies int
}

// ScaleOptions says how FitScale plays its games: TuneOptions' games,
// seed, nodes (per searched move), random opening plies and length, and
// how the games are made decisive.
type ScaleOptions struct {
	TuneOptions
	// Handicap, if positive, gives two games in three a handicapped
	// player (Player 1 and Player 2 in turn): after the random opening,
	// that player's first Handicap moves are random while the other
	// player searches. The game then starts with an advantage the
	// search earned, as a review's positions have after a mistake, and
	// is played out by both at the full budget; the fit sees scores
	// across the range instead of only near 0. The handicapped player's
	// random moves are not scored.
	Handicap int
	// Resign, if positive, adjudicates a game as cutechess-cli's resign
	// rule does: once ResignPlies searched plies in a row (both players'
	// searches, default 8) have scored the game beyond ±Resign for the
	// same player (hundredths of a pawn), that player wins. A side that
	// far ahead wins with competent play, but a fast search can shuffle
	// for hundreds of plies before it finds the way (the Angle's games at
	// 20,000 nodes ran past 300 plies a queen up); adjudicated, the game
	// counts as what it is.
	Resign      int
	ResignPlies int
	// MaxScore, if positive, leaves out of the fit the plies whose score
	// is beyond ±MaxScore (hundredths of a pawn): far from even, where a
	// variant's large values (Bermuda chess's kings) stretch the scores
	// past what a single slope describes; review judges its moves where
	// the curve is steep.
	MaxScore int
}

// FitScale plays opts.Games self-play games and fits K on the search's
// own scores (not on material): at every searched ply, the score for
// Player 1 against the game's result for Player 1, Texel style. Every move
// after the random opening (and the handicap) is engine.BestScore's, the
// search game review scores positions with (level 5 without contempt, the
// variant's own piece values, the game's earlier positions passed as
// Limits.History so that the side ahead does not walk into a repetition),
// at opts.Nodes a move. Games the rules did not end within opts.MaxPlies
// are left out. Game review reads its expected scores through this curve.
// It is deterministic for a seed.
func FitScale(ctx context.Context, variant string, opts ScaleOptions) (ScaleFit, error) {
	opts.TuneOptions = opts.TuneOptions.withDefaults()
	fit := ScaleFit{Variant: variant, Games: opts.Games, Reasons: map[string]int{}, Nodes: opts.Nodes}
	var samples []tuneSample
	drawn := 0
	for i := 0; i < opts.Games; i++ {
		if err := ctx.Err(); err != nil {
			return ScaleFit{}, err
		}
		handicapped := games.NoPlayer
		if opts.Handicap > 0 {
			switch i % 3 {
			case 1:
				handicapped = games.Player1
			case 2:
				handicapped = games.Player2
			}
		}
		gm, err := scaleGame(ctx, variant, opts, opts.Seed+uint64(i)*7919, handicapped)
		if err != nil {
			return ScaleFit{}, fmt.Errorf("game %d: %w", i+1, err)
		}
		fit.Plies += gm.plies
		if opts.Progress != nil {
			opts.Progress(i + 1)
		}
		if !gm.over {
			fit.Unfinished++
			continue
		}
		fit.Reasons[reasonKey(gm.reason)]++
		if gm.reason == reasonResigned {
			fit.Adjudicated++
		}
		if gm.result == 0.5 {
			drawn++
		}
		for _, s := range gm.scores {
			if opts.MaxScore > 0 && math.Abs(s) > float64(opts.MaxScore) {
				fit.Beyond++
				continue
			}
			samples = append(samples, tuneSample{diff: []float64{s}, result: gm.result})
		}
	}
	fit.Samples = len(samples)
	if finished := opts.Games - fit.Unfinished; finished > 0 {
		fit.Drawn = float64(drawn) / float64(finished)
	}
	loss := func(K float64) float64 { return scaleLoss(samples, K) }
	fit.K = fitK(loss)
	fit.Error = loss(fit.K)
	fit.AtBound = fit.K < 0.002 || fit.K > 9.9
	return fit, nil
}

// scaleLoss is the mean squared error of the curve of slope K against the
// samples' results.
func scaleLoss(samples []tuneSample, K float64) float64 {
	sum := 0.0
	for _, s := range samples {
		d := s.result - 1/(1+math.Exp(-K*s.diff[0]/100))
		sum += d * d
	}
	return sum / math.Max(1, float64(len(samples)))
}

// reasonKey is a game's end reason without the winner's name, so that
// wins by the same rule count together ("White has no King left" and
// "Black has no King left" are both "has no king left").
func reasonKey(reason string) string {
	r := strings.ToLower(strings.TrimSpace(reason))
	if r == "" {
		return "(no reason)"
	}
	for _, side := range []string{"white ", "black ", "red "} {
		r = strings.TrimPrefix(r, side)
	}
	return r
}

// FormatReasons lists Reasons, most frequent first: "checkmate 40,
// threefold repetition 7".
func (f ScaleFit) FormatReasons() string {
	type kv struct {
		k string
		n int
	}
	var rs []kv
	for k, n := range f.Reasons {
		rs = append(rs, kv{k, n})
	}
	sort.Slice(rs, func(a, b int) bool {
		if rs[a].n != rs[b].n {
			return rs[a].n > rs[b].n
		}
		return rs[a].k < rs[b].k
	})
	var parts []string
	for _, r := range rs {
		parts = append(parts, fmt.Sprintf("%s %d", r.k, r.n))
	}
	return strings.Join(parts, ", ")
}

// scaleGameResult is one FitScale game: the search's scores for Player 1,
// the result for Player 1 (1, ½, 0), whether the rules ended the game and
// why, and how many plies it lasted.
type scaleGameResult struct {
	scores []float64
	result float64
	over   bool
	reason string
	plies  int
}

// reasonResigned is the reason of a game ScaleOptions.Resign adjudicated.
const reasonResigned = "adjudicated: resigned"

// scaleGame plays one FitScale game: opts.RandomPlies random plies, then
// handicapped's first opts.Handicap moves random, every other move
// BestScore's at opts.Nodes with the game's history.
func scaleGame(ctx context.Context, variant string, opts ScaleOptions, seed uint64, handicapped games.Player) (scaleGameResult, error) {
	var out scaleGameResult
	roller := games.Seeded(seed)
	rng := rand.New(rand.NewPCG(seed, seed^0xda942042e4dd58b5))
	g, _, _, err := games.Start(variant, "", roller)
	if err != nil {
		return out, err
	}
	history := []games.Game{g}
	handicap := opts.Handicap
	resignPlies := opts.ResignPlies
	if resignPlies <= 0 {
		resignPlies = 8
	}
	streak, streakSign := 0, 0 // searched plies in a row beyond ±Resign, and for whom
	for ply := 0; ply < opts.MaxPlies && !g.Outcome().Over; ply++ {
		legal := g.LegalMoves()
		m := legal[rng.IntN(len(legal))]
		switch {
		case ply < opts.RandomPlies:
		case handicapped != games.NoPlayer && g.Turn().Player == handicapped && handicap > 0:
			handicap--
		default:
			best, depth, err := BestScore(ctx, g, Limits{Nodes: opts.Nodes, History: history})
			if err != nil {
				return out, fmt.Errorf("ply %d: %w", ply+1, err)
			}
			m = best.Move
			p1 := best.Score * playerSign(g.Turn().Player)
			if depth > 0 && MateIn(best.Score) == 0 {
				out.scores = append(out.scores, float64(p1))
			}
			if opts.Resign > 0 {
				sign := 0
				if p1 > opts.Resign {
					sign = 1
				} else if p1 < -opts.Resign {
					sign = -1
				}
				if sign != 0 && sign == streakSign {
					streak++
				} else {
					streak, streakSign = 1, sign
				}
				if sign != 0 && streak >= resignPlies {
					out.result, out.over, out.reason = float64(sign+1)/2, true, reasonResigned
					return out, nil
				}
			}
		}
		next, _, _, err := games.Apply(g, m.Notation, roller)
		if err != nil {
			return out, fmt.Errorf("ply %d %s: %w", ply+1, m.Notation, err)
		}
		g = next
		history = append(history, g)
		out.plies++
	}
	out.result = 0.5
	o := g.Outcome()
	if o.Over && !o.Draw {
		out.result = 0
		if o.Winner == games.Player1 {
			out.result = 1
		}
	}
	out.over, out.reason = o.Over, o.Reason
	return out, nil
}
