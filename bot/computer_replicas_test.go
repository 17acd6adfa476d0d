package bot

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/db/dbtest"
	"github.com/bermudachess/bermuda/engine"
	"github.com/bermudachess/bermuda/games"
)

// postRecorder is a Discord shared by replicas that keeps every post.
type postRecorder struct {
	nopDiscord
	mu    sync.Mutex
	posts []string
}

func (d *postRecorder) Send(channelID string, m *discordgo.MessageSend) (*discordgo.Message, error) {
	d.mu.Lock()
	d.posts = append(d.posts, m.Content)
	d.mu.Unlock()
	return d.nopDiscord.Send(channelID, m)
}

func (d *postRecorder) count(prefix string) int {
	d.mu.Lock()
	defer d.mu.Unlock()
	n := 0
	for _, p := range d.posts {
		if strings.HasPrefix(p, prefix) {
			n++
		}
	}
	return n
}

// replicaDatabases are the databases two replicas can share: a SQLite
// file, and with BERMUDA_TEST_POSTGRES a fresh PostgreSQL database (dropped
// at the end).
func replicaDatabases(t *testing.T) map[string]string {
	dbs := map[string]string{"sqlite": filepath.Join(t.TempDir(), "shared.db")}
	if admin := dbtest.Server(t); admin != "" {
		dbs["postgres"] = dbtest.Database(t, admin, "bot")
	}
	return dbs
}

// TestComputerMoveMadeOnceAcrossReplicas: two replicas on one database both
// find the computer's move due and both search it (held until both have
// read the position); one stores it, and only that one posts it.
func TestComputerMoveMadeOnceAcrossReplicas(t *testing.T) {
	for backend, dsn := range replicaDatabases(t) {
		t.Run(backend, func(t *testing.T) { testComputerMoveOnceAcrossReplicas(t, dsn) })
	}
}

func testComputerMoveOnceAcrossReplicas(t *testing.T, dsn string) {
	const self = "bermuda-bot"
	ctx := context.Background()
	rec := &postRecorder{}
	var bothThinking sync.WaitGroup
	bothThinking.Add(2)
	var replicas [2]*Bot
	for i := range replicas {
		store, err := db.Open(dsn)
		if err != nil {
			t.Fatal(err)
		}
		b := New(Options{Store: store, Discord: rec, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
		b.SetSelfID(self)
		b.Roller = games.Seeded(uint64(i + 1))
		var first sync.Once
		b.opponent().SetLimits(func(level int) engine.Limits {
			first.Do(func() { bothThinking.Done(); bothThinking.Wait() })
			return engine.Limits{Level: level, Nodes: 3000, Seed: 1}
		})
		t.Cleanup(func() { b.Drain(testWait); store.Close() })
		replicas[i] = b
	}
	store := replicas[0].store
	_, rolls, _, err := games.Start("angle", "", games.Seeded(9))
	if err != nil {
		t.Fatal(err)
	}
	id, err := store.CreateGame(ctx, db.Game{GuildID: "g", ChannelID: "c", ThreadID: "t1", Variant: "angle", StartRolls: rolls,
		Players: [2]string{self, "ann"}, Days: 3, ComputerLevel: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range replicas {
		b.opponent().DueMoves(ctx)
	}
	for _, b := range replicas {
		b.opponent().Wait()
	}
	moves, err := store.Moves(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if len(moves) != 1 || moves[0].PlayerID != self {
		t.Fatalf("moves after both replicas thought: %+v", moves)
	}
	if n := rec.count(mention(self) + " played **" + moves[0].Notation + "**"); n != 1 || rec.count(mention(self)+" played") != 1 {
		t.Fatalf("the computer's move was posted %d times (posts: %q)", n, rec.posts)
	}
	if n := rec.count("🎲"); n != len(moves[0].Dice) {
		t.Fatalf("%d dice messages for the %d dice stored with the move", n, len(moves[0].Dice))
	}
	// The replica that lost reloads the game: it sees the player's turn.
	for i, b := range replicas {
		if b.opponent().Move(ctx, id) {
			t.Fatalf("replica %d moved again for the computer", i)
		}
		s, err := b.lockGame(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		ply, turn := s.Row.Ply, s.Game.Turn().Player
		s.Unlock()
		if ply != 1 || turn != games.Player2 {
			t.Fatalf("replica %d holds ply %d with player %d to move", i, ply, turn)
		}
	}
}
