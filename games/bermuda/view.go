package bermuda

import (
	"fmt"
	"strings"

	"github.com/bermudachess/bermuda/games"
)

// upperOffset is how far right of the lower board the upper board is drawn.
const upperOffset = 9

var pieceKinds = [7]games.PieceKind{"", games.Pawn, games.Knight, games.Bishop, games.Rook, games.Queen, games.King}

// View draws the lower board on the left (cells 0–63) and the upper board on
// the right (cells 64–127), each in its own frame with its own coordinates
// (the upper board's A–H and 1–8 as used in notation), so a square's name
// reads straight off the picture; a title above each board says which is
// which. Both turn half round when Black is to move.
func (g *game) View() games.View {
	flipped := g.pos.toMove == black
	v := games.View{Variant: "Bermuda Chess", MoveNumber: g.pos.fullmove, ToAct: g.toAct(), Status: g.frozenStatus()}
	for b := 0; b < 2; b++ {
		origin := games.Point{X: float64(b * upperOffset)}
		name := func(l int) string { return squareName(globalIndex(b, l)) }
		cells, labels := grid.Cells(origin, flipped, name)
		v.Cells = append(v.Cells, cells...)
		v.Labels = append(v.Labels, labels...)
		title := [2]string{"Lower board (humans)", "Upper board (aliens)"}[b]
		v.Labels = append(v.Labels, games.Label{Text: title, At: games.Point{X: origin.X + 4, Y: -0.6}, Size: 0.45})
	}
	for sq, p := range g.pos.sq {
		if p != empty {
			v.Pieces = append(v.Pieces, games.PieceView{Cell: sq, Kind: pieceKinds[p.kind()], Side: games.Side(p.color())})
		}
	}
	if g.last.from >= 0 {
		v.Marks = append(v.Marks, games.Mark{Cell: g.last.from, Kind: games.MarkFrom}, games.Mark{Cell: g.last.to, Kind: games.MarkTo})
		fx := g.last.fx
		for _, sq := range []int{fx.dropTo, fx.fellTo, fx.climbTo} {
			if sq >= 0 {
				v.Marks = append(v.Marks, games.Mark{Cell: sq, Kind: games.MarkBoardChange})
			}
		}
	}
	for c := 0; c < 2; c++ {
		for _, sq := range g.attackedKings(c) {
			v.Marks = append(v.Marks, games.Mark{Cell: sq, Kind: games.MarkAttackedKing})
		}
	}
	return v
}

func (g *game) toAct() string {
	if o := g.Outcome(); o.Over {
		return fmt.Sprintf("Game over — %s wins: %s", colorName(int(o.Winner)), o.Reason)
	}
	return colorName(g.pos.toMove) + " to move"
}

// frozenStatus names the armies Rule 4 freezes (no king of theirs on their
// board), or is empty.
func (g *game) frozenStatus() string {
	var frozen []string
	for c := 0; c < 2; c++ {
		for b := 0; b < 2; b++ {
			if g.pos.kings[b][c] > 0 {
				continue
			}
			for l := 0; l < 64; l++ {
				if p := g.pos.sq[globalIndex(b, l)]; p != empty && p.color() == c {
					frozen = append(frozen, fmt.Sprintf("%s %s army", possessive(c), boardName(b)))
					break
				}
			}
		}
	}
	if len(frozen) == 0 {
		return ""
	}
	return "Frozen (no king of theirs on their board): " + strings.Join(frozen, ", ")
}

// Diagram draws both boards side by side, each in its own frame.
func (g *game) Diagram() string {
	var b strings.Builder
	b.WriteString("   Lower board (humans)      Upper board (aliens)\n")
	for r := 7; r >= 0; r-- {
		for bd := 0; bd < 2; bd++ {
			fmt.Fprintf(&b, "%d ", r+1)
			for f := 0; f < 8; f++ {
				c := byte('.')
				if p := g.pos.sq[square(bd, f, r)]; p != empty {
					c = p.letter()
				}
				b.WriteByte(' ')
				b.WriteByte(c)
			}
			if bd == lower {
				b.WriteString("    ")
			}
		}
		b.WriteByte('\n')
	}
	b.WriteString("   a b c d e f g h         A B C D E F G H\n")
	fmt.Fprintf(&b, "%s; castling %s", g.toAct(), g.pos.castlingField())
	if g.pos.ep >= 0 {
		fmt.Fprintf(&b, "; en passant %s", squareName(g.pos.ep))
	}
	if s := g.frozenStatus(); s != "" {
		b.WriteString("\n" + s)
	}
	b.WriteByte('\n')
	return b.String()
}
