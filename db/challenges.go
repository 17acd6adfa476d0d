package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Challenge is an invitation to play, open until accepted, declined,
// cancelled or expired.
type Challenge struct {
	ID                            int64
	GuildID, ChannelID, MessageID string
	ChallengerID, OpponentID      string // OpponentID "" = open to anyone
	Variant                       string
	Color                         string // "white", "black", "random" ("" = random)
	Days                          int    // per move; 0 = the server's default
	State                         string // "open", "accepted", "declined", "cancelled", "expired"
	AcceptedBy                    string
	GameID                        int64
	CreatedAt, ExpiresAt          time.Time
}

const challengeColumns = `id, guild_id, channel_id, message_id, challenger_id, opponent_id, variant, color,
	days, state, accepted_by, game_id, created_at, expires_at`

func scanChallenge(row interface{ Scan(...any) error }) (Challenge, error) {
	var c Challenge
	var gameID, created, expires sql.NullInt64
	err := row.Scan(&c.ID, &c.GuildID, &c.ChannelID, &c.MessageID, &c.ChallengerID, &c.OpponentID, &c.Variant,
		&c.Color, &c.Days, &c.State, &c.AcceptedBy, &gameID, &created, &expires)
	c.GameID = gameID.Int64
	c.CreatedAt, c.ExpiresAt = fromMillis(created), fromMillis(expires)
	return c, err
}

// CreateChallenge stores a new open challenge and returns its id.
func (s *sqlStore) CreateChallenge(ctx context.Context, c Challenge) (int64, error) {
	if c.GuildID == "" || c.ChallengerID == "" || c.Variant == "" {
		return 0, errors.New("a challenge needs a server, a challenger and a variant")
	}
	if c.Color == "" {
		c.Color = "random"
	}
	if c.Color != "white" && c.Color != "black" && c.Color != "random" {
		return 0, fmt.Errorf("colour must be white, black or random, got %q", c.Color)
	}
	var id int64
	err := s.inTx(ctx, func(ctx context.Context, tx *txn) error {
		now := s.now()
		if err := ensureRows(ctx, tx, now.UnixMilli(), c.GuildID, c.ChallengerID); err != nil {
			return err
		}
		if c.Days == 0 {
			if err := tx.QueryRowContext(ctx, `SELECT default_days FROM servers WHERE guild_id = ?`, c.GuildID).Scan(&c.Days); err != nil {
				return err
			}
		}
		if c.Days < 1 || c.Days > 365 {
			return fmt.Errorf("days per move must be between 1 and 365, got %d", c.Days)
		}
		if c.CreatedAt.IsZero() {
			c.CreatedAt = now
		}
		err := tx.QueryRowContext(ctx, `INSERT INTO challenges (guild_id, channel_id, message_id, challenger_id,
			opponent_id, variant, color, days, state, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'open', ?, ?)
			RETURNING id`,
			c.GuildID, c.ChannelID, c.MessageID, c.ChallengerID, c.OpponentID, c.Variant, c.Color, c.Days,
			millis(c.CreatedAt), millis(c.ExpiresAt)).Scan(&id)
		if err != nil {
			return fmt.Errorf("storing the challenge: %w", err)
		}
		return nil
	})
	return id, err
}

// SetChallengeMessage records the Discord message that shows the challenge.
func (s *sqlStore) SetChallengeMessage(ctx context.Context, id int64, messageID string) error {
	return s.inTx(ctx, func(ctx context.Context, tx *txn) error {
		return mustAffect(tx.ExecContext(ctx, `UPDATE challenges SET message_id = ? WHERE id = ?`, messageID, id))
	})
}

// Challenge reads one challenge; ErrNotFound if there is none.
// ChallengeOfGame finds the accepted challenge a game came from;
// ErrNotFound for a game that had none (one against the computer).
func (s *sqlStore) ChallengeOfGame(ctx context.Context, gameID int64) (Challenge, error) {
	c, err := scanChallenge(s.read.QueryRowContext(ctx, `SELECT `+challengeColumns+` FROM challenges WHERE game_id = ?`, gameID))
	if errors.Is(err, sql.ErrNoRows) {
		return c, ErrNotFound
	}
	return c, err
}

func (s *sqlStore) Challenge(ctx context.Context, id int64) (Challenge, error) {
	c, err := scanChallenge(s.read.QueryRowContext(ctx, `SELECT `+challengeColumns+` FROM challenges WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return c, ErrNotFound
	}
	return c, err
}

// CloseChallenge moves an open challenge to state ("declined", "cancelled"
// or "expired"); a challenge that is no longer open gives ErrAlreadyTaken.
func (s *sqlStore) CloseChallenge(ctx context.Context, id int64, state string) error {
	switch state {
	case "declined", "cancelled", "expired":
	default:
		return fmt.Errorf("a challenge can be closed as declined, cancelled or expired, not %q", state)
	}
	return s.inTx(ctx, func(ctx context.Context, tx *txn) error {
		cur, err := challengeState(ctx, tx, id)
		if err != nil {
			return err
		}
		if cur != "open" {
			return ErrAlreadyTaken
		}
		_, err = tx.ExecContext(ctx, `UPDATE challenges SET state = ? WHERE id = ?`, state, id)
		return err
	})
}

// ExpiredChallenges lists open challenges whose ExpiresAt is at or before now.
func (s *sqlStore) ExpiredChallenges(ctx context.Context, now time.Time) ([]Challenge, error) {
	return s.challengeList(ctx, `SELECT `+challengeColumns+` FROM challenges
		WHERE state = 'open' AND expires_at IS NOT NULL AND expires_at <= ? ORDER BY expires_at, id`, now.UnixMilli())
}

// ChallengesBetween lists the challenges either of two players made to the
// other on a server since a time, newest first: whether a rematch has been
// offered already.
func (s *sqlStore) ChallengesBetween(ctx context.Context, guildID, a, b string, since time.Time) ([]Challenge, error) {
	return s.challengeList(ctx, `SELECT `+challengeColumns+` FROM challenges
		WHERE guild_id = ? AND ((challenger_id = ? AND opponent_id = ?) OR (challenger_id = ? AND opponent_id = ?))
		AND created_at >= ? ORDER BY id DESC`, guildID, a, b, b, a, since.UnixMilli())
}

// challengeList runs a query of challenge rows.
func (s *sqlStore) challengeList(ctx context.Context, query string, args ...any) ([]Challenge, error) {
	rows, err := s.read.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Challenge
	for rows.Next() {
		c, err := scanChallenge(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// AcceptChallenge marks the open challenge accepted by acceptorID and
// inserts g, in one transaction, exactly once: a challenge no longer open
// gives ErrAlreadyTaken. It returns the new game's id.
func (s *sqlStore) AcceptChallenge(ctx context.Context, challengeID int64, acceptorID string, g Game) (int64, error) {
	if acceptorID == "" {
		return 0, errors.New("accepting needs the acceptor's user id")
	}
	var id int64
	err := s.inTx(ctx, func(ctx context.Context, tx *txn) error {
		cur, err := challengeState(ctx, tx, challengeID)
		if err != nil {
			return err
		}
		if cur != "open" {
			return ErrAlreadyTaken
		}
		if id, err = insertGame(ctx, tx, s.now(), g); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE challenges SET state = 'accepted', accepted_by = ?, game_id = ? WHERE id = ?`,
			acceptorID, id, challengeID)
		return err
	})
	return id, err
}

func challengeState(ctx context.Context, tx *txn, id int64) (string, error) {
	var st string
	err := tx.QueryRowContext(ctx, `SELECT state FROM challenges WHERE id = ?`+tx.d.forUpdate, id).Scan(&st)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrNotFound
	}
	return st, err
}

// mustAffect turns "no row changed" into ErrNotFound.
func mustAffect(res sql.Result, err error) error {
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrNotFound
	}
	return nil
}
