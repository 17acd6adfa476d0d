// Package chess implements orthodox FIDE chess (variant id "chess"): the
// fast move generator that Random Move Number Chess builds on.
//
// Game end: checkmate and stalemate, then the draws applied automatically
// (the bot takes no draw claims): insufficient material, the fifty-move
// rule (the FEN's halfmove clock at 100) and threefold repetition. When a
// move brings both of the last two, the fifty-move rule is named, because
// the FEN holds it: every FEN a game produces loads back with the same
// outcome, except a repetition, which needs the history. Once a game is
// over LegalMoves, MoveByNotation and Play find nothing; Perft and Divide
// count on below the three draws (as perft usually does) and find nothing
// below mate or stalemate.
package chess
