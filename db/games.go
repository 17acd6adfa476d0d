package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// Game is one game's row: who plays, where, its clock and its result. The
// moves are in the move log (Moves, LoadGame).
type Game struct {
	ID                           int64
	GuildID, ChannelID, ThreadID string
	Variant, Setup               string
	StartRolls                   []int     // dice rolled by games.Start
	Players                      [2]string // Discord user ids of games.Player1, games.Player2
	Days                         int       // per move; 0 at creation = the server's default
	State                        string    // "active", "finished", "aborted"
	Winner                       int       // 0 or 1 (games.Player), -1 draw or none
	Reason                       string    // "checkmate", "resignation", "time", "agreement", "aborted", …
	// Rated: every game between two people is played for rating (the value
	// given at creation is ignored); once the game has ended it says whether
	// the result counted.
	Rated        bool
	Ply          int       // number of moves stored
	Deadline     time.Time // when the player to act loses on time (zero if none)
	ReminderAt   time.Time
	ReminderSent bool
	DrawOfferBy  int // -1 none, else the games.Player who offered
	RematchOf    int64
	// ComputerLevel is the engine's level (1–5) when one player is the bot
	// itself; 0 when two people play. Such games are never rated.
	ComputerLevel                 int
	CreatedAt, UpdatedAt, EndedAt time.Time
}

const gameColumns = `id, guild_id, channel_id, thread_id, variant, setup, start_rolls, player1_id, player2_id,
	days, state, winner, reason, rated, ply, deadline, reminder_at, reminder_sent, draw_offer_by, rematch_of,
	computer_level, created_at, updated_at, ended_at`

func scanGame(row interface{ Scan(...any) error }) (Game, error) {
	var g Game
	var startRolls string
	var deadline, reminder, rematch, created, updated, ended sql.NullInt64
	err := row.Scan(&g.ID, &g.GuildID, &g.ChannelID, &g.ThreadID, &g.Variant, &g.Setup, &startRolls,
		&g.Players[0], &g.Players[1], &g.Days, &g.State, &g.Winner, &g.Reason, &g.Rated, &g.Ply,
		&deadline, &reminder, &g.ReminderSent, &g.DrawOfferBy, &rematch, &g.ComputerLevel, &created, &updated, &ended)
	if err != nil {
		return g, err
	}
	g.Deadline, g.ReminderAt = fromMillis(deadline), fromMillis(reminder)
	g.CreatedAt, g.UpdatedAt, g.EndedAt = fromMillis(created), fromMillis(updated), fromMillis(ended)
	g.RematchOf = rematch.Int64
	if err := json.Unmarshal([]byte(startRolls), &g.StartRolls); err != nil {
		return g, &CorruptGameError{GameID: g.ID, Err: fmt.Errorf("start rolls %q: %w", startRolls, err)}
	}
	return g, nil
}

// insertGame stores g as a new active game with no moves yet.
func insertGame(ctx context.Context, tx *txn, now time.Time, g Game) (int64, error) {
	if g.GuildID == "" || g.Variant == "" || g.Players[0] == "" || g.Players[1] == "" {
		return 0, errors.New("a game needs a server, a variant and two players")
	}
	if err := ensureRows(ctx, tx, now.UnixMilli(), g.GuildID, g.Players[0], g.Players[1]); err != nil {
		return 0, err
	}
	if g.Days == 0 {
		if err := tx.QueryRowContext(ctx, `SELECT default_days FROM servers WHERE guild_id = ?`, g.GuildID).Scan(&g.Days); err != nil {
			return 0, err
		}
	}
	if g.Days < 1 || g.Days > 365 {
		return 0, fmt.Errorf("days per move must be between 1 and 365, got %d", g.Days)
	}
	if g.ComputerLevel < 0 || g.ComputerLevel > 5 {
		return 0, fmt.Errorf("the computer's level must be between 1 and 5 (0: no computer), got %d", g.ComputerLevel)
	}
	rolls, err := json.Marshal(nonNilInts(g.StartRolls))
	if err != nil {
		return 0, err
	}
	if g.CreatedAt.IsZero() {
		g.CreatedAt = now
	}
	var rematch any
	if g.RematchOf != 0 {
		rematch = g.RematchOf
	}
	var id int64
	err = tx.QueryRowContext(ctx, `INSERT INTO games (guild_id, channel_id, thread_id, variant, setup, start_rolls,
		player1_id, player2_id, days, state, winner, reason, rated, ply, deadline, reminder_at, reminder_sent,
		draw_offer_by, rematch_of, computer_level, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'active', -1, '', ?, 0, ?, ?, 0, -1, ?, ?, ?, ?) RETURNING id`,
		g.GuildID, g.ChannelID, g.ThreadID, g.Variant, g.Setup, string(rolls), g.Players[0], g.Players[1], g.Days,
		boolInt(g.ComputerLevel == 0), millis(g.Deadline), millis(g.ReminderAt), rematch, g.ComputerLevel,
		millis(g.CreatedAt), now.UnixMilli()).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("storing the game: %w", err)
	}
	return id, nil
}

// CreateGame stores a new active game that no challenge led to (a rematch).
func (s *sqlStore) CreateGame(ctx context.Context, g Game) (int64, error) {
	var id int64
	err := s.inTx(ctx, func(ctx context.Context, tx *txn) error {
		var err error
		id, err = insertGame(ctx, tx, s.now(), g)
		return err
	})
	return id, err
}

// SetGameThread records the Discord thread the game is played in.
func (s *sqlStore) SetGameThread(ctx context.Context, gameID int64, threadID string) error {
	return s.inTx(ctx, func(ctx context.Context, tx *txn) error {
		return mustAffect(tx.ExecContext(ctx, `UPDATE games SET thread_id = ?, updated_at = ? WHERE id = ?`,
			threadID, s.now().UnixMilli(), gameID))
	})
}

// ClaimGameThread records the thread of an active game that has none yet
// and reports whether this call did: of several replicas finishing a game's
// cut-short opening, only the one that claimed it posts.
func (s *sqlStore) ClaimGameThread(ctx context.Context, gameID int64, threadID string) (bool, error) {
	claimed := false
	err := s.inTx(ctx, func(ctx context.Context, tx *txn) error {
		res, err := tx.ExecContext(ctx, `UPDATE games SET thread_id = ?, updated_at = ? WHERE id = ? AND thread_id = '' AND state = 'active'`,
			threadID, s.now().UnixMilli(), gameID)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		claimed = n == 1
		return err
	})
	return claimed, err
}

// Game reads one game's row; ErrNotFound if there is none.
func (s *sqlStore) Game(ctx context.Context, id int64) (Game, error) {
	return s.oneGame(ctx, s.read, `SELECT `+gameColumns+` FROM games WHERE id = ?`, id)
}

// GameByThread finds the game played in a Discord thread (the newest, should
// a thread ever hold two); ErrNotFound if none.
func (s *sqlStore) GameByThread(ctx context.Context, threadID string) (Game, error) {
	if threadID == "" {
		return Game{}, ErrNotFound
	}
	return s.oneGame(ctx, s.read, `SELECT `+gameColumns+` FROM games WHERE thread_id = ? ORDER BY id DESC LIMIT 1`, threadID)
}

func (s *sqlStore) oneGame(ctx context.Context, q queryer, query string, args ...any) (Game, error) {
	g, err := scanGame(q.QueryRowContext(ctx, query, args...))
	if errors.Is(err, sql.ErrNoRows) {
		return Game{}, ErrNotFound
	}
	return g, err
}

func (s *sqlStore) gameList(ctx context.Context, query string, args ...any) ([]Game, error) {
	return listOf(ctx, s, scanGame, query, args...)
}

// SetDrawOffer records that player by (0 or 1) offers a draw; -1 clears it.
func (s *sqlStore) SetDrawOffer(ctx context.Context, gameID int64, by int) error {
	if by < -1 || by > 1 {
		return fmt.Errorf("a draw offer is by player 0 or 1 (or -1 for none), got %d", by)
	}
	return s.inTx(ctx, func(ctx context.Context, tx *txn) error {
		if _, err := activeGame(ctx, tx, gameID); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `UPDATE games SET draw_offer_by = ?, updated_at = ? WHERE id = ?`,
			by, s.now().UnixMilli(), gameID)
		return err
	})
}

// MarkReminded claims the reminder for the position after ply: it is true
// only for the first call for that ply of an active game, in whichever
// process makes it (a conditional UPDATE: the row's lock orders rivals, and
// the second finds reminder_sent already 1). Send the reminder only on true.
func (s *sqlStore) MarkReminded(ctx context.Context, gameID int64, ply int) (bool, error) {
	return s.execOne(ctx, `UPDATE games SET reminder_sent = 1, updated_at = ?
		WHERE id = ? AND ply = ? AND state = 'active' AND reminder_sent = 0`, s.now().UnixMilli(), gameID, ply)
}

// DueReminders lists active games whose reminder time has come and whose
// reminder was not sent yet.
func (s *sqlStore) DueReminders(ctx context.Context, now time.Time) ([]Game, error) {
	return s.gameList(ctx, `SELECT `+gameColumns+` FROM games WHERE state = 'active' AND reminder_sent = 0
		AND reminder_at IS NOT NULL AND reminder_at <= ? ORDER BY reminder_at, id`, now.UnixMilli())
}

// DueTimeouts lists active games whose deadline has passed. Ending one
// (EndGame, reason "time") is the claim: it succeeds once, in one process;
// every other attempt gets ErrGameOver.
func (s *sqlStore) DueTimeouts(ctx context.Context, now time.Time) ([]Game, error) {
	return s.gameList(ctx, `SELECT `+gameColumns+` FROM games WHERE state = 'active'
		AND deadline IS NOT NULL AND deadline <= ? ORDER BY deadline, id`, now.UnixMilli())
}

// UnopenedGames lists active games created before cutoff that still have
// no thread: their opening (thread, first posts) was cut short, e.g. by a
// crash between creating the thread and recording it. Ending one is the
// claim, as for DueTimeouts.
func (s *sqlStore) UnopenedGames(ctx context.Context, cutoff time.Time) ([]Game, error) {
	return s.gameList(ctx, `SELECT `+gameColumns+` FROM games WHERE state = 'active' AND thread_id = ''
		AND created_at < ? ORDER BY id`, cutoff.UnixMilli())
}

// ActiveGames lists a server's active games, oldest first; with a userID,
// only those that user plays in.
func (s *sqlStore) ActiveGames(ctx context.Context, guildID, userID string) ([]Game, error) {
	if userID == "" {
		return s.gameList(ctx, `SELECT `+gameColumns+` FROM games WHERE state = 'active' AND guild_id = ? ORDER BY id`, guildID)
	}
	return s.gameList(ctx, `SELECT `+gameColumns+` FROM games WHERE state = 'active' AND guild_id = ?
		AND (player1_id = ? OR player2_id = ?) ORDER BY id`, guildID, userID, userID)
}

// activeGame reads the row a write is about to change, inside its
// transaction and locked until it ends (FOR UPDATE on PostgreSQL): ErrNotFound
// or ErrGameOver if it cannot take a change.
func activeGame(ctx context.Context, tx *txn, gameID int64) (Game, error) {
	g, err := scanGame(tx.QueryRowContext(ctx, `SELECT `+gameColumns+` FROM games WHERE id = ?`+tx.d.forUpdate, gameID))
	if errors.Is(err, sql.ErrNoRows) {
		return g, ErrNotFound
	}
	if err != nil {
		return g, err
	}
	if g.State != "active" {
		return g, ErrGameOver
	}
	return g, nil
}

func nonNilInts(xs []int) []int {
	if xs == nil {
		return []int{}
	}
	return xs
}
