package games

// This file holds the optional interfaces a game-playing program may use to
// look at positions faster than through Game. They describe positions and
// moves only: nothing here knows how a search works.

// PieceAt is one piece on one cell.
type PieceAt struct {
	Cell string // the cell's name, as in Move.From/To and View
	Kind PieceKind
	Side Side
}

// PieceLister is implemented by games that can list their pieces without
// building a View (which draws every cell's outline).
type PieceLister interface {
	// AppendPieces appends every piece on the board to dst.
	AppendPieces(dst []PieceAt) []PieceAt
}

// SideOwner is implemented by games whose armies do not simply belong to
// Player 1 (Side 0) and Player 2 (Side 1): colours that change hands, or
// armies shared by both players (Owner returns NoPlayer for those).
type SideOwner interface {
	Owner(s Side) Player
}

// SearchMove is a move in a SearchState's own compact encoding. Victim is
// the kind of piece it captures ("" for none), Promotion what it promotes
// to ("" for none): hints for ordering moves and for searching captures.
type SearchMove struct {
	Code      uint32
	Victim    PieceKind
	Promotion PieceKind
}

// Searchable is implemented by games that offer a fast path for programs
// walking their move tree: moves into a caller's buffer, make/unmake on a
// stack, chance outcomes with their probabilities, and a 64-bit hash.
type Searchable interface {
	// SearchState returns an independent state at this position. It may
	// refuse (false) positions it does not model, e.g. a finished game.
	SearchState() (SearchState, bool)
}

// SearchState is a position that can be moved forward and back cheaply.
// It is not safe for concurrent use; make one per goroutine.
type SearchState interface {
	// Player is who acts now; Status whether the game is over and who won
	// (NoPlayer for a draw).
	Player() Player
	Status() (over bool, winner Player)
	// Hash identifies the position (pieces, who acts, rights) with high
	// probability; equal positions hash equally.
	Hash() uint64
	// Moves appends the legal moves to buf (only captures and promotions
	// when tactical is set). All of them are empty exactly when over.
	Moves(buf []SearchMove, tactical bool) []SearchMove
	// Expand appends to probs the probability of each distinct way the
	// dice can fall while m is played (one 1 for a move without dice),
	// the likeliest first. Push makes m with outcome i of Expand (only
	// m.Code is read); Pop takes back the last Push.
	Expand(m SearchMove, probs []float64) []float64
	Push(m SearchMove, outcome int)
	Pop()
	// Kinds lists the piece kinds the variant uses; Counts appends, for
	// every side in order and every kind of Kinds, how many stand on the
	// board: len(Kinds())×sides numbers.
	Kinds() []PieceKind
	Counts(dst []int) []int
	// Positional is a small score in hundredths of a pawn for the player
	// to act, for what material does not capture (centralisation,
	// advanced pawns, king safety…); 0 if the variant has no such sense.
	Positional() int
	// Owner is the player who moves side, NoPlayer if both do.
	Owner(s Side) Player
	// Move gives the public form of m (its canonical Notation at least).
	Move(m SearchMove) Move
}

// ProgressClock is implemented by search states whose variant draws a game
// after a number of plies without progress (the fifty-move rules): a
// program can then prefer progress while it still counts.
type ProgressClock interface {
	// Clock returns the plies counted towards the draw so far and the
	// count at which the game is drawn.
	Clock() (plies, limit int)
}

// Tactical is implemented by search states that can tell when the player
// to act is in danger of losing at once: in check where the rules have
// check, their king attacked where kings are captured. A program may look
// further in such positions.
type Tactical interface {
	InCheck() bool
}

// Passer is implemented by search states where handing the turn to the
// opponent, nothing else changed, is a position the rules give meaning to
// (chess and its like). PushPass pushes that position; Pop takes it back.
// Variants where a pass would change what a move means (Bede's Jester
// copies the last move), skip dice the rules roll after every move, or cut
// a turn of several moves short do not implement it.
type Passer interface {
	PushPass()
}

// MoveFacts is implemented by search states that can say, for one of
// their moves, the cell it ends on (an index of their own) and the kind
// of piece that makes it: what a program needs to follow the exchanges on
// one cell.
type MoveFacts interface {
	Target(m SearchMove) int
	Mover(m SearchMove) PieceKind
}

// CheckGiver is implemented by search states that can say, for one of
// their moves without dice, whether the opponent would be in check after
// it (what Tactical's InCheck would say once it is pushed) more cheaply
// than by pushing it.
type CheckGiver interface {
	GivesCheck(m SearchMove) bool
}

// KindMove is a move as a KindLister lists it: its kinds are indexes into
// the state's Kinds (-1 for none), so that a program reads every move
// without comparing kind names.
type KindMove struct {
	Code              uint32
	Victim, Promotion int8
	// Mover and Target are, for a capture in a state that is MoveFacts,
	// its Mover (as an index) and Target; unset otherwise.
	Mover  int8
	Target int32
}

// KindLister is implemented by search states that can list their moves as
// KindMoves: the moves Moves lists, in the same order, with the same kinds.
type KindLister interface {
	KindMoves(buf []KindMove, tactical bool) []KindMove
}

// LazyLister is implemented by search states whose legality test costs
// more than listing a move: PseudoMoves lists candidates of which the
// legal ones are exactly KindMoves' list, in the same order, and Legal
// says of one whether it is legal, in the current position. A program that
// cuts a node after a few moves then tests only those. checked reports
// that every move listed is legal already (Legal need not be asked).
type LazyLister interface {
	KindLister
	PseudoMoves(buf []KindMove, tactical bool) (moves []KindMove, checked bool)
	Legal(m KindMove) bool
}

// MoveLookup is implemented by search states that can tell whether a move
// code is legal in the current position without listing every move (a
// program tries the move it remembers first): LegalMove returns the move
// as KindMoves would list it (not tactical), and false if it is not legal
// or not a move at all.
type MoveLookup interface {
	LegalMove(code uint32) (KindMove, bool)
}
