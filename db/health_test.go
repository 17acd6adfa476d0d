package db

import (
	"context"
	"testing"
)

func TestPingAndCountOpenGames(t *testing.T) {
	withStore(t, func(t *testing.T, s *sqlStore) {
		ctx := context.Background()
		if err := s.Ping(ctx); err != nil {
			t.Fatalf("ping: %v", err)
		}
		var ids []int64
		for range 3 {
			id, err := s.CreateGame(ctx, Game{GuildID: "g", Variant: "chess", Players: [2]string{"a", "b"}, Days: 3})
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, id)
		}
		if _, err := s.EndGame(ctx, ids[0], End{Winner: -1, Reason: "aborted"}); err != nil {
			t.Fatal(err)
		}
		n, err := s.CountOpenGames(ctx)
		if err != nil || n != 2 {
			t.Fatalf("open games: %d, %v; want 2 (three created, one ended)", n, err)
		}
		s.Close()
		if err := s.Ping(ctx); err == nil {
			t.Error("a closed store answered a ping")
		}
	})
}
