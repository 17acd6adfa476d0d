// Package angle implements The Bermuda Chess Angle (variant id "angle"),
// Gary K. Gifford's 10×10 chess with Ships where pieces in or crossing the
// Angle (c3–h8) may vanish on a roll of two dice. RULES.md §1 rules it.
//
// Files: board.go (mailbox, pieces, castling geometry), movegen.go (fast
// generator, make/unmake, perft), attack.go (king-attacked information),
// fen.go (position strings, repetition keys), notation.go (notation, labels,
// SAN), bcaf.go (the Angle Factor: trigger, paths, vanishing, dice text),
// game.go (games.Game: play, outcome), view.go (diagram and picture).
package angle
