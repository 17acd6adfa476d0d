package picker

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
	_ "github.com/bermudachess/bermuda/games/all"
)

// paths walks every path through the picker's menus in g and returns the
// notations of the moves they end on, checking each menu on the way.
func paths(t *testing.T, g games.Game, where string) []string {
	t.Helper()
	var reached []string
	first, err := At(g, "", "")
	if err != nil {
		t.Fatalf("%s: step 1: %v", where, err)
	}
	for _, from := range values(t, first, where) {
		second, err := At(g, from, "")
		if err != nil {
			t.Fatalf("%s: piece %s: %v", where, from, err)
		}
		if second.Stage != StageTarget {
			t.Fatalf("%s: piece %s leads to stage %d", where, from, second.Stage)
		}
		for _, to := range values(t, second, where) {
			third, err := At(g, from, to)
			if err != nil {
				t.Fatalf("%s: %s→%s: %v", where, from, to, err)
			}
			switch third.Stage {
			case StageMove:
				reached = append(reached, third.Move.Notation)
			case StageChoice:
				for _, n := range values(t, third, where) {
					m, err := Choose(g, n)
					if err != nil || m.From != from || m.To != to {
						t.Fatalf("%s: choice %q from %s→%s gives %+v, %v", where, n, from, to, m, err)
					}
					reached = append(reached, m.Notation)
				}
			default:
				t.Fatalf("%s: %s→%s leads to stage %d", where, from, to, third.Stage)
			}
		}
	}
	return reached
}

// values checks a step's menus and returns every option's value.
func values(t *testing.T, s Step, where string) []string {
	t.Helper()
	if len(s.Menus) == 0 {
		t.Fatalf("%s: stage %d has no menu", where, s.Stage)
	}
	var out []string
	for _, m := range s.Menus {
		if len(m.Options) == 0 || len(m.Options) > MaxOptions {
			t.Fatalf("%s: a menu holds %d options", where, len(m.Options))
		}
		if m.Placeholder == "" || len([]rune(m.Placeholder)) > 100 {
			t.Fatalf("%s: placeholder %q", where, m.Placeholder)
		}
		for _, o := range m.Options {
			for _, text := range []string{o.Value, o.Label, o.Description} {
				if len([]rune(text)) > 100 {
					t.Fatalf("%s: %q is over 100 characters", where, text)
				}
			}
			if o.Value == "" || o.Label == "" {
				t.Fatalf("%s: empty option %+v", where, o)
			}
			if slices.Contains(out, o.Value) {
				t.Fatalf("%s: value %q twice in one step", where, o.Value)
			}
			out = append(out, o.Value)
		}
	}
	return out
}

// TestEveryLegalMoveIsReachable enumerates every path through the menus in
// seeded random positions of every variant and compares the moves reached
// with LegalMoves: none missing, none extra, none twice.
func TestEveryLegalMoveIsReachable(t *testing.T) {
	const gamesPerVariant, everyNth = 4, 3
	for _, v := range games.All() {
		t.Run(v.ID, func(t *testing.T) {
			positions := 0
			for seed := uint64(1); seed <= gamesPerVariant; seed++ {
				dice := games.Seeded(seed)
				g, _, _, err := games.Start(v.ID, "", dice)
				if err != nil {
					t.Fatal(err)
				}
				h := fnv.New64a()
				h.Write([]byte(v.ID))
				rng := rand.New(rand.NewPCG(seed, h.Sum64()))
				for ply := 0; ply < 200 && !g.Outcome().Over; ply++ {
					legal := g.LegalMoves()
					if ply%everyNth == 0 {
						where := fmt.Sprintf("%s seed %d ply %d (%s)", v.ID, seed, ply, g.Position())
						want := make([]string, len(legal))
						for i, m := range legal {
							want[i] = m.Notation
						}
						got := paths(t, g, where)
						slices.Sort(want)
						slices.Sort(got)
						if !slices.Equal(got, want) {
							t.Fatalf("%s: the menus reach %v, the legal moves are %v", where, got, want)
						}
						positions++
					}
					next, _, _, err := games.Apply(g, legal[rng.IntN(len(legal))].Notation, dice)
					if err != nil {
						t.Fatal(err)
					}
					g = next
				}
			}
			t.Logf("%s: every legal move reached in %d positions", v.ID, positions)
		})
	}
}

func TestLongListsAreSplitIntoMenus(t *testing.T) {
	// A lone queen on the Angle's 10×10 board reaches 35 squares.
	g, err := games.NewGame("angle", "k9/10/10/10/10/4Q5/10/10/10/9K w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	s, err := At(g, "e5", "")
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, m := range s.Menus {
		total += len(m.Options)
		if !strings.Contains(m.Placeholder, "of 2") {
			t.Errorf("placeholder %q does not say which menu it is", m.Placeholder)
		}
	}
	if len(s.Menus) != 2 || total != 35 {
		t.Errorf("35 targets give %d menus holding %d", len(s.Menus), total)
	}
}

func TestLabelsSayWhatTheMoveDoes(t *testing.T) {
	cases := []struct {
		variant, position, from, to string
		wantPiece, wantTarget       string
	}{
		{"chess", "", "g1", "f3", "Knight g1 — 2 moves", "f3"},
		{"chess", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", "e4", "d5", "Pawn e4 — 2 moves", "d5 — takes pawn"},
		{"chess", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7", "b8", "Pawn b7 — 4 moves", "b8 — promotes"},
		{"angle", "", "a2", "a3", "Pawn a2 — 2 moves", "a3"},
	}
	for _, c := range cases {
		g, err := games.NewGame(c.variant, c.position)
		if err != nil {
			t.Fatal(err)
		}
		first, _ := At(g, "", "")
		if got := labelOf(first, c.from); got != c.wantPiece {
			t.Errorf("%s %s: piece label %q, want %q", c.variant, c.from, got, c.wantPiece)
		}
		second, err := At(g, c.from, "")
		if err != nil {
			t.Fatal(err)
		}
		if got := labelOf(second, c.to); got != c.wantTarget {
			t.Errorf("%s %s→%s: target label %q, want %q", c.variant, c.from, c.to, got, c.wantTarget)
		}
	}
}

func labelOf(s Step, value string) string {
	for _, m := range s.Menus {
		for _, o := range m.Options {
			if o.Value == value {
				return o.Label
			}
		}
	}
	return ""
}

func TestStaleCellsAreRefused(t *testing.T) {
	g, _ := games.NewGame("chess", "")
	for _, c := range [][2]string{{"e4", ""}, {"e2", "e5"}, {"zz", ""}} {
		if _, err := At(g, c[0], c[1]); err != ErrStale {
			t.Errorf("At(%q, %q) = %v, want ErrStale", c[0], c[1], err)
		}
	}
	if _, err := Choose(g, "e2e5"); err != ErrStale {
		t.Errorf("Choose(e2e5) = %v, want ErrStale", err)
	}
}

func TestChoicesSayWhatTheMoveBecomes(t *testing.T) {
	g, _ := games.NewGame("chess", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1")
	s, err := At(g, "b7", "b8")
	if err != nil || s.Stage != StageChoice {
		t.Fatalf("b7→b8: stage %d, %v", s.Stage, err)
	}
	if got := labelOf(s, "b7b8n"); got != "Promote to a knight" {
		t.Errorf("the knight promotion is labelled %q", got)
	}
	sp, _ := games.NewGame("spindecision", "")
	for _, m := range []string{"2-14", "17-12=K"} {
		var err error
		if sp, _, _, err = games.Apply(sp, m, nil); err != nil {
			t.Fatal(err)
		}
	}
	s, err = At(sp, "14", "36")
	if err != nil || s.Stage != StageChoice {
		t.Fatalf("14→36: stage %d, %v", s.Stage, err)
	}
	if got := labelOf(s, "14x36=K"); !strings.HasPrefix(got, "Declare Black's captured piece on 36 the king") {
		t.Errorf("the declaration is labelled %q", got)
	}
}
