// Package angle implements The Bermuda Chess Angle (variant id "angle"),
// Gary K. Gifford's 10×10 chess with Ships where pieces in or crossing the
// Angle (c3–h8) may vanish on a roll of two dice. RULES.md §1 rules it.
//
// Files: board.go (mailbox, pieces, castling geometry), movegen.go (fast
// generator, make/unmake, perft), attack.go (king-attacked information),
// fen.go (position strings, repetition keys), notation.go (notation, labels,
// SAN), bcaf.go (the Angle Factor: trigger, paths, vanishing, dice text),
// game.go (games.Game: play, outcome), view.go (diagram and picture).
//
// How a game ends, judged after the BCAF roll: a side without a king has
// lost (both kings gone: a draw); no legal move, threefold repetition and
// fifty moves by each side with no capture, pawn move or vanishing are
// draws, all automatic. The outcome is read from the position (only a
// repetition needs the history), so a finished game's FEN loads back to
// the same result; how a king was lost is told by the move's events. Once
// a king is gone nothing moves, and perft counts nothing below a king
// capture; it ignores repetition and the fifty-move rule, as usual.
package angle
