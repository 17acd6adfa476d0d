package db

import (
	"sync"
	"testing"
)

func TestNotices(t *testing.T) { withStore(t, testNotices) }

func testNotices(t *testing.T, s *sqlStore) {
	// Nobody chose: mentions.
	if n, err := s.NoticeSetting(bg, "ann"); err != nil || n.Mode != NoticeMentions || n.UserID != "ann" {
		t.Fatalf("default: %+v %v", n, err)
	}
	if err := s.SetNotice(bg, "ann", "pigeon", 0, ""); err == nil {
		t.Error("an unknown mode was stored")
	}
	if err := s.SetNotice(bg, "ann", NoticeDigest, 24, ""); err == nil {
		t.Error("hour 24 was stored")
	}
	if err := s.SetNotice(bg, "ann", NoticeDM, 0, ""); err != nil {
		t.Fatal(err)
	}
	if err := s.SetDMChannel(bg, "ann", "dm-ann"); err != nil {
		t.Fatal(err)
	}
	if n, err := s.NoticeSetting(bg, "ann"); err != nil || n.Mode != NoticeDM || n.DMChannel != "dm-ann" {
		t.Fatalf("dm: %+v %v", n, err)
	}
	// A refused DM: one of two callers changes it back.
	var wg sync.WaitGroup
	changed := make(chan bool, 2)
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ok, err := s.FallBackToMentions(bg, "ann", NoticeDM)
			if err != nil {
				t.Error(err)
			}
			changed <- ok
		}()
	}
	wg.Wait()
	close(changed)
	n := 0
	for ok := range changed {
		if ok {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("%d callers fell back to mentions", n)
	}
	if st, _ := s.NoticeSetting(bg, "ann"); st.Mode != NoticeMentions || st.DMChannel != "dm-ann" {
		t.Fatalf("after the fallback: %+v", st)
	}

	// The digest at 9 UTC, chosen on 03-01 after 9: first due on 03-02.
	if err := s.SetNotice(bg, "bob", NoticeDigest, 9, "2026-03-01"); err != nil {
		t.Fatal(err)
	}
	if err := s.SetNotice(bg, "cat", NoticeDigest, 18, "2026-02-28"); err != nil {
		t.Fatal(err)
	}
	due := func(day string, hour int) []string {
		t.Helper()
		ns, err := s.DueDigests(bg, day, hour)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, n := range ns {
			ids = append(ids, n.UserID)
		}
		return ids
	}
	if d := due("2026-03-01", 17); len(d) != 0 {
		t.Fatalf("due on 03-01 at 17: %v", d)
	}
	if d := due("2026-03-01", 18); len(d) != 1 || d[0] != "cat" {
		t.Fatalf("due on 03-01 at 18: %v", d)
	}
	if ok, err := s.ClaimDigest(bg, "cat", "2026-03-01"); !ok || err != nil {
		t.Fatalf("claim: %v %v", ok, err)
	}
	if ok, err := s.ClaimDigest(bg, "cat", "2026-03-01"); ok || err != nil {
		t.Fatalf("second claim of the day: %v %v", ok, err)
	}
	if ok, _ := s.ClaimDigest(bg, "ann", "2026-03-01"); ok {
		t.Fatal("claimed the digest of a player on mentions")
	}
	if d := due("2026-03-01", 23); len(d) != 0 {
		t.Fatalf("due on 03-01 at 23 after the claim: %v", d)
	}
	if d := due("2026-03-02", 9); len(d) != 1 || d[0] != "bob" {
		t.Fatalf("due on 03-02 at 9: %v", d)
	}
	// Choosing again never takes the claimed day back: cat's digest of
	// 03-01 was sent, a later hour the same day sends none.
	if err := s.SetNotice(bg, "cat", NoticeDigest, 22, "2026-02-28"); err != nil {
		t.Fatal(err)
	}
	if st, _ := s.NoticeSetting(bg, "cat"); st.DigestDay != "2026-03-01" || st.DigestHour != 22 {
		t.Fatalf("after choosing again: %+v", st)
	}
	if d := due("2026-03-01", 23); len(d) != 0 {
		t.Fatalf("due again on 03-01: %v", d)
	}

	// Active games in every server.
	g1 := newToyGame(t, s, "g1")
	g2 := newToyGame(t, s, "g2")
	ended := newToyGame(t, s, "g3")
	if _, err := s.EndGame(bg, ended, End{Winner: -1, Reason: "aborted"}); err != nil {
		t.Fatal(err)
	}
	gs, err := s.PlayerActiveGames(bg, "bob")
	if err != nil || len(gs) != 2 || gs[0].ID != g1 || gs[1].ID != g2 || gs[1].GuildID != "g2" {
		t.Fatalf("bob's games: %+v %v", gs, err)
	}
	if gs, err := s.PlayerActiveGames(bg, "nobody"); err != nil || len(gs) != 0 {
		t.Fatalf("nobody's games: %+v %v", gs, err)
	}
}
