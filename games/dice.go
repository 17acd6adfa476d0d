package games

import (
	"crypto/rand"
	"errors"
	"fmt"
	"math/big"
	mrand "math/rand/v2"
)

// Roller produces die faces. Production uses CryptoRoller; tests script the
// faces; replay feeds back the recorded ones.
type Roller interface {
	// Roll returns a face from 1 to faces.
	Roll(faces int) (int, error)
}

// CryptoRoller rolls with crypto/rand, uniformly (rand.Int rejects
// out-of-range draws, so there is no modulo bias).
type CryptoRoller struct{}

func (CryptoRoller) Roll(faces int) (int, error) {
	if faces < 1 {
		return 0, fmt.Errorf("a die needs at least one face, got %d", faces)
	}
	n, err := rand.Int(rand.Reader, big.NewInt(int64(faces)))
	if err != nil {
		return 0, fmt.Errorf("rolling a die: %w", err)
	}
	return int(n.Int64()) + 1, nil
}

// ErrNoMoreRolls is returned by a ScriptedRoller that has run out.
var ErrNoMoreRolls = errors.New("the recorded dice ran out: the game needed another roll")

// ScriptedRoller returns the given faces in order: for tests, and for
// replaying a recorded game.
type ScriptedRoller struct {
	Faces []int
	next  int
}

// Script returns a roller that yields faces in order.
func Script(faces ...int) *ScriptedRoller { return &ScriptedRoller{Faces: faces} }

func (s *ScriptedRoller) Roll(faces int) (int, error) {
	if s.next >= len(s.Faces) {
		return 0, ErrNoMoreRolls
	}
	f := s.Faces[s.next]
	if f < 1 || f > faces {
		return 0, fmt.Errorf("recorded roll %d (number %d) is not a face of a %d-sided die", f, s.next+1, faces)
	}
	s.next++
	return f, nil
}

// Remaining is how many scripted faces are unused.
func (s *ScriptedRoller) Remaining() int { return len(s.Faces) - s.next }

// Dice is what a variant rolls through while playing a move: it records
// every face so the move can be stored with its rolls, and it latches the
// first error so variant code can roll without checking each time.
type Dice struct {
	roller Roller
	rolls  []int
	err    error
}

// NewDice wraps a roller. A nil roller means no dice may be rolled: any
// roll is an error (useful for variants without chance).
func NewDice(r Roller) *Dice { return &Dice{roller: r} }

// Roll returns a face from 1 to faces. After an error it returns 1 and the
// error stays in Err.
func (d *Dice) Roll(faces int) int {
	if d.err != nil {
		return 1
	}
	if d.roller == nil {
		d.err = errors.New("this move needed a die but no roller was given")
		return 1
	}
	f, err := d.roller.Roll(faces)
	if err != nil {
		d.err = err
		return 1
	}
	d.rolls = append(d.rolls, f)
	return f
}

// Rolls returns the faces rolled so far, in order.
func (d *Dice) Rolls() []int { return append([]int(nil), d.rolls...) }

// Err reports the first failed roll.
func (d *Dice) Err() error { return d.err }

// SeededRoller is a deterministic pseudo-random roller for terminal play
// and tests (`bermuda play -seed N`). Never used for rated games.
type SeededRoller struct{ rng *mrand.Rand }

// Seeded returns a SeededRoller for seed.
func Seeded(seed uint64) *SeededRoller {
	return &SeededRoller{rng: mrand.New(mrand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
}

func (s *SeededRoller) Roll(faces int) (int, error) {
	if faces < 1 {
		return 0, fmt.Errorf("a die needs at least one face, got %d", faces)
	}
	return s.rng.IntN(faces) + 1, nil
}
