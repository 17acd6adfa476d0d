package bot

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
)

// nopDiscord answers every call at once: it isolates the bot's own work.
type nopDiscord struct{ n, boards atomic.Int64 }

func (d *nopDiscord) msg() *discordgo.Message {
	return &discordgo.Message{ID: fmt.Sprint(d.n.Add(1))}
}
func (d *nopDiscord) Respond(*discordgo.Interaction, *discordgo.InteractionResponse) error {
	return nil
}
func (d *nopDiscord) EditOriginal(*discordgo.Interaction, *discordgo.WebhookEdit) (*discordgo.Message, error) {
	return d.msg(), nil
}
func (d *nopDiscord) Original(*discordgo.Interaction) (*discordgo.Message, error) {
	return d.msg(), nil
}
func (d *nopDiscord) Followup(*discordgo.Interaction, *discordgo.WebhookParams) (*discordgo.Message, error) {
	return d.msg(), nil
}
func (d *nopDiscord) Send(_ string, m *discordgo.MessageSend) (*discordgo.Message, error) {
	for _, f := range m.Files {
		io.Copy(io.Discard, f.Reader)
		d.boards.Add(1)
	}
	return d.msg(), nil
}
func (d *nopDiscord) Edit(*discordgo.MessageEdit) (*discordgo.Message, error) { return d.msg(), nil }
func (d *nopDiscord) StartThread(string, string, string) (*discordgo.Channel, error) {
	return &discordgo.Channel{ID: fmt.Sprint(d.n.Add(1))}, nil
}
func (d *nopDiscord) AddThreadMember(string, string) error { return nil }
func (d *nopDiscord) ArchiveThread(string) error           { return nil }
func (d *nopDiscord) Typing(string) error                  { return nil }
func (d *nopDiscord) OpenDM(u string) (string, error)      { return "dm-" + u, nil }
func (d *nopDiscord) RegisterCommands(context.Context, string, string, []*discordgo.ApplicationCommand) error {
	return nil
}

// BenchmarkMoveInteraction measures a /move from the interaction arriving
// to every response being ready: claim, parse, play, roll, commit (one
// SQLite transaction), render the PNG. Discord itself is a no-op.
func BenchmarkMoveInteraction(b *testing.B) {
	for _, variant := range []string{"angle", "bermuda", "randommove"} {
		b.Run(variant, func(b *testing.B) { benchMoves(b, variant) })
	}
}

func benchMoves(b *testing.B, variant string) {
	dc := &nopDiscord{}
	bot, store := newBenchBot(b, "bench.db", dc)
	bot.Roller = games.Seeded(3)
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(1, 2))
	var thread string
	newGame := func() {
		_, thread = newBenchGame(ctx, b, bot, store, db.Game{GuildID: "g", ChannelID: "c", Variant: variant,
			Players: [2]string{"p1", "p2"}, Days: 3, State: "active", Winner: -1, DrawOfferBy: -1, CreatedAt: time.Now(), UpdatedAt: time.Now()})
	}
	newGame()
	var times []time.Duration
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		b.StopTimer()
		mv, who, ok, err := randomBenchMove(ctx, bot, store, thread, rng)
		if err != nil {
			b.Fatal(err)
		}
		if !ok {
			newGame()
			n--
			b.StartTimer()
			continue
		}
		in := moveInteraction(fmt.Sprintf("i%d", n), thread, who, mv)
		b.StartTimer()
		start := time.Now()
		bot.HandleInteraction(in)
		times = append(times, time.Since(start))
	}
	b.StopTimer()
	if got := dc.boards.Load(); got < int64(b.N) {
		b.Fatalf("only %d of %d moves were played", got, b.N)
	}
	slices.Sort(times)
	if len(times) > 0 {
		b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "ms-median")
	}
}
