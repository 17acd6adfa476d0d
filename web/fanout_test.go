package web

import (
	"bufio"
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/live"
)

// slowMoves counts the reads of a game's moves, each slowed down so that
// requests arriving together overlap, and of its row.
type slowMoves struct {
	Store
	reads atomic.Int32
	rows  atomic.Int32
}

func (s *slowMoves) Game(ctx context.Context, id int64) (db.Game, error) {
	s.rows.Add(1)
	return s.Store.Game(ctx, id)
}

func (s *slowMoves) Moves(ctx context.Context, id int64) ([]db.Move, error) {
	s.reads.Add(1)
	time.Sleep(100 * time.Millisecond)
	return s.Store.Moves(ctx, id)
}

// After a move every open page asks for data.json at once: the game is
// read and replayed once for all of them, not once each.
func TestPagesLoadAGameOnceForAll(t *testing.T) {
	f := newFixture(t)
	id := f.newGame("chess", 4)
	slow := &slowMoves{Store: f.store}
	var err error
	f.web, err = New(Options{Store: slow, Events: live.Local{Hub: f.hub}, PublicURL: f.srv.URL, Secret: testSecret,
		Log: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	f.srv.Config.Handler = f.web.Handler()
	var wg sync.WaitGroup
	var failed atomic.Int32
	for range 40 {
		wg.Go(func() {
			resp, err := http.Get(f.url(id) + "/data.json?from=3")
			if err != nil || resp.StatusCode != 200 {
				failed.Add(1)
				return
			}
			resp.Body.Close()
		})
	}
	wg.Wait()
	if failed.Load() != 0 {
		t.Fatalf("%d of 40 requests failed", failed.Load())
	}
	if n := slow.reads.Load(); n != 1 {
		t.Errorf("40 pages asking at once read the moves %d times, want once", n)
	}
}

// tailOf reads data.json at url (with its query) as a page does.
func tailOf(t *testing.T, url string) (int, data) {
	t.Helper()
	resp, body := get(t, url, true)
	var d data
	if resp.StatusCode == 200 {
		if err := json.Unmarshal([]byte(body), &d); err != nil {
			t.Fatalf("%s: %v", url, err)
		}
	}
	return resp.StatusCode, d
}

// After a move every open page asks for it (data.json?from=N&ply=N+1, the
// ply its event named): the game's row is read once for all of them, not
// once per page (which was most of a move's time to 200 pages on
// PostgreSQL), and so is the server's switch.
func TestPagesHearingAMoveReadTheGameOnce(t *testing.T) {
	f := newFixture(t)
	id := f.newGame("chess", 4)
	slow := &slowMoves{Store: f.store}
	var asked atomic.Int32
	w, err := New(Options{Store: slow, Events: live.Local{Hub: f.hub}, PublicURL: f.srv.URL, Secret: testSecret,
		Log: slog.New(slog.DiscardHandler), Enabled: func(context.Context, string) bool { asked.Add(1); return true }})
	if err != nil {
		t.Fatal(err)
	}
	f.srv.Config.Handler = w.Handler()
	if st, d := tailOf(t, f.url(id)+"/data.json"); st != 200 || len(d.Moves) != 4 { // the pages open at move 4
		t.Fatalf("opening: %d, %d moves", st, len(d.Moves))
	}
	f.move(id)
	slow.rows.Store(0)
	slow.reads.Store(0)
	asked.Store(0)
	const pages = 200
	var wg sync.WaitGroup
	var failed atomic.Int32
	for range pages {
		wg.Go(func() {
			resp, err := http.Get(f.url(id) + "/data.json?from=4&ply=5")
			if err != nil {
				failed.Add(1)
				return
			}
			defer resp.Body.Close()
			var d data
			if resp.StatusCode != 200 || json.NewDecoder(resp.Body).Decode(&d) != nil || d.From != 4 || len(d.Moves) != 1 || d.State != "active" {
				failed.Add(1)
			}
		})
	}
	wg.Wait()
	if n := failed.Load(); n != 0 {
		t.Fatalf("%d of %d pages did not get move 5", n, pages)
	}
	// Once to see where the game stands, once to build its model.
	if rows, moves, on := slow.rows.Load(), slow.reads.Load(), asked.Load(); rows > 2 || moves != 1 || on > 1 {
		t.Errorf("%d pages hearing of a move read the game's row %d times, its moves %d times and asked the switch %d times; want at most 2, 1, 1",
			pages, rows, moves, on)
	}
}

// What a page shows after a move stays right when the game then ends at
// the same ply: the end's event is a look, which reads the game; a page
// that hears of the move late gets the ended game (the most advanced model
// of that ply); and a model older than fresh is read again, so a server
// that turned its pages off hides them from open pages too.
func TestAMoveThenAnEndWithoutAMove(t *testing.T) {
	f := newFixture(t)
	id := f.newGame("chess", 4)
	var skew atomic.Int64
	var off atomic.Bool
	var err error
	f.web, err = New(Options{Store: f.store, Events: live.Local{Hub: f.hub}, PublicURL: f.srv.URL, Secret: testSecret,
		Log: slog.New(slog.DiscardHandler), Enabled: func(context.Context, string) bool { return !off.Load() },
		Now: func() time.Time { return time.Now().Add(time.Duration(skew.Load())) }})
	if err != nil {
		t.Fatal(err)
	}
	f.srv.Config.Handler = f.web.Handler()
	events, stop := f.hub.Subscribe(id)
	defer stop()
	f.move(id)
	if ev := <-events; ev.Ply != 5 {
		t.Fatalf("the move's event: %+v", ev)
	}
	if st, d := tailOf(t, f.url(id)+"/data.json?from=4&ply=5"); st != 200 || d.State != "active" || len(d.Moves) != 1 {
		t.Fatalf("after move 5: %d %s, %d moves", st, d.State, len(d.Moves))
	}
	if _, err := f.store.EndGame(context.Background(), id, dbEnd()); err != nil {
		t.Fatal(err)
	}
	if ev := <-events; ev.Ply != -1 {
		t.Fatalf("the end's event is %+v, want a look (-1)", ev)
	}
	if st, d := tailOf(t, f.url(id)+"/data.json?from=5"); st != 200 || d.State != "finished" || !strings.Contains(d.Result, "resignation") {
		t.Fatalf("the look after the end: %d %s %q", st, d.State, d.Result)
	}
	if st, d := tailOf(t, f.url(id)+"/data.json?from=4&ply=5"); st != 200 || d.State != "finished" || len(d.Moves) != 1 {
		t.Fatalf("a page hearing of move 5 after the end: %d %s, %d moves", st, d.State, len(d.Moves))
	}
	off.Store(true)
	skew.Store(int64(fresh + time.Second))
	if st, _ := tailOf(t, f.url(id)+"/data.json?from=4&ply=5"); st != 404 {
		t.Fatalf("a model older than %s answered %d for a server that turned its pages off", fresh, st)
	}
	off.Store(false)
	if st, d := tailOf(t, f.url(id)+"/data.json?from=4&ply=5"); st != 200 || d.State != "finished" {
		t.Fatalf("read again: %d %s", st, d.State)
	}
}

// A move's event carries the move (data.json from the ply before it), so an
// open page has nothing to ask for; the game is read once for all the
// streams, not once per stream.
func TestStreamsCarryTheMove(t *testing.T) {
	f := newFixture(t)
	id := f.newGame("chess", 4)
	slow := &slowMoves{Store: f.store}
	var err error
	f.web, err = New(Options{Store: slow, Events: live.Local{Hub: f.hub}, PublicURL: f.srv.URL, Secret: testSecret,
		Log: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	f.srv.Config.Handler = f.web.Handler()
	const streams = 100
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	events := make(chan string, streams)
	for range streams {
		req, _ := http.NewRequestWithContext(ctx, "GET", f.url(id)+"/events", nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		go func() {
			lines := bufio.NewScanner(resp.Body)
			for lines.Scan() {
				if l, ok := strings.CutPrefix(lines.Text(), "data: "); ok {
					events <- l
				}
			}
		}()
	}
	for range streams {
		<-events // the game as it stands
	}
	for f.hub.Subscribers(id) < streams {
		time.Sleep(5 * time.Millisecond)
	}
	slow.rows.Store(0)
	slow.reads.Store(0)
	f.move(id)
	stored, err := f.store.Moves(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	for i := range streams {
		var ev struct {
			Ply int
			D   *data
		}
		select {
		case l := <-events:
			if err := json.Unmarshal([]byte(l), &ev); err != nil {
				t.Fatal(err)
			}
			if i == 0 {
				t.Logf("the move's event: %d bytes", len(l)) // measured, not asserted
			}
		case <-ctx.Done():
			t.Fatalf("%d of %d streams heard of the move", i, streams)
		}
		if ev.Ply != 5 || ev.D == nil || ev.D.From != 4 || len(ev.D.Moves) != 1 || len(ev.D.Pos) != 2 || ev.D.Moves[0].N != stored[4].Notation ||
			ev.D.State != "active" || ev.D.Geo[0].Cells != nil {
			t.Fatalf("the move's event: ply %d, data %+v", ev.Ply, ev.D)
		}
	}
	if rows, moves := slow.rows.Load(), slow.reads.Load(); rows > 2 || moves != 1 {
		t.Errorf("%d streams told of a move read the game's row %d times and its moves %d times; want at most 2 and 1", streams, rows, moves)
	}
}
