package puzzles

import (
	"context"
	"math"
	"sort"

	"github.com/bermudachess/bermuda/games"
)

// Stats counts what a Miner looked at and why positions were turned down.
type Stats struct {
	Positions int            // positions looked at (the game not over)
	Found     int            // puzzles kept
	Longer    int            // of them, found before the position first looked at (Miner.earlier)
	Rejected  map[string]int // by reason (the Reject constants)
}

func (s *Stats) reject(reason string) {
	if s.Rejected == nil {
		s.Rejected = map[string]int{}
	}
	s.Rejected[reason]++
}

// Reasons lists the rejection reasons seen, most frequent first.
func (s Stats) Reasons() []string {
	out := make([]string, 0, len(s.Rejected))
	for r := range s.Rejected {
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool {
		if s.Rejected[out[i]] != s.Rejected[out[j]] {
			return s.Rejected[out[i]] > s.Rejected[out[j]]
		}
		return out[i] < out[j]
	})
	return out
}

// Miner finds puzzles in games. It is not safe for concurrent use.
type Miner struct {
	Opts  Options
	Stats Stats
	// MultiOnly runs the full judge only where a cheap sketch of the line
	// (likelyLine, at the screen's budget) has a second clearly best
	// solver move: one-move puzzles, which the full judge spends most of
	// its nodes on, are mostly not found. Where the sketch turns a
	// position down, the solver's earlier turns are still tried (a line
	// that starts before it, Miner.earlier). For a set short of lines of
	// two or more solver moves (the Angle).
	MultiOnly bool
	found     map[string]bool // ids kept so far: a game that reaches the same puzzle again adds nothing
}

// Game mines one game, given as its positions oldest first (the position
// before each ply, and the last). expected, if not nil, holds for each
// position the expected score the game's own search gave its player to
// act (NaN where none: a random move, a forced one): as Lichess's
// generator reads a game's evaluations, only positions where the player
// to act gained at least SwingE since the position before (the opponent
// may have erred) are looked at further. Those are screened with a cheap
// search; where one move stands out they are searched in full
// (Position). A score that turns into a forced win (a mate found) is
// looked at whatever it was before. After a puzzle, the positions its
// line covers are skipped.
func (m *Miner) Game(ctx context.Context, positions []games.Game, expected []float64) ([]Puzzle, error) {
	o := m.Opts.withDefaults()
	var out []Puzzle
	known := make([]float64, len(positions)) // best known E for each position's player to act
	for i := range known {
		known[i] = math.NaN()
		if expected != nil && i < len(expected) {
			known[i] = expected[i]
		}
	}
	seen := map[string]bool{}
	for i := 0; i < len(positions); i++ {
		g := positions[i]
		if g.Outcome().Over {
			break
		}
		m.Stats.Positions++
		solver := g.Turn().Player
		prevE := math.NaN()
		if i > 0 {
			prevE = known[i-1]
			if positions[i-1].Turn().Player != solver {
				prevE = 1 - prevE
			}
		}
		if expected != nil && !math.IsNaN(known[i]) && !math.IsNaN(prevE) && known[i]-prevE < SwingE && !(known[i] == 1 && prevE < 1) {
			seen[g.Key()] = true
			m.Stats.reject(RejectNoSwing)
			continue
		}
		p, screened, reason, err := m.candidate(ctx, g, prevE, seen, o)
		if err != nil {
			return out, err
		}
		known[i] = screened
		seen[g.Key()] = true
		if reason == RejectPrefilter {
			// The first move stands out but the line sketched no second:
			// it may be the end of a line that starts earlier.
			if longer, start, err := m.earlier(ctx, positions, known, i, o); err != nil {
				return out, err
			} else if longer != nil {
				out = append(out, *longer)
				m.Stats.Found++ // earlier counts it as replacing a puzzle at i, which there is not
				for i+1 < len(positions) && i+1 < start+len(longer.Solution) {
					i++ // the line's own positions are the same puzzle again
					seen[positions[i].Key()] = true
				}
			}
			continue
		}
		if reason != "" {
			continue
		}
		if longer, _, err := m.earlier(ctx, positions, known, i, o); err != nil {
			return out, err
		} else if longer != nil {
			p = *longer
		}
		out = append(out, p)
		for j := 1; j < len(p.Solution) && i+1 < len(positions); j++ {
			i++ // the line's own positions are the same puzzle again
			seen[positions[i].Key()] = true
		}
	}
	return out, nil
}

// MaxBack is how many of the solver's earlier turns Miner.Game tries
// before a puzzle it found.
const MaxBack = 3

// earlier looks for a longer puzzle ending in the one found at position
// i: the solver's earlier turns in the game, nearest first, as long as
// each gives a puzzle (the game's own shallow search did not see that the
// win was already there, so no swing marked them). The longest found
// replaces the one at i, whose line it contains; nil if none. The index
// returned is the position the longest starts from.
func (m *Miner) earlier(ctx context.Context, positions []games.Game, known []float64, i int, o Options) (*Puzzle, int, error) {
	solver := positions[i].Turn().Player
	var best *Puzzle
	start := i
	back := 0
	for j := i - 1; j >= 1 && back < MaxBack; j-- {
		if positions[j].Turn().Player != solver || positions[j-1].Turn().Player == solver {
			continue // not the start of one of the solver's turns
		}
		back++
		seen := map[string]bool{}
		for _, g := range positions[:j] {
			seen[g.Key()] = true
		}
		prevE := 1 - known[j-1]
		m.Stats.Positions++
		p, _, reason, err := m.candidate(ctx, positions[j], prevE, seen, o)
		if err != nil {
			return nil, 0, err
		}
		if reason != "" || p.Solvers() <= 1 {
			break
		}
		best, start = &p, j
		m.Stats.Found-- // it replaces the puzzle found at i
	}
	if best != nil {
		m.Stats.Longer++
	}
	return best, start, nil
}

// Branches mines the positions self-play reached by a random move in place
// of the engine's (SelfPlay.BranchEvery). seen holds the keys of the
// main line's positions, so a branch that transposes back is no puzzle.
func (m *Miner) Branches(ctx context.Context, branches []Branch, seen map[string]bool) ([]Puzzle, error) {
	o := m.Opts.withDefaults()
	var out []Puzzle
	for _, b := range branches {
		if b.Game.Outcome().Over {
			continue
		}
		m.Stats.Positions++
		prevE := b.Before
		if b.Game.Turn().Player != b.Mover {
			prevE = 1 - prevE
		}
		p, _, reason, err := m.candidate(ctx, b.Game, prevE, seen, o)
		if err != nil {
			return out, err
		}
		if reason == "" {
			out = append(out, p)
		}
	}
	return out, nil
}

// candidate screens a position cheaply and, if one move stands out, judges
// it in full; it counts the result in Stats and returns the screen's
// expected score for the player to act.
func (m *Miner) candidate(ctx context.Context, g games.Game, prevE float64, seen map[string]bool, o Options) (Puzzle, float64, string, error) {
	screen, err := decide(ctx, g, o.ScreenNodes, 0)
	if err != nil {
		return Puzzle{}, 0, "", err
	}
	reason := screenReason(screen, prevE)
	if reason == "" && bestTakesKing(g, screen) {
		reason = RejectHangingKing // as the full search would find, for less
	}
	if reason == "" && m.MultiOnly {
		ok, err := likelyLine(ctx, g, screen, o)
		if err != nil {
			return Puzzle{}, 0, "", err
		}
		if !ok {
			reason = RejectPrefilter
		}
	}
	var p Puzzle
	if reason == "" {
		if p, reason, err = m.position(ctx, g, prevE, seen, o); err != nil {
			return Puzzle{}, 0, "", err
		}
	}
	if reason == "" && m.found[p.ID] {
		reason = RejectDuplicate
	}
	if reason == "" {
		if m.found == nil {
			m.found = map[string]bool{}
		}
		m.found[p.ID] = true
	}
	if reason != "" {
		m.Stats.reject(reason)
	} else {
		m.Stats.Found++
	}
	return p, screen.eBest, reason, nil
}

// bestTakesKing says whether the decision's best move takes a king.
func bestTakesKing(g games.Game, d decision) bool {
	next := g.Clone()
	events, err := next.Play(d.best.Move, games.NewDice(games.Seeded(1)))
	return err == nil && takesKing(g, events)
}

// SwingE is the gain in expected score, for the player to act, since the
// position before, that makes a self-play position worth a look (Lichess
// asks for 0.5 on its −1…1 scale, 0.25 on ours; the self-play searches
// are shallow and noisy, so we ask for less).
const SwingE = 0.15

// screenReason is why a cheap look already rules a position out ("" if
// it does not). A forced win (mate, a king taken) that the solver did not
// have before the opponent's move is no win that was already there, as
// Lichess's generator looks for mates whenever the game's score turns
// into one.
func screenReason(d decision, prevE float64) string {
	switch {
	case d.onlyMove:
		return RejectOnlyMove
	case !d.clear():
		return RejectNoClearBest
	case d.kind() == "":
		return RejectNeither
	case d.kind() == "win" && !math.IsNaN(prevE) && prevE >= d.curve.AlreadyWonE && (!d.forcedWin || prevE >= 1):
		return RejectAlreadyWon
	}
	return ""
}

// Position judges one position in full and returns its puzzle, or why it
// is none. prevE is the solver's expected score before the opponent's
// last move (NaN if unknown): a position already won then is no puzzle.
// seen holds the keys of earlier positions of the game (may be nil).
func (m *Miner) Position(ctx context.Context, g games.Game, prevE float64, seen map[string]bool) (Puzzle, string, error) {
	p, reason, err := m.position(ctx, g, prevE, seen, m.Opts.withDefaults())
	if err == nil {
		if reason != "" {
			m.Stats.reject(reason)
		} else {
			m.Stats.Found++
		}
	}
	return p, reason, err
}

func (m *Miner) position(ctx context.Context, g games.Game, prevE float64, seen map[string]bool, o Options) (Puzzle, string, error) {
	if g.Outcome().Over {
		return Puzzle{}, RejectOnlyMove, nil
	}
	d, err := decide(ctx, g, o.Nodes, 0)
	if err != nil {
		return Puzzle{}, "", err
	}
	kind := d.kind()
	if reason := screenReason(d, prevE); reason != "" {
		return Puzzle{}, reason, nil
	}
	// A line of one rolling solver move may go on under another fate:
	// up to Options.Fates seeded rolls are tried.
	var line []step
	f := &fate{}
	for n := 0; n < o.Fates; n++ {
		f.n = o.FirstFate + n
		l, reason, err := buildLine(ctx, g, d, seen, o, f)
		if err != nil {
			return Puzzle{}, "", err
		}
		if reason != "" {
			if n == 0 {
				return Puzzle{}, reason, nil
			}
			break // the line of an earlier fate stands
		}
		line = l
		if solverMoves(line) > 1 || !line[0].rolled {
			break
		}
	}
	end, err := playLine(g, line)
	if err != nil {
		return Puzzle{}, "", err
	}
	solver := g.Turn().Player
	last := line[len(line)-1]
	if last.rolled {
		worst := last.worst // judged as the line was built, unless it was the only move
		if !last.judged {
			if worst, _, err = worstRoll(ctx, last.before, last.move, o.Nodes/2); err != nil {
				return Puzzle{}, "", err
			}
		}
		if !last.dec.onlyMove && worst <= last.dec.eSec {
			return Puzzle{}, RejectRoll, nil
		}
		if kind == "win" && worst < SaveE {
			return Puzzle{}, RejectRoll, nil
		}
	} else {
		e, err := solverE(ctx, end, solver, o.Nodes)
		if err != nil {
			return Puzzle{}, "", err
		}
		if (kind == "win" && e < d.curve.WinE) || (kind == "save" && e < SaveE) {
			return Puzzle{}, RejectFades, nil
		}
	}
	if reason := shapeReason(g, line, end); reason != "" {
		return Puzzle{}, reason, nil
	}
	p := Puzzle{Variant: g.Variant(), Position: g.Position()}
	for i, st := range line {
		p.Solution = append(p.Solution, st.move.Notation)
		if len(st.faces) > 0 && i < len(line)-1 {
			for len(p.Dice) < i {
				p.Dice = append(p.Dice, []int{})
			}
			p.Dice = append(p.Dice, st.faces)
		}
	}
	p.ID = makeID(p.Variant, p.Position, p.Solution, p.Dice)
	p.Themes = themes(g, line, end, kind)
	if p.Rating, err = rate(ctx, g, line, d, o); err != nil {
		return Puzzle{}, "", err
	}
	if err := Verify(ctx, &p, o); err != nil {
		if _, ok := err.(*VerifyError); ok {
			return Puzzle{}, RejectDeeper, nil
		}
		return Puzzle{}, "", err
	}
	return p, "", nil
}

// Difficulty is what a puzzle's starting rating is made of.
type Difficulty struct {
	Depth       int     // the shallowest search depth (plies) at which the first move stands out
	SolverMoves int     // moves the solver must find
	Quiet       bool    // the first move takes nothing (harder to see than a capture)
	Check       bool    // the first move attacks a king (the first thing players look at)
	Legal       int     // legal moves at the start (more to choose from)
	Forcing     int     // other first moves that capture or give check (what players look at first)
	Gap         float64 // the first move's E less the second best's
}

// Rating is a puzzle's starting rating from its Difficulty: 700, 120 a
// ply of Depth, 220 for each solver move after the first, 150 for a quiet
// first move and 100 for one that gives no check, 3 for each legal move
// above 30 (or less below it, within −60…+90), 25 for each other forcing
// move (up to 250), and up to 150 as the gap narrows to Margin. Lichess's ratings come from its players' attempts;
// ours start from this guess and the bot's Glicko-2 updates move them.
func Rating(d Difficulty) int {
	r := 700 + 120*min(max(d.Depth, 1), 12) + 220*(max(d.SolverMoves, 1)-1)
	if d.Quiet {
		r += 150
	}
	if !d.Check {
		r += 100
	}
	r += min(max(3*(d.Legal-30), -60), 90)
	r += min(25*d.Forcing, 250)
	t := min(max((d.Gap-Margin)/(1-Margin), 0), 1)
	r += int(math.Round(150 * (1 - t)))
	return min(max(r, MinRating), 2800)
}

// MinRating is the lowest rating Rating gives.
const MinRating = 760

// rate is the starting rating of the puzzle whose line starts at g; d is
// the decision of its first move.
func rate(ctx context.Context, g games.Game, line []step, d decision, o Options) (int, error) {
	depth, err := firstClearDepth(ctx, g, line[0].move.Notation, d.scores.Depth, o.Nodes)
	if err != nil {
		return 0, err
	}
	diff := Difficulty{Depth: depth, SolverMoves: solverMoves(line), Quiet: !captures(line[0]), Legal: len(g.LegalMoves())}
	if !d.onlyMove {
		diff.Gap = d.eBest - d.eSec
	} else {
		diff.Gap = 1
	}
	diff.Check = forcing(line[0].events) == games.EventCheck
	for _, m := range g.LegalMoves() {
		if m.Notation == line[0].move.Notation {
			continue
		}
		next := g.Clone()
		if events, err := next.Play(m, games.NewDice(games.Seeded(1))); err == nil && forcing(events) != "" {
			diff.Forcing++
		}
	}
	return Rating(diff), nil
}

// forcing says whether a move's events give check (EventCheck, first) or
// capture (EventCaptured), or neither ("").
func forcing(events []games.Event) games.EventKind {
	var kind games.EventKind
	for _, ev := range events {
		switch ev.Kind {
		case games.EventCheck:
			return ev.Kind
		case games.EventCaptured:
			kind = ev.Kind
		}
	}
	return kind
}

// Rate computes a shipped puzzle's starting rating again (as the generator
// gives it), with the generator's budget: for a set mined before Rating
// changed.
func Rate(ctx context.Context, p *Puzzle, opts Options) (int, error) {
	o := opts.withDefaults()
	line, _, err := p.replay(len(p.Solution))
	if err != nil {
		return 0, err
	}
	g, err := p.Start()
	if err != nil {
		return 0, err
	}
	d, err := decide(ctx, g, o.Nodes, 0)
	if err != nil {
		return 0, err
	}
	return rate(ctx, g, line, d, o)
}

// firstClearDepth is the shallowest depth, up to max, at which move is
// clearly best in g.
func firstClearDepth(ctx context.Context, g games.Game, move string, max int, nodes int64) (int, error) {
	for depth := 1; depth < max; depth++ {
		d, err := decide(ctx, g, nodes, depth)
		if err != nil {
			return 0, err
		}
		if d.scores.Depth < depth {
			break // the budget ran out before this depth
		}
		if d.best.Move.Notation == move && d.clear() {
			return depth, nil
		}
	}
	return max, nil
}
