package games

// NotationLookup is implemented by variants that can find a legal move by
// its exact canonical notation without building labels and aliases for
// every legal move. Apply tries it first, which keeps replaying a long
// stored game (where every notation is canonical) fast; anything else a
// person typed still goes through ParseMove.
type NotationLookup interface {
	// MoveByNotation returns the legal move whose Notation is exactly
	// notation. The Move needs Notation and Side; Label and Aliases may be
	// empty.
	MoveByNotation(notation string) (Move, bool)
}

// parse finds the move text names: the exact canonical fast path first.
func parse(g Game, text string) (Move, error) {
	if nl, ok := g.(NotationLookup); ok {
		if m, ok := nl.MoveByNotation(text); ok {
			return m, nil
		}
	}
	return g.ParseMove(text)
}
