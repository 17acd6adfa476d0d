package chess

import (
	"fmt"
	"sort"

	"github.com/bermudachess/bermuda/games"
)

// Game is a game of orthodox chess: the position plus what the rules need
// beyond it (the positions seen since the last irreversible move, for
// threefold repetition) and the last move, for the view. White is always
// Player 1 here; Random Move Number Chess maps players itself.
type Game struct {
	pos   position
	setup string
	// history holds the keys of the positions since the last capture or
	// pawn move, the current one last. Only Play maintains it.
	history          []string
	lastFrom, lastTo int // -1 before the first move
}

var _ games.Game = (*Game)(nil)

// NewGame starts a game from a FEN; "" means StartFEN.
func NewGame(fen string) (*Game, error) {
	setup := fen
	if setup == "" {
		setup = StartFEN
	}
	pos, err := parseFEN(setup)
	if err != nil {
		return nil, err
	}
	g := &Game{pos: pos, setup: setup, lastFrom: -1, lastTo: -1}
	g.history = []string{pos.key()}
	return g, nil
}

func (g *Game) Variant() string  { return "chess" }
func (g *Game) Setup() string    { return g.setup }
func (g *Game) Position() string { return g.pos.fen() }
func (g *Game) Roles() [2]string { return [2]string{"White", "Black"} }

// SideToMove is the colour to move.
func (g *Game) SideToMove() games.Side { return games.Side(g.pos.stm) }

// InCheck reports whether the side to move is in check.
func (g *Game) InCheck() bool { return g.pos.inCheck() }

// HalfmoveClock counts plies since the last capture or pawn move.
func (g *Game) HalfmoveClock() int { return g.pos.halfmove }

// FullmoveNumber is the FEN move number: from 1, up after Black's move.
func (g *Game) FullmoveNumber() int { return g.pos.fullmove }

func (g *Game) Turn() games.Turn {
	return games.Turn{
		Player:     games.Player(g.pos.stm),
		Sides:      []games.Side{games.Side(g.pos.stm)},
		MovesLeft:  1,
		MoveNumber: g.pos.fullmove,
	}
}

// legal returns the legal moves sorted by their UCI text.
func (g *Game) legal() []move {
	var l moveList
	g.pos.generate(&l)
	out := append([]move(nil), l.moves[:l.n]...)
	sort.Slice(out, func(i, j int) bool { return out[i].uciOrder() < out[j].uciOrder() })
	return out
}

// uciOrder sorts moves as their UCI texts sort: from file, from rank, to
// file, to rank, then the promotion letter (b < n < q < r).
func (m move) uciOrder() int {
	from, to := m.from(), m.to()
	k := ((from%8*8+from/8)*8+to%8)*8 + to/8
	promo := 0
	if m.isPromotion() {
		promo = 1 + [4]int{1, 0, 3, 2}[m.kind()-movePromoN] // n, b, r, q
	}
	return k*5 + promo
}

func (g *Game) hasLegalMove() bool {
	var l moveList
	g.pos.generate(&l)
	return l.n > 0
}

// IsCheckmate: the side to move is in check and has no legal move.
func (g *Game) IsCheckmate() bool { return !g.hasLegalMove() && g.InCheck() }

// IsStalemate: the side to move is not in check and has no legal move.
func (g *Game) IsStalemate() bool { return !g.hasLegalMove() && !g.InCheck() }

// InsufficientMaterial reports the dead positions FIDE 5.2.2 names by
// material: king against king, king and one minor piece against king, and
// kings with bishops only, all on squares of one colour.
func (g *Game) InsufficientMaterial() bool {
	p := &g.pos
	if p.byKind[pawn]|p.byKind[rook]|p.byKind[queen] != 0 {
		return false
	}
	minors := p.byKind[knight] | p.byKind[bishop]
	if popCount(minors) <= 1 {
		return true
	}
	const darkSquares bitboard = 0xaa55aa55aa55aa55
	return p.byKind[knight] == 0 && (minors&darkSquares == 0 || minors&^darkSquares == 0)
}

// PositionKey identifies the position for repetition: board, side to move,
// castling rights and en passant (only when such a capture is legal).
func (g *Game) PositionKey() string { return g.pos.key() }
func (g *Game) Key() string         { return g.pos.key() }

func (g *Game) repetitions() int {
	key, n := g.history[len(g.history)-1], 0
	for _, k := range g.history {
		if k == key {
			n++
		}
	}
	return n
}

// Outcome judges the position: mate and stalemate first, then insufficient
// material, the fifty-move rule and threefold repetition, all applied
// automatically (the bot has no draw claims). The draws the FEN shows come
// before repetition, which needs the history, so that a FEN loads back
// with the same outcome.
func (g *Game) Outcome() games.Outcome {
	if !g.hasLegalMove() {
		if g.InCheck() {
			return games.Win(games.Player(g.pos.stm^1), "checkmate")
		}
		return games.DrawBy("stalemate")
	}
	switch {
	case g.InsufficientMaterial():
		return games.DrawBy("insufficient material")
	case g.pos.halfmove >= 100:
		return games.DrawBy("fifty-move rule")
	case g.repetitions() >= 3:
		return games.DrawBy("threefold repetition")
	}
	return games.Ongoing
}

// LegalMoves lists the legal moves sorted by UCI notation; empty once the
// game is over.
func (g *Game) LegalMoves() []games.Move {
	if g.Outcome().Over {
		return nil
	}
	return g.pos.describe(g.legal())
}

// ParseMove accepts UCI (e2e4, e7e8q) or SAN (Nf3, exd5, O-O, e8=Q+).
func (g *Game) ParseMove(text string) (games.Move, error) {
	return games.MatchMove(text, g.LegalMoves())
}

func (g *Game) find(m games.Move) (move, error) {
	if lm, ok := g.pos.lookupUCI(m.Notation); ok {
		return lm, nil
	}
	return 0, &games.MoveError{Input: m.Notation, Reason: "not a legal move in this position (moves are given in UCI, e.g. e2e4)"}
}

// PlayMove plays one legal move and says what happened (move, capture,
// promotion, check). It judges no game end and keeps no repetition
// history: Play does both for the "chess" variant.
func (g *Game) PlayMove(m games.Move) ([]games.Event, error) {
	mv, err := g.find(m)
	if err != nil {
		return nil, err
	}
	p := &g.pos
	us, them := p.stm, p.stm^1
	player, side, foe := games.Player(us), games.Side(us), games.Side(them)
	from, to := mv.from(), mv.to()
	pc := p.board[from]
	var evs []games.Event
	if mv.kind() == moveCastle {
		wing, rookFrom, rookTo := "kingside", to+1, to-1
		if to < from {
			wing, rookFrom, rookTo = "queenside", to-2, to+1
		}
		evs = append(evs, games.Event{Kind: games.EventMoved, Player: player, Side: side, Square: grid.Name(to),
			Text: fmt.Sprintf("%s castles %s: king %s→%s, rook %s→%s", side, wing, grid.Name(from), grid.Name(to), grid.Name(rookFrom), grid.Name(rookTo))})
	} else {
		evs = append(evs, games.Event{Kind: games.EventMoved, Player: player, Side: side, Square: grid.Name(to),
			Text: fmt.Sprintf("%s %s %s→%s", side.Possessive(), kindNames[pc.kind()], grid.Name(from), grid.Name(to))})
	}
	switch {
	case mv.kind() == moveEnPassant:
		capSq := to - 8
		if us == black {
			capSq = to + 8
		}
		evs = append(evs, games.Event{Kind: games.EventCaptured, Player: player, Side: foe, Square: grid.Name(capSq),
			Text: fmt.Sprintf("%s pawn takes %s pawn on %s en passant", side.Possessive(), foe.Possessive(), grid.Name(capSq))})
	case p.board[to] != 0:
		evs = append(evs, games.Event{Kind: games.EventCaptured, Player: player, Side: foe, Square: grid.Name(to),
			Text: fmt.Sprintf("%s %s takes %s %s on %s", side.Possessive(), kindNames[pc.kind()], foe.Possessive(), kindNames[p.board[to].kind()], grid.Name(to))})
	}
	if mv.isPromotion() {
		evs = append(evs, games.Event{Kind: games.EventPromoted, Player: player, Side: side, Square: grid.Name(to),
			Text: fmt.Sprintf("%s pawn on %s promotes to a %s", side.Possessive(), grid.Name(to), kindNames[mv.promotion()])})
	}
	p.play(mv)
	g.lastFrom, g.lastTo = from, to
	if p.inCheck() {
		ks := p.kingSquare(them)
		evs = append(evs, games.Event{Kind: games.EventCheck, Player: player, Side: foe, Square: grid.Name(ks),
			Text: fmt.Sprintf("%s king on %s is in check", foe.Possessive(), grid.Name(ks))})
	}
	return evs, nil
}

// Play is PlayMove plus the repetition history and the game-end judgement.
// Chess rolls no dice.
func (g *Game) Play(m games.Move, _ *games.Dice) ([]games.Event, error) {
	if o := g.Outcome(); o.Over {
		return nil, fmt.Errorf("the game is over (%s)", o.Reason)
	}
	evs, err := g.PlayMove(m)
	if err != nil {
		return nil, err
	}
	key := g.pos.key()
	if g.pos.halfmove == 0 {
		g.history = g.history[:0] // nothing before a capture or pawn move can recur
	}
	g.history = append(g.history, key)
	if o := g.Outcome(); o.Over {
		evs = append(evs, games.Event{Kind: games.EventGameOver, Player: games.Player(g.pos.stm ^ 1), Side: games.NoSide,
			Outcome: o, Text: describeOutcome(o)})
	}
	return evs, nil
}

func describeOutcome(o games.Outcome) string {
	if o.Draw {
		return "Draw by " + o.Reason
	}
	return fmt.Sprintf("%s wins by %s", games.Side(o.Winner), o.Reason)
}

// PassTurn is a null move: the other side is to move and en passant
// lapses; counters and history are untouched. Callers must not pass while
// the side to move is in check.
func (g *Game) PassTurn() { g.pos.passTurn() }

// CloneGame is a deep copy with the concrete type.
func (g *Game) CloneGame() *Game {
	c := *g
	// Room for the key Play appends, so the copy is the only allocation.
	c.history = append(make([]string, 0, len(g.history)+1), g.history...)
	return &c
}

func (g *Game) Clone() games.Game { return g.CloneGame() }

func (g *Game) Diagram() string {
	cells := make([]byte, 64)
	for sq, pc := range g.pos.board {
		if pc != 0 {
			cells[sq] = pc.letter()
		}
	}
	return grid.Diagram(cells)
}

// Perft counts leaves to depth (repetition and move-count draws ignored).
func (g *Game) Perft(depth int) uint64 {
	p := g.pos
	return p.perft(depth)
}

// Divide gives the perft count below each legal move, in UCI order.
func (g *Game) Divide(depth int) []games.MoveCount {
	if depth < 1 {
		return nil
	}
	var out []games.MoveCount
	for _, m := range g.legal() {
		child := g.pos
		child.play(m)
		out = append(out, games.MoveCount{Move: m.uci(), Nodes: child.perft(depth - 1)})
	}
	return out
}
