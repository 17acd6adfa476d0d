package bot

import (
	"context"
	"fmt"
	"math/rand/v2"
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
	bot, _ := newBenchBot(b, "dup.db", &nopDiscord{})
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
	dc := &timingDiscord{first: map[string]time.Time{}}
	bot, store := newBenchBot(b, "load.db", dc)
	bot.Roller = games.Seeded(5)
	ctx := context.Background()
	variants := games.All()
	newGame := func(n int) string {
		v := variants[n%len(variants)].ID
		_, thread := newBenchGame(ctx, b, bot, store, db.Game{GuildID: "g", ChannelID: "c", Variant: v,
			Players: [2]string{"p1", "p2"}, Days: 3, State: "active", Winner: -1, DrawOfferBy: -1, CreatedAt: time.Now(), UpdatedAt: time.Now()})
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
				mv, who, ok, err := randomBenchMove(ctx, bot, store, threads[g], rng)
				if err != nil {
					b.Error(err)
					return
				}
				if !ok {
					threads[g] = newGame(g)
					continue
				}
				in := moveInteraction(fmt.Sprintf("m%d", n), threads[g], who, mv)
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
