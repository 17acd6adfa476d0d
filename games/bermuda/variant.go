package bermuda

import "github.com/bermudachess/bermuda/games"

// StartSetup is the start position as data (RULES.md §2, reconstructed): the
// lower board holds the FIDE array, and the upper board holds a second FIDE
// array in its own frame. Correcting the reconstruction is a one-line change.
const StartSetup = startSetup

const rulesText = `Two 8×8 boards. The **lower board** (left) holds the humans, the **upper board** (right) the aliens: each side has a full chess army on each board. The upper board is turned a quarter turn: upper square (file f, rank r) lies above lower square (file r, rank 9−f), e.g. A1 over a8, H1 over a1, E4 over d4. Each square's **complementary square** is the one directly above or below it.

**Moving.** On its board every piece moves as in chess, in that board's frame; only pieces on the same board block. Pawns head for their colour's far edge of their board; double steps, en passant and promotion work per board. Castling is per board; with no check, castling out of, through or into attack is allowed.

1. An upper piece that captures lands as usual; the victim **falls** to its complementary lower square, and whatever stood there is removed from the game.
2. Instead of moving, an upper piece may **drop** to its complementary lower square if it is empty or holds an enemy (captured and removed): ` + "`E4-d4`" + `.
3. A lower piece never simply moves up. When it captures, it **climbs** to the complementary upper square if that is empty; otherwise it stays.
4. A piece can move only if its side has a king on the same board. Kings are captured like other pieces; a king captured on the upper board falls, alive.

A pawn arriving on its last rank by falling, dropping or climbing becomes a queen at once.

**End.** No check or mate: a side that has lost both kings, or has no legal move, loses. Draws, at once: a position (both boards) seen a third time, or fifty moves each with no capture and no pawn move.

**Notation.** ` + "`e2e4`, `E2E4`, `E4-d4` (drop), `e7e8=Q`" + `; castling is the king's move, ` + "`e1g1`" + `.

*The original setup figure is lost: the upper board's setup is reconstructed.*`

func init() {
	games.Register(games.Variant{
		ID:            "bermuda",
		Name:          "Bermuda Chess",
		Summary:       "Chess on two stacked boards, humans below and aliens above: a piece captured above falls onto the lower board, and a lower piece that captures climbs up.",
		Rules:         rulesText,
		Author:        "I. G. Kosintsev",
		Year:          2011,
		Source:        "“Bermuda chess”, on his blog Chess, Checkers, Go",
		SourceURL:     "http://chess-checkers-go.blogspot.com/2011/02/",
		Reconstructed: true,
		ReconstructedNote: "The setup figure is lost. Reconstructed: the upper board holds the standard array in its own frame, " +
			"turned a quarter turn so that upper (file f, rank r) lies above lower (file r, rank 9−f).",
		Sides:      []games.Side{games.White, games.Black},
		StartSetup: StartSetup,
		New:        func(setup string) (games.Game, error) { return newGame(setup) },
	})
}
