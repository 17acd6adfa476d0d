package web

import (
	"bufio"
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/db/dbtest"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/live"
)

// Two replicas on one PostgreSQL database, each with its own pages server
// and LISTEN connection: a move stored through replica A reaches a page
// open on replica B within a second, and B's page then shows it.
func TestPagesAcrossReplicas(t *testing.T) {
	dsn := dbtest.Database(t, dbtest.NeedServer(t), "web")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	type replica struct {
		store db.Store
		srv   *httptest.Server
	}
	var reps []replica
	for i := 0; i < 2; i++ {
		inner, err := db.Open(dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer inner.Close()
		pg, err := live.NewPostgres(dsn, live.NewHub(), slog.New(slog.DiscardHandler))
		if err != nil {
			t.Fatal(err)
		}
		defer pg.Close()
		go pg.Run(ctx)
		select {
		case <-pg.Ready():
		case <-time.After(20 * time.Second):
			t.Fatal("no LISTEN")
		}
		store := live.Store{Store: inner, N: pg}
		w, err := New(Options{Store: store, Events: pg, PublicURL: "http://replica", Secret: testSecret, Log: slog.New(slog.DiscardHandler)})
		if err != nil {
			t.Fatal(err)
		}
		srv := httptest.NewServer(w.Handler())
		defer srv.Close()
		defer w.Stop()
		reps = append(reps, replica{store, srv})
	}
	a, b := reps[0], reps[1]
	id, err := a.store.CreateGame(ctx, db.Game{GuildID: "g1", ChannelID: "c1", Variant: "bermuda", Players: [2]string{"u1", "u2"}, Days: 3})
	if err != nil {
		t.Fatal(err)
	}
	page := b.srv.URL + "/g/" + Token(testSecret, id)
	sctx, stop := context.WithTimeout(ctx, 20*time.Second)
	defer stop()
	req, _ := http.NewRequestWithContext(sctx, "GET", page+"/events", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	lines := bufio.NewScanner(resp.Body)
	next := func() string {
		for lines.Scan() {
			if l := lines.Text(); strings.HasPrefix(l, "data: ") {
				return l
			}
		}
		t.Fatalf("the stream on replica B ended: %v", lines.Err())
		return ""
	}
	if l := next(); !strings.Contains(l, `"ply":0`) {
		t.Fatalf("first event %q", l)
	}
	g, _ := games.NewGame("bermuda", "")
	for ply, mv := range []string{"e2e4", "e7e5"} {
		start := time.Now()
		next2, p, _, err := games.Apply(g, mv, games.Seeded(1))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := a.store.AppendMove(ctx, id, ply, db.Move{Notation: p.Move, PlayerID: []string{"u1", "u2"}[ply%2]}, time.Now().Add(time.Hour), time.Time{}, nil); err != nil {
			t.Fatal(err)
		}
		g = next2
		if l := next(); !strings.Contains(l, `"ply":`+string(rune('1'+ply))) {
			t.Fatalf("after %s replica B said %q", mv, l)
		}
		t.Logf("%s reached replica B after %s", mv, time.Since(start)) // measured, not asserted
	}
	_, body := get(t, page, false)
	if !strings.Contains(body, "e7e5") || !strings.Contains(body, `<span id="plyno">2 / 2</span>`) {
		t.Errorf("replica B's page does not show the moves made through A")
	}
}
