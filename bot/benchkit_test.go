package bot

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
)

// Set-up shared by the benchmarks that play /move against a bot on a real
// SQLite file.

// newBenchBot returns a bot on a fresh SQLite file named file, logging
// nothing and talking to dc; the store closes when b ends.
func newBenchBot(b *testing.B, file string, dc Discord) (*Bot, db.Store) {
	store, err := db.Open(filepath.Join(b.TempDir(), file))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { store.Close() })
	return New(Options{Store: store, Discord: dc, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}), store
}

// newBenchGame stores game g, started with the bot's Roller, in a thread
// of its own, and returns its id and thread.
func newBenchGame(ctx context.Context, b *testing.B, bot *Bot, store db.Store, g db.Game) (int64, string) {
	_, rolls, _, err := games.Start(g.Variant, "", bot.Roller)
	if err != nil {
		b.Fatal(err)
	}
	g.StartRolls = rolls
	id, err := store.CreateGame(ctx, g)
	if err != nil {
		b.Fatal(err)
	}
	thread := fmt.Sprintf("t%d", id)
	if err := store.SetGameThread(ctx, id, thread); err != nil {
		b.Fatal(err)
	}
	return id, thread
}

// randomBenchMove picks a legal move at random in the game in thread and
// the player whose turn it is; ok is false when the game is over.
func randomBenchMove(ctx context.Context, bot *Bot, store db.Store, thread string, rng *rand.Rand) (mv, who string, ok bool, err error) {
	row, err := store.GameByThread(ctx, thread)
	if err != nil {
		return "", "", false, err
	}
	s, err := bot.lockGame(ctx, row.ID)
	if err != nil {
		return "", "", false, err
	}
	defer s.Unlock()
	if s.Game.Outcome().Over || s.Row.State != "active" {
		return "", "", false, nil
	}
	legal := s.Game.LegalMoves()
	return legal[rng.IntN(len(legal))].Notation, s.Row.Players[s.Game.Turn().Player], true, nil
}

// moveInteraction is player who's /move mv in thread, with every
// permission the bot may need.
func moveInteraction(id, thread, who, mv string) *discordgo.Interaction {
	return &discordgo.Interaction{ID: id, Type: discordgo.InteractionApplicationCommand, GuildID: "g",
		ChannelID: thread, AppPermissions: 1<<62 - 1, Member: &discordgo.Member{User: &discordgo.User{ID: who}},
		Data: discordgo.ApplicationCommandInteractionData{Name: "move", Options: []*discordgo.ApplicationCommandInteractionDataOption{
			{Name: "move", Type: discordgo.ApplicationCommandOptionString, Value: mv}}}}
}

// loadBench is what the benchmarks of many games at once share: a bot on a
// fresh SQLite file whose Discord notes each interaction's first callback,
// games of every variant in turn, one thread each, and the latencies from
// an interaction arriving to its first callback.
type loadBench struct {
	b       *testing.B
	dc      *timingDiscord
	bot     *Bot
	store   db.Store
	threads []string

	mu  sync.Mutex
	lat []time.Duration
}

func newLoadBench(b *testing.B, file string, nGames int) *loadBench {
	l := &loadBench{b: b, dc: &timingDiscord{first: map[string]time.Time{}}}
	l.bot, l.store = newBenchBot(b, file, l.dc)
	l.bot.Roller = games.Seeded(5)
	l.threads = make([]string, nGames)
	for g := range l.threads {
		l.newGame(g)
	}
	return l
}

// newGame starts a new game in slot g (when the last one ended).
func (l *loadBench) newGame(g int) {
	variants := games.All()
	_, l.threads[g] = newBenchGame(context.Background(), l.b, l.bot, l.store, db.Game{GuildID: "g", ChannelID: "c", Variant: variants[g%len(variants)].ID,
		Players: [2]string{"p1", "p2"}, Days: 3, State: "active", Winner: -1, DrawOfferBy: -1, CreatedAt: time.Now(), UpdatedAt: time.Now()})
}

// handle delivers in and notes how long its first callback took.
func (l *loadBench) handle(in *discordgo.Interaction) {
	start := time.Now()
	l.bot.HandleInteraction(in)
	l.dc.mu.Lock()
	at := l.dc.first[in.ID]
	l.dc.mu.Unlock()
	l.mu.Lock()
	l.lat = append(l.lat, at.Sub(start))
	l.mu.Unlock()
}

// run shares b.N turns among the games, one goroutine each, all at once;
// turn plays game g's next turn (n counts turns overall) and reports false
// to stop that game's goroutine.
func (l *loadBench) run(seed uint64, turn func(g, n int, rng *rand.Rand) bool) {
	next := make(chan int, l.b.N)
	for n := range l.b.N {
		next <- n
	}
	close(next)
	l.b.ResetTimer()
	var wg sync.WaitGroup
	for g := range l.threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(g), seed))
			for n := range next {
				if !turn(g, n, rng) {
					return
				}
			}
		}()
	}
	wg.Wait()
	l.b.StopTimer()
}

// report gives the first callbacks' median and 99th percentile.
func (l *loadBench) report() {
	slices.Sort(l.lat)
	if len(l.lat) > 0 {
		l.b.ReportMetric(float64(l.lat[len(l.lat)/2].Microseconds())/1000, "ms-p50")
		l.b.ReportMetric(float64(l.lat[len(l.lat)*99/100].Microseconds())/1000, "ms-p99")
	}
}
