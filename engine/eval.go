package engine

import "github.com/bermudachess/bermuda/games"

// pieceValues are the generic piece values, in hundredths of a pawn: the
// usual chess values and our estimates for the fairy pieces. A variant with
// a table fitted to self-play (fittedValues, values_fitted.go) uses it for
// the kinds it fits; every other kind, and every variant without a table
// (a new one included), uses these. Self-play tuning starts from them. The
// king's value only counts where kings can be lost without the game ending
// at once being the rule (the Angle's vanishing, Bermuda chess captures):
// elsewhere both sides always have one, and it cancels.
var pieceValues = map[games.PieceKind]int{
	games.Pawn:        100,
	games.Knight:      310,
	games.Bishop:      330,
	games.Rook:        500,
	games.Queen:       950,
	games.King:        2000,
	games.Ship:        420,
	games.Bede:        520,
	games.Chancellor:  850,
	games.Jester:      400,
	games.Zebra:       260,
	games.Squire:      140,
	games.Schrodinger: 1100,
}

// unknownValue is what a kind the table does not know is worth, so that a
// new variant's new piece still counts as something.
const unknownValue = 300

// dangerShare is the part of a piece's value counted as lost in advance when
// it stands on a cell the dice can name (the Angle's squares): roughly the
// chance that one of the next few rolls names it.
const dangerShare = 0.06

// evaluator scores positions for the player to act. It sees games only
// through the Game interface and the optional games.PieceLister and
// games.SideOwner; it keeps nothing shared between searches.
type evaluator struct {
	danger map[string]bool // cells a die can name
	pieces []games.PieceAt
	sides  int
	values map[games.PieceKind]int
}

func newEvaluator(g games.Game, values map[games.PieceKind]int) *evaluator {
	if values == nil {
		values = variantValues(g.Variant())
	}
	ev := &evaluator{values: values, danger: map[string]bool{}}
	if v, err := games.Lookup(g.Variant()); err == nil {
		ev.sides = len(v.Sides)
	}
	if ev.sides == 0 {
		ev.sides = 2
	}
	for _, c := range g.View().Cells {
		if c.Shade == games.ShadeAngle || c.Shade == games.ShadeAngleDark {
			ev.danger[c.Name] = true
		}
	}
	return ev
}

func (ev *evaluator) value(k games.PieceKind) int {
	if v, ok := ev.values[k]; ok {
		return v
	}
	return unknownValue
}

// piecesOf lists g's pieces, through PieceLister when the game has it.
func (ev *evaluator) piecesOf(g games.Game) []games.PieceAt {
	ev.pieces = ev.pieces[:0]
	if pl, ok := g.(games.PieceLister); ok {
		ev.pieces = pl.AppendPieces(ev.pieces)
		return ev.pieces
	}
	v := g.View()
	for _, p := range v.Pieces {
		if p.Ghost || p.Cell < 0 || p.Cell >= len(v.Cells) {
			continue
		}
		ev.pieces = append(ev.pieces, games.PieceAt{Cell: v.Cells[p.Cell].Name, Kind: p.Kind, Side: p.Side})
	}
	return ev.pieces
}

// board maps cells to pieces, for telling captures apart.
func (ev *evaluator) board(g games.Game) map[string]games.PieceAt {
	ps := ev.piecesOf(g)
	m := make(map[string]games.PieceAt, len(ps))
	for _, p := range ps {
		m[p.Cell] = p
	}
	return m
}

// owner says which player moves side s in g.
func owner(g games.Game, s games.Side, sides int) games.Player {
	if so, ok := g.(games.SideOwner); ok {
		return so.Owner(s)
	}
	roles := g.Roles()
	for p, r := range roles {
		if r == s.String() {
			return games.Player(p)
		}
	}
	if sides == 2 && (s == games.White || s == games.Black) {
		return games.Player(s)
	}
	return games.NoPlayer
}

// evaluateGame is material (less a share for pieces standing where the
// dice can strike) for the player to act, minus the opponent's.
func (ev *evaluator) evaluateGame(g games.Game) int {
	return ev.materialFor(g, g.Turn().Player)
}

// materialFor is evaluateGame for player me, whoever acts.
func (ev *evaluator) materialFor(g games.Game, me games.Player) int {
	var own [4]games.Player
	for s := range own {
		own[s] = owner(g, games.Side(s), ev.sides)
	}
	score := 0.0
	for _, p := range ev.piecesOf(g) {
		if p.Side < 0 || int(p.Side) >= len(own) {
			continue
		}
		v := float64(ev.value(p.Kind))
		if ev.danger[p.Cell] {
			v *= 1 - dangerShare
		}
		switch own[p.Side] {
		case me:
			score += v
		case games.NoPlayer:
		default:
			score -= v
		}
	}
	return int(score)
}

// variantTables merges each fitted table over the generic one, once.
var variantTables = func() map[string]map[games.PieceKind]int {
	out := map[string]map[games.PieceKind]int{}
	for id, fitted := range fittedValues {
		t := make(map[games.PieceKind]int, len(pieceValues)+len(fitted))
		for k, v := range pieceValues {
			t[k] = v
		}
		for k, v := range fitted {
			t[k] = v
		}
		out[id] = t
	}
	return out
}()

// variantValues is the table the engine plays variant with.
func variantValues(variant string) map[games.PieceKind]int {
	if t, ok := variantTables[variant]; ok {
		return t
	}
	return pieceValues
}
