package games

import (
	"fmt"
	"strconv"
	"strings"
)

// Grid is a rectangular board of Files×Ranks squares named like chess
// squares: files a, b, …; ranks 1, 2, … (multi-digit on tall boards).
// Square index = rank*Files + file, both 0-based, rank 0 being rank 1.
type Grid struct {
	Files, Ranks int
}

// Index returns the square index of (file, rank), 0-based.
func (g Grid) Index(file, rank int) int { return rank*g.Files + file }

// Coords splits a square index into file and rank.
func (g Grid) Coords(sq int) (file, rank int) { return sq % g.Files, sq / g.Files }

// On reports whether (file, rank) is on the board.
func (g Grid) On(file, rank int) bool {
	return file >= 0 && file < g.Files && rank >= 0 && rank < g.Ranks
}

// squareNames holds the names of the squares of boards up to 26×26, by
// file and rank: move lists name two squares per move, and building each
// name anew was a large part of what LegalMoves cost.
var squareNames = func() *[26][26]string {
	var t [26][26]string
	for f := range t {
		for r := range t[f] {
			t[f][r] = string(rune('a'+f)) + strconv.Itoa(r+1)
		}
	}
	return &t
}()

// Name returns the square's name, e.g. "e4" or "j10".
func (g Grid) Name(sq int) string {
	f, r := g.Coords(sq)
	if uint(f) < 26 && uint(r) < 26 {
		return squareNames[f][r]
	}
	return string(rune('a'+f)) + strconv.Itoa(r+1)
}

// Parse reads a square name (case-insensitive file letter).
func (g Grid) Parse(s string) (int, bool) {
	if len(s) < 2 {
		return 0, false
	}
	c := s[0] | 0x20
	f := int(c) - 'a'
	r, err := strconv.Atoi(s[1:])
	if err != nil || !g.On(f, r-1) || s[1] == '0' || s[1] == '+' || s[1] == '-' {
		return 0, false
	}
	return g.Index(f, r-1), true
}

// ParseBoard reads the board field of a FEN-like string: ranks from the top
// (highest) down, separated by '/', pieces as letters, runs of empty
// squares as decimal numbers that may have several digits ("10"). It
// returns one byte per square by index, 0 for empty. isPiece says which
// letters are allowed.
func (g Grid) ParseBoard(field string, isPiece func(byte) bool) ([]byte, error) {
	rows := strings.Split(field, "/")
	if len(rows) != g.Ranks {
		return nil, fmt.Errorf("board has %d ranks, want %d separated by '/'", len(rows), g.Ranks)
	}
	out := make([]byte, g.Files*g.Ranks)
	for i, row := range rows {
		rank := g.Ranks - 1 - i
		file := 0
		for j := 0; j < len(row); {
			c := row[j]
			switch {
			case c >= '1' && c <= '9':
				k := j
				for k < len(row) && row[k] >= '0' && row[k] <= '9' {
					k++
				}
				n, _ := strconv.Atoi(row[j:k])
				file += n
				j = k
			case isPiece(c):
				if file >= g.Files {
					return nil, fmt.Errorf("rank %d has more than %d squares", rank+1, g.Files)
				}
				out[g.Index(file, rank)] = c
				file++
				j++
			default:
				return nil, fmt.Errorf("rank %d: %q is not a piece letter or a count of empty squares", rank+1, string(c))
			}
		}
		if file != g.Files {
			return nil, fmt.Errorf("rank %d describes %d squares, want %d", rank+1, file, g.Files)
		}
	}
	return out, nil
}

// FormatBoard writes squares (0 = empty) as a FEN board field.
func (g Grid) FormatBoard(squares []byte) string {
	var b strings.Builder
	for rank := g.Ranks - 1; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < g.Files; file++ {
			c := squares[g.Index(file, rank)]
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			b.WriteByte(c)
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	return b.String()
}

// Diagram draws squares (0 = empty, shown '.') as text with coordinates,
// rank Ranks at the top.
func (g Grid) Diagram(squares []byte) string {
	var b strings.Builder
	for rank := g.Ranks - 1; rank >= 0; rank-- {
		fmt.Fprintf(&b, "%2d ", rank+1)
		for file := 0; file < g.Files; file++ {
			c := squares[g.Index(file, rank)]
			if c == 0 {
				c = '.'
			}
			b.WriteByte(' ')
			b.WriteByte(c)
		}
		b.WriteByte('\n')
	}
	b.WriteString("   ")
	for file := 0; file < g.Files; file++ {
		b.WriteByte(' ')
		b.WriteByte(byte('a' + file))
	}
	b.WriteByte('\n')
	return b.String()
}

// Cells lays the grid out in board space as unit squares whose top-left
// corner of the whole board is at origin, with a1 dark as in chess. Cell i
// is square index i, named by name (nil means Grid.Name). flipped turns the
// board half round (Black's view). It also returns coordinate labels along
// the left and bottom edges.
func (g Grid) Cells(origin Point, flipped bool, name func(sq int) string) ([]Cell, []Label) {
	if name == nil {
		name = g.Name
	}
	cells := make([]Cell, g.Files*g.Ranks)
	for sq := range cells {
		f, r := g.Coords(sq)
		col, row := f, g.Ranks-1-r
		if flipped {
			col, row = g.Files-1-f, r
		}
		x, y := origin.X+float64(col), origin.Y+float64(row)
		shade := ShadeLight
		if (f+r)%2 == 0 {
			shade = ShadeDark
		}
		cells[sq] = Cell{
			Name:    name(sq),
			Polygon: []Point{{x, y}, {x + 1, y}, {x + 1, y + 1}, {x, y + 1}},
			Shade:   shade,
		}
	}
	var labels []Label
	for f := 0; f < g.Files; f++ {
		col := f
		if flipped {
			col = g.Files - 1 - f
		}
		n := name(g.Index(f, 0))
		labels = append(labels, Label{Text: n[:1], At: Point{origin.X + float64(col) + 0.5, origin.Y + float64(g.Ranks) + 0.3}})
	}
	for r := 0; r < g.Ranks; r++ {
		row := g.Ranks - 1 - r
		if flipped {
			row = r
		}
		n := name(g.Index(0, r))
		labels = append(labels, Label{Text: n[1:], At: Point{origin.X - 0.3, origin.Y + float64(row) + 0.5}})
	}
	return cells, labels
}
