// Package review judges a recorded game move by move with the engine:
// each decision's loss of expected score against the best move in the same
// search (engine.ScoreMoves), Lichess's judgements and accuracy, and, in
// the variants with dice, GNU Backgammon's luck of every roll. It imports
// only engine and games: a caller drives it with Options (budget, progress,
// cancellation through the context) and stores the JSON of the Review.
// README.md gives the definitions and their sources, the fitted scale
// constants, speed and the agreement with Stockfish.
package review
