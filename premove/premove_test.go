package premove

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
	_ "github.com/bermudachess/bermuda/games/all"
)

// after plays moves from the start of variant.
func after(t *testing.T, variant string, moves ...string) games.Game {
	t.Helper()
	g, _, _, err := games.Start(variant, "", games.Seeded(1))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range moves {
		if g, _, _, err = games.Apply(g, m, games.Seeded(2)); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	return g
}

func TestCheck(t *testing.T) {
	cases := []struct {
		name    string
		variant string
		played  []string
		owner   games.Player
		typed   string
		want    string // the canonical line, or "" when refused
		index   int    // the bad move's index (LineError), or -1
		errText string
	}{
		{"two pairs in SAN", "chess", []string{"e4"}, games.Player1, "e5 Nf3 Nc6 Bb5", "e7e5 g1f3 b8c6 f1b5", -1, ""},
		{"move numbers and commas", "chess", []string{"e4"}, games.Player1, "1... e5, 2. Nf3; 2... Nc6 3. Bb5", "e7e5 g1f3 b8c6 f1b5", -1, ""},
		{"coordinates, any case", "chess", []string{"e4", "e5"}, games.Player2, "G1F3 b8c6", "g1f3 b8c6", -1, ""},
		{"a line that mates", "chess", []string{"f3", "e5"}, games.Player2, "g4 Qh4", "g2g4 d8h4", -1, ""},
		{"a line that goes on after mate", "chess", []string{"f3", "e5"}, games.Player2, "g4 Qh4 a3 a6", "", 2, "would already be over (checkmate)"},
		{"illegal answer", "chess", []string{"e4"}, games.Player1, "e5 Nf6", "", 1, "no legal move matches"},
		{"illegal opponent move", "chess", []string{"e4"}, games.Player1, "e4 Nf3", "", 0, "no legal move matches"},
		{"second pair illegal in its position", "chess", []string{"e4"}, games.Player1, "e5 Nf3 Nc6 Nf3", "", 3, "no legal move matches"},
		{"ambiguous", "chess", []string{"e4", "e5", "Nc3"}, games.Player1, "Nc6 Ne2", "", 1, "ambiguous"},
		{"odd length: the answer is missing", "chess", []string{"e4"}, games.Player1, "e5 Nf3 Nc6", "", 3, "your answer to b8c6 is missing"},
		{"too long", "chess", []string{"e4"}, games.Player1, strings.Repeat("Nc6 Nf3 Nb8 Ng1 ", 5), "", 16, "at most 16 moves"},
		{"Bede", "bede", []string{"a1b2"}, games.Player1, "a11b10 b2a1", "a11b10 b2a1", -1, ""},
		{"Bermuda chess", "bermuda", []string{"b1c3"}, games.Player1, "b8c6 c3b1", "b8c6 c3b1", -1, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := after(t, c.variant, c.played...)
			line, err := Check(g, c.owner, Split(c.typed))
			if c.want != "" {
				if err != nil || line.String() != c.want {
					t.Fatalf("got %q, %v; want %q", line, err, c.want)
				}
				return
			}
			var le *LineError
			if !errors.As(err, &le) || le.Index != c.index || !strings.Contains(le.Reason, c.errText) {
				t.Fatalf("got %q, %v; want move %d refused with %q", line, err, c.index+1, c.errText)
			}
			if le.Illegal != (c.errText == "no legal move matches" || c.errText == "ambiguous") {
				t.Errorf("illegal %v for %q", le.Illegal, le.Reason)
			}
			if le.Answer != (c.index%2 == 1) {
				t.Errorf("answer %v for move %d", le.Answer, c.index+1)
			}
		})
	}
}

func TestCheckRefusals(t *testing.T) {
	for _, v := range []string{"angle", "randommove"} {
		g := after(t, v)
		if _, err := Check(g, games.Player2, []string{"e4"}); !errors.Is(err, ErrDice) {
			t.Errorf("%s: %v, want ErrDice", v, err)
		}
	}
	g := after(t, "chess", "e4")
	if _, err := Check(g, games.Player2, []string{"e5"}); err == nil || !strings.Contains(err.Error(), "your turn") {
		t.Errorf("on the owner's own turn: %v", err)
	}
	if _, err := Check(g, games.Player1, Split("  ,  ")); !errors.Is(err, ErrEmpty) {
		t.Errorf("nothing typed: %v", err)
	}
	mate := after(t, "chess", "f3", "e5", "g4", "Qh4")
	if _, err := Check(mate, games.Player2, []string{"a3", "a6"}); err == nil || !strings.Contains(err.Error(), "over") {
		t.Errorf("a finished game: %v", err)
	}
}

// Every deterministic variant: a line of legal moves, typed in any of their
// spellings, comes back in the notation the move log stores.
func TestCheckCanonicalInEveryVariant(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for _, v := range games.All() {
		if v.Dice {
			continue
		}
		for trial := 0; trial < 20; trial++ {
			g := after(t, v.ID)
			first := g.LegalMoves()
			g, _, _, _ = games.Apply(g, first[rng.IntN(len(first))].Notation, nil)
			owner := g.Turn().Player.Other()
			var typed []string
			var want Line
			pos := g
			for len(want) < 6 && !pos.Outcome().Over {
				legal := pos.LegalMoves()
				m := legal[rng.IntN(len(legal))]
				spelling := m.Notation
				if len(m.Aliases) > 0 && rng.IntN(2) == 0 {
					spelling = m.Aliases[rng.IntN(len(m.Aliases))]
				}
				typed = append(typed, spelling)
				want = append(want, m.Notation)
				pos, _, _, _ = games.Apply(pos, m.Notation, nil)
			}
			if len(want)%2 == 1 {
				typed, want = typed[:len(typed)-1], want[:len(want)-1]
			}
			if len(want) == 0 {
				continue
			}
			line, err := Check(g, owner, typed)
			if err != nil || !slices.Equal(line, want) {
				t.Fatalf("%s: %q gave %q, %v; want %q", v.ID, typed, line, err, want)
			}
		}
	}
}

func TestNext(t *testing.T) {
	line := Line{"e7e5", "g1f3", "b8c6", "f1b5"}
	if a, rest, ok := Next(line, "e7e5"); !ok || a != "g1f3" || rest.String() != "b8c6 f1b5" {
		t.Errorf("match: %q %q %v", a, rest, ok)
	}
	if _, _, ok := Next(line, "c7c5"); ok {
		t.Error("another move matched")
	}
	if _, _, ok := Next(Line{}, "e7e5"); ok {
		t.Error("an empty line matched")
	}
}

func TestFollow(t *testing.T) {
	line := Line{"e7e5", "g1f3", "b8c6", "f1b5"}
	cases := []struct {
		name   string
		played []string
		want   Step
	}{
		{"nothing played yet", nil, Step{State: Waiting, Rest: line}},
		{"the opponent matched: the answer is due", []string{"e7e5"}, Step{State: Due, Reply: "g1f3", Rest: Line{"b8c6", "f1b5"}}},
		{"another move clears it", []string{"c7c5"}, Step{State: Gone}},
		{"answered: the rest waits two plies on", []string{"e7e5", "g1f3"}, Step{State: Waiting, Skip: 2, Rest: Line{"b8c6", "f1b5"}}},
		{"the second pair is due", []string{"e7e5", "g1f3", "b8c6"}, Step{State: Due, Reply: "f1b5"}},
		{"the second pair cleared", []string{"e7e5", "g1f3", "d7d6"}, Step{State: Gone}},
		{"played to its end", []string{"e7e5", "g1f3", "b8c6", "f1b5"}, Step{State: Gone}},
		{"the owner answered otherwise", []string{"e7e5", "b1c3"}, Step{State: Gone}},
	}
	for _, c := range cases {
		got := Follow(line, c.played)
		if got.State != c.want.State || got.Skip != c.want.Skip || got.Reply != c.want.Reply || !slices.Equal(got.Rest, c.want.Rest) {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}

func TestPosition(t *testing.T) {
	g := after(t, "chess", "e4")
	pos, line, ok := Position(g, []string{"e5", "Nf3"})
	if !ok || line.String() != "e7e5 g1f3" || pos.Turn().Player != games.Player2 {
		t.Fatalf("%v %q", ok, line)
	}
	if g.Position() == pos.Position() {
		t.Error("the game itself was changed")
	}
	if _, _, ok := Position(g, []string{"e5", "Nf9"}); ok {
		t.Error("an illegal word gave a position")
	}
}

// countingRoller rolls 1s and counts them.
type countingRoller struct{ n int }

func (r *countingRoller) Roll(faces int) (int, error) { r.n++; return 1 + r.n%faces, nil }

// TestDiceDeclarations: a variant says it has dice exactly when its games
// roll them, so conditional moves are refused where, and only where, the
// roll decides what comes next.
func TestDiceDeclarations(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	for _, v := range games.All() {
		rolls := &countingRoller{}
		for game := 0; game < 10; game++ {
			g, _, _, err := games.Start(v.ID, "", rolls)
			if err != nil {
				t.Fatal(err)
			}
			for ply := 0; ply < 60 && !g.Outcome().Over; ply++ {
				legal := g.LegalMoves()
				if g, _, _, err = games.Apply(g, legal[rng.IntN(len(legal))].Notation, rolls); err != nil {
					t.Fatalf("%s: %v", v.ID, err)
				}
			}
		}
		if (rolls.n > 0) != v.Dice {
			t.Errorf("%s declares Dice=%v but rolled %d dice in 10 random games", v.ID, v.Dice, rolls.n)
		}
		if ok, err := Offered(v.ID); err != nil || ok == v.Dice {
			t.Errorf("%s: offered %v, %v", v.ID, ok, err)
		}
	}
	if _, err := Offered("nosuch"); err == nil {
		t.Error("an unknown variant was offered")
	}
}

func TestDescribe(t *testing.T) {
	g := after(t, "chess")
	for _, c := range []struct {
		line Line
		want []string
	}{
		{Line{"e2e4", "e7e5", "g1f3"}, []string{"e4 (pawn e2→e4)", "e5 (pawn e7→e5)", "Nf3 (knight g1→f3)"}},
		// A move that does not play there keeps its notation, and so does
		// everything after it.
		{Line{"e2e4", "e2e4", "g1f3"}, []string{"e4 (pawn e2→e4)", "e2e4", "g1f3"}},
		{nil, []string{}},
	} {
		if got := Describe(g, c.line); !slices.Equal(got, c.want) {
			t.Errorf("Describe(%v) = %q, want %q", c.line, got, c.want)
		}
	}
}
