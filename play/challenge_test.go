package play

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/db"
)

// A challenge is answered once: refused to its maker and to players it
// does not name; accepted by its opponent, which stores the game held
// until shown; a second answer finds it closed. An unanswered one expires
// once.
func TestChallengeAnswers(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	for _, u := range []string{ann, bob, "333"} {
		f.store.UpsertPlayer(ctx, u, u)
	}
	c, err := f.p.Challenge(ctx, db.Challenge{GuildID: "g", ChannelID: "c", ChallengerID: ann, OpponentID: bob, Variant: "chess", Color: "white", Days: 2})
	if err != nil || c.ID == 0 || c.State != "open" || c.ExpiresAt.Sub(c.CreatedAt) != ChallengeLifetime {
		t.Fatalf("the challenge: %+v, %v", c, err)
	}
	ready := func() error { return nil }
	for user, want := range map[string]error{ann: ErrOwnChallenge, "333": ErrNotChallenged} {
		if _, _, _, err := f.p.AcceptChallenge(ctx, c.ID, user, ready); !errors.Is(err, want) {
			t.Errorf("accepted by %s: %v, want %v", user, err, want)
		}
	}
	if _, err := f.p.AnswerChallenge(ctx, c.ID, bob, "cancelled"); !errors.Is(err, ErrNotChallenger) {
		t.Errorf("cancelled by its opponent: %v", err)
	}
	s, _, got, err := f.p.AcceptChallenge(ctx, c.ID, bob, ready)
	if err != nil || got.ID != c.ID || s.Row.Players != [2]string{ann, bob} || s.Row.Days != 2 {
		t.Fatalf("accepted: %+v, %v", s, err)
	}
	if err := f.p.Shown(ctx, s, "thread"); err != nil {
		t.Fatal(err)
	}
	s.Unlock()
	var ref *ChallengeRefusal
	if _, err := f.p.AnswerChallenge(ctx, c.ID, bob, "declined"); !errors.Is(err, ErrChallengeClosed) || !errors.As(err, &ref) ||
		ref.Challenge.State != "accepted" || ref.Challenge.GameID != s.ID {
		t.Fatalf("declined after the accept: %v (%+v)", err, ref)
	}

	open, _ := f.p.Challenge(ctx, db.Challenge{GuildID: "g", ChannelID: "c", ChallengerID: ann, Variant: "chess", Color: "random", Days: 2})
	if _, err := f.p.AnswerChallenge(ctx, open.ID, bob, "declined"); !errors.Is(err, ErrOpenToAnyone) {
		t.Errorf("an open challenge declined: %v", err)
	}
	var expired []int64
	for range 2 {
		f.p.ExpireChallenges(ctx, time.Now().Add(ChallengeLifetime+time.Minute), func(c db.Challenge) { expired = append(expired, c.ID) })
	}
	if len(expired) != 1 || expired[0] != open.ID {
		t.Fatalf("expired %v, want only %d", expired, open.ID)
	}
}

// A rematch asked for is found, so that a second click makes no second.
func TestRematchOfFindsTheOfferMade(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	id := f.game("chess")
	f.p.Resign(ctx, Request{GameID: id, UserID: bob, AtPly: AnyPly})
	row, _ := f.store.Game(ctx, id)
	if rm, err := f.p.RematchOf(ctx, row, 0); err != nil || rm.Challenge != nil || rm.Game != nil {
		t.Fatalf("before any offer: %+v, %v", rm, err)
	}
	c, err := f.p.Challenge(ctx, db.Challenge{GuildID: row.GuildID, ChannelID: row.ChannelID, ChallengerID: bob, OpponentID: ann, Variant: "chess", Color: "white", Days: 3})
	if err != nil {
		t.Fatal(err)
	}
	if rm, err := f.p.RematchOf(ctx, row, 0); err != nil || rm.Challenge == nil || rm.Challenge.ID != c.ID {
		t.Fatalf("after bob's offer, for ann: %+v, %v", rm, err)
	}
}
