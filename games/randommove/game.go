package randommove

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/games/chess"
)

// Game is Random Move Number Chess: a chess position plus who plays which
// colour, each player's throw history and the state of the current turn.
// Players are not colours: a third six in a row swaps them.
type Game struct {
	board *chess.Game
	setup string

	colour  [2]games.Side // colour[p] is the colour player p plays
	history [2][]int      // every throw of each player, colour throws included
	begun   bool          // the colour throws were made (Begin)
	given   bool          // the colours came decided in the position string
	plies   int           // single moves played in this game

	// turnsBegun counts turns started in this game: the first two (each
	// player's first move) are plain, without a throw.
	turnsBegun int
	// turnIndex numbers turns as players see them (1 = White's first turn
	// of the game's move 1), for MoveNumber.
	turnIndex int
	granted   int // moves this turn's throw granted (1 for a plain turn)
	movesLeft int

	// seen lists the chess positions judged at turn boundaries since the
	// last capture or pawn move, for threefold repetition. Clones share its
	// backing array, so it is only ever appended to or replaced, never
	// written in place (likewise history).
	seen    []string
	outcome games.Outcome
}

var _ games.Game = (*Game)(nil)
var _ games.Starter = (*Game)(nil)

// New starts a game from a position string (see position.go; "" = the
// normal start). From a plain FEN, Player 1 plays White until Begin throws
// for colours.
func New(setup string) (*Game, error) {
	fen, st, err := parsePosition(setup)
	if err != nil {
		return nil, fmt.Errorf("Random Move Number Chess position: %w", err)
	}
	board, err := chess.NewGame(fen)
	if err != nil {
		return nil, fmt.Errorf("Random Move Number Chess starts from a chess FEN such as %q, optionally followed by %s: %w",
			chess.StartFEN, positionFields, err)
	}
	g := &Game{
		board:      board,
		setup:      setup,
		colour:     [2]games.Side{games.White, games.Black},
		turnsBegun: 1,
		turnIndex:  firstTurnIndex(board.Position()),
		granted:    1,
		movesLeft:  1,
		outcome:    games.Ongoing,
	}
	if st != nil {
		g.load(st)
		return g, nil
	}
	if o := g.judge(false); o.Over {
		g.end(o)
	}
	return g, nil
}

// firstTurnIndex reads the FEN's move number and side to move.
func firstTurnIndex(fen string) int {
	f := strings.Fields(fen)
	move := 1
	if len(f) >= 6 {
		if n, err := strconv.Atoi(f[5]); err == nil && n > 0 {
			move = n
		}
	}
	idx := 2*(move-1) + 1
	if len(f) >= 2 && f[1] == "b" {
		idx++
	}
	return idx
}

// Begin makes the colour throws: Player 1 throws, then Player 2; a tie
// throws again; the higher throw plays White. Each pair is one EventDice
// (Dice = [Player 1's face, Player 2's face]). A game loaded from a
// position string with the colours decided throws nothing, unless its turn
// awaits its throw: then Begin throws that.
func (g *Game) Begin(d *games.Dice) ([]games.Event, error) {
	if d == nil {
		d = games.NewDice(nil) // rolling then reports the missing roller
	}
	if g.given && g.plies == 0 {
		if !g.throwDue() {
			return nil, nil
		}
		evs := g.turns(d, false)
		return evs, d.Err()
	}
	if g.begun {
		return nil, errors.New("the colours were already thrown for")
	}
	if g.plies > 0 {
		return nil, errors.New("colours are thrown before the first move, not after it")
	}
	var evs []games.Event
	for {
		a, b := d.Roll(6), d.Roll(6)
		if err := d.Err(); err != nil {
			return evs, err
		}
		g.history[games.Player1] = append(g.history[games.Player1], a)
		g.history[games.Player2] = append(g.history[games.Player2], b)
		pair := fmt.Sprintf("Player 1 throws `%d`, Player 2 throws `%d`", a, b)
		if a == b {
			evs = append(evs, games.Event{Kind: games.EventDice, Text: pair + ": a tie, both throw again",
				Player: games.NoPlayer, Side: games.NoSide, Dice: []int{a, b}})
			continue
		}
		white := games.Player1
		if b > a {
			white = games.Player2
		}
		g.colour[white], g.colour[white.Other()] = games.White, games.Black
		evs = append(evs, games.Event{Kind: games.EventDice, Text: fmt.Sprintf("%s: %s plays White", pair, white),
			Player: white, Side: games.White, Dice: []int{a, b}})
		g.begun = true
		return evs, nil
	}
}

// toAct is the player who plays the colour on move.
func (g *Game) toAct() games.Player {
	if g.colour[games.Player1] == g.board.SideToMove() {
		return games.Player1
	}
	return games.Player2
}

// who names a player with their colour, e.g. "Player 1 (White)".
func (g *Game) who(p games.Player) string { return fmt.Sprintf("%s (%s)", p, g.colour[p]) }

// Play makes one single move of the current turn. When the turn ends, the
// next turn starts inside this same Play, throw included, so the roll is
// stored with this ply and the next player sees their allowance at once.
func (g *Game) Play(m games.Move, d *games.Dice) ([]games.Event, error) {
	if g.outcome.Over {
		return nil, fmt.Errorf("the game is over (%s)", g.outcome.Reason)
	}
	if g.throwDue() {
		return nil, errors.New("this turn's throw is due: start the game (Begin) to throw it")
	}
	if d == nil {
		d = games.NewDice(nil)
	}
	mover, side := g.toAct(), g.board.SideToMove()
	evs, err := g.board.PlayMove(m)
	if err != nil {
		return nil, err
	}
	for i := range evs {
		evs[i].Player = mover
	}
	g.plies++
	g.movesLeft--
	switch {
	case g.board.InCheck():
		if g.movesLeft > 0 {
			evs = append(evs, games.Event{Kind: games.EventTurnPassed, Player: mover, Side: side,
				Text: fmt.Sprintf("The check ends %s's turn with %s unplayed", mover, plural(g.movesLeft, "granted move"))})
		}
	case g.movesLeft > 0:
		again := g.board.CloneGame()
		again.PassTurn()
		// Outcome, not LegalMoves: the same test (LegalMoves is empty
		// exactly when the chess position is over) without building labels.
		if !again.Outcome().Over {
			g.board = again
			return evs, nil
		}
		// No move for the mover: either none is legal, or the chess
		// position is already drawn (insufficient material, 100 moves),
		// which the judgement at the start of the next turn declares.
		if again.IsStalemate() {
			evs = append(evs, games.Event{Kind: games.EventTurnPassed, Player: mover, Side: side,
				Text: fmt.Sprintf("%s has no legal move left, so %s's turn ends with %s unplayed", side, mover, plural(g.movesLeft, "move"))})
		}
	}
	g.movesLeft = 0
	evs = append(evs, g.nextTurn(d)...)
	return evs, d.Err()
}

// nextTurn starts the turn of whoever plays the colour now on move: judge
// the position (mate, stalemate, draws), then, after the two plain first
// turns, throw for the player. A lost turn passes the move to the other
// colour and a switch of sides hands the same colour to the other player;
// either way the next turn starts here too, with its own throw.
func (g *Game) nextTurn(d *games.Dice) []games.Event { return g.turns(d, true) }

// turns begins turns until one holds moves or the game ends. begin false
// starts with the throw of a turn already begun and judged (a loaded
// position whose throw is due).
func (g *Game) turns(d *games.Dice, begin bool) []games.Event {
	var evs []games.Event
	changed := true // whether the chess position changed since it was last judged
	passed := false // whether it changed by a lost turn, not by a move
	for ; ; begin = true {
		if begin {
			g.turnIndex++
			g.turnsBegun++
			if changed {
				if o := g.judge(passed); o.Over {
					return append(evs, g.end(o))
				}
			}
			if g.turnsBegun <= 2 {
				g.granted, g.movesLeft = 1, 1
				return evs
			}
		}
		p, side := g.toAct(), g.board.SideToMove()
		face := d.Roll(6)
		if d.Err() != nil {
			return evs
		}
		g.history[p] = append(g.history[p], face)
		n := runLength(g.history[p])
		e := effectOf(face, n)
		forced := e.moves == 0 && !e.switchSides && g.board.InCheck()
		evs = append(evs, games.Event{Kind: games.EventDice, Player: p, Side: side, Dice: []int{face},
			Text: throwText(p, side, face, n, e, forced)})
		switch {
		case e.throwerLoses:
			return append(evs, g.end(games.Win(p.Other(), sixSixes)))
		case e.switchSides:
			g.colour[0], g.colour[1] = g.colour[1], g.colour[0]
			evs = append(evs, games.Event{Kind: games.EventSidesSwitched, Player: p, Side: side,
				Text: fmt.Sprintf("The players switch sides: %s now plays %s and %s plays %s; %s stays on move, played by %s",
					p, g.colour[p], p.Other(), g.colour[p.Other()], side, p.Other())})
			changed = false
		case forced:
			g.granted, g.movesLeft = 1, 1
			return evs
		case e.moves == 0:
			g.board.PassTurn()
			passed = true
			evs = append(evs, games.Event{Kind: games.EventTurnPassed, Player: p, Side: side,
				Text: fmt.Sprintf("%s loses the turn: %s is on move, played by %s", p, g.board.SideToMove(), p.Other())})
			changed = true
		default:
			g.granted, g.movesLeft = e.moves, e.moves
			return evs
		}
	}
}

// Reasons a game ends that code elsewhere in the package tells apart.
const (
	sixSixes   = "six sixes in a row"
	repetition = "threefold repetition"
	fiftyMoves = "fifty-move rule (100 single moves without a capture or pawn move)"
)

// judge decides the game at a turn boundary, counting the position for
// repetition. What the position shows comes first (mate, stalemate, the
// draws by material and by move count), so that a position string shows
// every ending but a repetition. passed says that the position changed
// by a lost turn since it was last judged, not by a move.
func (g *Game) judge(passed bool) games.Outcome {
	if g.board.HalfmoveClock() == 0 && !passed {
		// Nothing before a capture or pawn move can recur. A lost turn
		// leaves the count where it was: at 0 right after such a move, the
		// position judged then can still come back, so it stays counted.
		g.seen = nil
	}
	key := g.board.PositionKey()
	g.seen = append(g.seen, key)
	if o := g.judgeBoard(); o.Over {
		return o
	}
	if count(g.seen, key) >= 3 {
		return games.DrawBy(repetition)
	}
	return games.Ongoing
}

// judgeBoard is the judgement the chess position alone decides: mate,
// stalemate, insufficient material and the fifty-move rule.
func (g *Game) judgeBoard() games.Outcome {
	switch {
	case g.board.IsCheckmate():
		return games.Win(g.toAct().Other(), "checkmate")
	case g.board.IsStalemate():
		return games.DrawBy("stalemate")
	case g.board.InsufficientMaterial():
		return games.DrawBy("insufficient material")
	case g.board.HalfmoveClock() >= 100:
		return games.DrawBy(fiftyMoves)
	}
	return games.Ongoing
}

// end records the outcome and returns its event.
func (g *Game) end(o games.Outcome) games.Event {
	g.outcome = o
	g.movesLeft = 0
	return games.Event{Kind: games.EventGameOver, Player: o.Winner, Side: g.sideOf(o.Winner), Outcome: o, Text: g.outcomeText(o)}
}

func (g *Game) sideOf(p games.Player) games.Side {
	if p == games.NoPlayer {
		return games.NoSide
	}
	return g.colour[p]
}

func (g *Game) outcomeText(o games.Outcome) string {
	if o.Draw {
		return "Draw by " + o.Reason
	}
	return fmt.Sprintf("%s wins by %s", g.who(o.Winner), o.Reason)
}

func (g *Game) Variant() string { return ID }
func (g *Game) Setup() string   { return g.setup }

func (g *Game) Turn() games.Turn {
	p := g.toAct()
	return games.Turn{Player: p, Sides: []games.Side{g.colour[p]}, MovesLeft: g.movesLeft, MoveNumber: g.moveNumber()}
}

func (g *Game) moveNumber() int { return (g.turnIndex + 1) / 2 }

func (g *Game) Roles() [2]string {
	return [2]string{g.colour[games.Player1].String(), g.colour[games.Player2].String()}
}

func (g *Game) Outcome() games.Outcome { return g.outcome }

// LegalMoves lists the chess moves of the colour on move; none once the
// game is over, nor while the turn awaits its throw.
func (g *Game) LegalMoves() []games.Move {
	if g.outcome.Over || g.throwDue() {
		return nil
	}
	return g.board.LegalMoves()
}

func (g *Game) ParseMove(text string) (games.Move, error) {
	if g.outcome.Over {
		return games.Move{}, &games.MoveError{Input: text, Reason: "the game is over: " + g.outcomeText(g.outcome)}
	}
	return g.board.ParseMove(text)
}

func (g *Game) Clone() games.Game {
	c := *g
	c.board = g.board.CloneGame()
	// Capped slices share the backing arrays: the first append on either
	// side copies, so neither game sees the other's later throws. This
	// keeps the clone Apply makes for every replayed ply cheap.
	for p := range c.history {
		c.history[p] = g.history[p][:len(g.history[p]):len(g.history[p])]
	}
	c.seen = g.seen[:len(g.seen):len(g.seen)]
	return &c
}

// count is how many times key occurs in keys.
func count(keys []string, key string) int {
	n := 0
	for _, k := range keys {
		if k == key {
			n++
		}
	}
	return n
}

func ints(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(x)
	}
	return strings.Join(parts, ",")
}

// Perft is plain chess perft: chance is skipped and sides alternate.
// Mate and stalemate have no moves to count; a game lost by six sixes has
// ended too, so nothing is counted. Draws by repetition, move count or
// material are ignored, as usual for perft.
func (g *Game) Perft(depth int) uint64 {
	if depth > 0 && g.lostBySixes() {
		return 0
	}
	return g.board.Perft(depth)
}

func (g *Game) Divide(depth int) []games.MoveCount {
	if g.lostBySixes() {
		return nil
	}
	return g.board.Divide(depth)
}

func (g *Game) lostBySixes() bool { return g.outcome.Over && g.outcome.Reason == sixSixes }
