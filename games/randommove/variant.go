package randommove

import (
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/games/chess"
)

// ID is the variant id used in commands and storage.
const ID = "randommove"

// Name is the display name.
const Name = "Random Move Number Chess"

// StartSetup is the orthodox chess start: only the number of moves per
// turn differs from chess.
const StartSetup = chess.StartFEN

const rules = `Orthodox chess with the official rules, except that a die decides how many moves a turn holds.

**Colours.** Both players throw; the higher throw plays White, a tie throws again. Every throw is kept in the thrower's own history — these throws count too.

**Turns.** Each player's first move is normal. From White's second turn on, each turn starts with a throw by the player to move. Let n be how many times in a row that number now ends the player's own history:
• **2–5:** n moves (a 4 after a 4 gives 2 moves).
• **1:** first time, the turn is lost; otherwise n−1 moves.
• **6:** 2 moves; a second 6 in a row 3 moves; a **third** 6 in a row: the players **switch sides** and the thrower loses the turn — the colour on move stays on move, now played by the opponent, who throws; a fourth 6 in a row 5 moves, a fifth 6; a **sixth** 6 in a row and the thrower **loses the game**.

Every single move is a legal chess move. A move that gives check ends the turn at once, whatever is left. A player in check still throws; if the throw gives no move, they must still make one. All granted moves must be played while a legal move exists. A lost turn passes the move to the other colour.

**End.** Checkmate and stalemate are judged at the start of a turn, before any throw. Draws: stalemate, threefold repetition (counted at turn boundaries), 100 single moves without a capture or pawn move, insufficient material.`

func init() {
	games.Register(games.Variant{
		ID:         ID,
		Name:       Name,
		Summary:    "Chess where a die decides how many moves each turn holds: sixes and repeated throws give extra moves, a 1 loses the turn, and three sixes in a row swap the players' colours.",
		Rules:      rules,
		Author:     "Charles Daniel",
		Year:       2007,
		Source:     "“Random Move Number Chess”, a user-submitted page of The Chess Variant Pages",
		SourceURL:  "https://www.chessvariants.com",
		Dice:       true,
		Sides:      []games.Side{games.White, games.Black},
		StartSetup: StartSetup,
		New: func(setup string) (games.Game, error) {
			g, err := New(setup)
			if err != nil {
				return nil, err
			}
			return g, nil
		},
	})
}
