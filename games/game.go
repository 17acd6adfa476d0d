package games

// Game is one position of one variant together with the history the rules
// need (repetition, castling rights, throw histories…). Play mutates the
// receiver; callers that may need to back out use Clone first, as Apply does.
type Game interface {
	// Variant returns the variant id.
	Variant() string
	// Setup returns the position string this game started from.
	Setup() string
	// Position returns the current position as a position string (a FEN or
	// the variant's equivalent) that the variant's New accepts.
	Position() string

	// Turn says who must act now and with which armies.
	Turn() Turn
	// Roles describes what each player plays, e.g. {"White", "Black"}, or
	// for spIndecision which capture direction wins for them.
	Roles() [2]string
	// Outcome reports whether the game is over and how.
	Outcome() Outcome

	// LegalMoves lists every move the acting player may make now, in a
	// stable order. Empty when the game is over.
	LegalMoves() []Move
	// ParseMove turns what a person typed into one legal move, forgivingly
	// (case, spaces, '-'/'x' separators, SAN where the variant has it).
	// The error is a *MoveError saying what was wrong.
	ParseMove(text string) (Move, error)
	// Play makes a legal move (from LegalMoves or ParseMove of this same
	// state), rolling any dice the rules call for through dice, and returns
	// what happened in order. Dice that run out (a short replay log) are
	// reported by dice.Err(); the state is then undefined, so use Apply.
	Play(m Move, dice *Dice) ([]Event, error)
	// Clone returns an independent deep copy.
	Clone() Game

	// Key identifies the position for repetition: same key, same position
	// (pieces, side or player to act, rights that matter).
	Key() string
	// Diagram is a plain-text picture of the position for terminals and logs.
	Diagram() string
	// View is the position as cells and pieces for render, seen from the
	// acting player's side where the variant has two sides.
	View() View

	// Perft counts the leaves of the deterministic move tree to depth:
	// chance steps are skipped and the side to move alternates after every
	// move. Divide gives the count below each first move.
	Perft(depth int) uint64
	Divide(depth int) []MoveCount
}

// Starter is implemented by games that roll dice before the first move
// (Random Move Number Chess throws for colours). Begin is called once, on a
// fresh game, before anything else.
type Starter interface {
	Begin(dice *Dice) ([]Event, error)
}

// Turn says who acts.
type Turn struct {
	Player Player // who must act now
	Sides  []Side // which armies that player may move now
	// MovesLeft is how many moves remain in this turn (Random Move Number
	// Chess grants several); 1 for variants with ordinary turns.
	MovesLeft int
	// MoveNumber counts full turns as players see them, from 1.
	MoveNumber int
}

// Outcome is a game's result, judged by the rules alone (resignation, draw
// agreement and loss on time are decided outside the rules by the bot).
type Outcome struct {
	Over   bool
	Draw   bool
	Winner Player // valid when Over && !Draw; NoPlayer otherwise
	Reason string // e.g. "checkmate", "both kings vanished", "threefold repetition"
}

// Ongoing is the Outcome of a game still in progress.
var Ongoing = Outcome{Winner: NoPlayer}

// Win is a decisive Outcome for winner.
func Win(winner Player, reason string) Outcome {
	return Outcome{Over: true, Winner: winner, Reason: reason}
}

// DrawBy is a drawn Outcome.
func DrawBy(reason string) Outcome {
	return Outcome{Over: true, Draw: true, Winner: NoPlayer, Reason: reason}
}

// MoveCount is one line of perft divide output.
type MoveCount struct {
	Move  string
	Nodes uint64
}
