package angle

import (
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// Tests added by the rules audit: each pins a RULES.md §1 clause that no
// other test would notice being broken.

// TestStartSetupSquareBySquare checks the reconstructed setup piece by
// piece, Black included: rank 1 R N B S Q K S B N R, pawns on rank 2, Black
// mirrored on ranks 10 and 9 with the king on f10. (Perft from the start is
// blind to Black's back rank at shallow depths.)
func TestStartSetupSquareBySquare(t *testing.T) {
	g := mustNew(t, "")
	const back = "RNBSQKSBNR"
	for f := 0; f < files; f++ {
		file := string(rune('a' + f))
		for _, c := range []struct {
			rank string
			want byte
		}{
			{"1", back[f]}, {"2", 'P'}, {"9", 'p'}, {"10", back[f] + 'a' - 'A'},
		} {
			if got := at(g, file+c.rank); got != c.want {
				t.Errorf("%s%s holds %q, want %q", file, c.rank, got, c.want)
			}
		}
		for r := 3; r <= 8; r++ {
			if got := at(g, file+itoa(r)); got != '.' {
				t.Errorf("%s%d holds %q, want empty", file, r, got)
			}
		}
	}
	if at(g, "f10") != 'k' || at(g, "f1") != 'K' {
		t.Error("kings must start on f1 and f10")
	}
}

// TestCapturedRookLosesCastlingRight: a rook taken on its home square takes
// its side's castling right with it ("neither piece has moved" can no
// longer hold for a rook that arrives there later), and the position stays
// a valid FEN.
func TestCapturedRookLosesCastlingRight(t *testing.T) {
	// A Black rook on j9 takes the White rook on j1 down the j-file, outside
	// the Angle with the Angle empty, so no dice are due.
	g := mustNew(t, "r4k3r/9r/10/10/10/10/10/10/10/R4K3R b KQkq - 0 1")
	evs := play(t, g, "j9j1")
	if len(eventsOf(evs, games.EventCaptured)) != 1 {
		t.Fatalf("j9xj1 must capture the rook: %v", evs)
	}
	if got := strings.Fields(g.Position())[2]; got != "Qkq" {
		t.Errorf("castling rights after White's j1 rook was taken: %q, want Qkq", got)
	}
	if _, err := New(g.Position()); err != nil {
		t.Errorf("position after the capture does not parse back: %v", err)
	}
	g = mustNew(t, "r4k3r/10/10/10/10/10/10/10/R9/R4K3R w KQkq - 0 1")
	play(t, g, "a2a10")
	if got := strings.Fields(g.Position())[2]; got != "KQk" {
		t.Errorf("castling rights after a2xa10: %q, want KQk", got)
	}
}

// sidesRoller records how many faces each requested die has.
type sidesRoller struct {
	faces []int
	asked []int
}

func (r *sidesRoller) Roll(faces int) (int, error) {
	r.asked = append(r.asked, faces)
	if len(r.faces) == 0 {
		return 0, games.ErrNoMoreRolls
	}
	f := r.faces[0]
	r.faces = r.faces[1:]
	return f, nil
}

// TestBCAFRollsTwoSixSidedDice: the BCAF is two six-sided dice, file then
// rank, so every roll names a square of the Angle.
func TestBCAFRollsTwoSixSidedDice(t *testing.T) {
	g := mustNew(t, fenOf(t, "w", "Kf1 kf10 Pe2"))
	m, err := g.ParseMove("e2e4")
	if err != nil {
		t.Fatal(err)
	}
	r := &sidesRoller{faces: []int{1, 6}}
	d := games.NewDice(r)
	evs, err := g.Play(m, d)
	if err == nil {
		err = d.Err()
	}
	if err != nil {
		t.Fatal(err)
	}
	if len(r.asked) != 2 || r.asked[0] != 6 || r.asked[1] != 6 {
		t.Fatalf("dice asked for %v faces, want two six-sided dice [6 6]", r.asked)
	}
	if dice := games.DiceEvents(evs); len(dice) != 1 || dice[0].Square != "c8" {
		t.Fatalf("faces 1, 6 must name c8: %+v", dice)
	}
}

// TestNoLegalMoveIsJudgedAfterTheRoll: White's pieces are locked in except
// a pawn on e7 blocked by a Black pawn on e8, which stands in the Angle.
// Black's quiet move rolls; if the roll removes e8, White can move again and
// the game goes on; if it names an empty square, White has no legal move: a
// draw. The result is judged on the position after the roll.
func TestNoLegalMoveIsJudgedAfterTheRoll(t *testing.T) {
	const fen = "KBBBBBBBBB/PPPPPPPPPP/4p5/4P5/10/10/10/10/10/k9 b - - 0 1"
	g := mustNew(t, fen)
	play(t, g, "a1b1", 3, 6) // e8: Black's pawn vanishes
	if at(g, "e8") != '.' {
		t.Fatalf("e8 should be empty\n%s", g.Diagram())
	}
	if o := g.Outcome(); o.Over {
		t.Fatalf("after the roll White can play e7e8, yet the game ended: %+v", o)
	}
	if !has(notations(g), "e7e8") {
		t.Errorf("e7e8 missing: %v", notations(g))
	}

	g = mustNew(t, fen)
	play(t, g, "a1b1", 1, 1) // c3: empty
	if o := g.Outcome(); !o.Over || !o.Draw || o.Reason != "White has no legal move" {
		t.Fatalf("outcome %+v, want a draw: White has no legal move", o)
	}
}

// TestRepetitionKeyCountsOnlyARealEnPassantChance: for threefold repetition
// an en passant square matters only while a pawn can actually take there.
func TestRepetitionKeyCountsOnlyARealEnPassantChance(t *testing.T) {
	key := func(fen string) string { return mustNew(t, fen).Key() }
	// White's pawn went e2e4; no Black pawn stands beside it.
	noTaker := "5k4/10/10/10/10/10/4P5/10/10/5K4 b - e3 0 1"
	if key(noTaker) != key(strings.Replace(noTaker, " e3 ", " - ", 1)) {
		t.Error("an en passant square nobody can use must not change the repetition key")
	}
	// A Black pawn on d4 could take e.p. on e3.
	taker := "5k4/10/10/10/10/10/3pP5/10/10/5K4 b - e3 0 1"
	if key(taker) == key(strings.Replace(taker, " e3 ", " - ", 1)) {
		t.Error("a usable en passant chance must change the repetition key")
	}
}

// TestClonesKeepTheirOwnPositionHistory: two continuations of one state (a
// retried command, a preview) must not overwrite each other's list of
// positions, which decides Key and threefold repetition.
func TestClonesKeepTheirOwnPositionHistory(t *testing.T) {
	base := mustNew(t, "")
	base.keys = append(make([]string, 0, 8), base.keys...) // room to append into
	a, b := base.Clone().(*Game), base.Clone().(*Game)
	play(t, a, "i2i4")
	play(t, b, "a2a4")
	for name, g := range map[string]*Game{"first": a, "second": b} {
		if g.Key() != g.pos.key() || len(g.keys) != 2 {
			t.Errorf("%s continuation: Key %q, want its own %q (%d keys)", name, g.Key(), g.pos.key(), len(g.keys))
		}
	}
	if len(base.keys) != 1 || base.Key() != mustNew(t, "").Key() {
		t.Errorf("the original changed: %d keys, Key %q", len(base.keys), base.Key())
	}
}
