package bede

import "github.com/bermudachess/bermuda/games"

// StartSetup is the start position, rank 11 first, as the seed gives it.
const StartSetup = "bbcqkjczb/sssssssss/ppppppppp/9/9/9/9/9/PPPPPPPPP/SSSSSSSSS/BZCJKQCBB w - - 0 1"

const rulesText = `A 9×11 board (files a–i, ranks 1–11); White moves first. No castling, no en passant.
**Pieces**
• **Bede** (B): slides diagonally like a bishop, or jumps exactly two squares straight, over anything.
• **Chancellor** (C): rook + knight. **Zebra** (Z): leaps 2 one way and 3 the other. **Queen**, **King**: as in chess.
• **Squire** (S): moves 1–3 single steps forward, left or right (it may turn), at least one of them forward, never through an occupied square. It captures 1 or 2 diagonal steps forward (it may turn), the middle square empty.
• **Pawn** (P): moves 1 or 2 diagonal steps forward (it may turn), the middle square empty, on every move. It captures one step straight forward or sideways.
• Pawns and squires become a **Bede** when they end a move on their 10th or 11th rank.
• **Jester** (J): moves and captures as the kind of piece the opponent just moved, pointing your way. Copying a king it moves like one but cannot capture; copying a Jester it copies what that Jester moved as; after a promotion it copies the pawn or squire. It cannot move before the opponent's first move, never promotes and is not royal. When you test whether a move leaves your king in check, the enemy Jester counts as the kind you are moving.
**Captures**: every piece may capture friends as well as enemies, but never its own king.
**Escalation**: until a king has been in check or any piece other than a pawn has been captured (by either side), no piece may end a move on a rank behind the one it started on (sideways is fine). After that, pieces move freely for the rest of the game.
**End**: checkmate wins. Stalemate, threefold repetition and 50 moves per side without a capture or a pawn or squire move are draws.
Moves are written from–to, e.g. ` + "`e3g5`" + `, with ` + "`=B`" + ` when a pawn or squire promotes.`

func init() {
	games.Register(games.Variant{
		ID:         "bede",
		Name:       "Bede Chess",
		Summary:    "Chess on a 9×11 board with Bedes, chancellors, zebras, squires and a Jester that copies your opponent's last move; nobody may retreat until the game escalates.",
		Rules:      rulesText,
		Author:     "Patrik Hedman",
		Year:       2014,
		Source:     "“Bede Chess”, a user-submitted page of The Chess Variant Pages",
		SourceURL:  "https://www.chessvariants.com",
		Sides:      []games.Side{games.White, games.Black},
		StartSetup: StartSetup,
		New: func(setup string) (games.Game, error) {
			return newGame(setup)
		},
	})
}
