package puzzles

import (
	"fmt"
	"strings"

	"github.com/bermudachess/bermuda/games"
)

// themes tags what the generator can tell from the line's moves and the
// events the rules raised while they were played. kind is "win" or "save".
func themes(start games.Game, line []step, end games.Game, kind string) []string {
	solver := start.Turn().Player
	set := map[string]bool{}
	forced := false
	if out := end.Outcome(); out.Over && !out.Draw && out.Winner == solver {
		forced = true
		reason := strings.ToLower(out.Reason)
		if strings.Contains(reason, "mate") && !strings.Contains(reason, "stalemate") {
			set[ThemeMate] = true
			set[fmt.Sprintf("mateIn%d", solverMoves(line))] = true
		}
		if strings.Contains(reason, "king") {
			set[ThemeKingCapture] = true
		}
	}
	prevSolver := false
	for i, st := range line {
		if !st.solver {
			prevSolver = false
			continue
		}
		if i > 0 && prevSolver {
			set[ThemeMultiMove] = true
		}
		prevSolver = true
		if start.Variant() == "bede" && strings.Contains(st.move.Label, "Jester") {
			set[ThemeJester] = true
		}
		for _, ev := range st.events {
			text := strings.ToLower(ev.Text)
			switch ev.Kind {
			case games.EventDice:
				if start.Variant() == "angle" {
					set[ThemeAngleDice] = true
				}
			case games.EventDropped:
				set[ThemeDrop] = true
			case games.EventClimbed:
				set[ThemeClimb] = true
			case games.EventDeclared:
				set[ThemeSchrodinger] = true
			case games.EventPromoted:
				if strings.Contains(text, "ship") {
					set[ThemeShipPromotion] = true
				} else {
					set[ThemePromotion] = true
				}
			}
		}
		if st.rolled {
			set[ThemeDice] = true
		}
		if (!st.rolled || len(st.faces) > 0) && kings(st.after) < kings(st.before) {
			set[ThemeKingCapture] = true
		}
	}
	switch {
	case kind == "save" && !forced:
		set[ThemeDefence] = true
	case !forced && !set[ThemeKingCapture] && !set[ThemeMate]:
		set[ThemeMaterial] = true
	}
	switch n := solverMoves(line); {
	case n == 1:
		set[ThemeOneMove] = true
	case n == 2:
		set[ThemeShort] = true
	case n == 3:
		set[ThemeLong] = true
	default:
		set[ThemeVeryLong] = true
	}
	order := []string{ThemeMate, "mateIn1", "mateIn2", "mateIn3", "mateIn4", ThemeKingCapture, ThemeMaterial, ThemeDefence, ThemeAngleDice, ThemeDice,
		ThemeDrop, ThemeClimb, ThemeJester, ThemeSchrodinger, ThemeMultiMove, ThemeShipPromotion, ThemePromotion,
		ThemeOneMove, ThemeShort, ThemeLong, ThemeVeryLong}
	out := []string{}
	for _, t := range order {
		if set[t] {
			out = append(out, t)
		}
	}
	return out
}

// kings counts the kings on the board (not the undecided ones).
func kings(g games.Game) int {
	n := 0
	for _, p := range g.View().Pieces {
		if p.Kind == games.King && !p.Ghost {
			n++
		}
	}
	return n
}
