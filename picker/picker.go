// Package picker builds the menus of the move picker: choose a piece, then
// where it goes, then (only where the rules ask) what the move becomes —
// a promotion piece, a king-or-bishop declaration. It knows nothing of
// Discord beyond the size of a menu: every menu holds at most MaxOptions
// options, and a list longer than that is split into several menus over
// consecutive stretches of the board, so no legal move is ever left out.
//
// Every option comes from g.LegalMoves(), grouped by the cell a move starts
// from and the cell it ends on (games.Move's From and To); what a move does
// is read from the same move generator as the /moves pictures
// (games/lessons), so the menus cannot disagree with the rules.
package picker

import (
	"errors"
	"fmt"
	"slices"

	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/games/lessons"
)

// MaxOptions is the most options one menu may hold (Discord's limit for a
// select menu).
const MaxOptions = 25

// Option is one entry of a menu: Value is what choosing it selects (a cell
// name at the first two steps, a move's notation at the third).
type Option struct {
	Value       string
	Label       string
	Description string
}

// Menu is one select menu: a placeholder naming the stretch of the board
// it covers, and its options.
type Menu struct {
	Placeholder string
	Options     []Option
}

// Stage says which step a Step is.
type Stage int

const (
	StagePiece  Stage = iota // choose the piece to move
	StageTarget              // choose where it goes
	StageChoice              // choose what the move becomes
	StageMove                // the path names one legal move
)

// Step is where a path through the picker has got to: the menus to show
// next or, at StageMove, the one move the path names.
type Step struct {
	Stage    Stage
	From, To string     // chosen so far ("" when not yet)
	Prompt   string     // one line saying what to choose
	Menus    []Menu     // each at most MaxOptions options; empty at StageMove
	Move     games.Move // at StageMove
	View     games.View // the picture for this step (movable pieces, or the piece's targets)
}

// ErrStale says that the cells chosen no longer name a legal move of g: the
// position changed since the picker was drawn.
var ErrStale = errors.New("picker: the chosen cells name no legal move here")

// At returns the step that the cells chosen so far lead to in g: with no
// from, the pieces; with from, the piece's targets; with from and to, the
// choices among the moves between them, or the one move. A from or to that
// names no legal move gives ErrStale.
func At(g games.Game, from, to string) (Step, error) {
	legal := g.LegalMoves()
	if len(legal) == 0 {
		return Step{}, ErrStale
	}
	if from == "" {
		return pieces(g, legal), nil
	}
	var fromHere []games.Move
	for _, m := range legal {
		if m.From == from {
			fromHere = append(fromHere, m)
		}
	}
	if len(fromHere) == 0 {
		return Step{}, ErrStale
	}
	if to == "" {
		return targets(g, from)
	}
	var between []games.Move
	for _, m := range fromHere {
		if m.To == to {
			between = append(between, m)
		}
	}
	switch len(between) {
	case 0:
		return Step{}, ErrStale
	case 1:
		return Step{Stage: StageMove, From: from, To: to, Move: between[0]}, nil
	}
	return choices(g, from, to, between)
}

// Choose returns the move with this notation, which must be legal in g.
func Choose(g games.Game, notation string) (games.Move, error) {
	for _, m := range g.LegalMoves() {
		if m.Notation == notation {
			return m, nil
		}
	}
	return games.Move{}, ErrStale
}

// pieces is the first step: every piece that can move, in the order of the
// board's cells, labelled with its name, its cell and how many moves it has.
func pieces(g games.Game, legal []games.Move) Step {
	v := g.View()
	count := map[string]int{}
	for _, m := range legal {
		count[m.From]++
	}
	several := len(g.Turn().Sides) > 1
	var opts []Option
	for _, c := range v.Cells {
		n := count[c.Name]
		if n == 0 {
			continue
		}
		label := fmt.Sprintf("%s — %s", pieceName(g.Variant(), v, c.Name, several), plural(n, "move"))
		opts = append(opts, Option{Value: c.Name, Label: clip(label)})
	}
	return Step{
		Stage:  StagePiece,
		Prompt: "Choose the piece to move (ringed in green).",
		Menus:  split(opts, "Piece"),
		View:   lessons.MovablePieces(g),
	}
}

// targets is the second step: every cell the piece on from can reach,
// saying what the move does there.
func targets(g games.Game, from string) (Step, error) {
	ts, err := lessons.Targets(g, from)
	if err != nil {
		return Step{}, ErrStale
	}
	view, err := lessons.TargetsView(g, ts)
	if err != nil {
		return Step{}, err
	}
	before := g.View()
	several := len(g.Turn().Sides) > 1
	name := pieceName(g.Variant(), before, from, several)
	opts := make([]Option, 0, len(ts))
	// In board order, like the first step.
	order := map[string]int{}
	for i, c := range before.Cells {
		order[c.Name] = i
	}
	slices.SortStableFunc(ts, func(a, b lessons.Target) int { return order[a.Cell] - order[b.Cell] })
	for _, t := range ts {
		words := targetWords(g, before, t)
		label := cellPhrase(g.Variant(), t.Cell)
		if words != "" {
			label += " — " + words
		}
		desc := t.Moves[0].Label
		if len(t.Moves) > 1 {
			desc = choiceSummary(g, t.Moves)
		}
		opts = append(opts, Option{Value: t.Cell, Label: clip(label), Description: clip(desc)})
	}
	return Step{
		Stage:  StageTarget,
		From:   from,
		Prompt: fmt.Sprintf("%s: choose where it goes.", name),
		Menus:  split(opts, "Square"),
		View:   view,
	}, nil
}

// choices is the third step, where the rules let one piece make several
// moves between the same two cells (promotions, declarations).
func choices(g games.Game, from, to string, between []games.Move) (Step, error) {
	view, err := lessons.TargetsFrom(g, from)
	if err != nil {
		return Step{}, err
	}
	opts := make([]Option, 0, len(between))
	for _, m := range between {
		opts = append(opts, Option{Value: m.Notation, Label: clip(choiceLabel(g, m)), Description: clip(m.Label)})
	}
	return Step{
		Stage:  StageChoice,
		From:   from,
		To:     to,
		Prompt: fmt.Sprintf("%s to %s: choose what the move becomes.", from, to),
		Menus:  split(opts, "Choice"),
		View:   view,
	}, nil
}

// split cuts opts into menus of at most MaxOptions, as even as possible,
// each naming the stretch of the board it covers.
func split(opts []Option, noun string) []Menu {
	if len(opts) == 0 {
		return nil
	}
	n := (len(opts) + MaxOptions - 1) / MaxOptions
	size := (len(opts) + n - 1) / n
	var menus []Menu
	for start := 0; start < len(opts); start += size {
		part := opts[start:min(start+size, len(opts))]
		ph := noun + "…"
		if n > 1 {
			ph = fmt.Sprintf("%s: %s to %s (%d of %d)", noun, part[0].Value, part[len(part)-1].Value, len(menus)+1, n)
		}
		menus = append(menus, Menu{Placeholder: clip(ph), Options: part})
	}
	return menus
}

// clip keeps a label within Discord's 100 characters.
func clip(s string) string {
	if len([]rune(s)) <= 100 {
		return s
	}
	return string([]rune(s)[:99]) + "…"
}

func plural(n int, unit string) string {
	if n == 1 {
		return "1 " + unit
	}
	return fmt.Sprintf("%d %ss", n, unit)
}
