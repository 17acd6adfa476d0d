package games

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// race is a toy variant for testing the core: each move "roll" adds a die
// to the mover's total, "pass" adds nothing; reaching 10 wins.
type race struct {
	setup  string
	totals [2]int
	toMove Player
}

func (r *race) Variant() string  { return "race" }
func (r *race) Setup() string    { return r.setup }
func (r *race) Position() string { return fmt.Sprintf("%d %d %d", r.totals[0], r.totals[1], r.toMove) }
func (r *race) Turn() Turn {
	return Turn{Player: r.toMove, Sides: []Side{Side(r.toMove)}, MovesLeft: 1, MoveNumber: 1}
}
func (r *race) Roles() [2]string       { return [2]string{"White", "Black"} }
func (r *race) Key() string            { return r.Position() }
func (r *race) Diagram() string        { return r.Position() + "\n" }
func (r *race) View() View             { return View{Variant: "race"} }
func (r *race) Perft(int) uint64       { return 0 }
func (r *race) Clone() Game            { c := *r; return &c }
func (r *race) Divide(int) []MoveCount { return nil }
func (r *race) Outcome() Outcome {
	for p, t := range r.totals {
		if t >= 10 {
			return Win(Player(p), "reached 10")
		}
	}
	return Ongoing
}
func (r *race) LegalMoves() []Move {
	if r.Outcome().Over {
		return nil
	}
	return []Move{{Notation: "roll", Aliases: []string{"r"}}, {Notation: "pass", Label: "pass the turn"}}
}
func (r *race) ParseMove(text string) (Move, error) { return MatchMove(text, r.LegalMoves()) }
func (r *race) Play(m Move, d *Dice) ([]Event, error) {
	var evs []Event
	if m.Notation == "roll" {
		f := d.Roll(6)
		r.totals[r.toMove] += f
		evs = append(evs, Event{Kind: EventDice, Dice: []int{f}, Text: fmt.Sprintf("`%d` → %d", f, r.totals[r.toMove])})
	}
	r.toMove = r.toMove.Other()
	return evs, nil
}

func init() {
	Register(Variant{ID: "race", Name: "Race", New: func(setup string) (Game, error) {
		if setup != "" {
			return nil, errors.New("race has no setups")
		}
		return &race{toMove: Player1}, nil
	}})
}

func TestApplyLeavesOriginalUntouchedAndRecordsRolls(t *testing.T) {
	g, _, _, err := Start("race", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	next, ply, evs, err := Apply(g, "ROLL", Script(4))
	if err != nil {
		t.Fatal(err)
	}
	if g.Position() != "0 0 0" || next.Position() != "4 0 1" {
		t.Fatalf("positions: old %q new %q", g.Position(), next.Position())
	}
	if ply.Move != "roll" || fmt.Sprint(ply.Rolls) != "[4]" || len(DiceEvents(evs)) != 1 {
		t.Fatalf("ply %+v events %+v", ply, evs)
	}
	if _, _, _, err := Apply(g, "roll", Script()); !errors.Is(err, ErrNoMoreRolls) {
		t.Fatalf("want ErrNoMoreRolls, got %v", err)
	}
	if _, _, _, err := Apply(g, "roll", Script(7)); err == nil {
		t.Fatal("a 7 on a six-sided die must be refused")
	}
}

func TestReplayRebuildsAndDetectsTampering(t *testing.T) {
	rec := Record{Variant: "race", Plies: []Ply{{"roll", []int{6}}, {"pass", nil}, {"roll", []int{5}}}}
	g, err := Replay(rec)
	if err != nil {
		t.Fatal(err)
	}
	if g.Position() != "11 0 1" || !g.Outcome().Over || g.Outcome().Winner != Player1 {
		t.Fatalf("replayed to %q %+v", g.Position(), g.Outcome())
	}
	for name, bad := range map[string]Record{
		"extra roll":   {Variant: "race", Plies: []Ply{{"pass", []int{3}}}},
		"missing roll": {Variant: "race", Plies: []Ply{{"roll", nil}}},
		"illegal move": {Variant: "race", Plies: []Ply{{"jump", nil}}},
		"after end":    {Variant: "race", Plies: append(rec.Plies, Ply{"pass", nil})},
		"bad variant":  {Variant: "nope"},
	} {
		_, err := Replay(bad)
		var re *ReplayError
		if !errors.As(err, &re) {
			t.Errorf("%s: want *ReplayError, got %v", name, err)
		}
	}
}

func TestMatchMove(t *testing.T) {
	legal := []Move{
		{Notation: "e2e4", Aliases: []string{"e4"}, From: "e2"},
		{Notation: "E2E4", From: "E2"},
		{Notation: "g1f3", Aliases: []string{"Nf3"}, From: "g1"},
		{Notation: "b2c3", Aliases: []string{"bxc3"}, From: "b2"},
		{Notation: "b4c3", Aliases: []string{"Bxc3"}, From: "b4"},
	}
	for in, want := range map[string]string{
		"e2e4": "e2e4", "E2E4": "E2E4", " e2 - e4 ": "e2e4", "E2-E4": "E2E4", "nf3": "g1f3",
		"G1F3": "g1f3", "Bxc3": "b4c3", "bxc3": "b2c3", "b2xc3": "b2c3", "e4": "e2e4",
	} {
		m, err := MatchMove(in, legal)
		if err != nil || m.Notation != want {
			t.Errorf("MatchMove(%q) = %q, %v; want %q", in, m.Notation, err, want)
		}
	}
	_, err := MatchMove("BC3", []Move{legal[3], {Notation: "b4c3", Aliases: []string{"Bc3"}}})
	var me *MoveError
	if !errors.As(err, &me) || !strings.Contains(me.Reason, "ambiguous") {
		t.Errorf("BC3 among bxc3/Bc3: want ambiguous, got %v", err)
	}
	_, err = MatchMove("e2e5", legal)
	if !errors.As(err, &me) || len(me.Suggestions) == 0 || me.Suggestions[0] != "e2e4" {
		t.Errorf("e2e5: want suggestion e2e4 first, got %v", err)
	}
	if _, err = MatchMove("  ", legal); err == nil {
		t.Error("empty input must be an error")
	}
}

func TestGridBoardFieldMultiDigit(t *testing.T) {
	g := Grid{Files: 10, Ranks: 10}
	field := "rnbsqksbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBSQKSBNR"
	sq, err := g.ParseBoard(field, func(c byte) bool { return strings.IndexByte("rnbsqkpRNBSQKP", c) >= 0 })
	if err != nil {
		t.Fatal(err)
	}
	if got := g.FormatBoard(sq); got != field {
		t.Fatalf("round trip %q", got)
	}
	if sq[g.Index(5, 0)] != 'K' || g.Name(g.Index(9, 9)) != "j10" {
		t.Fatal("king not on f1 or bad name")
	}
	if s, ok := g.Parse("J10"); !ok || s != 99 {
		t.Fatal("parse J10")
	}
	for _, bad := range []string{"a0", "k1", "a11", "a", "a01"} {
		if _, ok := g.Parse(bad); ok {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
	for _, bad := range []string{"11/10/10/10/10/10/10/10/10/10", "10/10", "9z/10/10/10/10/10/10/10/10/10"} {
		if _, err := g.ParseBoard(bad, func(byte) bool { return false }); err == nil {
			t.Errorf("ParseBoard(%q) accepted", bad)
		}
	}
}

func TestCryptoRollerIsInRangeAndUsesEveryFace(t *testing.T) {
	seen := map[int]int{}
	for i := 0; i < 600; i++ {
		f, err := CryptoRoller{}.Roll(6)
		if err != nil || f < 1 || f > 6 {
			t.Fatalf("roll %d, %v", f, err)
		}
		seen[f]++
	}
	if len(seen) != 6 {
		t.Fatalf("600 rolls showed only faces %v", seen)
	}
}
