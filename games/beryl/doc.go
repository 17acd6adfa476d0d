// Package beryl implements the 39-cell triangular board and the two games
// played on it: spIndecision Beryl (variant id "spindecision") and Beryl
// Chess (variant id "beryl").
//
// Game end. Beryl Chess ends by checkmate, or in a draw by stalemate;
// spIndecision by a king captured the winning way, or in a draw when the
// player to act has no legal move. The source names no other draw, so both
// games take chess's, applied automatically so that every game ends:
//
//   - threefold repetition: the same pieces on the same cells (undecided
//     pieces, S, differ from declared kings and bishops), the same player
//     to act and, in spIndecision, the same army barred. The start of an
//     spIndecision game bars no army, so it never matches a later position.
//   - the fifty-move rule: 100 plies (fifty moves by each player) without
//     a capture or a pawn move. A declaration alone does not reset it. A
//     mate given by the hundredth ply still wins, as in chess.
//
// Once a game is over LegalMoves, MoveByNotation and Play find nothing.
// Perft and Divide count on below the two draws by rule (as chess perft
// does) but nothing below a mate, a stalemate, a position without a legal
// move or a won spIndecision game. The fifty-move clock is part of the
// position string, so a string loads back to the same outcome; a
// repetition needs the moves that led to it, which only the record holds.
package beryl
