package web

import (
	"context"
	"log/slog"
	"math/rand/v2"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
	_ "github.com/bermudachess/bermuda/games/all"
	"github.com/bermudachess/bermuda/live"
)

var testSecret = []byte("0123456789abcdef-test-secret")

// fixture is a real SQLite store, wrapped to publish moves to a hub, and
// a real HTTP server with the pages on it.
type fixture struct {
	t     testing.TB
	store db.Store // the wrapped store: moves made through it are published
	hub   *live.Hub
	web   *Server
	srv   *httptest.Server
	games map[int64]games.Game // the current state of each game made here
	rng   *rand.Rand
	dice  *games.SeededRoller
	off   map[string]bool // servers that turned the pages off
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	inner, err := db.Open(filepath.Join(t.TempDir(), "web.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { inner.Close() })
	f := &fixture{t: t, hub: live.NewHub(), games: map[int64]games.Game{}, rng: rand.New(rand.NewPCG(7, 11)),
		dice: games.Seeded(3), off: map[string]bool{}}
	f.store = live.Store{Store: inner, N: live.Local{Hub: f.hub}}
	ctx := context.Background()
	for _, u := range [][2]string{{"u1", "alice"}, {"u2", "bob"}} {
		if err := inner.UpsertPlayer(ctx, u[0], u[1]); err != nil {
			t.Fatal(err)
		}
	}
	f.srv = httptest.NewUnstartedServer(nil)
	f.srv.Start()
	t.Cleanup(f.srv.Close)
	f.web, err = New(Options{Store: f.store, Events: live.Local{Hub: f.hub}, PublicURL: f.srv.URL, Secret: testSecret,
		Log: slog.New(slog.DiscardHandler), Heartbeat: time.Second,
		Enabled: func(_ context.Context, guild string) bool { return !f.off[guild] }})
	if err != nil {
		t.Fatal(err)
	}
	f.srv.Config.Handler = f.web.Handler()
	return f
}

// newGame stores a game of variant in guild g1 with plies random moves.
func (f *fixture) newGame(variant string, plies int) int64 {
	f.t.Helper()
	g, rolls, _, err := games.Start(variant, "", f.dice)
	if err != nil {
		f.t.Fatal(err)
	}
	id, err := f.store.CreateGame(context.Background(), db.Game{GuildID: "g1", ChannelID: "c1", Variant: variant,
		StartRolls: rolls, Players: [2]string{"u1", "u2"}, Days: 3})
	if err != nil {
		f.t.Fatal(err)
	}
	f.games[id] = g
	for i := 0; i < plies; i++ {
		f.move(id)
	}
	return id
}

// move plays a random legal move in game id through the wrapped store, as
// the bot does; false when the game is over.
func (f *fixture) move(id int64) bool {
	f.t.Helper()
	g := f.games[id]
	ms := g.LegalMoves()
	if len(ms) == 0 || g.Outcome().Over {
		return false
	}
	next, ply, evs, err := games.Apply(g, ms[f.rng.IntN(len(ms))].Notation, f.dice)
	if err != nil {
		f.t.Fatal(err)
	}
	ctx := context.Background()
	row, err := f.store.Game(ctx, id)
	if err != nil {
		f.t.Fatal(err)
	}
	var end *db.End
	if o := next.Outcome(); o.Over {
		end = &db.End{Winner: int(o.Winner), Reason: o.Reason}
		if o.Draw {
			end.Winner = -1
		}
	}
	var dice []string
	for _, e := range games.DiceEvents(evs) {
		dice = append(dice, e.Text)
	}
	_, err = f.store.AppendMove(ctx, id, row.Ply, db.Move{Notation: ply.Move, PlayerID: row.Players[g.Turn().Player],
		Rolls: ply.Rolls, Dice: dice}, time.Now().Add(72*time.Hour), time.Time{}, end)
	if err != nil {
		f.t.Fatal(err)
	}
	f.games[id] = next
	return true
}

func (f *fixture) url(id int64) string { return f.srv.URL + "/g/" + Token(testSecret, id) }

func dbEnd() db.End { return db.End{Winner: 1, Reason: "resignation"} }
