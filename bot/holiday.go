package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/holiday"
	"github.com/bermudachess/bermuda/play"
)

// Holidays (/vacation): while a player is on holiday their clock stands
// still in every game, in every server. The clock is judged where it
// always was: each turn's stored deadline and reminder, which the
// scheduler reads. A holiday only moves those, by the one rule of package
// holiday (the time a turn's clock has run outside the player's holidays):
// a new turn's clock counts the holidays of the player to act (deadlines,
// present.go), and a holiday's start or early end moves the clocks of the
// turns its player is to act in, stored with the holiday in one
// transaction. A turn starts when its last move was stored (or when the
// game was created), which the move log records. A holiday may be planned
// ahead (from:): its span lies in the future, so the clocks it moves run
// until it starts; /vacation end before it starts cancels it.

// vacationCommand is /vacation and its subcommands.
func vacationCommand() *discordgo.ApplicationCommand {
	one := 1.0
	sub := func(name, desc string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: name, Description: desc, Options: opts}
	}
	return &discordgo.ApplicationCommand{Name: "vacation", Description: "A holiday: your clocks stop in all your games (30 days a year)",
		Options: []*discordgo.ApplicationCommandOption{
			sub("start", "Go on holiday (now or planned ahead): your clocks stop in all your games until it ends",
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "days",
					Description: "How many days (30 in any 365 days)", Required: true, MinValue: &one, MaxValue: holiday.Allowance},
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "from",
					Description: "When it starts: 2h or 3d from now, or 2026-05-01T18:00 (UTC); at most 90 days ahead. Default: now"}),
			sub("end", "Come back early (days not begun given back), or cancel a planned holiday"),
			sub("status", "Your holiday, and the holiday days you have left"),
		}}
}

func (b *Bot) cmdVacation(ctx context.Context, r *request) error {
	switch sub := r.subcommand(); sub {
	case "start":
		return b.vacationStart(ctx, r)
	case "end":
		return b.vacationEnd(ctx, r)
	case "status":
		return b.vacationStatus(ctx, r)
	default:
		return userErrorf("Unknown `/vacation %s`: use start, end or status.", sub)
	}
}

// onHoliday is when userID's running holiday ends, if one runs now.
func (b *Bot) onHoliday(ctx context.Context, userID string) (time.Time, bool) {
	now := b.Now()
	_, hs, err := b.play.HolidaysOf(ctx, userID, now)
	if err != nil {
		b.log.Warn("reading holidays", "user", userID, "err", err)
		return time.Time{}, false
	}
	h, ok := holiday.Current(hs, now)
	return h.Until(), ok
}

// holidayAhead is userID's holiday running now or, if none, planned.
func (b *Bot) holidayAhead(ctx context.Context, userID string) (holiday.Holiday, bool) {
	now := b.Now()
	_, hs, err := b.play.HolidaysOf(ctx, userID, now)
	if err != nil {
		b.log.Warn("reading holidays", "user", userID, "err", err)
		return holiday.Holiday{}, false
	}
	return holiday.Next(hs, now)
}

// holidayLines say, under a board, which of the game's players is on
// holiday or plans one, e.g. "\n🏖️ @ann is on holiday until <date>".
func (b *Bot) holidayLines(row db.Game) string {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	now := b.Now()
	var sb strings.Builder
	for _, p := range row.Players {
		h, ok := b.holidayAhead(ctx, p)
		switch {
		case ok && h.Running(now):
			fmt.Fprintf(&sb, "\n🏖️ %s is on holiday until <t:%d:f>: their clock stands still until then.", mention(p), h.Until().Unix())
		case ok:
			fmt.Fprintf(&sb, "\n🏖️ %s plans a holiday from <t:%d:f> until <t:%d:f>: their clock will stand still then.", mention(p), h.Start.Unix(), h.Until().Unix())
		}
	}
	return sb.String()
}

// holidaySeen keeps, for one /games listing, each player's holiday
// running or planned (a zero one: none).
type holidaySeen map[string]holiday.Holiday

// holidayTag is /games' note on a game whose players are on holiday or
// plan one.
func (b *Bot) holidayTag(ctx context.Context, row db.Game, seen holidaySeen) string {
	now := b.Now()
	var tag string
	for _, p := range row.Players {
		h, ok := seen[p]
		if !ok {
			h, _ = b.holidayAhead(ctx, p)
			seen[p] = h
		}
		switch {
		case h.End.IsZero():
		case h.Running(now):
			tag += fmt.Sprintf(" — 🏖️ %s on holiday until <t:%d:f>", mention(p), h.Until().Unix())
		case h.Planned(now):
			tag += fmt.Sprintf(" — 🏖️ %s plans a holiday from <t:%d:f> until <t:%d:f>", mention(p), h.Start.Unix(), h.Until().Unix())
		}
	}
	return tag
}

// heldGame is one of a player's active games, as play.MoveClocks held it.
type heldGame = play.HeldGame

// holidayError says why a holiday could not start or end, for the errors
// common to both.
func holidayError(err error) error {
	switch {
	case errors.Is(err, play.ErrClocksKeptChanging):
		return userErrorf("Your games kept changing while I stopped your clocks; nothing was changed. Please try again.")
	case errors.Is(err, db.ErrHolidayRunning):
		return userErrorf("You already have a holiday running or planned: one at a time. `/vacation status` says when.")
	case errors.Is(err, db.ErrNotFound):
		return userErrorf("Your holiday has already ended or been cancelled.")
	case errors.Is(err, play.ErrNoHoliday):
		return userErrorf("You are not on holiday and plan none. `/vacation start days` starts one: your clocks stop in all your games.")
	}
	return err
}

// allowanceText says the days used and left, e.g. "Holiday days used in
// the last 365 days: 5 of 30; 25 left."
func allowanceText(hs []holiday.Holiday, now time.Time) string {
	text := fmt.Sprintf("Holiday days used in the last 365 days: **%d** of %d; **%d** left.", holiday.Used(hs, now), holiday.Allowance, holiday.Remaining(hs, now))
	if next := holiday.NextReturn(hs, now); !next.IsZero() && holiday.Remaining(hs, now) < holiday.Allowance {
		text += fmt.Sprintf(" The next day comes back <t:%d:f>.", next.Unix())
	}
	return text
}

// clockLines list the games where the player is to act with their time.
func clockLines(held []heldGame) string {
	var sb strings.Builder
	n := 0
	for _, g := range held {
		if !g.ToAct {
			continue
		}
		if n++; n > 10 {
			sb.WriteString("\n• …")
			break
		}
		fmt.Fprintf(&sb, "\n• %s (game #%d): your time runs out <t:%d:f>", gameLink(g.Row), g.Row.ID, g.Row.Deadline.Unix())
	}
	return sb.String()
}

func gameLink(row db.Game) string {
	if row.ThreadID == "" {
		return variantName(row.Variant)
	}
	return "<#" + row.ThreadID + ">"
}

// tellThreads posts note(game) in the thread of each game, unlocked.
func (b *Bot) tellThreads(held []heldGame, note func(g heldGame) string) {
	for _, g := range held {
		if g.Row.ThreadID != "" {
			b.sendText(g.Row.ThreadID, note(g), noPings)
		}
	}
}

const dayRule = "A day begun counts as a whole day; `/vacation end` comes back early and gives back the days not begun."

// holidayFrom is when /vacation start's holiday starts, read at now: its
// from option, or now.
func holidayFrom(r *request, now time.Time) (time.Time, error) {
	text := strings.TrimSpace(r.stringOption("from"))
	if text == "" {
		return now, nil
	}
	return parseWhen(text, now) // bot/tournament.go
}

const plannedRule = "A planned holiday's days count against your allowance from the moment you plan it; `/vacation end` before it starts cancels it and gives them all back."

func (b *Bot) vacationStart(ctx context.Context, r *request) error {
	days := r.intOption("days")
	if days < 1 || days > holiday.Allowance {
		return userErrorf("A holiday lasts 1 to %d days (%d days in any 365 days); %d is not possible.", holiday.Allowance, holiday.Allowance, days)
	}
	if _, err := holidayFrom(r, b.Now()); err != nil {
		return err
	}
	userID := r.userID()
	r.deferEphemeral() // every game of the player is looked at
	c, err := b.play.StartHoliday(ctx, userID, days, func(now time.Time) (time.Time, error) { return holidayFrom(r, now) })
	var ref *play.HolidayRefusal
	if errors.As(err, &ref) {
		return holidayRefusal(ref)
	}
	if err != nil {
		return holidayError(err)
	}
	started, all, asked, held := c.Holiday, c.All, c.At, c.Held
	from, until := started.Start.Unix(), started.End.Unix()
	if started.Start.After(asked) {
		b.tellThreads(held, func(g heldGame) string {
			text := fmt.Sprintf("🏖️ %s plans a holiday from <t:%d:f> until <t:%d:f>: their clock will stand still then, in this game and their others.", mention(userID), from, until)
			if g.ToAct {
				text += fmt.Sprintf(" Their time to move now runs out <t:%d:f>.", g.Row.Deadline.Unix())
			}
			return text
		})
		text := fmt.Sprintf("🏖️ Your holiday is planned from <t:%d:f> until <t:%d:f> (%s). Until it starts your clocks run as usual; then they stand still in all your games until it ends. Your opponents are told in each game's thread.",
			from, until, plural(days, "day"))
		if lines := clockLines(held); lines != "" {
			text += "\nYour move, with the holiday counted:" + lines
		}
		text += "\n" + allowanceText(all, asked) + "\n" + plannedRule
		return r.privately(text)
	}
	b.tellThreads(held, func(g heldGame) string {
		text := fmt.Sprintf("🏖️ %s is on holiday until <t:%d:f>: their clock stands still until then, in this game and their others.", mention(userID), until)
		if g.ToAct {
			text += fmt.Sprintf(" Their time to move now runs out <t:%d:f>.", g.Row.Deadline.Unix())
		}
		return text
	})
	text := fmt.Sprintf("🏖️ You are on holiday from <t:%d:f> until <t:%d:f> (%s). Your clocks stand still in all your games meanwhile; your opponents are told in each game's thread.",
		from, until, plural(days, "day"))
	if lines := clockLines(held); lines != "" {
		text += "\nYour move, with the time you had left when you come back:" + lines
	}
	text += "\n" + allowanceText(all, started.Start) + "\n" + dayRule
	return r.privately(text)
}

// holidayRefusal words the holiday rules' refusal of a start.
func holidayRefusal(ref *play.HolidayRefusal) error {
	now, from, h, hs, err := ref.Now, ref.From, ref.Holiday, ref.Holidays, ref.Err
	var de *holiday.DaysError
	planning := ""
	if from.After(now) {
		planning = " " + plannedRule
	}
	switch {
	case errors.Is(err, holiday.ErrPast):
		return userErrorf("The start <t:%d:f> has already passed: choose `from` in the future, or leave it out to start now.", from.Unix())
	case errors.Is(err, holiday.ErrTooFar):
		return userErrorf("A holiday can be planned at most 90 days ahead; <t:%d:f> is further.", from.Unix())
	case errors.Is(err, holiday.ErrRunning):
		return userErrorf("You are already on holiday until <t:%d:f>: one holiday at a time. `/vacation end` ends it early; then a new one may start.", h.Until().Unix())
	case errors.Is(err, holiday.ErrPlanned):
		return userErrorf("You already plan a holiday from <t:%d:f> until <t:%d:f>: one holiday at a time. `/vacation end` cancels it (all its days given back); then plan a new one.",
			h.Start.Unix(), h.Until().Unix())
	case errors.Is(err, holiday.ErrOverdue):
		for _, g := range ref.Held {
			if g.ToAct && !g.Row.Deadline.After(now) {
				return userErrorf("Your time to move in %s (game #%d) ran out <t:%d:R>: a holiday can start only while none of your moves is overdue.",
					gameLink(g.Row), g.Row.ID, g.Row.Deadline.Unix())
			}
		}
	case errors.As(err, &de) && de.Remaining == 0:
		return userErrorf("You have no holiday days left: you used all %d in the last 365 days. The next one comes back <t:%d:f>.%s",
			holiday.Allowance, holiday.NextReturn(hs, now).Unix(), planning)
	case errors.As(err, &de):
		return userErrorf("You have %s of holiday left in the last 365 days (%d a year): ask for 1 to %d.%s",
			plural(de.Remaining, "day"), holiday.Allowance, de.Remaining, planning)
	}
	return err
}

func (b *Bot) vacationEnd(ctx context.Context, r *request) error {
	userID := r.userID()
	r.deferEphemeral()
	c, err := b.play.EndHoliday(ctx, userID)
	if err != nil {
		return holidayError(err)
	}
	ended, given, all, at, held := c.Holiday, c.Given, c.All, c.At, c.Held
	if c.Cancelled {
		b.tellThreads(held, func(g heldGame) string {
			text := fmt.Sprintf("🏖️ %s cancelled their planned holiday (<t:%d:f> to <t:%d:f>): their clock runs as usual.", mention(userID), ended.Start.Unix(), ended.End.Unix())
			if g.ToAct {
				text += fmt.Sprintf(" Their time to move runs out <t:%d:f>.", g.Row.Deadline.Unix())
			}
			return text
		})
		text := fmt.Sprintf("🗓️ Your planned holiday from <t:%d:f> until <t:%d:f> is cancelled; %s given back. Your clocks run as usual.",
			ended.Start.Unix(), ended.End.Unix(), plural(given, "day"))
		if lines := clockLines(held); lines != "" {
			text += "\nYour move:" + lines
		}
		text += "\n" + allowanceText(all, at)
		return r.privately(text)
	}
	b.tellThreads(held, func(g heldGame) string {
		text := fmt.Sprintf("🏖️ %s is back from holiday: their clock runs again.", mention(userID))
		if g.ToAct {
			text += fmt.Sprintf(" Their time to move runs out <t:%d:f>.", g.Row.Deadline.Unix())
		}
		return text
	})
	text := fmt.Sprintf("👋 Welcome back: your holiday ended <t:%d:f> after %s (a day begun counts as a whole day); %s given back. Your clocks run again.",
		ended.EndedAt.Unix(), plural(ended.Days(), "day"), plural(given, "day"))
	if lines := clockLines(held); lines != "" {
		text += "\nYour move:" + lines
	}
	text += "\n" + allowanceText(all, ended.EndedAt)
	return r.privately(text)
}

func (b *Bot) vacationStatus(ctx context.Context, r *request) error {
	now := b.Now()
	_, hs, err := b.play.HolidaysOf(ctx, r.userID(), now.Add(-holiday.Year))
	if err != nil {
		return err
	}
	text := "You are not on holiday. `/vacation start days` stops your clocks in all your games (`from` plans it ahead)."
	rule := dayRule
	if h, ok := holiday.Next(hs, now); ok && h.Running(now) {
		text = fmt.Sprintf("🏖️ You are on holiday until <t:%d:f> (<t:%d:R>): your clocks stand still in all your games. `/vacation end` comes back early.",
			h.Until().Unix(), h.Until().Unix())
	} else if ok {
		text = fmt.Sprintf("🗓️ You plan a holiday from <t:%d:f> (<t:%d:R>) until <t:%d:f> (%s): your clocks will stand still in all your games then.",
			h.Start.Unix(), h.Start.Unix(), h.Until().Unix(), plural(h.Days(), "day"))
		rule = plannedRule
	}
	return r.ephemeral(text + "\n" + allowanceText(hs, now) + "\n" + rule)
}
