// Package lessons builds teaching views from the real move generator: which
// pieces can move, where one piece can go and what each move would do
// there, and one piece alone on a board showing how it moves. It knows
// nothing of pictures: it returns games.View values with marks (see
// games/viewmarks.go) that render draws like any other view.
//
// Every mark comes from g.LegalMoves(); what a move does (capture,
// promotion, a move to another board) is learnt by playing it on a copy
// and reading its events, so the marks cannot disagree with the rules.
package lessons

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/bermudachess/bermuda/games"
)

// cellIndexes maps a view's cell names to their indexes.
func cellIndexes(v games.View) map[string]int {
	m := make(map[string]int, len(v.Cells))
	for i, c := range v.Cells {
		m[c.Name] = i
	}
	return m
}

// MovablePieces is g's view with every piece the player to act can move
// marked MarkMovable (and the last move's marks kept).
func MovablePieces(g games.Game) games.View {
	v := g.View()
	idx := cellIndexes(v)
	seen := map[string]bool{}
	for _, m := range g.LegalMoves() {
		if i, ok := idx[m.From]; ok && !seen[m.From] {
			seen[m.From] = true
			v.Marks = append(v.Marks, games.Mark{Cell: i, Kind: games.MarkMovable})
		}
	}
	return v
}

// Movable lists the cells holding a piece that can move, in the order of
// the legal moves (for autocomplete).
func Movable(g games.Game) []string {
	var out []string
	for _, m := range g.LegalMoves() {
		if !slices.Contains(out, m.From) {
			out = append(out, m.From)
		}
	}
	return out
}

// Target is a cell the selected piece can reach and what moving there does.
type Target struct {
	Cell  string
	Kinds []games.MarkKind // MarkTargetQuiet, or any of Capture, Board, Angle, Promotion
	Moves []games.Move     // the legal moves that end there (several for promotions)
}

// NoMovesError says that no legal move starts on the square asked about.
type NoMovesError struct {
	Square  string
	Movable []string // cells whose pieces can move
}

func (e *NoMovesError) Error() string {
	if len(e.Movable) == 0 {
		return fmt.Sprintf("no piece can move now, so nothing moves from %s", e.Square)
	}
	return fmt.Sprintf("no legal move starts on %s; pieces that can move stand on %s", e.Square, strings.Join(e.Movable, ", "))
}

// Targets lists where the piece on square can go, sorted by cell name. The
// square is matched exactly, then ignoring case where that is unambiguous
// (Bermuda chess names e4 and E4 apart).
func Targets(g games.Game, square string) ([]Target, error) {
	legal := g.LegalMoves()
	from := resolveSquare(strings.TrimSpace(square), legal)
	v := g.View()
	shades := map[string]games.Shade{}
	for _, c := range v.Cells {
		shades[c.Name] = c.Shade
	}
	byCell := map[string]*Target{}
	for _, m := range legal {
		if m.From != from {
			continue
		}
		t := byCell[m.To]
		if t == nil {
			t = &Target{Cell: m.To}
			byCell[m.To] = t
		}
		t.Moves = append(t.Moves, m)
		for _, k := range effects(g, m, shades[m.To]) {
			if !slices.Contains(t.Kinds, k) {
				t.Kinds = append(t.Kinds, k)
			}
		}
	}
	if len(byCell) == 0 {
		return nil, &NoMovesError{Square: square, Movable: Movable(g)}
	}
	out := make([]Target, 0, len(byCell))
	for _, t := range byCell {
		if len(t.Kinds) > 1 {
			t.Kinds = slices.DeleteFunc(t.Kinds, func(k games.MarkKind) bool { return k == games.MarkTargetQuiet })
		}
		slices.Sort(t.Kinds)
		out = append(out, *t)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Cell < out[j].Cell })
	return out, nil
}

func resolveSquare(s string, legal []games.Move) string {
	var folded []string
	for _, m := range legal {
		if m.From == s {
			return s
		}
		if strings.EqualFold(m.From, s) && !slices.Contains(folded, m.From) {
			folded = append(folded, m.From)
		}
	}
	if len(folded) == 1 {
		return folded[0]
	}
	return s
}

// effects plays m on a copy and says what it does. Dice the move may roll
// (the Angle, Random Move Number Chess) come from a fixed seed: what a
// move captures or promotes does not depend on them, and events after the
// first throw are not read.
func effects(g games.Game, m games.Move, toShade games.Shade) []games.MarkKind {
	var kinds []games.MarkKind
	add := func(k games.MarkKind) {
		if !slices.Contains(kinds, k) {
			kinds = append(kinds, k)
		}
	}
	if toShade == games.ShadeAngle || toShade == games.ShadeAngleDark {
		add(games.MarkTargetAngle)
	}
	evs, err := g.Clone().Play(m, games.NewDice(games.Seeded(1)))
	if err == nil {
		for _, e := range evs {
			if e.Kind == games.EventDice {
				break
			}
			switch e.Kind {
			case games.EventCaptured:
				add(games.MarkTargetCapture)
			case games.EventPromoted:
				add(games.MarkTargetPromotion)
			case games.EventDropped, games.EventClimbed:
				if e.Side == m.Side { // the mover changed boards, not a victim falling
					add(games.MarkTargetBoard)
				}
			}
		}
	}
	add(games.MarkTargetQuiet)
	return kinds
}

// TargetsFrom is g's view with the piece on square marked MarkSelected and
// every cell it can reach marked with what the move does there. The last
// move's marks are left out so only the lesson shows; an attacked king
// stays marked.
func TargetsFrom(g games.Game, square string) (games.View, error) {
	ts, err := Targets(g, square)
	if err != nil {
		return games.View{}, err
	}
	return TargetsView(g, ts)
}

// TargetsView is TargetsFrom for targets already found by Targets (so the
// moves are not played again).
func TargetsView(g games.Game, ts []Target) (games.View, error) {
	if len(ts) == 0 {
		return games.View{}, errors.New("lessons: no targets to show")
	}
	v := g.View()
	v.Marks = slices.DeleteFunc(v.Marks, func(m games.Mark) bool { return m.Kind != games.MarkAttackedKing })
	idx := cellIndexes(v)
	v.Marks = append(v.Marks, games.Mark{Cell: idx[ts[0].Moves[0].From], Kind: games.MarkSelected})
	for _, t := range ts {
		i, ok := idx[t.Cell]
		if !ok {
			return games.View{}, fmt.Errorf("lessons: the view of %s has no cell %q", g.Variant(), t.Cell)
		}
		for _, k := range t.Kinds {
			v.Marks = append(v.Marks, games.Mark{Cell: i, Kind: k})
		}
	}
	return v, nil
}
