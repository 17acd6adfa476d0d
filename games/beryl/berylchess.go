package beryl

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bermudachess/bermuda/games"
)

// bcStart is the Beryl Chess start (reconstructed, RULES.md §4): White and
// Black on their lobes as in spIndecision, Red's lobe empty, and of each
// undecided pair the king on the cell farther from the opponent's home
// corner (White 17 rather than 35, Black 20 rather than 36).
const bcStart = "W:P16,K17,P22,N25,R28,N29,P34,B35,P38 B:K20,P21,P24,N27,N32,R33,B36,P37,P39 w 0 1"

const bcRules = `Chess for two on a 39-cell triangle: White (bottom left) against Black (bottom right); White moves first. The cells are numbered 1–39 and moves are written ` + "`28-33`, `28x33`" + `, promotions ` + "`7-1=R`" + `.
**Pieces.** Rook: slides round the ring of cells about either end of its cell's base edge (never past a piece, never back to its own cell). Bishop: slides along a line by reflecting its cell through an end of its base; on an edge cell it has no move. King: first cell of any rook or bishop line. Knight: a rook step and a bishop step (either order), leaping; 8 targets at most. Pawn: steps to a neighbouring cell farther from its home corner, captures one bishop step farther; on the 4 cells farthest from home it promotes to a rook, knight or bishop.
**Special rule.** A pawn may be captured only while another of the capturer's pieces also attacks it.
**End.** Checkmate wins, as in chess. Draws, automatic: stalemate, the same position for the third time (same pieces on the same cells, same side to move), and 50 moves by each side without a capture or a pawn move. There is no castling and no en passant.
*The source's figures are lost: the board's layout and this setup are reconstructed from its text.*`

func init() {
	games.Register(games.Variant{
		ID:                "beryl",
		Name:              "Beryl Chess",
		Summary:           "Chess for two on a 39-cell triangle with ring-sliding rooks, and pawns that need two attackers to fall.",
		Rules:             bcRules,
		Author:            "Alexandre Muñiz",
		Year:              1998,
		Source:            "“Beryl Chess”, The Chess Variant Pages (39-square contest)",
		SourceURL:         "http://www.chessvariants.com/39.dir/beryl.html",
		Reconstructed:     true,
		ReconstructedNote: "The board's layout and the start position were figures in the source and are lost; both are reconstructed (our ruling; see the rules page).",
		Sides:             []games.Side{games.White, games.Black},
		StartSetup:        bcStart,
		New:               func(setup string) (games.Game, error) { return newBerylChess(setup) },
	})
}

// bcState is the rules state of Beryl Chess.
type bcState struct {
	cells  layout
	toMove int // white or black
	moveNo int
	clock  int // plies since the last capture or pawn move
	kings  [2]int8
}

// bcGame is a game of Beryl Chess: the state, the positions since the last
// irreversible move (for repetition) and the last move, for the view.
type bcGame struct {
	bcState
	setup            string
	seen             history
	lastFrom, lastTo int
}

func newBerylChess(setup string) (*bcGame, error) {
	if strings.TrimSpace(setup) == "" {
		setup = bcStart
	}
	const want = "want two army fields (W:… B:…), the side to move (w or b), the fifty-move clock and the move number"
	f := strings.Fields(setup)
	if armies := strings.Count(setup, ":"); armies != 2 {
		return nil, fmt.Errorf("Beryl Chess has two armies, W and B, but the position lists %d: %s", armies, want)
	}
	if len(f) == 4 { // written before the clock was added: count from 0
		f = []string{f[0], f[1], f[2], "0", f[3]}
	}
	if len(f) != 5 {
		return nil, fmt.Errorf("Beryl Chess position has %d fields: %s", len(f), want)
	}
	l, err := parseArmies(f[:2], 2, false)
	if err != nil {
		return nil, err
	}
	s := bcState{cells: l}
	switch f[2] {
	case "w", "W":
		s.toMove = white
	case "b", "B":
		s.toMove = black
	default:
		return nil, fmt.Errorf("side to move %q: want w or b", f[2])
	}
	if s.clock, err = parseClock(f[3]); err != nil {
		return nil, err
	}
	if s.moveNo, err = parseMoveNumber(f[4]); err != nil {
		return nil, err
	}
	for a := 0; a < 2; a++ {
		if n := l.countArmy(a, king); n != 1 {
			return nil, fmt.Errorf("army %c has %d kings: each side has exactly one", armyLetter[a], n)
		}
		s.kings[a] = int8(l.find(mkPiece(a, king)))
	}
	if s.inCheck(1 - s.toMove) {
		return nil, fmt.Errorf("the side not to move (%s) is in check: that cannot arise in play", games.Side(1-s.toMove))
	}
	g := &bcGame{bcState: s, setup: setup, lastFrom: -1, lastTo: -1}
	g.seen = history{g.repKey()}
	return g, nil
}

func (s *bcState) repKey() repKey {
	return repKey{cells: s.cells, toAct: int8(s.toMove), barred: -1}
}

func (s *bcState) inCheck(side int) bool {
	return s.cells.attackedBy(int(s.kings[side]), 1-side, -1)
}

// generate appends the legal moves: pseudo-legal moves that leave the own
// king unattacked, pawn captures only with a second attacker.
func (s *bcState) generate(out []move) []move {
	for from := range s.cells {
		out = s.movesFrom(out, from)
	}
	return out
}

// movesFrom appends the legal moves of the piece on from, if it is the
// side to move's.
func (s *bcState) movesFrom(out []move, from int) []move {
	p := s.cells[from]
	if p.empty() || p.army() != s.toMove {
		return out
	}
	var buf [64]int8
	for _, to := range s.cells.destinations(from, p.kind(), s.toMove, buf[:0]) {
		if s.cells[to].kind() == pawn && !s.cells.attackedBy(int(to), s.toMove, from) {
			continue // a pawn falls only to a piece backed by another attacker
		}
		m := move{from: int8(from), to: to}
		c := *s
		c.apply(m)
		if c.inCheck(s.toMove) {
			continue
		}
		if p.kind() == pawn && geo.inZone[s.toMove][to] {
			for _, k := range []kind{rook, knight, bishop} {
				out = append(out, move{from: m.from, to: m.to, as: k})
			}
			continue
		}
		out = append(out, m)
	}
	return out
}

func (s *bcState) apply(m move) {
	p := s.cells[m.from]
	if m.as != noKind {
		p = mkPiece(p.army(), m.as)
	}
	if p.kind() == king {
		s.kings[s.toMove] = m.to
	}
	s.clock = nextClock(s.clock, s.cells[m.from], s.cells[m.to])
	s.cells[m.to], s.cells[m.from] = p, 0
	if s.toMove == black {
		s.moveNo++
	}
	s.toMove = 1 - s.toMove
}

func (s *bcState) perft(depth int, bufs [][]move) uint64 {
	if depth == 0 {
		return 1
	}
	ms := s.generate(bufs[depth][:0])
	bufs[depth] = ms
	if depth == 1 {
		return uint64(len(ms))
	}
	var n uint64
	for _, m := range ms {
		c := *s
		c.apply(m)
		n += c.perft(depth-1, bufs)
	}
	return n
}

func (g *bcGame) Variant() string { return "beryl" }
func (g *bcGame) Setup() string   { return g.setup }

func (g *bcGame) Position() string {
	return fmt.Sprintf("%s %c %d %d", formatArmies(&g.cells, 2), "wb"[g.toMove], g.clock, g.moveNo)
}

func (g *bcGame) Turn() games.Turn {
	return games.Turn{Player: games.Player(g.toMove), Sides: []games.Side{games.Side(g.toMove)}, MovesLeft: 1, MoveNumber: g.moveNo}
}

func (g *bcGame) Roles() [2]string { return [2]string{"White", "Black"} }

// Outcome judges mate and stalemate first (a mate given by the move that
// fills the fifty-move count wins, as in chess), then the draws by rule.
func (g *bcGame) Outcome() games.Outcome {
	if !g.hasMove() {
		if g.inCheck(g.toMove) {
			return games.Win(games.Player(1-g.toMove), "checkmate")
		}
		return games.DrawBy("stalemate")
	}
	return drawByRule(g.seen, g.clock)
}

// LegalMoves is empty once the game is over.
func (g *bcGame) LegalMoves() []games.Move {
	if drawByRule(g.seen, g.clock).Over {
		return nil
	}
	return publicMoves(&g.cells, g.generate(nil))
}

// find is the legal move notation names, if the game goes on.
func (g *bcGame) find(notation string) (move, bool) {
	if drawByRule(g.seen, g.clock).Over {
		return move{}, false
	}
	return g.byNotation(notation)
}

func (g *bcGame) ParseMove(text string) (games.Move, error) {
	return parseMove(text, g.LegalMoves())
}

func (g *bcGame) Play(pm games.Move, _ *games.Dice) ([]games.Event, error) {
	m, ok := g.find(pm.Notation)
	if !ok {
		return nil, notLegal(pm.Notation)
	}
	player := games.Player(g.toMove)
	side := games.Side(g.toMove)
	mover, victim := g.cells[m.from], g.cells[m.to]
	at := strconv.Itoa(int(m.to) + 1)
	evs := []games.Event{{Kind: games.EventMoved, Player: player, Side: side, Square: at,
		Text: fmt.Sprintf("%s %d→%d.", mover.name(), m.from+1, m.to+1)}}
	if !victim.empty() {
		evs = append(evs, games.Event{Kind: games.EventCaptured, Player: player, Side: games.Side(victim.army()), Square: at,
			Text: fmt.Sprintf("%s took %s on %d.", mover.name(), victim.name(), m.to+1)})
	}
	if m.as != noKind {
		evs = append(evs, games.Event{Kind: games.EventPromoted, Player: player, Side: side, Square: at,
			Text: fmt.Sprintf("%s pawn on %d promoted to a %s.", side.Possessive(), m.to+1, m.as)})
	}
	g.apply(m)
	g.seen = g.seen.record(g.repKey(), g.clock == 0)
	g.lastFrom, g.lastTo = int(m.from), int(m.to)
	them := games.Side(g.toMove)
	o := g.Outcome()
	if g.inCheck(g.toMove) && !o.Over {
		evs = append(evs, games.Event{Kind: games.EventCheck, Player: player, Side: them, Square: strconv.Itoa(int(g.kings[g.toMove]) + 1),
			Text: fmt.Sprintf("%s king on %d is in check.", them.Possessive(), g.kings[g.toMove]+1)})
	}
	if o.Over {
		text := fmt.Sprintf("Checkmate — %s wins.", side)
		switch {
		case o.Reason == "stalemate":
			text = fmt.Sprintf("Stalemate — %s has no legal move and is not in check: draw.", them)
		case o.Draw:
			text = "Draw by " + o.Reason + "."
		}
		evs = append(evs, games.Event{Kind: games.EventGameOver, Player: player, Side: side, Text: text, Outcome: o})
	}
	return evs, nil
}

func (g *bcGame) Clone() games.Game {
	c := *g
	c.seen = g.seen.clone()
	return &c
}

func (g *bcGame) Key() string {
	f := strings.Fields(g.Position())
	return strings.Join(f[:3], " ")
}

func (g *bcGame) toAct() string {
	if o := g.Outcome(); o.Over {
		if o.Draw {
			return "Game over — draw by " + o.Reason
		}
		return fmt.Sprintf("Game over — %s wins by %s", games.Side(o.Winner), o.Reason)
	}
	s := fmt.Sprintf("%s to move (%s)", games.Side(g.toMove), games.Player(g.toMove))
	if g.inCheck(g.toMove) {
		s += ", in check"
	}
	return s
}

func (g *bcGame) Diagram() string { return diagram(&g.cells, 2, g.toAct()) }

func (g *bcGame) View() games.View {
	cells, labels := boardCells(2)
	v := games.View{
		Variant:    "Beryl Chess",
		MoveNumber: g.moveNo,
		ToAct:      g.toAct(),
		Cells:      cells,
		Pieces:     pieceViews(&g.cells),
		Marks:      lastMoveMarks(g.lastFrom, g.lastTo),
		Labels:     labels,
	}
	if g.inCheck(g.toMove) {
		v.Marks = append(v.Marks, games.Mark{Cell: int(g.kings[g.toMove]), Kind: games.MarkAttackedKing})
	}
	return v
}

func (g *bcGame) Perft(depth int) uint64 {
	if depth < 0 {
		return 0
	}
	return g.perft(depth, perftBuffers(depth))
}

func (g *bcGame) Divide(depth int) []games.MoveCount {
	if depth < 1 {
		return nil
	}
	ms := g.generate(nil)
	pub := publicMoves(&g.cells, ms)
	bufs := perftBuffers(depth)
	out := make([]games.MoveCount, len(ms))
	for i, m := range ms {
		c := g.bcState
		c.apply(m)
		out[i] = games.MoveCount{Move: pub[i].Notation, Nodes: c.perft(depth-1, bufs)}
	}
	return out
}
