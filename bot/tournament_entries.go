package bot

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/engine"
)

// Entries: Join and Leave on the announcement, /tournament withdraw once
// it runs, and the computer entered by an organiser. Each answers the
// player privately and brings the announcement up to date.
func (b *Bot) loadTournament(ctx context.Context, id int64) (db.Tournament, error) {
	t, err := b.store.Tournament(ctx, id)
	if errors.Is(err, db.ErrNotFound) {
		return t, userErrorf("This tournament no longer exists.")
	}
	return t, err
}

func (b *Bot) btnTournamentJoin(ctx context.Context, r *request, id int64) error {
	t, err := b.loadTournament(ctx, id)
	if err != nil {
		return err
	}
	if t.State != "open" {
		return tournamentClosed(t)
	}
	user := r.user()
	if user.Bot {
		return userErrorf("Bots can't enter tournaments.")
	}
	rating := int(db.StartRating)
	if rs, err := b.store.PlayerRatings(ctx, t.GuildID, user.ID); err == nil {
		for _, x := range rs {
			if x.Variant == t.Variant {
				rating = int(x.Rating)
			}
		}
	}
	if err := b.store.UpsertPlayer(ctx, user.ID, r.userName()); err != nil {
		return err
	}
	err = b.store.JoinTournament(ctx, id, db.Entrant{UserID: user.ID, Name: r.userName(), Rating: rating})
	switch {
	case errors.Is(err, db.ErrAlreadyEntered):
		return userErrorf("You're already entered in Swiss #%d. It starts <t:%d:R>.", t.ID, t.StartsAt.Unix())
	case errors.Is(err, db.ErrTournamentState):
		t, _ = b.store.Tournament(ctx, id)
		return tournamentClosed(t)
	case err != nil:
		return err
	}
	r.ephemeral(fmt.Sprintf("✅ You're entered in Swiss #%d (%s). It starts <t:%d:R>; each round's game opens in its own thread and mentions you.",
		t.ID, variantName(t.Variant), t.StartsAt.Unix()))
	b.refreshAnnouncement(ctx, id)
	return nil
}

func (b *Bot) btnTournamentLeave(ctx context.Context, r *request, id int64) error {
	t, err := b.loadTournament(ctx, id)
	if err != nil {
		return err
	}
	if t.State != "open" {
		return userErrorf("Swiss #%d has started: use `/tournament withdraw id:%d` to withdraw.", t.ID, t.ID)
	}
	return b.withdraw(ctx, r, t)
}

func (b *Bot) tournamentWithdraw(ctx context.Context, r *request) error {
	t, err := b.pickTournamentBy(ctx, r, "open or running tournament you are entered in", func(t db.Tournament) bool {
		if t.State != "open" && t.State != "running" {
			return false
		}
		es, err := b.store.TournamentEntrants(ctx, t.ID)
		return err == nil && slices.ContainsFunc(es, func(e db.Entrant) bool { return e.UserID == r.userID() && !e.Withdrawn })
	})
	if err != nil {
		return err
	}
	if t.State != "open" && t.State != "running" {
		return tournamentClosed(t)
	}
	return b.withdraw(ctx, r, t)
}

// withdraw takes the user out of t (play.Withdraw): before the start they
// are simply not paired; afterwards their games of the round still being
// played are forfeited, each shown in its thread as it ends (events.go).
func (b *Bot) withdraw(ctx context.Context, r *request, t db.Tournament) error {
	w, err := b.play.Withdraw(ctx, t, r.userID(), func(w db.Withdrawal) {
		if !w.Removed {
			r.deferPublic() // its games' ends are shown first
		}
	})
	switch {
	case errors.Is(err, db.ErrNotEntered):
		return userErrorf("You're not entered in Swiss #%d.", t.ID)
	case errors.Is(err, db.ErrTournamentState):
		t, _ = b.store.Tournament(ctx, t.ID)
		return tournamentClosed(t)
	case err != nil:
		return err
	}
	if w.Removed {
		r.ephemeral(fmt.Sprintf("You left Swiss #%d. Changed your mind? Press **Join** again before it starts.", t.ID))
	} else {
		text := fmt.Sprintf("🏳️ %s withdrew from Swiss #%d and will not be paired again.", mention(r.userID()), t.ID)
		if len(w.Forfeited) > 0 {
			text += fmt.Sprintf(" Their game of round %d is forfeited: the opponent wins.", t.Round)
		}
		r.editOriginal(&discordgo.WebhookEdit{Content: &text, AllowedMentions: noPings})
	}
	b.refreshAnnouncement(ctx, t.ID)
	return nil
}

func (b *Bot) tournamentAddComputer(ctx context.Context, r *request) error {
	t, err := b.pickTournament(ctx, r, "open")
	if err != nil {
		return err
	}
	if err := b.needOrganiser(ctx, r, &t, "add the computer to this tournament"); err != nil {
		return err
	}
	if t.State != "open" {
		return tournamentClosed(t)
	}
	level := r.intOption("level")
	if level == 0 {
		level = engine.DefaultLevel
	}
	if level < 1 || level > 5 {
		return userErrorf("The computer plays at levels 1 (beginner) to 5 (strongest); %d is not one of them.", level)
	}
	self := b.selfID()
	if self == "" {
		return userErrorf("I'm still connecting to Discord: try again in a moment.")
	}
	err = b.store.JoinTournament(ctx, t.ID, db.Entrant{UserID: self, Name: fmt.Sprintf("Computer (level %d)", level), ComputerLevel: level})
	switch {
	case errors.Is(err, db.ErrAlreadyEntered):
		return userErrorf("The computer is already entered in Swiss #%d.", t.ID)
	case errors.Is(err, db.ErrTournamentState):
		t, _ = b.store.Tournament(ctx, t.ID)
		return tournamentClosed(t)
	case err != nil:
		return err
	}
	r.ephemeral(fmt.Sprintf("🤖 The computer (%s) is entered in Swiss #%d. Its games are unrated for it; its opponents' results count in the table.", levelName(level), t.ID))
	b.refreshAnnouncement(ctx, t.ID)
	return nil
}
