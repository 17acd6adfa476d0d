package bot

import (
	"strings"
	"testing"
	"time"
)

// A holiday planned two days ahead across a deadline: until it starts the
// clock runs as usual, so the reminder and the loss on time wait exactly
// the holiday's length. Its days count from the moment it is planned; the
// opponent sees the plan in the thread, under the board and in /games;
// it begins on its own, and a welcome back follows when it is over.
func TestVacationPlannedAcrossADeadline(t *testing.T) {
	h := newHarness(t)
	ctx := t.Context()
	thread := h.startGame("chess") // 3 days per move
	h.move(ann, thread, "e4")
	h.move(bob, thread, "e5")
	t0 := h.clock.Now() // ann's turn began: deadline t0+3d, reminder t0+2.4d

	m := h.vacation(ann, "start", integer("days", 5), str("from", "2d"))
	wantIn(t, "the plan", m.Content, "planned from "+stamp(t0.Add(2*day))+" until "+stamp(t0.Add(7*day)), "(5 days)",
		"Until it starts your clocks run as usual", "<#"+thread+">", "your time runs out "+stamp(t0.Add(8*day)),
		"used in the last 365 days: **5** of 30; **25** left", "count against your allowance from the moment you plan it")
	row, _ := h.store.GameByThread(ctx, thread)
	if !row.Deadline.Equal(t0.Add(8*day)) || !row.ReminderAt.Equal(t0.Add(7*day+day*4/10)) {
		t.Fatalf("after planning: deadline %v, reminder %v; want %v and %v", row.Deadline, row.ReminderAt, t0.Add(8*day), t0.Add(7*day+day*4/10))
	}
	msgs := contents(h, thread)
	wantIn(t, "the thread's note", msgs[len(msgs)-1], "<@111> plans a holiday from "+stamp(t0.Add(2*day))+" until "+stamp(t0.Add(7*day)),
		"will stand still then", "runs out "+stamp(t0.Add(8*day)))
	plan := "🏖️ <@111> plans a holiday from " + stamp(t0.Add(2*day)) + " until " + stamp(t0.Add(7*day))
	h.command(bob, thread, "board")
	msgs = contents(h, thread)
	wantIn(t, "the board", msgs[len(msgs)-1], "<@111>, your move", plan)
	h.wantEphemeral(h.command(bob, lobbyID, "games"), "— <@111> to move — "+plan)
	wantIn(t, "/vacation status", h.vacation(ann, "status").Content, "You plan a holiday from "+stamp(t0.Add(2*day)), "(5 days)", "**5** of 30; **25** left")

	// Before it starts the clock runs: the old reminder time passes
	// quietly (it was moved), the holiday begins on its own.
	h.clock.Advance(2*day - time.Minute)
	h.bot.Tick(ctx)
	h.clock.Advance(time.Minute)
	h.bot.Tick(ctx)
	h.command(bob, thread, "board")
	msgs = contents(h, thread)
	wantIn(t, "the board on holiday", msgs[len(msgs)-1], "🏖️ <@111> is on holiday until "+stamp(t0.Add(7*day)))
	h.wantEphemeral(h.command(bob, lobbyID, "games"), "— 🏖️ <@111> on holiday until "+stamp(t0.Add(7*day)))
	h.wantHolidayCourse(thread, t0.Add(3*day), t0.Add(7*day), t0.Add(7*day+day*4/10), t0.Add(8*day))
}

// A turn that begins before a planned holiday counts it too: the new
// turn's clock runs until the holiday, stands still, resumes.
func TestVacationPlannedCountsInANewTurn(t *testing.T) {
	h := newHarness(t)
	ctx := t.Context()
	thread := h.startGame("chess")
	h.move(ann, thread, "e4")
	h.vacation(ann, "start", integer("days", 3), str("from", "1d"))
	t0 := h.clock.Now()
	h.clock.Advance(12 * time.Hour)
	h.move(bob, thread, "e5") // ann's turn begins half a day before her holiday
	if row, _ := h.store.GameByThread(ctx, thread); !row.Deadline.Equal(t0.Add(12*time.Hour+6*day)) || !row.ReminderAt.Equal(t0.Add(12*time.Hour+3*day+day*24/10)) {
		t.Fatalf("a turn begun before the planned holiday: deadline %v, reminder %v", row.Deadline, row.ReminderAt)
	}
}

// /vacation end before a planned holiday starts cancels it: its clocks
// come back, all its days are given back, the thread is told, and no
// welcome back follows; a new one may be planned at once.
func TestVacationCancelPlanned(t *testing.T) {
	h := newHarness(t)
	ctx := t.Context()
	thread := h.startGame("chess")
	h.move(ann, thread, "e4")
	h.move(bob, thread, "e5")
	was, _ := h.store.GameByThread(ctx, thread)
	t0 := h.clock.Now()

	h.vacation(ann, "start", integer("days", 4), str("from", "1d"))
	if row, _ := h.store.GameByThread(ctx, thread); !row.Deadline.Equal(was.Deadline.Add(4 * day)) {
		t.Fatalf("planned: deadline %v, want %v", row.Deadline, was.Deadline.Add(4*day))
	}
	h.clock.Advance(12 * time.Hour)
	m := h.vacation(ann, "end")
	wantIn(t, "the cancel", m.Content, "Your planned holiday from "+stamp(t0.Add(day))+" until "+stamp(t0.Add(5*day))+" is cancelled",
		"4 days given back", "your time runs out "+stamp(was.Deadline), "**0** of 30; **30** left")
	if row, _ := h.store.GameByThread(ctx, thread); !row.Deadline.Equal(was.Deadline) || !row.ReminderAt.Equal(was.ReminderAt) {
		t.Fatalf("after cancelling: deadline %v, reminder %v; want %v and %v", row.Deadline, row.ReminderAt, was.Deadline, was.ReminderAt)
	}
	msgs := contents(h, thread)
	wantIn(t, "the thread's note", msgs[len(msgs)-1], "<@111> cancelled their planned holiday", "runs out "+stamp(was.Deadline))
	wantIn(t, "/vacation status", h.vacation(ann, "status").Content, "You are not on holiday", "**0** of 30; **30** left")
	wantIn(t, "a second end", h.vacation(ann, "end").Content, "You are not on holiday and plan none")
	h.command(bob, thread, "board")
	if msgs := contents(h, thread); strings.Contains(msgs[len(msgs)-1], "holiday") {
		t.Errorf("the board after cancelling: %q", msgs[len(msgs)-1])
	}
	// The cancelled span passes: no welcome back; ann still loses on time
	// at her old deadline.
	before := len(h.fake.Messages(thread))
	h.clock.Advance(was.Deadline.Add(-time.Second).Sub(h.clock.Now()))
	h.bot.Tick(ctx)
	for _, m := range contents(h, thread)[before:] {
		if strings.Contains(m, "Welcome back") {
			t.Errorf("a welcome back after a cancelled holiday: %q", m)
		}
	}
	if row, _ := h.store.GameByThread(ctx, thread); row.State != "active" {
		t.Fatalf("lost before the old deadline: %+v", row)
	}
	h.clock.Advance(time.Second)
	h.bot.Tick(ctx)
	if row, _ := h.store.GameByThread(ctx, thread); row.State != "finished" || row.Reason != "time" {
		t.Fatalf("at the old deadline: %+v", row)
	}
	wantIn(t, "a new plan", h.vacation(ann, "start", integer("days", 30), str("from", "3d")).Content, "**30** of 30; **0** left")
}

// Refusals when planning: unreadable, past, too far ahead, a second plan
// (or a holiday now) while one is planned, a move overdue at the time of
// asking, the allowance at planning time. None stores anything.
func TestVacationPlanRefusals(t *testing.T) {
	h := newHarness(t) // 2026-03-01 12:00 UTC
	ctx := t.Context()
	wantIn(t, "unreadable", h.vacation(bob, "start", integer("days", 2), str("from", "saturday")).Content, "I can't read the start time \"saturday\"")
	wantIn(t, "past", h.vacation(bob, "start", integer("days", 2), str("from", "2026-02-01T10:00")).Content,
		"The start "+stamp(time.Date(2026, 2, 1, 10, 0, 0, 0, time.UTC))+" has already passed")
	wantIn(t, "too far", h.vacation(bob, "start", integer("days", 2), str("from", "91d")).Content,
		"at most 90 days ahead; "+stamp(h.clock.Now().Add(91*day))+" is further")
	if hs, _ := h.store.Holidays(ctx, bob.ID, time.Time{}); len(hs) != 0 {
		t.Fatalf("a refused plan was stored: %+v", hs)
	}

	from := time.Date(2026, 3, 7, 9, 0, 0, 0, time.UTC) // "from Saturday for a week"
	wantIn(t, "planned", h.vacation(bob, "start", integer("days", 7), str("from", "2026-03-07T09:00")).Content,
		"planned from "+stamp(from)+" until "+stamp(from.Add(7*day)))
	second := "You already plan a holiday from " + stamp(from) + " until " + stamp(from.Add(7*day))
	wantIn(t, "a second plan", h.vacation(bob, "start", integer("days", 2), str("from", "30d")).Content, second, "one holiday at a time")
	wantIn(t, "one now", h.vacation(bob, "start", integer("days", 2)).Content, second)
	h.clock.Advance(from.Add(day).Sub(h.clock.Now()))
	wantIn(t, "while it runs", h.vacation(bob, "start", integer("days", 2), str("from", "30d")).Content,
		"You are already on holiday until "+stamp(from.Add(7*day)))
	h.clock.Advance(6 * day)
	// 7 used: 23 left, counted when planning even if some come back first.
	wantIn(t, "the allowance", h.vacation(bob, "start", integer("days", 24), str("from", "10d")).Content,
		"You have 23 days of holiday left", "ask for 1 to 23", "from the moment you plan it")
	if hs, _ := h.store.Holidays(ctx, bob.ID, time.Time{}); len(hs) != 1 {
		t.Fatalf("bob's holidays: %+v", hs)
	}

	// A move overdue at the time of asking refuses a plan too.
	thread := h.startGame("chess")
	h.move(ann, thread, "e4")
	h.clock.Advance(3 * day)
	wantIn(t, "overdue", h.vacation(bob, "start", integer("days", 2), str("from", "5d")).Content,
		"Your time to move in <#"+thread+">", "none of your moves is overdue")
	if hs, _ := h.store.Holidays(ctx, bob.ID, time.Time{}); len(hs) != 1 {
		t.Fatalf("a plan was stored with a move overdue: %+v", hs)
	}
	help := h.reply(h.command(ann, lobbyID, "help")).Content
	if !strings.Contains(help, "`/vacation start days [from]`") || len([]rune(help)) >= 2000 {
		t.Fatalf("/help (%d characters): %q", len([]rune(help)), help)
	}
}
