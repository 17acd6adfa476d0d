package randommove

import (
	"fmt"
	"strings"

	"github.com/bermudachess/bermuda/games"
)

// View is the chess view with a header saying whose turn it is and how
// many moves are left in it.
func (g *Game) View() games.View {
	toAct, status := g.header()
	v := g.board.ViewWith(toAct, status, g.moveNumber())
	v.Variant = Name
	return v
}

func (g *Game) header() (toAct, status string) {
	if g.outcome.Over {
		return "Game over — " + g.outcomeText(g.outcome), ""
	}
	p := g.toAct()
	toAct = fmt.Sprintf("%s to move (%s)", g.colour[p], p)
	status = plural(g.movesLeft, "move") + " left this turn"
	if g.granted > 1 {
		status = fmt.Sprintf("%d of %d moves left this turn", g.movesLeft, g.granted)
	}
	if g.board.InCheck() {
		status = fmt.Sprintf("%s is in check · %s", g.colour[p], status)
	}
	return toAct, status
}

// Diagram is the chess diagram followed by who plays what, each player's
// throws, and the turn.
func (g *Game) Diagram() string {
	var b strings.Builder
	b.WriteString(g.board.Diagram())
	for _, p := range []games.Player{games.Player1, games.Player2} {
		fmt.Fprintf(&b, "%s plays %s; throws: %s\n", p, g.colour[p], throwList(g.history[p]))
	}
	toAct, status := g.header()
	b.WriteString(toAct)
	if status != "" {
		b.WriteString(", " + status)
	}
	b.WriteString("\n")
	return b.String()
}

func throwList(h []int) string {
	if len(h) == 0 {
		return "none yet"
	}
	return strings.ReplaceAll(ints(h), ",", " ")
}
