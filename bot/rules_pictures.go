package bot

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/games/lessons"
	"github.com/bermudachess/bermuda/render"
)

// ruleShot is one special rule shown by a real position: a start (the
// variant's own, or a position string) and moves played by the rules
// engine with dice from a fixed seed. Expect is text one of the events
// must carry, so a change in the rules that makes the picture show
// something else fails the tests (the same positions as docs/rules).
type ruleShot struct {
	Seed    uint64
	Setup   string
	Moves   []string
	Expect  string
	Caption string
}

// ruleShots are the special rules of each variant, one picture each (with
// the rules embed and the legend, a message stays within Discord's 10).
var ruleShots = map[string][]ruleShot{
	"angle": {
		{Seed: 116, Moves: []string{"e2e3", "d9d7"}, Expect: "e3: White's Pawn vanished into the Angle",
			Caption: "**Vanishing.** Black's pawn stepped into the Angle (the blue block), so two dice picked a square of it: e3. White's pawn standing there vanished (the faint ghost)."},
		{Seed: 74, Moves: []string{"b1c3"}, Expect: "c3: White's Knight vanished into the Angle",
			Caption: "**A piece can vanish itself.** The knight landed on c3 inside the Angle and the dice named c3: the knight is gone."},
		{Seed: 1, Setup: "r4k3r/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1", Moves: []string{"f1b1"}, Expect: "King f1→b1, Rook a1→c1",
			Caption: "**Castling on the long side** (back rank cleared): the king goes f1→b1 and the rook a1→c1."},
	},
	"bermuda": {
		{Seed: 1, Moves: []string{"D2-b5"}, Expect: "White's pawn is now on the lower board, on b5",
			Caption: "**Dropping.** The upper board (right) lies over the lower one (left), turned as the rules turn it. White's pawn D2 drops to b5, the square beneath it."},
		{Seed: 1, Moves: []string{"D2-b5", "e7e5", "D1D7"}, Expect: "Black's pawn fell from D7 to g5 on the lower board",
			Caption: "**Falling.** A piece captured on the upper board falls to the square beneath: White's queen takes on D7 and Black's pawn lands on g5 below."},
		{Seed: 1, Moves: []string{"C2-b6", "c7b6"}, Expect: "Black's pawn climbed from b6 to C2 on the upper board",
			Caption: "**Climbing.** Capturing on the lower board, a piece climbs to the empty square above: Black's pawn takes on b6 and goes up to C2."},
		{Seed: 1, Moves: []string{"F2F3", "E7E5", "G2G4", "D8H4", "a2a3", "H4E1"}, Expect: "White's king fell from E1 to a4 on the lower board, alive",
			Caption: "**A board without its king is frozen.** Black's queen took White's king on the upper board (it fell, alive, to the lower board): White's pieces up there may not move until a White king is on that board again."},
	},
	"bede": {
		{Seed: 1, Moves: []string{"b1d4", "f11d8"}, Expect: "Black's Jester (as zebra) f11→d8",
			Caption: "**The Jester copies.** White just moved a Zebra, so Black's Jester moves as a Zebra: it leaps f11→d8."},
		{Seed: 1, Moves: []string{"g1e2", "e9d8", "e2g1"}, Expect: "Escalation: from now on pieces may also move backwards",
			Caption: "**Escalation.** Once anything but a pawn has been taken (here White's chancellor took its own squire on e2), pieces may move backwards: the chancellor returns to g1."},
	},
	"spindecision": {
		{Seed: 1, Moves: []string{"9-10=K"}, Expect: "declared Red's piece on 9 the king",
			Caption: "**Declaring.** Each army starts with an undecided king–bishop pair. Moving Red's piece 9→10 as the king makes the other one, on 8, Red's bishop."},
		{Seed: 1, Moves: []string{"3-13", "32-18", "13x35=B"}, Expect: "White's piece on 17 is now the king",
			Caption: "**Capturing decides too.** A capture of an undecided piece in the wrong direction makes it the bishop, so White's piece on 17 becomes the king."},
	},
	"beryl": {
		{Seed: 1, Moves: []string{"25-26", "24x26", "17-30", "20-15", "22x26"}, Expect: "White's pawn took Black's pawn on 26",
			Caption: "**Taking a pawn needs a second attacker.** White's pawn 22 may take on 26 because White's king on 30 attacks 26 as well."},
	},
	"randommove": {
		{Seed: 6, Moves: []string{"e2e4", "f7f6", "d2d4"}, Expect: "second 3 in a row: 2 moves",
			Caption: "**The die sets the number of moves.** White threw a second 3 in a row: two moves this turn. After d4, White moves again."},
		{Seed: 886, Moves: []string{"b1c3", "g7g5"}, Expect: "the players switch sides",
			Caption: "**A third six in a row switches sides.** The players swap colours and the thrower loses the turn."},
		{Seed: 6, Moves: []string{"e2e4", "f7f6", "d1h5"}, Expect: "The check ends Player 1's turn with 1 granted move unplayed",
			Caption: "**A check ends the turn.** White was granted two moves, but Qh5 gives check, so the second move is lost."},
	},
}

// shotGame plays a rule shot and returns the game with every event text.
func shotGame(variant string, s ruleShot) (games.Game, []string, error) {
	dice := games.Seeded(s.Seed)
	g, _, evs, err := games.Start(variant, s.Setup, dice)
	if err != nil {
		return nil, nil, err
	}
	var texts []string
	for _, e := range evs {
		texts = append(texts, e.Text)
	}
	for _, m := range s.Moves {
		next, _, evs, err := games.Apply(g, m, dice)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", m, err)
		}
		for _, e := range evs {
			texts = append(texts, e.Text)
		}
		g = next
	}
	return g, texts, nil
}

// picture is one image of a /rules answer with the embed that shows it.
type picture struct {
	embed *discordgo.MessageEmbed
	png   []byte
}

func drawPNG(v games.View) ([]byte, error) {
	drawing <- struct{}{}
	defer func() { <-drawing }()
	return render.PNG(v)
}

// rulesPictures are /rules' images after the rules text: the setup (on
// the rules embed itself), the piece legend, and one per special rule.
func rulesPictures(v games.Variant) (setup []byte, more []picture, err error) {
	g, _, _, err := games.Start(v.ID, "", games.Seeded(1))
	if err != nil {
		return nil, nil, err
	}
	if setup, err = drawPNG(g.View()); err != nil {
		return nil, nil, err
	}
	if kinds, err := lessons.Kinds(v.ID); err == nil {
		legend, err := render.LegendOf(kinds, v.Sides, v.Name+" pieces")
		if err != nil {
			return nil, nil, err
		}
		more = append(more, picture{&discordgo.MessageEmbed{Title: "The pieces",
			Description: "`/rules piece:` shows how one of them moves."}, legend})
	}
	for _, s := range ruleShots[v.ID] {
		g, _, err := shotGame(v.ID, s)
		if err != nil {
			return nil, nil, fmt.Errorf("the picture %q: %w", s.Caption, err)
		}
		png, err := drawPNG(g.View())
		if err != nil {
			return nil, nil, err
		}
		more = append(more, picture{&discordgo.MessageEmbed{Description: s.Caption}, png})
	}
	return setup, more, nil
}

// cmdRules is /rules variant [piece]: the rules with the setup, the piece
// legend and a picture of each special rule; or, for a piece, a picture
// of how it moves on an otherwise empty board, drawn from the legal moves.
// Answered privately.
func (b *Bot) cmdRules(ctx context.Context, r *request) error {
	v, err := games.Lookup(r.stringOption("variant"))
	if err != nil {
		return userErrorf("Unknown variant. Pick one from the list: %s.", variantList())
	}
	var embeds []*discordgo.MessageEmbed
	var files []*discordgo.File
	attach := func(e *discordgo.MessageEmbed, name string, png []byte, alt string) {
		e.Color = 0x1f6f8b
		e.Image = &discordgo.MessageEmbedImage{URL: "attachment://" + name}
		embeds = append(embeds, e)
		files = append(files, pngFile(name, png, alt))
	}
	if piece := strings.TrimSpace(r.stringOption("piece")); piece != "" {
		kind, err := pieceKind(v, piece)
		if err != nil {
			return err
		}
		l, err := lessons.PieceLesson(v.ID, kind)
		if err != nil {
			return err
		}
		png, err := drawPNG(l.View)
		if err != nil {
			return err
		}
		attach(&discordgo.MessageEmbed{Title: fmt.Sprintf("♟️ The %s — %s", kind, v.Name),
			Description: l.Sentence + "\n\n" + lessonKey(l) + "\n`/rules variant:" + v.ID + "` shows the whole rules."}, string(kind)+".png", png,
			fmt.Sprintf("The %s of %s alone on its board, its moves marked. %s", kind, v.Name, l.Sentence))
	} else {
		r.deferEphemeral() // several pictures: acknowledge first
		setup, more, err := rulesPictures(v)
		if err != nil {
			return err
		}
		e := rulesEmbed(v, b.docsURL)
		room := embedTotalMax - embedText(e)
		for _, p := range more {
			room -= embedText(p.embed)
		}
		if room < 0 { // the pictures' captions first; the long rules text gives way
			e.Description = clip(e.Description, utf8.RuneCountInString(e.Description)+room)
		}
		attach(e, "setup.png", setup, "The starting position of "+v.Name+".")
		for i, p := range more {
			alt := strings.TrimSpace(p.embed.Title + ". " + p.embed.Description)
			if p.embed.Title == "" {
				alt = "A position showing a rule of " + v.Name + ": " + p.embed.Description
			}
			attach(p.embed, fmt.Sprintf("rule-%d.png", i+1), p.png, alt)
		}
	}
	if r.deferred {
		_, err := b.dc.EditOriginal(r.i, &discordgo.WebhookEdit{Embeds: &embeds, Files: files, AllowedMentions: noPings})
		return err
	}
	return r.respond(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: &discordgo.InteractionResponseData{
		Flags: discordgo.MessageFlagsEphemeral, Embeds: embeds, Files: files, AllowedMentions: noPings,
	}})
}

// embedText counts an embed's characters as Discord does for its 6000.
func embedText(e *discordgo.MessageEmbed) int {
	n := utf8.RuneCountInString(e.Title) + utf8.RuneCountInString(e.Description)
	for _, f := range e.Fields {
		n += utf8.RuneCountInString(f.Name) + utf8.RuneCountInString(f.Value)
	}
	if e.Footer != nil {
		n += utf8.RuneCountInString(e.Footer.Text)
	}
	return n
}

// lessonKey explains the marks a piece lesson uses.
func lessonKey(l lessons.Lesson) string {
	if len(l.Targets) == 0 {
		return fmt.Sprintf("*It stands on %s (blue) and has no move in this position.*", l.Square)
	}
	return fmt.Sprintf("*From %s (blue) to %s.* %s", l.Square, plural(len(l.Targets), "square"), targetKey(l.Targets))
}

// pieceKind reads the piece option: a kind the variant has (case and
// spaces forgiven, "schrödinger" too).
func pieceKind(v games.Variant, typed string) (games.PieceKind, error) {
	kinds, err := lessons.Kinds(v.ID)
	if err != nil {
		return "", err
	}
	want := strings.ReplaceAll(strings.ToLower(strings.TrimSpace(typed)), "ö", "o")
	for _, k := range kinds {
		if string(k) == want {
			return k, nil
		}
	}
	return "", userErrorf("%s has no piece called %q. Its pieces are %s.", v.Name, truncate(typed, 30), joinAnd(kindNames(kinds)))
}

func kindNames(kinds []games.PieceKind) []string {
	out := make([]string, len(kinds))
	for i, k := range kinds {
		out[i] = string(k)
	}
	return out
}

// pieceChoices suggests the variant's pieces whose name starts with what
// was typed (none before the variant is chosen).
func pieceChoices(variant, typed string) []*discordgo.ApplicationCommandOptionChoice {
	kinds, err := lessons.Kinds(variant)
	if err != nil {
		return nil
	}
	typed = strings.ToLower(strings.TrimSpace(typed))
	var out []*discordgo.ApplicationCommandOptionChoice
	for _, k := range kinds {
		if strings.HasPrefix(string(k), typed) && !slices.ContainsFunc(out, func(c *discordgo.ApplicationCommandOptionChoice) bool { return c.Value == string(k) }) {
			out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: string(k), Value: string(k)})
		}
	}
	return out
}
