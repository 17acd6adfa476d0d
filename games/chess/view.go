package chess

import "github.com/bermudachess/bermuda/games"

var viewKinds = [6]games.PieceKind{games.Pawn, games.Knight, games.Bishop, games.Rook, games.Queen, games.King}

// View shows the position from the side to move, with a header saying who
// is to move or how the game ended.
func (g *Game) View() games.View {
	toAct := colourName(g.pos.stm) + " to move"
	status := ""
	if o := g.Outcome(); o.Over {
		toAct = "Game over — " + describeOutcome(o)
	} else if g.InCheck() {
		status = colourName(g.pos.stm) + " is in check"
	}
	return g.ViewWith(toAct, status, g.pos.fullmove)
}

// ViewWith is the view with a header the caller supplies (Random Move
// Number Chess has its own turn and move counting). The board is turned to
// Black's side when Black is to move; the last move's squares and a
// checked king are marked.
func (g *Game) ViewWith(toAct, status string, moveNumber int) games.View {
	cells, labels := grid.Cells(games.Point{}, g.pos.stm == black, nil)
	v := games.View{
		Variant:    "Chess",
		MoveNumber: moveNumber,
		ToAct:      toAct,
		Status:     status,
		Cells:      cells,
		Labels:     labels,
	}
	for sq, pc := range g.pos.board {
		if pc != 0 {
			v.Pieces = append(v.Pieces, games.PieceView{Cell: sq, Kind: viewKinds[pc.kind()], Side: games.Side(pc.colour())})
		}
	}
	if g.lastFrom >= 0 {
		v.Marks = append(v.Marks, games.Mark{Cell: g.lastFrom, Kind: games.MarkFrom}, games.Mark{Cell: g.lastTo, Kind: games.MarkTo})
	}
	if g.InCheck() {
		v.Marks = append(v.Marks, games.Mark{Cell: g.pos.kingSquare(g.pos.stm), Kind: games.MarkAttackedKing})
	}
	return v
}
