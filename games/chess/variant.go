package chess

import "github.com/bermudachess/bermuda/games"

const rules = `**Chess** as FIDE plays it. White moves first; players alternate, one move each.

**Pieces**
- **King**: one square any way. Never onto an attacked square.
- **Queen**: any distance along ranks, files and diagonals.
- **Rook**: any distance along ranks and files.
- **Bishop**: any distance along diagonals.
- **Knight**: an L-shaped jump (two squares one way, one square across); it jumps over pieces.
- **Pawn**: one square forward (two from its first square) onto an empty square; captures one square diagonally forward. A pawn that has just made a double step may be taken *en passant* by an enemy pawn beside it, on the very next move only, as if it had moved one square. A pawn reaching the last rank becomes a queen, rook, bishop or knight.

**Castling**: king and an unmoved rook with nothing between them: the king goes two squares towards the rook, which jumps over to the square beside it. Not allowed while in check, nor through or onto an attacked square.

**Check and the end**: no move may leave your own king attacked. A player in check with no legal move is **checkmated** and loses. No legal move but not in check is **stalemate**: a draw. The game is also drawn automatically by **threefold repetition** (same position, same player to move, same castling and en passant rights), by the **fifty-move rule** (50 moves each without a capture or a pawn move), and by **insufficient material** (king against king, king and bishop or knight against king, or only bishops all on one colour of squares).

**Moves** can be typed as SAN (` + "`Nf3`, `exd5`, `O-O`, `e8=Q`" + `) or UCI (` + "`g1f3`, `e7e8q`" + `).`

func init() {
	games.Register(games.Variant{
		ID:         "chess",
		Name:       "Chess",
		Summary:    "Orthodox chess under FIDE rules: checkmate the enemy king.",
		Rules:      rules,
		Author:     "FIDE",
		Year:       2023,
		Source:     "Laws of Chess (the orthodox game the other variants build on)",
		SourceURL:  "https://handbook.fide.com/chapter/E012023",
		Sides:      []games.Side{games.White, games.Black},
		StartSetup: StartFEN,
		New: func(setup string) (games.Game, error) {
			g, err := NewGame(setup)
			if err != nil {
				return nil, err
			}
			return g, nil
		},
	})
}
