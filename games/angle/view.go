package angle

import (
	"fmt"
	"strings"

	"github.com/bermudachess/bermuda/games"
)

var pieceKinds = [8]games.PieceKind{"", games.Pawn, games.Knight, games.Bishop, games.Rook, games.Queen, games.King, games.Ship}

// Diagram shows the board with empty squares of the Angle as ':' so
// players see where pieces may vanish.
func (g *Game) Diagram() string {
	b := g.pos.boardBytes()
	for i, sq := range playable {
		if b[i] == 0 && inAngle(sq) {
			b[i] = ':'
		}
	}
	return grid.Diagram(b) + "    (':' = empty square of the Angle, c3–h8)\n"
}

// View draws the board from the side to move, with the Angle shaded, the
// last move marked, vanished pieces as ghosts, the dice's square and any
// attacked king.
func (g *Game) View() games.View {
	flipped := g.pos.side == 1 && !g.outcome.Over
	cells, labels := grid.Cells(games.Point{}, flipped, nil)
	for i, sq := range playable {
		if inAngle(sq) {
			if cells[i].Shade == games.ShadeDark {
				cells[i].Shade = games.ShadeAngleDark
			} else {
				cells[i].Shade = games.ShadeAngle
			}
		}
	}
	v := games.View{
		Variant:    "The Bermuda Chess Angle",
		MoveNumber: g.pos.fullmove,
		Cells:      cells,
		Labels:     labels,
	}
	for i, sq := range playable {
		if pc := g.pos.board[sq]; pc != empty {
			v.Pieces = append(v.Pieces, games.PieceView{Cell: i, Kind: pieceKinds[pc&kindMask], Side: games.Side(colorOf(pc))})
		}
	}
	mark := func(sq int, k games.MarkKind) { v.Marks = append(v.Marks, games.Mark{Cell: gridIndex(sq), Kind: k}) }
	if g.last.from != 0 {
		mark(g.last.from, games.MarkFrom)
		mark(g.last.to, games.MarkTo)
		for _, sq := range g.last.path {
			mark(sq, games.MarkPath)
		}
	}
	var status []string
	if g.last.dice != 0 {
		mark(g.last.dice, games.MarkDice)
		status = append(status, fmt.Sprintf("Last BCAF `%d, %d` → %s", g.last.faces[0], g.last.faces[1], squareName(g.last.dice)))
	}
	for _, gh := range g.last.ghosts {
		v.Pieces = append(v.Pieces, games.PieceView{Cell: gridIndex(gh.sq), Kind: pieceKinds[gh.piece&kindMask],
			Side: games.Side(colorOf(gh.piece)), Ghost: true})
		mark(gh.sq, games.MarkVanished)
	}
	for s := uint8(0); s < 2; s++ {
		if k := g.pos.kingSquare(s); k != 0 && g.pos.attacked(k, s^1) {
			mark(k, games.MarkAttackedKing)
			status = append(status, sideNames[s]+"'s King is attacked")
		}
	}
	v.Status = strings.Join(status, " · ")
	if g.outcome.Over {
		if g.outcome.Draw {
			v.ToAct = "Game over — draw: " + g.outcome.Reason
		} else {
			v.ToAct = fmt.Sprintf("Game over — %s wins: %s", sideNames[g.outcome.Winner], g.outcome.Reason)
		}
	} else {
		v.ToAct = fmt.Sprintf("%s to move (%s)", sideNames[g.pos.side], games.Player(g.pos.side))
	}
	return v
}
