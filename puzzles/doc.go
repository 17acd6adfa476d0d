// Package puzzles finds, checks and serves tactics puzzles for every
// variant: positions where the player to act has one move that is clearly
// best, mined from engine self-play or from finished games, with the line
// that follows it. It is pure: it imports the rules (games), the engine and
// the expected-score scale of review, and nothing of Discord or storage.
//
// A position qualifies when, on the expected-score scale E in [0, 1] of
// its own variant (review.ScaleK, see CurveOf), the best move wins (a
// forced win: mate or a king taken, or E at least the variant's WinE) or
// saves the game, and every other move is clearly worse: the second best
// is at least the variant's Margin lower, or the best forces a win and the
// second does not, or the best wins at once and no other move does. The
// line goes on with the engine's best replies (turns follow games.Turn,
// so a Random Move Number Chess turn of several moves is the same player
// again) while each solver move stays clearly best (a later one may
// instead lead the second best by ContinueCP), for at most MaxSolverMoves
// solver moves, and ends on a solver move. A first move that takes a king
// left en prise, and a line that is a single plain capture, are no
// puzzles. The method follows Lichess's puzzle generator
// (ornicar/lichess-puzzler): a clear best at every solver move, positions
// already won before the opponent's mistake left out (unless a mate
// appeared), lines that repeat cancelled, and the advantage still there at
// the end of the line. See README.md for the figures.
//
// Dice: a puzzle is a decision after the dice are known. A solver move
// that rolls (the Angle's vanishing, the throw that ends a Random Move
// Number Chess turn) must beat the second best in every way the dice can
// fall (games.RollOutcomes), not only on average. A rolling move before
// the line's last (the solver's, or a reply) is played with one seeded
// roll, its fate, which the puzzle stores (Puzzle.Dice) and every later
// reader replays: no die is rolled for a puzzle, and the line is certain
// from then on. The last move keeps no fate.
package puzzles
