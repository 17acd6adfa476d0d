package db

import (
	"errors"
	"math"
	"testing"
	"time"
)

// movesBy appends n alternating passes (alice first) to game id.
func movesBy(t *testing.T, s Store, id int64, n int) {
	t.Helper()
	for i := 0; i < n; i++ {
		if _, err := s.AppendMove(bg, id, i, Move{Notation: "pass", PlayerID: []string{"alice", "bob"}[i%2]}, time.Time{}, time.Time{}, nil); err != nil {
			t.Fatal(err)
		}
	}
}

func TestRatedAndUnratedEnds(t *testing.T) { withStore(t, testRatedAndUnratedEnds) }

func testRatedAndUnratedEnds(t *testing.T, s *sqlStore) {
	cases := []struct {
		name   string
		guild  string
		plies  int
		end    End
		rated  bool
		state  string
		winner int
	}{
		{"resignation after two moves each", "g-resign4", 4, End{0, "resignation"}, true, "finished", 0},
		{"resignation before the second move", "g-resign3", 3, End{1, "resignation"}, false, "finished", 1},
		{"time before any move", "g-time0", 0, End{1, "time"}, false, "finished", 1},
		{"time after two moves each", "g-time5", 5, End{0, "time"}, true, "finished", 0},
		{"aborted", "g-abort", 1, End{0, "aborted"}, false, "aborted", -1},
		{"early draw by agreement", "g-draw", 1, End{-1, "agreement"}, true, "finished", -1},
	}
	for _, c := range cases {
		id := newToyGame(t, s, c.guild)
		movesBy(t, s, id, c.plies)
		res, err := s.EndGame(bg, id, c.end)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if res.Rated != c.rated || (len(res.Changes) == 2) != c.rated {
			t.Errorf("%s: result %+v, want rated %v", c.name, res, c.rated)
		}
		g, err := s.Game(bg, id)
		if err != nil || g.State != c.state || g.Winner != c.winner || g.Reason != c.end.Reason || g.Rated != c.rated || g.EndedAt.IsZero() {
			t.Errorf("%s: game %+v, %v", c.name, g, err)
		}
		rs, _ := s.PlayerRatings(bg, c.guild, "alice")
		if (len(rs) == 1) != c.rated {
			t.Errorf("%s: alice's ratings %+v", c.name, rs)
		}
		if _, err := s.EndGame(bg, id, End{0, "resignation"}); !errors.Is(err, ErrGameOver) {
			t.Errorf("%s: second end: %v", c.name, err)
		}
		if _, err := s.AppendMove(bg, id, c.plies, Move{Notation: "pass", PlayerID: "alice"}, time.Time{}, time.Time{}, nil); !errors.Is(err, ErrGameOver) {
			t.Errorf("%s: move after the end: %v", c.name, err)
		}
	}
	// The decisive rated game moved the ratings the right way and counted.
	a, _ := s.PlayerRatings(bg, "g-resign4", "alice")
	b, _ := s.PlayerRatings(bg, "g-resign4", "bob")
	if a[0].Rating <= StartRating || b[0].Rating >= StartRating || a[0].Wins != 1 || b[0].Losses != 1 || a[0].RD >= StartRD {
		t.Fatalf("after a win: alice %+v bob %+v", a[0], b[0])
	}
	d, _ := s.PlayerRatings(bg, "g-draw", "bob")
	if d[0].Draws != 1 || math.Abs(d[0].Rating-StartRating) > 1e-9 {
		t.Fatalf("after a draw: %+v", d[0])
	}
}

func TestRulesEndIsRatedInTheMoveTransaction(t *testing.T) {
	withStore(t, testRulesEndIsRatedInTheMoveTransaction)
}

func testRulesEndIsRatedInTheMoveTransaction(t *testing.T, s *sqlStore) {
	id := newToyGame(t, s, "g1")
	res, err := play(t, s, id, "win", nil) // alice wins at once, by the rules
	if err != nil {
		t.Fatal(err)
	}
	if !res.Rated || res.Changes[0].UserID != "alice" || res.Changes[0].After <= res.Changes[0].Before ||
		res.Changes[1].After >= res.Changes[1].Before || res.Changes[0].RDBefore != StartRD {
		t.Fatalf("result %+v", res)
	}
	g, pos, err := s.LoadGame(bg, id)
	if err != nil || g.State != "finished" || g.Winner != 0 || g.Ply != 1 || !pos.Outcome().Over {
		t.Fatalf("game %+v, %v", g, err)
	}
	var changes int
	s.read.QueryRowContext(bg, `SELECT COUNT(*) FROM rating_changes WHERE game_id = ?`, id).Scan(&changes)
	if changes != 2 {
		t.Fatalf("%d rating changes stored", changes)
	}
}

func TestGameAgainstOneselfIsUnrated(t *testing.T) { withStore(t, testGameAgainstOneselfIsUnrated) }

func testGameAgainstOneselfIsUnrated(t *testing.T, s *sqlStore) {
	id, err := s.CreateGame(bg, Game{GuildID: "g1", Variant: "dbtoy", Players: [2]string{"alice", "alice"}, Days: 1})
	if err != nil {
		t.Fatal(err)
	}
	if res, err := play(t, s, id, "win", nil); err != nil || res.Rated {
		t.Fatalf("self game: %+v, %v", res, err)
	}
}

func TestLeaderboardShowsSettledRatingsOnly(t *testing.T) {
	withStore(t, testLeaderboardShowsSettledRatingsOnly)
}

func testLeaderboardShowsSettledRatingsOnly(t *testing.T, s *sqlStore) {
	// Alice and Bob play until both deviations have settled.
	games := 0
	for ; games < 200; games++ {
		id := newToyGame(t, s, "g1")
		winner := 0
		if games%3 == 2 {
			winner = 1
		}
		if _, err := s.EndGame(bg, id, End{winner, "agreement"}); err != nil {
			t.Fatal(err)
		}
		top, err := s.Leaderboard(bg, "g1", "dbtoy", 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(top) == 2 {
			break
		}
		for _, r := range top {
			if r.RD > LeaderboardRD {
				t.Fatalf("RD %.1f on the leaderboard", r.RD)
			}
		}
	}
	top, _ := s.Leaderboard(bg, "g1", "dbtoy", 10)
	if len(top) != 2 || top[0].UserID != "alice" || top[0].Rating < top[1].Rating {
		t.Fatalf("after %d games: %+v", games, top)
	}
	t.Logf("both deviations were at most %.0f after %d games: %+v", LeaderboardRD, games+1, top)
	// A newcomer with a big deviation stays off, whatever the rating.
	id, _ := s.CreateGame(bg, Game{GuildID: "g1", Variant: "dbtoy", Players: [2]string{"carol", "bob"}, Days: 1})
	if _, err := s.EndGame(bg, id, End{0, "agreement"}); err != nil {
		t.Fatal(err)
	}
	top, _ = s.Leaderboard(bg, "g1", "dbtoy", 10)
	for _, r := range top {
		if r.UserID == "carol" {
			t.Fatalf("carol (one game) on the leaderboard: %+v", top)
		}
	}
	if one, _ := s.Leaderboard(bg, "g1", "dbtoy", 1); len(one) != 1 || one[0].UserID != "alice" {
		t.Fatalf("top 1: %+v", one)
	}
	if none, _ := s.Leaderboard(bg, "g2", "dbtoy", 10); len(none) != 0 {
		t.Fatalf("other server: %+v", none)
	}
	if c, _ := s.PlayerRatings(bg, "g1", "carol"); len(c) != 1 || c[0].RD <= LeaderboardRD || c[0].Wins != 1 {
		t.Fatalf("carol's stats: %+v", c)
	}
}
