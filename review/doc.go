// Package review judges a recorded game move by move, as Lichess does:
// every position searched once, in order (engine.Analyser, one
// transposition table for the game; or, for orthodox chess, a UCI engine
// such as Stockfish when Options.UCI is set), a move's loss the mover's
// expected score before it minus after it, checked in one search where it
// reaches an inaccuracy; Lichess's judgements and accuracy, and, in the
// variants with dice, GNU Backgammon's luck of every roll. It imports only
// engine, games and uci: a caller drives it with Options (budget, engine,
// progress, cancellation through the context) and stores the JSON of the
// Review. README.md gives the definitions and their sources, the fitted
// scale constants, speed and the agreement with Stockfish.
package review
