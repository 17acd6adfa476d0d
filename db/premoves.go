package db

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Premove is a conditional line a player queued in a game (migration
// 0008): "if they play Moves[0] I play Moves[1], then …". Only its owner
// ever sees it.
type Premove struct {
	GameID  int64
	OwnerID string
	// Ply is the game's ply the line starts from: Moves[0] is the
	// opponent's move at ply Ply+1, Moves[1] the owner's answer at Ply+2.
	Ply       int
	Moves     []string // canonical notations (games.Move.Notation)
	UpdatedAt time.Time
}

// SetPremove replaces the owner's line in the game. The game must be
// active (ErrGameOver) and still at ply p.Ply (ErrPositionChanged: a move
// landed meanwhile, here or on another replica), and the owner one of its
// players. The store does not judge the moves: the caller checked them
// (package premove).
func (s *sqlStore) SetPremove(ctx context.Context, p Premove) error {
	if p.OwnerID == "" || len(p.Moves) == 0 {
		return errors.New("a conditional line needs its owner and its moves")
	}
	return s.inTx(ctx, func(ctx context.Context, tx *txn) error {
		g, err := activeGame(ctx, tx, p.GameID) // locks the game's row on PostgreSQL
		if err != nil {
			return err
		}
		if g.Ply != p.Ply {
			return ErrPositionChanged
		}
		if p.OwnerID != g.Players[0] && p.OwnerID != g.Players[1] {
			return fmt.Errorf("user %s does not play in game %d", p.OwnerID, p.GameID)
		}
		now := s.now().UnixMilli()
		_, err = tx.ExecContext(ctx, `INSERT INTO premoves (game_id, owner_id, ply, moves, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?)
			ON CONFLICT (game_id, owner_id) DO UPDATE SET ply = excluded.ply, moves = excluded.moves, updated_at = excluded.updated_at`,
			p.GameID, p.OwnerID, p.Ply, strings.Join(p.Moves, " "), now, now)
		return err
	})
}

// Premoves lists the game's queued lines (at most one per player).
func (s *sqlStore) Premoves(ctx context.Context, gameID int64) ([]Premove, error) {
	return s.premoves(ctx, `SELECT game_id, owner_id, ply, moves, updated_at FROM premoves WHERE game_id = ? ORDER BY owner_id`, gameID)
}

// PremovesToFollow lists the lines whose game has moved past their ply or
// is no longer active: an answer a crash left unplayed, a line a restart
// left unfollowed, a game ended by resignation, time or abort.
func (s *sqlStore) PremovesToFollow(ctx context.Context) ([]Premove, error) {
	return s.premoves(ctx, `SELECT p.game_id, p.owner_id, p.ply, p.moves, p.updated_at FROM premoves p
		JOIN games g ON g.id = p.game_id WHERE g.state <> 'active' OR g.ply <> p.ply ORDER BY p.game_id, p.owner_id`)
}

func (s *sqlStore) premoves(ctx context.Context, query string, args ...any) ([]Premove, error) {
	rows, err := s.read.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Premove
	for rows.Next() {
		var p Premove
		var moves string
		var at int64
		if err := rows.Scan(&p.GameID, &p.OwnerID, &p.Ply, &moves, &at); err != nil {
			return nil, err
		}
		p.Moves, p.UpdatedAt = strings.Fields(moves), time.UnixMilli(at).UTC()
		out = append(out, p)
	}
	return out, rows.Err()
}

// AdvancePremove moves the owner's line on, from ply from to ply to with
// the moves left (none: the line is deleted), if it still starts at from;
// it reports whether it did. A stale or repeated follower changes nothing.
func (s *sqlStore) AdvancePremove(ctx context.Context, gameID int64, ownerID string, from, to int, moves []string) (bool, error) {
	if len(moves) == 0 {
		return s.DeletePremove(ctx, gameID, ownerID, from)
	}
	return s.execOne(ctx, `UPDATE premoves SET ply = ?, moves = ?, updated_at = ? WHERE game_id = ? AND owner_id = ? AND ply = ?`,
		to, strings.Join(moves, " "), s.now().UnixMilli(), gameID, ownerID, from)
}

// DeletePremove deletes the owner's line in the game if it starts at ply
// (whatever its ply when ply < 0: the owner clearing it); it reports
// whether one was deleted.
func (s *sqlStore) DeletePremove(ctx context.Context, gameID int64, ownerID string, ply int) (bool, error) {
	return s.execOne(ctx, `DELETE FROM premoves WHERE game_id = ? AND owner_id = ? AND (ply = ? OR ? < 0)`,
		gameID, ownerID, ply, ply)
}
