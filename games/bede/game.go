package bede

import (
	"fmt"
	"strings"

	"github.com/bermudachess/bermuda/games"
)

// game is a Bede Chess game: the position, the keys of every position so
// far (for threefold repetition), the last move (for the view) and the
// outcome, decided after every move.
type game struct {
	setup   string
	pos     position
	history []string
	last    *lastMove
	outcome games.Outcome
}

type lastMove struct{ from, to int }

func newGame(setup string) (*game, error) {
	text := setup
	if strings.TrimSpace(text) == "" {
		text = StartSetup
	}
	p, err := parsePosition(text)
	if err != nil {
		return nil, err
	}
	g := &game{setup: setup, pos: *p, history: []string{p.key()}}
	g.outcome = g.judge()
	return g, nil
}

func (g *game) Variant() string  { return "bede" }
func (g *game) Setup() string    { return g.setup }
func (g *game) Position() string { return g.pos.String() }
func (g *game) Key() string      { return g.pos.key() }
func (g *game) Roles() [2]string { return [2]string{"White", "Black"} }

func (g *game) Outcome() games.Outcome { return g.outcome }

func (g *game) Turn() games.Turn {
	return games.Turn{
		Player:     games.Player(g.pos.side),
		Sides:      []games.Side{games.Side(g.pos.side)},
		MovesLeft:  1,
		MoveNumber: g.pos.fullmove,
	}
}

func (g *game) Clone() games.Game {
	c := *g
	// Room for the key Play appends, so the copy is the only allocation.
	c.history = append(make([]string, 0, len(g.history)+1), g.history...)
	if g.last != nil {
		l := *g.last
		c.last = &l
	}
	return &c
}

// judge decides the outcome of the current position.
func (g *game) judge() games.Outcome {
	p := &g.pos
	if !p.hasLegalMove() {
		if p.inCheck() {
			return games.Win(games.Player(1-p.side), "checkmate")
		}
		return games.DrawBy("stalemate")
	}
	// The fifty-move rule first: the position string holds its clock, so a
	// string loads back with the same outcome; repetition needs the history.
	if p.clock >= 100 {
		return games.DrawBy("fifty-move rule: 50 moves each without a capture or a pawn or squire move")
	}
	key, seen := g.history[len(g.history)-1], 0 // the current position's key
	for _, k := range g.history {
		if k == key {
			seen++
		}
	}
	if seen >= 3 {
		return games.DrawBy("threefold repetition")
	}
	return games.Ongoing
}

func (g *game) LegalMoves() []games.Move {
	if g.outcome.Over {
		return nil
	}
	ms := g.pos.legalMoves(nil)
	out := make([]games.Move, len(ms))
	for i, m := range ms {
		out[i] = g.describe(m)
	}
	return out
}

func (g *game) ParseMove(text string) (games.Move, error) {
	if g.outcome.Over {
		return games.Move{}, &games.MoveError{Input: text, Reason: "the game is over (" + g.outcome.Reason + ")"}
	}
	return games.MatchMove(text, g.LegalMoves())
}

func notation(m move) string {
	s := grid.Name(m.from()) + grid.Name(m.to())
	if m.promote() {
		s += "=B"
	}
	return s
}

func capitalized(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// moverName says what moves: "squire", or "Jester (as queen)".
func (g *game) moverName(m move) string {
	k := kindOf(g.pos.board[m.from()])
	if k == jester {
		return "Jester (as " + kindNames[g.pos.copies] + ")"
	}
	return kindNames[k]
}

// describe builds the core's view of internal move m in the current position.
func (g *game) describe(m move) games.Move {
	from, to := grid.Name(m.from()), grid.Name(m.to())
	label := capitalized(g.moverName(m)) + " " + from + "→" + to
	if t := g.pos.board[m.to()]; t != 0 {
		own := ""
		if sideOf(t) == g.pos.side {
			own = "own "
		}
		label += " takes " + own + kindNames[kindOf(t)]
	}
	mv := games.Move{Notation: notation(m), Label: label, Side: games.Side(g.pos.side), From: from, To: to}
	if m.promote() {
		mv.Label += " and becomes a Bede"
		mv.Aliases = []string{from + to, from + to + "B"}
	}
	return mv
}

func (g *game) find(text string) (move, bool) { return g.pos.byNotation(text) }

const escalationNote = " Escalation: from now on pieces may also move backwards."

func (g *game) Play(mv games.Move, _ *games.Dice) ([]games.Event, error) {
	if g.outcome.Over {
		return nil, fmt.Errorf("the game is over (%s)", g.outcome.Reason)
	}
	m, ok := g.find(mv.Notation)
	if !ok {
		return nil, &games.MoveError{Input: mv.Notation, Reason: "not a legal move in this position", Suggestions: games.Suggest(mv.Notation, g.LegalMoves(), 5)}
	}
	side := g.pos.side
	player := games.Player(side)
	who := sideNames[side] + "'s "
	mover := g.moverName(m)
	from, to := grid.Name(m.from()), grid.Name(m.to())
	wasEscalated := g.pos.escalated

	taken, moved := g.pos.play(m)
	g.last = &lastMove{from: m.from(), to: m.to()}
	if taken != 0 || moved == pawn || moved == squire || g.pos.escalated != wasEscalated {
		// Irreversible: no earlier position can come back.
		g.history = g.history[:0]
	}
	g.history = append(g.history, g.pos.key())

	evs := []games.Event{{Kind: games.EventMoved, Text: who + mover + " " + from + "→" + to, Player: player, Side: games.Side(side), Square: to}}
	escalatedNow := g.pos.escalated && !wasEscalated
	if taken != 0 {
		victim := sideNames[sideOf(taken)] + "'s " + kindNames[kindOf(taken)]
		if sideOf(taken) == side {
			victim = sideNames[side] + "'s own " + kindNames[kindOf(taken)]
		}
		text := victim + " on " + to + " is taken."
		if escalatedNow && kindOf(taken) != pawn {
			text += escalationNote
			escalatedNow = false
		}
		evs = append(evs, games.Event{Kind: games.EventCaptured, Text: text, Player: player, Side: games.Side(sideOf(taken)), Square: to})
	}
	if m.promote() {
		evs = append(evs, games.Event{Kind: games.EventPromoted, Text: who + kindNames[moved] + " on " + to + " becomes a Bede.", Player: player, Side: games.Side(side), Square: to})
	}
	if g.pos.inCheck() {
		text := sideNames[g.pos.side] + "'s king on " + grid.Name(int(g.pos.kings[g.pos.side])) + " is in check."
		if escalatedNow {
			text += escalationNote
		}
		evs = append(evs, games.Event{Kind: games.EventCheck, Text: text, Player: player.Other(), Side: games.Side(g.pos.side), Square: grid.Name(int(g.pos.kings[g.pos.side]))})
	}
	g.outcome = g.judge()
	if g.outcome.Over {
		evs = append(evs, games.Event{Kind: games.EventGameOver, Text: outcomeText(g.outcome), Player: player, Side: games.NoSide, Outcome: g.outcome})
	}
	return evs, nil
}

func outcomeText(o games.Outcome) string {
	if o.Draw {
		return "The game is drawn by " + o.Reason + "."
	}
	return fmt.Sprintf("%s wins by %s.", capitalized(sideNames[o.Winner]), o.Reason)
}

func (g *game) Diagram() string {
	cells := make([]byte, squares)
	for sq, pc := range g.pos.board {
		if pc != 0 {
			cells[sq] = pieceLetter(pc)
		}
	}
	return grid.Diagram(cells) + g.status() + "\n"
}

// status is one line on escalation and on what the Jester of the side to
// move copies (if it has one).
func (g *game) status() string {
	esc := "no escalation yet: no piece may end a move behind its start rank"
	if g.pos.escalated {
		esc = "escalated: pieces may move backwards"
	}
	out := capitalized(esc)
	hasJester := false
	for _, pc := range g.pos.board {
		hasJester = hasJester || pc == pieceOf(jester, g.pos.side)
	}
	switch {
	case !hasJester:
	case g.pos.copies == noKind:
		out += "; " + sideNames[g.pos.side] + "'s Jester cannot move yet"
	default:
		out += "; " + sideNames[g.pos.side] + "'s Jester moves as a " + kindNames[g.pos.copies]
	}
	return out
}

func (g *game) View() games.View {
	flipped := g.pos.side == 1
	cells, labels := grid.Cells(games.Point{}, flipped, nil)
	v := games.View{Variant: "Bede Chess", MoveNumber: g.pos.fullmove, Cells: cells, Labels: labels, Status: g.status()}
	if g.outcome.Over {
		v.ToAct = "Game over — " + strings.TrimSuffix(outcomeText(g.outcome), ".")
	} else {
		v.ToAct = sideNames[g.pos.side] + " to move"
	}
	for sq, pc := range g.pos.board {
		if pc != 0 {
			v.Pieces = append(v.Pieces, games.PieceView{Cell: sq, Kind: pieceKinds[kindOf(pc)], Side: games.Side(sideOf(pc))})
		}
	}
	if g.last != nil {
		v.Marks = append(v.Marks, games.Mark{Cell: g.last.from, Kind: games.MarkFrom}, games.Mark{Cell: g.last.to, Kind: games.MarkTo})
	}
	if g.pos.inCheck() {
		v.Marks = append(v.Marks, games.Mark{Cell: int(g.pos.kings[g.pos.side]), Kind: games.MarkAttackedKing})
	}
	return v
}

func (g *game) Perft(depth int) uint64 {
	if depth < 0 {
		return 0
	}
	p := g.pos
	return p.perft(depth, perftBuffers(depth))
}

func (g *game) Divide(depth int) []games.MoveCount {
	if depth < 1 {
		return nil
	}
	bufs := perftBuffers(depth)
	var out []games.MoveCount
	for _, m := range g.pos.legalMoves(nil) {
		child := g.pos
		child.play(m)
		out = append(out, games.MoveCount{Move: notation(m), Nodes: child.perft(depth-1, bufs)})
	}
	return out
}
