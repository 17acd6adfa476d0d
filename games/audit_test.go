package games

import (
	"crypto/rand"
	"errors"
	"fmt"
	"testing"
)

// Tests added by the rules audit for RULES.md "Everything random".

// cyclingBytes hands out 0, 1, …, 255, 0, 1, … and counts what it gave.
type cyclingBytes struct{ n int }

func (c *cyclingBytes) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(c.n)
		c.n++
	}
	return len(p), nil
}

// TestCryptoRollerHasNoModuloBias feeds the roller a byte source in which
// every byte value occurs equally often. A roll needs one byte; rejecting
// the values that would bias the die (crypto/rand.Int keeps the low three
// bits and throws away 6 and 7) leaves 192 rolls per 256 bytes, 32 of each
// face, so 576 rolls show each face exactly 96 times. A byte taken modulo 6
// would favour faces 1–4 (256 = 6·42 + 4).
func TestCryptoRollerHasNoModuloBias(t *testing.T) {
	saved := rand.Reader
	rand.Reader = &cyclingBytes{}
	t.Cleanup(func() { rand.Reader = saved })

	var seen [7]int
	for i := 0; i < 576; i++ {
		f, err := CryptoRoller{}.Roll(6)
		if err != nil || f < 1 || f > 6 {
			t.Fatalf("roll %d, %v", f, err)
		}
		seen[f]++
	}
	for f := 1; f <= 6; f++ {
		if seen[f] != 96 {
			t.Fatalf("faces over three cycles of every byte value: %v (face 1 first), want 96 each", seen[1:])
		}
	}
}

// opening is a toy variant with opening dice (like Random Move Number
// Chess's colour throws): Begin rolls a die per player; then "go" moves.
type opening struct {
	race
	start [2]int
	begun bool
}

func (o *opening) Begin(d *Dice) ([]Event, error) {
	if o.begun {
		return nil, errors.New("already begun")
	}
	o.start = [2]int{d.Roll(6), d.Roll(6)}
	o.begun = true
	return []Event{{Kind: EventDice, Dice: o.start[:], Text: fmt.Sprint(o.start)}}, nil
}

func (o *opening) Position() string { return fmt.Sprint(o.start, " ", o.race.Position()) }
func (o *opening) Key() string      { return o.Position() }
func (o *opening) Clone() Game      { c := *o; return &c }

func init() {
	Register(Variant{ID: "opening", Name: "Opening", New: func(setup string) (Game, error) {
		return &opening{race: race{toMove: Player1}}, nil
	}})
}

// TestStartRollsAreStoredAndReplayed: dice rolled before the first move
// are returned for storage, and replay feeds back exactly those, refusing
// a record with too few or too many.
func TestStartRollsAreStoredAndReplayed(t *testing.T) {
	g, rolls, evs, err := Start("opening", "", Script(3, 5))
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(rolls) != "[3 5]" || len(DiceEvents(evs)) != 1 {
		t.Fatalf("start rolls %v, events %v", rolls, evs)
	}
	next, ply, _, err := Apply(g, "roll", Script(4))
	if err != nil {
		t.Fatal(err)
	}
	rec := Record{Variant: "opening", StartRolls: rolls, Plies: []Ply{ply}}
	back, err := Replay(rec)
	if err != nil {
		t.Fatal(err)
	}
	if back.Position() != next.Position() {
		t.Fatalf("replayed %q, played %q", back.Position(), next.Position())
	}
	for name, bad := range map[string][]int{"missing start roll": {3}, "extra start roll": {3, 5, 2}} {
		r := rec
		r.StartRolls = bad
		var re *ReplayError
		if _, err := Replay(r); !errors.As(err, &re) || re.Ply != 0 {
			t.Errorf("%s: want a *ReplayError at the start, got %v", name, err)
		}
	}
}

// TestReplayRefusesANonCanonicalMove: a stored move must be the canonical
// notation Apply stored, not another spelling that happens to parse.
func TestReplayRefusesANonCanonicalMove(t *testing.T) {
	_, err := Replay(Record{Variant: "race", Plies: []Ply{{"r", []int{6}}}})
	var re *ReplayError
	if !errors.As(err, &re) || re.Ply != 1 {
		t.Fatalf("alias %q stored as a move: want a *ReplayError at ply 1, got %v", "r", err)
	}
}

// flaky fails its first roll and succeeds afterwards.
type flaky struct{ calls int }

func (f *flaky) Roll(int) (int, error) {
	f.calls++
	if f.calls == 1 {
		return 0, errors.New("no randomness")
	}
	return 4, nil
}

// TestDiceStopAtTheFirstFailure: once a roll has failed, later rolls of
// the same move neither ask the roller nor record anything, so a move is
// never stored with a partial set of rolls.
func TestDiceStopAtTheFirstFailure(t *testing.T) {
	f := &flaky{}
	d := NewDice(f)
	d.Roll(6)
	d.Roll(6)
	if d.Err() == nil || len(d.Rolls()) != 0 || f.calls != 1 {
		t.Fatalf("after a failed roll: err %v, rolls %v, roller asked %d times", d.Err(), d.Rolls(), f.calls)
	}
}
