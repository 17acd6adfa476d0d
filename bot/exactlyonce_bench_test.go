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

// BenchmarkDuplicateInteraction measures turning away an interaction
// already handled: from memory (a re-delivery to the same process), and
// from its claim in the database (a re-delivery after a restart).
func BenchmarkDuplicateInteraction(b *testing.B) {
	store, err := db.Open(filepath.Join(b.TempDir(), "dup.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer store.Close()
	bot := New(Options{Store: store, Discord: &nopDiscord{}, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	cmd := &discordgo.Interaction{ID: "dup-cmd", Type: discordgo.InteractionApplicationCommand,
		Data: discordgo.ApplicationCommandInteractionData{Name: "help"}}
	bot.HandleInteraction(cmd)
	b.Run("in-memory", func(b *testing.B) {
		for b.Loop() {
			bot.HandleInteraction(cmd)
		}
	})
	b.Run("claimed-in-database", func(b *testing.B) {
		for range b.N {
			b.StopTimer()
			bot.seen = newRecentIDs(15*time.Minute, 100000) // as after a restart
			b.StartTimer()
			bot.HandleInteraction(cmd)
		}
	})
}

// timingDiscord is nopDiscord that notes when each interaction got its
// first callback.
type timingDiscord struct {
	nopDiscord
	mu    sync.Mutex
	first map[string]time.Time
}

func (d *timingDiscord) Respond(i *discordgo.Interaction, _ *discordgo.InteractionResponse) error {
	d.mu.Lock()
	if _, ok := d.first[i.ID]; !ok {
		d.first[i.ID] = time.Now()
	}
	d.mu.Unlock()
	return nil
}

// BenchmarkFirstCallback50Games measures the time from an interaction
// arriving to its first callback (the defer) with 50 games played at once,
// each /move a real one (claim, lock, parse, roll, defer; then store,
// render and post, which the next move of the game waits for). Discord is
// a no-op, so this is the bot's own share of the 3-second budget.
func BenchmarkFirstCallback50Games(b *testing.B) {
	const nGames = 50
	store, err := db.Open(filepath.Join(b.TempDir(), "load.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer store.Close()
	dc := &timingDiscord{first: map[string]time.Time{}}
	bot := New(Options{Store: store, Discord: dc, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	bot.Roller = games.Seeded(5)
	ctx := context.Background()
	variants := games.All()
	newGame := func(n int) string {
		v := variants[n%len(variants)].ID
		_, rolls, _, err := games.Start(v, "", bot.Roller)
		if err != nil {
			b.Fatal(err)
		}
		id, err := store.CreateGame(ctx, db.Game{GuildID: "g", ChannelID: "c", Variant: v, StartRolls: rolls,
			Players: [2]string{"p1", "p2"}, Days: 3, State: "active", Winner: -1, DrawOfferBy: -1, CreatedAt: time.Now(), UpdatedAt: time.Now()})
		if err != nil {
			b.Fatal(err)
		}
		thread := fmt.Sprintf("t%d", id)
		if err := store.SetGameThread(ctx, id, thread); err != nil {
			b.Fatal(err)
		}
		return thread
	}
	threads := make([]string, nGames)
	for n := range threads {
		threads[n] = newGame(n)
	}
	var mu sync.Mutex
	var lat []time.Duration
	next := make(chan int, b.N)
	for n := range b.N {
		next <- n
	}
	close(next)
	b.ResetTimer()
	var wg sync.WaitGroup
	for g := range nGames {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(g), 3))
			for n := range next {
				row, err := store.GameByThread(ctx, threads[g])
				if err != nil {
					b.Error(err)
					return
				}
				s, err := bot.lockGame(ctx, row.ID)
				if err != nil {
					b.Error(err)
					return
				}
				if s.game.Outcome().Over || s.row.State != "active" {
					s.unlock()
					threads[g] = newGame(g)
					continue
				}
				legal := s.game.LegalMoves()
				mv := legal[rng.IntN(len(legal))].Notation
				who := s.row.Players[s.game.Turn().Player]
				s.unlock()
				in := &discordgo.Interaction{ID: fmt.Sprintf("m%d", n), Type: discordgo.InteractionApplicationCommand, GuildID: "g",
					ChannelID: threads[g], AppPermissions: 1<<62 - 1, Member: &discordgo.Member{User: &discordgo.User{ID: who}},
					Data: discordgo.ApplicationCommandInteractionData{Name: "move", Options: []*discordgo.ApplicationCommandInteractionDataOption{
						{Name: "move", Type: discordgo.ApplicationCommandOptionString, Value: mv}}}}
				start := time.Now()
				bot.HandleInteraction(in)
				dc.mu.Lock()
				at := dc.first[in.ID]
				dc.mu.Unlock()
				mu.Lock()
				lat = append(lat, at.Sub(start))
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	b.StopTimer()
	slices.Sort(lat)
	if len(lat) > 0 {
		b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "ms-p50")
		b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "ms-p99")
	}
}
