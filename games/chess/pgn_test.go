package chess

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	peer "github.com/corentings/chess/v2"

	"github.com/bermudachess/bermuda/games"
)

// randomRecord plays a seeded random game of chess to its end (or maxPlies)
// from setup.
func randomRecord(t *testing.T, seed uint64, setup string, maxPlies int) (games.Record, games.Game) {
	t.Helper()
	g, _, _, err := games.Start("chess", setup, nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 77))
	rec := games.Record{Variant: "chess", Setup: setup}
	for len(rec.Plies) < maxPlies && !g.Outcome().Over {
		legal := g.LegalMoves()
		next, ply, _, err := games.Apply(g, legal[rng.IntN(len(legal))].Notation, nil)
		if err != nil {
			t.Fatal(err)
		}
		rec.Plies = append(rec.Plies, ply)
		g = next
	}
	return rec, g
}

func writePGN(t *testing.T, rec games.Record, tags map[string]string) string {
	t.Helper()
	var buf bytes.Buffer
	if err := games.WriteRecord(&buf, rec, tags); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// peerRead parses PGN with github.com/corentings/chess/v2, a PGN reader
// that shares no code with ours.
func peerRead(t *testing.T, pgn string) *peer.Game {
	t.Helper()
	pg, err := peer.NewScanner(strings.NewReader(pgn)).ParseNext()
	if err != nil {
		t.Fatalf("corentings/chess cannot read our PGN: %v\n%s", err, pgn)
	}
	return pg
}

// fenCore is a FEN's board, side to move and castling rights: the fields
// every program writes alike (en passant squares and counters differ by
// convention).
func fenCore(fen string) string {
	f := strings.Fields(fen)
	return strings.Join(f[:3], " ")
}

// TestPGNIsReadByAnIndependentReader writes seeded random games as PGN and
// reads them back with corentings/chess: every move and the final position
// must be ours, and the tags the Seven Tag Roster.
func TestPGNIsReadByAnIndependentReader(t *testing.T) {
	setups := []string{"", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "8/P6k/8/8/8/8/6Kp/8 w - - 0 40"}
	for seed := uint64(1); seed <= 24; seed++ {
		setup := setups[seed%uint64(len(setups))]
		rec, g := randomRecord(t, seed, setup, 400)
		pgn := writePGN(t, rec, map[string]string{"Player1": `ann "the rook"`, "Player2": "bob", "Event": "Test"})
		for i, tag := range []string{"[Event ", "[Site ", "[Date ", "[Round ", "[White ", "[Black ", "[Result "} {
			if lines := strings.Split(pgn, "\n"); !strings.HasPrefix(lines[i], tag) {
				t.Fatalf("seed %d: line %d is %q, want the tag %s…]", seed, i+1, lines[i], tag)
			}
		}
		pg := peerRead(t, pgn)
		moves := pg.Moves()
		if len(moves) != len(rec.Plies) {
			t.Fatalf("seed %d: corentings read %d moves, we played %d\n%s", seed, len(moves), len(rec.Plies), pgn)
		}
		for i, m := range moves {
			if m.String() != rec.Plies[i].Move {
				t.Fatalf("seed %d: move %d read as %s, played %s", seed, i+1, m, rec.Plies[i].Move)
			}
		}
		if got, want := fenCore(pg.FEN()), fenCore(g.Position()); got != want {
			t.Fatalf("seed %d: final position %q, ours %q", seed, got, want)
		}
		res, _ := games.ResultTags(g.Outcome())
		if pg.GetTagPair("Result") != res || last(strings.Fields(pgn)) != res {
			t.Fatalf("seed %d: result tag %q, want %q", seed, pg.GetTagPair("Result"), res)
		}
		if pg.GetTagPair("White") != "ann 'the rook'" || pg.GetTagPair("Black") != "bob" {
			t.Fatalf("seed %d: players %q %q", seed, pg.GetTagPair("White"), pg.GetTagPair("Black"))
		}
		if setup != "" && pg.GetTagPair("FEN") != setup {
			t.Fatalf("seed %d: FEN tag %q", seed, pg.GetTagPair("FEN"))
		}
		// And through our own reader: the same record, the same file.
		back, tags, err := games.ReadRecord(strings.NewReader(pgn))
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if back.Setup != setup || len(back.Plies) != len(rec.Plies) {
			t.Fatalf("seed %d: read back setup %q, %d plies", seed, back.Setup, len(back.Plies))
		}
		if again := writePGN(t, back, tags); again != pgn {
			t.Fatalf("seed %d: export → read → export differs:\n%s\n---\n%s", seed, pgn, again)
		}
	}
}

func TestPGNOfAFinishedGame(t *testing.T) {
	rec := games.Record{Variant: "chess", Plies: []games.Ply{{Move: "f2f3"}, {Move: "e7e5"}, {Move: "g2g4"}, {Move: "d8h4"}}}
	want := `[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "-"]
[White "?"]
[Black "?"]
[Result "0-1"]
[Termination "checkmate"]

1. f3 e5 2. g4 Qh4# 0-1
`
	if got := writePGN(t, rec, nil); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	// A result the bot decided (a resignation) wins over the rules' "*".
	got := writePGN(t, games.Record{Variant: "chess", Plies: rec.Plies[:1]}, map[string]string{"Result": "0-1", "Termination": "White resigned"})
	if !strings.Contains(got, "[Result \"0-1\"]\n[Termination \"White resigned\"]\n\n1. f3 0-1\n") {
		t.Fatalf("resigned game:\n%s", got)
	}
}

// Our reader takes PGN as other programs write it: comments, glyphs,
// variations, move numbers glued to moves, castling as 0-0.
func TestReadPGNFromOtherPrograms(t *testing.T) {
	pgn := `[Event "Casual"]
[Site "https://example.org/x"]
[White "A"]
[Black "B"]
[Result "1-0"]
[Variant "Standard"]

1.e4 {best by test} e5 2. Nf3 $1 Nc6 (2... d6 3. d4) 3. Bc4!? Bc5 4. 0-0 Nf6
5. d3 d6 6. Bg5 h6 7. Bxf6 Qxf6 8. Nc3 Bg4 9. Nd5 Qd8 10. c3 a6 1-0

[Event "second game, ignored"]
1. d4 *
`
	rec, tags, err := games.ReadRecord(strings.NewReader(pgn))
	if err != nil {
		t.Fatal(err)
	}
	var moves []string
	for _, p := range rec.Plies {
		moves = append(moves, p.Move)
	}
	want := "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1g1 g8f6 d2d3 d7d6 c1g5 h7h6 g5f6 d8f6 b1c3 c8g4 c3d5 f6d8 c2c3 a7a6"
	if strings.Join(moves, " ") != want || tags["Player1"] != "A" || tags["Result"] != "1-0" || tags["Site"] != "https://example.org/x" {
		t.Fatalf("read %q, tags %v", moves, tags)
	}
	for _, bad := range []string{
		"[Event \"x\"]\n\n1. e4 e6 2. Ke3 *\n",           // illegal move
		"[Event \"x\"]\n[Variant \"Atomic\"]\n1. e4 *\n", // another game
		"[Event \"x\"]\n\n1. e4 {unclosed\n",
		"[Event x]\n1. e4 *\n",
		"[Event \"x\"]\n[FEN \"8/8 w\"]\n1. e4 *\n",
		"just some text\n",
	} {
		if _, _, err := games.ReadRecord(strings.NewReader(bad)); err == nil {
			t.Errorf("ReadRecord accepted %q", bad)
		}
	}
}

func last(xs []string) string { return xs[len(xs)-1] }
