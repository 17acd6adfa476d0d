package beryl

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// Start-position counts, derived by hand from the geometry (the cell
// tables are checked in geometry_test.go and pieces_test.go):
//
// Beryl Chess, depth 1 = 9. White: pawns 16, 22, 34, 38 have every rook
// step blocked by their own army or leading towards home, and their bishop
// steps (none from the edge cells 16 and 38; 26 from 22; 13 from 34) are
// empty: 0. Rook 28 is boxed in by its own 29 and 25: 0. King 17: king
// cells 12, 16, 22, 30, of which 12 and 30 are free: 2. Bishop 35: its only
// line is 35→12 (the next reflection leaves the board): 1. Knights
// 25 → 18, 19, 26 and 29 → 13, 19, 23: 6. Total 2+1+6 = 9.
//
// Beryl Chess, depth 2 = 75. Black mirrors White with 9 moves (20-15,
// 20-31, 36-15, 27→18/19/26, 32→14/18/23); a White move changes that only
// when it reaches Black: 17-30 puts White's king next to 31, so 20-31 is
// illegal (8); 25-26 checks Black's king on 20 with the knight, leaving
// 20-15, 20-31, 27x26 and 24x26 (4). Knight moves to 18, 19 and 23 turn
// Black's quiet knight moves into captures: same count. 7×9 + 8 + 4 = 75.
//
// spIndecision, depth 1 = 36: any army may move first; each has its
// knights' 6 moves as above and its two undecided pieces, each with 2 king
// moves and 1 bishop move (17: =K to 12 and 30, =B to 30; 35: =K to 12 and
// 30, =B to 12): 12 per army, 3 armies.
//
// spIndecision, depth 2 = 870: after the first move Player 2 may move the
// two other armies, 2×12 = 24 moves, and one more where the moved knight
// lands on a pawn's capture cell (a bishop step away from that pawn's
// home): White 25-26 (Black's pawn 24 takes), White 29-13 (Red's 6),
// Black 27-26 (White's 22), Black 32-14 (Red's 5), Red 2-14 (Black's 37),
// Red 3-13 (White's 34). 30×24 + 6×25 = 870.
var perftCounts = []struct {
	variant string
	counts  []uint64 // depth 1, 2, 3, …
}{
	{"beryl", []uint64{9, 75, 757, 7822}},
	{"spindecision", []uint64{36, 870, 21930}},
}

func TestPerftStartCounts(t *testing.T) {
	for _, pc := range perftCounts {
		g, err := games.NewGame(pc.variant, "")
		if err != nil {
			t.Fatal(err)
		}
		for i, want := range pc.counts {
			if got := g.Perft(i + 1); got != want {
				t.Errorf("%s perft(%d) = %d, want %d", pc.variant, i+1, got, want)
			}
		}
		var sum uint64
		for _, mc := range g.Divide(2) {
			sum += mc.Nodes
		}
		if sum != pc.counts[1] {
			t.Errorf("%s divide(2) sums to %d, want %d", pc.variant, sum, pc.counts[1])
		}
		if len(g.LegalMoves()) != int(pc.counts[0]) || g.Perft(0) != 1 {
			t.Errorf("%s: %d legal moves", pc.variant, len(g.LegalMoves()))
		}
	}
}

func TestSpDepth2ExceptionsAreTheKnightMoves(t *testing.T) {
	g := mustSp(t, "")
	var odd []string
	for _, mc := range g.Divide(2) {
		if mc.Nodes != 24 {
			odd = append(odd, mc.Move)
		}
	}
	if got := strings.Join(odd, " "); got != "2-14 3-13 25-26 27-26 29-13 32-14" {
		t.Errorf("first moves without 24 replies: %s", got)
	}
}

// randomGame plays up to plies random legal moves through games.Apply.
func randomGame(t *testing.T, variant string, seed uint64, plies int) (games.Game, games.Record) {
	t.Helper()
	g, _, _, err := games.Start(variant, "", games.Seeded(seed))
	if err != nil {
		t.Fatal(err)
	}
	rec := games.Record{Variant: variant}
	pick := rand.New(rand.NewPCG(seed, 7))
	for i := 0; i < plies && !g.Outcome().Over; i++ {
		legal := g.LegalMoves()
		m := legal[pick.IntN(len(legal))]
		next, ply, _, err := games.Apply(g, m.Notation, games.Seeded(seed))
		if err != nil {
			t.Fatalf("seed %d ply %d %s: %v", seed, i+1, m.Notation, err)
		}
		// The position string always reads back as the same position (a
		// repetition, which needs the history, aside).
		back, err := games.NewGame(variant, next.Position())
		if o := next.Outcome(); err != nil || back.Key() != next.Key() || (back.Outcome() != o && o.Reason != reasonRepetition) {
			t.Fatalf("seed %d ply %d: %q reads back as %v (%v)", seed, i+1, next.Position(), back, err)
		}
		g = next
		rec.Plies = append(rec.Plies, ply)
	}
	return g, rec
}

func TestReplay(t *testing.T) {
	for _, variant := range []string{"beryl", "spindecision"} {
		for seed := uint64(1); seed <= 4; seed++ {
			g, rec := randomGame(t, variant, seed, 300)
			r, err := games.Replay(rec)
			if err != nil {
				t.Fatalf("%s seed %d: %v", variant, seed, err)
			}
			if r.Position() != g.Position() || r.Key() != g.Key() || r.Outcome() != g.Outcome() {
				t.Errorf("%s seed %d: replay %q, played %q", variant, seed, r.Position(), g.Position())
			}
		}
	}
}

func TestPositionRoundTrip(t *testing.T) {
	for _, setup := range []string{spStart, bcStart, stuck, "W:S18,S35 B:K39 R:S9,S29 1 - 12 7", "W:K2 B:- R:K1 2 B 0 40 winner:1", "W:K17 B:K20 b 100 61"} {
		variant := "spindecision"
		if strings.Count(setup, ":") == 2 {
			variant = "beryl"
		}
		g, err := games.NewGame(variant, setup)
		if err != nil {
			t.Fatalf("%s: %v", setup, err)
		}
		if g.Position() != setup || g.Setup() != setup {
			t.Errorf("%q reads back as %q", setup, g.Position())
		}
	}
	// Lower-case letters and any army order are accepted, written canonically.
	g := mustSp(t, "r:R1,K2 w:k28 b:K33 1 r 2")
	if g.Position() != "W:K28 B:K33 R:R1,K2 1 R 0 2" {
		t.Errorf("canonical form %q", g.Position())
	}
	if c := g.Clone(); c.Position() != g.Position() {
		t.Errorf("clone differs")
	}
}

func TestBadPositionsRejected(t *testing.T) {
	for _, tc := range []struct{ variant, setup, want string }{
		{"spindecision", "W:K28 B:K33 1 - 1", "fields"},
		{"spindecision", "W:K28 B:K33 X:K1 1 - 1", "not an army field"},
		{"spindecision", "W:K28 W:K33 R:K1 1 - 1 x", "listed twice"},
		{"spindecision", "W:K28 B:K33 R:K40 1 - 1", "cell number from 1 to 39"},
		{"spindecision", "W:K28 B:K33 R:Q1 1 - 1", "piece letter"},
		{"spindecision", "W:K28 B:K28 R:K1 1 - 1", "two pieces"},
		{"spindecision", "W:K28 B:K33 R:K1 3 - 1", "1 or 2"},
		{"spindecision", "W:K28 B:K33 R:K1 1 G 1", "W, B, R or -"},
		{"spindecision", "W:K28 B:K33 R:K1 1 - 0", "move number"},
		{"spindecision", "W:K28,S3 B:K33 R:K1 1 - 1", "undecided"},
		{"spindecision", "W:S28,S3,K4 B:K33 R:K1 1 - 1", "more than one king"},
		{"spindecision", "W:P28 B:K33 R:K1 1 - 1", "no king"},
		{"spindecision", "W:K28,P7 B:K33 R:K1 1 - 1", "promotion zone"},
		{"spindecision", "W:K28 B:K33 R:K1 1 - 0 1 winner:3", "winner:1 or winner:2"},
		{"spindecision", "W:K28 B:K33 R:K1 1 - x 1", "fifty-move clock"},
		{"spindecision", "W:K28 B:K33 R:K1 1 - -1 1", "fifty-move clock"},
		{"spindecision", "W:K28 B:K33 R:K1 1 - 0 1 2", "winner:1 or winner:2"},
		{"beryl", "W:K28 B:K33 R:K1 w 1", "two armies"},
		{"beryl", "W:K28 B:K33 w +3 1", "fifty-move clock"},
		{"beryl", "W:K28 B:K33 w 0 1 1", "fields"},
		{"beryl", "W:K28,S1 B:K33 w 1", "K, R, B, N or P"},
		{"beryl", "W:R28 B:K33 w 1", "0 kings"},
		{"beryl", "W:K28 B:K33 x 1", "w or b"},
		{"beryl", "W:K22 B:R25,K39 b 1", "not to move"},
		{"beryl", "W:K28 B:K33 w", "fields"},
		{"beryl", "W:K28 B:K33,P1 w 1", "promotion zone"},
	} {
		_, err := games.NewGame(tc.variant, tc.setup)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %q: error %v, want one saying %q", tc.variant, tc.setup, err, tc.want)
		}
	}
}

func TestVariantsRegistered(t *testing.T) {
	for _, id := range []string{"beryl", "spindecision"} {
		v, err := games.Lookup(id)
		if err != nil {
			t.Fatal(err)
		}
		if v.Summary == "" || len(v.Rules) > 1800 || !v.Reconstructed || !strings.Contains(v.Rules, "reconstructed") || v.Author != "Alexandre Muñiz" || !strings.Contains(v.SourceURL, "chessvariants.com/39.dir/") {
			t.Errorf("%s: summary %q, rules %d chars, source %q %q", id, v.Summary, len(v.Rules), v.Author, v.SourceURL)
		}
		g, err := v.New("")
		if err != nil || g.Position() != v.StartSetup || g.Variant() != id {
			t.Errorf("%s start: %v", id, err)
		}
	}
}

func BenchmarkPerft(b *testing.B) {
	for _, pc := range []struct {
		variant string
		depth   int
		want    uint64
	}{{"beryl", 5, 84242}, {"spindecision", 4, 558333}} {
		b.Run(pc.variant, func(b *testing.B) {
			g, err := games.NewGame(pc.variant, "")
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if n := g.Perft(pc.depth); n != pc.want {
					b.Fatalf("%s perft(%d) = %d, want %d", pc.variant, pc.depth, n, pc.want)
				}
			}
			b.ReportMetric(float64(pc.want)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}
