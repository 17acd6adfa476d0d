package randommove

import (
	"bytes"
	"errors"
	mrand "math/rand/v2"
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/games/chess"
)

// randomGame plays up to maxPlies random legal moves with seeded dice and
// returns the final state and its record.
func randomGame(t *testing.T, seed uint64, maxPlies int) (games.Game, games.Record) {
	t.Helper()
	dice := games.Seeded(seed)
	pick := mrand.New(mrand.NewPCG(seed, 7))
	g, startRolls, _, err := games.Start(ID, "", dice)
	if err != nil {
		t.Fatal(err)
	}
	rec := games.Record{Variant: ID, StartRolls: startRolls}
	for len(rec.Plies) < maxPlies && !g.Outcome().Over {
		legal := g.LegalMoves()
		if len(legal) == 0 {
			t.Fatalf("seed %d ply %d: no legal move but the game is not over", seed, len(rec.Plies)+1)
		}
		next, ply, _, err := games.Apply(g, legal[pick.IntN(len(legal))].Notation, dice)
		if err != nil {
			t.Fatalf("seed %d ply %d: %v", seed, len(rec.Plies)+1, err)
		}
		rec.Plies = append(rec.Plies, ply)
		g = next
		checkInvariants(t, g.(*Game))
	}
	return g, rec
}

// checkInvariants holds after every ply: the player on turn plays the
// colour on move and has a move to make, or the game is over.
func checkInvariants(t *testing.T, g *Game) {
	t.Helper()
	tu := g.Turn()
	if g.Outcome().Over {
		return
	}
	if tu.MovesLeft < 1 || tu.MovesLeft > g.granted || tu.Sides[0] != g.board.SideToMove() || g.colour[0] == g.colour[1] {
		t.Fatalf("bad turn state %+v (granted %d, colours %v, chess side %s)", tu, g.granted, g.colour, g.board.SideToMove())
	}
}

func TestReplaySeededGames(t *testing.T) {
	ended := 0
	for seed := uint64(1); seed <= 6; seed++ {
		g, rec := randomGame(t, seed, 300)
		if g.Outcome().Over {
			ended++
		}
		back, err := games.Replay(rec)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if back.Position() != g.Position() || back.Key() != g.Key() || back.Outcome() != g.Outcome() {
			t.Fatalf("seed %d: replay differs:\n%s %s %+v\n%s %s %+v", seed,
				g.Position(), g.Key(), g.Outcome(), back.Position(), back.Key(), back.Outcome())
		}
		// Through a record file too.
		var buf bytes.Buffer
		if err := games.WriteRecord(&buf, rec, nil); err != nil {
			t.Fatal(err)
		}
		read, _, err := games.ReadRecord(&buf)
		if err != nil {
			t.Fatal(err)
		}
		if again, err := games.Replay(read); err != nil || again.Key() != g.Key() {
			t.Fatalf("seed %d: record file replay: %v", seed, err)
		}
	}
	t.Logf("%d of 6 random games ended within 300 plies", ended)
}

// A record whose rolls were removed no longer replays.
func TestReplayDetectsMissingRolls(t *testing.T) {
	_, rec := randomGame(t, 3, 40)
	for i, p := range rec.Plies {
		if len(p.Rolls) > 0 {
			rec.Plies[i].Rolls = nil
			_, err := games.Replay(rec)
			if !errors.Is(err, games.ErrNoMoreRolls) {
				t.Fatalf("replay without ply %d's rolls: %v", i+1, err)
			}
			return
		}
	}
	t.Fatal("no ply rolled in 40 plies")
}

// Start position: 16 pawn moves (8 single, 8 double steps) and 4 knight
// moves = 20; every White move leaves Black the same 20 replies = 400;
// 8902 is the known third ply count.
func TestPerft(t *testing.T) {
	g, err := New("")
	if err != nil {
		t.Fatal(err)
	}
	for depth, want := range []uint64{1, 20, 400, 8902} {
		if got := g.Perft(depth); got != want {
			t.Errorf("perft(%d) = %d, want %d", depth, got, want)
		}
	}
	var sum uint64
	for _, mc := range g.Divide(3) {
		sum += mc.Nodes
	}
	if sum != 8902 {
		t.Errorf("divide(3) sums to %d, want 8902", sum)
	}
	kiwipete, err := New("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if got := kiwipete.Perft(2); got != 2039 {
		t.Errorf("kiwipete perft(2) = %d, want 2039", got)
	}
}

func TestBadPositions(t *testing.T) {
	for _, fen := range []string{"garbage", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "8/8/8/8/8/8/8/8 w - - 0 1"} {
		g, err := games.NewGame(ID, fen)
		if err == nil {
			t.Errorf("New(%q) accepted: %s", fen, g.Position())
			continue
		}
		if !strings.Contains(err.Error(), "chess FEN") {
			t.Errorf("New(%q) error %q does not say what is accepted", fen, err)
		}
	}
}

func TestParseMove(t *testing.T) {
	g := begun(t, "", 5, 3)
	for _, in := range []string{"e2e4", "e2-e4", "E2E4", "e4", " e2 e4 "} {
		m, err := g.ParseMove(in)
		if err != nil || m.Notation != "e2e4" {
			t.Errorf("ParseMove(%q) = %q, %v; want e2e4", in, m.Notation, err)
		}
	}
	if m, err := g.ParseMove("Nf3"); err != nil || m.Notation != "g1f3" {
		t.Errorf("ParseMove(Nf3) = %q, %v", m.Notation, err)
	}
	_, err := g.ParseMove("e2e5")
	var me *games.MoveError
	if !errors.As(err, &me) || len(me.Suggestions) == 0 {
		t.Errorf("ParseMove(e2e5) error %v, want a MoveError with suggestions", err)
	}
	if _, err := g.Play(games.Move{Notation: "e2e5"}, games.NewDice(nil)); err == nil {
		t.Error("Play accepted an illegal move")
	}
}

func TestRegistered(t *testing.T) {
	v, err := games.Lookup(ID)
	if err != nil {
		t.Fatal(err)
	}
	if v.Name != Name || v.StartSetup != chess.StartFEN || len(v.Rules) > 1800 || v.Reconstructed ||
		len(v.Sides) != 2 || v.Summary == "" || v.Author != "Charles Daniel" {
		t.Errorf("registration %+v", v)
	}
	g, err := v.New("")
	if err != nil || g.Setup() != "" || g.Variant() != ID || !strings.HasPrefix(g.Position(), chess.StartFEN[:40]) {
		t.Errorf("New(\"\") = %v, %v", g, err)
	}
	if v := g.View(); v.Variant != Name || len(v.Cells) != 64 || len(v.Pieces) != 32 {
		t.Errorf("view: %q, %d cells, %d pieces", v.Variant, len(v.Cells), len(v.Pieces))
	}
}

func BenchmarkPerft(b *testing.B) {
	g, err := New("")
	if err != nil {
		b.Fatal(err)
	}
	const depth, want = 5, 4865609
	var nodes uint64
	for b.Loop() {
		nodes = g.Perft(depth)
	}
	if nodes != want {
		b.Fatalf("perft(%d) = %d, want %d", depth, nodes, want)
	}
	b.ReportMetric(float64(nodes)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}
