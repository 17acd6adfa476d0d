package db

import (
	"testing"
	"time"
)

// A first round paired by hand before the announced start moves the start
// back to that moment, so the tournament is due as soon as the round's
// last game ends (not at the start announced a day away); the round's
// announcement is claimed once, across processes.
func TestTournamentStartedByHandIsDueWhenItsRoundEnds(t *testing.T) {
	forEachBackend(t, func(t *testing.T, be backend) {
		s, dsn := be.open(t)
		other := mustOpen(t, dsn)
		tr := newTournament(t, s, true)
		tr.StartsAt = tr.StartsAt.Add(24 * time.Hour) // announced a day away
		for _, u := range []string{"ann", "bob"} {
			if err := s.JoinTournament(bg, tr.ID, Entrant{UserID: u}); err != nil {
				t.Fatal(err)
			}
		}
		tr, _ = s.Tournament(bg, tr.ID)
		at := time.Now().Truncate(time.Millisecond).UTC()
		boards, err := s.StartRound(bg, tr.ID, tr.Version, 1, at, []Pairing{pairing("ann", "bob")})
		if err != nil {
			t.Fatal(err)
		}
		if now, _ := s.Tournament(bg, tr.ID); !now.StartsAt.Equal(at) || now.Announced != 0 {
			t.Fatalf("after round 1 by hand at %v: %+v", at, now)
		}
		if un, err := other.UnannouncedRounds(bg); err != nil || len(un) != 1 || un[0].ID != tr.ID || un[0].Round != 1 {
			t.Fatalf("unannounced rounds: %+v, %v", un, err)
		}
		if ok, err := s.ClaimRoundAnnouncement(bg, tr.ID, 1); err != nil || !ok {
			t.Fatalf("claiming round 1's announcement: %v %v", ok, err)
		}
		if ok, err := other.ClaimRoundAnnouncement(bg, tr.ID, 1); err != nil || ok {
			t.Fatalf("claiming it again from another process: %v %v", ok, err)
		}
		if un, _ := other.UnannouncedRounds(bg); len(un) != 0 {
			t.Fatalf("still unannounced after the claim: %+v", un)
		}
		if _, err := s.EndGame(bg, boards[0].GameID, End{Winner: 0, Reason: "checkmate"}); err != nil {
			t.Fatal(err)
		}
		if due, err := s.DueTournaments(bg, at); err != nil || len(due) != 1 || due[0].ID != tr.ID {
			t.Fatalf("not due at the moment round 1 ended: %+v, %v", due, err)
		}
		// A later round by hand leaves the (already past) start alone.
		after, _ := s.Tournament(bg, tr.ID)
		if _, err := s.StartRound(bg, tr.ID, after.Version, 2, at.Add(time.Hour), []Pairing{pairing("bob", "ann")}); err != nil {
			t.Fatal(err)
		}
		if now, _ := s.Tournament(bg, tr.ID); !now.StartsAt.Equal(at) || now.Round != 2 {
			t.Fatalf("after round 2: %+v", now)
		}
		// Round 2 is claimed separately from round 1.
		if ok, err := s.ClaimRoundAnnouncement(bg, tr.ID, 2); err != nil || !ok {
			t.Fatalf("claiming round 2's announcement: %v %v", ok, err)
		}
	})
}

// /settings clears what it sets: the default days go back to the bot's.
func TestSettingsDaysCanBeUnset(t *testing.T) {
	withStore(t, func(t *testing.T, s *sqlStore) {
		if st, err := s.Settings(bg, "g1"); err != nil || st.DaysChosen {
			t.Fatalf("a new server: %+v %v", st, err)
		}
		if err := s.SetDefaultDays(bg, "g1", 7); err != nil {
			t.Fatal(err)
		}
		if st, _ := s.Settings(bg, "g1"); !st.DaysChosen || st.DefaultDays != 7 {
			t.Fatalf("after choosing 7 days: %+v", st)
		}
		if err := s.UnsetDefaultDays(bg, "g1"); err != nil {
			t.Fatal(err)
		}
		if st, _ := s.Settings(bg, "g1"); st.DaysChosen || st.DefaultDays != DefaultDays {
			t.Fatalf("after unsetting: %+v", st)
		}
	})
}

// A server's game pages are on until a manager turns them off, and on
// again once turned back; the switch leaves the other settings alone.
func TestSettingsPagesSwitch(t *testing.T) {
	withStore(t, func(t *testing.T, s *sqlStore) {
		if st, err := s.Settings(bg, "g1"); err != nil || st.PagesOff {
			t.Fatalf("a new server: %+v %v", st, err)
		}
		if err := s.SetDefaultDays(bg, "g1", 7); err != nil {
			t.Fatal(err)
		}
		if err := s.SetPagesOff(bg, "g1", true); err != nil {
			t.Fatal(err)
		}
		if st, _ := s.Settings(bg, "g1"); !st.PagesOff || st.DefaultDays != 7 || !st.DaysChosen {
			t.Fatalf("after turning pages off: %+v", st)
		}
		if st, _ := s.Settings(bg, "g2"); st.PagesOff {
			t.Fatalf("another server's pages went off: %+v", st)
		}
		if err := s.SetPagesOff(bg, "g1", false); err != nil {
			t.Fatal(err)
		}
		if st, _ := s.Settings(bg, "g1"); st.PagesOff || st.DefaultDays != 7 {
			t.Fatalf("after turning pages on again: %+v", st)
		}
		if err := s.SetPagesOff(bg, "g3", true); err != nil { // a server never seen before
			t.Fatal(err)
		}
		if st, _ := s.Settings(bg, "g3"); !st.PagesOff || st.DaysChosen {
			t.Fatalf("a new server with pages off: %+v", st)
		}
	})
}

// A daily post that fails for good is counted per day; after stopAfter
// failures the server is left out for the rest of that day, the manager's
// DM is claimed once, and a post that goes out (or a new channel) clears
// it all.
func TestDailyPuzzleFailuresStopForTheDay(t *testing.T) {
	withStore(t, func(t *testing.T, s *sqlStore) {
		const day, next = "2026-03-01", "2026-03-02"
		if err := s.SetPuzzleChannel(bg, "g1", "c1", "admin"); err != nil {
			t.Fatal(err)
		}
		if err := s.SetPuzzleChannel(bg, "g2", "c2", "other"); err != nil {
			t.Fatal(err)
		}
		for i := 1; i <= 3; i++ {
			if n, err := s.RecordDailyFailure(bg, "g1", "c1", day, "no permission"); err != nil || n != i {
				t.Fatalf("failure %d counted as %d, %v", i, n, err)
			}
		}
		if n, err := s.RecordDailyFailure(bg, "g1", "elsewhere", day, "stale"); err != nil || n != 0 {
			t.Fatalf("a failure in a channel no longer chosen: %d %v", n, err)
		}
		if chans, err := s.PuzzleChannels(bg, day, 3); err != nil || len(chans) != 1 || chans["g2"] != "c2" {
			t.Fatalf("channels on the day of three failures: %v %v", chans, err)
		}
		if chans, _ := s.PuzzleChannels(bg, next, 3); len(chans) != 2 {
			t.Fatalf("channels the next day: %v", chans)
		}
		pc, err := s.PuzzleChannelOf(bg, "g1")
		if err != nil || pc.SetBy != "admin" || pc.Failures != 3 || pc.FailDay != day || pc.LastError != "no permission" || pc.Told {
			t.Fatalf("the setting after three failures: %+v %v", pc, err)
		}
		if ok, err := s.ClaimDailyFailureNotice(bg, "g1"); err != nil || !ok {
			t.Fatalf("claiming the DM: %v %v", ok, err)
		}
		if ok, _ := s.ClaimDailyFailureNotice(bg, "g1"); ok {
			t.Fatal("the DM was claimed twice")
		}
		if ok, _ := s.ClaimDailyFailureNotice(bg, "g2"); ok {
			t.Fatal("a DM was claimed for a server without failures")
		}
		// The next day fails once more: the count starts again, the DM stays sent.
		if n, _ := s.RecordDailyFailure(bg, "g1", "c1", next, "no permission"); n != 1 {
			t.Fatalf("the next day's first failure counted as %d", n)
		}
		if ok, _ := s.ClaimDailyFailureNotice(bg, "g1"); ok {
			t.Fatal("a second DM for the same unfixed failure")
		}
		// A post that goes out clears it.
		d, claimed, err := s.ClaimDailyPuzzle(bg, DailyPuzzle{GuildID: "g1", Day: next, Variant: "chess", PuzzleID: "p1", ChannelID: "c1"}, time.Now(), time.Minute)
		if err != nil || !claimed {
			t.Fatalf("claiming the post: %v %v", claimed, err)
		}
		if ok, err := s.SetDailyMessage(bg, "g1", next, d.ClaimedAt, "m1"); err != nil || !ok {
			t.Fatalf("recording the post: %v %v", ok, err)
		}
		if pc, _ := s.PuzzleChannelOf(bg, "g1"); pc.Failures != 0 || pc.LastError != "" || pc.Told {
			t.Fatalf("after a post went out: %+v", pc)
		}
		// So does a new choice of channel.
		s.RecordDailyFailure(bg, "g2", "c2", day, "unknown channel")
		if err := s.SetPuzzleChannel(bg, "g2", "c3", "admin"); err != nil {
			t.Fatal(err)
		}
		if pc, _ := s.PuzzleChannelOf(bg, "g2"); pc.Failures != 0 || pc.LastError != "" || pc.SetBy != "admin" || pc.ChannelID != "c3" {
			t.Fatalf("after a new channel: %+v", pc)
		}
		if _, err := s.PuzzleChannelOf(bg, "g3"); err != ErrNotFound {
			t.Fatalf("a server without a daily puzzle: %v", err)
		}
	})
}
