package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Puzzles (migration 0005): every puzzle a player is given is an attempt
// row, so whichever process gets the next click reads where it stands.
// Each answer is stored by a conditional UPDATE on the attempt's ply, so a
// repeated or stale click changes nothing; a finished attempt rates the
// player against the puzzle, as Lichess does: one Glicko-2 game per
// attempt, the first attempt of a puzzle only.

// PuzzleStartRD is the deviation of a puzzle's first rating: its shipped
// rating (from the depth of search that finds the move) is an estimate,
// firmer than a newcomer's StartRD.
const PuzzleStartRD = 250.0

// PuzzleAttempt is one puzzle given to one player.
type PuzzleAttempt struct {
	ID       int64
	UserID   string
	Variant  string
	PuzzleID string
	// DailyGuild and DailyDay name the server's daily puzzle this attempt
	// answers; empty for /puzzle.
	DailyGuild, DailyDay string
	// Ply is the solution index of the solver's next move.
	Ply    int
	State  string // "open", "solved" or "failed"
	Hinted bool
	// Rated: the attempt counted for the ratings (known once it ended).
	Rated                     bool
	RatingBefore, RatingAfter float64
	CreatedAt, EndedAt        time.Time
}

// PuzzlePlayer is a player's puzzle rating in one variant.
type PuzzlePlayer struct {
	UserID, Variant        string
	Rating, RD, Volatility float64
	Attempts, Solved       int // rated attempts only
	Streak, BestStreak     int // rated attempts solved in a row
	updated                sql.NullInt64
}

// PuzzleRating is a puzzle's own rating.
type PuzzleRating struct {
	PuzzleID, Variant      string
	Rating, RD, Volatility float64
	Attempts, Solved       int
	updated                sql.NullInt64
}

// PuzzleOutcome is what finishing an attempt did.
type PuzzleOutcome struct {
	Rated                     bool
	Player                    PuzzlePlayer // after
	PlayerBefore              float64
	PuzzleBefore, PuzzleAfter float64
}

const attemptColumns = `id, user_id, variant, puzzle_id, daily_guild, daily_day, ply, state, hinted, rated, rating_before, rating_after, created_at, ended_at`

func scanAttempt(row interface{ Scan(...any) error }) (PuzzleAttempt, error) {
	var a PuzzleAttempt
	var hinted, rated int
	var created int64
	var ended sql.NullInt64
	err := row.Scan(&a.ID, &a.UserID, &a.Variant, &a.PuzzleID, &a.DailyGuild, &a.DailyDay, &a.Ply, &a.State, &hinted, &rated,
		&a.RatingBefore, &a.RatingAfter, &created, &ended)
	if errors.Is(err, sql.ErrNoRows) {
		return PuzzleAttempt{}, ErrNotFound
	}
	a.Hinted, a.Rated, a.CreatedAt, a.EndedAt = hinted == 1, rated == 1, time.UnixMilli(created).UTC(), fromMillis(ended)
	return a, err
}

// StartPuzzle records a puzzle given to a player, open at ply 0. A daily
// puzzle's attempt is one per player, server and day: if one exists, it is
// returned with created false and nothing is written.
func (s *sqlStore) StartPuzzle(ctx context.Context, a PuzzleAttempt) (PuzzleAttempt, bool, error) {
	if a.UserID == "" || a.Variant == "" || a.PuzzleID == "" {
		return a, false, errors.New("a puzzle attempt needs a player, a variant and a puzzle")
	}
	created := false
	err := s.inTx(ctx, func(ctx context.Context, tx *txn) error {
		now := s.now()
		var id int64
		err := tx.QueryRowContext(ctx, `INSERT INTO puzzle_attempts (user_id, variant, puzzle_id, daily_guild, daily_day, created_at)
			VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING id`,
			a.UserID, a.Variant, a.PuzzleID, a.DailyGuild, a.DailyDay, now.UnixMilli()).Scan(&id)
		switch {
		case err == nil:
			created = true
			a, err = scanAttempt(tx.QueryRowContext(ctx, `SELECT `+attemptColumns+` FROM puzzle_attempts WHERE id = ?`, id))
			return err
		case errors.Is(err, sql.ErrNoRows) && a.DailyDay != "":
			a, err = scanAttempt(tx.QueryRowContext(ctx, `SELECT `+attemptColumns+` FROM puzzle_attempts
				WHERE daily_guild = ? AND daily_day = ? AND user_id = ?`, a.DailyGuild, a.DailyDay, a.UserID))
			return err
		}
		return err
	})
	return a, created, err
}

// PuzzleAttemptByID reads an attempt; ErrNotFound if there is none.
func (s *sqlStore) PuzzleAttemptByID(ctx context.Context, id int64) (PuzzleAttempt, error) {
	return scanAttempt(s.read.QueryRowContext(ctx, `SELECT `+attemptColumns+` FROM puzzle_attempts WHERE id = ?`, id))
}

// OpenPuzzle is the player's newest open attempt from /puzzle (not a
// daily's), in variant or, when variant is "", in any; ErrNotFound if none.
func (s *sqlStore) OpenPuzzle(ctx context.Context, userID, variant string) (PuzzleAttempt, error) {
	return scanAttempt(s.read.QueryRowContext(ctx, `SELECT `+attemptColumns+` FROM puzzle_attempts
		WHERE user_id = ? AND state = 'open' AND daily_day = '' AND (? = '' OR variant = ?)
		ORDER BY id DESC LIMIT 1`, userID, variant, variant))
}

// TriedPuzzles is the set of a player's puzzles of a variant ever given.
func (s *sqlStore) TriedPuzzles(ctx context.Context, userID, variant string) (map[string]bool, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT DISTINCT puzzle_id FROM puzzle_attempts WHERE user_id = ? AND variant = ?`, userID, variant)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out[id] = true
	}
	return out, rows.Err()
}

// AdvancePuzzle moves an open attempt from ply to next (a correct move and
// the opponent's reply); false if the attempt is not open at ply any more.
func (s *sqlStore) AdvancePuzzle(ctx context.Context, id int64, ply, next int) (bool, error) {
	if next <= ply {
		return false, fmt.Errorf("a puzzle moves forward: ply %d to %d", ply, next)
	}
	return s.updateOne(ctx, `UPDATE puzzle_attempts SET ply = ? WHERE id = ? AND ply = ? AND state = 'open'`, next, id, ply)
}

// HintPuzzle records that the player asked for a hint at ply; false if
// the attempt is not open at ply.
func (s *sqlStore) HintPuzzle(ctx context.Context, id int64, ply int) (bool, error) {
	return s.updateOne(ctx, `UPDATE puzzle_attempts SET hinted = 1 WHERE id = ? AND ply = ? AND state = 'open'`, id, ply)
}

// updateOne runs a conditional UPDATE and reports whether it changed a row.
func (s *sqlStore) updateOne(ctx context.Context, query string, args ...any) (bool, error) {
	ok := false
	err := s.inTx(ctx, func(ctx context.Context, tx *txn) error {
		res, err := tx.ExecContext(ctx, query, args...)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		ok = n == 1
		return err
	})
	return ok, err
}

// FinishPuzzle ends an attempt open at ply, solved or failed, and, if it
// is the player's first attempt of this puzzle, rates both the player and
// the puzzle (whose first rating is startRating) in the same transaction.
// False, with nothing written, if the attempt is not open at ply.
func (s *sqlStore) FinishPuzzle(ctx context.Context, id int64, ply int, solved bool, startRating float64) (PuzzleOutcome, bool, error) {
	var out PuzzleOutcome
	finished := false
	err := s.inTx(ctx, func(ctx context.Context, tx *txn) error {
		out, finished = PuzzleOutcome{}, false
		a, err := scanAttempt(tx.QueryRowContext(ctx, `SELECT `+attemptColumns+` FROM puzzle_attempts WHERE id = ?`+tx.d.forUpdate, id))
		if err != nil {
			return err
		}
		if a.State != "open" || a.Ply != ply {
			return nil
		}
		if tx.d.lockKeys != nil {
			// Two attempts of one player (or of one puzzle) may end at once
			// in two processes: each must read the rating the other wrote.
			if err := tx.d.lockKeys(ctx, tx, []string{"puzzle-player/" + a.UserID + "/" + a.Variant, "puzzle/" + a.PuzzleID}); err != nil {
				return err
			}
		}
		// Only the first attempt counts: the oldest row, whoever made two
		// at once.
		var first int64
		if err := tx.QueryRowContext(ctx, `SELECT MIN(id) FROM puzzle_attempts WHERE user_id = ? AND puzzle_id = ?`, a.UserID, a.PuzzleID).Scan(&first); err != nil {
			return err
		}
		out.Rated = first == a.ID
		p, err := puzzlePlayer(ctx, tx, a.UserID, a.Variant)
		if err != nil {
			return err
		}
		out.PlayerBefore, out.Player = p.Rating, p
		now := s.now()
		if out.Rated {
			if out, err = ratePuzzle(ctx, tx, a, p, solved, startRating, now); err != nil {
				return err
			}
		}
		state := "failed"
		if solved {
			state = "solved"
		}
		res, err := tx.ExecContext(ctx, `UPDATE puzzle_attempts SET state = ?, rated = ?, rating_before = ?, rating_after = ?, ended_at = ?
			WHERE id = ? AND ply = ? AND state = 'open'`, state, boolInt(out.Rated), out.PlayerBefore, out.Player.Rating, now.UnixMilli(), id, ply)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err == nil && n != 1 {
			return fmt.Errorf("puzzle attempt %d changed under its lock", id)
		}
		finished = err == nil
		return err
	})
	return out, finished, err
}

// ratePuzzle plays one Glicko-2 game between the player and the puzzle
// (the player wins by solving) and stores both, with the streak.
func ratePuzzle(ctx context.Context, tx *txn, a PuzzleAttempt, p PuzzlePlayer, solved bool, startRating float64, now time.Time) (PuzzleOutcome, error) {
	pz, err := puzzleRating(ctx, tx, a.PuzzleID, a.Variant, startRating)
	if err != nil {
		return PuzzleOutcome{}, err
	}
	score := 0.0
	if solved {
		score = 1
	}
	pg := glicko{p.Rating, p.RD, p.Volatility}
	zg := glicko{pz.Rating, pz.RD, pz.Volatility}
	pAfter := pg.update([]glickoGame{{Opp: zg, Score: score}}, Tau, periodsSince(fromMillis(p.updated), now))
	zAfter := zg.update([]glickoGame{{Opp: pg, Score: 1 - score}}, Tau, periodsSince(fromMillis(pz.updated), now))

	out := PuzzleOutcome{Rated: true, PlayerBefore: p.Rating, PuzzleBefore: pz.Rating, PuzzleAfter: zAfter.R}
	p.Rating, p.RD, p.Volatility = pAfter.R, pAfter.RD, pAfter.Vol
	p.Attempts++
	if solved {
		p.Solved++
		p.Streak++
		p.BestStreak = max(p.BestStreak, p.Streak)
	} else {
		p.Streak = 0
	}
	out.Player = p
	_, err = tx.ExecContext(ctx, `INSERT INTO puzzle_players (user_id, variant, rating, rd, volatility, attempts, solved, streak, best_streak, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (user_id, variant) DO UPDATE SET rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility,
			attempts = excluded.attempts, solved = excluded.solved, streak = excluded.streak, best_streak = excluded.best_streak,
			updated_at = excluded.updated_at`,
		p.UserID, p.Variant, p.Rating, p.RD, p.Volatility, p.Attempts, p.Solved, p.Streak, p.BestStreak, now.UnixMilli())
	if err != nil {
		return out, fmt.Errorf("storing the puzzle rating of %s: %w", p.UserID, err)
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO puzzle_ratings (puzzle_id, variant, rating, rd, volatility, attempts, solved, updated_at)
		VALUES (?, ?, ?, ?, ?, 1, ?, ?)
		ON CONFLICT (puzzle_id) DO UPDATE SET rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility,
			attempts = puzzle_ratings.attempts + 1, solved = puzzle_ratings.solved + excluded.solved, updated_at = excluded.updated_at`,
		a.PuzzleID, a.Variant, zAfter.R, zAfter.RD, zAfter.Vol, boolInt(solved), now.UnixMilli())
	if err != nil {
		return out, fmt.Errorf("storing the rating of puzzle %s: %w", a.PuzzleID, err)
	}
	return out, nil
}

func puzzlePlayer(ctx context.Context, q queryer, userID, variant string) (PuzzlePlayer, error) {
	p := PuzzlePlayer{UserID: userID, Variant: variant, Rating: StartRating, RD: StartRD, Volatility: StartVolatility}
	err := q.QueryRowContext(ctx, `SELECT rating, rd, volatility, attempts, solved, streak, best_streak, updated_at FROM puzzle_players
		WHERE user_id = ? AND variant = ?`, userID, variant).Scan(&p.Rating, &p.RD, &p.Volatility, &p.Attempts, &p.Solved, &p.Streak, &p.BestStreak, &p.updated)
	if errors.Is(err, sql.ErrNoRows) {
		err = nil
	}
	return p, err
}

func puzzleRating(ctx context.Context, q queryer, puzzleID, variant string, startRating float64) (PuzzleRating, error) {
	r := PuzzleRating{PuzzleID: puzzleID, Variant: variant, Rating: startRating, RD: PuzzleStartRD, Volatility: StartVolatility}
	err := q.QueryRowContext(ctx, `SELECT rating, rd, volatility, attempts, solved, updated_at FROM puzzle_ratings WHERE puzzle_id = ?`,
		puzzleID).Scan(&r.Rating, &r.RD, &r.Volatility, &r.Attempts, &r.Solved, &r.updated)
	if errors.Is(err, sql.ErrNoRows) {
		err = nil
	}
	return r, err
}

// PuzzlePlayerRating is a player's puzzle rating in a variant (the
// starting rating if they never finished a rated attempt).
func (s *sqlStore) PuzzlePlayerRating(ctx context.Context, userID, variant string) (PuzzlePlayer, error) {
	return puzzlePlayer(ctx, s.read, userID, variant)
}

// PuzzlePlayerRatings lists a player's puzzle ratings, by variant.
func (s *sqlStore) PuzzlePlayerRatings(ctx context.Context, userID string) ([]PuzzlePlayer, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT variant, rating, rd, volatility, attempts, solved, streak, best_streak FROM puzzle_players
		WHERE user_id = ? ORDER BY variant`, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []PuzzlePlayer
	for rows.Next() {
		p := PuzzlePlayer{UserID: userID}
		if err := rows.Scan(&p.Variant, &p.Rating, &p.RD, &p.Volatility, &p.Attempts, &p.Solved, &p.Streak, &p.BestStreak); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// PuzzleRatingOf is a puzzle's rating (its shipped startRating until a
// rated attempt moved it).
func (s *sqlStore) PuzzleRatingOf(ctx context.Context, puzzleID, variant string, startRating float64) (PuzzleRating, error) {
	return puzzleRating(ctx, s.read, puzzleID, variant, startRating)
}
