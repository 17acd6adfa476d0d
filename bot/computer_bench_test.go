package bot

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/engine"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/play"
)

// BenchmarkFirstCallbackWhileComputerThinks measures a player's /move from
// the interaction arriving to its first callback (the defer) while the
// computer thinks in 10 other games, against the same with the computer
// idle. "pool" is the bot as it runs (at most NumCPU searches at once, the
// rest queued); "unbounded" runs the 10 searches on goroutines of their
// own, to show what the pool prevents. Discord is a no-op.
func BenchmarkFirstCallbackWhileComputerThinks(b *testing.B) {
	b.Run("idle", func(b *testing.B) { benchFirstCallback(b, 0, false) })
	b.Run("10-thinking-pool", func(b *testing.B) { benchFirstCallback(b, 10, false) })
	b.Run("10-thinking-unbounded", func(b *testing.B) { benchFirstCallback(b, 10, true) })
}

const benchSelf = "bermuda-bot"

func benchFirstCallback(b *testing.B, thinking int, unbounded bool) {
	dc := &timingDiscord{first: map[string]time.Time{}}
	bot, store := newBenchBot(b, "thinking.db", dc)
	bot.SetSelfID(benchSelf)
	bot.Roller = games.Seeded(5)
	// Searches that last until cancelled: the computer thinks throughout.
	bot.opponent().SetLimits(func(int) engine.Limits { return engine.Limits{Level: 5, MoveTime: time.Hour} })
	ctx, cancel := context.WithCancel(context.Background())
	var searches sync.WaitGroup
	defer func() {
		cancel()
		bot.opponent().Stop()
		searches.Wait()
	}()

	newGame := func(players [2]string, level int) (int64, string) {
		return newBenchGame(ctx, b, bot, store, db.Game{GuildID: "g", ChannelID: "c", Variant: "chess",
			Players: players, Days: 3, ComputerLevel: level})
	}
	for range thinking {
		id, _ := newGame([2]string{benchSelf, "p"}, 5) // the computer is White: it moves first
		if unbounded {
			_, g, err := store.LoadGame(ctx, id)
			if err != nil {
				b.Fatal(err)
			}
			searches.Add(1)
			go func() {
				defer searches.Done()
				engine.Search(ctx, g, engine.Limits{Level: 5, MoveTime: time.Hour})
			}()
		}
	}
	if !unbounded && thinking > 0 {
		bot.opponent().DueMoves(ctx)
		c := bot.opponent()
		for running := 0; running < min(thinking, c.Slots()); time.Sleep(time.Millisecond) {
			running = c.Thinking()
		}
	}

	_, thread := newGame([2]string{"p1", "p2"}, 0)
	rng := rand.New(rand.NewPCG(1, 2))
	var lat []time.Duration
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		b.StopTimer()
		mv, who, ok, err := randomBenchMove(ctx, bot, store, thread, rng)
		if err != nil {
			b.Fatal(err)
		}
		if !ok {
			_, thread = newGame([2]string{"p1", "p2"}, 0)
			n--
			b.StartTimer()
			continue
		}
		in := moveInteraction(fmt.Sprintf("m%d", n), thread, who, mv)
		b.StartTimer()
		start := time.Now()
		bot.HandleInteraction(in)
		dc.mu.Lock()
		at, ok := dc.first[in.ID]
		dc.mu.Unlock()
		if !ok {
			b.Fatalf("move %d got no callback", n)
		}
		lat = append(lat, at.Sub(start))
	}
	b.StopTimer()
	slices.Sort(lat)
	if len(lat) > 0 {
		b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "ms-p50")
		b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "ms-p99")
	}
}

// BenchmarkComputerThinkTime is how long the computer thinks per move with
// the limits the bot plays by (levelLimits: the level's own time budget),
// at the default level, from positions of random games in each variant.
func BenchmarkComputerThinkTime(b *testing.B) {
	for _, v := range games.All() {
		b.Run(v.ID, func(b *testing.B) {
			roller := games.Seeded(1)
			rng := rand.New(rand.NewPCG(1, 2))
			var took []time.Duration
			for b.Loop() {
				b.StopTimer()
				g, _, _, err := games.Start(v.ID, "", roller)
				if err != nil {
					b.Fatal(err)
				}
				for i := rng.IntN(40); i > 0 && !g.Outcome().Over; i-- {
					legal := g.LegalMoves()
					if g, _, _, err = games.Apply(g, legal[rng.IntN(len(legal))].Notation, roller); err != nil {
						b.Fatal(err)
					}
				}
				if g.Outcome().Over {
					b.StartTimer()
					continue
				}
				b.StartTimer()
				start := time.Now()
				if _, err := engine.Search(context.Background(), g, play.LevelLimits(engine.DefaultLevel)); err != nil {
					b.Fatal(err)
				}
				took = append(took, time.Since(start))
			}
			slices.Sort(took)
			if len(took) > 0 {
				b.ReportMetric(float64(took[len(took)/2].Milliseconds()), "ms-median")
				b.ReportMetric(float64(took[len(took)-1].Milliseconds()), "ms-max")
			}
		})
	}
}
