package picker

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/games/lessons"
)

// kindWords names the pieces as players say them.
var kindWords = map[games.PieceKind]string{
	games.Schrodinger: "undecided piece",
	games.Bede:        "Bede",
}

func kindWord(k games.PieceKind) string {
	if w, ok := kindWords[k]; ok {
		return w
	}
	return string(k)
}

// pieceAt returns the piece standing on the named cell of v.
func pieceAt(v games.View, cell string) (games.PieceView, bool) {
	for i, c := range v.Cells {
		if c.Name != cell {
			continue
		}
		for _, p := range v.Pieces {
			if p.Cell == i && !p.Ghost {
				return p, true
			}
		}
	}
	return games.PieceView{}, false
}

// upperBoard reports whether cell is on Bermuda chess's upper board, whose
// squares are written in capitals.
func upperBoard(variant, cell string) bool {
	return variant == "bermuda" && cell != "" && unicode.IsUpper(rune(cell[0]))
}

// numbered reports whether cells are numbers (the triangular board).
func numbered(cell string) bool {
	return cell != "" && strings.Trim(cell, "0123456789") == ""
}

// pieceName says the piece on cell as a person would: "Knight g1",
// "Upper-board rook A1", "Knight on 8", and with the army's name first
// when the player moves several ("Red's undecided piece on 8").
func pieceName(variant string, v games.View, cell string, withSide bool) string {
	p, ok := pieceAt(v, cell)
	kind := "piece"
	if ok {
		kind = kindWord(p.Kind)
	}
	name := kind + " " + cell
	switch {
	case numbered(cell):
		name = kind + " on " + cell
	case upperBoard(variant, cell):
		name = "upper-board " + kind + " " + cell
	}
	if withSide && ok {
		return p.Side.Possessive() + " " + name
	}
	return capitalise(name)
}

// cellPhrase names a destination: "f3", "A1 (upper board)", "cell 30".
func cellPhrase(variant, cell string) string {
	switch {
	case numbered(cell):
		return "cell " + cell
	case upperBoard(variant, cell):
		return cell + " (upper board)"
	}
	return cell
}

// targetWords says what moving to a target does: what it takes, that it
// promotes, changes board or enters the Angle; "" for a plain move.
func targetWords(g games.Game, before games.View, t lessons.Target) string {
	var words []string
	mover, _ := pieceAt(before, t.Moves[0].From)
	sides := g.Turn().Sides
	for _, e := range effectEvents(g, t.Moves[0]) {
		switch e.Kind {
		case games.EventCaptured:
			victim, ok := pieceAt(before, e.Square)
			switch {
			case !ok:
				words = append(words, "takes a piece")
			case len(sides) > 1:
				words = append(words, "takes "+victim.Side.Possessive()+" "+kindWord(victim.Kind))
			case victim.Side == mover.Side:
				words = append(words, "takes own "+kindWord(victim.Kind))
			default:
				words = append(words, "takes "+kindWord(victim.Kind))
			}
		case games.EventDropped:
			if e.Side == mover.Side {
				words = append(words, "drops to the lower board")
			}
		case games.EventClimbed:
			if e.Side == mover.Side {
				words = append(words, "climbs to the upper board")
			}
		}
	}
	for _, k := range t.Kinds {
		switch k {
		case games.MarkTargetPromotion:
			words = append(words, "promotes")
		case games.MarkTargetAngle:
			words = append(words, "into the Angle")
		}
	}
	if len(t.Moves) > 1 && !slices.Contains(words, "promotes") {
		words = append(words, fmt.Sprintf("%d choices", len(t.Moves)))
	}
	return strings.Join(dedupe(words), ", ")
}

// effectEvents plays m on a copy and returns what it did before any die
// was rolled (what a move takes or becomes does not depend on the dice).
func effectEvents(g games.Game, m games.Move) []games.Event {
	evs, err := g.Clone().Play(m, games.NewDice(games.Seeded(1)))
	if err != nil {
		return nil
	}
	for i, e := range evs {
		if e.Kind == games.EventDice {
			return evs[:i]
		}
	}
	return evs
}

// choiceLabel says what one of several moves between the same cells
// becomes: the piece a promotion makes ("Promote to a ship"), or what a
// declaration declares, from the move's own events.
func choiceLabel(g games.Game, m games.Move) string {
	var texts []string
	for _, e := range effectEvents(g, m) {
		switch e.Kind {
		case games.EventPromoted:
			after := g.Clone()
			if _, err := after.Play(m, games.NewDice(games.Seeded(1))); err == nil {
				if p, ok := pieceAt(after.View(), m.To); ok {
					texts = append(texts, "promote to a "+kindWord(p.Kind))
					continue
				}
			}
			texts = append(texts, strings.TrimSuffix(e.Text, "."))
		case games.EventDeclared:
			// "Player 1 declared X the king; …" → "Declare X the king; …"
			text := strings.TrimSuffix(e.Text, ".")
			if _, rest, ok := strings.Cut(text, " declared "); ok {
				text = "declare " + rest
			}
			texts = append(texts, text)
		}
	}
	if len(texts) == 0 {
		return m.Label
	}
	return capitalise(strings.Join(texts, "; "))
}

// choiceSummary says what the third step will ask, for a target's
// description.
func choiceSummary(g games.Game, ms []games.Move) string {
	for _, m := range ms {
		promotes := false
		for _, e := range effectEvents(g, m) {
			promotes = promotes || e.Kind == games.EventPromoted
		}
		if !promotes {
			return fmt.Sprintf("then choose one of %d moves", len(ms))
		}
	}
	return "then choose the piece it becomes"
}

func capitalise(s string) string {
	if s == "" {
		return s
	}
	r := []rune(s)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

func dedupe(ws []string) []string {
	var out []string
	for _, w := range ws {
		if !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}
