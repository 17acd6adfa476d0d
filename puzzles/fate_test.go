package puzzles

import (
	"bytes"
	"context"
	"math"
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// angleFate is a line of the Angle whose first two moves roll (each
// enters the Angle, c3–h8), with their fates stored: White's e-pawn
// steps to e4 and the dice name e4 (file 3, rank 2), so it vanishes;
// Black's reply to e7 rolls h8 (6, 6), empty. The last move rolls too,
// and has no fate. Only the mechanics matter here, not the puzzle's worth.
func angleFate() Puzzle {
	p := Puzzle{Variant: "angle", Position: "rnbsqksbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBSQKSBNR w KQkq - 0 1",
		Solution: []string{"e2e4", "e9e7", "d2d4"}, Dice: [][]int{{3, 2}, {6, 6}}, Rating: 1000, Themes: []string{ThemeAngleDice}}
	p.ID = makeID(p.Variant, p.Position, p.Solution, p.Dice)
	return p
}

// TestStoredFateIsReplayed: a move before the last that rolls is played
// with its stored faces, every time (no roller is needed, none is used),
// what the dice did is told from them, and a puzzle whose stored faces do
// not fit its moves is refused.
func TestStoredFateIsReplayed(t *testing.T) {
	p := angleFate()
	if err := CheckLegal(&p); err != nil {
		t.Fatal(err)
	}
	a, err := p.At(2)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := p.At(2)
	if a.Position() != b.Position() {
		t.Fatalf("the same ply gave two positions: %s, %s", a.Position(), b.Position())
	}
	if strings.Contains(a.Position(), "4P5") {
		t.Fatalf("the pawn the dice named on e4 is still there: %s", a.Position())
	}
	first, err := p.DiceAt(0)
	if err != nil || len(first) != 1 || first[0].Square != "e4" || !strings.Contains(first[0].Text, "White's Pawn vanished into the Angle") {
		t.Fatalf("the first move's dice: %+v %v", first, err)
	}
	reply, _ := p.DiceAt(1)
	if len(reply) != 1 || reply[0].Square != "h8" || !strings.Contains(reply[0].Text, "nothing vanished") {
		t.Fatalf("the reply's dice: %+v", reply)
	}
	if last, _ := p.DiceAt(2); last != nil {
		t.Fatalf("the last move has a fate: %+v", last)
	}
	if v, err := p.Check(0, "e4"); err != nil || v != Correct {
		t.Fatalf("e4 at ply 0: %v %v", v, err)
	}
	if v, err := p.Check(2, "d4"); err != nil || v != Solved {
		t.Fatalf("d4 at ply 2: %v %v", v, err)
	}

	bad := map[string]func(*Puzzle){
		"no faces are stored": func(q *Puzzle) { q.Dice = nil },
		"rolls more dice":     func(q *Puzzle) { q.Dice = [][]int{{3}, {6, 6}} },
		"rolls fewer dice":    func(q *Puzzle) { q.Dice = [][]int{{3, 2, 1}, {6, 6}} },
		"the last move has":   func(q *Puzzle) { q.Dice = [][]int{{3, 2}, {6, 6}, {1, 1}} },
		"not a face":          func(q *Puzzle) { q.Dice = [][]int{{7, 2}, {6, 6}} },
	}
	for want, spoil := range bad {
		q := angleFate()
		spoil(&q)
		if err := CheckLegal(&q); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v", want, err)
		}
	}
}

// TestOlderPuzzlesLoadUnchanged: a puzzle with no stored dice writes no
// "dice" key and keeps the id it always had (the hash of position and
// solution), and every shipped puzzle's id is still what makeID gives it.
func TestOlderPuzzlesLoadUnchanged(t *testing.T) {
	var buf bytes.Buffer
	old := Puzzle{ID: "x", Variant: "chess", Position: "4k3/8/8/8/8/8/8/4K2R w K - 0 1", Solution: []string{"h1h8"}, Rating: 900, Themes: []string{"mate"}}
	if err := WriteJSONL(&buf, []Puzzle{old}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), "dice") {
		t.Fatalf("a puzzle without a fate writes %s", buf.String())
	}
	withFate := angleFate()
	buf.Reset()
	if err := WriteJSONL(&buf, []Puzzle{withFate}); err != nil {
		t.Fatal(err)
	}
	back, err := ReadJSONL(&buf)
	if err != nil || len(back) != 1 || len(back[0].Dice) != 2 || back[0].Dice[0][1] != 2 {
		t.Fatalf("read back %+v, %v", back, err)
	}
	if makeID("angle", withFate.Position, withFate.Solution, nil) == withFate.ID {
		t.Error("the stored fate is not part of the id")
	}
	for _, v := range games.All() {
		set, err := Load(v.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range set.Puzzles {
			if id := makeID(p.Variant, p.Position, p.Solution, p.Dice); id != p.ID {
				t.Errorf("%s: makeID gives %s", p.ID, id)
			}
		}
	}
}

// TestAngleLineGoesOnPastTheDice: a position of the Angle where White's
// rook takes the queen on a10 and, after Black's rook takes back on d10,
// takes that rook too. The first move rolls (pieces stand in the Angle):
// it is the best against every roll, so the line goes on under the fate
// of one seeded roll, stored; the reply rolls too and keeps its fate. The
// same puzzle comes out of every run (the fate's seed is the position's),
// and it passes the check.
func TestAngleLineGoesOnPastTheDice(t *testing.T) {
	g, err := games.NewGame("angle", "q4ksb2/3rpppp2/9n/1s1p6/8pr/R8p/S8P/2P5P1/3PPP4/N1B1QKS1N1 w - - 4 37")
	if err != nil {
		t.Fatal(err)
	}
	m := &Miner{}
	p, reason, err := m.Position(context.Background(), g, math.NaN(), nil)
	if err != nil || reason != "" {
		t.Fatalf("rejected: %q %v", reason, err)
	}
	t.Logf("%s %v dice %v %v", p.ID, p.Solution, p.Dice, p.Themes)
	if p.Solvers() != 2 || len(p.Faces(0)) != 2 || len(p.Faces(1)) != 2 || !p.HasTheme(ThemeAngleDice) || !p.HasTheme(ThemeShort) {
		t.Fatalf("puzzle %v, dice %v, themes %v", p.Solution, p.Dice, p.Themes)
	}
	if p.ID != "angle-46bdc5f565b7" {
		t.Errorf("id %s, not the shipped puzzle's", p.ID)
	}
	if err := Verify(context.Background(), &p, Options{}); err != nil {
		t.Fatal(err)
	}
}
