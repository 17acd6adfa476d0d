package angle

import (
	"fmt"
	"strings"

	"github.com/bermudachess/bermuda/games"
)

// Game is a game of The Bermuda Chess Angle: the position, the keys of
// every position so far (for threefold repetition), the outcome and what
// the last move did (for the picture).
type Game struct {
	setup   string
	pos     position
	keys    []string
	outcome games.Outcome
	last    lastMove
}

// lastMove is what the view highlights after a move.
type lastMove struct {
	from, to int   // mailbox squares; 0 before the first move
	path     []int // squares crossed, and the rook's squares when castling
	ghosts   []ghost
	dice     int // the square the dice named, 0 if no roll
	faces    [2]int
}

// ghost is a piece that vanished on sq during the last move.
type ghost struct {
	sq    int
	piece uint8
}

var _ games.Game = (*Game)(nil)

// New builds a game from a FEN ("" = the start position).
func New(setup string) (*Game, error) {
	text := setup
	if strings.TrimSpace(text) == "" {
		text = StartSetup
	}
	p, err := parseFEN(text)
	if err != nil {
		return nil, err
	}
	g := &Game{setup: setup, pos: p}
	g.keys = []string{p.key()}
	g.outcome = g.judge()
	return g, nil
}

func (g *Game) Variant() string  { return "angle" }
func (g *Game) Setup() string    { return g.setup }
func (g *Game) Position() string { return g.pos.fen() }
func (g *Game) Key() string      { return g.keys[len(g.keys)-1] }
func (g *Game) Roles() [2]string { return [2]string{"White", "Black"} }

func (g *Game) Outcome() games.Outcome { return g.outcome }

func (g *Game) Turn() games.Turn {
	return games.Turn{
		Player:     games.Player(g.pos.side),
		Sides:      []games.Side{games.Side(g.pos.side)},
		MovesLeft:  1,
		MoveNumber: g.pos.fullmove,
	}
}

func (g *Game) Clone() games.Game {
	c := *g
	// Room for the key Play appends, so the copy is the only allocation.
	c.keys = append(make([]string, 0, len(g.keys)+1), g.keys...)
	c.last.path = append([]int(nil), g.last.path...)
	c.last.ghosts = append([]ghost(nil), g.last.ghosts...)
	return &c
}

func (g *Game) LegalMoves() []games.Move {
	if g.outcome.Over {
		return nil
	}
	return describe(&g.pos, g.pos.generate(nil))
}

func (g *Game) ParseMove(text string) (games.Move, error) {
	return games.MatchMove(text, g.LegalMoves())
}

// kingSquare returns the square of side's king, 0 if it has none.
func (p *position) kingSquare(side uint8) int {
	k := king | side<<3
	for _, sq := range playable {
		if p.board[sq] == k {
			return sq
		}
	}
	return 0
}

// kingLost reports whether a side has no king: the game is over.
func (p *position) kingLost() bool { return p.kingSquare(0) == 0 || p.kingSquare(1) == 0 }

// judge decides the outcome of the current position. Everything but
// threefold repetition is read from the position alone, so a finished
// game's position string loads back to the same outcome; how a king was
// lost is told by the move's events, not here.
func (g *Game) judge() games.Outcome {
	var missing [2]bool
	for side := range missing {
		missing[side] = g.pos.kingSquare(uint8(side)) == 0
	}
	switch {
	case missing[0] && missing[1]:
		return games.DrawBy("both kings are gone")
	case missing[0] || missing[1]:
		loser := 0
		if missing[1] {
			loser = 1
		}
		return games.Win(games.Player(1-loser), sideNames[loser]+" has no King left")
	case !g.pos.hasMove():
		return games.DrawBy(sideNames[g.pos.side] + " has no legal move")
	}
	n := 0
	for _, k := range g.keys {
		if k == g.Key() {
			n++
		}
	}
	switch {
	case n >= 3:
		return games.DrawBy("threefold repetition")
	case g.pos.halfmove >= 100:
		return games.DrawBy("fifty-move rule")
	}
	return games.Ongoing
}

// Play makes m, then the mover's BCAF, then judges the result.
func (g *Game) Play(gm games.Move, dice *games.Dice) ([]games.Event, error) {
	if g.outcome.Over {
		return nil, fmt.Errorf("the game is over (%s)", g.outcome.Reason)
	}
	m, found := g.pos.byNotation(gm.Notation)
	if !found {
		return nil, &games.MoveError{Input: gm.Notation, Reason: "no legal move matches",
			Suggestions: games.Suggest(gm.Notation, g.LegalMoves(), 5)}
	}
	side := g.pos.side
	player := games.Player(side)
	own := games.Side(side)
	var evs []games.Event
	add := func(kind games.EventKind, s games.Side, sq int, text string) {
		e := games.Event{Kind: kind, Text: text, Player: player, Side: s}
		if sq != 0 {
			e.Square = squareName(sq)
		}
		evs = append(evs, e)
	}

	moved := sideNames[side] + "'s " + label(&g.pos, m)
	if m.flag == flagCastleKingside || m.flag == flagCastleQueenside {
		moved = sideNames[side] + " castled " + strings.TrimPrefix(label(&g.pos, m), "castle ")
	}
	if i := strings.Index(moved, " takes "); i >= 0 {
		moved = moved[:i] // the capture has its own event
	}
	add(games.EventMoved, own, int(m.to), moved)
	var gone [2]string
	if v := captured(&g.pos, m); v != empty {
		at := int(m.to)
		if m.flag == flagEnPassant {
			at = epVictim(at, side)
		}
		add(games.EventCaptured, games.Side(colorOf(v)), at, fmt.Sprintf("%s's %s took %s's %s on %s",
			sideNames[side], kindName(g.pos.board[m.from]), sideNames[colorOf(v)], kindName(v), squareName(at)))
		if v&kindMask == king {
			gone[colorOf(v)] = "was captured"
		}
	}
	if m.promo != 0 {
		add(games.EventPromoted, own, int(m.to), fmt.Sprintf("%s's Pawn promoted to a %s on %s",
			sideNames[side], kindNames[m.promo], squareName(int(m.to))))
	}

	ms := movers(&g.pos, m)
	g.pos.make(m)
	g.last = lastMove{from: int(m.from), to: int(m.to), path: markedPath(ms, m)}

	if why := triggerReason(&g.pos, ms); why != "" {
		file, rank := dice.Roll(6), dice.Roll(6)
		if err := dice.Err(); err != nil {
			return nil, err
		}
		sq := mail(file+1, rank+1) // 1 → c (file 2), 1 → rank 3 (index 2)
		vs := g.pos.vanish(sq, ms)
		ev := games.Event{Kind: games.EventDice, Player: player, Side: own, Square: squareName(sq),
			Dice: []int{file, rank}, Text: diceText(file, rank, sq, vs, why)}
		evs = append(evs, ev)
		g.last.dice, g.last.faces = sq, [2]int{file, rank}
		if len(vs) > 0 {
			g.pos.halfmove = 0 // a vanishing restarts the fifty-move count
		}
		for _, v := range vs {
			g.last.ghosts = append(g.last.ghosts, ghost{v.at, v.piece})
			add(games.EventVanished, games.Side(colorOf(v.piece)), v.at, fmt.Sprintf("%s's %s on %s vanished into the Angle",
				sideNames[colorOf(v.piece)], kindName(v.piece), squareName(v.at)))
			if v.piece&kindMask == king && gone[colorOf(v.piece)] == "" {
				gone[colorOf(v.piece)] = "vanished into the Angle"
			}
		}
	}

	g.keys = append(g.keys, g.pos.key())
	g.outcome = g.judge()
	if g.outcome.Over {
		evs = append(evs, games.Event{Kind: games.EventGameOver, Player: player, Side: games.NoSide,
			Outcome: g.outcome, Text: describeOutcome(g.outcome, gone)})
		return evs, nil
	}
	for _, s := range []uint8{side ^ 1, side} {
		if k := g.pos.kingSquare(s); k != 0 && g.pos.attacked(k, s^1) {
			add(games.EventCheck, games.Side(s), k, fmt.Sprintf("%s's King on %s is attacked: %s could capture it next move",
				sideNames[s], squareName(k), sideNames[s^1]))
		}
	}
	return evs, nil
}

// describeOutcome is the game-over event's text. gone[side] says how that
// side lost its king this move, if it did, which the event tells although
// the outcome (read from the position) cannot.
func describeOutcome(o games.Outcome, gone [2]string) string {
	if o.Draw {
		return "Game over: draw (" + o.Reason + ")"
	}
	loser := 1 - int(o.Winner)
	if how := gone[loser]; how != "" {
		return fmt.Sprintf("Game over: %s wins (%s's King %s)", sideNames[o.Winner], sideNames[loser], how)
	}
	return fmt.Sprintf("Game over: %s wins (%s)", sideNames[o.Winner], o.Reason)
}

// Perft counts leaves with chance skipped (no BCAF) and the side to move
// alternating. A position without a king is a finished game: nothing is
// counted below it. Repetition and the fifty-move rule are ignored, as
// usual for perft.
func (g *Game) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if g.pos.kingLost() {
		return 0
	}
	return newPerfter(g.pos, depth).count(depth)
}

// Divide lists each first move with the leaves below it; depth < 1 has no
// first moves to list, nor has a finished game.
func (g *Game) Divide(depth int) []games.MoveCount {
	if depth < 1 || g.pos.kingLost() {
		return nil
	}
	pf := newPerfter(g.pos, depth)
	var out []games.MoveCount
	for _, m := range g.pos.generate(nil) {
		n := uint64(1)
		switch {
		case depth == 1:
		case pf.pos.board[m.to]&kindMask == king:
			n = 0 // the move takes a king: the game ends there
		default:
			u := pf.pos.make(m)
			n = pf.count(depth - 1)
			pf.pos.unmake(m, u)
		}
		out = append(out, games.MoveCount{Move: notation(m), Nodes: n})
	}
	return out
}
