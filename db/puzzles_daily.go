package db

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// The daily puzzle: a server's chosen channel gets one puzzle a day. Its
// row is the claim to post it, made before the post, so one process posts
// it across restarts and replicas; a claim whose post was never recorded
// (its process died in between) is taken over after a lease.

// DailyPuzzle is a server's puzzle of one day (UTC, "2006-01-02").
type DailyPuzzle struct {
	GuildID, Day      string
	Variant, PuzzleID string
	ChannelID         string
	MessageID         string // "" until the post is recorded
	ClaimedAt         time.Time
	ShownSolvers      int       // the solver count the post shows
	ShownAt           time.Time // when that count was last edited in
	Listed            bool      // the post was edited with its solvers after the day
}

const dailyColumns = `guild_id, day, variant, puzzle_id, channel_id, message_id, claimed_at, shown_solvers, shown_at, listed`

func scanDaily(row interface{ Scan(...any) error }) (DailyPuzzle, error) {
	var d DailyPuzzle
	var claimed, shown int64
	var listed int
	err := row.Scan(&d.GuildID, &d.Day, &d.Variant, &d.PuzzleID, &d.ChannelID, &d.MessageID, &claimed, &d.ShownSolvers, &shown, &listed)
	if errors.Is(err, sql.ErrNoRows) {
		return DailyPuzzle{}, ErrNotFound
	}
	d.ClaimedAt, d.ShownAt, d.Listed = time.UnixMilli(claimed).UTC(), time.UnixMilli(shown).UTC(), listed == 1
	return d, err
}

func dailyList(ctx context.Context, q queryer, query string, args ...any) ([]DailyPuzzle, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []DailyPuzzle
	for rows.Next() {
		d, err := scanDaily(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

// SetPuzzleChannel chooses where a server's daily puzzle is posted; ""
// stops it.
func (s *sqlStore) SetPuzzleChannel(ctx context.Context, guildID, channelID, setBy string) error {
	return s.inTx(ctx, func(ctx context.Context, tx *txn) error {
		if channelID == "" {
			_, err := tx.ExecContext(ctx, `DELETE FROM puzzle_channels WHERE guild_id = ?`, guildID)
			return err
		}
		// A new choice starts clean: any failure was the old setting's.
		_, err := tx.ExecContext(ctx, `INSERT INTO puzzle_channels (guild_id, channel_id, set_by, updated_at) VALUES (?, ?, ?, ?)
			ON CONFLICT (guild_id) DO UPDATE SET channel_id = excluded.channel_id, set_by = excluded.set_by,
			fail_day = '', failures = 0, last_error = '', told = 0, updated_at = excluded.updated_at`,
			guildID, channelID, setBy, s.now().UnixMilli())
		return err
	})
}

// PuzzleChannels maps every server with a daily puzzle to its channel,
// leaving out those whose post failed for good stopAfter times on day
// (RecordDailyFailure): they are tried again the next day.
func (s *sqlStore) PuzzleChannels(ctx context.Context, day string, stopAfter int) (map[string]string, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT guild_id, channel_id FROM puzzle_channels
		WHERE NOT (fail_day = ? AND failures >= ?) ORDER BY guild_id`, day, stopAfter)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var g, c string
		if err := rows.Scan(&g, &c); err != nil {
			return nil, err
		}
		out[g] = c
	}
	return out, rows.Err()
}

// ClaimDailyPuzzle claims the posting of d (its server, day, puzzle and
// channel): it inserts the row, or takes over a claim made at least lease
// ago whose post was never recorded. It reports whether this call claimed
// it, and the row as it stands (a takeover keeps the puzzle first chosen).
func (s *sqlStore) ClaimDailyPuzzle(ctx context.Context, d DailyPuzzle, now time.Time, lease time.Duration) (DailyPuzzle, bool, error) {
	claimed := false
	err := s.inTx(ctx, func(ctx context.Context, tx *txn) error {
		claimed = false
		res, err := tx.ExecContext(ctx, `INSERT INTO puzzle_dailies (guild_id, day, variant, puzzle_id, channel_id, claimed_at)
			VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`, d.GuildID, d.Day, d.Variant, d.PuzzleID, d.ChannelID, now.UnixMilli())
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 1 {
			claimed = err == nil
			if claimed {
				d.MessageID, d.ClaimedAt, d.ShownSolvers, d.ShownAt, d.Listed = "", time.UnixMilli(now.UnixMilli()).UTC(), 0, time.UnixMilli(0).UTC(), false
			}
			return err
		}
		cur, err := scanDaily(tx.QueryRowContext(ctx, `SELECT `+dailyColumns+` FROM puzzle_dailies WHERE guild_id = ? AND day = ?`, d.GuildID, d.Day))
		if err != nil {
			return err
		}
		d = cur
		if cur.MessageID != "" || now.Sub(cur.ClaimedAt) < lease {
			return nil
		}
		res, err = tx.ExecContext(ctx, `UPDATE puzzle_dailies SET claimed_at = ? WHERE guild_id = ? AND day = ? AND message_id = '' AND claimed_at = ?`,
			now.UnixMilli(), d.GuildID, d.Day, cur.ClaimedAt.UnixMilli())
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if claimed = err == nil && n == 1; claimed {
			d.ClaimedAt = time.UnixMilli(now.UnixMilli()).UTC()
		}
		return err
	})
	return d, claimed, err
}

// SetDailyMessage records the post of a daily puzzle claimed at
// claimedAt; false if that claim was taken over meanwhile.
// A post that went out clears the server's record of failures.
func (s *sqlStore) SetDailyMessage(ctx context.Context, guildID, day string, claimedAt time.Time, messageID string) (bool, error) {
	ok := false
	err := s.inTx(ctx, func(ctx context.Context, tx *txn) error {
		res, err := tx.ExecContext(ctx, `UPDATE puzzle_dailies SET message_id = ? WHERE guild_id = ? AND day = ? AND message_id = '' AND claimed_at = ?`,
			messageID, guildID, day, claimedAt.UnixMilli())
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if ok = err == nil && n == 1; !ok {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE puzzle_channels SET fail_day = '', failures = 0, last_error = '', told = 0
			WHERE guild_id = ? AND failures > 0`, guildID)
		return err
	})
	return ok, err
}

// PuzzleChannel is a server's daily puzzle setting as /settings shows it.
type PuzzleChannel struct {
	GuildID, ChannelID string
	SetBy              string // who chose it ("" before migration 0010)
	FailDay            string // the day of the failures below ("" if none)
	Failures           int    // permanent failures of the post on FailDay
	LastError          string // the last one, as players read it
	Told               bool   // SetBy was sent a DM about it
}

// PuzzleChannelOf reads a server's daily puzzle setting; ErrNotFound if
// the daily puzzle is off.
func (s *sqlStore) PuzzleChannelOf(ctx context.Context, guildID string) (PuzzleChannel, error) {
	p := PuzzleChannel{GuildID: guildID}
	err := s.read.QueryRowContext(ctx, `SELECT channel_id, set_by, fail_day, failures, last_error, told FROM puzzle_channels
		WHERE guild_id = ?`, guildID).Scan(&p.ChannelID, &p.SetBy, &p.FailDay, &p.Failures, &p.LastError, &p.Told)
	if errors.Is(err, sql.ErrNoRows) {
		return p, ErrNotFound
	}
	return p, err
}

// RecordDailyFailure counts a permanent failure of a server's daily post
// on day (the count restarts on a new day) and keeps why; it returns the
// day's count. Nothing is recorded if the setting changed to another
// channel meanwhile.
func (s *sqlStore) RecordDailyFailure(ctx context.Context, guildID, channelID, day, why string) (int, error) {
	n := 0
	err := s.inTx(ctx, func(ctx context.Context, tx *txn) error {
		n = 0
		res, err := tx.ExecContext(ctx, `UPDATE puzzle_channels SET failures = CASE WHEN fail_day = ? THEN failures + 1 ELSE 1 END,
			fail_day = ?, last_error = ? WHERE guild_id = ? AND channel_id = ?`, day, day, why, guildID, channelID)
		if err := mustAffect(res, err); errors.Is(err, ErrNotFound) {
			return nil
		} else if err != nil {
			return err
		}
		return tx.QueryRowContext(ctx, `SELECT failures FROM puzzle_channels WHERE guild_id = ?`, guildID).Scan(&n)
	})
	return n, err
}

// ClaimDailyFailureNotice claims the one DM that tells the server manager
// who chose the channel about its failure: true once until the failure is
// cleared (a post that goes out, or a new setting).
func (s *sqlStore) ClaimDailyFailureNotice(ctx context.Context, guildID string) (bool, error) {
	return s.execOne(ctx, `UPDATE puzzle_channels SET told = 1 WHERE guild_id = ? AND told = 0 AND failures > 0`, guildID)
}

// DailyPuzzleOf reads a server's puzzle of a day; ErrNotFound if none.
func (s *sqlStore) DailyPuzzleOf(ctx context.Context, guildID, day string) (DailyPuzzle, error) {
	return scanDaily(s.read.QueryRowContext(ctx, `SELECT `+dailyColumns+` FROM puzzle_dailies WHERE guild_id = ? AND day = ?`, guildID, day))
}

// PostedDailies lists the posted daily puzzles of a day, every server.
func (s *sqlStore) PostedDailies(ctx context.Context, day string) ([]DailyPuzzle, error) {
	return dailyList(ctx, s.read, `SELECT `+dailyColumns+` FROM puzzle_dailies WHERE day = ? AND message_id <> '' ORDER BY guild_id`, day)
}

// UnlistedDailies lists posted daily puzzles of days before day whose
// solvers were not listed yet.
func (s *sqlStore) UnlistedDailies(ctx context.Context, day string) ([]DailyPuzzle, error) {
	return dailyList(ctx, s.read, `SELECT `+dailyColumns+` FROM puzzle_dailies WHERE day < ? AND message_id <> '' AND listed = 0
		ORDER BY day, guild_id`, day)
}

// DailySolvers lists who solved a server's puzzle of a day, first first.
func (s *sqlStore) DailySolvers(ctx context.Context, guildID, day string) ([]string, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT user_id FROM puzzle_attempts WHERE daily_guild = ? AND daily_day = ? AND state = 'solved'
		ORDER BY ended_at, id`, guildID, day)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var u string
		if err := rows.Scan(&u); err != nil {
			return nil, err
		}
		out = append(out, u)
	}
	return out, rows.Err()
}

// ClaimDailyCount claims the edit of a daily post from showing shown
// solvers to solvers: false if another process edited it meanwhile.
func (s *sqlStore) ClaimDailyCount(ctx context.Context, guildID, day string, shown, solvers int, now time.Time) (bool, error) {
	return s.updateOne(ctx, `UPDATE puzzle_dailies SET shown_solvers = ?, shown_at = ? WHERE guild_id = ? AND day = ? AND shown_solvers = ? AND listed = 0`,
		solvers, now.UnixMilli(), guildID, day, shown)
}

// ClaimDailyListing claims the edit that lists a past daily's solvers.
func (s *sqlStore) ClaimDailyListing(ctx context.Context, guildID, day string) (bool, error) {
	return s.updateOne(ctx, `UPDATE puzzle_dailies SET listed = 1 WHERE guild_id = ? AND day = ? AND listed = 0 AND message_id <> ''`, guildID, day)
}
