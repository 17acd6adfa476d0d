// Package bermuda implements Bermuda chess on two stacked boards (variant id
// "bermuda"), as RULES.md §2 rules on I. G. Kosintsev's text (seed 001).
//
// Two 8×8 boards, each with a full FIDE army per side: the lower board (the
// humans) and the upper board (the aliens), turned a quarter turn. The one
// function beneath (geometry.go) says which lower square lies under which
// upper square; everything else is derived from it.
//
// Squares are 0–127: 0–63 lower, 64–127 upper, each board indexed in its own
// frame, so the FIDE move rules are written once. Lower squares are named
// a1–h8 and upper squares A1–H8; moves are "e2e4", "E2E4", "E4-d4" (a drop:
// an upper square, then the lower square beneath it), "e7e8=Q", and castling
// as the king's move ("e1g1", "E1G1").
//
// The position string names both boards, then the usual FEN fields, with
// castling rights per board and the en-passant square on either board:
//
//	<lower board>|<upper board> <w|b> <lower rights>|<upper rights> <ep> <halfmove> <fullmove>
//
// Rulings where RULES.md leaves a choice:
//   - Castling: there is no check, so castling out of, through and into
//     attack is legal (as any king move into attack is).
//   - A pawn that arrives on its last rank by changing boards — dropping,
//     climbing, or falling as a captured piece — becomes a queen at once: the
//     piece's owner may not be the player moving, so nobody is asked. A pawn
//     that reaches its last rank by a move on its board chooses as in FIDE.
//   - A pawn on its colour's second rank of a board may double-step, whichever
//     board it started on.
//   - Draws: FIDE's draws that need no check, both automatic and both ending
//     the game at once — threefold repetition (both boards, the side to
//     move, castling rights per board, and an en-passant square only while a
//     pawn can take there) and the fifty-move rule (a hundred plies with no
//     capture and no pawn move on either board; a rule-1 capture and a drop
//     onto an enemy are captures). A loss on the same ply comes first. No
//     insufficient-material rule. "King attacked" is information only.
//   - A finished game's position loads: a side without kings has lost (both
//     sides without kings cannot happen and is refused). Perft counts nothing
//     below a finished position but ignores the two draws, as usual.
package bermuda
