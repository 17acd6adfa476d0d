package explain

import (
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
	_ "github.com/bermudachess/bermuda/games/all"
	"github.com/bermudachess/bermuda/review"
)

// moment plays moves (each with its rolls) from the variant's start (its
// colour throws start) and returns the last one as a judged moment.
func moment(t *testing.T, variant string, start []int, moves []games.Ply, p review.Ply) Moment {
	t.Helper()
	rec := games.Record{Variant: variant, StartRolls: start, Plies: moves}
	var m Moment
	final, err := games.ReplayEach(rec, func(s games.ReplayStep) {
		if s.Index == len(moves)-1 {
			m = Moment{Before: s.Before, Events: s.Events}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	m.After = final
	p.Ply = len(moves) - 1
	p.Move = moves[len(moves)-1].Move
	m.Ply = p
	// Plies says the same from the record.
	got, err := Plies(rec, []review.Ply{p})
	if err != nil {
		t.Fatal(err)
	}
	if got[p.Ply] != Explain(m) {
		t.Errorf("Plies and Explain disagree:\n%s\n%s", got[p.Ply], Explain(m))
	}
	return m
}

func plies(moves ...string) []games.Ply {
	out := make([]games.Ply, len(moves))
	for i, m := range moves {
		out[i] = games.Ply{Move: m}
	}
	return out
}

func TestExplainMoment(t *testing.T) {
	tests := []struct {
		name    string
		variant string
		start   []int
		moves   []games.Ply
		ply     review.Ply
		want    []string
		not     []string
	}{
		{
			name: "a hanging piece: named, and the move that takes it", variant: "chess",
			moves: plies("d2d4", "e7e5", "c1g5"),
			ply:   review.Ply{Best: "d4e5", Judgement: review.Blunder, ExpectedBefore: 0.6, ExpectedAfter: 0.2, Refutation: []string{"d8g5", "g1f3", "g5f6"}},
			want:  []string{"2.Bg5?? loses a bishop: 2…Qxg5! 3.Nf3 Qf6.", "Instead, 2.dxe5 would have taken a pawn and kept the advantage."},
		},
		{
			name: "a piece for a pawn, the exchange complete", variant: "chess",
			moves: plies("e2e4", "e7e5", "g1f3", "b8c6", "f3e5"),
			ply:   review.Ply{Best: "f1b5", Judgement: review.Mistake, ExpectedBefore: 0.55, ExpectedAfter: 0.3, Refutation: []string{"c6e5", "d2d4", "e5g6"}},
			want:  []string{"3.Nxe5? loses a knight for a pawn: 3…Nxe5! 4.d4 Ng6.", "Instead, 3.Bb5 would have kept the balance."},
		},
		{
			name: "a line cut inside an exchange counts up to the mover's last answer", variant: "chess",
			moves: plies("e2e4", "e7e5", "g1f3", "b8c6", "f3e5"),
			ply:   review.Ply{Best: "f1b5", Judgement: review.Mistake, ExpectedBefore: 0.55, ExpectedAfter: 0.3, Refutation: []string{"c6e5", "d2d4", "f8b4", "c2c3", "b4c3"}},
			want:  []string{"loses a knight for a pawn: 3…Nxe5! 4.d4 Bb4+ 5.c3."},
		},
		{
			name: "a mate allowed", variant: "chess",
			moves: plies("e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6"),
			ply:   review.Ply{Best: "g7g6", Judgement: review.Blunder, ExpectedBefore: 0.4, ExpectedAfter: 0, Refutation: []string{"h5f7"}},
			want:  []string{"3…Nf6?? allows mate in 1: 4.Qxf7#.", "Instead, 3…g6 would have kept the balance."},
		},
		{
			name: "a missed mate", variant: "chess",
			moves: plies("e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "d2d3"),
			ply:   review.Ply{Best: "h5f7", Judgement: review.Blunder, ExpectedBefore: 1, ExpectedAfter: 0.1, Refutation: []string{"f6h5", "g1f3"}},
			want:  []string{"4.d3?? misses mate in 1 (4.Qxf7#) and loses the queen: 4…Nxh5! 5.Nf3."},
			not:   []string{"would have"},
		},
		{
			name: "the Angle: a piece left where the dice can name it, with its chance", variant: "angle",
			moves: []games.Ply{{Move: "b1c3", Rolls: []int{6, 6}}},
			ply:   review.Ply{Best: "e2e4", Judgement: review.Inaccuracy, ExpectedBefore: 0.5, ExpectedAfter: 0.44, Refutation: []string{"i10h8"}},
			want:  []string{"1.Nc3?!", "It left its knight on c3, inside the Angle", "names c3 with chance 1/36 (2.8%)", "10.7% over the next 4 moves (1 − (35/36)^4)"},
		},
		{
			name: "the Angle: a piece that vanished as the dice fell", variant: "angle",
			moves: []games.Ply{{Move: "b1c3", Rolls: []int{1, 1}}},
			ply:   review.Ply{Best: "e2e4", Judgement: review.Mistake, ExpectedBefore: 0.5, ExpectedAfter: 0.38, Refutation: []string{"i10h8"}},
			want:  []string{"After the move, White's Knight on c3 vanished into the Angle."},
			not:   []string{"inside the Angle", "loses a knight"},
		},
		{
			name: "Bede Chess: the Jester copies the piece just moved", variant: "bede",
			moves: plies("b1d4"),
			ply:   review.Ply{Best: "e3d5", Judgement: review.Mistake, ExpectedBefore: 0.5, ExpectedAfter: 0.37, Refutation: []string{"f11h8"}},
			want:  []string{"1.b1d4?", "Along the engine's line, 1…f11h8: the Jester copies the zebra just moved."},
		},
		{
			name: "Bermuda chess: a piece drops to the human board and takes", variant: "bermuda",
			moves: plies("b1c3"),
			ply:   review.Ply{Best: "g1f3", Judgement: review.Blunder, ExpectedBefore: 0.5, ExpectedAfter: 0.3, Refutation: []string{"H7-g1"}},
			want:  []string{"1.b1c3?? loses a knight: 1…H7-g1!", "Along the engine's line, 1…H7-g1: Black's pawn is now on the lower board, on g1."},
		},
		{
			name: "spIndecision: a declaration along the line", variant: "spindecision",
			moves: plies("2-14"),
			ply:   review.Ply{Best: "2-18", Judgement: review.Mistake, ExpectedBefore: 0.5, ExpectedAfter: 0.35, Refutation: []string{"17-12=K"}},
			want:  []string{"1. 2-14?", "1… 17-12=K: Player 2 declared White's piece on 17 the king; the one on 35 is the bishop"},
		},
		{
			name: "Random Move Number Chess: a lost turn", variant: "randommove", start: []int{5, 3},
			moves: []games.Ply{{Move: "e2e4"}, {Move: "f7f6", Rolls: []int{1, 3}}},
			ply:   review.Ply{Best: "e7e5", Judgement: review.Inaccuracy, ExpectedBefore: 0.45, ExpectedAfter: 0.38, Refutation: []string{"g7g5"}},
			want:  []string{"1…f6?!", "After the move, Player 1 loses the turn: Black is on move, played by Player 2.", "the engine's line from there: 2…g5."},
		},
		{
			name: "Random Move Number Chess: a lost turn along the line, where the line needs one", variant: "randommove", start: []int{5, 3},
			moves: []games.Ply{{Move: "e2e4"}, {Move: "e7e5", Rolls: []int{3}}, {Move: "f2f3", Rolls: []int{2}}},
			ply:   review.Ply{Best: "g1f3", Judgement: review.Mistake, ExpectedBefore: 0.55, ExpectedAfter: 0.4, Refutation: []string{"b8c6", "c6d4"}},
			want:  []string{"2.f3?", "Along the engine's line, 2…Nc6: Player 1 loses the turn: Black is on move, played by Player 2."},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Explain(moment(t, tc.variant, tc.start, tc.moves, tc.ply))
			t.Log(got)
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("missing %q in:\n%s", w, got)
				}
			}
			for _, w := range tc.not {
				if strings.Contains(got, w) {
					t.Errorf("%q should not be in:\n%s", w, got)
				}
			}
		})
	}
}

func TestMomentNothingToSay(t *testing.T) {
	m := moment(t, "chess", nil, plies("e2e4"), review.Ply{Best: "e2e4"})
	if got := Explain(m); got != "" {
		t.Errorf("an unjudged move is explained: %q", got)
	}
}
