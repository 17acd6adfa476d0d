package web

import (
	"context"
	"log/slog"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/live"
)

// slowMoves counts the reads of a game's moves, each slowed down so that
// requests arriving together overlap.
type slowMoves struct {
	Store
	reads atomic.Int32
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
