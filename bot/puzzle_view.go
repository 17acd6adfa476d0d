package bot

import (
	"fmt"
	"strings"
	"sync"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/picker"
	"github.com/bermudachess/bermuda/puzzles"
)

// The puzzle sets are parsed once per process; they are in the binary.
var puzzleSets struct {
	once sync.Once
	sets map[string]*puzzles.Set // only variants with at least one puzzle
	ids  []string                // their variant ids, in the registry's order
}

func loadPuzzleSets() {
	puzzleSets.once.Do(func() {
		puzzleSets.sets = map[string]*puzzles.Set{}
		shipped := map[string]bool{}
		for _, v := range puzzles.ShippedVariants() {
			shipped[v] = true
		}
		for _, v := range games.All() {
			if !shipped[v.ID] {
				continue
			}
			if s, err := puzzles.Load(v.ID); err == nil && len(s.Puzzles) > 0 {
				puzzleSets.sets[v.ID] = s
				puzzleSets.ids = append(puzzleSets.ids, v.ID)
			}
		}
	})
}

// puzzleSet is the shipped set of a variant that has puzzles.
func puzzleSet(variant string) (*puzzles.Set, error) {
	loadPuzzleSets()
	if s, ok := puzzleSets.sets[variant]; ok {
		return s, nil
	}
	return nil, fmt.Errorf("no puzzles for %q", variant)
}

// puzzleVariants are the variants with puzzles.
func puzzleVariants() []string { loadPuzzleSets(); return puzzleSets.ids }

func puzzleVariantList() string {
	var names []string
	for _, v := range puzzleVariants() {
		names = append(names, variantName(v))
	}
	return strings.Join(names, ", ")
}

// defaultPuzzleVariant is /puzzle's when none is chosen: orthodox chess,
// the one everybody can read, if it has puzzles.
func defaultPuzzleVariant() string {
	if _, err := puzzleSet("chess"); err == nil {
		return "chess"
	}
	if vs := puzzleVariants(); len(vs) > 0 {
		return vs[0]
	}
	return "chess"
}

func puzzleChoices() []*discordgo.ApplicationCommandOptionChoice {
	var out []*discordgo.ApplicationCommandOptionChoice
	for _, v := range puzzleVariants() {
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: variantName(v), Value: v})
	}
	return out
}

// puzzleView is an attempt with its puzzle and, while it is open, the
// position its solver is to move in.
type puzzleView struct {
	attempt db.PuzzleAttempt
	puzzle  *puzzles.Puzzle
	solver  games.Player
	game    games.Game // at attempt.Ply
}

func loadPuzzleView(att db.PuzzleAttempt) (*puzzleView, error) {
	set, err := puzzleSet(att.Variant)
	if err != nil {
		return nil, err
	}
	pz, ok := set.ByID(att.PuzzleID)
	if !ok {
		return nil, userErrorf("This puzzle is no longer shipped; `/puzzle` gives you a new one.")
	}
	v := &puzzleView{attempt: att, puzzle: pz}
	if v.solver, err = pz.Solver(); err != nil {
		return nil, err
	}
	ply := min(att.Ply, len(pz.Solution)-1)
	if v.game, err = pz.At(ply); err != nil {
		return nil, err
	}
	return v, nil
}

// solverMoves counts the solver's moves in the solution, and those before ply.
func (v *puzzleView) solverMoves(ply int) (total, before int) {
	for i := range v.puzzle.Solution {
		g, err := v.puzzle.At(i)
		if err != nil || g.Turn().Player != v.solver {
			continue
		}
		total++
		if i < ply {
			before++
		}
	}
	return total, before
}

// nextSolverPly is the solution index of the solver's next move after a
// correct move at ply, and the opponent's replies in between, in words
// (each with what its stored dice did, if it rolled).
func (v *puzzleView) nextSolverPly(ply int) (int, string) {
	var replies []string
	next := ply + 1
	for ; next < len(v.puzzle.Solution); next++ {
		g, err := v.puzzle.At(next)
		if err != nil || g.Turn().Player == v.solver {
			break
		}
		w := "**" + moveWords(g, v.puzzle.Solution[next]) + "**"
		if d := v.diceWords(next); d != "" {
			w += " — " + d
		}
		replies = append(replies, w)
	}
	return next, strings.Join(replies, ", ")
}

// diceWords is what the dice of solution move ply did, as the puzzle
// stores them (the roll the generator made once, replayed: no die is
// rolled for a puzzle), e.g. "🎲 the dice fell 3 and 5 (e7): Black's
// Knight vanished into the Angle (the move entered the Angle)"; "" for a
// move that rolls nothing (and for the last, whose dice the puzzle does
// not fix).
func (v *puzzleView) diceWords(ply int) string {
	evs, err := v.puzzle.DiceAt(ply)
	if err != nil {
		return ""
	}
	var out []string
	for _, e := range evs {
		text := e.Text
		if len(e.Dice) > 0 {
			faces := make([]string, len(e.Dice))
			for i, f := range e.Dice {
				faces[i] = fmt.Sprint(f)
			}
			what := text
			if _, after, ok := strings.Cut(text, ": "); ok {
				what = after
			}
			text = "the dice fell " + strings.Join(faces, " and ")
			if e.Square != "" {
				text += " (" + e.Square + ")"
			}
			text += ": " + what
		}
		out = append(out, "🎲 "+text)
	}
	return strings.Join(out, "; ")
}

// line is the solution from ply on, in words, with what the stored dice
// did after a move that rolled them.
func (v *puzzleView) line(ply int) string {
	var ws []string
	for i := ply; i < len(v.puzzle.Solution); i++ {
		g, err := v.puzzle.At(i)
		w := v.puzzle.Solution[i]
		if err == nil {
			w = moveWords(g, w)
		}
		w = "**" + w + "**"
		if d := v.diceWords(i); d != "" {
			w += " — " + d
		}
		ws = append(ws, w)
	}
	return strings.Join(ws, " → ")
}

// hint names the piece the solution moves next.
func (v *puzzleView) hint() string {
	m, err := picker.Choose(v.game, v.puzzle.Solution[v.attempt.Ply])
	if err != nil {
		return "the solution's move is not legal here"
	}
	if st, err := picker.At(v.game, "", ""); err == nil {
		for _, menu := range st.Menus {
			for _, o := range menu.Options {
				if o.Value == m.From {
					name, _, _ := strings.Cut(o.Label, " — ")
					return "move your " + lowerFirst(name)
				}
			}
		}
	}
	return "move the piece on " + m.From
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// summary says what the attempt did to the ratings, and the themes.
func (v *puzzleView) summary(out db.PuzzleOutcome) string {
	var sb strings.Builder
	if out.Rated {
		after := db.Rating{Rating: out.Player.Rating, RD: out.Player.RD}
		fmt.Fprintf(&sb, "Your %s puzzle rating: %.0f → %s (%s) · streak %d (best %d).\nPuzzle rated %.0f",
			variantName(v.attempt.Variant), out.PlayerBefore, ratingText(after), shown(out.Player.Rating-out.PlayerBefore, 0, true),
			out.Player.Streak, out.Player.BestStreak, out.PuzzleAfter)
	} else {
		sb.WriteString("You had been given this puzzle before: only a first attempt counts, so the ratings stay as they were.\nPuzzle")
	}
	if len(v.puzzle.Themes) > 0 {
		fmt.Fprintf(&sb, " · themes: %s", strings.Join(v.puzzle.Themes, ", "))
	}
	sb.WriteString(".")
	return sb.String()
}

// puzzleStep draws the open attempt at the picker step p names (the
// pieces when p names none), with the Hint and Solution buttons.
func (b *Bot) puzzleStep(v *puzzleView, p pickerState, note string) (*discordgo.InteractionResponseData, error) {
	att := v.attempt
	p.prefix, p.game, p.ply = puzzlePrefix, att.ID, att.Ply
	st, err := picker.At(v.game, p.from, p.to)
	if err != nil {
		p.from, p.to = "", ""
		if st, err = picker.At(v.game, "", ""); err != nil {
			return nil, err
		}
	}
	data, err := b.pickerData(db.Game{ID: att.ID, Variant: att.Variant}, v.game, p, st, note)
	if err != nil {
		return nil, err
	}
	total, found := v.solverMoves(att.Ply)
	head := fmt.Sprintf("%s and find the best move: %s to find", toPlay(v.game, v.solver), plural(total, "move"))
	if found > 0 {
		head += fmt.Sprintf(" (%d found)", found)
	}
	e := data.Embeds[0]
	e.Title = clip("🧩 Puzzle · "+variantName(att.Variant), 256)
	if att.DailyDay != "" {
		e.Title = clip("🧩 Daily puzzle of "+att.DailyDay+" · "+variantName(att.Variant), 256)
	}
	e.Description = clip(head+".\n"+e.Description, embedDescriptionMax)
	help := []discordgo.MessageComponent{
		discordgo.Button{Label: "Hint", Emoji: &discordgo.ComponentEmoji{Name: "💡"}, Style: discordgo.SecondaryButton, CustomID: p.customID("hint")},
		discordgo.Button{Label: "Solution", Style: discordgo.DangerButton, CustomID: p.customID("sol")},
	}
	// The picker's own buttons (Back, a page) share their row when it has one.
	if n := len(data.Components); n > 0 {
		if row, ok := data.Components[n-1].(discordgo.ActionsRow); ok {
			if _, buttons := row.Components[0].(discordgo.Button); buttons {
				row.Components = append(row.Components, help...)
				data.Components[n-1] = row
				return data, nil
			}
		}
	}
	data.Components = append(data.Components, discordgo.ActionsRow{Components: help})
	return data, nil
}
