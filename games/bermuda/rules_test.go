package bermuda

import (
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// The quarter turn of RULES.md §2, checked by hand: upper (file f, rank r)
// lies above lower (file r, rank 9−f).
func TestComplementarySquares(t *testing.T) {
	for up, down := range map[string]string{
		"A1": "a8", "H1": "a1", "A8": "h8", "H8": "h1", "E4": "d4", "E5": "e4", "D5": "e5", "C6": "f6", "H7": "g1", "D8": "h5",
	} {
		u, _ := parseSquare(up)
		d, _ := parseSquare(down)
		if int(complement[u]) != d || int(complement[d]) != u {
			t.Errorf("%s should lie above %s: complement gives %s and %s", up, down, squareName(int(complement[u])), squareName(int(complement[d])))
		}
	}
	for sq := 0; sq < numSquares; sq++ {
		c := int(complement[sq])
		if int(complement[c]) != sq || boardOf(c) == boardOf(sq) {
			t.Fatalf("complement is not a pairing of the two boards at %s", squareName(sq))
		}
		if (fileOf(sq)+rankOf(sq))%2 == (fileOf(c)+rankOf(c))%2 {
			t.Fatalf("%s and %s have the same colour; RULES.md says they differ", squareName(sq), squareName(c))
		}
	}
}

// From the start, White has 52 moves: 20 on each board (16 pawn moves and
// 4 knight moves, as in chess; only pieces on the same board block), and 12
// drops. A drop goes from an upper square to the lower square beneath it;
// White's upper pieces stand on upper ranks 1–2, which lie over the lower
// a- and b-files (rank r is over file r). On each of those files the lower
// squares 3–6 are empty and squares 7–8 hold Black pieces (drop-captures),
// while squares 1–2 hold White's own pieces (no drop): 6 + 6 = 12.
func TestStartPositionHas52Moves(t *testing.T) {
	g := mustGame(t, "")
	var lowerMoves, upperMoves, drops int
	for _, m := range g.LegalMoves() {
		switch {
		case strings.Contains(m.Notation, "-"):
			drops++
		case m.From[0] >= 'a':
			lowerMoves++
		default:
			upperMoves++
		}
	}
	if lowerMoves != 20 || upperMoves != 20 || drops != 12 {
		t.Fatalf("start: %d lower moves, %d upper moves, %d drops; want 20, 20, 12", lowerMoves, upperMoves, drops)
	}
	want := []string{"A1-a8", "B1-a7", "C1-a6", "D1-a5", "E1-a4", "F1-a3", "A2-b8", "B2-b7", "C2-b6", "D2-b5", "E2-b4", "F2-b3"}
	have := notations(g)
	for _, n := range want {
		if !have[n] {
			t.Errorf("drop %s missing", n)
		}
	}
}

// Only pieces on the same board block: a rook's file is open on the lower
// board however full the squares above it are.
func TestOnlyPiecesOnTheSameBoardBlock(t *testing.T) {
	// B1…G1 lie above a7…a2.
	g := gameWith(t, "Ke1 Ra1 KE8 NB1 NC1 ND1 NE1 NF1 NG1 ke8 kH8", "w - - 0 1")
	have := notations(g)
	for _, n := range []string{"a1a2", "a1a7", "a1a8", "a1d1"} {
		if !have[n] {
			t.Errorf("%s should be legal: upper pieces do not block the lower board", n)
		}
	}
	g = gameWith(t, "Ke1 Ra1 Pa4 KE8 ke8 kH8", "w - - 0 1")
	if have := notations(g); have["a1a5"] || !have["a1a3"] {
		t.Errorf("a lower pawn on a4 must block the rook: a1a5 %v, a1a3 %v", have["a1a5"], have["a1a3"])
	}
}

// Rule 1: an upper capture drops the victim to its complementary lower
// square; whatever stood there is removed from the game.
func TestRule1VictimFalls(t *testing.T) {
	base := "Ke1 KE1 QD1 ke8 kE8 nD5" // D5 lies above e5
	for _, tc := range []struct {
		name    string
		below   string // piece on e5 before the capture, "" for none
		crushed bool
	}{
		{"onto an empty square", "", false},
		{"onto the mover's own piece", "Pe5", true},
		{"onto the victim's own piece", "be5", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := gameWith(t, base+" "+tc.below, "w - - 0 1")
			before := countPieces(g)
			evs := playText(t, g, "D1D5")
			wantPieces(t, g, map[string]byte{"D5": 'Q', "D1": '.', "e5": 'n'})
			lost := before - countPieces(g)
			if tc.crushed != (lost == 1) || lost > 1 {
				t.Errorf("%d pieces left the game, want crushed=%v", lost, tc.crushed)
			}
			if !hasEvent(evs, games.EventDropped, "e5") || !hasEvent(evs, games.EventCaptured, "D5") {
				t.Errorf("events should report the capture on D5 and the fall to e5: %+v", evs)
			}
			if tc.crushed && !hasEvent(evs, games.EventCaptured, "e5") {
				t.Errorf("events should report the piece crushed on e5: %+v", evs)
			}
		})
	}
}

// Rule 1 with a king: a king captured on the upper board falls alive. Here
// it is Black's only king, so before the capture Black's lower army is
// frozen, and after it the upper army is.
func TestKingCapturedAboveFallsAlive(t *testing.T) {
	g := gameWith(t, "Ke1 KE1 QD1 kD5 ra8 pH7", "b - - 0 1")
	if have := notations(g); have["a8a7"] || !have["D5D6"] {
		t.Fatalf("Black's king is only on the upper board: the lower rook must be frozen, the king free; moves %v", have)
	}
	g.pos.toMove = white
	evs := playText(t, g, "D1D5")
	wantPieces(t, g, map[string]byte{"e5": 'k', "D5": 'Q'})
	if o := g.Outcome(); o.Over {
		t.Fatalf("a king that falls is alive; game ended: %+v", o)
	}
	var alive bool
	for _, e := range evs {
		alive = alive || (e.Kind == games.EventDropped && strings.Contains(e.Text, "alive"))
	}
	if !alive {
		t.Errorf("the fall event should say the king is alive: %+v", evs)
	}
	have := notations(g)
	if !have["a8a7"] || !have["e5e6"] || have["H7H6"] {
		t.Errorf("after the fall Black's lower army moves and the upper pawn is frozen; moves %v", have)
	}
}

// Rule 1 crushing a king: the piece beneath is removed even if it is a king;
// a side with no king left loses.
func TestFallingVictimCrushesLastKing(t *testing.T) {
	g := gameWith(t, "Ke1 KE1 QD1 ke5 nD5", "w - - 0 1")
	evs := playText(t, g, "D1D5")
	o := g.Outcome()
	if !o.Over || o.Winner != games.Player1 || !strings.Contains(o.Reason, "Black has no king") {
		t.Fatalf("Black's last king was crushed: outcome %+v", o)
	}
	if !hasEvent(evs, games.EventGameOver, "") || len(g.LegalMoves()) != 0 {
		t.Errorf("game over must be announced and leave no moves")
	}
}

// Rule 2: an upper piece may drop to the square beneath it if it is empty
// or holds an enemy (removed); never onto its own piece; the piece stays below.
func TestRule2Drop(t *testing.T) {
	g := gameWith(t, "Ke1 KE1 QD1 ke8 kE8", "w - - 0 1") // D1 lies above a5
	evs := playText(t, g, "D1-a5")
	wantPieces(t, g, map[string]byte{"D1": '.', "a5": 'Q'})
	if !hasEvent(evs, games.EventDropped, "a5") {
		t.Errorf("drop not reported: %+v", evs)
	}
	g.pos.toMove = white
	for n := range notations(g) {
		if strings.HasPrefix(n, "a5") && n[2] < 'a' {
			t.Errorf("the dropped queen went back up with %s", n)
		}
	}

	// Descent capture: the enemy beneath is removed from the game.
	g = gameWith(t, "Ke1 KE1 QD1 ke8 kE8 ra5", "w - - 0 1")
	evs = playText(t, g, "D1-a5")
	wantPieces(t, g, map[string]byte{"D1": '.', "a5": 'Q'})
	if countPieces(g) != 5 || !hasEvent(evs, games.EventCaptured, "a5") {
		t.Errorf("descent capture should remove the rook: %s, %+v", g.Position(), evs)
	}

	// Never onto a friendly piece; never without a king on the upper board.
	g = gameWith(t, "Ke1 KE1 QD1 Ba5 ke8 kE8", "w - - 0 1")
	if notations(g)["D1-a5"] {
		t.Error("a drop onto one's own piece must be illegal")
	}
	g = gameWith(t, "Ke1 QD1 ke8 kE8", "w - - 0 1")
	if notations(g)["D1-a5"] {
		t.Error("an upper piece without its king on the upper board must not drop (Rule 4)")
	}
	// Dropping onto the enemy's last king removes it: that side loses.
	g = gameWith(t, "Ke1 KE1 QD1 ka5", "w - - 0 1")
	playText(t, g, "D1-a5")
	if o := g.Outcome(); !o.Over || o.Winner != games.Player1 {
		t.Errorf("a drop onto Black's last king wins: %+v", o)
	}
	// Every drop lands on the complementary square.
	for _, m := range mustGame(t, "").LegalMoves() {
		if strings.Contains(m.Notation, "-") {
			from, _ := parseSquare(m.From)
			if squareName(int(complement[from])) != m.To {
				t.Errorf("drop %s does not land beneath %s", m.Notation, m.From)
			}
		}
	}
}

// Rule 3: a lower piece never simply moves up; after a capture it climbs to
// the square above if that is empty, otherwise it stays.
func TestRule3Climb(t *testing.T) {
	g := gameWith(t, "Ke1 KE1 Nf3 ke8 kE8 pe5", "w - - 0 1") // e5 lies beneath D5
	evs := playText(t, g, "f3e5")
	wantPieces(t, g, map[string]byte{"e5": '.', "D5": 'N', "f3": '.'})
	if countPieces(g) != 5 || !hasEvent(evs, games.EventClimbed, "D5") {
		t.Errorf("the knight should take the pawn and climb to D5: %s %+v", g.Position(), evs)
	}

	for _, above := range []string{"pD5", "BD5"} {
		g = gameWith(t, "Ke1 KE1 Nf3 ke8 kE8 pe5 "+above, "w - - 0 1")
		evs = playText(t, g, "f3e5")
		wantPieces(t, g, map[string]byte{"e5": 'N', "D5": above[0]})
		if hasEvent(evs, games.EventClimbed, "") {
			t.Errorf("climb blocked by %s was reported as a climb", above)
		}
	}

	// No lower move without a capture ever reaches the upper board.
	g = mustGame(t, "")
	for _, m := range g.LegalMoves() {
		if m.From[0] >= 'a' && m.To[0] < 'a' {
			t.Errorf("lower piece moves up with %s", m.Notation)
		}
	}
}

// Rule 4: a piece moves only while a king of its colour stands on its board.
func TestRule4FrozenArmy(t *testing.T) {
	// White's only king stands on the upper board: the lower army is frozen.
	g := gameWith(t, "KE1 Ra1 Pe2 Nb1 ke8 kE8", "w - - 0 1")
	for n := range notations(g) {
		if n[0] >= 'a' {
			t.Errorf("frozen lower army moved: %s", n)
		}
	}
	if !notations(g)["E1-a4"] {
		t.Fatal("the king may drop")
	}
	// The king drops: now the lower army moves and nothing upper would.
	g = gameWith(t, "KE1 QD1 Ra1 Pe2 ke8 kE8", "w - - 0 1")
	playText(t, g, "E1-a4")
	g.pos.toMove = white
	have := notations(g)
	if !have["e2e4"] || !have["a1b1"] || have["D1D2"] || have["D1-a5"] {
		t.Errorf("after its king left the upper board the queen must be frozen and the lower army free: %v", have)
	}
	if !strings.Contains(g.View().Status, "White's upper army") {
		t.Errorf("status should name the frozen army, got %q", g.View().Status)
	}
}

// Rule 4: kings are captured like other pieces; no king left loses.
func TestKingCapturedBelowLoses(t *testing.T) {
	g := gameWith(t, "Ke1 Re2 KE1 ke8", "w - - 0 1")
	playText(t, g, "e2e8")
	o := g.Outcome()
	if !o.Over || o.Winner != games.Player1 {
		t.Fatalf("Black lost its last king: %+v", o)
	}
	if v := g.View(); !strings.Contains(v.ToAct, "Game over") {
		t.Errorf("header should say the game is over: %q", v.ToAct)
	}
	// With a second king left, the game goes on.
	g = gameWith(t, "Ke1 Re2 KE1 ke8 kE8", "w - - 0 1")
	playText(t, g, "e2e8")
	if g.Outcome().Over {
		t.Fatal("Black still has its upper king")
	}
}

// Rule 4: a side with no legal move loses. Black's lower board is packed
// with its own pieces (nothing can move) and it has no king above.
func TestNoLegalMoveLoses(t *testing.T) {
	setup := "ppppkppp/pppppppp/pppppppp/pppppppp/pppppppp/pppppppp/pppppppp/rrrrrrrr|8/8/8/8/8/8/8/4K3 b - - 0 1"
	g := mustGame(t, setup)
	o := g.Outcome()
	if !o.Over || o.Winner != games.Player1 || !strings.Contains(o.Reason, "no legal move") {
		t.Fatalf("Black cannot move and must lose: %+v", o)
	}
}

// Pawns that change boards head for their colour's far edge of the new board.
func TestPawnsAfterChangingBoards(t *testing.T) {
	t.Run("white pawn drops", func(t *testing.T) {
		g := gameWith(t, "Ke1 KE1 PF2 ke8 kE8", "w - - 0 1") // F2 is above b3
		playText(t, g, "F2-b3")
		g.pos.toMove = white
		if have := notations(g); !have["b3b4"] || have["b3b2"] {
			t.Errorf("the pawn on b3 must move up the lower board: %v", have)
		}
	})
	t.Run("black pawn falls", func(t *testing.T) {
		g := gameWith(t, "Ke1 KE1 PB5 ke8 kE8 pC6", "w - - 0 1") // C6 is above f6
		playText(t, g, "B5C6")
		wantPieces(t, g, map[string]byte{"f6": 'p', "C6": 'P'})
		if have := notations(g); !have["f6f5"] || have["f6f7"] {
			t.Errorf("the fallen black pawn must move down the lower board: %v", have)
		}
	})
	t.Run("white pawn climbs", func(t *testing.T) {
		g := gameWith(t, "Ke1 KE1 Pd4 ke8 kE8 pe5", "w - - 0 1") // e5 is beneath D5
		playText(t, g, "d4e5")
		g.pos.toMove = white
		if have := notations(g); !have["D5D6"] || have["D5D4"] {
			t.Errorf("the climbed pawn must move up the upper board: %v", have)
		}
	})
	t.Run("climbed onto its second rank, it may double-step", func(t *testing.T) {
		g := gameWith(t, "Ke1 KE1 Pa4 ke8 kE8 pb5", "w - - 0 1") // b5 is beneath D2
		playText(t, g, "a4b5")
		g.pos.toMove = white
		if have := notations(g); !have["D2D4"] {
			t.Errorf("a pawn on its second rank double-steps: %v", have)
		}
	})
	t.Run("black pawn climbs", func(t *testing.T) {
		g := gameWith(t, "Ke1 KE1 Pd4 ke8 kE8 pe5", "b - - 0 1") // d4 is beneath E4
		playText(t, g, "e5d4")
		wantPieces(t, g, map[string]byte{"E4": 'p', "d4": '.'})
		g.pos.toMove = black
		if have := notations(g); !have["E4E3"] || have["E4E5"] {
			t.Errorf("the climbed black pawn must move down the upper board: %v", have)
		}
	})
}

// Promotion on either board by an ordinary move offers the four pieces.
func TestPromotionOnEitherBoard(t *testing.T) {
	for _, tc := range []struct {
		tokens, side, move, square string
		want                       byte
	}{
		{"Ke1 KE1 Pb7 kh8 kH8", "w", "b7b8=N", "b8", 'N'},
		{"Ke1 KE1 PB7 kh8 kH8", "w", "B7B8=Q", "B8", 'Q'},
		{"Ka8 KA8 pd2 kh8 kH8", "b", "d2d1=R", "d1", 'r'},
		{"Ka8 KA8 pD2 kh8 kH8", "b", "D2D1=B", "D1", 'b'},
	} {
		g := gameWith(t, tc.tokens, tc.side+" - - 0 1")
		var promos int
		for n := range notations(g) {
			if strings.HasPrefix(n, tc.move[:4]+"=") {
				promos++
			}
		}
		if promos != 4 {
			t.Errorf("%s: %d promotion choices, want 4", tc.move, promos)
		}
		evs := playText(t, g, tc.move)
		wantPieces(t, g, map[string]byte{tc.square: tc.want})
		if !hasEvent(evs, games.EventPromoted, tc.square) {
			t.Errorf("%s: promotion not reported", tc.move)
		}
	}
	// A lower pawn that promotes by capturing climbs as its new piece.
	g := gameWith(t, "Ke1 KE1 Pg7 kh8 kA1 rb8", "w - - 0 1") // h8 is beneath A8
	playText(t, g, "g7h8=N")
	wantPieces(t, g, map[string]byte{"A8": 'N', "h8": '.'})
}

// Ruling: a pawn arriving on its last rank by a drop, a climb or a fall
// becomes a queen at once.
func TestPromotionOnArrival(t *testing.T) {
	t.Run("drop", func(t *testing.T) {
		g := mustGame(t, "")
		evs := playText(t, g, "A2-b8") // takes Black's knight on b8
		wantPieces(t, g, map[string]byte{"b8": 'Q', "A2": '.'})
		if !hasEvent(evs, games.EventPromoted, "b8") {
			t.Errorf("arrival promotion not reported: %+v", evs)
		}
	})
	t.Run("victim falls", func(t *testing.T) {
		g := gameWith(t, "Ke1 KE1 RH1 ke8 kE8 pH7", "w - - 0 1") // H7 is above g1
		playText(t, g, "H1H7")
		wantPieces(t, g, map[string]byte{"g1": 'q', "H7": 'R'})
	})
	t.Run("both pawns of one capture promote", func(t *testing.T) {
		g := gameWith(t, "Ke1 KE1 PG7 ka8 kA8 pH8", "w - - 0 1") // H8 is above h1
		evs := playText(t, g, "G7H8=N")
		wantPieces(t, g, map[string]byte{"H8": 'N', "h1": 'q'})
		if !hasEvent(evs, games.EventPromoted, "H8") || !hasEvent(evs, games.EventPromoted, "h1") {
			t.Errorf("both promotions must be reported: %+v", evs)
		}
	})
	t.Run("climb", func(t *testing.T) {
		g := gameWith(t, "Ke1 KE1 Pg4 ke8 kE8 ph5", "w - - 0 1") // h5 is beneath D8
		playText(t, g, "g4h5")
		wantPieces(t, g, map[string]byte{"D8": 'Q', "h5": '.'})
	})
}

// Castling per board for that board's original king and rooks. Ruling:
// without check, castling out of, through and into attack is legal.
func TestCastlingPerBoard(t *testing.T) {
	const pieces = "Ke1 Ra1 Rh1 KE1 RA1 RH1 ke8 kE8"
	g := gameWith(t, pieces, "w KQ|KQ - 0 1")
	have := notations(g)
	for _, n := range []string{"e1g1", "e1c1", "E1G1", "E1C1"} {
		if !have[n] {
			t.Errorf("%s should be legal", n)
		}
	}
	evs := playText(t, g, "E1G1")
	wantPieces(t, g, map[string]byte{"G1": 'K', "F1": 'R', "H1": '.', "E1": '.'})
	if got := g.pos.castlingField(); got != "KQ|-" {
		t.Errorf("after castling on the upper board rights are %s, want KQ|-", got)
	}
	if !hasEvent(evs, games.EventMoved, "G1") {
		t.Errorf("castling not reported: %+v", evs)
	}

	// Through and into attack: Black rooks rake f1 and g1 on the lower board.
	g = gameWith(t, pieces+" rf8 rg8", "w KQ|KQ - 0 1")
	if !notations(g)["e1g1"] {
		t.Error("castling through attack must be legal (no check rule)")
	}
	// Pieces on the other board do not block; pieces on the same board do.
	g = gameWith(t, pieces+" NF1 ng1", "w KQ|KQ - 0 1")
	if have := notations(g); have["e1g1"] || !have["e1c1"] || have["E1G1"] {
		t.Errorf("castling blocked only by the same board: e1g1 %v e1c1 %v E1G1 %v", have["e1g1"], have["e1c1"], have["E1G1"])
	}
	// A rook crushed by a falling victim ends that right: H8 is above h1.
	g = gameWith(t, pieces+" QH2 nH8", "w KQ|KQ - 0 1")
	playText(t, g, "H2H8")
	if got := g.pos.castlingField(); got != "Q|KQ" {
		t.Errorf("rook h1 was crushed: rights %s, want Q|KQ", got)
	}
}

// En passant works per board; on the upper board the victim falls.
func TestEnPassantPerBoard(t *testing.T) {
	g := gameWith(t, "Ke1 KE1 Pe5 PE5 ke8 kE8 pd7 pD7", "b - - 0 1")
	playText(t, g, "d7d5")
	if have := notations(g); !have["e5d6"] || have["E5D6"] {
		t.Fatalf("a lower double step allows en passant on the lower board only: %v", have)
	}
	playText(t, g, "e5d6") // d6 is beneath C4: the capturer climbs
	wantPieces(t, g, map[string]byte{"d5": '.', "d6": '.', "C4": 'P'})

	g = gameWith(t, "Ke1 KE1 Pe5 PE5 ke8 kE8 pd7 pD7", "b - - 0 1")
	playText(t, g, "D7D5")
	if g.Position() != placed(t, "Ke1 KE1 Pe5 PE5 ke8 kE8 pd7 pD5", "w -|- D6 0 2") {
		t.Errorf("position after D7D5: %s", g.Position())
	}
	evs := playText(t, g, "E5D6") // the victim on D5 falls to e5, crushing the white pawn
	wantPieces(t, g, map[string]byte{"D5": '.', "D6": 'P', "e5": 'p'})
	if !hasEvent(evs, games.EventDropped, "e5") {
		t.Errorf("the en-passant victim's fall is not reported: %+v", evs)
	}
}

func TestEventsAndLabelsSayWhatHappened(t *testing.T) {
	g := gameWith(t, "Ke1 KE1 QD1 ke8 kE8 nD5 Pe5", "w - - 0 1")
	var label string
	for _, m := range g.LegalMoves() {
		if m.Notation == "D1D5" {
			label = m.Label
		}
	}
	if label != "Queen D1→D5, takes knight (it falls to e5, removing White's pawn)" {
		t.Errorf("label %q", label)
	}
	evs := playText(t, g, "D1D5")
	var texts []string
	for _, e := range evs {
		texts = append(texts, string(e.Kind)+": "+e.Text)
	}
	want := []string{
		"moved: White's queen D1→D5",
		"captured: White's queen takes Black's knight on D5",
		"dropped: Black's knight fell from D5 to e5 on the lower board",
		"captured: White's pawn on e5 was crushed by the falling piece and removed from the game",
	}
	if strings.Join(texts[:len(want)], "\n") != strings.Join(want, "\n") {
		t.Errorf("events:\n%s\nwant:\n%s", strings.Join(texts, "\n"), strings.Join(want, "\n"))
	}
}
