package db

import (
	"testing"
	"time"
)

func TestRatingHistory(t *testing.T) { withStore(t, testRatingHistory) }

// testRatingHistory plays rated and unrated games on two servers and reads
// one player's history back: rated games only, on that server, oldest
// first, each step starting where the previous one ended.
func testRatingHistory(t *testing.T, s *sqlStore) {
	clock := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	s.now = func() time.Time { return clock }
	const guild = "g-history"
	var rated []int64
	for i, end := range []End{{0, "resignation"}, {1, "resignation"}, {-1, "agreement"}, {0, "aborted"}} {
		clock = clock.Add(24 * time.Hour)
		id := newToyGame(t, s, guild)
		plies := 4
		if end.Reason == "aborted" {
			plies = 1
		}
		movesBy(t, s, id, plies)
		if _, err := s.EndGame(bg, id, end); err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		if end.Reason != "aborted" {
			rated = append(rated, id)
		}
	}
	other := newToyGame(t, s, "g-history-elsewhere")
	movesBy(t, s, other, 4)
	if _, err := s.EndGame(bg, other, End{0, "resignation"}); err != nil {
		t.Fatal(err)
	}

	steps, err := s.RatingHistory(bg, guild, "alice")
	if err != nil {
		t.Fatal(err)
	}
	if len(steps) != len(rated) {
		t.Fatalf("%d steps, want one per rated game (%d): %+v", len(steps), len(rated), steps)
	}
	prev, prevRD := StartRating, StartRD
	for i, st := range steps {
		if st.GameID != rated[i] || st.Variant != "dbtoy" {
			t.Errorf("step %d is game %d (%s), want %d", i, st.GameID, st.Variant, rated[i])
		}
		if st.Before != prev || st.RDBefore != prevRD {
			t.Errorf("step %d starts at %.1f±%.1f, the previous ended at %.1f±%.1f", i, st.Before, st.RDBefore, prev, prevRD)
		}
		if i > 0 && !st.EndedAt.After(steps[i-1].EndedAt) || st.StartedAt.After(st.EndedAt) || st.EndedAt.IsZero() {
			t.Errorf("step %d: started %v, ended %v", i, st.StartedAt, st.EndedAt)
		}
		prev, prevRD = st.After, st.RDAfter
	}
	if steps[0].After <= StartRating || steps[1].After >= steps[0].After {
		t.Errorf("a win then a loss: %.1f, %.1f", steps[0].After, steps[1].After)
	}
	last, err := s.PlayerRatings(bg, guild, "alice")
	if err != nil || len(last) != 1 || last[0].Rating != prev || last[0].RD != prevRD {
		t.Errorf("the history ends at %.1f±%.1f, the rating is %+v (%v)", prev, prevRD, last, err)
	}
	if none, err := s.RatingHistory(bg, guild, "nobody"); err != nil || len(none) != 0 {
		t.Errorf("a player without games: %+v %v", none, err)
	}
}
