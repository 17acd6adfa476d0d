package puzzles

import (
	"context"
	"fmt"
	"hash/fnv"
	"strings"

	"github.com/bermudachess/bermuda/engine"
	"github.com/bermudachess/bermuda/games"
)

// Why a candidate position is not a puzzle: the keys of Stats.Rejected.
const (
	RejectOnlyMove    = "one legal move"
	RejectNoClearBest = "no clearly best move"
	RejectNeither     = "the best move neither wins nor saves"
	RejectAlreadyWon  = "already won before the opponent's move"
	RejectRepetition  = "the line repeats a position"
	RejectFades       = "the advantage does not stay"
	RejectRoll        = "a roll of the dice undoes the solution"
	RejectDeeper      = "a deeper search disagrees"
	RejectTooShort    = "nothing left after trimming the line"
	RejectNoSwing     = "not after a mistake (the game's own scores did not swing)"
	RejectDuplicate   = "the same puzzle as one already kept (another game)"
	RejectHangingKing = "the first move takes a king left en prise"
	RejectOneCapture  = "one plain capture (no mate, no variant's own move)"
	RejectReply       = "a deeper search finds the opponent a better reply"
)

// step is one move of a line as the generator played it.
type step struct {
	move     games.Move
	solver   bool
	onlyMove bool     // a solver move that was the only legal one
	dec      decision // the solver's decision (solver moves only)
	events   []games.Event
	rolled   bool
	faces    []int      // a rolling move's fate: the faces it rolled (nil: any face, or none)
	worst    float64    // a solver's rolling move: the solver's lowest E over every roll
	judged   bool       // worst was searched
	before   games.Game // the position the move is played in
	after    games.Game // and the one it leads to (its fate's, for a rolling move)
}

// stepRoller replays a step's fate, or gives any face (Seeded(1)) to a
// move with none: a last move, judged against every roll.
func stepRoller(st step) games.Roller {
	if len(st.faces) > 0 {
		return games.Script(st.faces...)
	}
	return games.Seeded(1)
}

// fate is which seeded roll a line's rolling moves are given (n, of
// Options.Fates), and what is the same for every fate: the first move's
// lowest E over its rolls, once searched.
type fate struct {
	n     int
	first *float64
}

// fateSeed seeds the roll that fixes a rolling move's fate in a line: the
// position, the move and the fate's number (Options.Fates), so the same
// line gets the same fate in every run.
func fateSeed(g games.Game, m games.Move, fate int) uint64 {
	h := fnv.New64a()
	h.Write([]byte(g.Position()))
	h.Write([]byte{0})
	h.Write([]byte(m.Notation))
	if fate > 0 {
		fmt.Fprintf(h, "\x00fate %d", fate)
	}
	return h.Sum64()
}

// buildLine follows the best line from g: the solver's clearly best moves
// and the engine's best replies, until a solver move is no longer clearly
// best, MaxSolverMoves solver moves are played, or the game ends. first is
// the decision already made at g. A move may roll dice: a solver's must
// be the best against every roll (its lowest E over every way the dice
// fall above the second-best move's E, and, in a winning puzzle, at least
// SaveE; else the line ends before it, and a first move is RejectRoll); an
// opponent's is the engine's best as usual. Either is played with one
// seeded roll (fateSeed), its fate: the line goes on from there, and the
// puzzle stores the faces, so the line is certain from then on. The line
// is trimmed to end on a solver move that had a choice, as Lichess trims
// final only-moves (a last move that rolls keeps no fate: it is judged
// against every roll). seen holds the keys of the game's earlier
// positions: a line back to one of them, or to itself, is a repetition
// and no puzzle.
func buildLine(ctx context.Context, g games.Game, first decision, seen map[string]bool, o Options, fate *fate) ([]step, string, error) {
	solver := g.Turn().Player
	keys := map[string]bool{g.Key(): true}
	for k := range seen {
		keys[k] = true
	}
	var line []step
	cur := g
	solverMoves := 0
	for solverMoves < o.MaxSolverMoves && !cur.Outcome().Over {
		st := step{solver: cur.Turn().Player == solver}
		if st.solver {
			st.dec = first
			if len(line) > 0 {
				d, err := decide(ctx, cur, o.Nodes, 0)
				if err != nil {
					return nil, "", err
				}
				if !d.clearLater() {
					break
				}
				st.dec = d
			}
			st.move, st.onlyMove = st.dec.best.Move, st.dec.onlyMove
		} else {
			best, _, err := engine.BestScore(ctx, cur, engine.Limits{Nodes: o.Nodes})
			if err != nil {
				return nil, "", err
			}
			st.move = best.Move
		}
		r, err := rolls(cur, st.move)
		if err != nil {
			return nil, "", err
		}
		if r && st.solver && !st.onlyMove {
			var worst float64
			if len(line) == 0 && fate.first != nil {
				worst = *fate.first // the first move's rolls are the same whatever the fate
			} else if worst, _, err = worstRoll(ctx, cur, st.move, o.Nodes/2); err != nil {
				return nil, "", err
			}
			if len(line) == 0 {
				fate.first = &worst
			}
			st.worst, st.judged = worst, true
			if worst <= st.dec.eSec || (first.kind() == "win" && worst < SaveE) {
				if len(line) == 0 {
					return nil, RejectRoll, nil
				}
				break // the line ends on the solver's move before
			}
		}
		if st.solver {
			solverMoves++
		}
		next, events, faces, err := playFate(cur, st.move, fate.n)
		if err != nil {
			return nil, "", err
		}
		st.events = events
		if r {
			st.faces = faces
		}
		st.rolled, st.before, st.after = r, cur, next
		line = append(line, st)
		cur = next
		if !cur.Outcome().Over {
			if keys[cur.Key()] {
				return nil, RejectRepetition, nil
			}
			keys[cur.Key()] = true
		}
	}
	for len(line) > 1 && (!line[len(line)-1].solver || line[len(line)-1].onlyMove) {
		line = line[:len(line)-1]
	}
	if len(line) == 0 || !line[0].solver {
		return nil, RejectTooShort, nil
	}
	// The last move keeps no fate: it is judged against every roll, and
	// played with any face (Seeded(1)), as Puzzle.replay plays it.
	if last := &line[len(line)-1]; last.rolled && len(last.faces) > 0 {
		last.faces = nil
		last.after = last.before.Clone()
		var err error
		if last.events, err = last.after.Play(last.move, games.NewDice(stepRoller(*last))); err != nil {
			return nil, "", err
		}
	}
	return line, "", nil
}

// playLine plays the line's moves on a copy of g, each rolling move with
// its fate; the last, if it rolls, with any face.
func playLine(g games.Game, line []step) (games.Game, error) {
	cur := g
	for _, st := range line {
		next := cur.Clone()
		if _, err := next.Play(st.move, games.NewDice(stepRoller(st))); err != nil {
			return nil, err
		}
		cur = next
	}
	return cur, nil
}

// solverMoves counts the solver's moves of a line.
func solverMoves(line []step) int {
	n := 0
	for _, st := range line {
		if st.solver {
			n++
		}
	}
	return n
}

// captures says whether the move took a piece.
func captures(st step) bool {
	for _, ev := range st.events {
		if ev.Kind == games.EventCaptured {
			return true
		}
	}
	return false
}

// shapeReason turns down two kinds of line that are no puzzle worth
// solving ("" if the line is neither): a first move that takes a king the
// opponent left en prise (in the variants without check, a king simply
// hanging: the whole answer would be to see it), and a line of one solver
// move that is a plain capture (taking a piece left hanging) with no mate
// and none of the variant's own moves (a drop or a climb, the Jester, a
// declaration, dice, a promotion).
func shapeReason(start games.Game, line []step, end games.Game) string {
	if takesKing(line[0].before, line[0].events) || winsByKing(start, line[0].after) {
		return RejectHangingKing
	}
	if solverMoves(line) > 1 || !captures(line[0]) {
		return ""
	}
	if out := end.Outcome(); out.Over && !out.Draw && out.Winner == start.Turn().Player {
		return "" // mate, or the game won at once some other way
	}
	for _, t := range themes(start, line, end, "win") {
		switch t {
		case ThemeAngleDice, ThemeDice, ThemeDrop, ThemeClimb, ThemeJester, ThemeSchrodinger, ThemePromotion, ThemeShipPromotion:
			return ""
		}
	}
	return RejectOneCapture
}

// winsByKing says whether the game is over after a first move, won by
// the player who was to act in start through a king (the rules' reason
// names one): a king taken (in
// spIndecision an undecided piece taken and declared the king, in Bermuda
// chess the last king), which is seeing a king left en prise too.
func winsByKing(start, after games.Game) bool {
	out := after.Outcome()
	if !out.Over || out.Draw || out.Winner != start.Turn().Player {
		return false
	}
	return strings.Contains(strings.ToLower(out.Reason), "king")
}

// takesKing says whether the events of a move played in before include
// taking a king (a piece that stood as a king, not an undecided one).
func takesKing(before games.Game, events []games.Event) bool {
	v := before.View()
	for _, ev := range events {
		if ev.Kind != games.EventCaptured {
			continue
		}
		for _, p := range v.Pieces {
			if p.Kind == games.King && !p.Ghost && v.Cells[p.Cell].Name == ev.Square {
				return true
			}
		}
	}
	return false
}
