package bermuda

import (
	"fmt"
	"strings"

	"github.com/bermudachess/bermuda/games"
)

// game implements games.Game.
type game struct {
	setup string
	pos   position
	// keys are the repetition keys of the positions since the last capture
	// or pawn move (nothing before one can recur), the current one last.
	// Play replaces the slice rather than writing into it, so clones may
	// share it.
	keys    []string
	outcome games.Outcome
	// last is the previous move and what it did, for the picture; from < 0
	// before the first move.
	last struct {
		from, to int
		fx       effects
	}
}

func newGame(setup string) (*game, error) {
	s := setup
	if strings.TrimSpace(s) == "" {
		s = StartSetup
	}
	pos, err := parsePosition(s)
	if err != nil {
		return nil, err
	}
	g := &game{setup: setup, pos: pos, keys: []string{pos.key()}}
	g.last.from, g.last.to = -1, -1
	g.outcome = g.judge()
	return g, nil
}

func (g *game) Variant() string  { return "bermuda" }
func (g *game) Setup() string    { return g.setup }
func (g *game) Position() string { return g.pos.String() }
func (g *game) Key() string      { return g.keys[len(g.keys)-1] }
func (g *game) Roles() [2]string { return [2]string{"White", "Black"} }

func (g *game) Clone() games.Game {
	c := *g // position and last move are plain values
	// A capped slice: the clone's first append copies, so neither game
	// sees the other's later positions.
	c.keys = g.keys[:len(g.keys):len(g.keys)]
	return &c
}

func (g *game) Turn() games.Turn {
	return games.Turn{
		Player:     games.Player(g.pos.toMove),
		Sides:      []games.Side{games.Side(g.pos.toMove)},
		MovesLeft:  1,
		MoveNumber: g.pos.fullmove,
	}
}

func (g *game) Outcome() games.Outcome { return g.outcome }

// judge decides the game after every ply. Rule 4: a side with no king
// left, or with no legal move, loses. A single move removes at most one
// piece from the game, so at most one side can run out of kings at a time
// (a falling victim may even crush its capturer's own last king). Then the
// draws FIDE has without check, both automatic: threefold repetition and
// the fifty-move rule (a hundred plies with no capture and no pawn move on
// either board). A loss on the hundredth ply is still a loss.
func (g *game) judge() games.Outcome {
	for c := 0; c < 2; c++ {
		if g.pos.kingsOf(c) == 0 {
			return games.Win(games.Player(1-c), colorName(c)+" has no king left")
		}
	}
	if !g.pos.hasMove() {
		c := g.pos.toMove
		return games.Win(games.Player(1-c), colorName(c)+" has no legal move")
	}
	key, seen := g.Key(), 0
	for _, k := range g.keys {
		if k == key {
			seen++
		}
	}
	switch {
	case seen >= 3:
		return games.DrawBy("threefold repetition")
	case g.pos.halfmove >= 100:
		return games.DrawBy("fifty-move rule")
	}
	return games.Ongoing
}

// LegalMoves lists the moves of the side to move; none once the game is
// over.
func (g *game) LegalMoves() []games.Move {
	if g.outcome.Over {
		return nil
	}
	ms := g.pos.generate(nil)
	out := make([]games.Move, len(ms))
	for i, m := range ms {
		out[i] = g.describe(m)
	}
	return out
}

func (g *game) ParseMove(text string) (games.Move, error) {
	return games.MatchMove(text, g.LegalMoves())
}

func (g *game) find(notation string) (move, bool) { return g.pos.byNotation(notation) }

func (g *game) Play(gm games.Move, _ *games.Dice) ([]games.Event, error) {
	if g.outcome.Over {
		return nil, fmt.Errorf("the game is over (%s)", g.outcome.Reason)
	}
	m, ok := g.find(gm.Notation)
	if !ok {
		return nil, fmt.Errorf("%q is not a legal move in this position", gm.Notation)
	}
	player := games.Player(g.pos.toMove)
	fx := noEffects()
	g.pos.play(m, &fx)
	g.last.from, g.last.to, g.last.fx = int(m.from), int(m.to), fx
	evs := moveEvents(m, fx, player)
	for _, sq := range g.attackedKings(g.pos.toMove) {
		evs = append(evs, games.Event{Kind: games.EventCheck, Player: player, Side: games.Side(g.pos.toMove), Square: squareName(sq),
			Text: fmt.Sprintf("%s king on %s is attacked", possessive(g.pos.toMove), squareName(sq))})
	}
	if g.pos.halfmove == 0 {
		g.keys = nil // nothing before a capture or pawn move can recur
	}
	g.keys = append(g.keys, g.pos.key())
	g.outcome = g.judge()
	if o := g.outcome; o.Over {
		text := "Game over: draw — " + o.Reason
		if !o.Draw {
			text = fmt.Sprintf("Game over: %s wins — %s", colorName(int(o.Winner)), o.Reason)
		}
		evs = append(evs, games.Event{Kind: games.EventGameOver, Player: player, Side: games.NoSide, Outcome: o, Text: text})
	}
	return evs, nil
}

// attackedKings lists the squares of c's kings that the other side could
// capture, or remove from the game, if it were to move now (information
// only: there is no check rule).
func (g *game) attackedKings(c int) []int {
	probe := g.pos
	probe.toMove = 1 - c
	probe.ep = -1
	var kings []int
	for sq, p := range probe.sq {
		if p == colored(king, c) {
			kings = append(kings, sq)
		}
	}
	if len(kings) == 0 {
		return nil
	}
	// Each reply that could touch a king's square is played once and
	// checked against every king. Besides its own from square, a move
	// changes only its target, the square under or over the target (a
	// falling victim, a climber), and for en passant or castling a few
	// more: those two kinds are always played.
	hits, left := make([]bool, len(kings)), len(kings)
	var buf [256]move
	for _, m := range probe.generate(buf[:0]) {
		if m.kind != enPassant && m.kind != castling && !touchesAny(m, kings) {
			continue
		}
		after := probe
		after.play(m, nil)
		for i, sq := range kings {
			if !hits[i] && after.sq[sq] != colored(king, c) {
				hits[i] = true
				left--
			}
		}
		if left == 0 {
			break
		}
	}
	var hit []int
	for i, sq := range kings {
		if hits[i] {
			hit = append(hit, sq)
		}
	}
	return hit
}

func (g *game) Perft(depth int) uint64 {
	if depth < 0 {
		return 0
	}
	return g.pos.perft(depth, perftBuffers(depth))
}

func (g *game) Divide(depth int) []games.MoveCount {
	if depth < 1 {
		return nil
	}
	bufs := perftBuffers(depth)
	var out []games.MoveCount
	for _, m := range g.pos.generate(nil) {
		child := g.pos
		child.play(m, nil)
		out = append(out, games.MoveCount{Move: notationOf(m), Nodes: child.perft(depth-1, bufs)})
	}
	return out
}
