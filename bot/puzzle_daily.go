package bot

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"sort"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/puzzles"
	"github.com/bermudachess/bermuda/render"
)

// The daily puzzle: where a server manager chose (/settings
// puzzle_channel), the scheduler posts one puzzle a day (UTC), the same for
// everyone in the server, with a Solve button that opens it privately as
// an attempt of that day. The post says how many solved it (an edit of
// that one message, at most every dailyCountEvery), and when the next
// day's is posted the old post lists its solvers.
//
// Exactly once across restarts and replicas: the (server, day) row is
// claimed in the database before posting, and the post is recorded under
// that claim; a claim whose post was never recorded (its process died in
// between) is taken over after dailyLease by a later tick, which posts the
// puzzle first chosen.

const (
	// dailyStopAfter permanent failures of a server's post (no access, no
	// permission, no channel) stop it for the rest of the day; it is
	// tried again the next day. The server manager who chose the channel
	// is told once, and /settings shows the error until it is fixed.
	dailyStopAfter  = 3
	dailyLease      = 2 * time.Minute
	dailyCountEvery = 5 * time.Minute
	dayLayout       = "2006-01-02"
)

// dayNumber and dayOf convert a UTC day to the number a Solve button
// carries and back.
func dayNumber(day string) int64 {
	t, err := time.Parse(dayLayout, day)
	if err != nil {
		return -1
	}
	return t.Unix() / 86400
}

func dayOf(n int64) string { return time.Unix(n*86400, 0).UTC().Format(dayLayout) }

// dailyChoice is a server's puzzle of a day: the variants with puzzles
// take turns by day, and the puzzle is drawn from a hash of the server and
// day, so every replica chooses the same.
func dailyChoice(guildID, day string) (*puzzles.Puzzle, bool) {
	vs := puzzleVariants()
	if len(vs) == 0 {
		return nil, false
	}
	n := dayNumber(day)
	set, err := puzzleSet(vs[int(n%int64(len(vs))+int64(len(vs)))%len(vs)])
	if err != nil {
		return nil, false
	}
	h := fnv.New64a()
	h.Write([]byte(guildID + "/" + day))
	return &set.Puzzles[h.Sum64()%uint64(len(set.Puzzles))], true
}

// dailyPuzzles is the scheduler's part: post today's puzzles, list past
// solvers, update the solver counts.
func (b *Bot) dailyPuzzles(ctx context.Context, now time.Time) {
	day := now.UTC().Format(dayLayout)
	chans, err := b.store.PuzzleChannels(ctx, day, dailyStopAfter)
	if err != nil {
		b.log.Error("reading the daily puzzle channels", "err", err)
		return
	}
	guilds := make([]string, 0, len(chans))
	for g := range chans {
		guilds = append(guilds, g)
	}
	sort.Strings(guilds)
	for _, g := range guilds {
		b.postDaily(ctx, g, chans[g], day, now)
	}
	b.listPastDailies(ctx, day)
	b.updateDailyCounts(ctx, day, now)
}

// postDaily posts a server's puzzle of the day, if this process claims it.
func (b *Bot) postDaily(ctx context.Context, guildID, channelID, day string, now time.Time) {
	pz, ok := dailyChoice(guildID, day)
	if !ok {
		return
	}
	d, claimed, err := b.store.ClaimDailyPuzzle(ctx, db.DailyPuzzle{GuildID: guildID, Day: day, Variant: pz.Variant, PuzzleID: pz.ID,
		ChannelID: channelID}, now, dailyLease)
	if err != nil || !claimed {
		if err != nil {
			b.log.Error("claiming the daily puzzle", "guild", guildID, "err", err)
		}
		return
	}
	msg, err := b.dailyMessage(ctx, d)
	if err != nil {
		b.log.Error("drawing the daily puzzle", "guild", guildID, "puzzle", d.PuzzleID, "err", err)
		return
	}
	m, err := b.send(d.ChannelID, msg)
	if err != nil {
		b.dailyFailed(ctx, d, err)
		return // the claim lapses and a later tick posts it
	}
	if ok, err := b.store.SetDailyMessage(ctx, guildID, day, d.ClaimedAt, m.ID); err != nil || !ok {
		b.log.Warn("recording the daily puzzle's post", "guild", guildID, "day", day, "recorded", ok, "err", err)
	}
}

// dailyMessage is the post: the board from the solver's side, whose move,
// how many moves to find, yesterday's solvers, and the Solve button.
func (b *Bot) dailyMessage(ctx context.Context, d db.DailyPuzzle) (*discordgo.MessageSend, error) {
	v, err := loadPuzzleView(db.PuzzleAttempt{Variant: d.Variant, PuzzleID: d.PuzzleID})
	if err != nil {
		return nil, err
	}
	view := v.game.View()
	drawing <- struct{}{}
	png, err := render.PNG(view)
	<-drawing
	if err != nil {
		return nil, err
	}
	total, _ := v.solverMoves(0)
	desc := fmt.Sprintf("%s and find the best move: %s to find. Press **Solve** to try it; only you see your answers.",
		toPlay(v.game, v.solver), plural(total, "move"))
	if prev, err := b.store.DailyPuzzleOf(ctx, d.GuildID, dayOf(dayNumber(d.Day)-1)); err == nil && prev.MessageID != "" {
		desc += "\n\n" + b.solversLine(ctx, prev, "Yesterday's puzzle")
	}
	return &discordgo.MessageSend{
		Content: dailyCountLine(0),
		Embeds: []*discordgo.MessageEmbed{{
			Title: clip(fmt.Sprintf("🧩 Daily puzzle of %s · %s", d.Day, variantName(d.Variant)), 256), Description: clip(desc, embedDescriptionMax),
			Image: &discordgo.MessageEmbedImage{URL: "attachment://board.png"}, Color: 0x1f6f8b,
			Footer: &discordgo.MessageEmbedFooter{Text: fmt.Sprintf("Puzzle rated about %d", v.puzzle.Rating)},
		}},
		Files: []*discordgo.File{pngFile("board.png", png, "Puzzle: "+boardAlt(view))},
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Solve", Emoji: &discordgo.ComponentEmoji{Name: "🧩"}, Style: discordgo.PrimaryButton,
				CustomID: fmt.Sprintf("pzsolve:%d", dayNumber(d.Day))},
		}}},
		AllowedMentions: noPings,
	}, nil
}

func dailyCountLine(n int) string {
	if n == 0 {
		return "🧩 Today's puzzle: nobody has solved it yet."
	}
	return fmt.Sprintf("🧩 Today's puzzle: solved by %s so far.", plural(n, "player"))
}

// solversLine names a daily's solvers (by their stored names).
func (b *Bot) solversLine(ctx context.Context, d db.DailyPuzzle, what string) string {
	ids, err := b.store.DailySolvers(ctx, d.GuildID, d.Day)
	if err != nil || len(ids) == 0 {
		return what + " was solved by nobody."
	}
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = "**" + b.name(ctx, id) + "**"
	}
	return clip(fmt.Sprintf("%s was solved by %s: %s.", what, plural(len(ids), "player"), strings.Join(names, ", ")), 1500)
}

// listPastDailies edits each past daily's post to list its solvers, once.
func (b *Bot) listPastDailies(ctx context.Context, day string) {
	past, err := b.store.UnlistedDailies(ctx, day)
	if err != nil {
		b.log.Error("reading past daily puzzles", "err", err)
		return
	}
	for _, d := range past {
		ok, err := b.store.ClaimDailyListing(ctx, d.GuildID, d.Day)
		if err != nil || !ok {
			continue
		}
		text := "🧩 " + b.solversLine(ctx, d, "The puzzle of "+d.Day)
		if _, err := b.dc.Edit(&discordgo.MessageEdit{Channel: d.ChannelID, ID: d.MessageID, Content: &text, AllowedMentions: noPings}); err != nil {
			b.log.Warn("listing a daily puzzle's solvers", "guild", d.GuildID, "day", d.Day, "err", err)
		}
	}
}

// updateDailyCounts edits today's posts whose solver count changed, at
// most every dailyCountEvery (no edit storms), each edit claimed once.
func (b *Bot) updateDailyCounts(ctx context.Context, day string, now time.Time) {
	posted, err := b.store.PostedDailies(ctx, day)
	if err != nil {
		b.log.Error("reading today's daily puzzles", "err", err)
		return
	}
	for _, d := range posted {
		ids, err := b.store.DailySolvers(ctx, d.GuildID, d.Day)
		if err != nil || len(ids) == d.ShownSolvers || now.Sub(d.ShownAt) < dailyCountEvery {
			continue
		}
		if ok, err := b.store.ClaimDailyCount(ctx, d.GuildID, d.Day, d.ShownSolvers, len(ids), now); err != nil || !ok {
			continue
		}
		text := dailyCountLine(len(ids))
		if _, err := b.dc.Edit(&discordgo.MessageEdit{Channel: d.ChannelID, ID: d.MessageID, Content: &text, AllowedMentions: noPings}); err != nil {
			b.log.Warn("updating a daily puzzle's solver count", "guild", d.GuildID, "err", err)
		}
	}
}

// btnDailySolve is the Solve button under a daily puzzle: the player's
// attempt of that day, privately (one per player and day).
func (b *Bot) btnDailySolve(ctx context.Context, r *request, dayNum int64) error {
	day := dayOf(dayNum)
	d, err := b.store.DailyPuzzleOf(ctx, r.i.GuildID, day)
	if errors.Is(err, db.ErrNotFound) {
		return userErrorf("This daily puzzle is not one of this server's.")
	}
	if err != nil {
		return err
	}
	r.deferEphemeral()
	// The solvers are listed by name the next day.
	if err := b.store.UpsertPlayer(ctx, r.userID(), r.userName()); err != nil {
		return err
	}
	att, _, err := b.store.StartPuzzle(ctx, db.PuzzleAttempt{UserID: r.userID(), Variant: d.Variant, PuzzleID: d.PuzzleID,
		DailyGuild: d.GuildID, DailyDay: d.Day})
	if err != nil {
		return err
	}
	if att.State != "open" {
		return userErrorf("You already tried the daily puzzle of %s: %s. `/puzzle` gives you more.", day, att.State)
	}
	v, err := loadPuzzleView(att)
	if err != nil {
		return err
	}
	data, err := b.puzzleStep(v, pickerState{}, "")
	if err != nil {
		return err
	}
	return r.editOriginal(webhookEdit(data))
}

// puzzleStatsText is /stats's puzzle part: ratings and streaks.
func (b *Bot) puzzleStatsText(ctx context.Context, userID string) (string, error) {
	ps, err := b.store.PuzzlePlayerRatings(ctx, userID)
	if err != nil || len(ps) == 0 {
		return "", err
	}
	var sb strings.Builder
	for _, p := range ps {
		fmt.Fprintf(&sb, "🧩 **%s puzzles**: %s ±%.0f — %d solved of %d · streak %d (best %d)\n", variantName(p.Variant),
			ratingText(db.Rating{Rating: p.Rating, RD: p.RD}), p.RD, p.Solved, p.Attempts, p.Streak, p.BestStreak)
	}
	return sb.String(), nil
}

// lastingFailure says, as a server manager reads it, why Discord refused
// a post for a reason that will not pass by itself; "" for any other
// failure (an outage, a rate limit), which is simply tried again.
func lastingFailure(err error) string {
	switch discordCode(err) {
	case 10003:
		return "the channel no longer exists (or I can no longer see it)"
	case 50001:
		return "I have no access to the channel (I need **View Channel** there)"
	case 50013:
		return "I lack a permission in the channel (I need **Send Messages**, **Embed Links** and **Attach Files** there)"
	}
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Response != nil {
		switch re.Response.StatusCode {
		case 403:
			return "Discord refused me the channel (I need **View Channel**, **Send Messages**, **Embed Links** and **Attach Files** there)"
		case 404:
			return "the channel no longer exists (or I can no longer see it)"
		}
	}
	return ""
}

// dailyFailed records a daily post that failed for good; at the
// dailyStopAfter-th failure of the day, the post stops until tomorrow and
// the server manager who chose the channel is told, once.
func (b *Bot) dailyFailed(ctx context.Context, d db.DailyPuzzle, err error) {
	why := lastingFailure(err)
	if why == "" {
		return
	}
	n, rerr := b.store.RecordDailyFailure(ctx, d.GuildID, d.ChannelID, d.Day, why)
	if rerr != nil {
		b.log.Error("recording a daily puzzle's failure", "guild", d.GuildID, "err", rerr)
		return
	}
	b.log.Warn("the daily puzzle could not be posted", "guild", d.GuildID, "channel", d.ChannelID, "failures", n, "err", err)
	if n < dailyStopAfter {
		return
	}
	if ok, err := b.store.ClaimDailyFailureNotice(ctx, d.GuildID); err != nil || !ok {
		return
	}
	pc, err := b.store.PuzzleChannelOf(ctx, d.GuildID)
	if err != nil || pc.SetBy == "" {
		return // nobody to tell: /settings shows it
	}
	dm, err := b.dc.OpenDM(pc.SetBy)
	if err == nil {
		_, err = b.dc.Send(dm, &discordgo.MessageSend{Content: "⚠️ " + dailyFailureText(d.GuildID, pc), AllowedMentions: noPings})
	}
	if err != nil { // closed DMs: /settings still shows it
		b.log.Info("could not tell the server manager about the daily puzzle", "guild", d.GuildID, "user", pc.SetBy, "err", err)
	}
}

// dailyFailureText says what is wrong with a server's daily puzzle and
// how to fix it.
func dailyFailureText(guildID string, pc db.PuzzleChannel) string {
	return fmt.Sprintf("The daily puzzle could not be posted in <#%s> (https://discord.com/channels/%s/%s) on %s: %s. "+
		"After %d such failures I stop for the day and try again the next. To fix it, make sure the channel exists and I may post there with pictures, "+
		"choose another with `/settings puzzle_channel:`, or stop it with `/settings clear:puzzle_channel`.",
		pc.ChannelID, guildID, pc.ChannelID, pc.FailDay, pc.LastError, dailyStopAfter)
}
