package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/bermudachess/bermuda/games"
)

// Move is one row of a game's append-only move log.
type Move struct {
	Ply           int      // 1-based
	Notation      string   // canonical (games.Move.Notation)
	PlayerID      string   // Discord user who made it
	Rolls         []int    // every die face rolled while playing it
	Dice          []string // what each dice event caused (texts), in order
	InteractionID string   // unique when non-empty: a duplicated interaction cannot add a second move
	At            time.Time
}

// CorruptGameError reports a stored game whose move log does not replay.
// The log is left exactly as it is, for someone to look at.
type CorruptGameError struct {
	GameID int64
	Err    error
}

func (e *CorruptGameError) Error() string {
	return fmt.Sprintf("game %d is corrupt: %v", e.GameID, e.Err)
}

func (e *CorruptGameError) Unwrap() error { return e.Err }

// AppendMove stores m as ply expectedPly+1 together with the game's new
// deadline and reminder time, the draw offer cleared, and (if end != nil)
// the game's end and rating changes, all in one transaction.
//
// A stale expectedPly gives ErrPositionChanged (another move landed first),
// a game that is not active ErrGameOver, a reused InteractionID ErrDuplicate.
// The store does not judge legality: the caller got m from games.Apply.
func (s *sqlStore) AppendMove(ctx context.Context, gameID int64, expectedPly int, m Move, deadline, reminderAt time.Time, end *End) (Result, error) {
	if m.Notation == "" || m.PlayerID == "" {
		return Result{}, errors.New("a move needs its notation and the player who made it")
	}
	if m.Ply != 0 && m.Ply != expectedPly+1 {
		return Result{}, fmt.Errorf("move says ply %d but follows ply %d", m.Ply, expectedPly)
	}
	rolls, err := json.Marshal(nonNilInts(m.Rolls))
	if err != nil {
		return Result{}, err
	}
	dice := m.Dice
	if dice == nil {
		dice = []string{}
	}
	diceText, err := json.Marshal(dice)
	if err != nil {
		return Result{}, err
	}
	var interaction any
	if m.InteractionID != "" {
		interaction = m.InteractionID
	}
	var result Result
	err = s.inTx(ctx, func(ctx context.Context, tx *txn) error {
		now := s.now()
		if m.At.IsZero() {
			m.At = now
		}
		// The game's row first: on PostgreSQL this locks it, so a rival
		// move (another replica, the same interaction delivered twice) has
		// either committed, and is seen below, or waits for this one.
		g, gameErr := activeGame(ctx, tx, gameID)
		if gameErr != nil && !errors.Is(gameErr, ErrGameOver) {
			return gameErr
		}
		if interaction != nil {
			var one int
			err := tx.QueryRowContext(ctx, `SELECT 1 FROM moves WHERE interaction_id = ?`, interaction).Scan(&one)
			if err == nil {
				return ErrDuplicate // also when that move ended the game
			}
			if !errors.Is(err, sql.ErrNoRows) {
				return err
			}
		}
		if gameErr != nil {
			return gameErr
		}
		if g.Ply != expectedPly {
			return ErrPositionChanged
		}
		if m.PlayerID != g.Players[0] && m.PlayerID != g.Players[1] {
			return fmt.Errorf("user %s does not play in game %d", m.PlayerID, gameID)
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO moves (game_id, ply, notation, player_id, rolls, dice, interaction_id, played_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, gameID, expectedPly+1, m.Notation, m.PlayerID, string(rolls), string(diceText),
			interaction, m.At.UnixMilli())
		if tx.d.isUnique(err) {
			// Unreachable while games.ply and the log agree; kept so a
			// disagreement can never add a second row for a ply.
			return ErrPositionChanged
		}
		if err != nil {
			return fmt.Errorf("storing the move: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE games SET ply = ?, deadline = ?, reminder_at = ?, reminder_sent = 0,
			draw_offer_by = -1, updated_at = ? WHERE id = ?`,
			expectedPly+1, millis(deadline), millis(reminderAt), now.UnixMilli(), gameID); err != nil {
			return fmt.Errorf("updating the game: %w", err)
		}
		if end != nil {
			g.Ply = expectedPly + 1
			result, err = finish(ctx, tx, g, *end, now)
		}
		return err
	})
	return result, err
}

// Moves returns a game's move log in order.
func (s *sqlStore) Moves(ctx context.Context, gameID int64) ([]Move, error) {
	return readMoves(ctx, s.read, gameID)
}

func readMoves(ctx context.Context, q queryer, gameID int64) ([]Move, error) {
	rows, err := q.QueryContext(ctx, `SELECT ply, notation, player_id, rolls, dice, interaction_id, played_at
		FROM moves WHERE game_id = ? ORDER BY ply`, gameID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Move
	for rows.Next() {
		var m Move
		var rolls, dice string
		var interaction sql.NullString
		var at int64
		if err := rows.Scan(&m.Ply, &m.Notation, &m.PlayerID, &rolls, &dice, &interaction, &at); err != nil {
			return nil, err
		}
		m.InteractionID, m.At = interaction.String, time.UnixMilli(at).UTC()
		if err := json.Unmarshal([]byte(rolls), &m.Rolls); err != nil {
			return nil, &CorruptGameError{GameID: gameID, Err: fmt.Errorf("ply %d: rolls %q: %w", m.Ply, rolls, err)}
		}
		if err := json.Unmarshal([]byte(dice), &m.Dice); err != nil {
			return nil, &CorruptGameError{GameID: gameID, Err: fmt.Errorf("ply %d: dice texts: %w", m.Ply, err)}
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// LoadGame reads a game and rebuilds its position by replaying the stored
// moves and rolls through games.Replay, from one consistent snapshot. A log
// that does not replay gives *CorruptGameError; nothing is repaired. The
// position is the caller's own to change.
func (s *sqlStore) LoadGame(ctx context.Context, id int64) (Game, games.Game, error) {
	tx, err := s.read.BeginTx(ctx, s.d.snapshot)
	if err != nil {
		return Game{}, nil, err
	}
	defer tx.Rollback()
	g, err := s.oneGame(ctx, tx, `SELECT `+gameColumns+` FROM games WHERE id = ?`, id)
	if err != nil {
		return g, nil, err
	}
	rec := games.Record{Variant: g.Variant, Setup: g.Setup, StartRolls: g.StartRolls, Plies: make([]games.Ply, 0, g.Ply)}
	rows, err := tx.QueryContext(ctx, `SELECT ply, notation, rolls FROM moves WHERE game_id = ? ORDER BY ply`, id)
	if err != nil {
		return g, nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var ply int
		var p games.Ply
		var rolls string
		if err := rows.Scan(&ply, &p.Move, &rolls); err != nil {
			return g, nil, err
		}
		if ply != len(rec.Plies)+1 {
			return g, nil, &CorruptGameError{GameID: id, Err: fmt.Errorf("ply %d is missing from the move log", len(rec.Plies)+1)}
		}
		if p.Rolls, err = parseRolls(rolls); err != nil {
			return g, nil, &CorruptGameError{GameID: id, Err: fmt.Errorf("ply %d: %w", ply, err)}
		}
		rec.Plies = append(rec.Plies, p)
	}
	if err := rows.Err(); err != nil {
		return g, nil, err
	}
	rows.Close()
	if err := tx.Commit(); err != nil {
		return g, nil, err
	}
	if len(rec.Plies) != g.Ply {
		return g, nil, &CorruptGameError{GameID: id, Err: fmt.Errorf("the game says %d moves were played but the log holds %d", g.Ply, len(rec.Plies))}
	}
	pos, err := replaySafely(rec)
	if err != nil {
		return g, nil, &CorruptGameError{GameID: id, Err: err}
	}
	return g, pos, nil
}
