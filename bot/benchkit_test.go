package bot

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"path/filepath"
	"testing"

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
	defer s.unlock()
	if s.game.Outcome().Over || s.row.State != "active" {
		return "", "", false, nil
	}
	legal := s.game.LegalMoves()
	return legal[rng.IntN(len(legal))].Notation, s.row.Players[s.game.Turn().Player], true, nil
}

// moveInteraction is player who's /move mv in thread, with every
// permission the bot may need.
func moveInteraction(id, thread, who, mv string) *discordgo.Interaction {
	return &discordgo.Interaction{ID: id, Type: discordgo.InteractionApplicationCommand, GuildID: "g",
		ChannelID: thread, AppPermissions: 1<<62 - 1, Member: &discordgo.Member{User: &discordgo.User{ID: who}},
		Data: discordgo.ApplicationCommandInteractionData{Name: "move", Options: []*discordgo.ApplicationCommandInteractionDataOption{
			{Name: "move", Type: discordgo.ApplicationCommandOptionString, Value: mv}}}}
}
