// Package engine plays every registered variant: Search chooses a move for
// the player to act in any games.Game, at levels 1–5, within a time or
// node budget. It imports only games and the standard library.
//
// # Search
//
// One design serves games with and without dice: iterative deepening
// alpha-beta (fail-soft negamax, as a principal variation search: the
// first move gets the window, the others a null window, searched again
// when they beat it) with aspiration windows of ±40 from depth 4, a
// transposition table, move ordering (the table's move, captures by the
// value taken, promotions, two killers per ply, a history of cut-offs),
// late-move reductions for quiet moves, and a capture search below the
// horizon that stands pat on the evaluation. For tactics (each shown at
// work in tactics_test.go):
//
//   - A king in danger is searched a ply deeper (check extension): check
//     in chess, Beryl Chess and Bede, a winning king capture open to the
//     opponent that moving its army cannot bar in spIndecision
//     (games.Tactical); lines of checks extend to twice the iteration's
//     depth. Not with dice: the Angle
//     (a king that can be taken) and Random Move Number Chess say when a
//     king is in danger, but there every ply multiplies the tree by the
//     rolls, and the extension cost Random Move Number Chess 47 ± 46 Elo.
//   - Null move: where a pass is a position the rules give meaning to
//     (games.Passer: chess only), a node whose evaluation stands at beta
//     lets the opponent move twice, a shallower search (R = 2 + depth/6),
//     and is cut if they cannot bring it below. Never twice in a row, in
//     check, or without pieces besides pawns and king (zugzwang). The
//     Angle's dice follow every move, Bede's Jester copies the move
//     before, a Random Move Number Chess turn has several moves and a
//     throw, and spIndecision's bar on the last army would lapse: a pass
//     means something else there, so they offer none; Beryl Chess and
//     Bermuda chess keep it off too.
//   - Static exchange evaluation (see.go) plays the captures on one cell
//     with make/unmake, least valuable piece first, where the variant
//     says a move's cell and piece (games.MoveFacts: chess); the capture
//     search leaves out captures that lose material.
//   - Futility pruning: at depth 1 and 2 a quiet move is not searched
//     when the evaluation plus 1.75 pawns a ply stays below alpha, unless
//     it gives check. Late-move pruning is written but off: every node
//     still lists all its moves, and pruning most children cost four
//     times the time per node in Bede.
//
// Forward pruning (null move, futility) is off in the variants with dice,
// where a roll can change the material of any move, and where the variant
// cannot tell a king in danger (games.Tactical): futility must never prune
// a move that threatens a king. Every variant without dice tells but
// Bermuda chess (spIndecision since 2026-11-29; Bermuda chess's telling
// was measured and left out: engine/README.md).
//
// The table holds buckets of four 16-byte entries (one cache line); its
// size is the level's (2^21 entries, 32 MiB, at level 5; 8 MiB at level 4,
// 2 MiB at level 3), cut to twice what the budget's nodes could fill. The
// bot runs at most NumCPU−1 searches at once (the computer's pool in package play), so the
// tables take at most (NumCPU−1) × 32 MiB together: 96 MiB on 4 cores.
//
// A move whose outcome a die decides is a chance node: its
// distinct outcomes (games.RollOutcomes, or a variant's fast path) are
// averaged by probability (chance.go). Each outcome is first searched with
// the parent's window widened by chanceMargin (or the tighter window of
// Ballard's Star1, which counts the outcomes not yet searched at their
// bounds); the node stops once the outcomes' scores and bounds decide the
// average, and only outcomes left with a bound are searched again, with
// their Star1 window. Outcomes that leave the same position (the Angle's
// dice naming an empty square, Random Move Number Chess's throws 2–5 that
// share a future) are searched once with their summed chance, the likeliest
// first.
//
// Outcome scores are clamped to ±chanceBound (more than any material, less
// than a mate) so that the bounds are finite; outcomes less likely than
// 10% are searched a ply shallower, and in the capture search only the
// likeliest outcome is searched on (the others are scored as they stand,
// before it, so that it gets the exact window), which keeps capture
// sequences with a roll at every step from growing exponentially.
// TestStar1PrunesChanceNodes and TestChanceWindowsKeepTheAverage measure
// the pruning: to depth 3 in the Angle, 41,402 nodes against 607,818 for
// plain expectimax from the start and 150,927 against 795,143 after 1.Nf3
// Nc8, with the same move and score.
//
// Why expectimax rather than Monte Carlo tree search: the chance here is
// shallow and cheap to enumerate (at most 36 pairs of dice in the Angle,
// which merge into a handful of distinct positions, and six throws in
// Random Move Number Chess), most variants have none, and alpha-beta with
// a material evaluation finds the tactics these games turn on; one search
// serves all seven variants. We did not build an MCTS to compare.
//
// Draws: a repetition inside the searched line scores as a draw, and so
// does a line coming back to one of the game's earlier positions, when the
// caller passes them (Limits.History; a fast path cannot see them itself),
// and a root move after which the rules would declare one (found by
// playing every root move under every roll, skipped while the fifty-move
// count is too short for a threefold repetition: see README.md). Levels 3–5 count a draw as slightly bad for themselves
// (contempt).
//
// Turns follow games.Turn: when the same player acts again (several moves
// in a Random Move Number Chess turn, or a lost turn handing the throw
// back), the child's score is not negated and the window is passed on
// unchanged. spIndecision's armies and declarations are simply its legal
// moves.
//
// # Scoring every move
//
// ScoreMoves searches a position as level 5 does, without contempt, but
// gives every root move a full window, so that each gets an exact score
// from the same completed iteration (a multi-PV search of all moves): what
// game review compares a played move with, and what a puzzle generator
// needs to find a position with one good move. BestScore is the same
// search with the root pruned as usual, for a position's value alone.
// FitScale fits the logistic scale that turns these scores into expected
// results, from self-play (tunescale.go).
//
// An Analyser (analysis.go) searches a game's positions one after another
// on one table, as level 5 without contempt, for game review; its Check
// (check.go) scores a played move against the position's best in one
// search: the played move exact, the others as at an ordinary root, each
// against the best so far, so that both scores come from one iteration.
//
// # Fast path
//
// Through Game alone every node costs LegalMoves, Clone and Play, and the
// engine reads pieces from games.PieceLister or the View. Variants that
// implement games.Searchable give a games.SearchState instead: moves into
// a buffer, make/unmake on a stack, chance outcomes, a 64-bit hash and
// piece counts. The engine prefers it and falls back to Game otherwise, so
// a new variant plays with no engine change.
//
// A fast path may offer more, each a shortcut to what the engine would
// otherwise work out, never a different answer: games.KindLister (moves
// with their kinds as indexes, no kind names compared), games.CheckGiver
// (whether a move gives check, without making it: futility asks this of
// every move it prunes), games.LazyLister (candidate moves whose legality
// is tested only when the search reaches them: a node cut after a few
// moves tests only those) and games.MoveLookup (the table's move looked
// up by its code and searched before the list is made, which a cut then
// spares; the list is ordered by the history as it stood before). The
// search places lazily tested moves exactly where ordering the legal list
// would. TestSameSearch holds move, score, depth and node count of
// searches of seeded positions in every variant to what they were before
// these shortcuts (issue #34: the tactical search may cost at most 10% of
// the nodes a second). Nodes per CPU-second, one thread, seeded positions
// at 200,000 nodes (BenchmarkNodesPerSecond), medians of 5 alternated
// runs at load 8–13, 2026-11-27; before the tactical search (ade0113),
// with it before this work, and now:
//
//	chess                     2.16 M   1.42 M   2.08 M   −4%
//	Bermuda Chess Angle       2.09 M   2.16 M   2.13 M   +2%
//	Bede Chess                1.11 M   0.59 M   0.88 M  −22%
//	Bermuda chess             1.65 M   1.83 M   1.91 M  +16%
//	Beryl Chess               1.56 M   0.91 M   1.40 M  −10%
//	Random Move Number Chess  2.22 M   2.23 M   2.73 M  +23%
//	spIndecision              2.46 M   2.24 M   2.51 M   +2%
//
// Bede is still over the bound: its nodes that list their moves (some 80)
// cost the most. The README has the figures from each start too.
//
// # Evaluation
//
// Material from a table of piece values by games.PieceKind: the variant's
// own, fitted to self-play results by Tune (values_fitted.go), over the
// generic pieceValues for the kinds and variants it does not cover; owned
// by player through games.SideOwner, the roles' colour names, or
// side order; armies both players move (spIndecision) count for neither.
// Pieces on cells the dice can name (the cells the View shades as the
// Angle) lose a share of their value. A fast path adds its own positional
// term (piece-square tables in chess, the Angle's risk and centralisation).
// Where the fast path reports the fifty-move count (games.ProgressClock),
// the whole score fades towards a draw as it runs, to half at the draw:
// without it the side ahead had no reason to capture or push a pawn before
// the rule drew the game, and the Angle's strong levels drew most games.
//
// # Levels
//
// Level 5 searches as deep as the whole budget allows. Level 4 searches
// half of it and plays the move of its last iteration but one: a ply
// shallower than it saw, whatever the variant's branching (in the dice
// variants a time share alone barely changes the depth). Level 3 (the
// bot's default) does the same in a quarter of the time, to four plies at
// most, with a little noise on the root scores and a random move one time
// in sixteen. Levels 2 and 1 search one ply with more noise (±1.5 and ±4
// pawns) and a random move 18% and half of the time. Search never returns
// an illegal move: the chosen move is matched against LegalMoves, and a
// failure of any kind (including a panic in a variant) falls back to a
// random legal move.
package engine
