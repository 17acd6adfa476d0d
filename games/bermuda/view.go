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
// the right (cells 64–127), the upper board turned as the rules turn it: an
// upper square is drawn in the same place on its board as the lower square
// beneath it on the lower board, so the square below any square is found
// by looking across at the same spot. The upper board's letters A–H then
// run down its left side and its numbers 1–8 along its foot, each square
// keeping the name used in notation. A title above each board says which
// is which. Both boards turn half round when Black is to move.
func (g *game) View() games.View {
	flipped := g.pos.toMove == black
	v := games.View{Variant: "Bermuda Chess", MoveNumber: g.pos.fullmove, ToAct: g.toAct(), Status: g.frozenStatus()}
	lowerCells, lowerLabels := grid.Cells(games.Point{}, flipped, func(l int) string { return squareName(l) })
	v.Cells = append(v.Cells, lowerCells...)
	v.Labels = append(v.Labels, lowerLabels...)
	for l := 0; l < 64; l++ {
		up := globalIndex(upper, l)
		below := lowerCells[complement[up]]
		c := games.Cell{Name: squareName(up), Shade: below.Shade}
		for _, p := range below.Polygon {
			c.Polygon = append(c.Polygon, games.Point{X: p.X + upperOffset, Y: p.Y})
		}
		v.Cells = append(v.Cells, c)
	}
	// Upper letters beside their row, numbers under their column.
	for i := 0; i < 8; i++ {
		row := v.Cells[square(upper, i, 0)].Center()
		col := v.Cells[square(upper, 0, i)].Center()
		v.Labels = append(v.Labels,
			games.Label{Text: string(rune('A' + i)), At: games.Point{X: upperOffset - 0.3, Y: row.Y}},
			games.Label{Text: string(rune('1' + i)), At: games.Point{X: col.X, Y: 8.3}})
	}
	for b, title := range [2]string{"Lower board (humans)", "Upper board (aliens)"} {
		v.Labels = append(v.Labels, games.Label{Text: title, At: games.Point{X: float64(b*upperOffset) + 4, Y: -0.45}, Size: 0.45})
	}
	for sq, p := range g.pos.sq {
		if p != empty {
			v.Pieces = append(v.Pieces, games.PieceView{Cell: sq, Kind: pieceKinds[p.kind()], Side: games.Side(p.color())})
		}
	}
	if g.last.from >= 0 {
		v.Marks = append(v.Marks, games.Mark{Cell: g.last.from, Kind: games.MarkFrom}, games.Mark{Cell: g.last.to, Kind: games.MarkTo})
		v.Marks = append(v.Marks, boardChangeMarks(g.last.from, g.last.to, g.last.fx)...)
	}
	for c := 0; c < 2; c++ {
		for _, sq := range g.attackedKings(c) {
			v.Marks = append(v.Marks, games.Mark{Cell: sq, Kind: games.MarkAttackedKing})
		}
	}
	return v
}

// boardChangeMarks rings where a piece dropped, fell or climbed to, and
// when the move crossed boards, marks on the other board the squares
// linked to the ones the move left and reached, so both boards show it.
func boardChangeMarks(from, to int, fx effects) []games.Mark {
	var out []games.Mark
	marked := map[int]bool{from: true, to: true}
	for _, sq := range []int{fx.dropTo, fx.fellTo, fx.climbTo} {
		if sq >= 0 {
			out = append(out, games.Mark{Cell: sq, Kind: games.MarkBoardChange})
			marked[sq] = true
		}
	}
	if len(out) == 0 {
		return nil
	}
	for _, sq := range []int{from, to, fx.dropTo, fx.fellTo, fx.climbTo} {
		if sq < 0 {
			continue
		}
		if c := int(complement[sq]); !marked[c] {
			out = append(out, games.Mark{Cell: c, Kind: games.MarkLinked})
			marked[c] = true
		}
	}
	return out
}

func (g *game) toAct() string {
	if o := g.Outcome(); o.Draw {
		return "Game over — draw: " + o.Reason
	} else if o.Over {
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
