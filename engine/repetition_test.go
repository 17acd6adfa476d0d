package engine

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// markedMoves is what a repetition scan marked, as notations, sorted.
func markedMoves(t *testing.T, tr tree, draws map[uint32]bool) []string {
	t.Helper()
	var out []string
	for code := range draws {
		m, ok := tr.public(move{code: code})
		if !ok {
			t.Fatalf("marked code %d is no move", code)
		}
		out = append(out, m.Notation)
	}
	slices.Sort(out)
	return out
}

// playScripted plays moves from setup, every roll naming the same square
// (faces f, f): an empty square of the Angle in the cases below; a
// variant without dice never rolls.
func playScripted(t *testing.T, variant, setup string, f int, moves []string) games.Game {
	t.Helper()
	g := mustGame(t, variant, setup)
	for i, mv := range moves {
		var err error
		if g, _, _, err = games.Apply(g, mv, games.Script(f, f)); err != nil {
			t.Fatalf("%s after %d moves: %v", mv, i, err)
		}
	}
	return g
}

// checkSkip holds g to the skip's contract: the fast path is there, the
// skip applies exactly when skipped says, the full scan marks want, and
// repetitionDraws marks what the full scan does.
func checkSkip(t *testing.T, g games.Game, skipped bool, want []string) {
	t.Helper()
	tr := newTree(g, newEvaluator(g, nil))
	if _, fast := tr.(*fastTree); !fast {
		t.Fatal("no fast path: the skip never applies")
	}
	if got := repetitionOutOfReach(g, tr); got != skipped {
		t.Errorf("skipped %v, want %v", got, skipped)
	}
	legal := g.LegalMoves()
	scanned := markedMoves(t, tr, scanRepetitionDraws(g, tr, legal))
	if !slices.Equal(scanned, want) {
		t.Errorf("the full scan marked %v, want %v", scanned, want)
	}
	if got := markedMoves(t, tr, repetitionDraws(g, tr, legal)); !slices.Equal(got, scanned) {
		t.Errorf("repetitionDraws marked %v, the full scan %v", got, scanned)
	}
}

// A position one move from a threefold repetition, with the fifty-move
// count at the fewest plies that allow one (7: the first occurrence 8
// plies before the move that would make the third), must still be scanned
// and its move marked; one ply earlier nothing can repeat and the scan is
// skipped. The Angle is played without dice (nothing in the Angle) and
// with them (a rook stands on e5, so every move rolls; the dice name c3,
// empty, and the repeating move draws with 35 rolls of 36). Every variant
// with a bound of 8 plies is here (Random Move Number Chess, with 4, has
// its own test).
func TestRepetitionSkipKeepsEveryDraw(t *testing.T) {
	angleShuffle := []string{"b1a3", "b10a8", "a3b1", "a8b10", "b1a3", "b10a8", "a3b1"}
	chessShuffle := []string{"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"}
	const bedeSetup = "4k3c/9/9/9/9/9/9/9/9/9/C3K4 w e c 0 1"
	bedeShuffle := []string{"a1a2", "i11i10", "a2a1", "i10i11", "a1a2", "i11i10", "a2a1"}
	berylShuffle := []string{"25-19", "27-18", "19-25", "18-27", "25-19", "27-18", "19-25"}
	const spinSetup = "W:P16,S17,P22,N25,R28,N29,P34,S35,P38 B:S20,P21,P24,N27,N32,R33,S36,P37,P39 R:R1,N2,N3,P4,P5,P6,P7,S8,S9 1 R 0 1"
	spinShuffle := []string{"25-26", "2-14", "26-25", "14-2", "25-26", "2-14", "26-25"}
	cases := []struct {
		name, variant, setup string
		moves                []string
		want                 []string // marked by the scan; nil: none
		skipped              bool
	}{
		{"angle without dice", "angle", "1n7k/10/10/10/10/10/10/10/10/1N7K w - - 0 1", angleShuffle, []string{"a8b10"}, false},
		{"angle without dice, a ply earlier", "angle", "1n7k/10/10/10/10/10/10/10/10/1N7K w - - 0 1", angleShuffle[:6], nil, true},
		{"angle with dice", "angle", "1n7k/10/10/10/10/4R5/10/10/10/1N7K w - - 0 1", angleShuffle, []string{"a8b10"}, false},
		{"angle with dice, a ply earlier", "angle", "1n7k/10/10/10/10/4R5/10/10/10/1N7K w - - 0 1", angleShuffle[:6], nil, true},
		{"chess", "chess", "", chessShuffle, []string{"f6g8"}, false},
		{"chess, a ply earlier", "chess", "", chessShuffle[:6], nil, true},
		// Bermuda chess: knights of the lower board.
		{"bermuda", "bermuda", "", chessShuffle, []string{"f6g8"}, false},
		{"bermuda, a ply earlier", "bermuda", "", chessShuffle[:6], nil, true},
		// Bede after escalation (before it no piece may move back, but
		// sideways it may): a chancellor each, Black's having moved last
		// (what a Jester would copy is part of the key).
		{"bede", "bede", bedeSetup, bedeShuffle, []string{"i10i11"}, false},
		{"bede, a ply earlier", "bede", bedeSetup, bedeShuffle[:6], nil, true},
		// Beryl Chess: a knight each.
		{"beryl", "beryl", "", berylShuffle, []string{"18-27"}, false},
		{"beryl, a ply earlier", "beryl", "", berylShuffle[:6], nil, true},
		// spIndecision: Player 1 moves a White knight, Player 2 a Red one
		// (the army Player 1 did not just move); Red barred at the start,
		// as after each of Player 2's plies, so the start comes back.
		{"spindecision", "spindecision", spinSetup, spinShuffle, []string{"14-2"}, false},
		{"spindecision, a ply earlier", "spindecision", spinSetup, spinShuffle[:6], nil, true},
		// The count comes from the position: a loaded game with a high
		// count but no history is scanned (and nothing repeats).
		{"angle loaded at count 40", "angle", "1n7k/10/10/10/10/4R5/10/10/10/1N7K w - - 40 60", nil, nil, false},
		// The rook is taken at the first ply (the count restarts): the
		// shuffle after it is too short to repeat three times.
		{"chess after a capture", "chess", "7k/8/8/8/8/8/7K/R1r5 w - - 12 40",
			[]string{"a1c1", "h8g8", "h2g2", "g8h8", "g2h2", "h8g8", "h2g2"}, nil, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			checkSkip(t, playScripted(t, c.variant, c.setup, 1, c.moves), c.skipped, c.want)
		})
	}
}

// Along seeded random games of every variant, wherever the scan is skipped
// it would have marked nothing; and the skip does apply in some positions
// but not all (in most, for a bound of 8 plies: where a capture, a pawn
// move or a vanishing was recent).
func TestRepetitionSkipAppliesAndMarksNothingSkipped(t *testing.T) {
	for _, variant := range []string{"angle", "chess", "bermuda", "bede", "beryl", "spindecision", "randommove"} {
		rng := rand.New(rand.NewPCG(7, 11))
		positions, skipped := 0, 0
		plies := 60
		if variant == "bede" {
			// Squires and pawns have most of a random game's moves: the
			// count seldom passes 7 before the middle game.
			plies = 200
		}
		for game := 0; game < 3; game++ {
			g := mustGame(t, variant, "")
			roller := games.Seeded(uint64(game + 1))
			for ply := 0; ply < plies && !g.Outcome().Over; ply++ {
				tr := newTree(g, newEvaluator(g, nil))
				legal := g.LegalMoves()
				positions++
				if repetitionOutOfReach(g, tr) {
					skipped++
					if marked := markedMoves(t, tr, scanRepetitionDraws(g, tr, legal)); len(marked) > 0 {
						t.Fatalf("%s %q: skipped, but the scan marks %v", variant, g.Position(), marked)
					}
				}
				var err error
				if g, _, _, err = games.Apply(g, legal[rng.IntN(len(legal))].Notation, roller); err != nil {
					t.Fatal(err)
				}
			}
		}
		if skipped == 0 || skipped == positions {
			t.Errorf("%s: skipped in %d of %d positions, want some but not all", variant, skipped, positions)
		}
		t.Logf("%s: skipped in %d of %d positions", variant, skipped, positions)
	}
}

// Random Move Number Chess judges repetition at turn boundaries, and a lost
// turn hands the move over with no single move.
func TestRepetitionSkipRandomMove(t *testing.T) {
	type step struct {
		move  string
		rolls []int // the throws of the turns the move ends
	}
	play := func(t *testing.T, setup string, setupRolls []int, steps []step) games.Game {
		t.Helper()
		g, _, _, err := games.Start("randommove", setup, games.Script(setupRolls...))
		if err != nil {
			t.Fatal(err)
		}
		for i, s := range steps {
			if g, _, _, err = games.Apply(g, s.move, games.Script(s.rolls...)); err != nil {
				t.Fatalf("%s after %d moves: %v", s.move, i, err)
			}
		}
		return g
	}

	// The fewest single moves for a third occurrence at the turn boundary
	// right after a move: White (granted 2 by a six) plays its knight out
	// and back; Black throws a 1 and loses the turn, and so does White (the
	// position with White to move stands a second time); Black throws a 6
	// (2 moves) and plays its knight out, and back with the root move, at a
	// count of 3.
	t.Run("at the bound", func(t *testing.T) {
		const fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2" // after 1.e4 e5
		setup := fen + " white=P1 turn=5 left=2/2 plain=0 throws=6|3"
		steps := []step{{"g1f3", nil}, {"f3g1", []int{1, 1, 6}}, {"g8f6", nil}}
		checkSkip(t, play(t, setup, nil, steps), false, []string{"f6g8"})
		checkSkip(t, play(t, setup, nil, steps[:2]), true, nil) // a single move earlier
	})

	// A position stands a third time 2 single moves after its first (this
	// one after 1.e4 Nf6, at a count of 1). White
	// throws a 1 and loses the turn; Player 2, with two sixes last, throws
	// a third six and the players switch sides; Player 1 throws a 6 (2
	// moves) for Black, whose knight goes out and, with the root move
	// (count 2), back. Then White (now Player 2) and Black lose their turns
	// with a 1 each and the position with White to move stands a third
	// time: with 1 chance in 36, which the scan does not mark, so the skip
	// applies.
	t.Run("through lost turns", func(t *testing.T) {
		const fen = "rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2"
		setup := fen + " white=P1 turn=3 left=0/1 plain=0 throws=3|66"
		g := play(t, setup, []int{1, 6, 6}, []step{{"b8c6", nil}})
		root, err := g.ParseMove("c6b8")
		if err != nil {
			t.Fatal(err)
		}
		outs, err := games.RollOutcomes(g, root, maxChainedRolls)
		if err != nil {
			t.Fatal(err)
		}
		drawn := 0.0
		for _, o := range outs {
			if r := o.Game.Outcome(); r.Over && r.Draw && r.Reason == "threefold repetition" {
				drawn += o.Probability
			}
		}
		if math.Abs(drawn-1.0/36) > 1e-9 {
			t.Errorf("c6b8 draws by repetition with probability %v, want 1/36", drawn)
		}
		checkSkip(t, g, true, nil)
	})
}
