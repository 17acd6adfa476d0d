package bot

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
)

// BenchmarkPickerFirstCallback50Games measures the time from a picker
// interaction arriving to its first callback, pictures included, with 50
// games played at once with the picker only: the Move button (a private
// message with the movable pieces drawn), the piece (the message updated
// with its targets drawn), the square (the move played: claim, lock,
// roll, defer; then store, render and post) and, where the rules ask, the
// choice. Each of b.N iterations is one whole move. Discord is a no-op, so
// this is the bot's own share of the 3-second budget.
func BenchmarkPickerFirstCallback50Games(b *testing.B) {
	const nGames = 50
	dc := &timingDiscord{first: map[string]time.Time{}}
	bot, store := newBenchBot(b, "picker.db", dc)
	bot.Roller = games.Seeded(5)
	ctx := context.Background()
	variants := games.All()
	newGame := func(n int) string {
		_, thread := newBenchGame(ctx, b, bot, store, db.Game{GuildID: "g", ChannelID: "c", Variant: variants[n%len(variants)].ID,
			Players: [2]string{"p1", "p2"}, Days: 3, State: "active", Winner: -1, DrawOfferBy: -1, CreatedAt: time.Now(), UpdatedAt: time.Now()})
		return thread
	}
	threads := make([]string, nGames)
	for n := range threads {
		threads[n] = newGame(n)
	}
	var mu sync.Mutex
	var lat []time.Duration
	var ids atomic.Int64
	click := func(thread, who, customID string, values ...string) {
		in := &discordgo.Interaction{ID: fmt.Sprintf("k%d", ids.Add(1)), Type: discordgo.InteractionMessageComponent, GuildID: "g",
			ChannelID: thread, AppPermissions: 1<<62 - 1, Member: &discordgo.Member{User: &discordgo.User{ID: who}},
			Message: &discordgo.Message{ID: "picker"}, Data: discordgo.MessageComponentInteractionData{CustomID: customID, Values: values}}
		start := time.Now()
		bot.HandleInteraction(in)
		dc.mu.Lock()
		at := dc.first[in.ID]
		dc.mu.Unlock()
		mu.Lock()
		lat = append(lat, at.Sub(start))
		mu.Unlock()
	}
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
			rng := rand.New(rand.NewPCG(uint64(g), 7))
			for range next {
				row, err := store.GameByThread(ctx, threads[g])
				if err != nil {
					b.Error(err)
					return
				}
				v, err := bot.currentView(ctx, row)
				if err != nil {
					b.Error(err)
					return
				}
				if !v.active || v.game.Outcome().Over {
					threads[g] = newGame(g)
					continue
				}
				legal := v.game.LegalMoves()
				m := legal[rng.IntN(len(legal))]
				who := v.players[v.game.Turn().Player]
				p := pickerState{game: row.ID, ply: v.ply}
				click(threads[g], who, fmt.Sprintf("play:%d", row.ID))
				click(threads[g], who, p.customID("m0"), m.From)
				p.from = m.From
				click(threads[g], who, p.customID("m0"), m.To)
				if slices.ContainsFunc(legal, func(o games.Move) bool { return o.From == m.From && o.To == m.To && o.Notation != m.Notation }) {
					p.to = m.To
					click(threads[g], who, p.customID("m0"), m.Notation)
				}
			}
		}()
	}
	wg.Wait()
	b.StopTimer()
	slices.Sort(lat)
	if len(lat) > 0 {
		b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "ms-p50")
		b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "ms-p99")
		b.ReportMetric(float64(len(lat))/float64(b.N), "clicks/move")
	}
}
