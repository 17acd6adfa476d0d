package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// DefaultDays is the time per move of a server that chose none.
const DefaultDays = 3

// Settings are one server's choices.
type Settings struct {
	GuildID     string
	DefaultDays int // days per move for new challenges; DefaultDays if never set
	// TournamentRole is the role whose members may run tournaments besides
	// those with Manage Server ("" = none).
	TournamentRole string
	// DaysChosen: a server manager chose DefaultDays (/settings days);
	// otherwise the bot's configured default applies.
	DaysChosen bool
	// PagesOff: a server manager turned the game pages off (/settings
	// pages:off): its games have no web page.
	PagesOff bool
}

// Settings returns the guild's settings, or the defaults if none are stored.
func (s *sqlStore) Settings(ctx context.Context, guildID string) (Settings, error) {
	st := Settings{GuildID: guildID, DefaultDays: DefaultDays}
	err := s.read.QueryRowContext(ctx, `SELECT default_days, tournament_role, days_chosen, pages_off FROM servers WHERE guild_id = ?`, guildID).
		Scan(&st.DefaultDays, &st.TournamentRole, &st.DaysChosen, &st.PagesOff)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return st, fmt.Errorf("reading settings of server %s: %w", guildID, err)
	}
	return st, nil
}

// SetDefaultDays sets the days per move new challenges get by default.
func (s *sqlStore) SetDefaultDays(ctx context.Context, guildID string, days int) error {
	if days < 1 || days > 365 {
		return fmt.Errorf("days per move must be between 1 and 365, got %d", days)
	}
	return s.setDays(ctx, guildID, days, 1)
}

// UnsetDefaultDays forgets the server's choice of days per move: the
// bot's configured default applies again.
func (s *sqlStore) UnsetDefaultDays(ctx context.Context, guildID string) error {
	return s.setDays(ctx, guildID, DefaultDays, 0)
}

func (s *sqlStore) setDays(ctx context.Context, guildID string, days, chosen int) error {
	return s.inTx(ctx, func(ctx context.Context, tx *txn) error {
		now := s.now().UnixMilli()
		_, err := tx.ExecContext(ctx, `INSERT INTO servers (guild_id, default_days, days_chosen, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (guild_id) DO UPDATE SET default_days = excluded.default_days, days_chosen = excluded.days_chosen,
			updated_at = excluded.updated_at`,
			guildID, days, chosen, now, now)
		return err
	})
}

// SetTournamentRole sets the role that may run tournaments ("" = none).
func (s *sqlStore) SetTournamentRole(ctx context.Context, guildID, roleID string) error {
	return s.inTx(ctx, func(ctx context.Context, tx *txn) error {
		now := s.now().UnixMilli()
		if err := ensureRows(ctx, tx, now, guildID); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `UPDATE servers SET tournament_role = ?, updated_at = ? WHERE guild_id = ?`, roleID, now, guildID)
		return err
	})
}

// SetPagesOff turns the server's game pages off (or on again).
func (s *sqlStore) SetPagesOff(ctx context.Context, guildID string, off bool) error {
	v := 0
	if off {
		v = 1
	}
	return s.inTx(ctx, func(ctx context.Context, tx *txn) error {
		now := s.now().UnixMilli()
		if err := ensureRows(ctx, tx, now, guildID); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `UPDATE servers SET pages_off = ?, updated_at = ? WHERE guild_id = ?`, v, now, guildID)
		return err
	})
}

// UpsertPlayer records a Discord user's display name.
func (s *sqlStore) UpsertPlayer(ctx context.Context, userID, name string) error {
	if userID == "" {
		return errors.New("a player needs a user id")
	}
	return s.inTx(ctx, func(ctx context.Context, tx *txn) error {
		now := s.now().UnixMilli()
		_, err := tx.ExecContext(ctx, `INSERT INTO players (user_id, name, created_at, updated_at) VALUES (?, ?, ?, ?)
			ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, updated_at = excluded.updated_at
			WHERE players.name <> excluded.name`, userID, name, now, now)
		return err
	})
}

// PlayerName is the last name stored for userID; ErrNotFound if none.
func (s *sqlStore) PlayerName(ctx context.Context, userID string) (string, error) {
	var name string
	err := s.read.QueryRowContext(ctx, `SELECT name FROM players WHERE user_id = ?`, userID).Scan(&name)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrNotFound
	}
	return name, err
}

// ClaimInteraction records that a Discord interaction is being handled; a
// second claim of the same id gives ErrDuplicate.
func (s *sqlStore) ClaimInteraction(ctx context.Context, interactionID string) error {
	if interactionID == "" {
		return errors.New("an interaction needs an id")
	}
	return s.inTx(ctx, func(ctx context.Context, tx *txn) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO interactions (interaction_id, claimed_at) VALUES (?, ?)`,
			interactionID, s.now().UnixMilli())
		if tx.d.isUnique(err) {
			return ErrDuplicate
		}
		return err
	})
}

// ForgetInteractions drops claims older than before (Discord never redelivers
// an interaction after its 15-minute token has expired). It returns how many.
func (s *sqlStore) ForgetInteractions(ctx context.Context, before time.Time) (int64, error) {
	return s.execCount(ctx, `DELETE FROM interactions WHERE claimed_at < ?`, before.UnixMilli())
}

// ensureRows makes sure the server and players a new row refers to exist
// (the bot may create a game for someone whose name it never stored).
func ensureRows(ctx context.Context, tx *txn, now int64, guildID string, userIDs ...string) error {
	if _, err := tx.ExecContext(ctx, `INSERT INTO servers (guild_id, default_days, created_at, updated_at)
		VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`, guildID, DefaultDays, now, now); err != nil {
		return fmt.Errorf("recording server %s: %w", guildID, err)
	}
	for _, id := range userIDs {
		if id == "" {
			continue
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO players (user_id, name, created_at, updated_at)
			VALUES (?, '', ?, ?) ON CONFLICT DO NOTHING`, id, now, now); err != nil {
			return fmt.Errorf("recording player %s: %w", id, err)
		}
	}
	return nil
}
