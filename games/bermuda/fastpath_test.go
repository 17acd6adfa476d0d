package bermuda

import (
	"github.com/bermudachess/bermuda/games/gamestest"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestMoveByNotationMatchesLegalMoves(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		gamestest.PlayCheckingLookup(t, "bermuda", seed, 200, "F1-a3", "e7e8=Q", "O-O", "e1g1")
	}
}

func TestMoveByNotationExactNotation(t *testing.T) {
	// Case matters: e2e4 is on the lower board, E2E4 on the upper one.
	gamestest.ExpectLookup(t, "bermuda", "", map[string]bool{
		"b1c3": true, "c2c4": true, "B2B4": true, "G2G3": true, "F1-a3": true,
		"F1a3": false, "f1-a3": false, "F1-A3": false, "b2B4": false, "Nc3": false, "c2-c4": false,
		"c7c5": false, // Black's move, White to play
		"c2c5": false, // no such pawn move
		"e1g1": false, // castling through pieces
	})
}

// A reply can remove a king only by playing onto its square or onto the
// square complementary to it (a falling victim crushes what is below), or by
// en passant or castling: attackedKings plays only those. Check it against
// playing every reply, along random games.
func TestAttackedKingsMatchesPlayingEveryReply(t *testing.T) {
	everyReply := func(g *game, c int) []int {
		probe := g.pos
		probe.toMove = 1 - c
		probe.ep = -1
		var hit []int
		for sq, p := range probe.sq {
			if p != colored(king, c) {
				continue
			}
			for _, m := range probe.generate(nil) {
				after := probe
				after.play(m, nil)
				if after.sq[sq] != colored(king, c) {
					hit = append(hit, sq)
					break
				}
			}
		}
		return hit
	}
	checked := 0
	for seed := uint64(1); seed <= 6; seed++ {
		g, err := newGame("")
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 23))
		for ply := 0; ply < 300 && !g.Outcome().Over; ply++ {
			for c := 0; c < 2; c++ {
				got, want := g.attackedKings(c), everyReply(g, c)
				if !slices.Equal(got, want) {
					t.Fatalf("seed %d ply %d, %s kings: attackedKings = %v, playing every reply gives %v in %s",
						seed, ply, colorName(c), got, want, g.pos.String())
				}
				checked += len(want)
			}
			ms := g.pos.generate(nil)
			if _, err := g.Play(g.describe(ms[rng.IntN(len(ms))]), nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no king was ever attacked: the comparison proved nothing")
	}
	t.Logf("%d attacked kings compared", checked)
}

func BenchmarkReplay200(b *testing.B) { gamestest.BenchmarkReplay(b, "bermuda") }
