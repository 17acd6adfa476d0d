package engine

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/bermudachess/bermuda/games"
)

// Limits bound one search. Zero values take the level's defaults.
type Limits struct {
	// Level is 1 (a beginner can win) to 5 (as strong as the budget allows);
	// 0 means DefaultLevel.
	Level int
	// MoveTime is the time budget for the move; the search returns within
	// it. Zero with Nodes zero means the level's default time.
	MoveTime time.Duration
	// Nodes stops the search after this many nodes: with a seed, the same
	// position then always gets the same move (for tests).
	Nodes int64
	// Depth caps the depth of iterative deepening (0: the level's cap).
	Depth int
	// Seed drives the level's randomness (the weaker levels' noise).
	Seed uint64
	// OnIteration, if set, is called after every completed depth.
	OnIteration func(Info)
	// PieceValues, if set, replaces the piece values (hundredths of a
	// pawn) for this search: how self-play tuning tries candidates.
	PieceValues map[games.PieceKind]int
	// History, if set, is the game's earlier positions, oldest first (the
	// position searched may be included). A line of the search that comes
	// back to one of them is scored as a draw, as a line repeating itself
	// is: the side ahead then avoids repeating, and the side behind finds
	// the repetitions that would save it.
	History []games.Game
}

// Info describes one completed iteration of the search.
type Info struct {
	Depth   int
	Score   int // hundredths of a pawn for the player to act; see MateIn
	Nodes   int64
	Elapsed time.Duration
	PV      []string // the expected line, most likely rolls assumed
}

// MateIn reports a forced result: plies to a win (> 0) or a loss (< 0), 0
// if the score is not a forced result.
func (i Info) MateIn() int { return MateIn(i.Score) }

// MateIn reads a score: plies to a forced win (> 0) or loss (< 0), or 0.
func MateIn(score int) int {
	switch {
	case score > mateBound:
		return mateScore - score
	case score < -mateBound:
		return -(mateScore + score)
	}
	return 0
}

// Result is the move a search chose and what it found.
type Result struct {
	Move     games.Move
	Info          // the last completed iteration (Depth 0 if none completed)
	Fallback bool // the search failed and the move is a random legal one
}

// DefaultLevel is the level the bot plays when none is chosen.
const DefaultLevel = 3

// level is what a level changes: how deep, how long by default, and how
// much noise is added to the root scores before choosing.
type level struct {
	maxDepth   int
	timeShare  float64       // share of Limits.MoveTime used
	defaultDur time.Duration // time when no limit is given
	noise      int           // ± hundredths of a pawn added per root move
	back       int           // plays the move of this many iterations before the last completed
	blunder    float64       // chance of a random legal move instead
	contempt   int           // what a draw costs the engine, in hundredths of a pawn
	tableBits  int
}

var levels = [6]level{
	{},
	{maxDepth: 1, timeShare: 0.25, defaultDur: 300 * time.Millisecond, noise: 400, blunder: 0.5, tableBits: 12},
	{maxDepth: 1, timeShare: 0.25, defaultDur: 500 * time.Millisecond, noise: 150, blunder: 0.18, tableBits: 14},
	{maxDepth: 4, timeShare: 0.25, defaultDur: 1000 * time.Millisecond, noise: 100, blunder: 0.06, back: 1, contempt: 20, tableBits: 17},
	{maxDepth: 7, timeShare: 0.5, defaultDur: 1500 * time.Millisecond, back: 1, contempt: 35, tableBits: 19},
	{maxDepth: maxPly - maxQuiet - 4, timeShare: 1, defaultDur: 2000 * time.Millisecond, contempt: 35, tableBits: 21},
}

// Search chooses a move for the player to act in g. It never changes g,
// is safe to run concurrently on independent games, returns when ctx is
// cancelled or a limit is reached, and always returns a legal move unless
// the game is over (then it returns an error).
func Search(ctx context.Context, g games.Game, lim Limits) (res Result, err error) {
	legal := g.LegalMoves()
	if len(legal) == 0 {
		return Result{}, fmt.Errorf("no legal move: the game is over (%s)", g.Outcome().Reason)
	}
	if lim.Level < 1 || lim.Level > 5 {
		if lim.Level != 0 {
			return Result{}, fmt.Errorf("level %d: levels go from 1 to 5", lim.Level)
		}
		lim.Level = DefaultLevel
	}
	rng := rand.New(rand.NewPCG(lim.Seed, lim.Seed^0x5851f42d4c957f2d))
	defer func() {
		if r := recover(); r != nil {
			res = Result{Move: legal[rng.IntN(len(legal))], Fallback: true}
			err = nil
		}
	}()
	lv := levels[lim.Level]
	if lv.blunder > 0 && rng.Float64() < lv.blunder {
		return Result{Move: legal[rng.IntN(len(legal))]}, nil
	}
	if len(legal) == 1 && lim.OnIteration == nil {
		return Result{Move: legal[0], Info: Info{Depth: 0}}, nil
	}
	return run(ctx, g, lim, lv, rng, legal)
}

func run(ctx context.Context, g games.Game, lim Limits, lv level, rng *rand.Rand, legal []games.Move) (Result, error) {
	start := time.Now()
	budget := time.Duration(0)
	switch {
	case lim.MoveTime > 0:
		budget = time.Duration(float64(lim.MoveTime) * lv.timeShare)
	case lim.Nodes == 0:
		budget = lv.defaultDur
	}
	s := &searcher{ctx: ctx, maxNodes: lim.Nodes, tt: newTable(tableBits(lv, budget, lim.Nodes))}
	if budget > 0 {
		// Leave a little for choosing and returning the move.
		s.deadline = start.Add(budget - budget/10)
	}
	s.rootPlayer, s.contempt = g.Turn().Player, lv.contempt
	ev := newEvaluator(g, lim.PieceValues)
	s.t = newTree(g, ev)
	s.rootDraws = repetitionDraws(g, s.t, legal)
	s.earlier = earlierPositions(lim.History, s.t)
	maxDepth := lv.maxDepth
	if lim.Depth > 0 && lim.Depth < maxDepth {
		maxDepth = lim.Depth
	}
	noisy := lv.noise > 0
	noise := map[uint32]int{}
	if noisy {
		s.exactAtRoot = true
		for i := range legal {
			noise[uint32(i)] = rng.IntN(2*lv.noise+1) - lv.noise
		}
	}
	var res Result
	bestCode := uint32(noMove)
	// A level that holds back plays an earlier iteration's move: one ply
	// shallower than it could see, whatever the variant's branching.
	var bests []uint32
	var infos []Info
	for depth := 1; depth <= maxDepth; depth++ {
		if noisy {
			s.rootScores = map[uint32]int{}
		}
		score, failedHigh := s.aspire(depth, res.Score, noisy || len(infos) == 0)
		if s.stopped && s.rootBest == noMove {
			s.rootBest = failedHigh // the move that had just beaten the window
		}
		if s.stopped {
			// An unfinished iteration still improves on the last one if it
			// found a better move after searching the previous best first.
			if s.rootBest != noMove && s.rootBest != bestCode && bestCode != noMove && s.rootScore > res.Score && !noisy && lv.back == 0 {
				bestCode = s.rootBest
			}
			if bestCode == noMove && s.rootBest != noMove {
				bestCode = s.rootBest
			}
			break
		}
		bestCode = s.rootBest
		if noisy {
			bestCode = noisyChoice(s.rootScores, noise, s.t, legal)
		}
		res.Info = Info{Depth: depth, Score: score, Nodes: s.nodes, Elapsed: time.Since(start), PV: s.pv(depth)}
		bests, infos = append(bests, bestCode), append(infos, res.Info)
		if lim.OnIteration != nil {
			lim.OnIteration(res.Info)
		}
		if MateIn(score) != 0 && MateIn(score) > 0 && MateIn(score) <= depth {
			break // a forced win found: deeper search will not change it
		}
		if budget > 0 && time.Since(start) > budget*55/100 {
			break // the next iteration would not finish in time
		}
	}
	if lv.back > 0 && len(bests) > 1 {
		i := max(0, len(bests)-1-lv.back)
		bestCode, res.Info = bests[i], infos[i]
	}
	res.Nodes = s.nodes
	res.Elapsed = time.Since(start)
	if bestCode == noMove {
		// Not even the first root move was searched: take the one the
		// ordering puts first (the largest capture).
		moves := s.t.moves(nil, false)
		if len(moves) > 0 {
			sc := s.order(moves, 0, noMove)
			pick(moves, sc, 0)
			bestCode = moves[0].code
		}
	}
	m, ok := games.Move{}, false
	if bestCode != noMove {
		m, ok = s.rootMove(bestCode)
	}
	res.Move, ok = legalMatch(m, ok, legal)
	if !ok {
		res.Move, res.Fallback = legal[rng.IntN(len(legal))], true
	}
	return res, nil
}

// tableBits sizes a search's table: the level's size at most (2^21
// entries of 16 bytes, 32 MiB, at level 5; 8 MiB at level 4, 2 MiB at
// level 3), and no more than twice the nodes the budget allows (at
// maxNodesPerSecond), so that short searches do not clear megabytes they
// never use.
func tableBits(lv level, budget time.Duration, nodes int64) int {
	fill := nodes
	if budget > 0 {
		fill = max(fill, int64(budget.Seconds()*maxNodesPerSecond))
	}
	bits := lv.tableBits
	for bits > minTableBits && fill > 0 && int64(1)<<(bits-1) >= fill {
		bits--
	}
	return bits
}

const (
	minTableBits      = 14
	maxNodesPerSecond = 4_000_000 // more than any variant searches on one core
)

// aspirationWindow is how far, in hundredths of a pawn, an iteration's
// first window reaches either side of the last iteration's score.
const aspirationWindow = 40

// aspire searches the root to depth within a window around the last
// score (aspiration: a narrow window prunes more), searching again with
// the window opened on the side the score fell out of. full asks for the
// whole window at once (the first iteration, noisy levels). failedHigh is
// the move that last beat the window, in case the search stops before the
// wider one completes.
func (s *searcher) aspire(depth, last int, full bool) (score int, failedHigh uint32) {
	alpha, beta := -infinity, infinity
	if !full && depth >= 4 && MateIn(last) == 0 {
		alpha, beta = last-aspirationWindow, last+aspirationWindow
	}
	failedHigh = noMove
	for {
		s.rootBest = noMove
		score = s.search(depth, 0, alpha, beta)
		switch {
		case s.stopped:
			return score, failedHigh
		case score <= alpha && alpha > -infinity:
			alpha = -infinity
		case score >= beta && beta < infinity:
			failedHigh, beta = s.rootBest, infinity
		default:
			return score, failedHigh
		}
	}
}

// earlierPositions hashes the game's earlier positions as t hashes its own.
func earlierPositions(history []games.Game, t tree) map[uint64]bool {
	if len(history) == 0 {
		return nil
	}
	_, fast := t.(*fastTree)
	out := make(map[uint64]bool, len(history))
	for _, g := range history {
		if !fast {
			out[RepetitionHash(g)] = true
			continue
		}
		if sg, ok := g.(games.Searchable); ok {
			if st, ok := sg.SearchState(); ok {
				out[st.Hash()] = true
			}
		}
	}
	return out
}

// newTree picks the fast path when the variant offers one.
func newTree(g games.Game, ev *evaluator) tree {
	v, err := games.Lookup(g.Variant())
	rolls := err != nil || v.Dice // unknown: assume dice, and prune less
	if sg, ok := g.(games.Searchable); ok {
		if st, ok := sg.SearchState(); ok {
			t := newFastTree(st, ev, ev.sides)
			t.rolls = rolls
			return t
		}
	}
	t := newGameTree(g, ev)
	t.rolls = rolls
	return t
}

// rootMove maps a root move code back to a public move.
func (s *searcher) rootMove(code uint32) (games.Move, bool) {
	return s.t.public(move{code: code})
}

// legalMatch returns the legal move with m's notation: the search's move is
// only ever played if the rules list it.
func legalMatch(m games.Move, ok bool, legal []games.Move) (games.Move, bool) {
	if !ok {
		return games.Move{}, false
	}
	for _, l := range legal {
		if l.Notation == m.Notation {
			return l, true
		}
	}
	return games.Move{}, false
}

// noisyChoice picks the root move with the best score plus its noise.
func noisyChoice(scores map[uint32]int, noise map[uint32]int, t tree, legal []games.Move) uint32 {
	best, bestV := uint32(noMove), -2*infinity
	for code, v := range scores {
		if v > -mateBound && v < mateBound {
			v += noise[code%uint32(len(legal))]
		}
		if v > bestV || (v == bestV && code < best) {
			best, bestV = code, v
		}
	}
	return best
}

// pv follows the table from the root: the expected line, taking the most
// likely outcome of each chance move.
func (s *searcher) pv(depth int) []string {
	var out []string
	n := 0
	defer func() {
		for ; n > 0; n-- {
			s.t.pop()
		}
	}()
	seen := map[uint64]bool{}
	for len(out) < depth+4 {
		if over, _ := s.t.status(); over {
			break
		}
		h := s.t.hash()
		e, ok := s.tt.probe(h)
		if !ok || seen[h] {
			break
		}
		seen[h] = true
		moves := s.t.moves(s.moveBuf[maxPly][:0], false)
		s.moveBuf[maxPly] = moves
		var found *move
		for i := range moves {
			if moves[i].code == e.move {
				found = &moves[i]
				break
			}
		}
		if found == nil {
			break
		}
		pm, ok := s.t.public(*found)
		if !ok {
			break
		}
		probs := s.t.expand(*found, s.probBuf[maxPly][:0])
		if len(probs) == 0 {
			break
		}
		out = append(out, pm.Notation)
		s.t.push(*found, 0)
		n++
	}
	return out
}

// PieceValues returns a copy of the generic piece values, in hundredths of
// a pawn.
func PieceValues() map[games.PieceKind]int { return copyValues(pieceValues) }

// VariantPieceValues returns a copy of the values the engine plays variant
// with: its self-play fit where it has one, the generic values elsewhere.
func VariantPieceValues(variant string) map[games.PieceKind]int {
	return copyValues(variantValues(variant))
}

func copyValues(t map[games.PieceKind]int) map[games.PieceKind]int {
	out := make(map[games.PieceKind]int, len(t))
	for k, v := range t {
		out[k] = v
	}
	return out
}

// repetitionDraws finds the root moves after which the rules most likely
// declare a draw by repetition (in the Angle, the dice usually name an
// empty square and the position repeats). It plays every root move under
// every roll, the dearest set-up of a small search, so it first asks
// whether a repetition is in reach at all (repetitionOutOfReach).
func repetitionDraws(g games.Game, t tree, legal []games.Move) map[uint32]bool {
	if repetitionOutOfReach(g, t) {
		return map[uint32]bool{}
	}
	return scanRepetitionDraws(g, t, legal)
}

// repetitionPlies is, for every variant, the fewest plies of its
// fifty-move count (games.ProgressClock) that a threefold repetition the
// scan can mark spans: from the first occurrence of the position to the
// third. The count restarts only at moves that cannot be undone, so no
// position before such a move stands again; and a position's key names who
// acts. Where every ply the count does not restart at moves one piece of
// the side to act (or, in spIndecision, of one army) to an empty square, a
// position comes back no sooner than 4 plies later (each side out and
// back) and stands a third time at least 8 plies after the first:
//
//   - chess and the Angle: the count restarts at a capture and a pawn move
//     (a promotion with it) and, in the Angle, at a piece vanishing; other
//     plies move a piece, castling two. The Angle's dice change nothing
//     here: a roll that names an empty square leaves the position as the
//     move made it, one that takes a piece restarts the count.
//   - Bermuda chess: the count restarts at every capture (a drop onto an
//     occupied square and a capture on the upper board, whose victim falls,
//     included) and every pawn move on either board; other plies move a
//     piece within its board or drop an upper piece onto an empty lower
//     square. The key holds both boards and the side to move.
//   - Bede: the count restarts at every capture (of a friend too) and every
//     move of a real pawn or squire (a promotion with it; a Jester copying a
//     pawn is no pawn); other plies move a piece of the side to move. The
//     key also holds escalation and what the Jester copies, which only make
//     repetitions rarer.
//   - Beryl Chess: the count restarts at a capture and a pawn move; other
//     plies move a piece. A declaration of spIndecision (below) does not
//     occur: the king is known from the start.
//   - spIndecision: the count restarts at a capture and a pawn move (a
//     declaration does not restart it, but no position before one stands
//     again); two players move any army but the one the previous ply moved.
//     For a position to come back every army moved is moved again, so at
//     least twice, and two plies in a row never move the same army, so at
//     least two armies move: 4 plies, and the key names the player to act
//     and the army barred.
//   - Random Move Number Chess: the count is single moves, and repetition is
//     judged at turn boundaries on the chess position alone. A lost turn (a
//     throw of 1 that starts its run) hands the move over with no single
//     move, so a position can stand a third time only 2 single moves after
//     its first (a turn of two moves out and back between lost turns). The
//     scan, however, marks a root move only when the draw has a
//     probability of at least 1/2 (scanRepetitionDraws), and a repetition
//     judged after a lost turn needs the throw after the root move to be a
//     1 or a 6 (1/3 at most): it marks only a third occurrence at the turn
//     boundary right after the root move (were that threshold lowered to
//     1/3, this bound would fall to 2). That one needs 4 single moves:
//     between two occurrences each colour that moves moves at least twice;
//     the colour that made the root move moved in the second stretch, and
//     the other either moved too or lost its turn at its start; and then
//     the first stretch holds moves, since three turns are never lost in a
//     row (the player who just lost one with a 1 can neither lose the next
//     with a 1, whose run it continues, nor switch sides, which needs two
//     sixes before).
var repetitionPlies = map[string]int{
	"angle": 8, "chess": 8, "bermuda": 8, "bede": 8, "beryl": 8, "spindecision": 8,
	"randommove": 4,
}

// repetitionOutOfReach reports that no root move can make a threefold
// repetition the scan would mark: after it the fifty-move count would be
// below the plies such a repetition spans (repetitionPlies; a root move
// adds at most one). t must stand at the root (as newTree left it). Where
// it reports true the scan would mark nothing, so skipping the scan
// changes no search.
func repetitionOutOfReach(g games.Game, t tree) bool {
	need, ok := repetitionPlies[g.Variant()]
	if !ok {
		return false
	}
	ft, ok := t.(*fastTree)
	if !ok || ft.clock == nil {
		return false
	}
	plies, _ := ft.clock.Clock()
	return plies+1 < need
}

// scanRepetitionDraws is repetitionDraws without the shortcut: every root
// move played under every roll.
func scanRepetitionDraws(g games.Game, t tree, legal []games.Move) map[uint32]bool {
	byNotation := make(map[string]games.Move, len(legal))
	for _, m := range legal {
		byNotation[m.Notation] = m
	}
	out := map[uint32]bool{}
	for _, m := range t.moves(nil, false) {
		pm, ok := t.public(m)
		if !ok {
			continue
		}
		lm, ok := byNotation[pm.Notation]
		if !ok {
			continue
		}
		outs, err := games.RollOutcomes(g, lm, maxChainedRolls)
		if err != nil || len(outs) == 0 {
			continue
		}
		drawn := 0.0
		for _, o := range outs {
			if r := o.Game.Outcome(); r.Over && r.Draw && strings.Contains(r.Reason, "repetition") {
				drawn += o.Probability
			}
		}
		if drawn >= 0.5 {
			out[m.code] = true
		}
	}
	return out
}
