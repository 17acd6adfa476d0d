package bot

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/explain"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/play"
	"github.com/bermudachess/bermuda/render"
	"github.com/bermudachess/bermuda/review"
)

// Game review: the Review button under a result, or /review in a finished
// game's thread, asks the engine to judge the game (package review). The
// review is computed once, in the background, in the computer's pool of
// searches, under a claim in the database that the computing process
// renews with every step (reviewLease): a second request, another replica
// or a restart shows the progress or the stored review, and a review whose
// process died is taken over by the scheduler once its lease lapses. A
// game still in play is never analysed.

// reviewLease is how long a running review's claim lasts without renewal.
// Every ply renews it, and a ply takes well under a second at the default
// budget.
const reviewLease = 2 * time.Minute

// reviewProgressStep is how often (in percent) the progress message is
// edited: often enough to see it move, rarely enough not to storm Discord.
const reviewProgressStep = 10

// keyMoments is how many of the largest errors the review shows.
const keyMoments = 3

func (b *Bot) cmdReview(ctx context.Context, r *request) error {
	row, err := b.threadGame(ctx, r)
	if err != nil {
		return err
	}
	return b.askReview(ctx, r, row)
}

func (b *Bot) btnReview(ctx context.Context, r *request, gameID int64) error {
	row, err := b.store.Game(ctx, gameID)
	if errors.Is(err, db.ErrNotFound) {
		return userErrorf("This game no longer exists.")
	}
	if err != nil {
		return err
	}
	return b.askReview(ctx, r, row)
}

// askReview starts the review of a finished game, or shows where it
// stands: its progress, or the stored review (privately, at once).
func (b *Bot) askReview(ctx context.Context, r *request, row db.Game) error {
	asked, err := b.play.RequestReview(ctx, row, reviewLease) // the claim: play/review.go
	var running *play.ReviewRefusal
	switch {
	case errors.Is(err, play.ErrNotOverYet):
		return userErrorf("The engine reviews a game only once it is over, so that it never helps anyone mid-game. Ask again after the result.")
	case errors.Is(err, play.ErrNothingToReview):
		return userErrorf("This game ended before any move was played: there is nothing to review.")
	case errors.As(err, &running):
		where := ""
		if running.Running.MessageID != "" {
			where = fmt.Sprintf(" It will appear in <#%s>.", running.Running.ChannelID)
		}
		return userErrorf("This game is being reviewed now (%d%% done).%s", running.Running.Progress, where)
	case err != nil:
		return err
	case asked.Done != nil:
		r.deferEphemeral()
		msg, err := b.reviewMessage(ctx, row, *asked.Done)
		if err != nil {
			return err
		}
		_, err = b.dc.EditOriginal(r.i, &discordgo.WebhookEdit{Content: &msg.Content, Embeds: &msg.Embeds, Components: &msg.Components, Files: msg.Files, AllowedMentions: noPings})
		return err
	}
	claim := asked.Claim
	if err := r.ephemeral("🔎 The engine is reviewing the game; its verdict will appear in the thread, with its progress shown there."); err != nil {
		b.log.Warn("answering a review request failed", "game", row.ID, "err", err)
	}
	b.startReview(row, claim)
	return nil
}

// startReview posts (or reuses) the progress message and hands the review
// to the computer's pool. The claim must be this process's.
func (b *Bot) startReview(row db.Game, claim db.ReviewRow) {
	ctx := context.Background()
	channel, message := claim.ChannelID, claim.MessageID
	text := fmt.Sprintf("🔎 Reviewing game #%d… 0%%", row.ID)
	if message != "" {
		if _, err := b.dc.Edit(&discordgo.MessageEdit{Channel: channel, ID: message, Content: &text}); err != nil {
			message = "" // gone: post a new one
		}
	}
	if message == "" {
		m, err := b.send(row.ThreadID, &discordgo.MessageSend{Content: text, AllowedMentions: noPings})
		if err == nil {
			channel, message = row.ThreadID, m.ID
			if err := b.store.SetReviewMessage(ctx, row.ID, channel, message); err != nil {
				b.log.Warn("recording the review's message failed", "game", row.ID, "err", err)
			}
		} else {
			b.log.Warn("posting the review's progress failed", "game", row.ID, "err", err)
		}
	}
	b.opponent().Analyse(func(ctx context.Context, yield func()) {
		b.runReview(ctx, yield, row, claim.ClaimedAt, channel, message)
	})
}

// runReview computes, stores and posts the review, renewing the claim as
// it goes; it stops if the claim is lost.
func (b *Bot) runReview(ctx context.Context, yield func(), row db.Game, claimedAt time.Time, channel, message string) {
	names := b.play.Names(ctx, row)
	result, _ := play.ResultTags(row, names)
	shown := 0
	opts := review.Options{Nodes: b.ReviewNodes, UCI: b.ReviewUCI, UCIDepth: b.ReviewUCIDepth, Names: names, Result: result}
	rev, ok := b.play.RunReview(ctx, row, claimedAt, opts, func(pct int) {
		yield() // the computer's moves go first
		if message != "" && pct >= shown+reviewProgressStep && pct < 100 {
			shown = pct - pct%reviewProgressStep
			text := fmt.Sprintf("🔎 Reviewing game #%d… %d%%", row.ID, shown)
			b.dc.Edit(&discordgo.MessageEdit{Channel: channel, ID: message, Content: &text})
		}
	})
	if !ok {
		return // stopped, failed (logged), or another process holds it now and will post it
	}
	msg, err := b.reviewMessage(context.Background(), row, rev)
	if err != nil {
		b.log.Error("drawing a review", "game", row.ID, "err", err)
		return
	}
	if _, err := b.send(row.ThreadID, msg); err != nil {
		b.log.Warn("posting a review failed", "game", row.ID, "err", err)
		return
	}
	if message != "" {
		done := fmt.Sprintf("🔎 Review of game #%d: done, below.", row.ID)
		b.dc.Edit(&discordgo.MessageEdit{Channel: channel, ID: message, Content: &done})
	}
}

// resumeReviews takes over the reviews whose process died (a restart, a
// replica gone): run by the scheduler.
func (b *Bot) resumeReviews(ctx context.Context) {
	for _, rr := range b.play.LapsedReviews(ctx, reviewLease) {
		b.startReview(rr.Row, rr.Claim)
	}
}

// judgedBy says which engine judged the game and how deep it searched (the
// median depth of the judged moves): "Judged by Stockfish 17, depth 18".
func judgedBy(rev review.Review) string {
	name := rev.Engine
	if name == "" || name == review.OurEngine {
		name = "Bermuda's engine"
	}
	var depths []int
	for _, p := range rev.Plies {
		if p.Loss != nil {
			depths = append(depths, p.Depth)
		}
	}
	if len(depths) == 0 {
		return "Judged by " + name + "."
	}
	slices.Sort(depths)
	return fmt.Sprintf("Judged by %s, depth %d.", name, depths[len(depths)/2])
}

// reviewMessage is the review as players read it: each player's accuracy,
// errors and (with dice) luck, the evaluation graph, and the key moments,
// each a board with the move played and the engine's better move.
func (b *Bot) reviewMessage(ctx context.Context, row db.Game, rev review.Review) (*discordgo.MessageSend, error) {
	seats := []string{"", ""}
	g, err := games.NewGame(row.Variant, row.Setup)
	if err == nil {
		roles := g.Roles()
		seats = roles[:]
	}
	var desc strings.Builder
	for i, p := range rev.Players {
		fmt.Fprintf(&desc, "**%s**", mention(row.Players[i]))
		if seats[i] != "" && !strings.HasPrefix(seats[i], "wins") {
			fmt.Fprintf(&desc, " (%s)", seats[i])
		}
		desc.WriteString(": ")
		if p.Accuracy != nil {
			fmt.Fprintf(&desc, "accuracy **%.0f%%**", *p.Accuracy)
		} else {
			desc.WriteString("no move to judge")
		}
		inaccuracies := fmt.Sprintf("%d inaccuracies", p.Inaccuracies)
		if p.Inaccuracies == 1 {
			inaccuracies = "1 inaccuracy"
		}
		fmt.Fprintf(&desc, " · %s · %s · %s", inaccuracies, plural(p.Mistakes, "mistake"), plural(p.Blunders, "blunder"))
		if p.Luck != nil {
			fmt.Fprintf(&desc, " · luck %s", shown(*p.Luck, 2, true))
			if p.LuckAdjusted != nil {
				fmt.Fprintf(&desc, " (result without it: %s)", shown(*p.LuckAdjusted, 2, false))
			}
		}
		desc.WriteString("\n")
	}
	desc.WriteString(judgedBy(rev) + "\n")
	desc.WriteString("*Expected score: 1 a win, ½ a draw, 0 a loss, as the engine sees the position. A loss of ≥ 0.05 is an inaccuracy, ≥ 0.10 a mistake, ≥ 0.15 a blunder; luck sums what each roll gave its owner over the average roll.*")
	eg := evalGraphOf(rev)
	eg.First = seats[0]
	if eg.First == "" || strings.HasPrefix(eg.First, "wins") {
		eg.First = "Player 1"
	}
	graph, err := render.EvalGraphPNG(eg)
	if err != nil {
		return nil, err
	}
	embeds := []*discordgo.MessageEmbed{{
		Title: boardTitle(row, fmt.Sprintf("review of game #%d", row.ID)), Description: clip(desc.String(), embedDescriptionMax), Color: 0x1f6f8b,
		Image: &discordgo.MessageEmbedImage{URL: "attachment://review.png"},
	}}
	files := []*discordgo.File{pngFile("review.png", graph, evalGraphAlt(row, rev, eg.First))}
	moments, err := b.keyMoments(row, rev)
	if err != nil {
		return nil, err
	}
	for i, m := range moments {
		name := fmt.Sprintf("moment-%d.png", i+1)
		embeds = append(embeds, &discordgo.MessageEmbed{Description: clip(m.text, embedDescriptionMax), Color: 0xe53935, Image: &discordgo.MessageEmbedImage{URL: "attachment://" + name}})
		files = append(files, pngFile(name, m.png, m.alt))
	}
	learn := []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "Learn from your mistakes", Emoji: &discordgo.ComponentEmoji{Name: "🎓"}, Style: discordgo.PrimaryButton, CustomID: fmt.Sprintf("learn:%d", row.ID)},
	}}}
	return &discordgo.MessageSend{Embeds: embeds, Files: files, Components: learn, AllowedMentions: noPings}, nil
}

// evalGraphOf turns a review into the graph's data: the first player's
// expected score after each ply, the judged errors and the big dice swings.
func evalGraphOf(rev review.Review) render.EvalGraph {
	g := render.EvalGraph{Result: -1}
	switch rev.Result {
	case games.ResultPlayer1:
		g.Result = 1
	case games.ResultPlayer2:
		g.Result = 0
	case games.ResultDraw:
		g.Result = 0.5
	}
	for _, p := range rev.Plies {
		e := p.ExpectedAfter
		if p.Player != 0 {
			e = 1 - e
		}
		mark := render.MarkNone
		switch {
		case p.Judgement == "blunder":
			mark = render.MarkBlunder
		case p.Judgement == "mistake":
			mark = render.MarkMistake
		case p.Luck != nil && (*p.Luck >= 0.15 || *p.Luck <= -0.15):
			mark = render.MarkDice
		}
		g.Points = append(g.Points, render.EvalPoint{Expected: min(1, max(0, e)), Mark: mark})
	}
	return g
}

type keyMoment struct {
	text, alt string
	png       []byte
}

// keyMoments draws the largest errors (up to keyMoments), in game order:
// the position before each, with the move played marked as a last move
// and the engine's better move ringed, and says each in words (package
// explain: what the engine's line wins, the variant's own events).
func (b *Bot) keyMoments(row db.Game, rev review.Review) ([]keyMoment, error) {
	var worst []int
	for i, p := range rev.Plies {
		if p.Loss != nil && p.Judgement != "" {
			worst = append(worst, i)
		}
	}
	// Largest loss first; then the chosen ones in game order.
	slices.SortStableFunc(worst, func(a, b int) int { return cmp.Compare(*rev.Plies[b].Loss, *rev.Plies[a].Loss) })
	worst = worst[:min(len(worst), keyMoments)]
	if len(worst) == 0 {
		return nil, nil
	}
	slices.Sort(worst)
	rec, _, err := b.play.Record(context.Background(), row)
	if err != nil {
		return nil, err
	}
	before := map[int]games.Game{}
	if _, err := games.ReplayEach(rec, func(s games.ReplayStep) {
		if s.Index >= 0 {
			before[s.Index] = s.Before
		}
	}); err != nil {
		return nil, err
	}
	chosen := make([]review.Ply, 0, len(worst))
	for _, i := range worst {
		chosen = append(chosen, rev.Plies[i])
	}
	words, err := explain.Plies(rec, chosen)
	if err != nil { // the words are a help: the moments stand without them
		b.log.Warn("explaining a review's key moments", "game", row.ID, "err", err)
	}
	var out []keyMoment
	for _, i := range worst {
		p := rev.Plies[i]
		g, ok := before[p.Ply]
		if !ok {
			continue
		}
		v := momentView(g, p.Move, p.Best)
		drawing <- struct{}{}
		png, err := render.PNG(v)
		<-drawing
		if err != nil {
			return nil, err
		}
		text := fmt.Sprintf("**Move %d · %s**: **%s** was %s — expected score %s → %s. Better: **%s** (marked in blue).",
			v.MoveNumber, mention(row.Players[p.Player]), moveWords(g, p.Move), withArticle(p.Judgement), shown(p.ExpectedBefore, 2, false),
			shown(p.ExpectedAfter, 2, false), moveWords(g, p.Best))
		if w := words[p.Ply]; w != "" {
			text += "\n" + w
		}
		alt := fmt.Sprintf("Key moment, move %d: the board before %s, with the move played marked and the engine's better move, %s, in blue. %s",
			v.MoveNumber, moveWords(g, p.Move), moveWords(g, p.Best), boardAlt(v))
		out = append(out, keyMoment{text: text, alt: alt, png: png})
	}
	return out, nil
}

// moveWords is a move as its label says it ("g4 (pawn g2→g4)"), or its
// notation.
func moveWords(g games.Game, notation string) string {
	for _, m := range g.LegalMoves() {
		if m.Notation == notation && m.Label != "" {
			return m.Label
		}
	}
	return notation
}

// momentView is g's view with the move played marked from and to, and the
// better move's piece and target ringed.
func momentView(g games.Game, played, best string) games.View {
	v := g.View()
	v.Marks = nil
	idx := map[string]int{}
	for i, c := range v.Cells {
		idx[c.Name] = i
	}
	for _, m := range g.LegalMoves() {
		switch m.Notation {
		case played:
			v.Marks = append(v.Marks, games.Mark{Cell: idx[m.From], Kind: games.MarkFrom}, games.Mark{Cell: idx[m.To], Kind: games.MarkTo})
		case best:
			v.Marks = append(v.Marks, games.Mark{Cell: idx[m.From], Kind: games.MarkSelected}, games.Mark{Cell: idx[m.To], Kind: games.MarkTargetQuiet})
		}
	}
	return v
}

// evalGraphAlt is the evaluation graph in words.
func evalGraphAlt(row db.Game, rev review.Review, first string) string {
	mistakes, blunders, dice := 0, 0, 0
	for _, p := range rev.Plies {
		switch p.Judgement {
		case review.Mistake:
			mistakes++
		case review.Blunder:
			blunders++
		}
		if p.Luck != nil && (*p.Luck >= 0.15 || *p.Luck <= -0.15) {
			dice++
		}
	}
	text := fmt.Sprintf("Evaluation graph of game #%d: %s's expected score (0 to 1) after each of %s; %s and %s marked",
		row.ID, first, plural(len(rev.Plies), "move"), plural(mistakes, "mistake"), plural(blunders, "blunder"))
	if dice > 0 {
		text += fmt.Sprintf(", and %s", plural(dice, "big dice swing"))
	}
	if rev.Result != "" && rev.Result != "*" {
		text += "; result " + rev.Result
	}
	return text + "."
}
