package bot

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
)

// storedGame plays plies seeded random moves of variant into a fresh
// SQLite file through the store (as /move does) and ends it by resignation.
func storedGame(tb testing.TB, variant string, plies int) (*Bot, db.Game) {
	tb.Helper()
	store, err := db.Open(filepath.Join(tb.TempDir(), "bench.db"))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { store.Close() })
	ctx := context.Background()
	dice := games.Seeded(7)
	g, rolls, _, err := games.Start(variant, "", dice)
	if err != nil {
		tb.Fatal(err)
	}
	players := [2]string{"1", "2"}
	id, err := store.CreateGame(ctx, db.Game{GuildID: "g", ChannelID: "c", Variant: variant, StartRolls: rolls, Players: players,
		Days: 3, State: "active", Winner: -1, DrawOfferBy: -1})
	if err != nil {
		tb.Fatal(err)
	}
	if err := store.SetGameThread(ctx, id, "thread"); err != nil {
		tb.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for ply := 0; ply < plies && !g.Outcome().Over; ply++ {
		legal := g.LegalMoves()
		mover := players[g.Turn().Player]
		// A random move that does not end the game, if there is one: the
		// game reaches its length and is resigned.
		var next games.Game
		var p games.Ply
		for _, i := range rng.Perm(len(legal)) {
			next, p, _, err = games.Apply(g, legal[i].Notation, dice)
			if err != nil {
				tb.Fatal(err)
			}
			if !next.Outcome().Over {
				break
			}
		}
		if next.Outcome().Over {
			break
		}
		if _, err := store.AppendMove(ctx, id, ply, db.Move{Ply: ply + 1, Notation: p.Move, PlayerID: mover, Rolls: p.Rolls, At: time.Now()},
			time.Time{}, time.Time{}, nil); err != nil {
			tb.Fatal(err)
		}
		g = next
	}
	if _, err := store.EndGame(ctx, id, db.End{Winner: 0, Reason: "resignation"}); err != nil {
		tb.Fatal(err)
	}
	row, err := store.Game(ctx, id)
	if err != nil {
		tb.Fatal(err)
	}
	return New(Options{Store: store, Discord: &nopDiscord{}}), row
}

// BenchmarkReplayAtGameEnd measures the work a finished game hands to the
// picture workers: reading its moves from SQLite, drawing the animation
// (render.ReplayGIF) and handing the file to Discord (a no-op here).
//
//	go test ./bot -run '^$' -bench ReplayAtGameEnd -benchtime 3x
func BenchmarkReplayAtGameEnd(b *testing.B) {
	type game struct {
		variant string
		plies   int
	}
	var cases []game
	for _, v := range []string{"chess", "angle", "bermuda", "bede", "beryl", "spindecision", "randommove"} {
		cases = append(cases, game{v, 200})
	}
	cases = append(cases, game{"angle", 300}, game{"spindecision", 300})
	for _, c := range cases {
		b.Run(fmt.Sprintf("%s/%d", c.variant, c.plies), func(b *testing.B) {
			bot, row := storedGame(b, c.variant, c.plies)
			ctx := context.Background()
			rec, _, err := bot.play.Record(ctx, row)
			if err != nil {
				b.Fatal(err)
			}
			_, f, err := bot.replayFiles(ctx, row, rec)
			if err != nil {
				b.Fatal(err)
			}
			size := f.Reader.(interface{ Size() int64 }).Size()
			b.ResetTimer()
			for b.Loop() {
				if err := bot.postReplay(ctx, row); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(rec.Plies)), "plies")
			b.ReportMetric(float64(size)/(1<<20), "MB")
		})
	}
}

// BenchmarkRulesPictures measures what /rules draws after acknowledging:
// the setup, the legend and one position per special rule.
//
//	go test ./bot -run '^$' -bench RulesPictures -benchtime 20x
func BenchmarkRulesPictures(b *testing.B) {
	for _, v := range games.All() {
		b.Run(v.ID, func(b *testing.B) {
			for b.Loop() {
				if _, _, err := rulesPictures(v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
