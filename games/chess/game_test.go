package chess

import (
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

func TestRegistered(t *testing.T) {
	v, err := games.Lookup("chess")
	if err != nil {
		t.Fatal(err)
	}
	if v.Name != "Chess" || v.StartSetup != StartFEN || len(v.Sides) != 2 || v.Sides[0] != games.White || v.Sides[1] != games.Black {
		t.Errorf("variant %+v", v)
	}
	if len(v.Rules) > 1800 || v.Summary == "" || v.Source == "" || v.Reconstructed {
		t.Errorf("rules text: %d chars, summary %q, source %q", len(v.Rules), v.Summary, v.Source)
	}
	g, err := v.New("")
	if err != nil || g.Setup() != StartFEN || g.Position() != StartFEN || g.Variant() != "chess" {
		t.Fatalf("New(\"\"): %v %v", g, err)
	}
}

func TestFENRoundTrip(t *testing.T) {
	fens := []string{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "8/8/8/8/4Pp2/8/8/4K2k b - e3 0 30"}
	for _, c := range perftSuite {
		fens = append(fens, c.fen)
	}
	for _, fen := range fens {
		if got := mustGame(t, fen).Position(); got != fen {
			t.Errorf("FEN %q came back as %q", fen, got)
		}
	}
	// The clocks may be left out.
	if got := mustGame(t, "4k3/8/8/8/8/8/8/4K3 b -  -").Position(); got != "4k3/8/8/8/8/8/8/4K3 b - - 0 1" {
		t.Errorf("short FEN: %s", got)
	}
}

func TestBadFEN(t *testing.T) {
	cases := []struct{ fen, says string }{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "board has 7 ranks"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "4 to 6 fields"},
		{"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 6 describes 9 squares"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "not a piece letter"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR w kq - 0 1", "White must have exactly one king, found 0"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", "White must have exactly one king, found 2"},
		{"P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "first or last rank"},
		{"4k3/8/8/8/8/PPPPPPPP/PPPPPPPP/4K3 w - - 0 1", "White has 17 pieces"},
		{"4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", "Black has 9 pawns"},
		{"QQQQ4/8/8/7k/8/8/PPPPPP2/4K3 w - - 0 1", "White has 3 pieces beyond the starting set but only 2 missing pawns"},
		{"QQQQ4/8/8/7k/8/8/PPPPP3/4K3 w - - 0 1", ""},
		{StartFEN[:strings.Index(StartFEN, " ")] + " x KQkq - 0 1", "side to move must be w or b"},
		{"4k3/8/8/8/8/8/8/4K3 w K - 0 1", "castling right K needs the king on e1 and a rook on h1"},
		{"r3k3/8/8/8/8/8/8/4K3 w k - 0 1", "castling right k needs the king on e8 and a rook on h8"},
		{"4k3/8/8/8/8/8/8/R3K3 w QQ - 0 1", "repeats Q"},
		{"4k3/8/8/8/8/8/8/4K3 w Z - 0 1", "castling field must be - or some of KQkq"},
		{"4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1", "square on rank 6"},
		{"4k3/8/8/8/8/8/8/4K3 w - d6 0 1", "needs a black pawn on d5"},
		{"4k3/8/8/8/8/8/8/4K3 w - z9 0 1", "en passant field"},
		{"4k3/8/8/8/8/8/8/4K3 w - - -1 1", "halfmove clock"},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 0", "move number"},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra", "4 to 6 fields"},
		{"4k3/8/8/8/8/8/8/R3K3 b - - 0 1", ""}, // legal: black to move in check
		{"R3k3/8/8/8/8/8/8/4K3 w - - 0 1", "Black is not to move but is in check"},
	}
	for _, c := range cases {
		_, err := NewGame(c.fen)
		switch {
		case c.says == "" && err != nil:
			t.Errorf("%q refused: %v", c.fen, err)
		case c.says != "" && (err == nil || !strings.Contains(err.Error(), c.says)):
			t.Errorf("%q: error %v, want one saying %q", c.fen, err, c.says)
		}
	}
	if _, err := games.NewGame("chess", "nonsense"); err == nil {
		t.Error("registry New accepted nonsense")
	}
}

func TestTurnRolesAndKey(t *testing.T) {
	g := mustGame(t, "")
	if tn := g.Turn(); tn.Player != games.Player1 || tn.Sides[0] != games.White || tn.MovesLeft != 1 || tn.MoveNumber != 1 {
		t.Errorf("turn %+v", tn)
	}
	playAll(t, g, "e4")
	if tn := g.Turn(); tn.Player != games.Player2 || tn.Sides[0] != games.Black || tn.MoveNumber != 1 || g.SideToMove() != games.Black {
		t.Errorf("turn after e4 %+v", tn)
	}
	playAll(t, g, "e5")
	if g.Turn().MoveNumber != 2 || g.FullmoveNumber() != 2 || g.Roles() != [2]string{"White", "Black"} {
		t.Errorf("move number %d", g.Turn().MoveNumber)
	}
	// The key has no clocks and no en passant square that cannot be used.
	if got := g.Key(); got != "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -" || g.PositionKey() != got {
		t.Errorf("key %q", got)
	}
	if got := mustGame(t, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").PositionKey(); got != "4k3/8/8/3pP3/8/8/8/4K3 w - d6" {
		t.Errorf("key with a usable en passant: %q", got)
	}
	if d := g.Diagram(); !strings.Contains(d, " 8  r n b q k b n r") || !strings.Contains(d, "    a b c d e f g h") {
		t.Errorf("diagram:\n%s", d)
	}
}

func TestEventsAndLabels(t *testing.T) {
	g := mustGame(t, "4k3/8/8/3p4/8/4N3/8/4K3 w - - 0 1")
	m, err := g.ParseMove("Nxd5")
	if err != nil {
		t.Fatal(err)
	}
	if m.Label != "Nxd5 (knight e3→d5 takes pawn)" || m.From != "e3" || m.To != "d5" || m.Side != games.White {
		t.Errorf("move %+v", m)
	}
	evs, err := g.PlayMove(m)
	if err != nil {
		t.Fatal(err)
	}
	if len(evs) != 2 || evs[0].Kind != games.EventMoved || evs[0].Text != "White's knight e3→d5" ||
		evs[1].Kind != games.EventCaptured || evs[1].Text != "White's knight takes Black's pawn on d5" || evs[1].Side != games.Black || evs[1].Square != "d5" {
		t.Errorf("events %+v", evs)
	}
	castle := notations(mustGame(t, "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"))["e1c1"]
	if castle.Label != "O-O-O (castles queenside: king e1→c1)" {
		t.Errorf("castling label %q", castle.Label)
	}
	promo := notations(mustGame(t, "k2r4/4P3/8/8/8/8/8/4K3 w - - 0 1"))["e7d8q"]
	if promo.Label != "exd8=Q+ (pawn e7→d8 takes rook, promotes to queen)" {
		t.Errorf("promotion label %q", promo.Label)
	}
}

func TestPassTurnAndClone(t *testing.T) {
	g := mustGame(t, "")
	playAll(t, g, "e4")
	c := g.CloneGame()
	g.PassTurn()
	if g.SideToMove() != games.White || g.Position() != "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1" {
		t.Errorf("after PassTurn: %s", g.Position())
	}
	if c.SideToMove() != games.Black || c.Position() != "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1" {
		t.Errorf("clone changed with the original: %s", c.Position())
	}
	playAll(t, c, "d5", "Nf3")
	if len(c.history) == len(g.history) {
		t.Error("clone shares history")
	}
	var gi games.Game = g
	if gi.Clone().Position() != g.Position() {
		t.Error("Clone differs")
	}
	// White passes while its e4 pawn could be taken en passant after
	// d7d5: the right lapses with the pass.
	g = mustGame(t, "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1")
	playAll(t, g, "d5")
	g.PassTurn()
	g.PassTurn()
	if _, ok := notations(g)["e5d6"]; ok {
		t.Error("en passant survived a passed turn")
	}
}

func TestView(t *testing.T) {
	g := mustGame(t, "")
	v := g.View()
	if v.Variant != "Chess" || v.ToAct != "White to move" || v.MoveNumber != 1 || len(v.Cells) != 64 || len(v.Pieces) != 32 || len(v.Marks) != 0 {
		t.Errorf("start view %+v", v)
	}
	a1White := v.Cells[0].Center()
	playAll(t, g, "f3", "e5", "g4", "Qh4#")
	v = g.View()
	if v.ToAct != "Game over — Black wins by checkmate" {
		t.Errorf("header %q", v.ToAct)
	}
	// White is to move (mated): seen from White's side, a1 bottom left.
	if v.Cells[0].Center() != a1White {
		t.Error("view not from White's side")
	}
	marks := map[games.MarkKind]string{}
	for _, m := range v.Marks {
		marks[m.Kind] = v.Cells[m.Cell].Name
	}
	if marks[games.MarkFrom] != "d8" || marks[games.MarkTo] != "h4" || marks[games.MarkAttackedKing] != "e1" {
		t.Errorf("marks %v", marks)
	}
	g = mustGame(t, "")
	playAll(t, g, "e4")
	v = g.ViewWith("Black to move (Player 2)", "1 move left", 7)
	if v.ToAct != "Black to move (Player 2)" || v.Status != "1 move left" || v.MoveNumber != 7 {
		t.Errorf("ViewWith header %+v", v)
	}
	if v.Cells[0].Center() == a1White || v.Cells[63].Center() != a1White {
		t.Error("view not turned to Black's side")
	}
	if v := mustGame(t, "R3k3/8/8/8/8/8/8/4K3 b - - 0 1").View(); v.ToAct != "Black to move" || v.Status != "Black is in check" {
		t.Errorf("header in check: %q / %q", v.ToAct, v.Status)
	}
	for _, p := range v.Pieces {
		if v.Cells[p.Cell].Name == "e4" && (p.Kind != games.Pawn || p.Side != games.White) {
			t.Errorf("e4 holds %+v", p)
		}
	}
}

// TestReplay plays random games through games.Apply, then rebuilds each
// from its record and compares the results.
func TestReplay(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		rng := rand.New(rand.NewPCG(seed, 99))
		var g games.Game = mustGame(t, "")
		rec := games.Record{Variant: "chess"}
		for ply := 0; ply < 300 && !g.Outcome().Over; ply++ {
			legal := g.LegalMoves()
			m := legal[rng.IntN(len(legal))]
			next, p, _, err := games.Apply(g, m.Aliases[0], games.Seeded(seed))
			if err != nil {
				t.Fatalf("seed %d ply %d %s: %v", seed, ply, m.Aliases[0], err)
			}
			if len(p.Rolls) != 0 {
				t.Fatal("chess rolled dice")
			}
			rec.Plies = append(rec.Plies, p)
			g = next
		}
		r, err := games.Replay(rec)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if r.Position() != g.Position() || r.Key() != g.Key() || r.Outcome() != g.Outcome() {
			t.Errorf("seed %d: replay gives %s %+v, played %s %+v", seed, r.Position(), r.Outcome(), g.Position(), g.Outcome())
		}
	}
}

func TestLegalMovesSortedByUCI(t *testing.T) {
	for _, fen := range []string{StartFEN, "k2r4/4P3/8/8/8/8/8/4K3 w - - 0 1", perftSuite[1].fen} {
		var texts []string
		for _, m := range mustGame(t, fen).LegalMoves() {
			texts = append(texts, m.Notation)
		}
		if !sort.StringsAreSorted(texts) {
			t.Errorf("%s: moves not in UCI order: %v", fen, texts)
		}
	}
}
