package angle

import "github.com/bermudachess/bermuda/games"

// StartSetup is the reconstructed start (RULES.md §1): the source's figure
// is lost; rooks and king stand where its castling rule needs them.
const StartSetup = "rnbsqksbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBSQKSBNR w KQkq - 0 1"

const rules = `**Board** 10×10, files a–j, ranks 1–10. **The Angle** is the shaded 6×6 block c3–h8.
**Pieces** King, Queen, Rook, Bishop and Knight move as in chess. **Ship** (S): one or two squares in any of the 8 directions; it cannot pass an occupied square. **Pawns** as in chess (double step, en passant) and promote to Queen, Rook, Bishop, Knight or Ship.
**Castling** King f1→i1 with rook j1→h1, or king f1→b1 with rook a1→c1 (Black likewise on rank 10), if neither has moved and the squares between are empty. Castling out of, through and into attack is allowed.
**No check rule**: any move is allowed, even one leaving your king attacked, and kings are captured like other pieces. The bot says when a king is attacked.
**The Angle Factor (BCAF)**: after your move the bot rolls two dice if the move touched the Angle (started, passed or ended in it) or if any piece stands in the Angle. The first die picks the file (1 = c … 6 = h), the second the rank (1 = 3 … 6 = 8). The piece on that square vanishes, of either colour, king included. If the square lies on the path of the piece you just moved, your piece vanishes too, wherever it now stands. A path is every square from start to finish for sliders, pawns and kings; only the start and landing squares for a knight; both the king's and the rook's for castling. A capture stands even if the capturer then vanishes.
**End**, judged after the roll: a side without a king loses; if both kings are gone, it is a draw. Having no legal move, threefold repetition, and fifty moves by each side with no capture, no pawn move and nothing vanishing are draws, at once.
*The setup is reconstructed*: the source's setup figure is lost; this array (rooks and king placed as its castling rule needs) replaces it.`

func init() {
	games.Register(games.Variant{
		ID:        "angle",
		Name:      "The Bermuda Chess Angle",
		Summary:   "Chess on a 10×10 board with Ships, where pieces in or crossing the central Angle (c3–h8) may vanish on a roll of two dice. Capture or lose the enemy king to win.",
		Rules:     rules,
		Author:    "Gary K. Gifford",
		Year:      2005,
		Source:    "“The Bermuda Chess Angle”, The Chess Variant Pages",
		SourceURL: "https://www.chessvariants.com/rules/bermuda-chess-angle",

		Reconstructed:     true,
		ReconstructedNote: "The source's setup figure is lost. The array R N B S Q K S B N R with pawns on the second rank (Black mirrored, king on f10) is reconstructed: rooks and king stand where the source's castling rule needs them.",
		Dice:              true,
		Sides:             []games.Side{games.White, games.Black},
		StartSetup:        StartSetup,
		New:               func(setup string) (games.Game, error) { return New(setup) },
	})
}
