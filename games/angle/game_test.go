package angle

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

func TestRegisteredVariant(t *testing.T) {
	v, err := games.Lookup("angle")
	if err != nil {
		t.Fatal(err)
	}
	if v.Name != "The Bermuda Chess Angle" || !v.Reconstructed || v.ReconstructedNote == "" || v.StartSetup != StartSetup {
		t.Errorf("variant entry %+v", v)
	}
	if n := len([]rune(v.Rules)); n > 1800 {
		t.Errorf("rules are %d characters, at most 1800", n)
	}
	for _, must := range []string{"c3–h8", "Ship", "reconstructed", "1 = c", "6 = h", "1 = 3", "6 = 8", "knight", "draw"} {
		if !strings.Contains(v.Rules, must) {
			t.Errorf("rules do not mention %q", must)
		}
	}
	g, err := v.New("")
	if err != nil {
		t.Fatal(err)
	}
	if g.Position() != StartSetup || g.Variant() != "angle" || g.Setup() != "" {
		t.Errorf("start: %q", g.Position())
	}
	turn := g.Turn()
	if turn.Player != games.Player1 || turn.MovesLeft != 1 || turn.MoveNumber != 1 || turn.Sides[0] != games.White {
		t.Errorf("turn %+v", turn)
	}
}

func TestBadPositionsAreRejected(t *testing.T) {
	for _, c := range []struct{ fen, says string }{
		{"rnbsqksbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBSQKSBNR w KQkq -", "6 fields"},
		{"rnbsqksbnr/pppppppppp/10/10/10/10/10/PPPPPPPPPP/RNBSQKSBNR w KQkq - 0 1", "ranks"},
		{"rnbsqksbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBSQKSBNX w KQkq - 0 1", "piece letter"},
		{"rnbsqksbnr/pppppppppp/11/10/10/10/10/10/PPPPPPPPPP/RNBSQKSBNR w KQkq - 0 1", "squares"},
		{"rnbsqksbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBSQKSBNR x KQkq - 0 1", "w or b"},
		{"rnbsqksbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBSQKSBNR w KQkz - 0 1", "KQkq"},
		{"rnbsqksbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBSQKSBNR w KK - 0 1", "twice"},
		{"rnbsqksbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBSQKSBN1 w K - 0 1", "rook on j1"},
		{"rnbsqksbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBSQKSBNR w KQkq e3 0 1", "double step"},
		{"rnbsqksbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBSQKSBNR w KQkq z9 0 1", "square such as"},
		{"rnbsqksbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBSQKSBNR w KQkq - -1 1", "halfmove"},
		{"rnbsqksbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBSQKSBNR w KQkq - 0 0", "move number"},
		{"pnbsqksbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBSQKSBNR w Q - 0 1", "rank 1 or 10"},
		{"rnbsqksbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBSQKKBNR w - - 0 1", "kings"},
		{"hello", "6 fields"},
	} {
		_, err := New(c.fen)
		if err == nil {
			t.Errorf("New(%q) accepted a bad position", c.fen)
			continue
		}
		if !strings.Contains(err.Error(), c.says) {
			t.Errorf("New(%q): %v; want it to mention %q", c.fen, err, c.says)
		}
	}
	if _, err := games.NewGame("angle", "nonsense"); err == nil {
		t.Error("the registry's New must reject nonsense")
	}
}

func TestPositionRoundTrip(t *testing.T) {
	for _, fen := range []string{
		StartSetup,
		"r4k3r/pP8/10/10/4s5/10/10/10/1p8/R4K3R w KQ - 3 17",
		"5k4/10/10/3pP5/10/10/10/10/10/5K4 w - d8 0 40",
		"5k4/10/10/10/10/10/3Pp5/10/10/5K4 b - d3 0 2",
	} {
		g := mustNew(t, fen)
		if g.Position() != fen {
			t.Errorf("round trip %q → %q", fen, g.Position())
		}
	}
}

func TestParseMove(t *testing.T) {
	g := mustNew(t, "")
	for in, want := range map[string]string{
		"c2c4": "c2c4", "c2-c4": "c2c4", "C2C4": "c2c4", "c4": "c2c4", " b1 c3 ": "b1c3", "Nc3": "b1c3", "nj3": "i1j3",
	} {
		m, err := g.ParseMove(in)
		if err != nil || m.Notation != want {
			t.Errorf("ParseMove(%q) = %q, %v; want %q", in, m.Notation, err, want)
		}
	}
	for _, bad := range []string{"", "c2c5", "z9", "O-O"} {
		_, err := g.ParseMove(bad)
		var me *games.MoveError
		if !errors.As(err, &me) {
			t.Errorf("ParseMove(%q): want a MoveError, got %v", bad, err)
		}
	}

	g = mustNew(t, "r4k3r/2P7/10/10/10/10/10/10/10/R4K3R w KQkq - 0 1")
	for in, want := range map[string]string{
		"O-O": "f1i1", "0-0-0": "f1b1", "c9c10s": "c9c10s", "c10=S": "c9c10s", "c9c10Q": "c9c10q",
		"Rj1j9": "j1j9", "Ra2": "a1a2", "f1g1": "f1g1",
	} {
		m, err := g.ParseMove(in)
		if err != nil || m.Notation != want {
			t.Errorf("ParseMove(%q) = %q, %v; want %q", in, m.Notation, err, want)
		}
	}
	labels := map[string]string{}
	for _, m := range g.LegalMoves() {
		labels[m.Notation] = m.Label
	}
	for n, want := range map[string]string{
		"f1i1":   "castle kingside: King f1→i1, Rook j1→h1",
		"f1b1":   "castle queenside: King f1→b1, Rook a1→c1",
		"c9c10s": "Pawn c9→c10 promotes to Ship",
		"a1a10":  "Rook a1→a10 takes Rook",
	} {
		if labels[n] != want {
			t.Errorf("label of %s = %q, want %q", n, labels[n], want)
		}
	}
	// Two knights reaching one square need disambiguation in SAN.
	g = mustNew(t, fenOf(t, "w", "Kj1 kj10 Nc3 Ng3"))
	for in, want := range map[string]string{"Nce4": "c3e4", "Nge4": "g3e4"} {
		if m, err := g.ParseMove(in); err != nil || m.Notation != want {
			t.Errorf("ParseMove(%q) = %q, %v; want %q", in, m.Notation, err, want)
		}
	}
	if _, err := g.ParseMove("Ne4"); err == nil {
		t.Error("Ne4 is ambiguous here")
	}
}

func TestPlayRejectsIllegalMoves(t *testing.T) {
	g := mustNew(t, "")
	if _, err := g.Play(games.Move{Notation: "e2e5"}, games.NewDice(games.Script(1, 1))); err == nil {
		t.Fatal("e2e5 must be refused")
	}
	if g.Position() != StartSetup {
		t.Fatal("a refused move must not change the position")
	}
}

func TestEventsInOrder(t *testing.T) {
	g := mustNew(t, fenOf(t, "w", "Kj1 kj8 Pc9 nd10 pf6"))
	evs := play(t, g, "c9d10s", 6, 6)
	var kinds []games.EventKind
	for _, e := range evs {
		kinds = append(kinds, e.Kind)
	}
	want := []games.EventKind{games.EventMoved, games.EventCaptured, games.EventPromoted, games.EventDice}
	if len(kinds) != len(want) {
		t.Fatalf("events %v, want %v", kinds, want)
	}
	for i := range want {
		if kinds[i] != want[i] {
			t.Fatalf("events %v, want %v", kinds, want)
		}
	}
	texts := []string{
		"White's Pawn c9→d10", // the capture and the promotion have their own events
		"White's Pawn took Black's Knight on d10",
		"White's Pawn promoted to a Ship on d10",
		"BCAF `6, 6` → h8: empty, nothing vanished (a piece stands in the Angle)",
	}
	for i, s := range texts {
		if evs[i].Text != s {
			t.Errorf("event %d: %q, want %q", i, evs[i].Text, s)
		}
	}
	if evs[3].Player != games.Player1 || evs[3].Square != "h8" {
		t.Errorf("dice event %+v", evs[3])
	}
}

func TestView(t *testing.T) {
	g := mustNew(t, fenOf(t, "w", "Kf1 kf10 Ra5 pe7"))
	v := g.View()
	angle := 0
	for _, c := range v.Cells {
		if c.Shade == games.ShadeAngle || c.Shade == games.ShadeAngleDark {
			angle++
		}
	}
	if angle != 36 || len(v.Cells) != 100 || len(v.Pieces) != 4 || v.ToAct != "White to move (Player 1)" {
		t.Fatalf("view: %d Angle cells, %d cells, %d pieces, %q", angle, len(v.Cells), len(v.Pieces), v.ToAct)
	}
	if i, _ := grid.Parse("c3"); v.Cells[i].Shade != games.ShadeAngleDark {
		t.Error("c3 is dark (a1 is dark) and in the Angle")
	}
	play(t, g, "a5j5", 3, 3) // rook crosses e5 and vanishes at j5
	v = g.View()
	for cell, kind := range map[string]games.MarkKind{"a5": games.MarkFrom, "j5": games.MarkTo, "e5": games.MarkDice} {
		if !hasMark(v, cell, kind) {
			t.Errorf("mark %v missing on %s: %+v", kind, cell, v.Marks)
		}
	}
	if !hasMark(v, "j5", games.MarkVanished) || !hasMark(v, "d5", games.MarkPath) {
		t.Errorf("vanish and path marks missing: %+v", v.Marks)
	}
	ghosts := 0
	for _, p := range v.Pieces {
		if p.Ghost {
			ghosts++
			if v.Cells[p.Cell].Name != "j5" || p.Kind != games.Rook || p.Side != games.White {
				t.Errorf("ghost %+v on %s", p, v.Cells[p.Cell].Name)
			}
		}
	}
	if ghosts != 1 || !strings.Contains(v.Status, "`3, 3` → e5") {
		t.Errorf("%d ghosts, status %q", ghosts, v.Status)
	}
	// Black to move: the board is turned, a1 at the top right.
	if v.ToAct != "Black to move (Player 2)" {
		t.Errorf("ToAct %q", v.ToAct)
	}
	a1, j10 := v.Cells[0].Center(), v.Cells[99].Center()
	if a1.Y > j10.Y || a1.X < j10.X {
		t.Errorf("Black's view should put a1 (%v) above and right of j10 (%v)", a1, j10)
	}
	if !strings.Contains(g.Diagram(), " 5  . . : : : : : : . .") {
		t.Errorf("diagram:\n%s", g.Diagram())
	}
}

// TestReplay plays random games through games.Apply with seeded dice and
// checks that games.Replay rebuilds the same state from the record.
func TestReplay(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		g, _, _, err := games.Start("angle", "", nil)
		if err != nil {
			t.Fatal(err)
		}
		roller := games.Seeded(seed)
		pick := rand.New(rand.NewPCG(seed, 99))
		rec := games.Record{Variant: "angle"}
		rolls := 0
		for ply := 0; ply < 300 && !g.Outcome().Over; ply++ {
			ms := g.LegalMoves()
			m := ms[pick.IntN(len(ms))]
			next, p, _, err := games.Apply(g, m.Notation, roller)
			if err != nil {
				t.Fatalf("seed %d ply %d %s: %v", seed, ply, m.Notation, err)
			}
			rolls += len(p.Rolls)
			rec.Plies = append(rec.Plies, p)
			g = next
		}
		r, err := games.Replay(rec)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if r.Position() != g.Position() || r.Key() != g.Key() || r.Outcome() != g.Outcome() {
			t.Fatalf("seed %d: replay %q %+v, played %q %+v", seed, r.Position(), r.Outcome(), g.Position(), g.Outcome())
		}
		if rolls == 0 {
			t.Fatalf("seed %d: %d plies without a single roll", seed, len(rec.Plies))
		}
		t.Logf("seed %d: %d plies, %d dice, %s", seed, len(rec.Plies), rolls, g.Outcome().Reason)
	}
}

func TestCloneIsDeep(t *testing.T) {
	g := mustNew(t, fenOf(t, "w", "Kf1 kf10 Ra5"))
	c := g.Clone().(*Game)
	play(t, g, "a5j5", 3, 3)
	if c.Position() == g.Position() || len(c.keys) != 1 || c.last.dice != 0 {
		t.Fatal("the clone changed with the original")
	}
}

// FuzzNew feeds position strings to New: it must never panic, and what it
// accepts must read back from Position and play on.
func FuzzNew(f *testing.F) {
	for _, s := range []string{StartSetup, "", "10/10/10/10/10/10/10/10/10/10 w - - 0 1",
		"5k4/10/10/3pP5/10/10/10/10/10/5K4 w - d8 0 1", "99999999999999999999/10 w", "r4k3r/10 w KQkq e3 0 1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := New(s)
		if err != nil {
			return
		}
		again, err := New(g.Position())
		if err != nil || again.Position() != g.Position() || again.Key() != g.Key() {
			t.Fatalf("New(%q).Position() = %q does not read back: %v", s, g.Position(), err)
		}
		g.Perft(2)
		g.View()
		for _, m := range g.LegalMoves() {
			c := g.Clone()
			c.Play(m, games.NewDice(games.Seeded(1)))
		}
	})
}
