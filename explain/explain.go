// Package explain puts a judged move of a game review into words, in the
// variant's own terms: what the move allowed (the material the engine's
// refutation wins, or the mate it leads to), what it missed (a mate at
// once, or what the better move does), and what the variant's own rules did
// along the way (the Angle's dice, Bermuda chess's drops and climbs, a
// Jester's copy, an spIndecision declaration, a lost turn in Random Move
// Number Chess). It is pure: it imports games and review, and learns
// everything by replaying moves with games.Apply and reading their events,
// so it cannot disagree with the rules.
package explain

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode"

	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/review"
)

// Moment is one judged move with what the explanation needs around it.
type Moment struct {
	Before games.Game    // the position the move was played in
	After  games.Game    // the position after it, its dice as they fell
	Events []games.Event // what the move caused, as games.Apply reported it
	Ply    review.Ply
}

// maxLine is how many moves of the engine's line a sentence shows at most.
const maxLine = 8

// Plies explains the plies of rec that plies name (a review's rows), keyed
// by their ply index; a row the record does not reach is left out. Rows
// without a judgement get no sentence.
func Plies(rec games.Record, plies []review.Ply) (map[int]string, error) {
	want := map[int]review.Ply{}
	for _, p := range plies {
		if p.Judgement != "" {
			want[p.Ply] = p
		}
	}
	out := map[int]string{}
	if len(want) == 0 {
		return out, nil
	}
	var pending *Moment
	final, err := games.ReplayEach(rec, func(s games.ReplayStep) {
		if s.Index < 0 {
			return
		}
		if pending != nil {
			pending.After = s.Before
			out[pending.Ply.Ply] = Explain(*pending)
			pending = nil
		}
		if p, ok := want[s.Index]; ok {
			pending = &Moment{Before: s.Before, Events: s.Events, Ply: p}
		}
	})
	if err != nil {
		return nil, err
	}
	if pending != nil {
		pending.After = final
		out[pending.Ply.Ply] = Explain(*pending)
	}
	return out, nil
}

// Explain is one judged move in one to three plain sentences, e.g.
// "6.Nxd5?? loses a knight for a pawn: 6…Nxd5! 7.Bxd8 Bb4+. Instead, 6.Nc3
// would have kept the balance." It is "" when there is nothing to say (a
// move with no judgement).
func Explain(m Moment) string {
	if m.Before == nil || m.Ply.Judgement == "" {
		return ""
	}
	e := newExplainer(m)
	if e == nil {
		return ""
	}
	var out []string
	out = append(out, e.allowed())
	if s := e.angle(); s != "" {
		out = append(out, s)
	}
	if s := e.happened(); s != "" {
		out = append(out, s)
	}
	if s := e.better(); s != "" {
		out = append(out, s)
	}
	return strings.Join(slices.DeleteFunc(out, func(s string) bool { return s == "" }), " ")
}

// explainer holds one moment's replays.
type explainer struct {
	m      Moment
	played games.Move
	mover  games.Player
	side   games.Side
	// piece is the kind of piece the move played moved.
	piece games.PieceKind
	after games.Game
	line  []step // the refutation, replayed from after
}

// step is one move of a replayed line.
type step struct {
	before  games.Game
	move    games.Move
	after   games.Game
	events  []games.Event
	written string // as players write it, with its move number
	piece   games.PieceKind
}

func newExplainer(m Moment) *explainer {
	mv, ok := legal(m.Before, m.Ply.Move)
	if !ok {
		return nil
	}
	e := &explainer{m: m, played: mv, mover: m.Before.Turn().Player, side: mv.Side, piece: pieceOn(m.Before, mv.From).Kind}
	e.after = m.After
	if e.after == nil {
		next, _, evs, err := games.Apply(m.Before, m.Ply.Move, likeliest(m.Before, mv, ""))
		if err != nil {
			return nil
		}
		e.after, e.m.Events = next, evs
	}
	e.line = replay(e.after, m.Ply.Refutation)
	return e
}

// replay plays line from g as far as it stays legal. Dice, where a move
// rolls them, fall the likeliest way that lets the line go on (the Angle's
// dice naming an empty square, a throw granting the moves the line plays).
func replay(g games.Game, line []string) []step {
	var out []step
	for i, n := range line {
		if g.Outcome().Over {
			break
		}
		mv, ok := legal(g, n)
		if !ok {
			break
		}
		nextWord := ""
		if i+1 < len(line) {
			nextWord = line[i+1]
		}
		next, _, evs, err := games.Apply(g, n, likeliest(g, mv, nextWord))
		if err != nil {
			break
		}
		out = append(out, step{before: g, move: mv, after: next, events: evs, written: numbered(g, mv), piece: pieceOn(g, mv.From).Kind})
		g = next
	}
	return out
}

// likeliest is a roller for playing m in g: the faces of the likeliest
// way its dice can fall (outcomes leading to the same position counted
// together) among those after which next, if given, is legal.
func likeliest(g games.Game, m games.Move, next string) games.Roller {
	outs, err := games.RollOutcomes(g, m, 3)
	if err != nil || len(outs) == 0 {
		return nil
	}
	if len(outs) == 1 {
		return games.Script(outs[0].Rolls...)
	}
	type group struct {
		p     float64
		rolls []int
		fits  bool
	}
	var order []string
	groups := map[string]*group{}
	for _, o := range outs {
		k := o.Game.Key()
		gr, ok := groups[k]
		if !ok {
			fits := true
			if next != "" {
				_, fits = legal(o.Game, next)
			}
			gr = &group{rolls: o.Rolls, fits: fits}
			groups[k] = gr
			order = append(order, k)
		}
		gr.p += o.Probability
	}
	var best *group
	for _, k := range order {
		gr := groups[k]
		if best == nil || (gr.fits && !best.fits) || (gr.fits == best.fits && gr.p > best.p+1e-12) {
			best = gr
		}
	}
	return games.Script(best.rolls...)
}

// legal finds the legal move of g whose notation is n.
func legal(g games.Game, n string) (games.Move, bool) {
	if g == nil || g.Outcome().Over {
		return games.Move{}, false
	}
	for _, m := range g.LegalMoves() {
		if m.Notation == n {
			return m, true
		}
	}
	return games.Move{}, false
}

// Written is a move of g as players write it: SAN where the variant has
// it (the label's "Nf3" in "Nf3 (knight g1→f3)", or the Angle's first
// alias), else the notation /move takes ("b1d4", "8-10=K").
func Written(g games.Game, notation string) string {
	m, ok := legal(g, notation)
	if !ok {
		return notation
	}
	return written(m)
}

func written(m games.Move) string {
	// SAN before a closing parenthesis: "Nf3 (knight g1→f3)", not
	// Bede's "Jester (as zebra) f11→h8".
	if i := strings.LastIndex(m.Label, " ("); i > 0 && strings.HasSuffix(m.Label, ")") && !strings.Contains(m.Label[:i], " ") {
		return m.Label[:i]
	}
	if len(m.Aliases) > 0 && m.Aliases[0] != "" && unicode.IsLetter(rune(m.Aliases[0][0])) {
		return m.Aliases[0] // the Angle's SAN
	}
	return m.Notation
}

// numbered is a move with its move number as players write it: "6.Nf3"
// for the first player's (White's) move, "6…Nf6" for the second's.
func numbered(g games.Game, m games.Move) string {
	w := written(m)
	sep := ""
	if w != "" && unicode.IsDigit(rune(w[0])) {
		sep = " " // "1. 2-14", not "1.2-14", where cells are numbers
	}
	return fmt.Sprintf("%d%s%s%s", g.Turn().MoveNumber, dots(g, m), sep, w)
}

func dots(g games.Game, m games.Move) string {
	if second(g, m) {
		return "…"
	}
	return "."
}

// second says whether m is the second player's move (Black's).
func second(g games.Game, m games.Move) bool {
	if len(g.Turn().Sides) > 1 { // spIndecision: armies belong to no one
		return g.Turn().Player == games.Player2
	}
	return m.Side == games.Black
}

// lineText writes steps as a line, "6…Nxd5! 7.Bxd8 Bb4+", the first move
// marked mark, the number shown before the first player's moves and where
// the order breaks.
func lineText(steps []step, mark string) string {
	var b strings.Builder
	for i, s := range steps {
		if i > 0 {
			b.WriteString(" ")
		}
		sec := second(s.before, s.move)
		if i == 0 || !sec || second(steps[i-1].before, steps[i-1].move) {
			b.WriteString(s.written)
		} else {
			b.WriteString(written(s.move))
		}
		if i == 0 && !strings.HasSuffix(s.written, "#") {
			b.WriteString(mark)
		}
	}
	return b.String()
}

// symbol is the annotation of a judgement.
func symbol(j string) string {
	switch j {
	case review.Blunder:
		return "??"
	case review.Mistake:
		return "?"
	case review.Inaccuracy:
		return "?!"
	}
	return ""
}

// playedText is the move played with its number and annotation.
func (e *explainer) playedText() string {
	return numbered(e.m.Before, e.played) + symbol(e.m.Ply.Judgement)
}

// allowed says what the move allowed: a forced loss, or the material the
// refutation wins, or, failing both, the engine's line.
func (e *explainer) allowed() string {
	played := e.playedText()
	var missed string
	if mate := e.bestMates(); mate != "" {
		missed = " misses " + mate
	}
	if len(e.line) == 0 {
		if missed != "" {
			return played + missed + "."
		}
		return ""
	}
	// The game's end along the line.
	last := e.line[len(e.line)-1]
	if o := last.after.Outcome(); o.Over && !o.Draw && o.Winner != e.mover {
		n := 0
		for _, s := range e.line {
			if s.before.Turn().Player != e.mover {
				n++
			}
		}
		what := fmt.Sprintf("allows mate in %d", n)
		if !strings.Contains(strings.ToLower(o.Reason), "mate") {
			what = fmt.Sprintf("loses by force in %d (%s)", n, o.Reason)
		}
		if missed != "" {
			what = missed[1:] + " and " + what
		}
		return stop(fmt.Sprintf("%s %s: %s", played, what, e.lineOf(len(e.line), "!")))
	}
	if o := last.after.Outcome(); o.Over && o.Draw && e.m.Ply.ExpectedBefore >= 0.6 {
		return stop(fmt.Sprintf("%s lets the game be drawn (%s): %s", played, o.Reason, e.lineOf(len(e.line), "")))
	}
	if e.counts() {
		at := e.settled()
		lost, gained := e.balance(e.m.Before, e.line[at-1].after)
		lost, gained = e.withoutLuck(lost, gained)
		lost, gained = minus(lost, gained), minus(gained, lost) // a pawn for a pawn is no loss
		if own, _ := e.balance(e.m.Before, e.after); len(own) > 0 && value(minus(lost, own))-value(gained) < 100 {
			// The move took its own piece (Bede Chess): the loss is the move's.
			own, _ = e.withoutLuck(own, nil)
			if len(own) > 0 {
				return fmt.Sprintf("%s takes its own %s; the engine's line from there: %s.", played, strings.TrimPrefix(strings.TrimPrefix(pieces(own, false), "a "), "an "), e.lineOf(len(e.line), ""))
			}
		}
		if value(lost)-value(gained) >= 100 {
			what := "loses " + pieces(lost, true)
			if len(gained) > 0 {
				what += " for " + pieces(gained, false)
			}
			if missed != "" {
				what = missed[1:] + " and " + what
			}
			return stop(fmt.Sprintf("%s %s: %s", played, what, e.lineOf(at, "!")))
		}
	}
	if missed != "" {
		return fmt.Sprintf("%s%s; the engine's line after it: %s.", played, missed, e.lineOf(len(e.line), ""))
	}
	return fmt.Sprintf("%s gives away %.2f of its expected score; the engine's line from there: %s.", played,
		max(0, e.m.Ply.ExpectedBefore-e.m.Ply.ExpectedAfter), e.lineOf(len(e.line), ""))
}

// stop ends a sentence: with a full stop, unless it ends with a move's
// own "!".
func stop(s string) string {
	if strings.HasSuffix(s, "!") {
		return s
	}
	return s + "."
}

// lineOf writes the first n steps of the line, at most maxLine of them
// and "…" after a cut.
func (e *explainer) lineOf(n int, mark string) string {
	n = min(n, len(e.line))
	if n > maxLine {
		return lineText(e.line[:maxLine], mark) + " …"
	}
	return lineText(e.line[:n], mark)
}

// counts says whether material belongs to the mover: not in spIndecision,
// whose armies belong to no one.
func (e *explainer) counts() bool { return len(e.m.Before.Turn().Sides) == 1 }

// settled is how many steps of the line to count material after: up to
// the last move of the mover's side that the other side does not answer
// in the line (so an exchange is complete), or the whole line if it ends
// the game or its last move takes nothing.
func (e *explainer) settled() int {
	n := len(e.line)
	last := e.line[n-1]
	if last.after.Outcome().Over || last.move.Side == e.side || !captures(last) {
		return n
	}
	for k := n - 1; k >= 1; k-- {
		if e.line[k-1].move.Side == e.side && e.line[k].move.Side != e.side {
			return k
		}
	}
	return n
}

// captures says whether a step took anything (a capture, a crush).
func captures(s step) bool {
	for _, ev := range s.events {
		if ev.Kind == games.EventCaptured || ev.Kind == games.EventVanished {
			return true
		}
	}
	return false
}

// balance is what the mover's side lost from a to b and what it took
// from the others: the kinds gone (a promotion's new piece offsets nothing).
func (e *explainer) balance(a, b games.Game) (lost, gained []games.PieceKind) {
	ma, mb := material(a), material(b)
	for s, kinds := range ma {
		gone := promotedOut(minus(kinds, mb[s]), minus(mb[s], kinds))
		if s == e.side {
			lost = append(lost, gone...)
		} else {
			gained = append(gained, gone...)
		}
	}
	byValue := func(x, y games.PieceKind) int { return pieceValue(y) - pieceValue(x) }
	slices.SortStableFunc(lost, byValue)
	slices.SortStableFunc(gained, byValue)
	return lost, gained
}

// withoutLuck takes out of lost and gained what the move's own dice took
// as they fell, beyond what its likeliest fall takes (the Angle's dice
// naming a piece instead of an empty square): luck, not the move's fault,
// and said apart (happened).
func (e *explainer) withoutLuck(lost, gained []games.PieceKind) ([]games.PieceKind, []games.PieceKind) {
	if len(games.DiceEvents(e.m.Events)) == 0 {
		return lost, gained
	}
	usual, _, _, err := games.Apply(e.m.Before, e.played.Notation, likeliest(e.m.Before, e.played, ""))
	if err != nil {
		return lost, gained
	}
	mu, ma := material(usual), material(e.after)
	for s, kinds := range mu {
		gone := minus(kinds, ma[s])
		if s == e.side {
			lost = minus(lost, gone)
		} else {
			gained = minus(gained, gone)
		}
	}
	return lost, gained
}

// promotedOut takes out of gone a pawn (or squire) for every piece that
// came (a promotion): it was not taken.
func promotedOut(gone, came []games.PieceKind) []games.PieceKind {
	for _, k := range came {
		if i := slices.Index(gone, games.Pawn); i >= 0 && k != games.Pawn {
			gone = slices.Delete(gone, i, i+1)
		} else if i := slices.Index(gone, games.Squire); i >= 0 && k != games.Squire {
			gone = slices.Delete(gone, i, i+1)
		}
	}
	return gone
}

// material is each side's pieces (ghosts left out).
func material(g games.Game) map[games.Side][]games.PieceKind {
	out := map[games.Side][]games.PieceKind{}
	for _, p := range g.View().Pieces {
		if !p.Ghost {
			out[p.Side] = append(out[p.Side], p.Kind)
		}
	}
	return out
}

// minus is the kinds of a not matched in b (as multisets).
func minus(a, b []games.PieceKind) []games.PieceKind {
	left := map[games.PieceKind]int{}
	for _, k := range b {
		left[k]++
	}
	var out []games.PieceKind
	for _, k := range a {
		if left[k] > 0 {
			left[k]--
			continue
		}
		out = append(out, k)
	}
	return out
}

// pieceValue is a kind's worth in hundredths of a pawn: the engine's
// generic values (engine/eval.go), rounded as players count them.
func pieceValue(k games.PieceKind) int {
	switch k {
	case games.Pawn:
		return 100
	case games.Knight, games.Bishop:
		return 300
	case games.Rook:
		return 500
	case games.Queen:
		return 900
	case games.King, games.Schrodinger:
		return 2000
	case games.Ship:
		return 400
	case games.Bede:
		return 500
	case games.Chancellor:
		return 850
	case games.Jester:
		return 400
	case games.Zebra:
		return 250
	case games.Squire:
		return 150
	}
	return 300
}

func value(kinds []games.PieceKind) int {
	v := 0
	for _, k := range kinds {
		v += pieceValue(k)
	}
	return v
}

// pieces names kinds as players say them: "the queen", "a knight and a
// pawn", "two pawns". the says whether a lone queen is "the queen".
func pieces(kinds []games.PieceKind, the bool) string {
	count := map[games.PieceKind]int{}
	var order []games.PieceKind
	for _, k := range kinds {
		if count[k] == 0 {
			order = append(order, k)
		}
		count[k]++
	}
	var words []string
	for _, k := range order {
		name := kindName(k)
		switch n := count[k]; {
		case n == 1 && the && k == games.Queen:
			words = append(words, "the "+name)
		case n == 1:
			words = append(words, article(name)+" "+name)
		default:
			words = append(words, fmt.Sprintf("%s %ss", numberWord(n), name))
		}
	}
	switch len(words) {
	case 0:
		return "nothing"
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

func kindName(k games.PieceKind) string {
	switch k {
	case games.Schrodinger:
		return "undecided king-or-bishop"
	case "":
		return "piece"
	}
	return string(k)
}

func article(word string) string {
	if word != "" && strings.ContainsRune("aeiou", rune(word[0])) {
		return "an"
	}
	return "a"
}

func numberWord(n int) string {
	if n >= 2 && n <= 9 {
		return []string{"two", "three", "four", "five", "six", "seven", "eight", "nine"}[n-2]
	}
	return fmt.Sprint(n)
}

// pieceOn is the piece on the cell named name in g's view (Kind "" if
// none).
func pieceOn(g games.Game, name string) games.PieceView {
	v := g.View()
	for _, p := range v.Pieces {
		if !p.Ghost && p.Cell >= 0 && p.Cell < len(v.Cells) && v.Cells[p.Cell].Name == name {
			return p
		}
	}
	return games.PieceView{Cell: -1, Side: games.NoSide}
}

// bestMates is "mate in 1 (6.Qh7#)" when the engine's move ends the game
// at once in the mover's favour, else "".
func (e *explainer) bestMates() string {
	best, ok := legal(e.m.Before, e.m.Ply.Best)
	if !ok || e.m.Ply.Best == e.m.Ply.Move {
		return ""
	}
	next, _, _, err := games.Apply(e.m.Before, best.Notation, likeliest(e.m.Before, best, ""))
	if err != nil {
		return ""
	}
	if o := next.Outcome(); o.Over && !o.Draw && o.Winner == e.mover {
		if strings.Contains(strings.ToLower(o.Reason), "mate") {
			return fmt.Sprintf("mate in 1 (%s)", numbered(e.m.Before, best))
		}
		return fmt.Sprintf("a win at once (%s: %s)", numbered(e.m.Before, best), o.Reason)
	}
	return ""
}

// better says what the engine's move would have done: "Instead, 2.dxe5
// would have taken a pawn and kept the advantage."
func (e *explainer) better() string {
	best, ok := legal(e.m.Before, e.m.Ply.Best)
	if !ok || e.m.Ply.Best == e.m.Ply.Move || e.bestMates() != "" {
		return ""
	}
	var did []string
	if next, _, _, err := games.Apply(e.m.Before, best.Notation, likeliest(e.m.Before, best, "")); err == nil && e.counts() {
		if _, took := e.balance(e.m.Before, next); len(took) > 0 {
			did = append(did, "taken "+pieces(took, false))
		}
	}
	if s := e.standing(); s != "" {
		did = append(did, s)
	}
	if len(did) == 0 {
		return ""
	}
	return "Instead, " + numbered(e.m.Before, best) + " would have " + strings.Join(did, " and ") + "."
}

// standing is what the expected score before the move says the better
// move keeps: a forced win, the advantage, the balance.
func (e *explainer) standing() string {
	eb := e.m.Ply.ExpectedBefore
	switch {
	case eb >= 0.999:
		return "kept a forced win"
	case eb >= 0.6:
		return "kept the advantage"
	case eb >= 0.4:
		return "kept the balance"
	case eb > 0.001:
		return "defended best"
	}
	return ""
}

// happened names the variant's own events: those the move played caused
// as its dice fell, and those along the engine's line.
func (e *explainer) happened() string {
	var said []string
	for _, ev := range e.m.Events {
		if t := eventText(ev); t != "" {
			said = append(said, t)
		}
	}
	if len(said) > 0 {
		said = []string{"After the move, " + lowerFirst(strings.Join(said[:min(2, len(said))], "; ")) + "."}
	}
	var along []string
	prev := e.piece
	for _, s := range e.line[:min(len(e.line), maxLine)] {
		if s.piece == games.Jester && prev != "" {
			along = append(along, fmt.Sprintf("%s: the Jester copies the %s just moved", s.written, kindName(prev)))
		}
		for _, ev := range s.events {
			if t := eventText(ev); t != "" && ev.Kind != games.EventDice {
				along = append(along, s.written+": "+lowerFirst(t))
			}
		}
		prev = s.piece
	}
	if len(along) > 0 {
		said = append(said, "Along the engine's line, "+strings.Join(along[:min(2, len(along))], "; ")+".")
	}
	return strings.Join(said, " ")
}

// eventText is what a player should hear of an event: the variants' own
// (a vanishing, a drop or climb, a declaration, a lost turn, a switch of
// sides), in the event's own words.
func eventText(ev games.Event) string {
	switch ev.Kind {
	case games.EventVanished, games.EventDropped, games.EventClimbed, games.EventDeclared, games.EventTurnPassed, games.EventSidesSwitched:
		return strings.TrimSuffix(ev.Text, ".")
	}
	return ""
}

func lowerFirst(s string) string {
	if s == "" || strings.HasPrefix(s, "White") || strings.HasPrefix(s, "Black") || strings.HasPrefix(s, "Red") || strings.HasPrefix(s, "Player") || strings.HasPrefix(s, "The Angle") {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// angleCells are the cells of g's view shaded as the Angle.
func angleCells(g games.Game) map[string]bool {
	out := map[string]bool{}
	for _, c := range g.View().Cells {
		if c.Shade == games.ShadeAngle || c.Shade == games.ShadeAngleDark {
			out[c.Name] = true
		}
	}
	return out
}

// AngleSquares is how many squares the Angle's two dice choose among: a
// die for the file (c–h) and one for the rank (3–8), 6 × 6.
const AngleSquares = 36

// angle names a piece the move left in the Angle with the chance that the
// dice name its square. A roll follows every move while any piece stands
// in the Angle (RULES.md, the BCAF), so while it stays there each of the
// next moves rolls: two dice name one of the 36 squares, each with chance
// 1/36, and over the next n rolls the chance that its square comes up at
// least once is 1 − (35/36)^n.
func (e *explainer) angle() string {
	cells := angleCells(e.after)
	if len(cells) == 0 || e.after.Outcome().Over {
		return ""
	}
	p := pieceOn(e.after, e.played.To)
	if !cells[e.played.To] || p.Side != e.side {
		return ""
	}
	const rolls = 4
	over := 1 - math.Pow(float64(AngleSquares-1)/AngleSquares, rolls)
	king := ""
	if p.Kind == games.King {
		king = "; a side whose King vanishes loses"
	}
	return fmt.Sprintf("It left its %s on %s, inside the Angle: every move rolls the dice while a piece stands there, and each roll names %s with chance 1/%d (%.1f%%), %.1f%% over the next %d moves (1 − (35/36)^%d)%s.",
		kindName(p.Kind), e.played.To, e.played.To, AngleSquares, 100.0/AngleSquares, 100*over, rolls, rolls, king)
}
