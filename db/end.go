package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// End is how a game ended. Winner is the games.Player who won, -1 for a
// draw. Reason "aborted" ends it as aborted, unrated.
type End struct {
	Winner int
	Reason string
}

// RatingChange is what one game did to one player's rating.
type RatingChange struct {
	UserID            string
	Before, After     float64
	RDBefore, RDAfter float64
}

// Result says whether an ended game counted for ratings and how.
type Result struct {
	Rated   bool
	Changes []RatingChange // in Player order; nil when unrated
	// UnratedTournament: unrated because its tournament is played unrated.
	UnratedTournament bool
}

// EndGame ends an active game outside the rules (resignation, time,
// agreement, aborted) exactly once: a game that is not active gives
// ErrGameOver. The ratings change in the same transaction.
func (s *sqlStore) EndGame(ctx context.Context, gameID int64, end End) (Result, error) {
	var result Result
	err := s.inTx(ctx, func(ctx context.Context, tx *txn) error {
		g, err := activeGame(ctx, tx, gameID)
		if err != nil {
			return err
		}
		result, err = finish(ctx, tx, g, end, s.now())
		return err
	})
	return result, err
}

// finish writes g's end and, when it counts, both players' new ratings.
// g is the game as read inside tx.
func finish(ctx context.Context, tx *txn, g Game, end End, now time.Time) (Result, error) {
	if end.Reason == "" {
		return Result{}, errors.New("a game's end needs a reason")
	}
	if end.Winner < -1 || end.Winner > 1 {
		return Result{}, fmt.Errorf("the winner is player 0 or 1, or -1 for a draw; got %d", end.Winner)
	}
	state := "finished"
	if end.Reason == "aborted" {
		state, end.Winner = "aborted", -1
	}
	unratedTournament := false
	if end.Reason != "aborted" {
		var err error
		if unratedTournament, err = inUnratedTournament(ctx, tx, g.ID); err != nil {
			return Result{}, err
		}
	}
	rated, err := countsForRating(ctx, tx, g, end, unratedTournament)
	if err != nil {
		return Result{}, err
	}
	result := Result{Rated: rated, UnratedTournament: !rated && unratedTournament}
	if rated {
		if result.Changes, err = rate(ctx, tx, g, end.Winner, now); err != nil {
			return Result{}, err
		}
	}
	_, err = tx.ExecContext(ctx, `UPDATE games SET state = ?, winner = ?, reason = ?, rated = ?, deadline = NULL,
		reminder_at = NULL, draw_offer_by = -1, updated_at = ?, ended_at = ? WHERE id = ?`,
		state, end.Winner, end.Reason, boolInt(rated), now.UnixMilli(), now.UnixMilli(), g.ID)
	if err != nil {
		return Result{}, fmt.Errorf("ending game %d: %w", g.ID, err)
	}
	if err := endBoard(ctx, tx, g, state, end, now); err != nil {
		return Result{}, fmt.Errorf("recording game %d's tournament result: %w", g.ID, err)
	}
	return result, nil
}

// countsForRating applies the rules: aborted games, games against oneself,
// games against the computer and games of an unrated tournament (asked once
// by finish) never count; a resignation, loss on time or forfeit (a
// tournament withdrawal) counts only once each player has made at least
// two moves.
func countsForRating(ctx context.Context, tx *txn, g Game, end End, unratedTournament bool) (bool, error) {
	if end.Reason == "aborted" || g.Players[0] == g.Players[1] || g.ComputerLevel > 0 || unratedTournament {
		return false, nil
	}
	if end.Reason != "resignation" && end.Reason != "time" && end.Reason != "forfeit" {
		return true, nil
	}
	var first, second int
	err := tx.QueryRowContext(ctx, `SELECT
			COALESCE(SUM(CASE WHEN player_id = ? THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN player_id = ? THEN 1 ELSE 0 END), 0)
		FROM moves WHERE game_id = ?`, g.Players[0], g.Players[1], g.ID).Scan(&first, &second)
	if err != nil {
		return false, err
	}
	return min(first, second) >= 2, nil
}

// rate runs one Glicko-2 period for both players of g and stores it.
func rate(ctx context.Context, tx *txn, g Game, winner int, now time.Time) ([]RatingChange, error) {
	var before [2]glicko
	var last [2]sql.NullInt64 // when each last played a rated game here
	if tx.d.lockKeys != nil {
		// Two games of one player may end at once in two processes; each
		// must read the rating the other wrote. A player's first rating has
		// no row to lock yet, hence a lock on the key.
		keys := []string{"rating/" + g.GuildID + "/" + g.Variant + "/" + g.Players[0], "rating/" + g.GuildID + "/" + g.Variant + "/" + g.Players[1]}
		if err := tx.d.lockKeys(ctx, tx, keys); err != nil {
			return nil, err
		}
	}
	for i, id := range g.Players {
		before[i] = glicko{StartRating, StartRD, StartVolatility}
		err := tx.QueryRowContext(ctx, `SELECT rating, rd, volatility, updated_at FROM ratings
			WHERE guild_id = ? AND variant = ? AND user_id = ?`,
			g.GuildID, g.Variant, id).Scan(&before[i].R, &before[i].RD, &before[i].Vol, &last[i])
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return nil, err
		}
	}
	changes := make([]RatingChange, 2)
	for i, id := range g.Players {
		score, col := 0.5, "draws"
		switch winner {
		case i:
			score, col = 1, "wins"
		case 1 - i:
			score, col = 0, "losses"
		}
		after := before[i].update([]glickoGame{{Opp: before[1-i], Score: score}}, Tau, periodsSince(fromMillis(last[i]), now))
		_, err := tx.ExecContext(ctx, `INSERT INTO ratings (guild_id, variant, user_id, rating, rd, volatility, `+col+`, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, 1, ?)
			ON CONFLICT (guild_id, variant, user_id) DO UPDATE SET rating = excluded.rating, rd = excluded.rd,
				volatility = excluded.volatility, `+col+` = ratings.`+col+` + 1, updated_at = excluded.updated_at`,
			g.GuildID, g.Variant, id, after.R, after.RD, after.Vol, now.UnixMilli())
		if err != nil {
			return nil, fmt.Errorf("storing the rating of %s: %w", id, err)
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO rating_changes (game_id, seat, user_id, before, after, rd_before, rd_after)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, g.ID, i, id, before[i].R, after.R, before[i].RD, after.RD)
		if err != nil {
			return nil, fmt.Errorf("storing the rating change of %s: %w", id, err)
		}
		changes[i] = RatingChange{UserID: id, Before: before[i].R, After: after.R, RDBefore: before[i].RD, RDAfter: after.RD}
	}
	return changes, nil
}
