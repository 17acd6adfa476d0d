package bermuda

import (
	"errors"
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

const trickySetup = "r3k2r/1P4p1/8/3pP3/8/8/6p1/R3K2R|r3k2r/pppq1ppp/2n5/4p3/3P4/2N5/PPPQ1PPP/R3K2R w KQkq|KQkq d6 0 1"

func TestPositionRoundTrip(t *testing.T) {
	for _, s := range []string{
		StartSetup,
		trickySetup,
		"4k3/8/8/8/8/8/8/4K3|r3k3/8/8/8/8/8/8/4K2R b -|Kq - 12 40",
		"8/8/8/8/4pP2/8/8/K7|7k/8/8/8/8/8/8/8 b -|- f3 0 9",
	} {
		g := mustGame(t, s)
		if g.Position() != s {
			t.Errorf("round trip:\n got %s\nwant %s", g.Position(), s)
		}
		if again := mustGame(t, g.Position()); again.Key() != g.Key() {
			t.Errorf("keys differ after a round trip of %s", s)
		}
	}
	if g := mustGame(t, ""); g.Position() != StartSetup || g.Setup() != "" {
		t.Errorf("empty setup: position %q setup %q", g.Position(), g.Setup())
	}
	// The clocks are optional and do not enter the key.
	short := mustGame(t, "4k3/8/8/8/8/8/8/4K3|4k3/8/8/8/8/8/8/4K3 w -|- -")
	long := mustGame(t, "4k3/8/8/8/8/8/8/4K3|4k3/8/8/8/8/8/8/4K3 w -|- - 7 30")
	if short.Key() != long.Key() || short.Position() == long.Position() {
		t.Errorf("keys %q %q", short.Key(), long.Key())
	}
}

func TestBadPositionsAreRejectedClearly(t *testing.T) {
	const kings = "4k3/8/8/8/8/8/8/4K3|4k3/8/8/8/8/8/8/4K3"
	for _, tc := range []struct{ setup, want string }{
		{"nonsense", "6 fields"},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "both boards"},
		{"4k3/8/8/8/8/8/4K3|4k3/8/8/8/8/8/8/4K3 w - - 0 1", "lower board: board has 7 ranks"},
		{"4k3/8/8/8/8/8/8/4K3|4x3/8/8/8/8/8/8/4K3 w - - 0 1", `upper board: rank 8: "x"`},
		{"4k3/8/8/8/8/8/8/4K3|4k3/8/8/8/8/8/8/4K4 w - - 0 1", "upper board: rank 1 describes 9 squares"},
		{kings + " x - - 0 1", "w or b"},
		{kings + " w KQkq - 0 1", "per board"},
		{kings + " w Z|- - 0 1", `"Z" is not one of K, Q, k, q`},
		{kings + " w K|- - 0 1", "needs the White king on e1 and a rook on h1"},
		{kings + " w -|q - 0 1", "needs the Black king on E8 and a rook on A8"},
		{kings + " w - e9 0 1", "en-passant square must be"},
		{kings + " w - e6 0 1", "does not follow a Black double step"},
		{kings + " w - - -1 1", "halfmove clock"},
		{kings + " w - - 0 0", "fullmove number"},
		{"8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8 w - - 0 1", "neither side has a king"},
		{"P3k3/8/8/8/8/8/8/4K3|4k3/8/8/8/8/8/8/4K3 w - - 0 1", "White pawn stands on a8"},
		{"4k3/8/8/8/8/8/8/4K3|4k3/8/8/8/8/8/8/3pK3 w - - 0 1", "Black pawn stands on D1"},
	} {
		_, err := games.NewGame("bermuda", tc.setup)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want it to mention %q", tc.setup, err, tc.want)
		}
	}
}

func TestParseMoveIsForgiving(t *testing.T) {
	start := mustGame(t, "")
	for typed, want := range map[string]string{
		"e2e4": "e2e4", "e2-e4": "e2e4", " E2 E4 ": "E2E4", "E2-E4": "E2E4",
		"A1-a8": "A1-a8", "A1a8": "A1-a8", "a1a8": "A1-a8", "E1xa4": "E1-a4", "g1f3": "g1f3",
	} {
		m, err := start.ParseMove(typed)
		if err != nil || m.Notation != want {
			t.Errorf("ParseMove(%q) = %q, %v; want %s", typed, m.Notation, err, want)
		}
	}

	// e5e4, E5E4 and E5-e4 all legal: case tells them apart.
	g := gameWith(t, "Ke1 KE1 ke8 kE8 pe5 pE5", "b - - 0 1")
	for typed, want := range map[string]string{"e5e4": "e5e4", "E5E4": "E5E4", "E5e4": "E5-e4", "E5-e4": "E5-e4"} {
		m, err := g.ParseMove(typed)
		if err != nil || m.Notation != want {
			t.Errorf("ParseMove(%q) = %q, %v; want %s", typed, m.Notation, err, want)
		}
	}
	var me *games.MoveError
	if _, err := g.ParseMove("e5-E4"); !errors.As(err, &me) || !strings.Contains(me.Reason, "ambiguous") {
		t.Errorf("e5-E4 matches three moves ignoring case and must be ambiguous: %v", err)
	}

	promo := gameWith(t, "Ke1 KE1 Pb7 kh8 kH8", "w - - 0 1")
	for typed, want := range map[string]string{"b7b8q": "b7b8=Q", "b7b8=n": "b7b8=N", "b7-b8R": "b7b8=R"} {
		if m, err := promo.ParseMove(typed); err != nil || m.Notation != want {
			t.Errorf("ParseMove(%q) = %q, %v; want %s", typed, m.Notation, err, want)
		}
	}

	castle := gameWith(t, "Ke1 Rh1 KE1 RH1 ke8 kE8", "w K|K - 0 1")
	if _, err := castle.ParseMove("O-O"); !errors.As(err, &me) || !strings.Contains(me.Reason, "e1g1 or E1G1") {
		t.Errorf("O-O with both boards able to castle must be ambiguous: %v", err)
	}

	if _, err := start.ParseMove("e2e5"); !errors.As(err, &me) || len(me.Suggestions) == 0 || me.Suggestions[0][:2] != "e2" {
		t.Errorf("an illegal move should be refused with suggestions from e2: %v", err)
	}
	if _, err := start.Play(games.Move{Notation: "e2e5"}, nil); err == nil {
		t.Error("Play must refuse an illegal move")
	}
}

// FuzzNewNeverPanics: any position string either parses into a game whose
// position string round-trips, or is refused with an error.
func FuzzNewNeverPanics(f *testing.F) {
	for _, s := range []string{StartSetup, trickySetup, "", "|", "8/8|8/8 w - -", "4k3/8/8/8/8/8/8/4K3|4k3/8/8/8/8/8/8/4K3 w -|- E3 0 1",
		"4k3/8/8/8/8/8/8/4K3|4k3/8/8/8/8/8/8/4K3 b KQkq|KQkq a3 99999999999999999999 1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := newGame(s)
		if err != nil {
			return
		}
		again, err := newGame(g.Position())
		if err != nil || again.Position() != g.Position() {
			t.Fatalf("%q → %q does not round-trip: %v", s, g.Position(), err)
		}
		g.LegalMoves()
		g.View()
	})
}
