package randommove

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bermudachess/bermuda/games"
)

// The position string is the chess FEN, then — once the colours are
// thrown or a move is made — what the throws decided, as five key=value
// fields in this order:
//
//	<FEN> white=P1 turn=3 left=2/3 plain=0 throws=66|4
//
// white is the player who plays White now (P1 or P2). turn counts the
// turns begun so far, this one included; the move number is half of it,
// rounded up. left is the moves left in this turn / the moves its throw
// granted. 0 left means the game is over — by mate, stalemate, material or
// move count, all shown by the FEN, or by six sixes, shown by the throws —
// or else that the turn's throw is due (Begin throws it): that is how a
// game drawn by threefold repetition, history no string holds, loads.
// plain is how many of the turns to come start without a throw (1 only in
// the first turn: each player's first move is plain). throws gives Player
// 1's and Player 2's last throws as far as they count for the next n: the
// run of equal throws that ends each history, e.g. 66 for two sixes in a
// row, or - before a player's first throw.
//
// A plain FEN is a fresh state: the colours are still to be thrown and
// both first moves are plain.
const positionFields = "white=P1|P2 turn=N left=L/G plain=0|1 throws=RUN|RUN"

var stateKeys = [...]string{"white", "turn", "left", "plain", "throws"}

// parsePosition splits s into the chess FEN and the decided state, nil for
// a plain FEN.
func parsePosition(s string) (fen string, st *state, err error) {
	fields := strings.Fields(s)
	i := len(fields)
	for i > 0 && strings.Contains(fields[i-1], "=") {
		i--
	}
	fen = strings.Join(fields[:i], " ")
	if i == len(fields) {
		return fen, nil, nil
	}
	vals := map[string]string{}
	for _, f := range fields[i:] {
		k, v, _ := strings.Cut(f, "=")
		if !isStateKey(k) {
			return "", nil, fmt.Errorf("unknown field %q after the FEN; the fields are %s", f, positionFields)
		}
		if _, dup := vals[k]; dup {
			return "", nil, fmt.Errorf("field %s= is given twice", k)
		}
		vals[k] = v
	}
	for _, k := range stateKeys {
		if _, ok := vals[k]; !ok {
			return "", nil, fmt.Errorf("field %s= is missing; after the FEN come %s", k, positionFields)
		}
	}
	st, err = parseState(vals)
	return fen, st, err
}

func isStateKey(k string) bool {
	for _, s := range stateKeys {
		if s == k {
			return true
		}
	}
	return false
}

// state is what the position string adds to the FEN.
type state struct {
	white         games.Player
	turn          int
	left, granted int
	plain         int
	runs          [2][]int
}

func parseState(vals map[string]string) (*state, error) {
	st := &state{}
	switch vals["white"] {
	case "P1":
		st.white = games.Player1
	case "P2":
		st.white = games.Player2
	default:
		return nil, fmt.Errorf("white= must be P1 or P2 (the player who plays White), got %q", vals["white"])
	}
	var err error
	if st.turn, err = strconv.Atoi(vals["turn"]); err != nil || st.turn < 1 || st.turn > 1_000_000 {
		return nil, fmt.Errorf("turn= must be the number of turns begun, from 1, got %q", vals["turn"])
	}
	l, g, ok := strings.Cut(vals["left"], "/")
	left, err1 := strconv.Atoi(l)
	granted, err2 := strconv.Atoi(g)
	st.left, st.granted = left, granted
	if !ok || err1 != nil || err2 != nil || granted < 1 || left < 0 || left > granted || granted > 100 {
		return nil, fmt.Errorf("left= must be the moves left / the moves granted, e.g. 2/3 (0 left: the game is over), got %q", vals["left"])
	}
	switch vals["plain"] {
	case "0", "1":
		st.plain = int(vals["plain"][0] - '0')
	default:
		return nil, fmt.Errorf("plain= must be 0 or 1 (turns to come without a throw), got %q", vals["plain"])
	}
	a, b, ok := strings.Cut(vals["throws"], "|")
	if !ok {
		return nil, fmt.Errorf("throws= must give both players' last throws as RUN|RUN, e.g. 66|4, got %q", vals["throws"])
	}
	for p, run := range [2]string{a, b} {
		if st.runs[p], err = parseRun(run); err != nil {
			return nil, fmt.Errorf("throws=: %s's %v", games.Player(p), err)
		}
	}
	return st, nil
}

// parseRun reads a run of equal throws such as "66", or "-" for none.
func parseRun(s string) ([]int, error) {
	if s == "-" {
		return nil, nil
	}
	if s == "" || len(s) > 50 || s[0] < '1' || s[0] > '6' || strings.Trim(s, s[:1]) != "" {
		return nil, fmt.Errorf("last throws must be one face 1–6 repeated (the run that ends the history), or -, got %q", s)
	}
	if s[0] == '6' && len(s) > 6 {
		return nil, fmt.Errorf("run %q holds more than six sixes; the sixth ends the game", s)
	}
	run := make([]int, len(s))
	for i := range run {
		run[i] = int(s[0] - '0')
	}
	return run, nil
}

// lastRun is the run of equal throws that ends history.
func lastRun(history []int) []int { return history[len(history)-runLength(history):] }

// runText writes a run as the position string does: "66", or "-".
func runText(history []int) string {
	run := lastRun(history)
	if len(run) == 0 {
		return "-"
	}
	return strings.Repeat(strconv.Itoa(run[0]), len(run))
}

// coloursDue reports whether the colour throws are still to come: a fresh
// game, whose position string is the plain FEN.
func (g *Game) coloursDue() bool { return !g.begun && g.plies == 0 }

// Position is the chess FEN, followed by the decided state once there is
// one.
func (g *Game) Position() string {
	fen := g.board.Position()
	if g.coloursDue() {
		return fen
	}
	white := "P1"
	if g.colour[games.Player2] == games.White {
		white = "P2"
	}
	return fmt.Sprintf("%s white=%s turn=%d left=%d/%d plain=%d throws=%s|%s", fen, white, g.turnIndex,
		g.movesLeft, g.granted, max(0, 2-g.turnsBegun), runText(g.history[0]), runText(g.history[1]))
}

// Key is the chess position (for repetition, without clocks) plus
// everything that decides what happens next: who plays which colour, the
// runs that decide each player's next n, the turn, and whether the colour
// throws are still due.
func (g *Game) Key() string {
	k := fmt.Sprintf("%s|P1=%s|%s|%s|left=%d/%d|plain=%d", g.board.PositionKey(), g.colour[games.Player1],
		runText(g.history[0]), runText(g.history[1]), g.movesLeft, g.granted, max(0, 2-g.turnsBegun))
	if g.coloursDue() {
		k += "|colours due"
	}
	return k
}

// load sets the decided state read from a position string and judges it:
// a chess ending, or six sixes thrown by the player to act with no move
// left, ends the game. Otherwise 0 moves left means the turn's throw is
// due (Begin throws it): that is how a game drawn by threefold repetition
// — the one ending a position string cannot show — loads.
func (g *Game) load(st *state) {
	g.begun, g.given = true, true
	g.colour[st.white], g.colour[st.white.Other()] = games.White, games.Black
	g.history = st.runs
	g.turnIndex = st.turn
	g.turnsBegun = 2 - st.plain
	g.granted, g.movesLeft = st.granted, st.left
	if o := g.judgeBoard(); o.Over {
		g.end(o)
		return
	}
	if run := g.history[g.toAct()]; st.left == 0 && runLength(run) >= 6 && run[len(run)-1] == 6 {
		g.end(games.Win(g.toAct().Other(), sixSixes))
		return
	}
	if st.left == 0 || st.left == st.granted {
		// A turn boundary: the position counts for repetition.
		g.seen = []string{g.board.PositionKey()}
	}
}

// throwDue reports whether the turn awaits its throw, which only a loaded
// position can (Play throws for every turn it begins).
func (g *Game) throwDue() bool { return !g.outcome.Over && g.movesLeft == 0 }
