package bermuda

import (
	"fmt"
	"strings"

	"github.com/bermudachess/bermuda/games"
)

// notationOf is the canonical text: "e2e4" (lower), "E2E4" (upper),
// "E4-d4" (a drop: upper square, then the lower square beneath it),
// "e7e8=Q" (promotion), "e1g1" (castling as the king's move). Lower and
// upper names differ only in case, so games.MatchMove's case-sensitive pass
// keeps e5e4, E5E4 and E5e4 (the drop without its dash) apart.
func notationOf(m move) string {
	s := squareName(int(m.from))
	if m.kind == drop {
		s += "-"
	}
	s += squareName(int(m.to))
	if m.promo != empty {
		s += "=" + string(" PNBRQK"[m.promo])
	}
	return s
}

func possessive(c int) string { return colorName(c) + "'s" }

func capitalized(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

// describe turns m into a games.Move, playing it on a copy to say in the
// label what it would capture, drop or climb.
func (g *game) describe(m move) games.Move {
	after := g.pos
	fx := noEffects()
	after.play(m, &fx)
	gm := games.Move{
		Notation: notationOf(m),
		Side:     games.Side(g.pos.toMove),
		From:     squareName(int(m.from)),
		To:       squareName(int(m.to)),
		Label:    moveLabel(m, fx),
	}
	if m.promo != empty {
		base := squareName(int(m.from)) + squareName(int(m.to))
		letter := string(" PNBRQK"[m.promo])
		gm.Aliases = append(gm.Aliases, base+letter, base+strings.ToLower(letter))
	}
	if m.kind == castling {
		if m.to > m.from {
			gm.Aliases = append(gm.Aliases, "O-O", "0-0")
		} else {
			gm.Aliases = append(gm.Aliases, "O-O-O", "0-0-0")
		}
	}
	return gm
}

// labelNames are the kind names that start a label.
var labelNames = [7]string{"", "Pawn", "Knight", "Bishop", "Rook", "Queen", "King"}

func moveLabel(m move, fx effects) string {
	from, to := squareName(int(m.from)), squareName(int(m.to))
	var b strings.Builder
	switch m.kind {
	case castling:
		wing := "king-side"
		if m.to < m.from {
			wing = "queen-side"
		}
		fmt.Fprintf(&b, "Castle %s on the %s board (king %s→%s)", wing, boardName(boardOf(int(m.from))), from, to)
		return b.String()
	case drop:
		b.WriteString(labelNames[fx.mover.kind()] + " " + from + " drops to " + to)
	default:
		b.WriteString(labelNames[fx.mover.kind()] + " " + from + "→" + to)
	}
	if fx.victim != empty {
		b.WriteString(", takes " + fx.victim.name())
		if m.kind == enPassant {
			b.WriteString(" en passant")
		}
	}
	if fx.fellTo >= 0 {
		fmt.Fprintf(&b, " (it falls to %s", squareName(fx.fellTo))
		if fx.crushed != empty {
			fmt.Fprintf(&b, ", removing %s %s", possessive(fx.crushed.color()), fx.crushed.name())
		}
		b.WriteString(")")
	}
	if fx.climbTo >= 0 {
		fmt.Fprintf(&b, ", climbs to %s", squareName(fx.climbTo))
	}
	if fx.promoted != empty {
		fmt.Fprintf(&b, ", promotes to %s", fx.promoted.name())
	}
	if fx.arrived != empty {
		fmt.Fprintf(&b, ", %s becomes a queen", squareName(fx.arrivedSq))
	}
	return b.String()
}

// moveEvents says in order what m did.
func moveEvents(m move, fx effects, player games.Player) []games.Event {
	c := fx.mover.color()
	side := games.Side(c)
	from, to := squareName(int(m.from)), squareName(int(m.to))
	ev := func(kind games.EventKind, s games.Side, sq int, format string, args ...any) games.Event {
		return games.Event{Kind: kind, Player: player, Side: s, Square: squareName(sq), Text: fmt.Sprintf(format, args...)}
	}
	var evs []games.Event
	switch m.kind {
	case castling:
		evs = append(evs, ev(games.EventMoved, side, int(m.to), "%s king %s→%s castles on the %s board, rook %s→%s",
			possessive(c), from, to, boardName(boardOf(int(m.from))), squareName(fx.rookFrom), squareName(fx.rookTo)))
	case drop:
		evs = append(evs, ev(games.EventMoved, side, int(m.to), "%s %s drops from %s to %s", possessive(c), fx.mover.name(), from, to))
	default:
		evs = append(evs, ev(games.EventMoved, side, int(m.to), "%s %s %s→%s", possessive(c), fx.mover.name(), from, to))
	}
	if fx.victim != empty {
		vc := fx.victim.color()
		how := ""
		if m.kind == enPassant {
			how = " en passant"
		}
		if fx.fellTo < 0 {
			how += ", removing it from the game"
		}
		if fx.climbBlocked {
			how += fmt.Sprintf("; %s above is occupied, so the %s stays on the lower board", squareName(int(complement[m.to])), fx.climber.name())
		}
		evs = append(evs, ev(games.EventCaptured, games.Side(vc), fx.victimSq, "%s %s takes %s %s on %s%s",
			possessive(c), fx.mover.name(), possessive(vc), fx.victim.name(), squareName(fx.victimSq), how))
	}
	if m.kind == drop {
		evs = append(evs, ev(games.EventDropped, side, fx.dropTo, "%s %s is now on the lower board, on %s",
			possessive(c), fx.mover.name(), to))
	}
	if fx.fellTo >= 0 {
		vc := fx.victim.color()
		alive := ""
		if fx.victim.kind() == king {
			alive = ", alive"
		}
		evs = append(evs, ev(games.EventDropped, games.Side(vc), fx.fellTo, "%s %s fell from %s to %s on the lower board%s",
			possessive(vc), fx.victim.name(), squareName(fx.victimSq), squareName(fx.fellTo), alive))
		if fx.crushed != empty {
			cc := fx.crushed.color()
			evs = append(evs, ev(games.EventCaptured, games.Side(cc), fx.fellTo, "%s %s on %s was crushed by the falling piece and removed from the game",
				possessive(cc), fx.crushed.name(), squareName(fx.fellTo)))
		}
	}
	if fx.promoted != empty { // chosen where it moved, before any climb
		evs = append(evs, ev(games.EventPromoted, side, fx.promotedSq, "%s pawn promoted to a %s on %s",
			possessive(c), fx.promoted.name(), squareName(fx.promotedSq)))
	}
	if fx.climbTo >= 0 {
		evs = append(evs, ev(games.EventClimbed, side, fx.climbTo, "%s %s climbed from %s to %s on the upper board",
			possessive(c), fx.climber.name(), to, squareName(fx.climbTo)))
	}
	if fx.arrived != empty {
		ac := fx.arrived.color()
		evs = append(evs, ev(games.EventPromoted, games.Side(ac), fx.arrivedSq, "%s pawn reached its last rank on %s and became a queen",
			possessive(ac), squareName(fx.arrivedSq)))
	}
	return evs
}
