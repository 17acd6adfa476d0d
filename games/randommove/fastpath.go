package randommove

import "github.com/bermudachess/bermuda/games"

var _ games.NotationLookup = (*Game)(nil)

// MoveByNotation returns the legal move whose UCI notation is exactly
// notation, without the labels and SAN aliases LegalMoves builds; nothing
// once the game is over or while the turn awaits its throw.
func (g *Game) MoveByNotation(notation string) (games.Move, bool) {
	if g.outcome.Over || g.throwDue() {
		return games.Move{}, false
	}
	return g.board.MoveByNotation(notation)
}
