package engine

import (
	"context"
	"math"
	"runtime"
	"time"

	"github.com/bermudachess/bermuda/games"
)

const (
	mateScore = 100000
	mateBound = mateScore - 1000 // scores beyond ±mateBound are forced wins and losses
	infinity  = mateScore + 1
	maxPly    = 96
	maxQuiet  = 8 // plies of capture search below the horizon
	noMove    = math.MaxUint32
	// chanceBound is what a chance outcome can be worth at most, in
	// hundredths of a pawn: more than any material, less than a mate.
	chanceBound = 4000
	// unlikely outcomes (below this probability) are searched a ply less.
	unlikely = 0.1
)

// searcher is one search: it owns its tree, table and tables of killers and
// history, and shares nothing with other searches.
type searcher struct {
	t        tree
	tt       *table
	ctx      context.Context
	deadline time.Time
	maxNodes int64
	nodes    int64
	stopped  bool

	killers [maxPly][2]uint32
	nulled  [maxPly + 1]bool // the position at this ply was entered by a pass
	// extended counts the check extensions along the line to each ply.
	extended [maxPly + 1]int8
	seeBuf   [][]move // scratch for the exchange evaluation, one per capture
	seeProb  []float64
	// rootDepth is the depth of the iteration in progress.
	rootDepth int
	history   [1 << 12]int32
	// historyMax is the largest of history: while it stays below ttKey,
	// the table's move is ordered first whatever the other moves are.
	historyMax int32
	// historyLog records the history's changes while stagedNodes > 0
	// nodes have searched their table move before ordering the others.
	historyLog  []historyChange
	stagedNodes int
	path        [maxPly + 1]uint64
	moveBuf     [maxPly + 1][]move
	probBuf     [maxPly + 1][]float64
	outBuf      [maxPly + 1][]outcomeBounds
	scores      [maxPly + 1][]int32

	// rootPlayer is who the search chooses for; contempt is what a draw
	// costs them, so that the engine plays on in balanced positions
	// instead of repeating moves.
	rootPlayer games.Player
	contempt   int
	// rootDraws are the root moves after which the rules declare a draw by
	// repetition: a fast path does not see the game's earlier positions.
	rootDraws map[uint32]bool
	// earlier are the hashes of the game's positions before the root
	// (Limits.History): coming back to one inside the tree is a draw.
	earlier map[uint64]bool

	// root results of the iteration in progress
	rootBest    uint32
	rootScore   int
	rootScores  map[uint32]int // exact score per root move (noisy levels only)
	exactAtRoot bool
}

func (s *searcher) checkStop() {
	if s.maxNodes > 0 && s.nodes >= s.maxNodes {
		s.stopped = true
		return
	}
	if s.nodes&63 == 0 {
		if !s.deadline.IsZero() && time.Now().After(s.deadline) {
			s.stopped = true
		}
		if s.ctx.Err() != nil {
			s.stopped = true
		}
	}
	if s.nodes&1023 == 0 {
		// Every half millisecond or so, let other goroutines of the
		// process run on this thread's processor: a server answering
		// interactions beside searches keeps its latency.
		runtime.Gosched()
	}
}

// draw is a draw's score for player p.
func (s *searcher) draw(p games.Player) int {
	if p == s.rootPlayer {
		return -s.contempt
	}
	return s.contempt
}

func (s *searcher) terminal(winner games.Player, ply int) int {
	switch winner {
	case games.NoPlayer:
		return s.draw(s.t.player())
	case s.t.player():
		return mateScore - ply
	}
	return -(mateScore - ply)
}

// search is alpha-beta (fail-soft negamax) for the player to act, as a
// principal variation search: the first move gets the window, the others
// a null window that only a better move fails, re-searched if one does.
// Chance moves are averaged in playMove.
func (s *searcher) search(depth, ply, alpha, beta int) int {
	s.nodes++
	s.checkStop()
	if s.stopped {
		return 0
	}
	t := s.t
	if over, winner := t.status(); over {
		return s.terminal(winner, ply)
	}
	if ply == 0 {
		s.rootDepth = depth
	}
	h := t.hash()
	if depth > 0 {
		s.tt.touch(h) // the probe below is likely
	}
	s.path[ply] = h
	for i := ply - 2; i >= 0; i-- {
		if s.path[i] == h {
			return s.draw(t.player()) // a repetition inside the line: no progress, a draw
		}
	}
	if ply > 0 && len(s.earlier) > 0 && s.earlier[h] {
		return s.draw(t.player()) // back to a position the game has had
	}
	if ply >= maxPly-maxQuiet-2 {
		return t.evaluate()
	}
	// A king in danger is searched a ply deeper: the horizon must not fall
	// between a check and its answer (a mate, or a piece lost to it).
	// Lines of checks may extend to twice the iteration's depth. Not with
	// dice, where every ply multiplies the tree by the rolls: even once a
	// line, it made a Random Move Number Chess iteration cost 1.7 times
	// the nodes, and level 5 lost 47 ± 46 Elo at 50 ms a move.
	// With dice nothing below asks (no extension, no forward pruning), and
	// finding the Angle's king costs a scan of the board at every node.
	inCheck := !t.dice() && t.inCheck()
	if ply > 0 {
		s.extended[ply] = s.extended[ply-1]
		if inCheck && checkExtension && ply < 2*s.rootDepth && int(s.extended[ply]) < s.rootDepth {
			depth++
			s.extended[ply]++
		}
	}
	if depth <= 0 {
		return s.quiesce(ply, 0, alpha, beta)
	}
	ttMove := uint32(noMove)
	if e, ok := s.tt.probe(h); ok {
		ttMove = e.move
		if ply > 0 && int(e.depth) >= depth {
			sc := fromTT(int(e.score), ply)
			switch {
			case e.bound == boundExact,
				e.bound == boundLower && sc >= beta,
				e.bound == boundUpper && sc <= alpha:
				return sc
			}
		}
	}
	pv := beta-alpha > 1 || ply == 0
	// Forward pruning trusts the static evaluation; it is off in the
	// variants with dice, where a roll can change the material of any
	// move (and the chance nodes' windows must stay exact), in check, and
	// where the variant cannot tell a king in danger (games.Tactical):
	// futility must never prune a move that threatens the king.
	prune := forwardPruning && !pv && !inCheck && !t.dice() && t.tellsDanger()
	// The evaluation is only worked out where it is used: for futility
	// near the leaves, for the null move above them where a pass exists.
	static, haveStatic := 0, false
	if prune && beta < mateBound && beta > -mateBound && (depth <= 2 || depth <= staticNullDepth || t.canPass()) {
		static, haveStatic = t.evaluate(), true
		if v, ok := s.staticNull(depth, beta, static); ok {
			return v
		}
		if v, ok := s.nullMove(depth, ply, beta, static); ok {
			return v
		}
	}
	// Internal iterative reduction: a node the table knows nothing of has
	// no move to try first, and its ordering is poor; it is searched a ply
	// shallower, and the next iteration finds the table's move there.
	if iterativeReduction && ttMove == noMove && depth >= 4 && ply > 0 && !t.dice() {
		depth--
	}
	// The moves are candidates whose legality may be found out only as
	// their turn comes: i counts the legal moves, c is where the i-th
	// stands (pickLegal). The table's move comes first whenever it is
	// legal (no other key reaches its own while the history stays below
	// it): where the variant can tell that without listing every move
	// (games.MoveLookup), it is searched before the list is made, which
	// a cut then spares.
	var moves []move
	var sc []int32
	origAlpha := alpha
	best, bestMove := -infinity, uint32(noMove)
	ttFirst, staged := move{}, false
	if tableMoveFirst && ply > 0 && depth <= stagedDepth && ttMove != noMove && s.historyMax < ttKey {
		ttFirst, staged = t.legalMove(ttMove)
	}
	listed := !staged
	mark := 0
	if staged {
		// The moves are ordered by the history as it stands now, before
		// the table move's search changes it: its changes are logged to
		// be taken back while ordering.
		mark = len(s.historyLog)
		s.stagedNodes++
	}
	if listed {
		moves = t.candidates(s.moveBuf[ply][:0], false)
		s.moveBuf[ply] = moves
		first := s.nextLegal(moves, 0)
		if first < 0 {
			return t.evaluate()
		}
		sc = s.order(moves, ply, ttMove)
		bestMove = moves[first].code
	}
	c := -1
	// Once futility prunes a move here it prunes every quiet move after
	// it but those that give check (alpha and best only grow). If at most
	// one move is left that it does not prune, the order of the rest does
	// not matter: that one is searched next (lastSlot) and the node ends.
	futileSeen, lastSlot := false, -1
	for i := 0; ; i++ {
		var m move
		if i == 0 && staged {
			m = ttFirst
		} else if lastSlot >= 0 {
			c = lastSlot
			m = moves[c]
		} else {
			if !listed {
				// The list as it would have been made first, the table's
				// move placed where ordering it would have put it.
				moves = t.candidates(s.moveBuf[ply][:0], false)
				s.moveBuf[ply] = moves
				first := s.nextLegal(moves, 0)
				if best == -infinity {
					bestMove = moves[first].code
				}
				s.undoHistory(mark)
				sc = s.order(moves, ply, ttMove)
				s.redoHistory(mark)
				s.endStaged()
				c = first
				s.pickLegal(moves, sc, c)
				listed = true
			}
			if c = s.nextLegal(moves, c+1); c < 0 {
				break
			}
			s.pickLegal(moves, sc, c)
			m = moves[c]
		}
		quiet := m.victim == 0 && m.promotion == 0
		if lastSlot < 0 && haveStatic && lateMovePruning && quiet && i > 0 && best > -mateBound && s.futile(depth, i, static, alpha) && !s.givesCheck(m, ply) {
			if !futileSeen && !lateMoves && futileShortcut {
				futileSeen = true
				left, n := s.unpruned(moves, c+1, ply)
				if n == 0 {
					break
				}
				if n == 1 {
					lastSlot = left
				}
			}
			continue
		}
		a := alpha
		if ply == 0 && s.exactAtRoot {
			a = -infinity // every root move gets its exact score
		}
		var v int
		reduce := 0
		if depth >= 2 && quiet && ply > 0 && !inCheck && !s.exactAtRoot {
			reduce = s.reduction(m, depth, i, ply, pv, ttMove)
		}
		if a+1 >= beta && (!scaledReductions || t.dice()) {
			// The former reductions only ever applied in a window wider
			// than a null one (the switch below searched null windows at
			// full depth): kept so with dice, and when switched off.
			reduce = 0
		}
		switch {
		case ply == 0 && s.rootDraws[m.code]:
			v = s.draw(s.rootPlayer)
		case i == 0 || (a+1 >= beta && reduce == 0) || (ply == 0 && s.exactAtRoot):
			v = s.playMove(m, depth-1, ply, a, beta, false)
		default:
			v = s.playMove(m, depth-1-reduce, ply, a, a+1, false)
			if v > a && reduce > 0 && !s.stopped {
				v = s.playMove(m, depth-1, ply, a, a+1, false)
			}
			if v > a && v < beta && !s.stopped {
				v = s.playMove(m, depth-1, ply, a, beta, false)
			}
		}
		if s.stopped {
			if !listed {
				s.endStaged()
			}
			return 0
		}
		if ply == 0 {
			if s.rootScores != nil {
				s.rootScores[m.code] = v
			}
		}
		if v > best {
			best, bestMove = v, m.code
			if ply == 0 {
				s.rootBest, s.rootScore = m.code, v
			}
		}
		if v > alpha {
			alpha = v
		}
		if alpha >= beta || lastSlot >= 0 {
			if alpha < beta {
				break // the last move futility left
			}
			if quiet {
				k := &s.killers[ply]
				if k[0] != m.code {
					k[1], k[0] = k[0], m.code
				}
				s.addHistory(m.code, int32(depth*depth))
			}
			break
		}
	}
	if !listed {
		s.endStaged()
	}
	bound := boundExact
	switch {
	case best >= beta:
		bound = boundLower
	case best <= origAlpha:
		bound = boundUpper
	}
	s.tt.store(h, bestMove, best, depth, bound, ply)
	return best
}

// The search's refinements can be turned off one by one, for tests that
// show what each changes.
var (
	checkExtension  = true
	forwardPruning  = true // null move, futility and late-move pruning
	lateMovePruning = true // futility and late-move pruning
	exchangePruning = true // captures losing material left out of the capture search

	// Shortcuts that change what the search costs, never what it finds
	// (TestShortcutsFindTheSame): the table's move searched before the
	// list is made, and a futile node ended once one move is left that
	// futility does not prune.
	tableMoveFirst = true
	futileShortcut = true
)

// The refinements that reach deeper at the same nodes (issue #34), each
// switchable for the tests and measurements that show what it changes;
// late-move reductions are in reduce.go.
var (
	// iterativeReduction searches a ply shallower a node of depth 4 or
	// more without a table move (not with dice).
	iterativeReduction = true
	// staticNullDepth is the depth up to which a node whose evaluation
	// stands a margin above beta is cut without a search (reverse
	// futility), where forward pruning is allowed; 0 turns it off.
	staticNullDepth = 3
)

// staticNullMargin is, per ply left, what the opponent is assumed to
// win back at most against an evaluation above beta.
const staticNullMargin = 120

// staticNull cuts a node near the leaves whose evaluation stands so far
// above beta that a ply or three of the opponent's answers would not
// bring it down (a static null move: the null move's test without its
// search). search only asks where forward pruning is allowed.
func (s *searcher) staticNull(depth, beta, static int) (int, bool) {
	if depth > staticNullDepth || static-staticNullMargin*depth < beta {
		return 0, false
	}
	return static - staticNullMargin*depth, true
}

// nullMove lets the opponent move twice: if they still cannot bring the
// score below beta with a shallower search, a real move would do at least
// as well, and the node is cut. It is only tried where the variant can pass
// (games.Passer), with pieces left (in pawn endings a move is often a
// burden: zugzwang), never twice in a row, and when the evaluation already
// stands at beta.
func (s *searcher) nullMove(depth, ply, beta, static int) (int, bool) {
	if depth < 3 || static < beta || s.nulled[ply] || ply+1 >= maxPly-maxQuiet-2 || s.t.pieces() == 0 {
		return 0, false
	}
	me := s.t.player()
	if !s.t.pushPass() {
		return 0, false
	}
	if s.t.player() == me { // the rules kept the turn: no pass after all
		s.t.pop()
		return 0, false
	}
	r := 2 + depth/6
	s.nulled[ply+1] = true
	v := -s.search(depth-1-r, ply+1, -beta, -beta+1)
	s.nulled[ply+1] = false
	s.t.pop()
	if s.stopped || v < beta {
		return 0, false
	}
	if v > mateBound {
		v = beta // a mate found by passing is not proven
	}
	return v, true
}

// futile says whether a quiet move late in the list is not worth searching
// near the leaves: at depth 1 and 2 when the evaluation with a margin for
// what a quiet move can gain stays below alpha (futility pruning), and at
// depth 1 to 3 after enough moves (late-move pruning: the ordering put the
// likely ones first).
func (s *searcher) futile(depth, i, static, alpha int) bool {
	if lateMoves && depth <= 3 && i >= lateMoveCount[depth] {
		return true
	}
	return depth <= 2 && static+depth*futilityMargin <= alpha
}

// givesCheck says whether m leaves the opponent's king in danger: such a
// move is never pruned as futile, for the evaluation cannot see a mate.
func (s *searcher) givesCheck(m move, ply int) bool {
	t := s.t
	probs := t.expand(m, s.probBuf[ply][:0])
	s.probBuf[ply] = probs
	if len(probs) != 1 {
		return true // dice decide what it does: not judged futile
	}
	if check, known := t.givesCheck(m); known {
		return check
	}
	t.push(m, 0)
	check := t.inCheck()
	t.pop()
	return check
}

// lateMoves turns late-move pruning on; lateMoveCount is, by depth, how
// many moves are searched before the quiet ones left are pruned. It is
// off: every node still lists all its moves, so pruning most of its
// children made the search four times slower per node in Bede (1.3 to 0.3
// million nodes a second; chess 2.3 to 1.1), past the 10% it may cost.
var (
	lateMoves     = false
	lateMoveCount = [4]int{0, 10, 16, 24}
)

// futilityMargin is what a quiet move is assumed to gain at most per ply
// left, in hundredths of a pawn.
const futilityMargin = 175

// quiesce searches captures and promotions only, standing pat on the
// evaluation, so the horizon never falls in the middle of an exchange.
// Captures that lose material by the exchange evaluation are left out.
func (s *searcher) quiesce(ply, qdepth, alpha, beta int) int {
	t := s.t
	stand := t.evaluate()
	if stand >= beta || qdepth >= maxQuiet || ply >= maxPly-1 {
		return stand
	}
	if stand > alpha {
		alpha = stand
	}
	moves := t.candidates(s.moveBuf[ply][:0], true)
	s.moveBuf[ply] = moves
	sc := s.order(moves, ply, noMove)
	best := stand
	for c := s.nextLegal(moves, 0); c >= 0; c = s.nextLegal(moves, c+1) {
		s.pickLegal(moves, sc, c)
		if m := moves[c]; exchangePruning && m.promotion == 0 && m.mover > m.victim && s.see(m) < 0 {
			continue // loses material in the exchange
		}
		v := s.playMove(moves[c], qdepth+1, ply, alpha, beta, true)
		if s.stopped {
			return 0
		}
		if v > best {
			best = v
		}
		if v > alpha {
			alpha = v
		}
		if alpha >= beta {
			break
		}
	}
	return best
}

// playMove scores m for the player to act. A move with several chance
// outcomes is a chance node (chance.go). In the capture search, depth is
// the capture depth.
func (s *searcher) playMove(m move, depth, ply, alpha, beta int, quiet bool) int {
	t := s.t
	me := t.player()
	probs := t.expand(m, s.probBuf[ply][:0])
	s.probBuf[ply] = probs
	switch {
	case len(probs) == 0:
		return -infinity // the variant refused the move: never choose it
	case len(probs) == 1:
		t.push(m, 0)
		v := s.child(me, depth, ply, alpha, beta, quiet)
		t.pop()
		return v
	case quiet:
		return s.quietChance(m, probs, depth, ply, alpha, beta, me)
	}
	return s.chance(m, probs, depth, ply, alpha, beta, me)
}

// standing is the position just entered as it stands, for me.
func (s *searcher) standing(me games.Player, ply int) int {
	s.nodes++
	if over, winner := s.t.status(); over {
		switch winner {
		case games.NoPlayer:
			return s.draw(me)
		case me:
			return mateScore - ply - 1
		}
		return -(mateScore - ply - 1)
	}
	if s.t.player() == me {
		return s.t.evaluate()
	}
	return -s.t.evaluate()
}

// child searches the position just entered: with the same window when the
// same player acts again (several moves in a turn), negated otherwise.
func (s *searcher) child(me games.Player, depth, ply, alpha, beta int, quiet bool) int {
	if over, winner := s.t.status(); over {
		s.nodes++
		switch winner {
		case games.NoPlayer:
			return s.draw(me)
		case me:
			return mateScore - ply - 1
		}
		return -(mateScore - ply - 1)
	}
	same := s.t.player() == me
	if quiet {
		s.nodes++
		s.checkStop()
		if same {
			return s.quiesce(ply+1, depth, alpha, beta)
		}
		return -s.quiesce(ply+1, depth, -beta, -alpha)
	}
	if same {
		return s.search(depth, ply+1, alpha, beta)
	}
	return -s.search(depth, ply+1, -beta, -alpha)
}

// order gives each move a sort key: the table's move, then captures by
// the value taken, promotions, killers, and the history of cut-offs.
func (s *searcher) order(moves []move, ply int, ttMove uint32) []int32 {
	sc := s.scores[ply][:0]
	for _, m := range moves {
		var k int32
		switch {
		case m.code == ttMove:
			k = ttKey
		case m.victim > 0 || m.promotion > 0:
			k = 1<<28 + m.victim + m.promotion
		case m.code == s.killers[ply][0]:
			k = 1<<27 + 1
		case m.code == s.killers[ply][1]:
			k = 1 << 27
		default:
			k = s.history[m.code&uint32(len(s.history)-1)]
		}
		sc = append(sc, k)
	}
	s.scores[ply] = sc
	return sc
}

// unpruned counts the legal moves from place j on that futility would
// not prune (captures, promotions, quiet moves that give check), up to
// two, and says where the first is.
func (s *searcher) unpruned(moves []move, j, ply int) (first, n int) {
	first = -1
	for ; j < len(moves) && n < 2; j++ {
		m := moves[j]
		if !s.legalAt(moves, j) {
			continue
		}
		if m.victim != 0 || m.promotion != 0 || s.givesCheck(m, ply) {
			if n == 0 {
				first = j
			}
			n++
		}
	}
	return first, n
}

// legalAt says whether moves[j] is legal, finding it out if not known.
func (s *searcher) legalAt(moves []move, j int) bool {
	switch moves[j].legal {
	case legalYes:
		return true
	case legalNo:
		return false
	}
	return s.t.isLegal(&moves[j])
}

// nextLegal is the first place from j on that holds a legal move, -1 if
// none does.
func (s *searcher) nextLegal(moves []move, j int) int {
	for ; j < len(moves); j++ {
		if s.legalAt(moves, j) {
			return j
		}
	}
	return -1
}

// pickLegal is pick over the legal moves of a list of candidates, c the
// place of the next legal one: illegal candidates never move, so the legal
// ones take their places in turn exactly as pick would order the legal
// list alone, and a candidate's legality is only found out when its key
// would make it the best so far.
func (s *searcher) pickLegal(moves []move, sc []int32, c int) {
	rest := sc[c:len(moves)]
	b, best := 0, rest[0]
	for j, k := range rest {
		if k > best && s.legalAt(moves, c+j) {
			b, best = j, k
		}
	}
	if b == 0 {
		return
	}
	b += c
	moves[c], moves[b] = moves[b], moves[c]
	sc[c], sc[b] = sc[b], sc[c]
}

// addHistory adds to a move's history, logged while a node that searched
// its table move before its list (search) has yet to order them.
func (s *searcher) addHistory(code uint32, d int32) {
	i := code & uint32(len(s.history)-1)
	s.history[i] += d
	s.historyMax = max(s.historyMax, s.history[i])
	if s.stagedNodes > 0 {
		s.historyLog = append(s.historyLog, historyChange{i, d})
	}
}

// historyChange is one addHistory: which entry, by how much.
type historyChange struct {
	index uint32
	delta int32
}

// undoHistory takes back the history changes logged since mark; redoHistory
// makes them again.
func (s *searcher) undoHistory(mark int) {
	for i := len(s.historyLog) - 1; i >= mark; i-- {
		c := s.historyLog[i]
		s.history[c.index] -= c.delta
	}
}

func (s *searcher) redoHistory(mark int) {
	for _, c := range s.historyLog[mark:] {
		s.history[c.index] += c.delta
	}
}

// endStaged ends a node's need of the log; the log is emptied once no
// node needs it.
func (s *searcher) endStaged() {
	s.stagedNodes--
	if s.stagedNodes == 0 {
		s.historyLog = s.historyLog[:0]
	}
}

// stagedDepth is the deepest node that searches its table move before
// listing its moves: above it the list costs little beside the subtree,
// and the history log would grow with the whole subtree.
const stagedDepth = 4

// ttKey is the table move's key in order: above every other key.
const ttKey = 1 << 30

// pick brings the best remaining move to position i (selection sort: most
// nodes cut after a few moves, so sorting everything is wasted).
func pick(moves []move, sc []int32, i int) {
	rest := sc[i:len(moves)]
	b, best := 0, rest[0]
	for j, k := range rest {
		if k > best {
			b, best = j, k
		}
	}
	if b == 0 {
		return
	}
	b += i
	moves[i], moves[b] = moves[b], moves[i]
	sc[i], sc[b] = sc[b], sc[i]
}
