package db

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/games"
)

// Replicas: several bot processes on one database. Each test opens two
// handles on the same database (two pools, as two processes have) and lets
// them race for the same work; each piece of work must be done exactly once.

// replicaTick is one scheduler pass as the bot makes it: claim every due
// reminder, end every game whose time is up. It records what this replica
// won.
func replicaTick(t *testing.T, s Store, now time.Time, reminded, ended map[int64]int, mu *sync.Mutex) {
	due, err := s.DueReminders(bg, now)
	if err != nil {
		t.Error(err)
		return
	}
	for _, g := range due {
		first, err := s.MarkReminded(bg, g.ID, g.Ply)
		if err != nil {
			t.Error(err)
			return
		}
		if first {
			mu.Lock()
			reminded[g.ID]++
			mu.Unlock()
		}
	}
	due, err = s.DueTimeouts(bg, now)
	if err != nil {
		t.Error(err)
		return
	}
	for _, g := range due {
		loser := g.Ply % 2 // the player to move
		_, err := s.EndGame(bg, g.ID, End{Winner: 1 - loser, Reason: "time"})
		switch {
		case err == nil:
			mu.Lock()
			ended[g.ID]++
			mu.Unlock()
		case !errors.Is(err, ErrGameOver):
			t.Error(err)
			return
		}
	}
}

func TestRemindersAndTimeoutsHappenOnceAcrossReplicas(t *testing.T) {
	forEachBackend(t, func(t *testing.T, be backend) {
		s1, dsn := be.open(t)
		s2 := mustOpen(t, dsn)
		now := time.Now()
		const n = 24
		ids := make([]int64, n)
		for i := range ids {
			ids[i] = newToyGame(t, s1, "g1")
			// Four moves, so a loss on time is rated; the last sets a
			// reminder and a deadline that are both already due.
			for ply := 0; ply < 4; ply++ {
				deadline := now.Add(time.Hour)
				if ply == 3 {
					deadline = now.Add(-time.Second)
				}
				m := Move{Notation: "pass", PlayerID: []string{"alice", "bob"}[ply%2]}
				if _, err := s1.AppendMove(bg, ids[i], ply, m, deadline, deadline.Add(-time.Hour), nil); err != nil {
					t.Fatal(err)
				}
			}
		}
		reminded, ended := map[int64]int{}, map[int64]int{}
		var mu sync.Mutex
		var wg sync.WaitGroup
		for r := 0; r < 4; r++ { // two goroutines per handle
			wg.Add(1)
			go func() {
				defer wg.Done()
				replicaTick(t, []Store{s1, s2}[r%2], now, reminded, ended, &mu)
			}()
		}
		wg.Wait()
		for _, id := range ids {
			if reminded[id] != 1 || ended[id] != 1 {
				t.Errorf("game %d: reminded %d times, ended %d times", id, reminded[id], ended[id])
			}
			if g, err := s2.Game(bg, id); err != nil || g.State != "finished" || g.Reason != "time" || !g.Rated || g.Winner != 1 {
				t.Errorf("game %d after the race: %+v, %v", id, g, err)
			}
		}
		// Alice, to move after four plies, lost every game on time: one
		// rating change per player and game, one win per game for bob.
		var changes, wins int
		s1.read.QueryRowContext(bg, `SELECT COUNT(*) FROM rating_changes`).Scan(&changes)
		s1.read.QueryRowContext(bg, `SELECT wins FROM ratings WHERE user_id = 'bob'`).Scan(&wins)
		if changes != 2*n || wins != n {
			t.Errorf("%d rating changes and %d wins for %d games", changes, wins, n)
		}
	})
}

// Two games of one player end at the same moment in two replicas: each
// rating step must start from the other's result, never from the same old
// rating (a lost update).
func TestOnePlayersGamesEndingAtOnceChainTheirRatings(t *testing.T) {
	forEachBackend(t, func(t *testing.T, be backend) {
		s1, dsn := be.open(t)
		s2 := mustOpen(t, dsn)
		const n = 12
		ids := make([]int64, n)
		for i := range ids {
			id, err := s1.CreateGame(bg, Game{GuildID: "g1", Variant: "dbtoy", Players: [2]string{"alice", fmt.Sprintf("p%d", i)}, Days: 3})
			if err != nil {
				t.Fatal(err)
			}
			ids[i] = id
		}
		var wg sync.WaitGroup
		for i, id := range ids {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := []Store{s1, s2}[i%2].EndGame(bg, id, End{Winner: 0, Reason: "agreement"}); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		rows, err := s1.read.QueryContext(bg, `SELECT before, after FROM rating_changes WHERE user_id = 'alice'`)
		if err != nil {
			t.Fatal(err)
		}
		next := map[float64]float64{}
		for rows.Next() {
			var before, after float64
			rows.Scan(&before, &after)
			if _, twice := next[before]; twice {
				t.Errorf("two games both started from alice's rating %v", before)
			}
			next[before] = after
		}
		rows.Close()
		r, steps := StartRating, 0
		for ; steps <= n; steps++ {
			after, ok := next[r]
			if !ok {
				break
			}
			r = after
		}
		var stored float64
		var wins int
		s1.read.QueryRowContext(bg, `SELECT rating, wins FROM ratings WHERE user_id = 'alice'`).Scan(&stored, &wins)
		if steps != n || stored != r || wins != n {
			t.Fatalf("alice's changes chain for %d of %d games to %v; stored rating %v with %d wins", steps, n, r, stored, wins)
		}
	})
}

func TestInteractionsAndChallengesClaimedOnceAcrossReplicas(t *testing.T) {
	forEachBackend(t, func(t *testing.T, be backend) {
		s1, dsn := be.open(t)
		s2 := mustOpen(t, dsn)
		cid, err := s1.CreateChallenge(bg, Challenge{GuildID: "g1", ChallengerID: "alice", Variant: "dbtoy"})
		if err != nil {
			t.Fatal(err)
		}
		const n = 8
		var wg sync.WaitGroup
		claimed, accepted := make([]error, n), make([]error, n)
		for i := 0; i < n; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				s := []Store{s1, s2}[i%2]
				// The same interaction delivered to every replica.
				claimed[i] = s.ClaimInteraction(bg, "interaction-1")
				who := fmt.Sprintf("p%d", i)
				_, accepted[i] = s.AcceptChallenge(bg, cid, who, Game{GuildID: "g1", Variant: "dbtoy", Players: [2]string{"alice", who}})
			}()
		}
		wg.Wait()
		claims, accepts := 0, 0
		for i := 0; i < n; i++ {
			switch {
			case claimed[i] == nil:
				claims++
			case !errors.Is(claimed[i], ErrDuplicate):
				t.Errorf("claim %d: %v", i, claimed[i])
			}
			switch {
			case accepted[i] == nil:
				accepts++
			case !errors.Is(accepted[i], ErrAlreadyTaken):
				t.Errorf("accept %d: %v", i, accepted[i])
			}
		}
		var games int
		s1.read.QueryRowContext(bg, `SELECT COUNT(*) FROM games`).Scan(&games)
		if claims != 1 || accepts != 1 || games != 1 {
			t.Fatalf("%d claims, %d accepts, %d games; want one of each", claims, accepts, games)
		}
	})
}

// A replica holding an older copy of a game cannot store a move on it: the
// stored ply says the position changed, and the move another replica made
// stays the only one.
func TestAMoveOnAStaleCopyIsRefused(t *testing.T) {
	forEachBackend(t, func(t *testing.T, be backend) {
		s1, dsn := be.open(t)
		s2 := mustOpen(t, dsn)
		id := newToyGame(t, s1, "g1")
		g1, pos1, err := s1.LoadGame(bg, id) // replica 1's copy, at ply 0
		if err != nil {
			t.Fatal(err)
		}
		if _, err := play(t, s2, id, "roll", games.Script(4)); err != nil { // replica 2 moves
			t.Fatal(err)
		}
		if _, err := playOn(s1, g1, pos1, "pass", nil); !errors.Is(err, ErrPositionChanged) {
			t.Fatalf("move on the stale copy: %v", err)
		}
		ms, err := s1.Moves(bg, id)
		if err != nil || len(ms) != 1 || ms[0].Notation != "roll" || ms[0].PlayerID != "alice" {
			t.Fatalf("log after the refused move: %+v, %v", ms, err)
		}
	})
}

// One interaction delivered to both replicas at once, each storing its move
// (and retrying at the next ply, as a confused replica might): one move is
// stored, every other attempt is told it is a duplicate or stale. The move
// that ends the game, delivered again, is still a duplicate.
func TestOneInteractionDeliveredTwiceStoresOneMove(t *testing.T) {
	forEachBackend(t, func(t *testing.T, be backend) {
		s1, dsn := be.open(t)
		s2 := mustOpen(t, dsn)
		id := newToyGame(t, s1, "g1")
		const n = 8
		var wg sync.WaitGroup
		errs := make([][2]error, n)
		for i := 0; i < n; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				s := []Store{s1, s2}[i%2]
				m := Move{Notation: "pass", PlayerID: "alice", InteractionID: "i-twice"}
				for ply := 0; ply < 2; ply++ {
					_, errs[i][ply] = s.AppendMove(bg, id, ply, m, time.Time{}, time.Time{}, nil)
				}
			}()
		}
		wg.Wait()
		stored := 0
		for i := range errs {
			for ply, err := range errs[i] {
				switch {
				case err == nil:
					stored++
				case errors.Is(err, ErrDuplicate), ply == 0 && errors.Is(err, ErrPositionChanged):
				default:
					t.Errorf("attempt %d at ply %d: %v", i, ply, err)
				}
			}
		}
		if ms, _ := s1.Moves(bg, id); stored != 1 || len(ms) != 1 {
			t.Fatalf("%d attempts succeeded, %d moves stored", stored, len(ms))
		}
		win := Move{Notation: "win", PlayerID: "bob", InteractionID: "i-win"}
		if _, err := s1.AppendMove(bg, id, 1, win, time.Time{}, time.Time{}, &End{Winner: 1, Reason: "declared a win"}); err != nil {
			t.Fatal(err)
		}
		if _, err := s2.AppendMove(bg, id, 1, win, time.Time{}, time.Time{}, &End{Winner: 1, Reason: "declared a win"}); !errors.Is(err, ErrDuplicate) {
			t.Fatalf("the winning move delivered again: %v", err)
		}
	})
}
