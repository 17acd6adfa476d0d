package beryl

import (
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// FuzzPositionAndMove feeds arbitrary position strings and move texts: they
// must be rejected with an error or read back to themselves, never panic.
func FuzzPositionAndMove(f *testing.F) {
	f.Add(spStart, "17-30=K")
	f.Add(bcStart, "25 26")
	f.Add("W:S18,S35 B:K39 R:S9,S29 1 - 7", "18x29=B=B")
	f.Add("W: B:- R 1 - 1", "x")
	f.Add("W:K22 B:R25,K39 w 30", "22-25")
	f.Add("W:K1,K2 B:K3 w 99999999999999999999", "=")
	f.Fuzz(func(t *testing.T, setup, text string) {
		for _, id := range []string{"spindecision", "beryl"} {
			g, err := games.NewGame(id, setup)
			if err != nil {
				continue
			}
			back, err := games.NewGame(id, g.Position())
			if err != nil || back.Position() != g.Position() {
				t.Fatalf("%s %q: position %q does not read back: %v", id, setup, g.Position(), err)
			}
			if _, _, _, err := games.Apply(g, text, nil); err == nil {
				_ = g.View()
			}
			_ = g.Diagram()
		}
	})
}

func TestBcViewAndDiagram(t *testing.T) {
	g := mustBeryl(t, "")
	v := g.View()
	if v.Variant != "Beryl Chess" || v.ToAct != "White to move (Player 1)" || len(v.Pieces) != 18 || len(v.Labels) != 2 {
		t.Fatalf("view %q %q %d pieces %d labels", v.Variant, v.ToAct, len(v.Pieces), len(v.Labels))
	}
	for _, p := range v.Pieces {
		if p.Kind == games.Schrodinger || p.Side == games.Red {
			t.Errorf("piece %+v", p)
		}
	}
	if d := g.Diagram(); !containsAll(d, "17wK", "35wB", "20bK", "36bB", "White to move") {
		t.Errorf("diagram:\n%s", d)
	}
}

func containsAll(s string, words ...string) bool {
	for _, w := range words {
		if !strings.Contains(s, w) {
			return false
		}
	}
	return true
}
