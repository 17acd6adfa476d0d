//go:build unix

package web

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/db/dbtest"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/live"
)

// BenchmarkMoveReachesPages: a move reaches 200 open pages. Each
// iteration stores one move through replica A's store (as the bot does
// after a /move or a page's move) and waits until every page's event
// stream has said so and every page has the move's data as the script
// gets it: from the event, which carries it, or else (the first move)
// data.json?from=N&ply=N+1. Reported: the time from the start of the
// commit to each page's event (event-*) and to its data (data-*), p50, p99
// and max over every page and move, the pages that fetched data.json per
// move (fetches/move), the commit itself (commit-ms, NOTIFY included), and
// the processor time of this process per move (cpu-ms/move: pages,
// servers and clients alike), which the machine's load does not inflate.
//
//	postgres: two replicas (two stores, two LISTEN connections, two pages
//	          servers) on one database, 100 pages on each;
//	sqlite:   one process, its hub, 200 pages.
//
//	BERMUDA_TEST_POSTGRES=… go test -run '^$' -bench MoveReachesPages -benchtime 50x ./web/
func BenchmarkMoveReachesPages(b *testing.B) {
	b.Run("sqlite", func(b *testing.B) {
		inner, err := db.Open(filepath.Join(b.TempDir(), "fanout.db"))
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { inner.Close() })
		hub := live.NewHub()
		store := live.Store{Store: inner, N: live.Local{Hub: hub}}
		srv := fanoutServer(b, store, live.Local{Hub: hub})
		benchFanout(b, store, []string{srv, srv})
	})
	b.Run("postgres", func(b *testing.B) {
		dsn := dbtest.Database(b, dbtest.NeedServer(b), "fanout")
		ctx, cancel := context.WithCancel(context.Background())
		b.Cleanup(cancel)
		var stores []db.Store
		var srvs []string
		for range 2 {
			inner, err := db.Open(dsn)
			if err != nil {
				b.Fatal(err)
			}
			b.Cleanup(func() { inner.Close() })
			pg, err := live.NewPostgres(dsn, live.NewHub(), slog.New(slog.DiscardHandler))
			if err != nil {
				b.Fatal(err)
			}
			b.Cleanup(func() { pg.Close() })
			go pg.Run(ctx)
			select {
			case <-pg.Ready():
			case <-time.After(20 * time.Second):
				b.Fatal("no LISTEN")
			}
			store := live.Store{Store: inner, N: pg}
			stores = append(stores, store)
			srvs = append(srvs, fanoutServer(b, store, pg))
		}
		benchFanout(b, stores[0], srvs)
	})
}

// fanoutServer serves the pages of store on a real HTTP server, asking the
// server's settings whether its pages are on, as the bot does.
func fanoutServer(b *testing.B, store db.Store, events live.Source) string {
	w, err := New(Options{Store: store, Events: events, PublicURL: "http://replica", Secret: testSecret,
		Log: slog.New(slog.DiscardHandler), Enabled: func(ctx context.Context, guildID string) bool {
			set, err := store.Settings(ctx, guildID)
			return err == nil && !set.PagesOff
		}})
	if err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(w.Handler())
	b.Cleanup(srv.Close)
	b.Cleanup(w.Stop)
	return srv.URL
}

// pageSeen is one page's news of a move: when its event came and when its
// data.json answer was read.
type pageSeen struct {
	ply         int
	event, data time.Time
	fetched     bool // data.json was fetched (the event did not carry the move)
	err         error
}

// benchFanout opens 100 pages on each of servers (the same server twice
// for one process) and stores moves through store.
func benchFanout(b *testing.B, store db.Store, servers []string) {
	const perServer = 100
	ctx := context.Background()
	for _, u := range []string{"u1", "u2"} {
		if err := store.UpsertPlayer(ctx, u, u); err != nil {
			b.Fatal(err)
		}
	}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 2 * perServer * len(servers)}}
	b.Cleanup(client.CloseIdleConnections)
	rng := rand.New(rand.NewPCG(1, 2))
	seen := make(chan pageSeen, 4*perServer*len(servers))

	var (
		id   int64
		g    games.Game
		stop func()
	)
	// open starts a game and opens every page's stream on it (again when
	// a game ends: random moves end one in a few hundred plies).
	open := func() {
		if stop != nil {
			stop()
		}
		var err error
		g, err = games.NewGame("chess", "")
		if err != nil {
			b.Fatal(err)
		}
		id, err = store.CreateGame(ctx, db.Game{GuildID: "g1", ChannelID: "c1", Variant: "chess",
			Players: [2]string{"u1", "u2"}, Days: 3})
		if err != nil {
			b.Fatal(err)
		}
		sctx, cancel := context.WithCancel(ctx)
		stop = cancel
		ready := make(chan error, perServer*len(servers))
		for _, srv := range servers {
			page := srv + "/g/" + Token(testSecret, id)
			for range perServer {
				go followPage(sctx, client, page, ready, seen)
			}
		}
		for range perServer * len(servers) {
			if err := <-ready; err != nil {
				b.Fatal(err)
			}
		}
	}
	open()
	b.Cleanup(func() { stop() })

	var events, datas, commits []time.Duration
	fetches := 0
	cpu0 := cpuTime()
	b.ResetTimer()
	for b.Loop() {
		if g.Outcome().Over || len(g.LegalMoves()) == 0 {
			b.StopTimer()
			open()
			b.StartTimer()
		}
		row, err := store.Game(ctx, id)
		if err != nil {
			b.Fatal(err)
		}
		ms := g.LegalMoves()
		next, ply, _, err := games.Apply(g, ms[rng.IntN(len(ms))].Notation, games.Seeded(1))
		if err != nil {
			b.Fatal(err)
		}
		var end *db.End
		if o := next.Outcome(); o.Over {
			end = &db.End{Winner: int(o.Winner), Reason: o.Reason}
			if o.Draw {
				end.Winner = -1
			}
		}
		start := time.Now()
		if _, err := store.AppendMove(ctx, id, row.Ply, db.Move{Notation: ply.Move, PlayerID: row.Players[g.Turn().Player]},
			time.Now().Add(72*time.Hour), time.Time{}, end); err != nil {
			b.Fatal(err)
		}
		commits = append(commits, time.Since(start))
		g = next
		want := row.Ply + 1
		timeout := time.After(30 * time.Second)
		for got := 0; got < perServer*len(servers); {
			select {
			case s := <-seen:
				if s.err != nil {
					b.Fatal(s.err)
				}
				if s.ply != want {
					continue // a page hearing of an earlier game's move, or a "look"
				}
				if s.fetched {
					fetches++
				}
				events = append(events, s.event.Sub(start))
				datas = append(datas, s.data.Sub(start))
				got++
			case <-timeout:
				b.Fatalf("move %d reached %d of %d pages in 30 s", want, got, perServer*len(servers))
			}
		}
	}
	b.StopTimer()
	b.ReportMetric(millis(cpuTime()-cpu0)/float64(b.N), "cpu-ms/move")
	b.ReportMetric(float64(fetches)/float64(b.N), "fetches/move")
	for _, m := range []struct {
		name string
		d    []time.Duration
	}{{"event", events}, {"data", datas}} {
		slices.Sort(m.d)
		b.ReportMetric(millis(m.d[len(m.d)/2]), m.name+"-p50-ms")
		b.ReportMetric(millis(m.d[len(m.d)*99/100]), m.name+"-p99-ms")
		b.ReportMetric(millis(m.d[len(m.d)-1]), m.name+"-max-ms")
	}
	slices.Sort(commits)
	b.ReportMetric(millis(commits[len(commits)/2]), "commit-ms")
	b.ReportMetric(float64(perServer*len(servers)), "pages")
}

func millis(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// cpuTime is the processor time this process used so far (user and
// system): the pages, both servers and the clients (not PostgreSQL's).
// Steadier than wall-clock times on a shared machine.
func cpuTime() time.Duration {
	var u syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &u)
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// followPage is one open page: it reads page's event stream, says on ready
// once the stream's first event came, and for each later move's event
// takes the move from the event when it carries the page's next moves,
// else fetches data.json?from=<moves it had>&ply=<the event's>, as the
// script does, and reports on seen.
func followPage(ctx context.Context, client *http.Client, page string, ready chan<- error, seen chan<- pageSeen) {
	req, _ := http.NewRequestWithContext(ctx, "GET", page+"/events", nil)
	resp, err := client.Do(req)
	if err != nil {
		ready <- err
		return
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		ready <- fmt.Errorf("the event stream: %s", resp.Status)
		return
	}
	lines := bufio.NewScanner(resp.Body)
	first, have := true, 0
	for lines.Scan() {
		l, ok := strings.CutPrefix(lines.Text(), "data: ")
		if !ok {
			continue
		}
		var ev struct {
			Ply int
			D   *struct {
				From  int
				Moves []json.RawMessage
			}
		}
		if err := json.Unmarshal([]byte(l), &ev); err != nil {
			seen <- pageSeen{err: fmt.Errorf("event %q: %v", l, err)}
			return
		}
		if first {
			first, have = false, ev.Ply
			ready <- nil
			continue
		}
		s := pageSeen{ply: ev.Ply, event: time.Now()}
		if ev.Ply <= have {
			continue
		}
		if ev.D != nil && ev.D.From == have {
			if ev.D.From+len(ev.D.Moves) < ev.Ply {
				s.err = fmt.Errorf("the event of ply %d has %d moves from %d", ev.Ply, len(ev.D.Moves), ev.D.From)
			}
		} else {
			s.fetched = true
			s.err = fetchFrom(ctx, client, page, have, ev.Ply)
		}
		s.data = time.Now()
		have = ev.Ply
		if ctx.Err() != nil {
			return
		}
		seen <- s
	}
}

// fetchFrom reads data.json?from=have&ply=ply and checks it brings the
// game to ply.
func fetchFrom(ctx context.Context, client *http.Client, page string, have, ply int) error {
	req, _ := http.NewRequestWithContext(ctx, "GET", page+"/data.json?from="+strconv.Itoa(have)+"&ply="+strconv.Itoa(ply), nil)
	resp, err := client.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return nil
		}
		return err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != 200 {
		return fmt.Errorf("data.json?from=%d: %s %v", have, resp.Status, err)
	}
	var d struct {
		From  int
		Moves []json.RawMessage
	}
	if err := json.Unmarshal(body, &d); err != nil {
		return err
	}
	if d.From+len(d.Moves) < ply {
		return fmt.Errorf("data.json?from=%d has %d moves from %d after the event of ply %d", have, len(d.Moves), d.From, ply)
	}
	return nil
}
