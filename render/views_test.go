package render

import (
	"math"
	"strconv"

	"github.com/bermudachess/bermuda/games"
)

// Synthetic views, built here so render is tested whatever variants exist.

// squareView lays out a files×ranks board with pieces from a FEN-like
// board field, using the core's grid geometry.
func squareView(name string, files, ranks int, field string, flipped bool) games.View {
	g := games.Grid{Files: files, Ranks: ranks}
	cells, labels := g.Cells(games.Point{}, flipped, nil)
	v := games.View{Variant: name, MoveNumber: 1, ToAct: "White to move (Player 1)", Cells: cells, Labels: labels}
	sq, err := g.ParseBoard(field, func(c byte) bool { return pieceOfLetter(c) != "" })
	if err != nil {
		panic(err)
	}
	for i, c := range sq {
		if c == 0 {
			continue
		}
		side := games.White
		if c >= 'a' {
			side = games.Black
		}
		v.Pieces = append(v.Pieces, games.PieceView{Cell: i, Kind: pieceOfLetter(c), Side: side})
	}
	return v
}

func pieceOfLetter(c byte) games.PieceKind {
	switch c | 0x20 {
	case 'k':
		return games.King
	case 'q':
		return games.Queen
	case 'r':
		return games.Rook
	case 'b':
		return games.Bishop
	case 'n':
		return games.Knight
	case 'p':
		return games.Pawn
	case 's':
		return games.Ship
	case 'e':
		return games.Bede
	case 'c':
		return games.Chancellor
	case 'j':
		return games.Jester
	case 'z':
		return games.Zebra
	case 'h':
		return games.Squire
	case 'u':
		return games.Schrodinger
	}
	return ""
}

// cellIndex finds a cell by name.
func cellIndex(v games.View, name string) int {
	for i, c := range v.Cells {
		if c.Name == name {
			return i
		}
	}
	panic("no cell " + name)
}

func chessView() games.View {
	v := squareView("Chess", 8, 8, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R", false)
	v.MoveNumber = 3
	v.Marks = []games.Mark{{Cell: cellIndex(v, "b8"), Kind: games.MarkFrom}, {Cell: cellIndex(v, "c6"), Kind: games.MarkTo}}
	return v
}

// angleView is a 10×10 mid-game with the Angle shaded, a last move with a
// path, a vanished piece, an attacked king and the dice's square.
func angleView() games.View {
	v := squareView("The Bermuda Chess Angle", 10, 10,
		"r1bsqk1bnr/pp2p1pppp/2n7/2pp1p4/10/3P6/4PN4/PPP1sPPPPP/RNBSQK1B1R/10", false)
	g := games.Grid{Files: 10, Ranks: 10}
	for i := range v.Cells {
		f, r := g.Coords(i)
		if f >= 2 && f <= 7 && r >= 2 && r <= 7 {
			if v.Cells[i].Shade == games.ShadeDark {
				v.Cells[i].Shade = games.ShadeAngleDark
			} else {
				v.Cells[i].Shade = games.ShadeAngle
			}
		}
	}
	v.MoveNumber = 12
	v.ToAct = "Black to move (Player 2)"
	v.Status = "King attacked on f10"
	c := func(n string) int { return cellIndex(v, n) }
	v.Pieces = append(v.Pieces, games.PieceView{Cell: c("e6"), Kind: games.Knight, Side: games.Black, Ghost: true})
	v.Marks = []games.Mark{
		{Cell: c("h3"), Kind: games.MarkFrom}, {Cell: c("g4"), Kind: games.MarkPath}, {Cell: c("f5"), Kind: games.MarkTo},
		{Cell: c("e6"), Kind: games.MarkVanished}, {Cell: c("e6"), Kind: games.MarkDice},
		{Cell: c("f10"), Kind: games.MarkAttackedKing},
	}
	return v
}

// bedeView is the 9×11 Bede Chess start with its fairy pieces.
func bedeView() games.View {
	v := squareView("Bede Chess", 9, 11, "eecqkjcze/hhhhhhhhh/ppppppppp/9/9/9/9/9/PPPPPPPPP/HHHHHHHHH/EZCJKQCEE", true)
	v.ToAct = "Black to move (Player 2)"
	return v
}

// twoBoardView puts two 8×8 boards side by side with titles, the lower
// board left, as Bermuda chess does.
func twoBoardView() games.View {
	g := games.Grid{Files: 8, Ranks: 8}
	lower, ll := g.Cells(games.Point{}, false, nil)
	upper, ul := g.Cells(games.Point{X: 9, Y: 0}, false, func(sq int) string {
		return string(rune('A'+sq%8)) + strconv.Itoa(sq/8+1)
	})
	v := games.View{Variant: "Bermuda chess", MoveNumber: 5, ToAct: "White to move (Player 1)", Status: "White's upper knight dropped to d4"}
	v.Cells = append(lower, upper...)
	v.Labels = append(append(ll, ul...),
		games.Label{Text: "Lower board (humans)", At: games.Point{X: 4, Y: -0.45}, Size: 0.32},
		games.Label{Text: "Upper board (aliens)", At: games.Point{X: 13, Y: -0.45}, Size: 0.32})
	back := []games.PieceKind{games.Rook, games.Knight, games.Bishop, games.Queen, games.King, games.Bishop, games.Knight, games.Rook}
	for base := 0; base <= 64; base += 64 {
		for f := 0; f < 8; f++ {
			v.Pieces = append(v.Pieces,
				games.PieceView{Cell: base + f, Kind: back[f], Side: games.White},
				games.PieceView{Cell: base + 8 + f, Kind: games.Pawn, Side: games.White},
				games.PieceView{Cell: base + 48 + f, Kind: games.Pawn, Side: games.Black},
				games.PieceView{Cell: base + 56 + f, Kind: back[f], Side: games.Black})
		}
	}
	v.Pieces[1].Cell = 27 // a lower knight dropped to d4
	v.Marks = []games.Mark{{Cell: 64 + 1, Kind: games.MarkFrom}, {Cell: 27, Kind: games.MarkTo}, {Cell: 27, Kind: games.MarkBoardChange}}
	return v
}

// triangleView is a 39-cell triangular board: a triangle of side 4 with
// its corners cut, each unit triangle split in three at its centroid.
func triangleView() games.View {
	h := math.Sqrt(3) / 2
	pt := func(a, b float64) games.Point { return games.Point{X: a + b/2, Y: (4 - b) * h} }
	cut := func(a, b int) bool { return (a == 0 && b == 0) || (a == 4 && b == 0) || (a == 0 && b == 4) }
	var tris [][3]games.Point
	for a := 0; a < 4; a++ {
		for b := 0; a+b < 4; b++ {
			// Upward triangle (a,b),(a+1,b),(a,b+1).
			if !cut(a, b) && !cut(a+1, b) && !cut(a, b+1) {
				tris = append(tris, [3]games.Point{pt(float64(a), float64(b)), pt(float64(a+1), float64(b)), pt(float64(a), float64(b+1))})
			}
			// Downward triangle (a+1,b),(a+1,b+1),(a,b+1).
			if a+b+2 <= 4 {
				tris = append(tris, [3]games.Point{pt(float64(a+1), float64(b)), pt(float64(a+1), float64(b+1)), pt(float64(a), float64(b+1))})
			}
		}
	}
	v := games.View{Variant: "spIndecision Beryl", MoveNumber: 4, ToAct: "Player 1 to move: any army but Red", Status: "Undecided kings: 3"}
	for _, t := range tris {
		g := games.Point{X: (t[0].X + t[1].X + t[2].X) / 3, Y: (t[0].Y + t[1].Y + t[2].Y) / 3}
		for i := 0; i < 3; i++ {
			v.Cells = append(v.Cells, games.Cell{Polygon: []games.Point{t[i], t[(i+1)%3], g}, Shade: games.ShadeCell})
		}
	}
	for i := range v.Cells {
		v.Cells[i].Number = strconv.Itoa(i + 1)
		v.Cells[i].Name = v.Cells[i].Number
	}
	kinds := []games.PieceKind{games.Rook, games.Knight, games.Pawn, games.Schrodinger, games.Bishop, games.King, games.Queen}
	sides := []games.Side{games.White, games.Black, games.Red}
	for i := 0; i < len(v.Cells); i += 3 {
		v.Pieces = append(v.Pieces, games.PieceView{Cell: i, Kind: kinds[(i/3)%len(kinds)], Side: sides[(i/3)%3]})
	}
	v.Marks = []games.Mark{{Cell: 3, Kind: games.MarkFrom}, {Cell: 4, Kind: games.MarkTo}, {Cell: 9, Kind: games.MarkAttackedKing}, {Cell: 10, Kind: games.MarkDice}, {Cell: 12, Kind: games.MarkBoardChange}}
	return v
}
