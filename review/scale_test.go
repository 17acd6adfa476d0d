package review

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/bermudachess/bermuda/engine"
	"github.com/bermudachess/bermuda/games"
	_ "github.com/bermudachess/bermuda/games/all"
)

// majorPiece is the queen, or where there is none the most valuable piece
// (king aside) that the variant's start position holds, and its value for
// the engine (hundredths of a pawn).
func majorPiece(t *testing.T, variant string) (games.PieceKind, int) {
	t.Helper()
	g, err := games.NewGame(variant, "")
	if err != nil {
		t.Fatal(err)
	}
	values := engine.VariantPieceValues(variant)
	best, bestValue := games.PieceKind(""), 0
	for _, p := range g.View().Pieces {
		if p.Kind == games.Queen {
			return games.Queen, values[games.Queen]
		}
		if p.Kind == games.King || p.Kind == games.Schrodinger {
			continue
		}
		if v := values[p.Kind]; v > bestValue {
			best, bestValue = p.Kind, v
		}
	}
	if bestValue == 0 {
		t.Fatalf("%s: no piece with a value in the start position", variant)
	}
	return best, bestValue
}

// TestScaleJudgesMaterial: on every variant's own curve, a queen (or the
// variant's most valuable piece) given away for nothing in an even
// position is a blunder, and a pawn is not. spIndecision's armies belong
// to neither player, so no material is anyone's to lose: there the test
// is that its scores, which only a forced result moves, are judged by
// forced results (README.md, "Scale constants").
func TestScaleJudgesMaterial(t *testing.T) {
	t.Parallel()
	for _, v := range games.All() {
		k := ScaleK(v.ID)
		if k < 0.05 || k > 2 {
			t.Errorf("%s: K %.4f per pawn, want within 0.05–2", v.ID, k)
		}
		if v.ID == "spindecision" {
			continue
		}
		kind, value := majorPiece(t, v.ID)
		pawn := engine.VariantPieceValues(v.ID)[games.Pawn]
		even := Expected(v.ID, 0)
		if loss := even - Expected(v.ID, -value); loss < 0.15 {
			t.Errorf("%s: a %s (%d) lost for nothing costs %.3f, want a blunder (≥ 0.15)", v.ID, kind, value, loss)
		}
		if loss := even - Expected(v.ID, -pawn); loss >= 0.15 {
			t.Errorf("%s: a pawn (%d) lost costs %.3f, a blunder; want less than 0.15", v.ID, pawn, loss)
		}
	}
}

// TestRandomGamesHaveErrors reviews 20 plies of random legal moves in every
// variant (40 in the Angle, whose armies start six empty ranks apart on a
// 10×10 board and barely meet in 20 random plies) at a small budget: both
// players make errors (inaccuracies, mistakes or blunders). A review that
// finds none does not see the game.
func TestRandomGamesHaveErrors(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("reviews seven games")
	}
	for _, v := range games.All() {
		t.Run(v.ID, func(t *testing.T) {
			plies := 20
			if v.ID == "angle" {
				plies = 40
			}
			rec := randomGame(t, v.ID, plies, 11)
			rv, err := Game(context.Background(), rec, Options{Nodes: 4000})
			if err != nil {
				t.Fatal(err)
			}
			for i, p := range rv.Players {
				errors := p.Inaccuracies + p.Mistakes + p.Blunders
				t.Logf("%s player %d: %d inaccuracies, %d mistakes, %d blunders", v.ID, i+1, p.Inaccuracies, p.Mistakes, p.Blunders)
				if errors == 0 {
					t.Errorf("%s: player %d made no error in %d plies of random moves", v.ID, i+1, len(rec.Plies))
				}
			}
		})
	}
}

// randomGame plays up to plies uniformly random legal moves, seeded.
func randomGame(t *testing.T, variant string, plies int, seed uint64) games.Record {
	t.Helper()
	roller := games.Seeded(seed)
	rng := rand.New(rand.NewPCG(seed, seed+1))
	g, startRolls, _, err := games.Start(variant, "", roller)
	if err != nil {
		t.Fatal(err)
	}
	rec := games.Record{Variant: variant, StartRolls: startRolls}
	for i := 0; i < plies && !g.Outcome().Over; i++ {
		legal := g.LegalMoves()
		next, ply, _, err := games.Apply(g, legal[rng.IntN(len(legal))].Notation, roller)
		if err != nil {
			t.Fatal(err)
		}
		rec.Plies = append(rec.Plies, ply)
		g = next
	}
	return rec
}
