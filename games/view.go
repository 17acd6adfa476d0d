package games

// View is a position as render draws it, with no knowledge of the variant:
// cells as polygons in board space, pieces on cells, marks on cells, and
// free text labels (coordinates, board titles). Board space has x to the
// right and y downwards; render scales it to fit the picture. A variant
// with two sides produces the view already turned to the acting player.
//
// Variant, MoveNumber, ToAct and Status are text for the caller to show
// beside the picture (the message or embed); render does not draw them.
type View struct {
	Variant    string // display name
	MoveNumber int
	ToAct      string // e.g. "White to move (Player 1)", or "Game over: …"
	Status     string // optional second line, e.g. "2 moves left this turn"

	Cells  []Cell
	Pieces []PieceView
	Marks  []Mark
	Labels []Label
}

// Point is a position in board space.
type Point struct{ X, Y float64 }

// Shade is how a cell is filled.
type Shade int

const (
	ShadeLight Shade = iota
	ShadeDark
	ShadeAngle     // a light cell inside the Bermuda Chess Angle
	ShadeAngleDark // a dark cell inside the Angle
	ShadeCell      // a cell of a board without light/dark colouring (the triangular board)
)

// Cell is one place a piece can stand.
type Cell struct {
	Name    string  // canonical name used in notation ("e4", "E4", "17")
	Polygon []Point // outline in board space, in order
	Shade   Shade
	// Number is drawn inside the cell when non-empty (the triangular
	// board's 1–39); square boards leave it empty and label edges instead.
	Number string
}

// Center returns the mean of the cell's vertices, where a piece is drawn.
func (c Cell) Center() Point {
	var p Point
	for _, v := range c.Polygon {
		p.X += v.X
		p.Y += v.Y
	}
	n := float64(len(c.Polygon))
	if n == 0 {
		return p
	}
	return Point{p.X / n, p.Y / n}
}

// PieceKind names a kind of piece that render knows how to draw.
type PieceKind string

const (
	King        PieceKind = "king"
	Queen       PieceKind = "queen"
	Rook        PieceKind = "rook"
	Bishop      PieceKind = "bishop"
	Knight      PieceKind = "knight"
	Pawn        PieceKind = "pawn"
	Ship        PieceKind = "ship"
	Bede        PieceKind = "bede"
	Chancellor  PieceKind = "chancellor"
	Jester      PieceKind = "jester"
	Zebra       PieceKind = "zebra"
	Squire      PieceKind = "squire"
	Schrodinger PieceKind = "schrodinger" // an undecided king/bishop
)

// AllPieceKinds lists every kind, for legends and tests.
var AllPieceKinds = []PieceKind{King, Queen, Rook, Bishop, Knight, Pawn, Ship, Bede, Chancellor, Jester, Zebra, Squire, Schrodinger}

// PieceView is a piece on a cell. Ghost pieces are drawn faintly: a piece
// that vanished on this cell during the last move.
type PieceView struct {
	Cell  int // index into View.Cells
	Kind  PieceKind
	Side  Side
	Ghost bool
}

// MarkKind is a highlight on a cell.
type MarkKind int

const (
	MarkFrom         MarkKind = iota // the last move's origin
	MarkTo                           // the last move's destination
	MarkPath                         // a cell the last move crossed (where it matters)
	MarkVanished                     // a piece vanished here
	MarkBoardChange                  // a piece dropped or climbed to this cell
	MarkAttackedKing                 // a king standing attacked here
	MarkDice                         // the cell the dice pointed at
)

// Mark highlights a cell.
type Mark struct {
	Cell int
	Kind MarkKind
}

// Label is text drawn in board space: coordinates and board titles.
type Label struct {
	Text string
	At   Point // centre of the text
	// Size is the text height in board units (0 means render's default,
	// about a third of a square).
	Size float64
}
