package angle

import (
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// Dice faces name Angle squares: file die 1→c … 6→h, rank die 1→3 … 6→8.
// So e5 = (3, 3), f7 = (4, 5), d8 = (2, 6), c3 = (1, 1), d3 = (2, 1).

// TestBCAFScenarios plays one move per case with scripted dice and checks
// the dice sentence, the squares afterwards and the outcome.
func TestBCAFScenarios(t *testing.T) {
	cases := []struct {
		name   string
		side   string
		pieces string
		move   string
		faces  []int
		dice   string          // the exact dice sentence; "" = no roll may happen
		after  map[string]byte // squares to check afterwards ('.' = empty)
		result string          // expected Outcome.Reason, "" = game goes on
		winner games.Player    // checked when result is decisive
		extra  func(*testing.T, *Game, []games.Event)
	}{
		{
			name: "knight jumping over the indicated square survives", side: "w",
			pieces: "Kf1 kf10 Nd2", move: "d2e4", faces: []int{2, 1},
			dice:  "BCAF `2, 1` → d3: empty, nothing vanished (the move entered the Angle)",
			after: map[string]byte{"e4": 'N', "d2": '.'},
		},
		{
			name: "knight whose origin is indicated vanishes", side: "w",
			pieces: "Kf1 kf10 Ne4", move: "e4g5", faces: []int{3, 2},
			dice:  "BCAF `3, 2` → e4: White's Knight on g5, whose path ran through e4, vanished into the Angle (the move was made within the Angle)",
			after: map[string]byte{"g5": '.', "e4": '.'},
		},
		{
			name: "rook sliding through the indicated square vanishes", side: "w",
			pieces: "Kf1 kf10 Ra5", move: "a5j5", faces: []int{3, 3},
			dice:  "BCAF `3, 3` → e5: White's Rook on j5, whose path ran through e5, vanished into the Angle (the move crossed the Angle)",
			after: map[string]byte{"j5": '.', "a5": '.'},
		},
		{
			name: "pawn double step from c2 crosses c3: it triggers and the pawn vanishes", side: "w",
			pieces: "Kf1 kf10 Pc2 pd4", move: "c2c4", faces: []int{1, 1},
			dice:  "BCAF `1, 1` → c3: White's Pawn on c4, whose path ran through c3, vanished into the Angle (the move entered the Angle)",
			after: map[string]byte{"c4": '.', "c2": '.', "d4": 'p'},
			extra: func(t *testing.T, g *Game, _ []games.Event) {
				if g.pos.ep != 0 || has(notations(g), "d4c3") {
					t.Error("the en passant chance must go with the vanished pawn")
				}
			},
		},
		{
			name: "pawn double step from c2 with an empty roll keeps en passant", side: "w",
			pieces: "Kf1 kf10 Pc2 pd4", move: "c2c4", faces: []int{6, 6},
			dice:  "BCAF `6, 6` → h8: empty, nothing vanished (the move entered the Angle)",
			after: map[string]byte{"c4": 'P'},
			extra: func(t *testing.T, g *Game, _ []games.Event) {
				if !has(notations(g), "d4c3") {
					t.Errorf("d4c3 en passant missing: %v", notations(g))
				}
			},
		},
		{
			name: "the brief's example: own Ship on the square vanishes", side: "w",
			pieces: "Kf1 kf10 Sf7 Pa2", move: "a2a3", faces: []int{4, 5},
			dice:  "BCAF `4, 5` → f7: White's Ship vanished into the Angle (a piece stands in the Angle)",
			after: map[string]byte{"f7": '.', "a3": 'P'},
		},
		{
			name: "an enemy piece on the square vanishes", side: "w",
			pieces: "Kf1 kf10 pe5 Pa2 Pj2", move: "a2a3", faces: []int{3, 3},
			dice:  "BCAF `3, 3` → e5: Black's Pawn vanished into the Angle (a piece stands in the Angle)",
			after: map[string]byte{"e5": '.'},
		},
		{
			name: "pieces in the Angle trigger a roll that names an empty square", side: "w",
			pieces: "Kf1 kf10 pe5 Nd4 Pa2", move: "a2a3", faces: []int{2, 6},
			dice:  "BCAF `2, 6` → d8: empty, nothing vanished (2 pieces stand in the Angle)",
			after: map[string]byte{"e5": 'p', "d4": 'N', "a3": 'P'},
		},
		{
			name: "a piece landing on the square vanishes once", side: "w",
			pieces: "Kf1 kf10 Sf9", move: "f9f7", faces: []int{4, 5},
			dice:  "BCAF `4, 5` → f7: White's Ship vanished into the Angle (the move entered the Angle)",
			after: map[string]byte{"f7": '.', "f9": '.'},
			extra: func(t *testing.T, _ *Game, evs []games.Event) {
				if n := len(eventsOf(evs, games.EventVanished)); n != 1 {
					t.Errorf("%d vanish events, want 1", n)
				}
			},
		},
		{
			name: "leaving the Angle triggers", side: "w",
			pieces: "Kf1 kf10 Qe5", move: "e5e9", faces: []int{1, 6},
			dice:  "BCAF `1, 6` → c8: empty, nothing vanished (the move left the Angle)",
			after: map[string]byte{"e9": 'Q'},
		},
		{
			name: "a capture stands although the capturer vanishes", side: "w",
			pieces: "Kf1 kf10 Re2 ne6", move: "e2e6", faces: []int{3, 2},
			dice:  "BCAF `3, 2` → e4: White's Rook on e6, whose path ran through e4, vanished into the Angle (the move entered the Angle)",
			after: map[string]byte{"e6": '.', "e2": '.'},
			extra: func(t *testing.T, g *Game, evs []games.Event) {
				if len(eventsOf(evs, games.EventCaptured)) != 1 || strings.Contains(g.pos.fen(), "n") {
					t.Errorf("the knight must stay captured: %v", g.pos.fen())
				}
			},
		},
		{
			name: "a king vanishing loses the game", side: "b",
			pieces: "Ke5 kf10 pa9", move: "a9a8", faces: []int{3, 3},
			dice:   "BCAF `3, 3` → e5: White's King vanished into the Angle (a piece stands in the Angle)",
			after:  map[string]byte{"e5": '.'},
			result: "White has no King left", winner: games.Player2,
		},
		{
			name: "the mover's own king vanishing loses too", side: "w",
			pieces: "Ke4 kf10", move: "e4e5", faces: []int{3, 2},
			dice:   "BCAF `3, 2` → e4: White's King on e5, whose path ran through e4, vanished into the Angle (the move was made within the Angle)",
			result: "White has no King left", winner: games.Player2,
		},
		{
			name: "both kings gone after one roll: king takes king, then vanishes", side: "w",
			pieces: "Ke4 ke5", move: "e4e5", faces: []int{3, 3},
			dice:   "BCAF `3, 3` → e5: White's King vanished into the Angle (the move was made within the Angle)",
			result: "both kings are gone",
		},
		{
			name: "both kings gone after one roll: rook takes king, own king on the square", side: "w",
			pieces: "Ke5 kj6 Ra6", move: "a6j6", faces: []int{3, 3},
			dice:   "BCAF `3, 3` → e5: White's King vanished into the Angle (the move crossed the Angle)",
			after:  map[string]byte{"j6": 'R'},
			result: "both kings are gone",
		},
		{
			name: "a king capture is judged after the roll and wins if the capturer's king survives", side: "w",
			pieces: "Kf1 ke5 Re2", move: "e2e5", faces: []int{3, 2},
			dice:   "BCAF `3, 2` → e4: White's Rook on e5, whose path ran through e4, vanished into the Angle (the move entered the Angle)",
			result: "Black has no King left", winner: games.Player1,
		},
		{
			name: "no roll when the path misses the Angle and the Angle is empty", side: "w",
			pieces: "Kf1 kf10 Ra1 Pi2", move: "i2i4",
			after: map[string]byte{"i4": 'P'},
		},
		{
			name: "a king captured outside the Angle with the Angle empty wins without dice", side: "w",
			pieces: "Kf1 ka10 Qa1", move: "a1a10",
			result: "Black has no King left", winner: games.Player1,
		},
		{
			name: "castling rolls when a piece stands in the Angle; its paths lie on rank 1, outside it", side: "w K",
			pieces: "Kf1 Rj1 kf10 pe5", move: "O-O", faces: []int{3, 3},
			dice:  "BCAF `3, 3` → e5: Black's Pawn vanished into the Angle (a piece stands in the Angle)",
			after: map[string]byte{"i1": 'K', "h1": 'R', "e5": '.'},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := mustNew(t, fenOf(t, c.side, c.pieces))
			evs := play(t, g, c.move, c.faces...)
			dice := games.DiceEvents(evs)
			switch {
			case c.dice == "" && len(dice) != 0:
				t.Fatalf("no roll was due, got %q", dice[0].Text)
			case c.dice != "" && len(dice) != 1:
				t.Fatalf("want one dice event, got %d: %v", len(dice), evs)
			case c.dice != "" && !strings.HasPrefix(dice[0].Text, c.dice):
				t.Fatalf("dice text\n got %q\nwant %q", dice[0].Text, c.dice)
			case c.dice != "" && (len(dice[0].Dice) != 2 || dice[0].Dice[0] != c.faces[0] || dice[0].Dice[1] != c.faces[1]):
				t.Fatalf("dice faces %v, want %v", dice[0].Dice, c.faces)
			}
			for sq, want := range c.after {
				if got := at(g, sq); got != want {
					t.Errorf("%s holds %q, want %q\n%s", sq, got, want, g.Diagram())
				}
			}
			o := g.Outcome()
			if o.Reason != c.result || (c.result == "") == o.Over {
				t.Errorf("outcome %+v, want reason %q", o, c.result)
			}
			if o.Over {
				if !o.Draw && o.Winner != c.winner {
					t.Errorf("winner %v, want %v", o.Winner, c.winner)
				}
				if strings.Contains(c.result, "both") != o.Draw {
					t.Errorf("draw is %v for %q", o.Draw, c.result)
				}
				if evs[len(evs)-1].Kind != games.EventGameOver {
					t.Errorf("last event %v, want game over", evs[len(evs)-1])
				}
				if len(g.LegalMoves()) != 0 {
					t.Error("no moves after the end")
				}
			}
			if c.extra != nil {
				c.extra(t, g, evs)
			}
		})
	}
}

// TestCastlingPathsVanish exercises the castling clause directly: the dice
// only name Angle squares (c3–h8) and castling paths lie on ranks 1 and 10,
// so no roll can hit them on this board; the rule is still applied to the
// king's and the rook's paths, as this shows with squares a roll cannot name.
func TestCastlingPathsVanish(t *testing.T) {
	for _, c := range []struct {
		move, square string
		gone         []string // squares emptied
		kept         []string
	}{
		{"f1i1", "j1", []string{"h1"}, []string{"i1"}}, // rook's origin: rook (now h1) vanishes
		{"f1i1", "g1", []string{"i1"}, []string{"h1"}}, // crossed by the king only
		{"f1i1", "h1", []string{"h1", "i1"}, nil},      // rook stands there, king crossed it
		{"f1b1", "a1", []string{"c1"}, []string{"b1"}}, // queenside rook's origin
		{"f1b1", "d1", []string{"b1"}, []string{"c1"}}, // king's path only
		{"f1b1", "b1", []string{"b1", "c1"}, nil},      // king stands there, rook crossed it
	} {
		g := mustNew(t, "r4k3r/10/10/10/10/10/10/10/10/R4K3R w KQkq - 0 1")
		var m move
		for _, x := range g.pos.generate(nil) {
			if notation(x) == c.move {
				m = x
			}
		}
		ms := movers(&g.pos, m)
		g.pos.make(m)
		i, _ := grid.Parse(c.square)
		g.pos.vanish(fromGrid(i), ms)
		for _, s := range c.gone {
			if at(g, s) != '.' {
				t.Errorf("%s, square %s: %s should be empty\n%s", c.move, c.square, s, g.Diagram())
			}
		}
		for _, s := range c.kept {
			if at(g, s) == '.' {
				t.Errorf("%s, square %s: %s should keep its piece\n%s", c.move, c.square, s, g.Diagram())
			}
		}
	}
}

// TestNoRollConsumesNoDice checks through games.Apply that a move without a
// due roll stores no faces, and that a due roll is always stored.
func TestNoRollConsumesNoDice(t *testing.T) {
	g := mustNew(t, "")
	_, ply, evs, err := games.Apply(g, "i2i4", games.Script())
	if err != nil || len(ply.Rolls) != 0 || len(games.DiceEvents(evs)) != 0 {
		t.Fatalf("i2i4 from the start: rolls %v, events %v, err %v", ply.Rolls, evs, err)
	}
	next, ply, evs, err := games.Apply(g, "e2e4", games.Script(6, 6))
	if err != nil || len(ply.Rolls) != 2 || len(games.DiceEvents(evs)) != 1 {
		t.Fatalf("e2e4: rolls %v, events %v, err %v", ply.Rolls, evs, err)
	}
	// After e2e4 a pawn stands in the Angle: Black's quiet a9a8 rolls too.
	if _, _, _, err := games.Apply(next, "a9a8", games.Script()); err == nil {
		t.Fatal("a9a8 with a pawn on e4 must need dice")
	}
}

// TestDiceMapping fills the Angle and checks every pair of faces: the file
// die picks c…h, the rank die 3…8, and exactly that square empties.
func TestDiceMapping(t *testing.T) {
	var pieces []string
	for f := 'c'; f <= 'h'; f++ {
		for r := 3; r <= 8; r++ {
			pieces = append(pieces, "N"+string(f)+itoa(r))
		}
	}
	fen := fenOf(t, "w", "Ka1 kj10 "+strings.Join(pieces, " "))
	for fileDie := 1; fileDie <= 6; fileDie++ {
		for rankDie := 1; rankDie <= 6; rankDie++ {
			g := mustNew(t, fen)
			evs := play(t, g, "a1a2", fileDie, rankDie)
			want := string(rune('b'+fileDie)) + itoa(rankDie+2)
			if d := games.DiceEvents(evs); len(d) != 1 || d[0].Square != want {
				t.Fatalf("faces %d, %d: dice event %+v, want square %s", fileDie, rankDie, d, want)
			}
			if n := strings.Count(g.Position(), "N"); n != 35 || at(g, want) != '.' {
				t.Fatalf("faces %d, %d: %d knights left, %s holds %q", fileDie, rankDie, n, want, at(g, want))
			}
		}
	}
	for sq := 0; sq < mailSize; sq++ {
		if emptyBoard[sq] == offBoard {
			continue
		}
		name := squareName(sq)
		want := strings.ContainsRune("cdefgh", rune(name[0])) && has([]string{"3", "4", "5", "6", "7", "8"}, name[1:])
		if inAngle(sq) != want {
			t.Errorf("inAngle(%s) = %v", squareName(sq), inAngle(sq))
		}
	}
}
