package play

import (
	"context"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/engine"
	"github.com/bermudachess/bermuda/games"
)

const computerID = "999"

// computerFixture is a fixture whose Service plays computerID's seat.
func computerFixture(t *testing.T) (*fixture, *Computer) {
	f := newFixture(t)
	f.p = New(Options{Store: f.store, Roller: games.Seeded(1), ComputerID: func() string { return computerID }})
	f.p.Subscribe(func(ctx context.Context, ev Event) { f.events = append(f.events, ev) })
	c := NewComputer(f.p)
	c.SetLimits(func(level int) engine.Limits { return engine.Limits{Level: level, Nodes: 2000, Seed: 7} })
	t.Cleanup(c.Stop)
	return f, c
}

// computerGame stores a game of ann against the computer, ann first
// unless computerFirst.
func (f *fixture) computerGame(computerFirst bool) int64 {
	f.t.Helper()
	ctx := context.Background()
	players := [2]string{ann, computerID}
	if computerFirst {
		players = [2]string{computerID, ann}
	}
	for _, u := range players {
		if err := f.store.UpsertPlayer(ctx, u, u); err != nil {
			f.t.Fatal(err)
		}
	}
	row, _, _, err := f.p.NewGame(ctx, db.Game{Variant: "chess", Players: players, Days: 3, ComputerLevel: 1, GuildID: "g", ChannelID: "c", ThreadID: "t"})
	if err != nil {
		f.t.Fatal(err)
	}
	id, err := f.store.CreateGame(ctx, row)
	if err != nil {
		f.t.Fatal(err)
	}
	return id
}

// The computer answers a move when its game is due, through Move (its
// event is a Moved with the computer as the mover), and stops once it is
// the player's turn; the scheduler's DueMoves finds a game where it owes
// the first move.
func TestComputerAnswersAndFindsDueMoves(t *testing.T) {
	f, c := computerFixture(t)
	id := f.computerGame(false)
	if _, err := f.move(id, ann, 0, "e4"); err != nil {
		t.Fatal(err)
	}
	c.Due(id)
	c.Wait()
	row, err := f.store.Game(context.Background(), id)
	if err != nil || row.Ply != 2 {
		t.Fatalf("after the computer's turn: ply %d, %v", row.Ply, err)
	}
	if m, ok := f.events[len(f.events)-1].(Moved); !ok || m.Mover != computerID || m.Origin != nil {
		t.Fatalf("the computer's move event: %+v", f.events[len(f.events)-1])
	}
	if !row.Deadline.After(time.Now()) {
		t.Errorf("the player's clock does not run after the computer's move: %v", row.Deadline)
	}

	first := f.computerGame(true)
	if r, _ := f.store.Game(context.Background(), first); !r.Deadline.IsZero() {
		t.Fatalf("a clock runs while the computer is to act: %v", r.Deadline)
	}
	c.DueMoves(context.Background())
	c.Wait()
	if r, _ := f.store.Game(context.Background(), first); r.Ply != 1 {
		t.Fatalf("DueMoves left the computer's first move unmade: ply %d", r.Ply)
	}
}

// A search that panics ends that turn's work, not the process; the move
// stays due and the game unlocked, and an analysis shares the same slots.
func TestComputerSurvivesAPanickingSearch(t *testing.T) {
	f, c := computerFixture(t)
	id := f.computerGame(true)
	c.SetSearch(func(context.Context, games.Game, engine.Limits) (engine.Result, error) { panic("injected") })
	c.Due(id)
	c.Wait()
	if s, ok, err := f.p.TryLock(context.Background(), id, time.Second); !ok || err != nil || s.Row.Ply != 0 {
		t.Fatalf("after the panic: ok %v, %v", ok, err)
	} else {
		s.Unlock()
	}
	ran := make(chan error, 1)
	if !c.Analyse(func(ctx context.Context, yield func()) { yield(); ran <- ctx.Err() }) {
		t.Fatal("an analysis was refused before Stop")
	}
	c.Wait()
	if err := <-ran; err != nil {
		t.Fatalf("the analysis ran with %v", err)
	}
	c.Stop()
	if c.Analyse(func(context.Context, func()) {}) {
		t.Fatal("an analysis was taken after Stop")
	}
}
