package games

import "fmt"

// Player is one of the two people in a game: Player1 or Player2.
// Who they are on Discord is the bot's business; the rules only count seats.
type Player int

const (
	Player1 Player = 0
	Player2 Player = 1
	// NoPlayer is used where a result has no winner (a draw).
	NoPlayer Player = -1
)

// Other returns the opponent of p.
func (p Player) Other() Player { return 1 - p }

func (p Player) String() string {
	switch p {
	case Player1:
		return "Player 1"
	case Player2:
		return "Player 2"
	}
	return "nobody"
}

// Side is a colour or army: the things on the board that move.
type Side int

const (
	White Side = 0
	Black Side = 1
	Red   Side = 2
)

// NoSide marks "no army", e.g. an empty cell.
const NoSide Side = -1

func (s Side) String() string {
	switch s {
	case White:
		return "White"
	case Black:
		return "Black"
	case Red:
		return "Red"
	}
	return fmt.Sprintf("Side(%d)", int(s))
}

// Possessive returns "White's", "Black's" or "Red's" for event texts.
func (s Side) Possessive() string { return s.String() + "'s" }
