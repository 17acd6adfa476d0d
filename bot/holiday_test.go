package bot

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/bot/fakediscord"
)

const day = 24 * time.Hour

// vacation runs /vacation sub as u and returns its private answer.
func (h *harness) vacation(u fakediscord.User, sub string, opts ...fakediscord.Option) fakediscord.Message {
	h.t.Helper()
	resp := h.send(fakediscord.Interaction{Type: 2, User: u, ChannelID: lobbyID, Name: "vacation",
		Options: []fakediscord.Option{{Name: sub, Type: 1, Options: opts}}})
	m := h.reply(resp)
	if !m.Ephemeral {
		h.t.Fatalf("/vacation %s answered publicly: %q", sub, m.Content)
	}
	return m
}

func wantIn(t *testing.T, what, text string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("%s: %q does not say %q", what, text, w)
		}
	}
}

func stamp(at time.Time) string { return fmt.Sprintf("<t:%d:f>", at.Unix()) }

// A holiday across a deadline: no reminder and no loss on time while it
// runs; afterwards the clock resumes with the time that was left, the
// reminder comes at 80% of the time not on holiday, and the loss only
// after. The opponent sees the holiday under the board and in /games.
func TestVacationAcrossADeadline(t *testing.T) {
	h := newHarness(t)
	ctx := t.Context()
	thread := h.startGame("chess") // 3 days per move
	h.move(ann, thread, "e4")
	h.move(bob, thread, "e5")
	t0 := h.clock.Now() // ann's turn began: deadline t0+3d, reminder t0+2.4d

	h.clock.Advance(day)
	m := h.vacation(ann, "start", integer("days", 5))
	wantIn(t, "the start", m.Content, "on holiday from "+stamp(t0.Add(day))+" until "+stamp(t0.Add(6*day)), "(5 days)",
		"<#"+thread+">", "your time runs out "+stamp(t0.Add(8*day)), "used in the last 365 days: **5** of 30; **25** left")
	row, _ := h.store.GameByThread(ctx, thread)
	if !row.Deadline.Equal(t0.Add(8*day)) || !row.ReminderAt.Equal(t0.Add(7*day+day*4/10)) {
		t.Fatalf("after the holiday began: deadline %v, reminder %v; want %v and %v", row.Deadline, row.ReminderAt, t0.Add(8*day), t0.Add(7*day+day*4/10))
	}
	msgs := contents(h, thread)
	wantIn(t, "the thread's note", msgs[len(msgs)-1], "<@111> is on holiday until "+stamp(t0.Add(6*day)), "runs out "+stamp(t0.Add(8*day)))

	// Bob sees it under the board and in /games.
	h.command(bob, thread, "board")
	msgs = contents(h, thread)
	wantIn(t, "the board", msgs[len(msgs)-1], "<@111>, your move", "🏖️ <@111> is on holiday until "+stamp(t0.Add(6*day)))
	h.wantEphemeral(h.command(bob, lobbyID, "games"), "— <@111> to move — 🏖️ <@111> on holiday until "+stamp(t0.Add(6*day)))

	h.wantHolidayCourse(thread, t0.Add(3*day), t0.Add(6*day), t0.Add(7*day+day*4/10), t0.Add(8*day))
}

// wantHolidayCourse checks ann's game (bob to win on time) across her
// holiday, which ends at back: the old deadline passes on holiday without
// a post; one welcome back, pinging her, with her deadline; the reminder
// at remind (80% of the time off holiday); the loss on time at deadline,
// not a second before.
func (h *harness) wantHolidayCourse(thread string, oldDeadline, back, remind, deadline time.Time) {
	h.t.Helper()
	t, ctx := h.t, h.t.Context()
	advanceTo := func(at time.Time) {
		h.clock.Advance(at.Sub(h.clock.Now()))
		h.bot.Tick(ctx)
	}
	before := len(h.fake.Messages(thread))
	advanceTo(oldDeadline.Add(time.Hour))
	if row, _ := h.store.GameByThread(ctx, thread); row.State != "active" || len(h.fake.Messages(thread)) != before {
		t.Fatalf("on holiday: state %s, posts %q", row.State, contents(h, thread)[before:])
	}
	for _, at := range []time.Time{back.Add(time.Hour), back.Add(2 * time.Hour), remind.Add(-30 * time.Minute)} {
		advanceTo(at)
	}
	posts := h.fake.Messages(thread)[before:]
	if len(posts) != 1 || !slices.Contains(posts[0].Pings, ann.ID) {
		t.Fatalf("back from holiday: posts %+v", posts)
	}
	wantIn(t, "the welcome back", posts[0].Content, "Welcome back, <@111>", fmt.Sprintf("runs out <t:%d:R>", deadline.Unix()))
	advanceTo(remind.Add(30 * time.Minute))
	msgs := contents(h, thread)
	wantIn(t, "the reminder", msgs[len(msgs)-1], "⏰ <@111>, it's your move", fmt.Sprintf("<t:%d:R>", deadline.Unix()))
	advanceTo(deadline.Add(-time.Second))
	if row, _ := h.store.GameByThread(ctx, thread); row.State != "active" {
		t.Fatalf("lost a second before the deadline: %+v", row)
	}
	advanceTo(deadline)
	if row, _ := h.store.GameByThread(ctx, thread); row.State != "finished" || row.Reason != "time" || row.Winner != 1 {
		t.Fatalf("after the deadline: %+v", row)
	}
}

// A turn that begins during a holiday starts its clock when the holiday
// ends; ending the holiday early gives back the days not begun and brings
// that clock forward. Games where the player is not to act keep the
// opponent's clock as it was.
func TestVacationEndEarlyGivesDaysBack(t *testing.T) {
	h := newHarness(t)
	ctx := t.Context()
	first := h.startGame("chess")
	second := h.startGame("chess")
	h.move(ann, first, "e4") // bob to act in the first, ann in the second
	t0 := h.clock.Now()
	bobsClock, _ := h.store.GameByThread(ctx, first)
	annsClock, _ := h.store.GameByThread(ctx, second) // a turn from the game's start: no reminder yet

	h.vacation(ann, "start", integer("days", 5))
	if row, _ := h.store.GameByThread(ctx, first); !row.Deadline.Equal(bobsClock.Deadline) {
		t.Fatalf("the opponent's clock moved: %v, was %v", row.Deadline, bobsClock.Deadline)
	}
	if row, _ := h.store.GameByThread(ctx, second); !row.Deadline.Equal(annsClock.Deadline.Add(5*day)) || !row.ReminderAt.IsZero() {
		t.Fatalf("ann's clock on holiday: %v (reminder %v), want %v", row.Deadline, row.ReminderAt, annsClock.Deadline.Add(5*day))
	}
	h.clock.Advance(day)
	h.move(bob, first, "e5") // ann's turn begins on holiday
	if row, _ := h.store.GameByThread(ctx, first); !row.Deadline.Equal(t0.Add(8*day)) || !row.ReminderAt.Equal(t0.Add(5*day+day*24/10)) {
		t.Fatalf("a turn begun on holiday: deadline %v, reminder %v", row.Deadline, row.ReminderAt)
	}
	wantIn(t, "the board", contents(h, first)[len(contents(h, first))-1], "🏖️ <@111> is on holiday until "+stamp(t0.Add(5*day)))

	h.clock.Advance(day + 12*time.Hour) // 2.5 days into the holiday
	m := h.vacation(ann, "end")
	wantIn(t, "the early end", m.Content, "after 3 days", "2 days given back",
		"<#"+first+"> (game #1): your time runs out "+stamp(t0.Add(5*day+12*time.Hour)),
		"<#"+second+"> (game #2): your time runs out "+stamp(annsClock.Deadline.Add(2*day+12*time.Hour)),
		"**3** of 30; **27** left")
	if row, _ := h.store.GameByThread(ctx, first); !row.Deadline.Equal(t0.Add(5*day+12*time.Hour)) || !row.ReminderAt.Equal(t0.Add(2*day+12*time.Hour+day*24/10)) {
		t.Fatalf("after coming back: deadline %v, reminder %v", row.Deadline, row.ReminderAt)
	}
	msgs := contents(h, second)
	wantIn(t, "the note", msgs[len(msgs)-1], "<@111> is back from holiday", "runs out "+stamp(annsClock.Deadline.Add(2*day+12*time.Hour)))
	wantIn(t, "/vacation status", h.vacation(ann, "status").Content, "You are not on holiday", "**3** of 30; **27** left",
		"The next day comes back "+stamp(t0.Add(365*day)))
	// The board no longer mentions a holiday; a second end is refused.
	h.command(bob, second, "board")
	if msgs := contents(h, second); strings.Contains(msgs[len(msgs)-1], "holiday") {
		t.Errorf("the board after the holiday: %q", msgs[len(msgs)-1])
	}
	wantIn(t, "a second end", h.vacation(ann, "end").Content, "You are not on holiday")

	// A new holiday may start at once, with the days left.
	wantIn(t, "a new holiday", h.vacation(ann, "start", integer("days", 27)).Content, "**30** of 30; **0** left")
}

// Refusals: a move overdue, a holiday running, the allowance used up, a
// length outside 1–30. None stores anything or moves a clock.
func TestVacationRefusals(t *testing.T) {
	h := newHarness(t)
	ctx := t.Context()
	thread := h.startGame("chess")
	h.move(ann, thread, "e4")
	h.move(bob, thread, "e5")
	row, _ := h.store.GameByThread(ctx, thread)

	wantIn(t, "0 days", h.vacation(ann, "start", integer("days", 0)).Content, "A holiday lasts 1 to 30 days")
	wantIn(t, "31 days", h.vacation(ann, "start", integer("days", 31)).Content, "A holiday lasts 1 to 30 days")

	h.clock.Advance(3 * day) // ann's time is up, the scheduler has not ended it yet
	m := h.vacation(ann, "start", integer("days", 2))
	wantIn(t, "overdue", m.Content, "Your time to move in <#"+thread+"> (game #1) ran out", "none of your moves is overdue")
	if hs, _ := h.store.Holidays(ctx, ann.ID, time.Time{}); len(hs) != 0 {
		t.Fatalf("a holiday was stored with a move overdue: %+v", hs)
	}
	if after, _ := h.store.GameByThread(ctx, thread); !after.Deadline.Equal(row.Deadline) {
		t.Fatalf("the clock moved: %v", after.Deadline)
	}
	h.bot.Tick(ctx) // lost on time

	// Bob, with no game: 25 days, then more than the 5 left.
	wantIn(t, "bob's start", h.vacation(bob, "start", integer("days", 25)).Content, "**25** of 30; **5** left")
	wantIn(t, "running", h.vacation(bob, "start", integer("days", 1)).Content, "You are already on holiday until "+stamp(h.clock.Now().Add(25*day)))
	h.clock.Advance(25 * day)
	wantIn(t, "too long", h.vacation(bob, "start", integer("days", 6)).Content, "You have 5 days of holiday left", "ask for 1 to 5")
	wantIn(t, "the rest", h.vacation(bob, "start", integer("days", 5)).Content, "**30** of 30; **0** left")
	h.clock.Advance(5 * day)
	first := h.clock.Now().Add(-30 * day)
	wantIn(t, "used up", h.vacation(bob, "start", integer("days", 1)).Content, "You have no holiday days left",
		"The next one comes back "+stamp(first.Add(365*day)))
	if hs, _ := h.store.Holidays(ctx, bob.ID, time.Time{}); len(hs) != 2 {
		t.Fatalf("bob's holidays: %+v", hs)
	}
	// A year after the first day began, it is back.
	h.clock.Advance(first.Add(365 * day).Sub(h.clock.Now()))
	wantIn(t, "a year on", h.vacation(bob, "status").Content, "**29** of 30; **1** left")
	wantIn(t, "a year on", h.vacation(bob, "start", integer("days", 1)).Content, "(1 day)")
}

// A re-delivered /vacation interaction is answered once and starts one
// holiday.
func TestVacationDuplicateInteraction(t *testing.T) {
	h := newHarness(t)
	thread := h.startGame("chess")
	start := fakediscord.Interaction{Type: 2, User: ann, ChannelID: lobbyID, Name: "vacation",
		Options: []fakediscord.Option{{Name: "start", Type: 1, Options: []fakediscord.Option{integer("days", 3)}}}}
	if st := h.deliverTwice(start); st.Callbacks != 1 || st.Attempts != 1 {
		t.Fatalf("a twice-delivered /vacation start: %d callbacks in %d attempts", st.Callbacks, st.Attempts)
	}
	if hs, _ := h.store.Holidays(t.Context(), ann.ID, time.Time{}); len(hs) != 1 {
		t.Fatalf("holidays after a re-delivery: %+v", hs)
	}
	notes := 0
	for _, m := range contents(h, thread) {
		if strings.Contains(m, "is on holiday until") {
			notes++
		}
	}
	if notes != 1 {
		t.Fatalf("the holiday was said %d times in the game's thread", notes)
	}
}

// Against the computer the player's own clock stops too: a turn the
// computer's reply begins on holiday starts when the holiday ends, and
// coming back early brings it forward.
func TestVacationAgainstTheComputer(t *testing.T) {
	h := newHarness(t)
	ctx := t.Context()
	h.bot.opponent().SetLimits(quickComputer)
	t0 := h.clock.Now()
	h.vacation(ann, "start", integer("days", 2))
	thread := h.playComputer(ann, "chess", str("color", "black"))
	h.settle() // the computer has moved: ann's turn, on holiday
	row, _ := h.store.GameByThread(ctx, thread)
	if row.Ply != 1 || !row.Deadline.Equal(t0.Add(5*day)) {
		t.Fatalf("ann's turn against the computer on holiday: ply %d, deadline %v; want %v", row.Ply, row.Deadline, t0.Add(5*day))
	}
	h.clock.Advance(time.Hour)
	wantIn(t, "the early end", h.vacation(ann, "end").Content, "after 1 day", "1 day given back",
		"(game #1): your time runs out "+stamp(t0.Add(3*day+time.Hour)))
	if row, _ := h.store.GameByThread(ctx, thread); !row.Deadline.Equal(t0.Add(3*day + time.Hour)) {
		t.Fatalf("after coming back: deadline %v", row.Deadline)
	}
}
