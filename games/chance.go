package games

import "fmt"

// RollOutcome is one way the dice can fall while a move is played: the
// faces rolled, how likely that sequence is, and the position it leads to.
type RollOutcome struct {
	Rolls       []int
	Probability float64
	Game        Game
}

// RollOutcomes plays m on copies of g once for every sequence of die faces
// the move can roll, and returns each resulting position with its
// probability (they sum to 1). A move that rolls nothing gives one outcome
// with no rolls. It learns the dice by replaying the move with a scripted
// roller that records how many faces each roll asked for, then walks the
// faces depth first, so it needs nothing from the variant beyond Play.
//
// maxRolls bounds the walk for moves whose rolls can chain (a lost turn in
// Random Move Number Chess makes the other player throw at once): rolls past
// that many are not branched on but fixed at the die's middle face, and the
// sequence keeps the probability of its branched prefix. maxRolls < 1
// means 1.
func RollOutcomes(g Game, m Move, maxRolls int) ([]RollOutcome, error) {
	if maxRolls < 1 {
		maxRolls = 1
	}
	var out []RollOutcome
	var walk func(prefix []int, prob float64) error
	walk = func(prefix []int, prob float64) error {
		r := &probeRoller{prefix: prefix, limit: maxRolls}
		next := g.Clone()
		d := NewDice(r)
		if _, err := next.Play(m, d); err != nil {
			return err
		}
		if err := d.Err(); err != nil {
			return err
		}
		p := prob
		for i := len(prefix); i < len(r.faces) && i < maxRolls; i++ {
			p /= float64(r.faces[i])
		}
		out = append(out, RollOutcome{Rolls: r.rolled, Probability: p, Game: next})
		// Siblings: at every roll this replay chose freely (past the
		// prefix, within the bound), every other face is its own subtree.
		for i := len(prefix); i < len(r.faces) && i < maxRolls; i++ {
			q := prob
			for j := len(prefix); j < i; j++ {
				q /= float64(r.faces[j])
			}
			q /= float64(r.faces[i])
			for f := 2; f <= r.faces[i]; f++ {
				sub := append(append([]int(nil), r.rolled[:i]...), f)
				if err := walk(sub, q); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if err := walk(nil, 1); err != nil {
		return nil, fmt.Errorf("enumerating the rolls of %s: %w", m.Notation, err)
	}
	return out, nil
}

// probeRoller replays prefix, then rolls face 1 for every free roll up to
// limit and the middle face past it, recording each die's size.
type probeRoller struct {
	prefix []int
	limit  int
	faces  []int // faces of each roll asked for, in order
	rolled []int
}

func (r *probeRoller) Roll(faces int) (int, error) {
	if faces < 1 {
		return 0, fmt.Errorf("a die needs at least one face, got %d", faces)
	}
	i := len(r.faces)
	r.faces = append(r.faces, faces)
	f := 1
	switch {
	case i < len(r.prefix):
		f = r.prefix[i]
		if f > faces {
			return 0, fmt.Errorf("the move asked for a %d-sided die where it asked for more before", faces)
		}
	case i >= r.limit:
		f = (faces + 1) / 2
	}
	r.rolled = append(r.rolled, f)
	return f, nil
}
