// Package randommove implements Random Move Number Chess (variant id
// "randommove"): FIDE chess where a die decides how many moves a turn holds.
//
// The chess itself is games/chess; this package adds who plays which colour
// (the players throw for colours and swap them on a third six in a row),
// each player's throw history, and the turn: its throw, the moves it grants
// (throw.go holds the table of RULES.md §5), and the judgement at its start.
// A turn's throw is rolled by the Play that ended the previous turn, so it
// is stored with that ply.
//
// The position string (position.go) is the chess FEN followed by what the
// throws decided, so that every position a game reaches loads back to the
// same state:
//
//	<FEN> white=P1 turn=3 left=2/3 plain=0 throws=66|4
//
// A plain FEN is a fresh state: colours still to throw, both first moves
// plain. Draws, all automatic and judged at the start of a turn: stalemate,
// insufficient material, the fifty-move rule (100 single moves without a
// capture or pawn move) and threefold repetition (turn boundaries only).
// Perft is chess perft; nothing is counted once the game is lost by six
// sixes.
package randommove
