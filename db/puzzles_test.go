package db

import (
	"errors"
	"sync"
	"testing"
	"time"
)

func TestPuzzleAttemptsRateOnlyTheFirstTryAndIgnoreStaleAnswers(t *testing.T) {
	withStore(t, testPuzzleAttempts)
}

func testPuzzleAttempts(t *testing.T, s *sqlStore) {
	a, created, err := s.StartPuzzle(bg, PuzzleAttempt{UserID: "ann", Variant: "chess", PuzzleID: "p1"})
	if err != nil || !created || a.ID == 0 || a.State != "open" || a.Ply != 0 {
		t.Fatalf("start: %+v %v %v", a, created, err)
	}
	if open, err := s.OpenPuzzle(bg, "ann", "chess"); err != nil || open.ID != a.ID {
		t.Fatalf("open puzzle: %+v %v", open, err)
	}
	if _, err := s.OpenPuzzle(bg, "ann", "randommove"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("open puzzle of another variant: %v", err)
	}
	// A correct move: ply 0 → 2, once; the same click again changes nothing.
	if ok, err := s.AdvancePuzzle(bg, a.ID, 0, 2); !ok || err != nil {
		t.Fatalf("advance: %v %v", ok, err)
	}
	if ok, err := s.AdvancePuzzle(bg, a.ID, 0, 2); ok || err != nil {
		t.Fatalf("a stale advance moved the attempt: %v %v", ok, err)
	}
	if ok, err := s.HintPuzzle(bg, a.ID, 2); !ok || err != nil {
		t.Fatalf("hint: %v %v", ok, err)
	}
	if _, ok, err := s.FinishPuzzle(bg, a.ID, 0, true, 1300); ok || err != nil {
		t.Fatalf("finishing at a stale ply: %v %v", ok, err)
	}
	solved, ok, err := s.FinishPuzzle(bg, a.ID, 2, true, 1300)
	if err != nil || !ok || !solved.Rated {
		t.Fatalf("solve: %+v %v %v", solved, ok, err)
	}
	if solved.Player.Rating <= StartRating || solved.PlayerBefore != StartRating || solved.PuzzleAfter >= solved.PuzzleBefore || solved.PuzzleBefore != 1300 {
		t.Fatalf("a solve should raise the player and lower the puzzle: %+v", solved)
	}
	if solved.Player.Streak != 1 || solved.Player.Solved != 1 || solved.Player.Attempts != 1 {
		t.Fatalf("streak after one solve: %+v", solved.Player)
	}
	if _, ok, err := s.FinishPuzzle(bg, a.ID, 2, false, 1300); ok || err != nil {
		t.Fatalf("a finished attempt finished again: %v %v", ok, err)
	}
	got, err := s.PuzzleAttemptByID(bg, a.ID)
	if err != nil || got.State != "solved" || !got.Hinted || !got.Rated || got.RatingAfter != solved.Player.Rating || got.EndedAt.IsZero() {
		t.Fatalf("stored attempt: %+v %v", got, err)
	}
	pz, err := s.PuzzleRatingOf(bg, "p1", "chess", 1300)
	if err != nil || pz.Rating != solved.PuzzleAfter || pz.Attempts != 1 || pz.Solved != 1 {
		t.Fatalf("puzzle rating: %+v %v", pz, err)
	}

	// A retry of the same puzzle counts for nothing.
	retry, _, err := s.StartPuzzle(bg, PuzzleAttempt{UserID: "ann", Variant: "chess", PuzzleID: "p1"})
	if err != nil {
		t.Fatal(err)
	}
	again, ok, err := s.FinishPuzzle(bg, retry.ID, 0, false, 1300)
	if err != nil || !ok || again.Rated || again.Player.Rating != solved.Player.Rating || again.Player.Streak != 1 {
		t.Fatalf("a retry changed ratings: %+v %v %v", again, ok, err)
	}
	if pz2, _ := s.PuzzleRatingOf(bg, "p1", "chess", 1300); pz2.Rating != pz.Rating || pz2.Attempts != 1 {
		t.Fatalf("a retry moved the puzzle: %+v", pz2)
	}

	// A failure of a new puzzle: the player falls, the puzzle rises, the streak ends.
	b, _, _ := s.StartPuzzle(bg, PuzzleAttempt{UserID: "ann", Variant: "chess", PuzzleID: "p2"})
	failed, ok, err := s.FinishPuzzle(bg, b.ID, 0, false, 1600)
	if err != nil || !ok || !failed.Rated || failed.Player.Rating >= solved.Player.Rating || failed.PuzzleAfter <= 1600 {
		t.Fatalf("fail: %+v %v %v", failed, ok, err)
	}
	if failed.Player.Streak != 0 || failed.Player.BestStreak != 1 || failed.Player.Attempts != 2 {
		t.Fatalf("streak after a failure: %+v", failed.Player)
	}
	tried, err := s.TriedPuzzles(bg, "ann", "chess")
	if err != nil || len(tried) != 2 || !tried["p1"] || !tried["p2"] {
		t.Fatalf("tried: %v %v", tried, err)
	}
	all, err := s.PuzzlePlayerRatings(bg, "ann")
	if err != nil || len(all) != 1 || all[0].Rating != failed.Player.Rating || all[0].BestStreak != 1 {
		t.Fatalf("ratings: %+v %v", all, err)
	}
	if fresh, err := s.PuzzlePlayerRating(bg, "bob", "chess"); err != nil || fresh.Rating != StartRating || fresh.RD != StartRD {
		t.Fatalf("a newcomer's puzzle rating: %+v %v", fresh, err)
	}
}

func TestPuzzleFirstAttemptsRacingRateOnce(t *testing.T) {
	withStore(t, func(t *testing.T, s *sqlStore) {
		// Two /puzzle commands at once gave ann the same puzzle twice:
		// finishing both at once rates one of them.
		var ids [2]int64
		for i := range ids {
			a, _, err := s.StartPuzzle(bg, PuzzleAttempt{UserID: "ann", Variant: "chess", PuzzleID: "p1"})
			if err != nil {
				t.Fatal(err)
			}
			ids[i] = a.ID
		}
		var wg sync.WaitGroup
		var outs [2]PuzzleOutcome
		var errs [2]error
		for i := range ids {
			wg.Add(1)
			go func() { defer wg.Done(); outs[i], _, errs[i] = s.FinishPuzzle(bg, ids[i], 0, true, 1300) }()
		}
		wg.Wait()
		if errs[0] != nil || errs[1] != nil || outs[0].Rated == outs[1].Rated {
			t.Fatalf("racing attempts: %+v %v", outs, errs)
		}
		if p, _ := s.PuzzlePlayerRating(bg, "ann", "chess"); p.Attempts != 1 || p.Streak != 1 {
			t.Fatalf("rated twice: %+v", p)
		}
	})
}

func TestDailyPuzzleIsClaimedOnceAndATakeoverRecoversALostPost(t *testing.T) {
	withStore(t, testDailyPuzzle)
}

func testDailyPuzzle(t *testing.T, s *sqlStore) {
	t0 := time.Date(2026, 3, 1, 0, 5, 0, 0, time.UTC)
	const lease = 2 * time.Minute
	if err := s.SetPuzzleChannel(bg, "g1", "c1", "u1"); err != nil {
		t.Fatal(err)
	}
	if err := s.SetPuzzleChannel(bg, "g1", "c2", "u1"); err != nil {
		t.Fatal(err)
	}
	if err := s.SetPuzzleChannel(bg, "g2", "c9", "u2"); err != nil {
		t.Fatal(err)
	}
	if err := s.SetPuzzleChannel(bg, "g2", "", "u2"); err != nil {
		t.Fatal(err)
	}
	if chans, err := s.PuzzleChannels(bg, "2026-01-01", 3); err != nil || len(chans) != 1 || chans["g1"] != "c2" {
		t.Fatalf("channels: %v %v", chans, err)
	}
	want := DailyPuzzle{GuildID: "g1", Day: "2026-03-01", Variant: "chess", PuzzleID: "p1", ChannelID: "c2"}
	d, claimed, err := s.ClaimDailyPuzzle(bg, want, t0, lease)
	if err != nil || !claimed || d.MessageID != "" {
		t.Fatalf("first claim: %+v %v %v", d, claimed, err)
	}
	// Another replica, or the next tick, within the lease: no claim, and
	// its own choice of puzzle does not replace the first.
	other := want
	other.PuzzleID = "p2"
	if d2, claimed, err := s.ClaimDailyPuzzle(bg, other, t0.Add(time.Minute), lease); err != nil || claimed || d2.PuzzleID != "p1" {
		t.Fatalf("second claim: %+v %v %v", d2, claimed, err)
	}
	// The process died before posting: after the lease, taken over once.
	late := t0.Add(3 * time.Minute)
	taken, claimed, err := s.ClaimDailyPuzzle(bg, other, late, lease)
	if err != nil || !claimed || taken.PuzzleID != "p1" || !taken.ClaimedAt.Equal(late) {
		t.Fatalf("takeover: %+v %v %v", taken, claimed, err)
	}
	if _, claimed, _ := s.ClaimDailyPuzzle(bg, other, late, lease); claimed {
		t.Fatal("taken over twice")
	}
	// The first claim's owner wakes up: its post cannot be recorded.
	if ok, err := s.SetDailyMessage(bg, "g1", want.Day, d.ClaimedAt, "m-old"); ok || err != nil {
		t.Fatalf("the lost claim recorded its post: %v %v", ok, err)
	}
	if ok, err := s.SetDailyMessage(bg, "g1", want.Day, taken.ClaimedAt, "m1"); !ok || err != nil {
		t.Fatalf("recording the post: %v %v", ok, err)
	}
	// Posted: never claimed again, however late.
	if d3, claimed, _ := s.ClaimDailyPuzzle(bg, want, late.Add(time.Hour), lease); claimed || d3.MessageID != "m1" {
		t.Fatalf("a posted daily was claimed again: %+v %v", d3, claimed)
	}
	if posted, err := s.PostedDailies(bg, want.Day); err != nil || len(posted) != 1 || posted[0].MessageID != "m1" {
		t.Fatalf("posted: %+v %v", posted, err)
	}

	// Solvers: one attempt per player and day; the second Solve returns it.
	for _, u := range []string{"bob", "ann", "cat"} {
		a, created, err := s.StartPuzzle(bg, PuzzleAttempt{UserID: u, Variant: "chess", PuzzleID: "p1", DailyGuild: "g1", DailyDay: want.Day})
		if err != nil || !created {
			t.Fatalf("daily attempt of %s: %v %v", u, created, err)
		}
		again, created, err := s.StartPuzzle(bg, PuzzleAttempt{UserID: u, Variant: "chess", PuzzleID: "p1", DailyGuild: "g1", DailyDay: want.Day})
		if err != nil || created || again.ID != a.ID {
			t.Fatalf("second Solve of %s: %+v %v %v", u, again, created, err)
		}
		if _, ok, err := s.FinishPuzzle(bg, a.ID, 0, u != "cat", 1300); !ok || err != nil {
			t.Fatal(ok, err)
		}
	}
	if _, err := s.OpenPuzzle(bg, "bob", ""); !errors.Is(err, ErrNotFound) {
		t.Fatalf("a daily attempt is not a /puzzle attempt: %v", err)
	}
	solvers, err := s.DailySolvers(bg, "g1", want.Day)
	if err != nil || len(solvers) != 2 || solvers[0] != "bob" || solvers[1] != "ann" {
		t.Fatalf("solvers: %v %v", solvers, err)
	}
	// The count edit: claimed once per change.
	if ok, err := s.ClaimDailyCount(bg, "g1", want.Day, 0, 2, late); !ok || err != nil {
		t.Fatalf("count edit: %v %v", ok, err)
	}
	if ok, _ := s.ClaimDailyCount(bg, "g1", want.Day, 0, 2, late); ok {
		t.Fatal("the same count edit claimed twice")
	}
	// The next day: the old post is listed once.
	next := "2026-03-02"
	if un, err := s.UnlistedDailies(bg, want.Day); err != nil || len(un) != 0 {
		t.Fatalf("unlisted before the day ends: %+v %v", un, err)
	}
	un, err := s.UnlistedDailies(bg, next)
	if err != nil || len(un) != 1 || un[0].ShownSolvers != 2 {
		t.Fatalf("unlisted: %+v %v", un, err)
	}
	if ok, err := s.ClaimDailyListing(bg, "g1", want.Day); !ok || err != nil {
		t.Fatalf("listing: %v %v", ok, err)
	}
	if ok, _ := s.ClaimDailyListing(bg, "g1", want.Day); ok {
		t.Fatal("listed twice")
	}
	if un, _ := s.UnlistedDailies(bg, next); len(un) != 0 {
		t.Fatalf("still unlisted: %+v", un)
	}
}

// TestPuzzleRatingMovesWithEachPlayersFirstAttempt: the puzzle's own
// rating moves once per player, at that player's first attempt (a /puzzle
// one or a daily one, whichever came first), and never again for them.
func TestPuzzleRatingMovesWithEachPlayersFirstAttempt(t *testing.T) {
	withStore(t, func(t *testing.T, s *sqlStore) {
		finish := func(user string, solved bool, daily string) PuzzleOutcome {
			t.Helper()
			a, _, err := s.StartPuzzle(bg, PuzzleAttempt{UserID: user, Variant: "chess", PuzzleID: "p1", DailyGuild: map[bool]string{true: "g1"}[daily != ""], DailyDay: daily})
			if err != nil {
				t.Fatal(err)
			}
			out, ok, err := s.FinishPuzzle(bg, a.ID, 0, solved, 1400)
			if err != nil || !ok {
				t.Fatalf("finish: %v %v", ok, err)
			}
			return out
		}
		rating := func() PuzzleRating {
			t.Helper()
			r, err := s.PuzzleRatingOf(bg, "p1", "chess", 1400)
			if err != nil {
				t.Fatal(err)
			}
			return r
		}
		annSolve := finish("ann", true, "")
		afterAnn := rating()
		if !annSolve.Rated || afterAnn.Rating >= 1400 || afterAnn.RD >= PuzzleStartRD || afterAnn.Attempts != 1 {
			t.Fatalf("ann's first attempt: %+v, puzzle %+v", annSolve, afterAnn)
		}
		// bob's first attempt is the daily puzzle's: it counts, and fails.
		bobFail := finish("bob", false, "2026-03-01")
		afterBob := rating()
		if !bobFail.Rated || afterBob.Rating <= afterAnn.Rating || afterBob.Attempts != 2 || afterBob.Solved != 1 || bobFail.Player.Rating >= StartRating {
			t.Fatalf("bob's first attempt: %+v, puzzle %+v", bobFail, afterBob)
		}
		// Later attempts of either, from /puzzle or a daily, move nothing.
		for _, again := range []PuzzleOutcome{finish("ann", false, ""), finish("bob", true, ""), finish("ann", false, "2026-03-02")} {
			if again.Rated {
				t.Fatalf("a later attempt was rated: %+v", again)
			}
		}
		if r := rating(); r.Rating != afterBob.Rating || r.Attempts != 2 {
			t.Fatalf("later attempts moved the puzzle: %+v, was %+v", r, afterBob)
		}
		if p, _ := s.PuzzlePlayerRating(bg, "ann", "chess"); p.Rating != annSolve.Player.Rating || p.Attempts != 1 {
			t.Fatalf("later attempts moved ann: %+v", p)
		}
	})
}
