package beryl

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bermudachess/bermuda/games"
)

// spStart is the spIndecision start (reconstructed, RULES.md §4): each army
// on its lobe, Rook on the corner cell, Knights on the rest of the corner
// triangle, the undecided king-and-bishop (S) on the two lobe cells nearest
// the centre, Pawns on the other four. Player 1 moves first, any army.
const spStart = "W:P16,S17,P22,N25,R28,N29,P34,S35,P38 B:S20,P21,P24,N27,N32,R33,S36,P37,P39 R:R1,N2,N3,P4,P5,P6,P7,S8,S9 1 - 0 1"

const spRules = `Three armies — White (bottom left), Black (bottom right), Red (top) — and two players. Clockwise as drawn runs White → Red → Black → White.
**Goal.** Player 1 wins by capturing a king of the army directly *clockwise* of the capturing piece's army; Player 2 by capturing one *counter-clockwise*. Capturing a king the wrong way is illegal. There is no check.
**Turns.** Each turn moves a piece of any army except the one your opponent just used (the first turn may use any; you may reuse your own last army). A piece captures pieces of the other two armies only.
**Schrödinger King.** Each army's king and bishop start undecided (S). Moving one, you declare it king or bishop (` + "`17-12=K`" + `); the other becomes the other. Capturing one, you declare what it was (` + "`25x17=B`" + `): a bishop leaves the other as the king; a king wins if the direction wins (the wrong way must declare bishop).
**Board.** 39 triangular cells, numbered; moves are written ` + "`28-33`, `28x33`" + `.
**Pieces.** Rook: slides round the ring of cells about either end of its cell's base edge. Bishop: slides along a line by reflecting its cell through an end of its base. King: first cell of any rook or bishop line. Knight: a rook step and a bishop step (either order), leaping; 8 targets at most. Pawn: steps to a neighbouring cell farther from its home corner, captures one bishop step farther; promotes to R, N or B on the 4 cells farthest from home.
**End.** A winning king capture. Draws, automatic: no legal move; the same position for the third time (same pieces on the same cells, the same undecided pieces, the same player to act and the same army barred); 50 moves by each player without a capture or a pawn move.
*The source's figures are lost: the board's layout and this setup are reconstructed from its text.*`

func init() {
	games.Register(games.Variant{
		ID:                "spindecision",
		Name:              "spIndecision Beryl",
		Summary:           "Two players share three armies on a 39-cell triangle; capture a king in your direction, but the kings start undecided.",
		Rules:             spRules,
		Author:            "Alexandre Muñiz",
		Year:              1998,
		Source:            "“spIndecision Beryl”, The Chess Variant Pages (39-square contest)",
		SourceURL:         "http://www.chessvariants.com/39.dir/spindecision.html",
		Reconstructed:     true,
		ReconstructedNote: "The board's layout and the start position were figures in the source and are lost; both are reconstructed (our ruling; see the rules page).",
		Sides:             []games.Side{games.White, games.Black, games.Red},
		StartSetup:        spStart,
		New:               func(setup string) (games.Game, error) { return newSpIndecision(setup) },
	})
}

// spState is the rules state: small enough to copy on every move.
type spState struct {
	cells  layout
	toMove games.Player
	last   int // the army the previous ply moved, −1 before the first
	moveNo int
	clock  int          // plies since the last capture or pawn move
	winner games.Player // who captured a king the winning way; NoPlayer if none yet
}

// spGame is a game of spIndecision: the state, the positions since the
// last irreversible move (for repetition) and the last move, for the view.
type spGame struct {
	spState
	setup            string
	seen             history
	lastFrom, lastTo int // the last move's cells, −1 if none
}

// wins reports whether player p, capturing with a piece of army mover a
// king of army victim, wins (otherwise the capture is illegal).
func wins(p games.Player, mover, victim int) bool {
	if p == games.Player1 {
		return victim == clockwise[mover]
	}
	return victim == counterClockwise[mover]
}

func newSpIndecision(setup string) (*spGame, error) {
	if strings.TrimSpace(setup) == "" {
		setup = spStart
	}
	const want = "want three army fields, then the player to move (1 or 2), the army the opponent last moved (W, B, R or -), the fifty-move clock, the move number, and optionally winner:1 or winner:2"
	f := strings.Fields(setup)
	won := len(f) > 0 && strings.HasPrefix(f[len(f)-1], "winner:")
	if n := len(f); n == 6 || (n == 7 && won) { // written before the clock was added: count from 0
		f = append(f[:5:5], append([]string{"0"}, f[5:]...)...)
	}
	if len(f) != 7 && len(f) != 8 {
		return nil, fmt.Errorf("spIndecision position has %d fields: %s", len(f), want)
	}
	l, err := parseArmies(f[:3], 3, true)
	if err != nil {
		return nil, err
	}
	s := spState{cells: l, last: -1, winner: games.NoPlayer}
	switch f[3] {
	case "1":
		s.toMove = games.Player1
	case "2":
		s.toMove = games.Player2
	default:
		return nil, fmt.Errorf("player to move %q: want 1 or 2", f[3])
	}
	if f[4] != "-" {
		if s.last = strings.IndexByte("WBR", upper(f[4])); s.last < 0 || len(f[4]) != 1 {
			return nil, fmt.Errorf("last army %q: want W, B, R or - (none yet)", f[4])
		}
	}
	if s.clock, err = parseClock(f[5]); err != nil {
		return nil, err
	}
	if s.moveNo, err = parseMoveNumber(f[6]); err != nil {
		return nil, err
	}
	if len(f) == 8 {
		switch f[7] {
		case "winner:1":
			s.winner = games.Player1
		case "winner:2":
			s.winner = games.Player2
		default:
			return nil, fmt.Errorf("%q: the optional last field is winner:1 or winner:2", f[7])
		}
	}
	for a := 0; a < 3; a++ {
		k, u := l.countArmy(a, king), l.countArmy(a, undecided)
		if u != 0 && u != 2 {
			return nil, fmt.Errorf("army %c has %d undecided pieces (S): an army has its two or none", armyLetter[a], u)
		}
		if k+u/2 > 1 {
			return nil, fmt.Errorf("army %c has more than one king (K, or an undecided pair S,S)", armyLetter[a])
		}
		if k+u/2 == 0 && s.winner == games.NoPlayer {
			return nil, fmt.Errorf("army %c has no king (K) nor undecided pair (S,S); only a finished game (winner:1 or winner:2) lacks one", armyLetter[a])
		}
	}
	g := &spGame{spState: s, setup: setup, lastFrom: -1, lastTo: -1}
	g.seen = history{g.repKey()}
	return g, nil
}

func (s *spState) repKey() repKey {
	return repKey{cells: s.cells, toAct: int8(s.toMove), barred: int8(s.last)}
}

// generate appends the legal moves.
func (s *spState) generate(out []move) []move {
	if s.winner != games.NoPlayer {
		return out
	}
	for from := range s.cells {
		out = s.movesFrom(out, from)
	}
	return out
}

// movesFrom appends the legal moves of the piece on from, if it may move
// (the caller checks that the game is not won).
func (s *spState) movesFrom(out []move, from int) []move {
	p := s.cells[from]
	if p.empty() || p.army() == s.last {
		return out
	}
	var buf [64]int8
	army := p.army()
	patterns := []kind{p.kind()}
	if p.kind() == undecided {
		patterns = []kind{king, bishop}
	}
	for _, k := range patterns {
		for _, to := range s.cells.destinations(from, k, army, buf[:0]) {
			m := move{from: int8(from), to: to}
			if p.kind() == undecided {
				m.as = k
			}
			out = s.addCaptures(out, m, army, p.kind() == pawn && geo.inZone[army][to])
		}
	}
	return out
}

// addCaptures appends m with its promotion choices and the declarations a
// capture of an undecided piece needs, leaving out wrong-way king captures.
func (s *spState) addCaptures(out []move, m move, army int, promotes bool) []move {
	victim := s.cells[m.to]
	var capAs []kind
	switch {
	case victim.kind() == king && !wins(s.toMove, army, victim.army()):
		return out
	case victim.kind() == undecided && wins(s.toMove, army, victim.army()):
		capAs = []kind{king, bishop}
	case victim.kind() == undecided:
		capAs = []kind{bishop}
	default:
		capAs = []kind{noKind}
	}
	as := []kind{m.as}
	if promotes {
		as = []kind{rook, knight, bishop}
	}
	for _, a := range as {
		for _, c := range capAs {
			out = append(out, move{from: m.from, to: m.to, as: a, capAs: c})
		}
	}
	return out
}

// apply plays a generated move.
func (s *spState) apply(m move) {
	from, to := int(m.from), int(m.to)
	mover, victim := s.cells[from], s.cells[to]
	army := mover.army()
	if mover.kind() == undecided {
		if t := s.cells.twin(army, from); t >= 0 {
			s.cells[t] = mkPiece(army, otherHalf(m.as))
		}
		mover = mkPiece(army, m.as)
	}
	if mover.kind() == pawn && m.as != noKind {
		mover = mkPiece(army, m.as)
	}
	switch victim.kind() {
	case undecided:
		if t := s.cells.twin(victim.army(), to); t >= 0 {
			s.cells[t] = mkPiece(victim.army(), otherHalf(m.capAs))
		}
		if m.capAs == king {
			s.winner = s.toMove
		}
	case king:
		s.winner = s.toMove
	}
	s.clock = nextClock(s.clock, s.cells[from], victim)
	s.cells[to], s.cells[from] = mover, 0
	s.last = army
	if s.toMove == games.Player2 {
		s.moveNo++
	}
	s.toMove = s.toMove.Other()
}

// otherHalf is what the twin of a Schrödinger piece declared k becomes.
func otherHalf(k kind) kind {
	if k == king {
		return bishop
	}
	return king
}

func (s *spState) perft(depth int, bufs [][]move) uint64 {
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

func perftBuffers(depth int) [][]move {
	bufs := make([][]move, depth+1)
	for i := range bufs {
		bufs[i] = make([]move, 0, 128)
	}
	return bufs
}

func (g *spGame) Variant() string { return "spindecision" }
func (g *spGame) Setup() string   { return g.setup }

func (g *spGame) Position() string {
	last := "-"
	if g.last >= 0 {
		last = string(armyLetter[g.last])
	}
	s := fmt.Sprintf("%s %d %s %d %d", formatArmies(&g.cells, 3), int(g.toMove)+1, last, g.clock, g.moveNo)
	if g.winner != games.NoPlayer {
		s += " winner:" + strconv.Itoa(int(g.winner)+1)
	}
	return s
}

// armies lists the armies the player to act may move.
func (g *spGame) armies() []games.Side {
	var out []games.Side
	for a := 0; a < 3; a++ {
		if a != g.last {
			out = append(out, games.Side(a))
		}
	}
	return out
}

func (g *spGame) Turn() games.Turn {
	return games.Turn{Player: g.toMove, Sides: g.armies(), MovesLeft: 1, MoveNumber: g.moveNo}
}

func (g *spGame) Roles() [2]string {
	return [2]string{"wins by capturing clockwise", "wins by capturing counter-clockwise"}
}

func (g *spGame) Outcome() games.Outcome {
	switch {
	case g.winner == games.Player1:
		return games.Win(games.Player1, "captured a king clockwise")
	case g.winner == games.Player2:
		return games.Win(games.Player2, "captured a king counter-clockwise")
	case !g.hasMove():
		return games.DrawBy("no legal move")
	}
	return drawByRule(g.seen, g.clock)
}

// LegalMoves is empty once the game is over.
func (g *spGame) LegalMoves() []games.Move {
	if drawByRule(g.seen, g.clock).Over {
		return nil
	}
	return publicMoves(&g.cells, g.generate(nil))
}

// find is the legal move notation names, if the game goes on.
func (g *spGame) find(notation string) (move, bool) {
	if drawByRule(g.seen, g.clock).Over {
		return move{}, false
	}
	return g.byNotation(notation)
}

func (g *spGame) ParseMove(text string) (games.Move, error) {
	return parseMove(text, g.LegalMoves())
}

func (g *spGame) Play(pm games.Move, _ *games.Dice) ([]games.Event, error) {
	m, ok := g.find(pm.Notation)
	if !ok {
		return nil, notLegal(pm.Notation)
	}
	player := g.toMove
	mover, victim := g.cells[m.from], g.cells[m.to]
	army := mover.army()
	side := games.Side(army)
	var evs []games.Event
	if mover.kind() == undecided {
		text := fmt.Sprintf("%s declared %s piece on %d the %s", player, side.Possessive(), m.from+1, m.as)
		if t := g.cells.twin(army, int(m.from)); t >= 0 {
			text += fmt.Sprintf("; the one on %d is the %s", t+1, otherHalf(m.as))
		}
		evs = append(evs, games.Event{Kind: games.EventDeclared, Text: text + ".", Player: player, Side: side, Square: strconv.Itoa(int(m.from) + 1)})
		mover = mkPiece(army, m.as)
	}
	evs = append(evs, games.Event{Kind: games.EventMoved, Player: player, Side: side, Square: strconv.Itoa(int(m.to) + 1),
		Text: fmt.Sprintf("%s moved %s %d→%d.", player, mover.name(), m.from+1, m.to+1)})
	if !victim.empty() {
		vs := games.Side(victim.army())
		evs = append(evs, games.Event{Kind: games.EventCaptured, Player: player, Side: vs, Square: strconv.Itoa(int(m.to) + 1),
			Text: fmt.Sprintf("%s took %s on %d.", mover.name(), victim.name(), m.to+1)})
		if victim.kind() == undecided {
			text := fmt.Sprintf("%s declared %s captured piece on %d the %s", player, vs.Possessive(), m.to+1, m.capAs)
			if t := g.cells.twin(victim.army(), int(m.to)); t >= 0 {
				text += fmt.Sprintf("; %s piece on %d is now the %s", vs.Possessive(), t+1, otherHalf(m.capAs))
			}
			evs = append(evs, games.Event{Kind: games.EventDeclared, Text: text + ".", Player: player, Side: vs, Square: strconv.Itoa(int(m.to) + 1)})
		}
	}
	if mover.kind() == pawn && m.as != noKind {
		evs = append(evs, games.Event{Kind: games.EventPromoted, Player: player, Side: side, Square: strconv.Itoa(int(m.to) + 1),
			Text: fmt.Sprintf("%s pawn on %d promoted to a %s.", side.Possessive(), m.to+1, m.as)})
	}
	declared := g.cells[m.from].kind() == undecided
	g.apply(m)
	g.seen = g.seen.record(g.repKey(), g.clock == 0 || declared)
	g.lastFrom, g.lastTo = int(m.from), int(m.to)
	if o := g.Outcome(); o.Over {
		text := "Game over — draw: " + g.toMove.String() + " has no legal move."
		if o.Draw && o.Reason != "no legal move" {
			text = "Game over — draw by " + o.Reason + "."
		}
		if !o.Draw {
			dir := "clockwise"
			if o.Winner == games.Player2 {
				dir = "counter-clockwise"
			}
			text = fmt.Sprintf("Game over — %s wins: %s captured %s king, %s.", o.Winner, side.Possessive()+" "+mover.kind().String(), games.Side(victim.army()).Possessive(), dir)
		}
		evs = append(evs, games.Event{Kind: games.EventGameOver, Text: text, Player: player, Side: side, Outcome: o})
	}
	return evs, nil
}

func (g *spGame) Clone() games.Game {
	c := *g
	c.seen = g.seen.clone()
	return &c
}

func (g *spGame) Key() string {
	f := strings.Fields(g.Position())
	return strings.Join(append(f[:5:5], f[7:]...), " ") // without the clock and the move number
}

func (g *spGame) toAct() string {
	if o := g.Outcome(); o.Over {
		if o.Draw {
			return "Game over — draw (" + o.Reason + ")"
		}
		return fmt.Sprintf("Game over — %s wins (%s)", o.Winner, o.Reason)
	}
	if g.last < 0 {
		return g.toMove.String() + " to move (any army)"
	}
	return fmt.Sprintf("%s to move (any army but %s)", g.toMove, games.Side(g.last))
}

func (g *spGame) Diagram() string { return diagram(&g.cells, 3, g.toAct()) }

func (g *spGame) View() games.View {
	cells, labels := boardCells(3)
	v := games.View{
		Variant:    "spIndecision Beryl",
		MoveNumber: g.moveNo,
		ToAct:      g.toAct(),
		Status:     "Player 1 wins clockwise, Player 2 counter-clockwise (White → Red → Black)",
		Cells:      cells,
		Pieces:     pieceViews(&g.cells),
		Marks:      lastMoveMarks(g.lastFrom, g.lastTo),
		Labels:     labels,
	}
	// A king the player to act may capture, winning, stands attacked
	// (unless a draw by rule has ended the game).
	var marked uint64
	var moves []move
	if !drawByRule(g.seen, g.clock).Over {
		moves = g.generate(nil)
	}
	for _, m := range moves {
		if k := g.cells[m.to].kind(); (k == king || m.capAs == king) && marked&(1<<m.to) == 0 {
			marked |= 1 << m.to
			v.Marks = append(v.Marks, games.Mark{Cell: int(m.to), Kind: games.MarkAttackedKing})
		}
	}
	return v
}

func (g *spGame) Perft(depth int) uint64 {
	if depth < 0 {
		return 0
	}
	return g.perft(depth, perftBuffers(depth))
}

func (g *spGame) Divide(depth int) []games.MoveCount {
	if depth < 1 {
		return nil
	}
	ms := g.generate(nil)
	pub := publicMoves(&g.cells, ms) // sorts ms in step
	bufs := perftBuffers(depth)
	out := make([]games.MoveCount, len(ms))
	for i, m := range ms {
		c := g.spState
		c.apply(m)
		out[i] = games.MoveCount{Move: pub[i].Notation, Nodes: c.perft(depth-1, bufs)}
	}
	return out
}
