package lessons

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
	_ "github.com/bermudachess/bermuda/games/all"
)

// marked returns the names of the cells carrying any of kinds.
func marked(v games.View, kinds ...games.MarkKind) []string {
	var out []string
	for _, m := range v.Marks {
		if slices.Contains(kinds, m.Kind) && !slices.Contains(out, v.Cells[m.Cell].Name) {
			out = append(out, v.Cells[m.Cell].Name)
		}
	}
	slices.Sort(out)
	return out
}

var targetKinds = []games.MarkKind{games.MarkTargetQuiet, games.MarkTargetCapture, games.MarkTargetBoard, games.MarkTargetAngle, games.MarkTargetPromotion}

// fromGenerator lists the cells the move generator gives: origins, or the
// destinations of moves from one cell.
func fromGenerator(legal []games.Move, from string) []string {
	var out []string
	for _, m := range legal {
		c := m.From
		if from != "" {
			if m.From != from {
				continue
			}
			c = m.To
		}
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	slices.Sort(out)
	return out
}

// TestMarksAreExactlyTheMoveGenerators walks seeded random games of every
// variant and checks, at every position, that the movable pieces marked
// are the origins of the legal moves, and that for every one of them the
// targets marked are exactly the destinations of its legal moves.
func TestMarksAreExactlyTheMoveGenerators(t *testing.T) {
	for _, variant := range games.All() {
		t.Run(variant.ID, func(t *testing.T) {
			dice := games.Seeded(5)
			g, _, _, err := games.Start(variant.ID, "", dice)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(5, 6))
			seen := map[games.MarkKind]bool{}
			for ply := 0; ply < 40 && !g.Outcome().Over; ply++ {
				legal := g.LegalMoves()
				if got, want := marked(MovablePieces(g), games.MarkMovable), fromGenerator(legal, ""); !slices.Equal(got, want) {
					t.Fatalf("ply %d: movable pieces marked on %v, the generator moves %v", ply, got, want)
				}
				for _, from := range fromGenerator(legal, "") {
					v, err := TargetsFrom(g, from)
					if err != nil {
						t.Fatalf("ply %d: TargetsFrom(%s): %v", ply, from, err)
					}
					if got, want := marked(v, targetKinds...), fromGenerator(legal, from); !slices.Equal(got, want) {
						t.Fatalf("ply %d, %s: targets marked %v, the generator gives %v", ply, from, got, want)
					}
					if got := marked(v, games.MarkSelected); !slices.Equal(got, []string{from}) {
						t.Fatalf("ply %d: selected %v, want %s", ply, got, from)
					}
					for _, m := range v.Marks {
						seen[m.Kind] = true
					}
				}
				next, _, _, err := games.Apply(g, legal[rng.IntN(len(legal))].Notation, dice)
				if err != nil {
					t.Fatal(err)
				}
				g = next
			}
			if !seen[games.MarkTargetQuiet] || !seen[games.MarkTargetCapture] {
				t.Errorf("40 plies marked no quiet move or no capture: %v", seen)
			}
		})
	}
}

func TestTargetKindsSayWhatTheMoveDoes(t *testing.T) {
	kindsAt := func(t *testing.T, variant, setup, from, to string) []games.MarkKind {
		t.Helper()
		g, err := games.NewGame(variant, setup)
		if err != nil {
			t.Fatal(err)
		}
		ts, err := Targets(g, from)
		if err != nil {
			t.Fatal(err)
		}
		for _, tg := range ts {
			if tg.Cell == to {
				return tg.Kinds
			}
		}
		t.Fatalf("%s: no target %s from %s in %v", variant, to, from, ts)
		return nil
	}
	cases := []struct {
		name, variant, setup, from, to string
		want                           []games.MarkKind
	}{
		{"quiet", "chess", "", "g1", "f3", []games.MarkKind{games.MarkTargetQuiet}},
		{"capture", "chess", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4", "d5", []games.MarkKind{games.MarkTargetCapture}},
		{"en passant", "chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5", "d6", []games.MarkKind{games.MarkTargetCapture}},
		{"promotion with capture", "chess", "3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7", "d8", []games.MarkKind{games.MarkTargetCapture, games.MarkTargetPromotion}},
		{"into the Angle", "angle", "", "e2", "e4", []games.MarkKind{games.MarkTargetAngle}},
		{"outside the Angle", "angle", "", "b1", "a3", []games.MarkKind{games.MarkTargetQuiet}},
		{"drop", "bermuda", "", "E2", "b4", []games.MarkKind{games.MarkTargetBoard}},
		{"capture and climb", "bermuda", "4k3/8/8/4p3/8/5N2/8/4K3|4k3/8/8/8/8/8/8/4K3 w -|- - 0 1", "f3", "e5", []games.MarkKind{games.MarkTargetCapture, games.MarkTargetBoard}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := kindsAt(t, c.variant, c.setup, c.from, c.to); !slices.Equal(got, c.want) {
				t.Errorf("%s %s→%s marked %v, want %v", c.variant, c.from, c.to, got, c.want)
			}
		})
	}
}

func TestNoMovesFromASquareSaysWhichCan(t *testing.T) {
	g, _ := games.NewGame("chess", "")
	_, err := TargetsFrom(g, "e4")
	var nm *NoMovesError
	if !errors.As(err, &nm) || !strings.Contains(err.Error(), "g1") || !slices.Contains(nm.Movable, "b1") {
		t.Fatalf("TargetsFrom(empty e4): %v", err)
	}
	// Case is forgiven where it is unambiguous.
	if _, err := TargetsFrom(g, "G1"); err != nil {
		t.Errorf("G1 in chess: %v", err)
	}
	b, _ := games.NewGame("bermuda", "")
	v, err := TargetsFrom(b, "E2")
	if err != nil || !slices.Contains(marked(v, games.MarkSelected), "E2") {
		t.Errorf("Bermuda E2 (upper) must stay upper: %v %v", marked(v, games.MarkSelected), err)
	}
}

// TestEveryPieceLessonMarksWhatTheGeneratorGives builds every lesson of
// every variant, replays its position and checks the marked targets
// against the legal moves from the piece's square.
func TestEveryPieceLessonMarksWhatTheGeneratorGives(t *testing.T) {
	for _, variant := range games.All() {
		kinds, err := Kinds(variant.ID)
		if err != nil {
			t.Fatalf("%s: %v", variant.ID, err)
		}
		if len(kinds) < 5 {
			t.Errorf("%s teaches only %v", variant.ID, kinds)
		}
		for _, k := range kinds {
			l, err := PieceLesson(variant.ID, k)
			if err != nil {
				t.Errorf("%s %s: %v", variant.ID, k, err)
				continue
			}
			g, err := games.NewGame(variant.ID, l.Setup)
			if err != nil {
				t.Fatal(err)
			}
			want := fromGenerator(g.LegalMoves(), l.Square)
			if got := marked(l.View, targetKinds...); !slices.Equal(got, want) {
				t.Errorf("%s %s on %s: marked %v, generator %v", variant.ID, k, l.Square, got, want)
			}
			if len(want) == 0 && k != games.Jester {
				t.Errorf("%s %s on %s has no move: not a useful lesson (%s)", variant.ID, k, l.Square, l.Setup)
			}
			var on []games.PieceKind
			for _, p := range l.View.Pieces {
				if l.View.Cells[p.Cell].Name == l.Square {
					on = append(on, p.Kind)
				}
			}
			if !slices.Equal(on, []games.PieceKind{k}) || l.Sentence == "" || !strings.HasSuffix(l.Sentence, ".") {
				t.Errorf("%s %s: pieces on %s %v, sentence %q", variant.ID, k, l.Square, on, l.Sentence)
			}
		}
	}
	if _, err := PieceLesson("chess", games.Ship); err == nil || !strings.Contains(err.Error(), "has no ship") {
		t.Errorf("a ship lesson in chess: %v", err)
	}
	if _, err := PieceLesson("go", games.King); err == nil {
		t.Error("a lesson of an unknown variant gave no error")
	}
}
