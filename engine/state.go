package engine

import (
	"hash/fnv"
	"unsafe"

	"github.com/bermudachess/bermuda/games"
)

// move is a move as the search handles it: its index or code in the
// position's own list, and what it captures or promotes to (for ordering
// and for the capture search).
type move struct {
	code      uint32
	victim    int32 // value of the captured piece, 0 for none
	promotion int32 // value gained by promoting, 0 for none
	// to and mover are the cell the move ends on and the value of the
	// piece that makes it, where the variant says (games.MoveFacts); to
	// is -1 otherwise. The exchange evaluation (see.go) needs them.
	// Twenty bytes in all: ordering moves them about at every node.
	to    int32
	mover int32
	// legal is whether the move is legal: known (legalYes) for every
	// list but the search's own from a games.LazyLister, where it is
	// found out (legalNo or legalYes) only when the move's turn comes.
	legal int8
}

const (
	legalUnknown = iota
	legalYes
	legalNo
)

// tree is the position being searched, on a stack: expand plays a move and
// lists the chance outcomes it leads to, push enters one, pop comes back.
// Deterministic moves have one outcome of probability 1.
type tree interface {
	player() games.Player
	status() (over bool, winner games.Player)
	hash() uint64
	moves(buf []move, tactical bool) []move
	// candidates is moves, or a longer list whose legal moves are those
	// of moves in the same order; isLegal says which (pickLegal).
	candidates(buf []move, tactical bool) []move
	isLegal(m *move) bool
	// legalMove is the legal move of that code, where the variant can say
	// without listing them all (games.MoveLookup); false otherwise.
	legalMove(code uint32) (move, bool)
	expand(m move, probs []float64) []float64
	push(m move, outcome int)
	pop()
	evaluate() int
	public(m move) (games.Move, bool)
	// inCheck says whether the player to act is in danger of losing at
	// once (games.Tactical): false where the variant cannot say.
	inCheck() bool
	// tellsDanger says whether inCheck can ever be true here.
	tellsDanger() bool
	// givesCheck is what inCheck would say after m (a move without dice),
	// where the variant can tell without making it (games.CheckGiver);
	// known is false elsewhere.
	givesCheck(m move) (check, known bool)
	// pushPass enters the position with the turn handed over and nothing
	// else changed (games.Passer), reporting false where the variant has
	// no such thing; pop takes it back.
	pushPass() bool
	canPass() bool
	// pieces is how many pieces other than pawns and kings the player to
	// act has: a pass is only tried when they have some (zugzwang).
	pieces() int
	// dice says whether the rules roll dice during play.
	dice() bool
}

// gameTree walks any games.Game through its public interface: LegalMoves,
// Clone and Play, with games.RollOutcomes for moves that roll dice.
type gameTree struct {
	ev    *evaluator
	stack []gameLevel
	depth int
	rolls bool
}

type gameLevel struct {
	g     games.Game
	legal []games.Move
	outs  []games.Game // outcomes of the last expanded move
	h     uint64
	hOK   bool
}

// maxChainedRolls bounds the dice enumerated per move (the Angle rolls two
// dice; Random Move Number Chess may chain throws after a lost turn).
const maxChainedRolls = 3

func newGameTree(g games.Game, ev *evaluator) *gameTree {
	t := &gameTree{ev: ev, stack: make([]gameLevel, 1, 64)}
	t.stack[0].g = g
	return t
}

func (t *gameTree) cur() *gameLevel { return &t.stack[t.depth] }

func (t *gameTree) player() games.Player { return t.cur().g.Turn().Player }

func (t *gameTree) status() (bool, games.Player) {
	o := t.cur().g.Outcome()
	return o.Over, o.Winner
}

func (t *gameTree) hash() uint64 {
	l := t.cur()
	if !l.hOK {
		l.h = RepetitionHash(l.g)
		l.hOK = true
	}
	return l.h
}

// RepetitionHash hashes the repetition key with who acts and how many moves are
// left in the turn, which the key may leave out.
func RepetitionHash(g games.Game) uint64 {
	h := fnv.New64a()
	h.Write([]byte(g.Key()))
	tn := g.Turn()
	h.Write([]byte{byte(tn.Player + 1), byte(tn.MovesLeft)})
	for _, s := range tn.Sides {
		h.Write([]byte{byte(s + 1)})
	}
	return h.Sum64()
}

func (t *gameTree) moves(buf []move, tactical bool) []move {
	l := t.cur()
	l.legal = l.g.LegalMoves()
	board := t.ev.board(l.g)
	for i, m := range l.legal {
		mv := move{code: uint32(i), to: -1, legal: legalYes}
		if p, ok := board[m.To]; ok && p.Side != m.Side {
			mv.victim = int32(t.ev.value(p.Kind))
		}
		if tactical && mv.victim == 0 {
			continue
		}
		buf = append(buf, mv)
	}
	return buf
}

func (t *gameTree) expand(m move, probs []float64) []float64 {
	l := t.cur()
	l.outs = l.outs[:0]
	pm := l.legal[m.code]
	outs, err := games.RollOutcomes(l.g, pm, maxChainedRolls)
	if err != nil || len(outs) == 0 {
		return probs
	}
	if len(outs) == 1 {
		l.outs = append(l.outs, outs[0].Game)
		return append(probs, 1)
	}
	// Many faces lead to the same position (the Angle's dice naming an
	// empty square): search each position once, with their summed chance.
	seen := make(map[uint64]int, len(outs))
	for _, o := range outs {
		k := RepetitionHash(o.Game)
		if i, ok := seen[k]; ok {
			probs[len(probs)-len(l.outs)+i] += o.Probability
			continue
		}
		seen[k] = len(l.outs)
		l.outs = append(l.outs, o.Game)
		probs = append(probs, o.Probability)
	}
	// Most likely first: it narrows the window for the rest.
	base := len(probs) - len(l.outs)
	for i := 1; i < len(l.outs); i++ {
		for j := i; j > 0 && probs[base+j] > probs[base+j-1]; j-- {
			probs[base+j], probs[base+j-1] = probs[base+j-1], probs[base+j]
			l.outs[j], l.outs[j-1] = l.outs[j-1], l.outs[j]
		}
	}
	return probs
}

func (t *gameTree) push(_ move, i int) {
	g := t.cur().outs[i]
	t.depth++
	if t.depth == len(t.stack) {
		t.stack = append(t.stack, gameLevel{})
	}
	l := t.cur()
	l.g, l.legal, l.hOK = g, nil, false
}

func (t *gameTree) pop() { t.depth-- }

func (t *gameTree) evaluate() int     { return t.ev.evaluateGame(t.cur().g) }
func (t *gameTree) inCheck() bool     { return false }
func (t *gameTree) pushPass() bool    { return false }
func (t *gameTree) canPass() bool     { return false }
func (t *gameTree) tellsDanger() bool { return false }
func (t *gameTree) pieces() int       { return 0 }

func (t *gameTree) givesCheck(move) (bool, bool) { return false, false }

func (t *gameTree) candidates(buf []move, tactical bool) []move { return t.moves(buf, tactical) }
func (t *gameTree) isLegal(m *move) bool                        { return m.legal == legalYes }
func (t *gameTree) legalMove(uint32) (move, bool)               { return move{}, false }
func (t *gameTree) dice() bool                                  { return t.rolls }

func (t *gameTree) public(m move) (games.Move, bool) {
	l := t.cur()
	if int(m.code) >= len(l.legal) {
		return games.Move{}, false
	}
	return l.legal[m.code], true
}

// fastTree walks a games.SearchState: a variant's own make/unmake.
type fastTree struct {
	ev       *evaluator
	st       games.SearchState
	kinds    []int32 // value of each kind of st.Kinds()
	kindIDs  []games.PieceKind
	kindPtrs []*byte // where each of kindIDs is stored
	pawn     int32   // a pawn's value, what a promotion no longer counts
	kind     map[games.PieceKind]int
	sides    int
	owner    []games.Player
	cnt      []int
	buf      []games.SearchMove
	clock    games.ProgressClock // nil: the variant has no fifty-move rule to report
	// what the variant can say beyond games.SearchState (nil: nothing)
	tactical games.Tactical
	passer   games.Passer
	facts    games.MoveFacts
	checks   games.CheckGiver
	lister   games.KindLister // nil: moves come through Moves
	lazy     games.LazyLister
	lookup   games.MoveLookup
	kbuf     []games.KindMove
	minor    []bool // kinds of Kinds() that count as pieces (not pawns or kings)
	rolls    bool
}

func newFastTree(st games.SearchState, ev *evaluator, sides int) *fastTree {
	t := &fastTree{ev: ev, st: st, sides: sides}
	t.clock, _ = st.(games.ProgressClock)
	t.tactical, _ = st.(games.Tactical)
	t.passer, _ = st.(games.Passer)
	t.facts, _ = st.(games.MoveFacts)
	t.checks, _ = st.(games.CheckGiver)
	t.lister, _ = st.(games.KindLister)
	t.lazy, _ = st.(games.LazyLister)
	t.lookup, _ = st.(games.MoveLookup)
	if t.lister == nil {
		t.lookup = nil // its moves could not be read alike
	}
	t.kindIDs = st.Kinds()
	t.pawn = int32(ev.value(games.Pawn))
	for _, k := range t.kindIDs {
		t.kinds = append(t.kinds, int32(ev.value(k)))
		t.kindPtrs = append(t.kindPtrs, unsafe.StringData(string(k)))
		t.minor = append(t.minor, k != games.Pawn && k != games.King)
	}
	for s := 0; s < sides; s++ {
		t.owner = append(t.owner, st.Owner(games.Side(s)))
	}
	return t
}

func (t *fastTree) player() games.Player             { return t.st.Player() }
func (t *fastTree) status() (bool, games.Player)     { return t.st.Status() }
func (t *fastTree) hash() uint64                     { return t.st.Hash() }
func (t *fastTree) push(m move, i int)               { t.st.Push(games.SearchMove{Code: m.code}, i) }
func (t *fastTree) pop()                             { t.st.Pop() }
func (t *fastTree) public(m move) (games.Move, bool) { return t.st.Move(t.decode(m)), true }

func (t *fastTree) decode(m move) games.SearchMove {
	return games.SearchMove{Code: m.code}
}

func (t *fastTree) moves(buf []move, tactical bool) []move {
	if t.lister != nil {
		return t.kindMoves(buf, tactical)
	}
	return t.namedMoves(buf, tactical)
}

// candidates lists the moves for the search's own loops: from a
// games.LazyLister, candidates whose legality is found out by isLegal as
// the loop reaches them (pickLegal); elsewhere the legal moves.
func (t *fastTree) candidates(buf []move, tactical bool) []move {
	if t.lazy == nil {
		return t.moves(buf, tactical)
	}
	ks, checked := t.lazy.PseudoMoves(t.kbuf[:0], tactical)
	t.kbuf = ks
	state := int8(legalUnknown)
	if checked {
		state = legalYes
	}
	start := len(buf)
	buf = t.convert(buf, ks)
	for i := start; i < len(buf); i++ {
		buf[i].legal = state
	}
	return buf
}

func (t *fastTree) legalMove(code uint32) (move, bool) {
	if t.lookup == nil {
		return move{}, false
	}
	km, ok := t.lookup.LegalMove(code)
	if !ok {
		return move{}, false
	}
	var one [1]move
	return t.convert(one[:0], []games.KindMove{km})[0], true
}

func (t *fastTree) isLegal(m *move) bool {
	if m.legal == legalUnknown {
		m.legal = legalNo
		if t.lazy.Legal(games.KindMove{Code: m.code}) {
			m.legal = legalYes
		}
	}
	return m.legal == legalYes
}

// kindMoves is namedMoves from a KindLister: the kinds are indexes, and
// the move facts come with the move.
func (t *fastTree) kindMoves(buf []move, tactical bool) []move {
	t.kbuf = t.lister.KindMoves(t.kbuf[:0], tactical)
	return t.convert(buf, t.kbuf)
}

// leastCaptureOn is leastRecapture read from the kind list: of the
// captures ending on cell to, the first by the least valuable piece,
// converted alone.
func (t *fastTree) leastCaptureOn(to int32) (move, bool) {
	if t.facts == nil {
		return move{}, false // no move tells its cell
	}
	t.kbuf = t.lister.KindMoves(t.kbuf[:0], true)
	best, bestMover := -1, int32(0)
	for i := range t.kbuf {
		km := &t.kbuf[i]
		if km.Victim < 0 || km.Target != to || t.kinds[km.Victim] <= 0 {
			continue
		}
		if mover := t.kinds[km.Mover]; best < 0 || mover < bestMover {
			best, bestMover = i, mover
		}
	}
	if best < 0 {
		return move{}, false
	}
	var one [1]move
	return t.convert(one[:0], t.kbuf[best:best+1])[0], true
}

// convert appends ks as the search's moves.
func (t *fastTree) convert(buf []move, ks []games.KindMove) []move {
	kinds, facts := t.kinds, t.facts != nil
	for _, km := range ks {
		mv := move{code: km.Code, to: -1, legal: legalYes}
		if km.Victim >= 0 {
			mv.victim = kinds[km.Victim]
			if facts {
				mv.to, mv.mover = km.Target, kinds[km.Mover]
			}
		}
		if km.Promotion >= 0 {
			mv.promotion = kinds[km.Promotion] - t.pawn
		}
		buf = append(buf, mv)
	}
	return buf
}

// namedMoves lists the moves through Moves, reading their kinds by name.
func (t *fastTree) namedMoves(buf []move, tactical bool) []move {
	t.buf = t.st.Moves(t.buf[:0], tactical)
	for _, sm := range t.buf {
		mv := move{code: sm.Code, to: -1, legal: legalYes}
		if sm.Victim != "" {
			mv.victim = t.valueOf(sm.Victim)
			if t.facts != nil { // only captures are exchanged
				mv.to, mv.mover = int32(t.facts.Target(sm)), t.valueOf(t.facts.Mover(sm))
			}
		}
		if sm.Promotion != "" {
			mv.promotion = t.valueOf(sm.Promotion) - t.pawn
		}
		buf = append(buf, mv)
	}
	return buf
}

// valueOf is ev.value for a kind of the variant's Kinds, found by a scan
// of a dozen kinds rather than a map lookup for every move listed: first
// by the strings' storage (the variants name kinds by games' constants,
// so this nearly always finds it without comparing bytes), then by value.
func (t *fastTree) valueOf(k games.PieceKind) int32 {
	p := unsafe.StringData(string(k))
	for i, kp := range t.kindPtrs {
		if kp == p && len(t.kindIDs[i]) == len(k) {
			return t.kinds[i]
		}
	}
	for i, kk := range t.kindIDs {
		if kk == k {
			return t.kinds[i]
		}
	}
	return int32(t.ev.value(k))
}

func (t *fastTree) inCheck() bool { return t.tactical != nil && t.tactical.InCheck() }

func (t *fastTree) givesCheck(m move) (check, known bool) {
	if t.checks == nil {
		return false, false
	}
	return t.checks.GivesCheck(games.SearchMove{Code: m.code}), true
}
func (t *fastTree) dice() bool { return t.rolls }

func (t *fastTree) canPass() bool     { return t.passer != nil }
func (t *fastTree) tellsDanger() bool { return t.tactical != nil }

func (t *fastTree) pushPass() bool {
	if t.passer == nil {
		return false
	}
	t.passer.PushPass()
	return true
}

func (t *fastTree) pieces() int {
	t.cnt = t.st.Counts(t.cnt[:0])
	me, nk, n := t.st.Player(), len(t.kinds), 0
	for s := 0; s < t.sides; s++ {
		if t.owner[s] != me {
			continue
		}
		for k, minor := range t.minor {
			if minor {
				n += t.cnt[s*nk+k]
			}
		}
	}
	return n
}

func (t *fastTree) expand(m move, probs []float64) []float64 {
	return t.st.Expand(games.SearchMove{Code: m.code}, probs)
}

func (t *fastTree) evaluate() int {
	t.cnt = t.st.Counts(t.cnt[:0])
	me := t.st.Player()
	score, nk := 0, len(t.kinds)
	for s := 0; s < t.sides; s++ {
		sum := 0
		for k, v := range t.kinds {
			sum += int(v) * t.cnt[s*nk+k]
		}
		switch t.owner[s] {
		case me:
			score += sum
		case games.NoPlayer:
		default:
			score -= sum
		}
	}
	return fadeToDraw(score+t.st.Positional(), t.clock)
}

// fadeToDraw shrinks a score as the fifty-move count runs, to half of it
// when the draw falls: the side ahead then gains by a capture or a pawn
// move (which restart the count) instead of shuffling until the rule
// draws a won game, and the side behind by holding out.
func fadeToDraw(score int, clock games.ProgressClock) int {
	if clock == nil {
		return score
	}
	plies, limit := clock.Clock()
	if plies <= 0 || limit <= 0 {
		return score
	}
	plies = min(plies, limit)
	return score * (2*limit - plies) / (2 * limit)
}
