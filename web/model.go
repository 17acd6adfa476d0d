package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/render"
	"github.com/bermudachess/bermuda/review"
)

// cellPx is the size the board's geometry is computed at: the SVG's
// viewBox is the PNG at this size, and the browser scales it.
const cellPx = 64

// model is everything a game page shows, computed from the stored game:
// every position of the game (pieces and marks, by cell), the board's
// geometry seen from each seat, the moves with their dice, and the
// review's graph. It is also the JSON the page's script reads (data).
type model struct {
	row     db.Game
	variant games.Variant
	final   games.Game
	views   []games.View // after each ply; views[0] is the start
	data    data
	graph   string    // the review's graph as SVG, "" without a review
	answers answers   // data.json's, encoded (dataJSON)
	read    time.Time // when its row was read (before the build began)
}

// data is the page's JSON. Short names keep the page small.
type data struct {
	ID       int64       `json:"id"`
	Variant  string      `json:"variant"`
	Name     string      `json:"name"`
	Players  [2]string   `json:"players"`
	Roles    [2]string   `json:"roles"`
	Who      [2]string   `json:"who"`    // who moved, in the move list: the role when short, else the name
	State    string      `json:"state"`  // active, finished, aborted
	Result   string      `json:"result"` // the end in words, "" while active
	Deadline int64       `json:"deadline,omitempty"`
	ToAct    int         `json:"toAct"` // the seat to act, -1 when over
	Start    []string    `json:"start,omitempty"`
	Moves    []moveData  `json:"moves"`
	Pos      []posData   `json:"pos"`
	Geo      [2]geoData  `json:"geo,omitzero"`
	Marks    []markStyle `json:"marks,omitempty"`
	From     int         `json:"from"` // Pos and Moves start at this ply (data.json?from=)
	Graph    bool        `json:"graph,omitempty"`
	Plies    int         `json:"plies"`
	PlainInk string      `json:"plainInk"` // number tags' text (render's plain cell colour)
}

type moveData struct {
	N     string   `json:"n"`           // notation
	Seat  int      `json:"s"`           // who played it
	No    int      `json:"no"`          // the move number it was played at
	Rolls []int    `json:"r,omitempty"` // the dice faces it rolled
	Dice  []string `json:"d,omitempty"` // what they did
	At    int64    `json:"at"`
}

// posData is one position: pieces as [cell, piece code, ghost], marks as
// [cell, kind], and the text to show with it.
type posData struct {
	P  [][3]int `json:"p"`
	M  [][2]int `json:"m,omitempty"`
	T  string   `json:"t"`
	St string   `json:"st,omitempty"`
}

// geoData is the board seen from one seat, in the PNG's pixels at cellPx.
type geoData struct {
	W      int        `json:"w"`
	H      int        `json:"h"`
	PP     int        `json:"pp"`
	Frame  string     `json:"frame"`
	NumPx  int        `json:"npx"`
	NumInk string     `json:"nink"`
	Cells  []cellData `json:"cells"`
	Labels []label    `json:"labels"`
	Ring   int        `json:"ring"` // a ring's width
	Die    int        `json:"die"`  // a die's side
	Glow   float64    `json:"glow"` // the radius of an attacked king's glow
}

type cellData struct {
	P  []float64  `json:"p"` // x0, y0, x1, y1, …
	C  [2]float64 `json:"c"`
	F  string     `json:"f"`
	N  string     `json:"n,omitempty"`
	Sq bool       `json:"sq,omitempty"`
	ID string     `json:"id"` // the cell's name in notation
}

type label struct {
	T  string  `json:"t"`
	X  float64 `json:"x"`
	Y  float64 `json:"y"`
	Px int     `json:"px"`
	C  string  `json:"c"`
}

type markStyle struct {
	Kind   int     `json:"k"`
	Tint   string  `json:"tint,omitempty"`
	Alpha  float64 `json:"a,omitempty"`
	Ring   string  `json:"ring,omitempty"`
	Dashed bool    `json:"dash,omitempty"`
	Glow   bool    `json:"glow,omitempty"`
	Die    bool    `json:"die,omitempty"`
}

// pieceCode numbers a kind and side for the page: kind index × 3 + side.
func pieceCode(k games.PieceKind, s games.Side) int {
	for i, kk := range games.AllPieceKinds {
		if kk == k {
			return i*3 + int(s)
		}
	}
	return len(games.AllPieceKinds)*3 + int(s) // drawn as the unknown piece
}

func pieceOfCode(code int) (games.PieceKind, games.Side) {
	i, s := code/3, games.Side(code%3)
	if i < len(games.AllPieceKinds) {
		return games.AllPieceKinds[i], s
	}
	return "unknown", s
}

// load builds the model of a stored game.
func load(ctx context.Context, st Store, id int64) (*model, error) {
	row, err := st.Game(ctx, id)
	if err != nil {
		return nil, err
	}
	moves, err := st.Moves(ctx, id)
	if err != nil {
		return nil, err
	}
	v, err := games.Lookup(row.Variant)
	if err != nil {
		return nil, err
	}
	rec := games.Record{Variant: row.Variant, Setup: row.Setup, StartRolls: row.StartRolls}
	for _, m := range moves {
		rec.Plies = append(rec.Plies, games.Ply{Move: m.Notation, Rolls: m.Rolls})
	}
	m := &model{row: row, variant: v}
	var states []games.Game
	var startDice []string
	final, err := games.ReplayEach(rec, func(s games.ReplayStep) {
		if s.Index < 0 {
			for _, e := range games.DiceEvents(s.Events) {
				startDice = append(startDice, plain(e.Text))
			}
		}
		states = append(states, s.Before)
	})
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", id, err)
	}
	if len(states) == 0 {
		return nil, errors.New("replay gave no start position")
	}
	// states[0] is the start (visited at index -1); the visit of ply i
	// repeats the position before it, which is states[i] already.
	seen := []games.Game{states[0]}
	for i := 2; i < len(states); i++ {
		seen = append(seen, states[i])
	}
	if len(moves) > 0 {
		seen = append(seen, final)
	} else {
		seen = []games.Game{final} // a game nobody moved in yet: its start only
	}
	m.final = final
	for _, g := range seen {
		m.views = append(m.views, g.View())
	}

	d := &m.data
	d.ID, d.Variant, d.Name, d.State, d.Plies = row.ID, v.ID, v.Name, row.State, len(moves)
	d.Roles = final.Roles()
	d.Start = startDice
	for p := 0; p < 2; p++ {
		d.Players[p] = playerName(ctx, st, row, p)
		d.Who[p] = d.Roles[p]
		if len(d.Who[p]) > 12 { // spIndecision's "wins by capturing clockwise"
			d.Who[p] = d.Players[p]
		}
	}
	d.ToAct = -1
	if row.State == "active" {
		d.ToAct = int(final.Turn().Player)
		if !row.Deadline.IsZero() {
			d.Deadline = row.Deadline.UnixMilli()
		}
	} else {
		d.Result = resultText(row, d.Players, d.Roles)
	}
	d.Moves = make([]moveData, 0, len(moves)) // [] before the first move, not null
	for i, mv := range moves {
		before := seen[i]
		d.Moves = append(d.Moves, moveData{N: mv.Notation, Seat: int(before.Turn().Player), No: before.Turn().MoveNumber,
			Rolls: mv.Rolls, Dice: plainAll(mv.Dice), At: mv.At.UnixMilli()})
	}
	for i, view := range m.views {
		pd := posData{T: plain(view.ToAct), St: plain(view.Status)}
		if i == len(m.views)-1 && d.Result != "" && !seen[i].Outcome().Over {
			pd.T = d.Result // ended outside the rules: resignation, time, agreement
		}
		for _, p := range view.Pieces {
			pd.P = append(pd.P, [3]int{p.Cell, pieceCode(p.Kind, p.Side), boolInt(p.Ghost)})
		}
		for _, mk := range view.Marks {
			if _, ok := styles[mk.Kind]; ok {
				pd.M = append(pd.M, [2]int{mk.Cell, int(mk.Kind)})
			}
		}
		d.Pos = append(d.Pos, pd)
	}
	geo, err := orientations(seen)
	if err != nil {
		return nil, err
	}
	d.Geo = geo
	d.Marks = markStyles
	d.PlainInk = render.PlainColour
	if rv, err := st.Review(ctx, id); err == nil && rv.State == "done" {
		var r review.Review
		if json.Unmarshal([]byte(rv.Data), &r) == nil && len(r.Plies) > 0 {
			m.graph = graphSVG(r)
			d.Graph = true
		}
	}
	return m, nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// plain drops the Markdown code marks the bot's texts carry.
func plain(s string) string { return strings.ReplaceAll(s, "`", "") }

func plainAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = plain(s)
	}
	return out
}

func playerName(ctx context.Context, st Store, row db.Game, seat int) string {
	if n, err := st.PlayerName(ctx, row.Players[seat]); err == nil && n != "" {
		return n
	}
	if row.ComputerLevel > 0 {
		return fmt.Sprintf("Computer (level %d)", row.ComputerLevel)
	}
	return fmt.Sprintf("Player %d", seat+1)
}

func resultText(row db.Game, names, roles [2]string) string {
	switch {
	case row.State == "aborted" || row.Reason == "aborted":
		return "Game aborted"
	case row.Winner == 0 || row.Winner == 1:
		return fmt.Sprintf("%s (%s) won — %s", names[row.Winner], roles[row.Winner], row.Reason)
	}
	if row.Reason != "" {
		return "Draw — " + row.Reason
	}
	return "Game over"
}

// The mark kinds the page draws (the game's own: teaching marks never
// appear in a game), with the PNG's styles.
var styles = func() map[games.MarkKind]render.MarkStyle {
	out := map[games.MarkKind]render.MarkStyle{}
	for k, s := range render.MarkStyles() {
		if k <= games.MarkLinked {
			out[k] = s
		}
	}
	return out
}()

var markStyles = func() []markStyle {
	var out []markStyle
	for k := games.MarkFrom; k <= games.MarkLinked; k++ {
		if s, ok := styles[k]; ok {
			out = append(out, markStyle{Kind: int(k), Tint: s.Tint, Alpha: s.Alpha, Ring: s.Ring, Dashed: s.Dashed, Glow: s.Glow, Die: s.Die})
		}
	}
	return out
}()

// orientations is the board seen from each seat. A variant turns its view
// to the player to act, so the view of a position where a seat acts is
// that seat's. A seat that never acted in the game (the start, a game
// ended at once) is found by playing on from a copy. A variant that never
// turns the board (the triangle: both armies already sit on its bottom
// edge) gets a half turn for the second seat, so the flip button always
// does something.
func orientations(states []games.Game) ([2]geoData, error) {
	var views [2]*games.View
	for _, g := range states {
		if g.Outcome().Over {
			continue
		}
		p := g.Turn().Player
		if p >= 0 && p < 2 && views[p] == nil {
			v := g.View()
			views[p] = &v
		}
	}
	for seat := 0; seat < 2; seat++ {
		if views[seat] != nil {
			continue
		}
		for _, g := range states {
			if v, ok := playUntilSeat(g, games.Player(seat)); ok {
				views[seat] = &v
				break
			}
		}
	}
	var out [2]geoData
	var geos [2]render.Geometry
	for seat := 0; seat < 2; seat++ {
		v := views[seat]
		if v == nil {
			v = views[1-seat]
		}
		if v == nil {
			vv := states[len(states)-1].View()
			v = &vv
		}
		g, err := render.GeometryOf(*v, cellPx)
		if err != nil {
			return out, err
		}
		geos[seat] = g
	}
	if sameCells(geos[0], geos[1]) {
		geos[1] = halfTurn(geos[0])
	}
	for seat := range geos {
		out[seat] = geoOf(geos[seat], views[seat], views[1-seat])
	}
	return out, nil
}

// playUntilSeat plays on from a copy of g (the first legal move, dice
// showing 1) until seat is to act, for at most 12 moves.
func playUntilSeat(g games.Game, seat games.Player) (games.View, bool) {
	c := g.Clone()
	for i := 0; i < 12; i++ {
		if c.Outcome().Over {
			return games.View{}, false
		}
		if c.Turn().Player == seat {
			return c.View(), true
		}
		ms := c.LegalMoves()
		if len(ms) == 0 {
			return games.View{}, false
		}
		if _, err := c.Play(ms[0], games.NewDice(ones{})); err != nil {
			return games.View{}, false
		}
	}
	return games.View{}, false
}

type ones struct{}

func (ones) Roll(int) (int, error) { return 1, nil }

func sameCells(a, b render.Geometry) bool {
	if len(a.Cells) != len(b.Cells) {
		return false
	}
	for i := range a.Cells {
		if a.Cells[i].Centre != b.Cells[i].Centre {
			return false
		}
	}
	return true
}

// halfTurn turns a geometry half round about its centre; texts stay
// upright.
func halfTurn(g render.Geometry) render.Geometry {
	w, h := float64(g.Width), float64(g.Height)
	out := g
	out.Cells = make([]render.CellGeometry, len(g.Cells))
	for i, c := range g.Cells {
		c.Centre = games.Point{X: w - c.Centre.X, Y: h - c.Centre.Y}
		poly := make([]games.Point, len(c.Poly))
		for j, p := range c.Poly {
			poly[j] = games.Point{X: w - p.X, Y: h - p.Y}
		}
		c.Poly = poly
		out.Cells[i] = c
	}
	out.Labels = make([]render.LabelGeometry, len(g.Labels))
	for i, l := range g.Labels {
		l.X, l.Y = w-l.X, h-l.Y
		out.Labels[i] = l
	}
	return out
}

func round2(v float64) float64 { return float64(int64(v*100+copysign(0.5, v))) / 100 }

func copysign(a, b float64) float64 {
	if b < 0 {
		return -a
	}
	return a
}

func geoOf(g render.Geometry, v, other *games.View) geoData {
	out := geoData{W: g.Width, H: g.Height, PP: g.PiecePx, Frame: g.Frame, NumPx: g.NumberPx, NumInk: g.NumberInk}
	names := v
	if names == nil {
		names = other
	}
	for i, c := range g.Cells {
		cd := cellData{C: [2]float64{round2(c.Centre.X), round2(c.Centre.Y)}, F: c.Fill, N: c.Number, Sq: c.Square}
		if names != nil && i < len(names.Cells) {
			cd.ID = names.Cells[i].Name
		}
		for _, p := range c.Poly {
			cd.P = append(cd.P, round2(p.X), round2(p.Y))
		}
		out.Cells = append(out.Cells, cd)
	}
	for _, l := range g.Labels {
		out.Labels = append(out.Labels, label{T: l.Text, X: round2(l.X), Y: round2(l.Y), Px: l.Px, C: l.Colour})
	}
	out.fill()
	return out
}

// deadlineText says how long the player to act has, as the page first
// shows it (the script keeps it current).
func deadlineText(deadline, now time.Time) string {
	left := deadline.Sub(now)
	if left <= 0 {
		return "time is up"
	}
	d := int(left.Hours()) / 24
	h := int(left.Hours()) % 24
	mn := int(left.Minutes()) % 60
	switch {
	case d > 0:
		return fmt.Sprintf("%dd %dh left", d, h)
	case h > 0:
		return fmt.Sprintf("%dh %dm left", h, mn)
	}
	return fmt.Sprintf("%dm left", max(mn, 1))
}
