package puzzles

import (
	"errors"
	"fmt"
	"hash/fnv"
	"strings"

	"github.com/bermudachess/bermuda/games"
)

// Puzzle is one puzzle as shipped: one JSON object a line in
// data/VARIANT.jsonl.
type Puzzle struct {
	ID      string `json:"id"`
	Variant string `json:"variant"`
	// Position is the position string games.NewGame(Variant, Position)
	// loads (what `bermuda play -fen` takes); the player to act in it is
	// the solver.
	Position string `json:"position"`
	// Solution is the line in canonical notation (games.Move.Notation),
	// starting with the solver's move; who plays each move follows the
	// position's turns (in Random Move Number Chess the solver may play
	// several in a row). It ends with a solver's move.
	Solution []string `json:"solution"`
	// Rating is the starting difficulty (Rating): from the shallowest
	// search that already finds the first move clearly best, the number
	// of solver moves and whether the first is quiet.
	Rating int      `json:"rating"`
	Themes []string `json:"themes"`
	// Dice holds the fate of the solution's rolling moves before its
	// last: Dice[i] is the faces Solution[i] rolled when the puzzle was
	// mined (empty for a move that rolls nothing). A solver move that
	// rolls was the best against every way its dice could fall (the
	// generator's test); from then on the line is certain, because the
	// faces stored are replayed, never rolled again. The last move is
	// never given a fate (it is judged against every roll), and a
	// puzzle with no rolling move before its last has no Dice at all
	// (every set mined before rolling lines loads unchanged).
	Dice [][]int `json:"dice,omitempty"`
}

// Theme tags, as the generator can tell them.
const (
	ThemeKingCapture   = "kingCapture"   // the line takes a king
	ThemeMate          = "mate"          // the line ends in checkmate
	ThemeAngleDice     = "angleDice"     // a solver move rolls the Angle's dice
	ThemeDrop          = "drop"          // Bermuda chess: a piece drops to the lower board
	ThemeClimb         = "climb"         // Bermuda chess: a piece climbs to the upper board
	ThemeJester        = "jester"        // Bede Chess: the solver moves the Jester (copying)
	ThemeSchrodinger   = "schrodinger"   // spIndecision/Beryl: an undecided piece is declared
	ThemeMultiMove     = "multiMove"     // Random Move Number Chess: several solver moves in a turn
	ThemeShipPromotion = "shipPromotion" // the Angle: a pawn becomes a Ship
	ThemePromotion     = "promotion"     // a pawn (or squire) promotes
	ThemeMaterial      = "material"      // the line wins material that stays
	ThemeDefence       = "defence"       // the only move that saves the game
	ThemeDice          = "dice"          // a solver move rolls, and is the best against every roll
	// The length of the line, as Lichess tags it: the solver's moves.
	ThemeOneMove  = "oneMove"  // one
	ThemeShort    = "short"    // two
	ThemeLong     = "long"     // three
	ThemeVeryLong = "veryLong" // four or more
)

// makeID names a puzzle by its variant and a hash of its position,
// solution and stored dice (none: the hash of position and solution
// alone, as before rolling lines), so the same puzzle gets the same id in
// every run.
func makeID(variant, position string, solution []string, dice [][]int) string {
	h := fnv.New64a()
	h.Write([]byte(position))
	for _, m := range solution {
		h.Write([]byte{0})
		h.Write([]byte(m))
	}
	for i, faces := range dice {
		if len(faces) == 0 {
			continue
		}
		fmt.Fprintf(h, "\x01%d:%v", i, faces)
	}
	return fmt.Sprintf("%s-%012x", variant, h.Sum64()&0xffffffffffff)
}

// Faces is the fate stored for solution move ply: the faces its dice
// fell on when the puzzle was mined (nil if it rolls nothing, or is the
// last move).
func (p *Puzzle) Faces(ply int) []int {
	if ply < 0 || ply >= len(p.Dice) {
		return nil
	}
	return p.Dice[ply]
}

// Rolled says whether any solution move before the last rolls dice (the
// puzzle stores its fate).
func (p *Puzzle) Rolled() bool {
	for _, f := range p.Dice {
		if len(f) > 0 {
			return true
		}
	}
	return false
}

// Start loads the puzzle's position.
func (p *Puzzle) Start() (games.Game, error) {
	g, err := games.NewGame(p.Variant, p.Position)
	if err != nil {
		return nil, fmt.Errorf("puzzle %s: %w", p.ID, err)
	}
	if g.Outcome().Over {
		return nil, fmt.Errorf("puzzle %s: the position is already over (%s)", p.ID, g.Outcome().Reason)
	}
	return g, nil
}

// Solver is the player who solves the puzzle: the one to act at the start.
func (p *Puzzle) Solver() (games.Player, error) {
	g, err := p.Start()
	if err != nil {
		return games.NoPlayer, err
	}
	return g.Turn().Player, nil
}

// At is the position before the solution's move number ply (0 = the
// start). A move before the last that rolls dice is played with the faces
// stored for it (Dice), so every position before the last move is known
// without a roller: no die is rolled again.
func (p *Puzzle) At(ply int) (games.Game, error) {
	if ply < 0 || ply >= len(p.Solution) {
		return nil, fmt.Errorf("puzzle %s: ply %d is outside its %d-move solution", p.ID, ply, len(p.Solution))
	}
	_, g, err := p.replay(ply)
	return g, err
}

// DiceAt is what the stored dice of solution move ply did (the rules'
// dice events, with their faces and what vanished): nil for a move that
// rolls nothing, and for the last move (whose dice the puzzle does not
// fix).
func (p *Puzzle) DiceAt(ply int) ([]games.Event, error) {
	if len(p.Faces(ply)) == 0 || ply >= len(p.Solution)-1 {
		return nil, nil
	}
	line, _, err := p.replay(ply + 1)
	if err != nil {
		return nil, err
	}
	return games.DiceEvents(line[ply].events), nil
}

// replay plays the first n moves of the solution from the start, each as
// the puzzle fixes it: a move before the last with exactly the faces
// stored for it (none: it must roll nothing), the last, whose dice the
// puzzle does not fix (it is judged against every roll), with any face
// (Seeded(1)). It is the one replay of the stored dice: At, DiceAt (and
// through them the bot's words for the dice), CheckLegal, Verify and Rate
// use it. It returns the moves as steps (before, move, events, after) and
// the position after the last played; an error is a *ReplayError naming
// the ply that could not be played so.
func (p *Puzzle) replay(n int) ([]step, games.Game, error) {
	g, err := p.Start()
	if err != nil {
		return nil, nil, err
	}
	solver := g.Turn().Player
	line := make([]step, 0, n)
	for i := 0; i < n && i < len(p.Solution); i++ {
		bad := func(err error) ([]step, games.Game, error) {
			return nil, nil, &ReplayError{ID: p.ID, Ply: i, Err: err}
		}
		notation := p.Solution[i]
		if g.Outcome().Over {
			return bad(errors.New("the game is already over"))
		}
		m, ok := findLegal(g, notation)
		if !ok {
			return bad(fmt.Errorf("%q is not a legal move in %s", notation, g.Position()))
		}
		st := step{move: m, solver: g.Turn().Player == solver, before: g, faces: p.Faces(i)}
		if i == len(p.Solution)-1 {
			st.after = g.Clone()
			d := games.NewDice(games.Seeded(1))
			if st.events, err = st.after.Play(m, d); err != nil {
				return bad(err)
			}
			st.rolled = len(d.Rolls()) > 0
		} else {
			if st.after, st.events, err = playStored(g, m, st.faces); err != nil {
				return bad(err)
			}
			st.rolled = len(st.faces) > 0
		}
		line = append(line, st)
		g = st.after
	}
	return line, g, nil
}

// ReplayError is a solution move that cannot be played as the puzzle
// stores it.
type ReplayError struct {
	ID  string
	Ply int
	Err error
}

func (e *ReplayError) Error() string { return fmt.Sprintf("puzzle %s, ply %d: %v", e.ID, e.Ply, e.Err) }
func (e *ReplayError) Unwrap() error { return e.Err }

// playStored plays legal move m on a copy of g with the stored faces
// (none: a move that must roll nothing); the move must roll exactly those
// faces.
func playStored(g games.Game, m games.Move, faces []int) (games.Game, []games.Event, error) {
	next := g.Clone()
	if len(faces) == 0 {
		d := games.NewDice(nil)
		events, err := next.Play(m, d)
		if d.Err() != nil {
			return nil, nil, fmt.Errorf("%s rolls dice before the end of the solution and no faces are stored for it", m.Notation)
		}
		if err != nil {
			return nil, nil, err
		}
		return next, events, nil
	}
	script := games.Script(faces...)
	d := games.NewDice(script)
	events, err := next.Play(m, d)
	if errors.Is(d.Err(), games.ErrNoMoreRolls) {
		return nil, nil, fmt.Errorf("%s rolls more dice than the %v stored for it", m.Notation, faces)
	}
	if d.Err() != nil {
		return nil, nil, fmt.Errorf("%s: the dice stored for it do not fit: %w", m.Notation, d.Err())
	}
	if err != nil {
		return nil, nil, err
	}
	if script.Remaining() > 0 {
		return nil, nil, fmt.Errorf("%s rolls fewer dice than the %v stored for it", m.Notation, faces)
	}
	return next, events, nil
}

// findLegal finds the legal move with exactly this canonical notation.
func findLegal(g games.Game, notation string) (games.Move, bool) {
	for _, m := range g.LegalMoves() {
		if m.Notation == notation {
			return m, true
		}
	}
	return games.Move{}, false
}

// Verdict is what Check says of a solver's answer.
type Verdict int

const (
	Wrong   Verdict = iota // not the solution: the puzzle is failed
	Correct                // the solution's move: play Solution[ply+1…] for the opponent, then ask again
	Solved                 // the last solver move, or another move that wins at once
)

func (v Verdict) String() string {
	return [...]string{"wrong", "correct", "solved"}[v]
}

// Check judges what a solver typed at solution move ply, which must be a
// solver's move. The text is read as players type moves (games'
// forgiving parser). As Lichess does, a different move that wins the game
// on the spot (a mate, a king taken) also solves the puzzle. The error is
// for input that is not a legal move at all (a *games.MoveError) or a ply
// that is not the solver's; neither counts as an answer.
func (p *Puzzle) Check(ply int, text string) (Verdict, error) {
	g, err := p.At(ply)
	if err != nil {
		return Wrong, err
	}
	solver, _ := p.Solver()
	if g.Turn().Player != solver {
		return Wrong, fmt.Errorf("puzzle %s: ply %d is the opponent's move", p.ID, ply)
	}
	m, err := g.ParseMove(text)
	if err != nil {
		return Wrong, err
	}
	if m.Notation == p.Solution[ply] {
		if p.lastSolverPly() == ply {
			return Solved, nil
		}
		return Correct, nil
	}
	if winsAtOnce(g, m, solver) {
		return Solved, nil
	}
	return Wrong, nil
}

// lastSolverPly is the index of the solution's last move (always the
// solver's).
func (p *Puzzle) lastSolverPly() int { return len(p.Solution) - 1 }

// winsAtOnce says whether m ends the game with solver the winner, however
// any dice it rolls fall.
func winsAtOnce(g games.Game, m games.Move, solver games.Player) bool {
	outs, err := games.RollOutcomes(g, m, 2)
	if err != nil || len(outs) == 0 {
		return false
	}
	for _, o := range outs {
		out := o.Game.Outcome()
		if !out.Over || out.Draw || out.Winner != solver {
			return false
		}
	}
	return true
}

// Solvers counts the solver's moves of the solution.
func (p *Puzzle) Solvers() int {
	g, err := p.Start()
	if err != nil {
		return 0
	}
	solver, n := g.Turn().Player, 0
	for i := range p.Solution {
		if i > 0 {
			if g, err = p.At(i); err != nil {
				return n
			}
		}
		if g.Turn().Player == solver {
			n++
		}
	}
	return n
}

// HasTheme says whether the puzzle carries tag.
func (p *Puzzle) HasTheme(tag string) bool {
	for _, t := range p.Themes {
		if t == tag {
			return true
		}
	}
	return false
}

func (p *Puzzle) String() string {
	return fmt.Sprintf("%s [%d] %s: %s", p.ID, p.Rating, p.Position, strings.Join(p.Solution, " "))
}
