package play

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
	_ "github.com/bermudachess/bermuda/games/all"
)

const ann, bob = "111", "222"

type fixture struct {
	t      *testing.T
	store  db.Store
	p      *Service
	events []Event
}

func newFixture(t *testing.T) *fixture {
	store, err := db.Open(filepath.Join(t.TempDir(), "play.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	f := &fixture{t: t, store: store}
	f.p = New(Options{Store: store, Roller: games.Seeded(1)})
	f.p.Subscribe(func(ctx context.Context, ev Event) { f.events = append(f.events, ev) })
	return f
}

func (f *fixture) game(variant string) int64 {
	f.t.Helper()
	ctx := context.Background()
	for _, u := range []string{ann, bob} {
		if err := f.store.UpsertPlayer(ctx, u, u); err != nil {
			f.t.Fatal(err)
		}
	}
	g, rolls, _, err := games.Start(variant, "", games.Seeded(1))
	if err != nil {
		f.t.Fatal(err)
	}
	now := time.Now()
	row := db.Game{Variant: variant, StartRolls: rolls, Players: [2]string{ann, bob}, Days: 3, State: "active",
		Winner: -1, DrawOfferBy: -1, CreatedAt: now, UpdatedAt: now, GuildID: "g", ChannelID: "c", ThreadID: "t"}
	if row.Deadline, _, err = f.p.Deadlines(ctx, row, g, 0, false); err != nil {
		f.t.Fatal(err)
	}
	id, err := f.store.CreateGame(ctx, row)
	if err != nil {
		f.t.Fatal(err)
	}
	return id
}

func (f *fixture) move(id int64, user string, at int, text string) (MoveResult, error) {
	return f.p.Move(context.Background(), Request{GameID: id, UserID: user, AtPly: at}, text)
}

func TestMoveRefusalsAndEvents(t *testing.T) {
	f := newFixture(t)
	id := f.game("chess")
	var ref *Refusal
	for _, c := range []struct {
		user, text string
		at         int
		want       error
	}{
		{"999", "e4", AnyPly, ErrNotPlayer},
		{bob, "e5", AnyPly, ErrNotYourTurn},
		{ann, "e5", AnyPly, ErrIllegal},
		{ann, "e4", 3, ErrStale},
	} {
		_, err := f.move(id, c.user, c.at, c.text)
		if !errors.Is(err, c.want) || !errors.As(err, &ref) {
			t.Fatalf("%s %s at %d: %v, want %v", c.user, c.text, c.at, err, c.want)
		}
		if c.want == ErrIllegal && ref.Move == nil {
			t.Error("an illegal move's refusal has no MoveError")
		}
	}
	if len(f.events) != 0 {
		t.Fatalf("refused moves emitted %v", f.events)
	}
	res, err := f.move(id, ann, 0, "e4")
	if err != nil || res.Row.Ply != 1 || res.Seat != games.Player1 || res.Before != 0 {
		t.Fatalf("e4: %+v, %v", res, err)
	}
	if len(f.events) != 1 {
		t.Fatalf("events after e4: %v", f.events)
	}
	if m, ok := f.events[0].(Moved); !ok || m.Mover != ann || m.Ply.Move != "e2e4" && m.Ply.Move != "e4" || m.Row.Ply != 1 {
		t.Fatalf("the move's event: %+v", f.events[0])
	}
	if moves, _ := f.store.Moves(context.Background(), id); len(moves) != 1 {
		t.Fatalf("stored %d moves", len(moves))
	}
}

func TestQueuedAnswerFollowsAtOnce(t *testing.T) {
	f := newFixture(t)
	id := f.game("chess")
	ctx := context.Background()
	if _, err := f.move(id, ann, 0, "e4"); err != nil {
		t.Fatal(err)
	}
	if _, err := f.p.SetLine(ctx, Request{GameID: id, UserID: bob, AtPly: 1}, []string{"d4", "d5"}); !errors.Is(err, ErrYourTurn) {
		t.Fatalf("a line on one's own turn: %v", err)
	}
	if _, err := f.p.SetLine(ctx, Request{GameID: id, UserID: ann, AtPly: 1}, []string{"e5", "Nf3"}); err != nil {
		t.Fatal(err)
	}
	f.events = nil
	res, err := f.move(id, bob, 1, "e5")
	if err != nil || res.Row.Ply != 3 {
		t.Fatalf("e5 and its queued answer: %+v, %v", res.Row, err)
	}
	if len(f.events) != 2 {
		t.Fatalf("events: %+v", f.events)
	}
	first, second := f.events[0].(Moved), f.events[1].(Moved)
	if first.AnswerFollows != ann || first.Queued || !second.Queued || second.Mover != ann {
		t.Fatalf("the move and its answer: %+v / %+v", first, second)
	}
	if q, _ := f.p.Line(ctx, id, ann); q != nil {
		t.Fatalf("the line played out stayed: %+v", q)
	}
}

func TestEndings(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	id := f.game("chess")
	req := func(user string) Request { return Request{GameID: id, UserID: user, AtPly: AnyPly} }
	if res, err := f.p.OfferDraw(ctx, req(bob)); err != nil || res.Ended != nil || res.Row.DrawOfferBy != 1 {
		t.Fatalf("offer: %+v, %v", res, err)
	}
	if _, err := f.p.AnswerDraw(ctx, req(bob), true); !errors.Is(err, ErrOwnOffer) {
		t.Fatalf("answering one's own offer: %v", err)
	}
	if res, err := f.p.AnswerDraw(ctx, req(ann), false); err != nil || res.Row.DrawOfferBy != -1 {
		t.Fatalf("decline: %+v, %v", res, err)
	}
	if _, ok := f.events[len(f.events)-1].(DrawDeclined); !ok {
		t.Fatalf("no DrawDeclined: %+v", f.events)
	}
	if _, err := f.p.OfferDraw(ctx, req(ann)); err != nil {
		t.Fatal(err)
	}
	res, err := f.p.OfferDraw(ctx, req(bob)) // offered back: accepted
	if err != nil || res.Ended == nil || res.Ended.Reason != "agreement" || res.Ended.Winner != -1 {
		t.Fatalf("offered back: %+v, %v", res, err)
	}
	if f.p.Held(id) {
		t.Error("an ended game stayed in memory")
	}
	if _, err := f.p.Resign(ctx, req(ann)); !errors.Is(err, ErrOver) {
		t.Fatalf("resigning an ended game: %v", err)
	}

	id2 := f.game("chess")
	f.move(id2, ann, 0, "e4")
	f.move(id2, bob, 1, "e5")
	if _, err := f.p.Abort(ctx, Request{GameID: id2, UserID: ann, AtPly: AnyPly}); !errors.Is(err, ErrTooLate) {
		t.Fatalf("abort after both moved: %v", err)
	}
	ev, err := f.p.Resign(ctx, Request{GameID: id2, UserID: bob, AtPly: AnyPly})
	if err != nil || ev.Winner != 0 || ev.Reason != "resignation" || ev.Row.State == "active" {
		t.Fatalf("resign: %+v, %v", ev, err)
	}
	if last, ok := f.events[len(f.events)-1].(Ended); !ok || last.ByMove || last.Row.ID != id2 {
		t.Fatalf("no Ended for the resignation: %+v", f.events[len(f.events)-1])
	}
}

// A move stored by another replica at the same ply wins; the held copy is
// reloaded and the refusal shows the game as it is now.
func TestRacedMoveIsRefused(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	id := f.game("chess")
	s, err := f.p.Lock(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	next, d4, evs, _ := games.Apply(s.Game, "d4", nil)
	_, e4, _, _ := games.Apply(s.Game, "e4", nil)
	if _, err := f.store.AppendMove(ctx, id, 0, db.Move{Ply: 1, Notation: e4.Move, PlayerID: ann, At: time.Now()}, time.Now().Add(time.Hour), time.Time{}, nil); err != nil {
		t.Fatal(err)
	}
	err = f.p.Commit(ctx, s, Request{GameID: id, UserID: ann, AtPly: 0}, games.Player1, next, d4, evs)
	s.Unlock()
	var ref *Refusal
	if !errors.Is(err, ErrRaced) || !errors.As(err, &ref) || ref.View.Ply != 1 || ref.View.Game.Turn().Player != games.Player2 {
		t.Fatalf("the losing move: %v", err)
	}
	if len(f.events) != 0 {
		t.Fatalf("a move not stored emitted %+v", f.events)
	}
}
