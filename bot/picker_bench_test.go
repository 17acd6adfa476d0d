package bot

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/bwmarrin/discordgo"

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
	l := newLoadBench(b, "picker.db", 50)
	ctx := context.Background()
	var ids atomic.Int64
	click := func(thread, who, customID string, values ...string) {
		l.handle(&discordgo.Interaction{ID: fmt.Sprintf("k%d", ids.Add(1)), Type: discordgo.InteractionMessageComponent, GuildID: "g",
			ChannelID: thread, AppPermissions: 1<<62 - 1, Member: &discordgo.Member{User: &discordgo.User{ID: who}},
			Message: &discordgo.Message{ID: "picker"}, Data: discordgo.MessageComponentInteractionData{CustomID: customID, Values: values}})
	}
	l.run(7, func(g, _ int, rng *rand.Rand) bool {
		thread := l.threads[g]
		row, err := l.store.GameByThread(ctx, thread)
		if err != nil {
			b.Error(err)
			return false
		}
		v, err := l.bot.currentView(ctx, row)
		if err != nil {
			b.Error(err)
			return false
		}
		if !v.Active || v.Game.Outcome().Over {
			l.newGame(g)
			return true
		}
		legal := v.Game.LegalMoves()
		m := legal[rng.IntN(len(legal))]
		who := v.Players[v.Game.Turn().Player]
		p := pickerState{game: row.ID, ply: v.Ply}
		click(thread, who, fmt.Sprintf("play:%d", row.ID))
		click(thread, who, p.customID("m0"), m.From)
		p.from = m.From
		click(thread, who, p.customID("m0"), m.To)
		if slices.ContainsFunc(legal, func(o games.Move) bool { return o.From == m.From && o.To == m.To && o.Notation != m.Notation }) {
			p.to = m.To
			click(thread, who, p.customID("m0"), m.Notation)
		}
		return true
	})
	l.report()
	b.ReportMetric(float64(len(l.lat))/float64(b.N), "clicks/move")
}
