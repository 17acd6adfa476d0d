package games

// Marks beyond the last move's: the square linked to a marked one on
// another board, and the marks of teaching pictures (which pieces can move,
// where one can go and what the move would do there). They continue the
// MarkKind numbering of view.go.
const (
	// MarkLinked is the square directly above or below a square the last
	// move left or reached, on the other board (Bermuda chess), so a move
	// between boards is marked on both.
	MarkLinked MarkKind = MarkDice + 1 + iota

	MarkMovable  // a piece the player to act can move
	MarkSelected // the piece whose moves are shown

	// Where the selected piece can go, by what the move does there. A
	// cell may carry several (a capture that promotes).
	MarkTargetQuiet     // an ordinary move to an empty cell
	MarkTargetCapture   // a move that captures
	MarkTargetBoard     // a move that ends on another board (a drop or a climb)
	MarkTargetAngle     // a move into the Bermuda Chess Angle
	MarkTargetPromotion // a move that promotes
)
