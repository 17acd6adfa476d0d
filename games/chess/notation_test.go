package chess

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// sanOf returns the SAN (first alias) of the legal move with notation uci.
func sanOf(t *testing.T, g *Game, uci string) string {
	t.Helper()
	m, ok := notations(g)[uci]
	if !ok {
		t.Fatalf("%s is not legal in %s", uci, g.Position())
	}
	return m.Aliases[0]
}

func TestSAN(t *testing.T) {
	cases := []struct {
		name, fen, uci, san string
	}{
		{"pawn push", StartFEN, "e2e4", "e4"},
		{"knight", StartFEN, "g1f3", "Nf3"},
		{"file disambiguation", "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "b1d2", "Nbd2"},
		{"file disambiguation other", "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "f1d2", "Nfd2"},
		{"rank disambiguation", "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3", "R1a3"},
		{"rank disambiguation other", "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a5a3", "R5a3"},
		{"file and rank", "8/2k5/8/8/4Q2Q/8/8/K6Q w - - 0 1", "h4e1", "Qh4e1"},
		{"file among three", "8/2k5/8/8/4Q2Q/8/8/K6Q w - - 0 1", "e4e1", "Qee1"},
		{"rank among three", "8/2k5/8/8/4Q2Q/8/8/K6Q w - - 0 1", "h1e1", "Q1e1"},
		{"pinned twin needs no disambiguation", "4k3/8/8/8/8/8/8/1N2KN1r w - - 0 1", "b1d2", "Nd2"},
		{"piece capture", "4k3/8/8/3p4/8/4N3/8/4K3 w - - 0 1", "e3d5", "Nxd5"},
		{"pawn capture", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", "exd5"},
		{"en passant", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "exd6"},
		{"kingside castling", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1", "O-O"},
		{"queenside castling", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1", "O-O-O"},
		{"castling with check", "5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "O-O+"},
		{"promotion", "8/4P3/8/8/8/8/8/k3K3 w - - 0 1", "e7e8q", "e8=Q"},
		{"promotion with check", "k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8r", "e8=R+"},
		{"capture promotion with mate", "k2r4/1pP5/1K6/8/8/8/8/8 w - - 0 1", "c7d8q", "cxd8=Q#"},
		{"check", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8", "Ra8+"},
		{"mate", "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", "a1a8", "Ra8#"},
	}
	for _, c := range cases {
		g := mustGame(t, c.fen)
		if got := sanOf(t, g, c.uci); got != c.san {
			t.Errorf("%s: SAN of %s is %q, want %q", c.name, c.uci, got, c.san)
		}
		m, err := g.ParseMove(c.san)
		if err != nil || m.Notation != c.uci {
			t.Errorf("%s: ParseMove(%q) = %q, %v", c.name, c.san, m.Notation, err)
		}
	}
}

func TestParseMoveForgiving(t *testing.T) {
	cases := []struct{ fen, typed, want string }{
		{StartFEN, "e2e4", "e2e4"},
		{StartFEN, "e2-e4", "e2e4"},
		{StartFEN, " E2 E4 ", "e2e4"},
		{StartFEN, "e4", "e2e4"},
		{StartFEN, "Nf3", "g1f3"},
		{StartFEN, "nf3", "g1f3"},
		{StartFEN, "Ng1-f3", "g1f3"},
		{"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "0-0", "e1g1"},
		{"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "o-o-o", "e1c1"},
		{"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1", "e1g1"},
		{"5k2/8/8/8/8/8/8/4K2R w K - 0 1", "O-O", "e1g1"}, // check suffix left out
		{"8/4P3/8/8/8/8/8/k3K3 w - - 0 1", "e8Q", "e7e8q"},
		{"8/4P3/8/8/8/8/8/k3K3 w - - 0 1", "e8=N", "e7e8n"},
		{"8/4P3/8/8/8/8/8/k3K3 w - - 0 1", "e7e8N", "e7e8n"},
		// Coordinates with the promotion written as in SAN, as the README shows.
		{"8/4P3/8/8/8/8/8/k3K3 w - - 0 1", "e7e8=Q", "e7e8q"},
		{"8/4P3/8/8/8/8/8/k3K3 w - - 0 1", "e7-e8=n", "e7e8n"},
		{"4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "exd5", "e4d5"},
		{"4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4xd5", "e4d5"},
		// Lower-case b is the pawn, capital B the bishop.
		{"4k3/8/8/8/8/2p5/1P1B4/4K3 w - - 0 1", "bxc3", "b2c3"},
		{"4k3/8/8/8/8/2p5/1P1B4/4K3 w - - 0 1", "Bxc3", "d2c3"},
	}
	for _, c := range cases {
		g := mustGame(t, c.fen)
		m, err := g.ParseMove(c.typed)
		if err != nil || m.Notation != c.want {
			t.Errorf("%s: ParseMove(%q) = %q, %v; want %s", c.fen, c.typed, m.Notation, err, c.want)
		}
	}
}

func TestParseMoveErrors(t *testing.T) {
	cases := []struct{ fen, typed, reason string }{
		{StartFEN, "e2e5", "no legal move matches"},
		{StartFEN, "Nf4", "no legal move matches"},
		{StartFEN, "hello", "no legal move matches"},
		{StartFEN, "", "nothing was typed"},
		{StartFEN, "O-O", "no legal move matches"},
		{"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "Nd2", "ambiguous: it could be b1d2 or f1d2"},
		// Neither case tells the bishop from the b-pawn here.
		{"4k3/8/8/8/8/2p5/1P1B4/4K3 w - - 0 1", "BXC3", "ambiguous: it could be b2c3 or d2c3"},
	}
	for _, c := range cases {
		g := mustGame(t, c.fen)
		_, err := g.ParseMove(c.typed)
		var me *games.MoveError
		if !errors.As(err, &me) || !strings.Contains(me.Reason, c.reason) {
			t.Errorf("ParseMove(%q): %v; want a MoveError saying %q", c.typed, err, c.reason)
		}
	}
	g := mustGame(t, "")
	if _, err := g.PlayMove(games.Move{Notation: "e2e5"}); err == nil {
		t.Error("PlayMove accepted an illegal move")
	}
	if g.Position() != StartFEN {
		t.Error("a refused move changed the position")
	}
}

// TestNotationRoundTrip walks random games and checks, in every position,
// that each legal move's UCI notation and every alias parse back to that
// same move, that notations are unique, and that the UCI text is what the
// move list says.
func TestNotationRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for game := 0; game < 3; game++ {
		g := mustGame(t, perftSuite[game%len(perftSuite)].fen)
		for ply := 0; ply < 40 && !g.Outcome().Over; ply++ {
			legal := g.LegalMoves()
			seen := map[string]bool{}
			for _, m := range legal {
				if seen[m.Notation] {
					t.Fatalf("duplicate notation %s in %s", m.Notation, g.Position())
				}
				seen[m.Notation] = true
				if got, err := g.ParseMove(m.Notation); err != nil || got.Notation != m.Notation {
					t.Fatalf("%s: ParseMove(%q) = %q, %v", g.Position(), m.Notation, got.Notation, err)
				}
				// ParseMove is MatchMove over LegalMoves; reuse the list.
				for _, s := range m.Aliases {
					got, err := games.MatchMove(s, legal)
					if err != nil && strings.Contains(err.Error(), "ambiguous") && s != m.Aliases[0] {
						continue // an undisambiguated SAN alias shared on purpose
					}
					if err != nil || got.Notation != m.Notation {
						t.Fatalf("%s: %q parsed to %q, %v; want %s", g.Position(), s, got.Notation, err, m.Notation)
					}
				}
			}
			pick := legal[rng.IntN(len(legal))]
			if _, err := g.Play(pick, nil); err != nil {
				t.Fatal(err)
			}
		}
	}
}
