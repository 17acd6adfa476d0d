package lessons

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/bermudachess/bermuda/games"
)

// Lesson is one piece, White's, alone on an otherwise empty board of its
// variant (with the kings the rules need), and where it can go.
type Lesson struct {
	Variant  string
	Kind     games.PieceKind
	Setup    string // the position string the lesson starts from
	Square   string // where the piece stands
	Sentence string // how it moves, in one sentence
	Targets  []Target
	View     games.View // TargetsFrom the lesson position
}

// stage says how to build lesson positions of one variant.
type stage struct {
	letters map[games.PieceKind]byte // White's letter of each kind taught
	kings   map[string]byte          // what always stands on the board
	home    string                   // White's king square in kings
	// squares are where to put a piece of a kind, best first: the first
	// where the position is legal and the piece can move is taken.
	squares func(games.PieceKind) []string
	format  func(pieces map[string]byte) (string, error)
	// sentences override or extend the common ones.
	sentences map[games.PieceKind]string
	suffix    string // appended to every sentence
}

var fide = map[games.PieceKind]byte{games.King: 'K', games.Queen: 'Q', games.Rook: 'R', games.Bishop: 'B', games.Knight: 'N', games.Pawn: 'P'}

func with(m map[games.PieceKind]byte, extra map[games.PieceKind]byte) map[games.PieceKind]byte {
	out := maps.Clone(m)
	maps.Copy(out, extra)
	return out
}

// at puts pawns on pawn and everything else on the first of sqs that works.
func at(pawn string, sqs ...string) func(games.PieceKind) []string {
	return func(k games.PieceKind) []string {
		if k == games.Pawn {
			return []string{pawn}
		}
		return sqs
	}
}

// fen formats pieces (white upper case, black lower case) as the board
// field of a grid followed by tail.
func fen(files, ranks int, tail string) func(map[string]byte) (string, error) {
	g := games.Grid{Files: files, Ranks: ranks}
	return func(pieces map[string]byte) (string, error) {
		b, err := place(g, pieces, func(string) bool { return true })
		return b + " " + tail, err
	}
}

func place(g games.Grid, pieces map[string]byte, mine func(string) bool) (string, error) {
	sq := make([]byte, g.Files*g.Ranks)
	for name, p := range pieces {
		if !mine(name) {
			continue
		}
		i, ok := g.Parse(name)
		if !ok {
			return "", fmt.Errorf("lessons: no square %q", name)
		}
		sq[i] = p
	}
	return g.FormatBoard(sq), nil
}

// bermudaFEN places lower squares (a1–h8) and upper squares (A1–H8).
func bermudaFEN(pieces map[string]byte) (string, error) {
	g := games.Grid{Files: 8, Ranks: 8}
	lower, err := place(g, pieces, func(s string) bool { return s[0] >= 'a' })
	if err != nil {
		return "", err
	}
	upper, err := place(g, pieces, func(s string) bool { return s[0] < 'a' })
	return lower + "|" + upper + " w -|- - 0 1", err
}

// armies formats the triangular board's position: per army its pieces as
// letter and cell number; white upper case, black lower case, then tail.
func armies(tail string) func(map[string]byte) (string, error) {
	return func(pieces map[string]byte) (string, error) {
		var w, b []string
		for _, cell := range slices.Sorted(maps.Keys(pieces)) {
			p := pieces[cell]
			if p >= 'a' {
				b = append(b, string(p-'a'+'A')+cell)
			} else {
				w = append(w, string(p)+cell)
			}
		}
		return "W:" + strings.Join(w, ",") + " B:" + strings.Join(b, ",") + " " + tail, nil
	}
}

var triangleSentences = map[games.PieceKind]string{
	games.King:        "The king moves to the first cell of any rook or bishop line.",
	games.Rook:        "The rook slides round the ring of cells about either end of its cell's base edge, stopping at the first piece.",
	games.Bishop:      "The bishop slides along a line made by reflecting its cell through an end of its base edge.",
	games.Knight:      "The knight leaps a rook step and a bishop step, in either order: eight targets at most.",
	games.Pawn:        "The pawn steps to a neighbouring cell farther from its home corner and captures one bishop step farther.",
	games.Schrodinger: "An undecided piece moves as a king or as a bishop and you declare which as it moves; its twin becomes the other.",
}

var stages = map[string]stage{
	// A black pawn keeps the game alive: king and knight against a lone
	// king is a dead draw, which has no legal moves.
	"chess": {letters: fide, kings: map[string]byte{"e1": 'K', "e8": 'k', "h7": 'p'}, home: "e1",
		squares: at("d2", "d4"), format: fen(8, 8, "w - - 0 1")},
	"randommove": {letters: fide, kings: map[string]byte{"e1": 'K', "e8": 'k', "h7": 'p'}, home: "e1",
		squares: at("d2", "d4"), format: fen(8, 8, "w - - 0 1")},
	// Outside the Angle, so moves into it stand out.
	"angle": {letters: with(fide, map[games.PieceKind]byte{games.Ship: 'S'}), kings: map[string]byte{"f1": 'K', "f10": 'k'}, home: "f1",
		squares: at("e2", "e2"), format: fen(10, 10, "w - - 0 1"),
		sentences: map[games.PieceKind]string{games.Ship: "The Ship moves one or two squares in any of the eight directions and cannot pass an occupied square."},
		suffix:    " Magenta dots are moves into the Angle, where pieces may vanish."},
	"bede": {letters: map[games.PieceKind]byte{games.King: 'K', games.Queen: 'Q', games.Bede: 'B', games.Chancellor: 'C', games.Zebra: 'Z', games.Jester: 'J', games.Squire: 'S', games.Pawn: 'P'},
		kings: map[string]byte{"e1": 'K', "e11": 'k'}, home: "e1",
		squares: func(k games.PieceKind) []string {
			switch k {
			case games.Pawn:
				return []string{"e3"}
			case games.Squire:
				return []string{"e2"}
			}
			return []string{"e5", "d5"}
		},
		format: fen(9, 11, "w - - 0 1"),
		sentences: map[games.PieceKind]string{
			games.Pawn: "The pawn moves one or two diagonal steps forward, the middle square empty, and captures one step straight forward or sideways.",
		},
		suffix: " Until the game escalates, no piece may retreat towards its own side."},
	// On the upper board, where a piece may also drop.
	"bermuda": {letters: fide, kings: map[string]byte{"e1": 'K', "e8": 'k', "E1": 'K', "E8": 'k'}, home: "E1",
		squares: at("E2", "D4"), format: bermudaFEN,
		suffix: " From the upper board it may instead drop to the square beneath it (the teal dot)."},
	"beryl": {letters: map[games.PieceKind]byte{games.King: 'K', games.Rook: 'R', games.Bishop: 'B', games.Knight: 'N', games.Pawn: 'P'},
		kings: map[string]byte{"17": 'K', "20": 'k'}, home: "17",
		squares: at("22", "23", "19", "18", "24", "30"), format: armies("w 0 1"), sentences: triangleSentences},
	"spindecision": {letters: map[games.PieceKind]byte{games.King: 'K', games.Rook: 'R', games.Bishop: 'B', games.Knight: 'N', games.Pawn: 'P', games.Schrodinger: 'S'},
		kings: map[string]byte{"17": 'K', "20": 'k'}, home: "17",
		squares: at("22", "23", "19", "18", "24", "30"), format: armies("R:K1 1 - 0 1"), sentences: triangleSentences},
}

var sentences = map[games.PieceKind]string{
	games.King:       "The king steps one square in any direction.",
	games.Queen:      "The queen slides any distance along ranks, files and diagonals, stopping at the first piece.",
	games.Rook:       "The rook slides any distance along its rank or file, stopping at the first piece.",
	games.Bishop:     "The bishop slides any distance diagonally, stopping at the first piece.",
	games.Knight:     "The knight jumps to the nearest squares not on its rank, file or diagonal, over anything between.",
	games.Pawn:       "The pawn steps one square forward, two from its starting rank, and captures one square diagonally forward.",
	games.Bede:       "The Bede slides diagonally like a bishop, or jumps exactly two squares straight, over anything.",
	games.Chancellor: "The chancellor moves as a rook or as a knight.",
	games.Zebra:      "The zebra leaps two squares one way and three the other, over anything.",
	games.Squire:     "The squire takes one to three single steps forward, left or right, at least one forward, never through a piece; it captures one or two diagonal steps forward.",
	games.Jester:     "The Jester moves as the kind of piece your opponent just moved, so it cannot move before the opponent has moved.",
}

// Kinds lists the piece kinds PieceLesson teaches for variant, in the
// order of games.AllPieceKinds (for autocomplete).
func Kinds(variant string) ([]games.PieceKind, error) {
	v, err := games.Lookup(variant)
	if err != nil {
		return nil, err
	}
	st, ok := stages[v.ID]
	if !ok {
		return nil, fmt.Errorf("lessons: no piece lessons for %s", v.Name)
	}
	var out []games.PieceKind
	for _, k := range games.AllPieceKinds {
		if _, ok := st.letters[k]; ok {
			out = append(out, k)
		}
	}
	return out, nil
}

// PieceLesson puts White's piece of kind alone on an empty board of variant
// (with both kings, which the rules need) and shows where it can go.
func PieceLesson(variant string, kind games.PieceKind) (Lesson, error) {
	v, err := games.Lookup(variant)
	if err != nil {
		return Lesson{}, err
	}
	st, ok := stages[v.ID]
	if !ok {
		return Lesson{}, fmt.Errorf("lessons: no piece lessons for %s", v.Name)
	}
	letter, ok := st.letters[kind]
	if !ok {
		kinds, _ := Kinds(v.ID)
		names := make([]string, len(kinds))
		for i, k := range kinds {
			names[i] = string(k)
		}
		return Lesson{}, fmt.Errorf("%s has no %s; its pieces are %s", v.Name, kind, strings.Join(names, ", "))
	}
	var g games.Game
	var setup, sq string
	var problems []string
	for _, sq = range st.squares(kind) {
		pieces := maps.Clone(st.kings)
		switch kind {
		case games.King:
			delete(pieces, st.home)
		case games.Schrodinger:
			pieces[st.home] = letter // an undecided piece comes as a pair
		}
		pieces[sq] = letter
		if setup, err = st.format(pieces); err != nil {
			return Lesson{}, err
		}
		if g, err = games.NewGame(v.ID, setup); err != nil {
			problems = append(problems, fmt.Sprintf("%q: %v", setup, err))
			continue
		}
		if len(fromSquare(g.LegalMoves(), sq)) > 0 || kind == games.Jester {
			break
		}
		problems = append(problems, fmt.Sprintf("%q: no move from %s", setup, sq))
		g = nil
	}
	if g == nil {
		return Lesson{}, fmt.Errorf("lessons: no %s lesson position works: %s", kind, strings.Join(problems, "; "))
	}
	sentence := sentences[kind]
	if s, ok := st.sentences[kind]; ok {
		sentence = s
	}
	l := Lesson{Variant: v.ID, Kind: kind, Setup: setup, Square: sq, Sentence: sentence + st.suffix}
	l.Targets, err = Targets(g, sq)
	var none *NoMovesError
	switch {
	case err == nil:
		l.View, err = TargetsFrom(g, sq)
		if err != nil {
			return Lesson{}, err
		}
	case errors.As(err, &none):
		// The Jester before any move: the picture shows it standing still.
		l.View = g.View()
		l.View.Marks = []games.Mark{{Cell: cellIndexes(l.View)[sq], Kind: games.MarkSelected}}
	default:
		return Lesson{}, err
	}
	return l, nil
}

func fromSquare(legal []games.Move, sq string) []games.Move {
	var out []games.Move
	for _, m := range legal {
		if m.From == sq {
			out = append(out, m)
		}
	}
	return out
}
