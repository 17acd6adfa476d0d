package bot

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
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
	l := newLoadBench(b, "load.db", 50)
	ctx := context.Background()
	l.run(3, func(g, n int, rng *rand.Rand) bool {
		mv, who, ok, err := randomBenchMove(ctx, l.bot, l.store, l.threads[g], rng)
		if err != nil {
			b.Error(err)
			return false
		}
		if !ok {
			l.newGame(g)
			return true
		}
		l.handle(moveInteraction(fmt.Sprintf("m%d", n), l.threads[g], who, mv))
		return true
	})
	l.report()
}
