package play

import (
	"context"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/swiss"
)

// A tournament with too few entrants is cancelled; with four, its first
// round is paired once (a second advance from the same read loses the
// claim), its games stored with clocks; a withdrawal then forfeits the
// player's game, which emits Ended like every other ending.
func TestTournamentRoundsAndForfeits(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	newT := func(players ...string) db.Tournament {
		id, err := f.store.CreateTournament(ctx, db.Tournament{GuildID: "g", ChannelID: "c", OrganiserID: ann, Variant: "chess",
			Rounds: 3, Days: 2, Rated: true, State: "open", StartsAt: time.Now().Add(-time.Minute), CreatedAt: time.Now()})
		if err != nil {
			t.Fatal(err)
		}
		for _, u := range players {
			f.store.UpsertPlayer(ctx, u, u)
			if err := f.store.JoinTournament(ctx, id, db.Entrant{UserID: u, Name: u, Rating: 1500}); err != nil {
				t.Fatal(err)
			}
		}
		tt, err := f.store.Tournament(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		return tt
	}
	if a, err := f.p.AdvanceTournament(ctx, newT(ann)); err != nil || a.Step != StepCancel || a.Tournament.State != "cancelled" {
		t.Fatalf("one entrant: %+v, %v", a, err)
	}
	four := newT(ann, bob, "333", "444")
	a, err := f.p.AdvanceTournament(ctx, four)
	if err != nil || a.Step != StepPair || a.Tournament.Round != 1 || len(a.Boards) != 2 || len(a.Games) != 2 {
		t.Fatalf("four entrants: %+v, %v", a, err)
	}
	for _, g := range a.Games {
		row, err := f.store.Game(ctx, g.Row.ID)
		if err != nil || row.State != "active" || row.Deadline.IsZero() || row.Players != [2]string{g.Board.White, g.Board.Black} {
			t.Fatalf("board %d's game: %+v, %v", g.Board.Board, row, err)
		}
	}
	f.p.AdvanceTournament(ctx, four) // a stale read: refused, by the pairing or by the claim
	if boards, err := f.store.TournamentBoards(ctx, four.ID); err != nil || len(boards) != 2 {
		t.Fatalf("after advancing from a stale read: %d boards, %v", len(boards), err)
	}

	f.events = nil
	game := a.Games[0]
	readied := false
	w, err := f.p.Withdraw(ctx, a.Tournament, game.Board.White, func(db.Withdrawal) { readied = true })
	if err != nil || len(w.Forfeited) != 1 || !readied {
		t.Fatalf("withdrawal: %+v, %v (ready called: %v)", w, err, readied)
	}
	if len(f.events) != 1 {
		t.Fatalf("events of the withdrawal: %+v", f.events)
	}
	e, ok := f.events[0].(Ended)
	if !ok || e.Row.ID != game.Row.ID || e.Reason != "forfeit" || e.Winner != 1 || e.Row.State == "active" || e.Game == nil {
		t.Fatalf("the forfeit's event: %+v", f.events[0])
	}
	if f.p.Held(game.Row.ID) {
		t.Error("a forfeited game stayed in memory")
	}
}

// What the stored entrants and boards mean: the next step, the tournament
// as package swiss sees it (void boards left out), the standings table.
func TestTournamentNextStepAndSwissView(t *testing.T) {
	three := []db.Entrant{{UserID: "a"}, {UserID: "b"}, {UserID: "c", Withdrawn: true}}
	for _, c := range []struct {
		t    db.Tournament
		es   []db.Entrant
		want Step
	}{
		{db.Tournament{State: "open"}, three[:1], StepCancel},
		{db.Tournament{State: "open"}, three, StepPair},
		{db.Tournament{State: "running", Round: 1, Rounds: 3, Playing: 2}, three, StepWait},
		{db.Tournament{State: "running", Round: 1, Rounds: 3}, three, StepPair},
		{db.Tournament{State: "running", Round: 3, Rounds: 3}, three, StepFinish},
		{db.Tournament{State: "running", Round: 1, Rounds: 3}, []db.Entrant{{UserID: "a"}, {UserID: "b", Withdrawn: true}}, StepFinish},
		{db.Tournament{State: "finished", Round: 3, Rounds: 3}, three, StepWait},
	} {
		if got := NextStep(c.t, c.es); got != c.want {
			t.Errorf("NextStep(%+v) = %d, want %d", c.t, got, c.want)
		}
	}
	boards := []db.Board{
		{Round: 1, Board: 1, White: "a", Black: "b", Result: db.BoardDraw},
		{Round: 1, Board: 2, White: "c", Result: db.BoardBye},
		{Round: 2, Board: 1, White: "c", Black: "a", Result: db.BoardVoid},
		{Round: 2, Board: 2, White: "b", Result: db.BoardBye},
	}
	sw := SwissOf(three, boards)
	if len(sw.Rounds) != 2 || len(sw.Rounds[1]) != 1 || sw.Rounds[0][0].Result != swiss.Draw || !sw.Players[2].Withdrawn {
		t.Fatalf("swiss view: %+v", sw)
	}
	table, ranked, err := Standings(db.Tournament{ID: 1, Variant: "bede", State: "running", Round: 2, Rounds: 3}, three, boards)
	if err != nil || len(ranked) != 3 || ranked[0].ID != "b" || ranked[0].Points != 1.5 {
		t.Fatalf("standings %+v, %v", ranked, err)
	}
	if cells := table.Rows[0].Rounds; cells[0].Opponent != 3 || cells[0].Result != "½" || cells[0].White || cells[1].Result != "bye" {
		t.Fatalf("b's cells: %+v (rows %+v)", cells, table.Rows)
	}
}

// The scheduler's pass pairs a tournament whose start came; its round,
// not announced yet, is a lost round until its announcement is claimed.
func TestDueTournamentsAndLostRounds(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	id, err := f.store.CreateTournament(ctx, db.Tournament{GuildID: "g", ChannelID: "c", OrganiserID: ann, Variant: "chess",
		Rounds: 2, Days: 2, State: "open", StartsAt: time.Now().Add(-time.Minute), CreatedAt: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range []string{ann, bob} {
		f.store.UpsertPlayer(ctx, u, u)
		if err := f.store.JoinTournament(ctx, id, db.Entrant{UserID: u, Name: u, Rating: 1500}); err != nil {
			t.Fatal(err)
		}
	}
	var steps []Advanced
	f.p.DueTournaments(ctx, time.Now(), func(a Advanced) { steps = append(steps, a) })
	if len(steps) != 1 || steps[0].Step != StepPair || len(steps[0].Games) != 1 || steps[0].Tournament.Round != 1 {
		t.Fatalf("the pass: %+v", steps)
	}
	lost := f.p.LostRounds(ctx)
	if len(lost) != 1 || lost[0].Tournament.ID != id || len(lost[0].Boards) != 1 || len(lost[0].Entrants) != 2 {
		t.Fatalf("the round not announced: %+v", lost)
	}
	if ok, err := f.store.ClaimRoundAnnouncement(ctx, id, 1); !ok || err != nil {
		t.Fatalf("claiming the announcement: %v %v", ok, err)
	}
	if lost := f.p.LostRounds(ctx); len(lost) != 0 {
		t.Fatalf("an announced round is still lost: %+v", lost)
	}
}
