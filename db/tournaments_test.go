package db

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"
)

// newTournament stores an open tournament of dbtoy starting in an hour.
func newTournament(t testing.TB, s Store, rated bool) Tournament {
	t.Helper()
	tr := Tournament{GuildID: "g1", ChannelID: "c1", OrganiserID: "org", Variant: "dbtoy", Rounds: 3, Days: 2, Rated: rated,
		StartsAt: time.Now().Add(time.Hour).Truncate(time.Millisecond).UTC()}
	id, err := s.CreateTournament(bg, tr)
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.Tournament(bg, id)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func pairing(white, black string) Pairing {
	return Pairing{White: white, Black: black, Game: Game{GuildID: "g1", ChannelID: "c1", Variant: "dbtoy", Days: 2}}
}

func TestTournamentEntrantsJoinOnceAndLeaveBeforeTheStart(t *testing.T) {
	withStore(t, func(t *testing.T, s *sqlStore) {
		tr := newTournament(t, s, true)
		if tr.State != "open" || tr.Round != 0 || !tr.DueAt.Equal(tr.StartsAt) || !tr.Rated {
			t.Fatalf("new tournament: %+v", tr)
		}
		if err := s.JoinTournament(bg, tr.ID, Entrant{UserID: "ann", Name: "Ann", Rating: 1600}); err != nil {
			t.Fatal(err)
		}
		if err := s.JoinTournament(bg, tr.ID, Entrant{UserID: "ann", Name: "Ann again"}); !errors.Is(err, ErrAlreadyEntered) {
			t.Fatalf("second join: %v, want ErrAlreadyEntered", err)
		}
		if err := s.JoinTournament(bg, tr.ID, Entrant{UserID: "bob", Name: "Bob"}); err != nil {
			t.Fatal(err)
		}
		other := newTournament(t, s, false) // a player may be in several at once
		if err := s.JoinTournament(bg, other.ID, Entrant{UserID: "ann", Name: "Ann"}); err != nil {
			t.Fatalf("ann joins a second tournament: %v", err)
		}
		es, err := s.TournamentEntrants(bg, tr.ID)
		if err != nil || len(es) != 2 || es[0].Name != "Ann" || es[0].Rating != 1600 || es[1].Rating != 1500 {
			t.Fatalf("entrants %+v, %v", es, err)
		}
		w, err := s.WithdrawFromTournament(bg, tr.ID, "bob")
		if err != nil || !w.Removed || len(w.Forfeited) != 0 {
			t.Fatalf("leaving before the start: %+v, %v", w, err)
		}
		if _, err := s.WithdrawFromTournament(bg, tr.ID, "bob"); !errors.Is(err, ErrNotEntered) {
			t.Fatalf("leaving twice: %v, want ErrNotEntered", err)
		}
		if due, err := s.DueTournaments(bg, tr.StartsAt.Add(-time.Second)); err != nil || len(due) != 0 {
			t.Fatalf("due before the start: %v, %v", due, err)
		}
		if due, err := s.DueTournaments(bg, tr.StartsAt.Add(time.Minute)); err != nil || len(due) != 2 || due[0].ID != tr.ID {
			t.Fatalf("due at the start: %v, %v", due, err)
		}
		if err := s.CancelTournament(bg, tr.ID); err != nil {
			t.Fatal(err)
		}
		if err := s.CancelTournament(bg, tr.ID); !errors.Is(err, ErrTournamentState) {
			t.Fatalf("cancelling twice: %v", err)
		}
		if err := s.JoinTournament(bg, tr.ID, Entrant{UserID: "cat"}); !errors.Is(err, ErrTournamentState) {
			t.Fatalf("joining a cancelled tournament: %v", err)
		}
		if due, _ := s.DueTournaments(bg, tr.StartsAt.Add(time.Minute)); len(due) != 1 || due[0].ID != other.ID {
			t.Fatalf("a cancelled tournament is due: %v", due)
		}
		if err := s.SetTournamentRole(bg, "g1", "role7"); err != nil {
			t.Fatal(err)
		}
		if set, err := s.Settings(bg, "g1"); err != nil || set.TournamentRole != "role7" {
			t.Fatalf("settings %+v, %v", set, err)
		}
	})
}

// Several replicas (or a restarted process) pairing the same round at
// once: exactly one claim writes the round, with all its games.
func TestTournamentRoundIsPairedExactlyOnce(t *testing.T) {
	forEachBackend(t, func(t *testing.T, be backend) {
		s, dsn := be.open(t)
		other := mustOpen(t, dsn) // another process on the same database
		tr := newTournament(t, s, true)
		for _, u := range []string{"ann", "bob", "cat"} {
			if err := s.JoinTournament(bg, tr.ID, Entrant{UserID: u}); err != nil {
				t.Fatal(err)
			}
		}
		tr, _ = s.Tournament(bg, tr.ID)
		round := []Pairing{pairing("ann", "bob"), {White: "cat"}}
		var wg sync.WaitGroup
		errs := make([]error, 8)
		for i := range errs {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				st := Store(s)
				if i%2 == 1 {
					st = other
				}
				_, errs[i] = st.StartRound(bg, tr.ID, tr.Version, 1, tr.StartsAt, round)
			}(i)
		}
		wg.Wait()
		won := 0
		for _, err := range errs {
			switch {
			case err == nil:
				won++
			case !errors.Is(err, ErrAlreadyTaken):
				t.Fatalf("a losing claim: %v", err)
			}
		}
		boards, err := s.TournamentBoards(bg, tr.ID)
		if won != 1 || err != nil || len(boards) != 2 {
			t.Fatalf("%d claims won, boards %+v, %v", won, boards, err)
		}
		if boards[0].GameID == 0 || boards[0].Result != BoardPending || boards[1].Result != BoardBye || boards[1].GameID != 0 {
			t.Fatalf("boards %+v", boards)
		}
		var games int
		s.read.QueryRowContext(bg, `SELECT COUNT(*) FROM games`).Scan(&games)
		if games != 1 {
			t.Fatalf("%d games stored for one board", games)
		}
		now, _ := s.Tournament(bg, tr.ID)
		if now.State != "running" || now.Round != 1 || now.Playing != 1 || !now.DueAt.IsZero() {
			t.Fatalf("after pairing: %+v", now)
		}
		// A decision from the state before the round is refused.
		if _, err := s.StartRound(bg, tr.ID, tr.Version, 1, tr.StartsAt, round); !errors.Is(err, ErrAlreadyTaken) {
			t.Fatalf("pairing round 1 again: %v", err)
		}
		if err := s.EndTournament(bg, tr.ID, tr.Version, "finished"); !errors.Is(err, ErrAlreadyTaken) {
			t.Fatalf("ending from a stale version: %v", err)
		}
		// The game's end records the result and makes the tournament due.
		if _, err := s.EndGame(bg, boards[0].GameID, End{Winner: 1, Reason: "checkmate"}); err != nil {
			t.Fatal(err)
		}
		boards, _ = s.TournamentBoards(bg, tr.ID)
		after, _ := s.Tournament(bg, tr.ID)
		if boards[0].Result != BoardBlackWins || after.Playing != 0 || after.DueAt.IsZero() || after.Version == now.Version {
			t.Fatalf("after the round's last game: %+v %+v", boards, after)
		}
		if due, _ := s.DueTournaments(bg, after.DueAt); len(due) != 1 {
			t.Fatalf("not due after its round ended: %v", due)
		}
		if err := s.EndTournament(bg, tr.ID, after.Version, "finished"); err != nil {
			t.Fatal(err)
		}
		if err := other.EndTournament(bg, tr.ID, after.Version, "finished"); !errors.Is(err, ErrAlreadyTaken) {
			t.Fatalf("ending twice: %v", err)
		}
		if end, _ := s.Tournament(bg, tr.ID); end.State != "finished" || !end.DueAt.IsZero() || end.EndedAt.IsZero() {
			t.Fatalf("finished: %+v", end)
		}
	})
}

// A withdrawal during a round ends the player's game there in the same
// transaction (a forfeit if nothing was played), and they are not paired
// again; games of an unrated tournament leave ratings alone.
func TestTournamentWithdrawalForfeitsTheRoundsGame(t *testing.T) {
	withStore(t, func(t *testing.T, s *sqlStore) {
		tr := newTournament(t, s, false)
		for _, u := range []string{"alice", "bob", "cat", "dan"} {
			if err := s.JoinTournament(bg, tr.ID, Entrant{UserID: u}); err != nil {
				t.Fatal(err)
			}
		}
		tr, _ = s.Tournament(bg, tr.ID)
		boards, err := s.StartRound(bg, tr.ID, tr.Version, 1, tr.StartsAt, []Pairing{pairing("alice", "bob"), pairing("cat", "dan")})
		if err != nil {
			t.Fatal(err)
		}
		// alice and bob play a few moves; cat and dan none.
		for _, m := range []string{"pass", "pass", "pass", "pass"} {
			if _, err := play(t, s, boards[0].GameID, m, nil); err != nil {
				t.Fatal(err)
			}
		}
		w, err := s.WithdrawFromTournament(bg, tr.ID, "dan")
		if err != nil || w.Removed || len(w.Forfeited) != 1 || w.Forfeited[0].Result != BoardWhiteForfeit {
			t.Fatalf("dan withdraws: %+v, %v", w, err)
		}
		if g, _ := s.Game(bg, boards[1].GameID); g.State != "finished" || g.Winner != 0 || g.Reason != "forfeit" || g.Rated {
			t.Fatalf("dan's game: %+v", g)
		}
		if _, err := s.WithdrawFromTournament(bg, tr.ID, "dan"); !errors.Is(err, ErrNotEntered) {
			t.Fatalf("withdrawing twice: %v", err)
		}
		w, err = s.WithdrawFromTournament(bg, tr.ID, "alice")
		if err != nil || len(w.Forfeited) != 1 || w.Forfeited[0].Result != BoardBlackWins {
			t.Fatalf("alice withdraws after moves: %+v, %v", w, err)
		}
		if g, _ := s.Game(bg, boards[0].GameID); g.Winner != 1 || g.Rated {
			t.Fatalf("an unrated tournament's game was rated: %+v", g)
		}
		// Its result says why it is unrated; an ordinary game's does not.
		extra, _ := s.StartRound(bg, tr.ID, after(t, s, tr.ID).Version, 2, tr.StartsAt, []Pairing{pairing("bob", "cat")})
		if res, err := s.EndGame(bg, extra[0].GameID, End{Winner: -1, Reason: "agreement"}); err != nil || res.Rated || !res.UnratedTournament {
			t.Fatalf("an unrated tournament's draw: %+v, %v", res, err)
		}
		if rs, _ := s.PlayerRatings(bg, "g1", "bob"); len(rs) != 0 {
			t.Fatalf("bob has ratings from an unrated tournament: %+v", rs)
		}
		es, _ := s.TournamentEntrants(bg, tr.ID)
		withdrawn := 0
		for _, e := range es {
			if e.Withdrawn {
				withdrawn++
			}
		}
		after, _ := s.Tournament(bg, tr.ID)
		if withdrawn != 2 || after.Playing != 0 || after.DueAt.IsZero() {
			t.Fatalf("after both withdrawals: %d withdrawn, %+v", withdrawn, after)
		}
		if b, err := s.BoardOfGame(bg, boards[1].GameID); err != nil || b.TournamentID != tr.ID || b.Board != 2 {
			t.Fatalf("board of game: %+v, %v", b, err)
		}
		if _, err := s.BoardOfGame(bg, newToyGame(t, s, "g1")); !errors.Is(err, ErrNotFound) {
			t.Fatalf("board of an ordinary game: %v", err)
		}
		if res, err := s.EndGame(bg, newToyGame(t, s, "g1"), End{Winner: -1, Reason: "agreement"}); err != nil || !res.Rated || res.UnratedTournament {
			t.Fatalf("an ordinary draw: %+v, %v", res, err)
		}
	})
}

// BenchmarkDueTournamentsNothingDue is the scheduler's question on each
// tick with 10,000 stored tournaments (finished, running mid-round and
// open for next week) and none due: one range over the tournaments_due index.
func BenchmarkDueTournamentsNothingDue(b *testing.B) {
	forEachBackendB(b, func(b *testing.B, s *sqlStore) {
		now := time.Now()
		err := s.inTx(bg, func(ctx context.Context, tx *txn) error {
			if err := ensureRows(ctx, tx, now.UnixMilli(), "g1", "org"); err != nil {
				return err
			}
			for i := 0; i < 10000; i++ {
				state, due := []string{"finished", "running", "open"}[i%3], any(nil)
				if state == "open" {
					due = now.Add(7 * 24 * time.Hour).UnixMilli()
				}
				if _, err := tx.ExecContext(ctx, `INSERT INTO tournaments (guild_id, channel_id, organiser_id, variant, rounds,
					days, state, round, playing, starts_at, due_at, created_at, updated_at)
					VALUES ('g1', 'c1', 'org', 'dbtoy', 5, 3, ?, 2, 3, ?, ?, ?, ?)`, state, now.UnixMilli(), due, now.UnixMilli(), now.UnixMilli()); err != nil {
					return fmt.Errorf("tournament %d: %w", i, err)
				}
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
		if due, err := s.DueTournaments(bg, now); err != nil || len(due) != 0 {
			b.Fatalf("due: %d, %v", len(due), err)
		}
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			if _, err := s.DueTournaments(bg, now); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func after(t testing.TB, s Store, id int64) Tournament {
	t.Helper()
	tr, err := s.Tournament(bg, id)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}
