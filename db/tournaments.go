package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Swiss tournaments (issue #28). The store keeps who entered, each round's
// boards and their results; what to pair is decided by package swiss in the
// caller, and written here in one claimed transaction (StartRound). A game
// of a tournament is an ordinary row of games: its end (finish) also
// records the board's result and counts the round down, in the same
// transaction, so no result is ever lost between the two.

var (
	ErrAlreadyEntered = errors.New("already entered")
	ErrNotEntered     = errors.New("not entered")
	// ErrTournamentState: the tournament is not in a state that allows
	// this (joining after the start, cancelling a finished one…).
	ErrTournamentState = errors.New("the tournament is not in a state that allows this")
)

// Tournament is one tournament's row.
type Tournament struct {
	ID                                         int64
	GuildID, ChannelID, MessageID, OrganiserID string
	Variant                                    string
	Rounds, Days                               int
	Rated                                      bool
	State                                      string // "open", "running", "finished", "cancelled"
	Round                                      int    // rounds paired so far
	Announced                                  int    // the last round whose pairings were posted (ClaimRoundAnnouncement)
	Playing                                    int    // games of the current round still being played
	// Version changes with every write that could change a pairing (an
	// entrant, a withdrawal, a result): StartRound and EndTournament are
	// claimed on it, so a decision made from a stale read is refused.
	Version                       int64
	StartsAt, DueAt               time.Time
	CreatedAt, UpdatedAt, EndedAt time.Time
}

// Entrant is one player of a tournament; the computer is one with a level.
type Entrant struct {
	UserID        string
	Name          string // the name Discord gave when they joined
	Rating        int    // at joining: orders the first pairing
	ComputerLevel int
	Withdrawn     bool
	JoinedAt      time.Time
}

// Board results, as stored.
const (
	BoardPending      = "pending"
	BoardWhiteWins    = "1-0"
	BoardBlackWins    = "0-1"
	BoardDraw         = "draw"
	BoardBye          = "bye"
	BoardWhiteForfeit = "1-0 forfeit" // Black withdrew before playing: White gets the point
	BoardBlackForfeit = "0-1 forfeit"
	BoardVoid         = "void" // the game was aborted (its thread gone): nobody scores
)

// Board is one game (or the bye) of a round.
type Board struct {
	TournamentID int64
	Round, Board int
	White, Black string // Black "" for a bye
	GameID       int64  // 0 for a bye
	Result       string
}

// Pairing is one board to create: Game is the game's row (ignored for a bye).
type Pairing struct {
	White, Black string
	Game         Game
}

// Withdrawal is what WithdrawFromTournament did.
type Withdrawal struct {
	Removed   bool    // the tournament had not started: the entry is gone
	Forfeited []Board // games of the current round ended, the opponent winning
}

const tournamentColumns = `id, guild_id, channel_id, message_id, organiser_id, variant, rounds, days, rated, state,
	round, playing, version, starts_at, due_at, created_at, updated_at, ended_at, announced_round`

func scanTournament(row interface{ Scan(...any) error }) (Tournament, error) {
	var t Tournament
	var starts, due, created, updated, ended sql.NullInt64
	err := row.Scan(&t.ID, &t.GuildID, &t.ChannelID, &t.MessageID, &t.OrganiserID, &t.Variant, &t.Rounds, &t.Days,
		&t.Rated, &t.State, &t.Round, &t.Playing, &t.Version, &starts, &due, &created, &updated, &ended, &t.Announced)
	t.StartsAt, t.DueAt = fromMillis(starts), fromMillis(due)
	t.CreatedAt, t.UpdatedAt, t.EndedAt = fromMillis(created), fromMillis(updated), fromMillis(ended)
	return t, err
}

// CreateTournament stores a new open tournament, due at its start.
func (s *sqlStore) CreateTournament(ctx context.Context, t Tournament) (int64, error) {
	if t.GuildID == "" || t.OrganiserID == "" || t.Variant == "" || t.StartsAt.IsZero() {
		return 0, errors.New("a tournament needs a server, an organiser, a variant and a start time")
	}
	if t.Rounds < 1 || t.Rounds > 20 || t.Days < 1 || t.Days > 365 {
		return 0, fmt.Errorf("a tournament has 1–20 rounds and 1–365 days per move, got %d and %d", t.Rounds, t.Days)
	}
	var id int64
	err := s.inTx(ctx, func(ctx context.Context, tx *txn) error {
		now := s.now().UnixMilli()
		if err := ensureRows(ctx, tx, now, t.GuildID, t.OrganiserID); err != nil {
			return err
		}
		return tx.QueryRowContext(ctx, `INSERT INTO tournaments (guild_id, channel_id, message_id, organiser_id, variant,
			rounds, days, rated, state, starts_at, due_at, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'open', ?, ?, ?, ?) RETURNING id`,
			t.GuildID, t.ChannelID, t.MessageID, t.OrganiserID, t.Variant, t.Rounds, t.Days, boolInt(t.Rated),
			t.StartsAt.UnixMilli(), t.StartsAt.UnixMilli(), now, now).Scan(&id)
	})
	return id, err
}

// SetTournamentMessage records the announcement the entrants list is kept on.
func (s *sqlStore) SetTournamentMessage(ctx context.Context, id int64, messageID string) error {
	return s.inTx(ctx, func(ctx context.Context, tx *txn) error {
		return mustAffect(tx.ExecContext(ctx, `UPDATE tournaments SET message_id = ? WHERE id = ?`, messageID, id))
	})
}

// Tournament reads one tournament; ErrNotFound if there is none.
func (s *sqlStore) Tournament(ctx context.Context, id int64) (Tournament, error) {
	t, err := scanTournament(s.read.QueryRowContext(ctx, `SELECT `+tournamentColumns+` FROM tournaments WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return t, ErrNotFound
	}
	return t, err
}

// GuildTournaments lists a server's tournaments, newest first, at most n.
func (s *sqlStore) GuildTournaments(ctx context.Context, guildID string, n int) ([]Tournament, error) {
	return s.tournaments(ctx, `SELECT `+tournamentColumns+` FROM tournaments WHERE guild_id = ? ORDER BY id DESC LIMIT ?`, guildID, n)
}

// DueTournaments lists the tournaments the scheduler has work in at now:
// one whose start time came, or whose round's last game ended. One
// indexed range (tournaments_due) however many are stored.
func (s *sqlStore) DueTournaments(ctx context.Context, now time.Time) ([]Tournament, error) {
	return s.tournaments(ctx, `SELECT `+tournamentColumns+` FROM tournaments
		WHERE due_at IS NOT NULL AND due_at <= ? ORDER BY due_at, id`, now.UnixMilli())
}

func (s *sqlStore) tournaments(ctx context.Context, query string, args ...any) ([]Tournament, error) {
	rows, err := s.read.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Tournament
	for rows.Next() {
		t, err := scanTournament(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// lockTournament reads a tournament inside tx, locked for the write.
func lockTournament(ctx context.Context, tx *txn, id int64) (Tournament, error) {
	t, err := scanTournament(tx.QueryRowContext(ctx, `SELECT `+tournamentColumns+` FROM tournaments WHERE id = ?`+tx.d.forUpdate, id))
	if errors.Is(err, sql.ErrNoRows) {
		return t, ErrNotFound
	}
	return t, err
}

// bump records that a tournament changed (see Tournament.Version).
func bump(ctx context.Context, tx *txn, id int64, now time.Time) error {
	_, err := tx.ExecContext(ctx, `UPDATE tournaments SET version = version + 1, updated_at = ? WHERE id = ?`, now.UnixMilli(), id)
	return err
}

// JoinTournament enters a player in an open tournament: ErrAlreadyEntered
// if they are in it, ErrTournamentState once it has started.
func (s *sqlStore) JoinTournament(ctx context.Context, id int64, e Entrant) error {
	if e.UserID == "" {
		return errors.New("an entrant needs a user id")
	}
	return s.inTx(ctx, func(ctx context.Context, tx *txn) error {
		t, err := lockTournament(ctx, tx, id)
		if err != nil {
			return err
		}
		if t.State != "open" {
			return ErrTournamentState
		}
		now := s.now()
		if err := ensureRows(ctx, tx, now.UnixMilli(), t.GuildID, e.UserID); err != nil {
			return err
		}
		if e.Rating == 0 {
			e.Rating = int(StartRating)
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO tournament_players (tournament_id, user_id, name, rating, computer_level, joined_at)
			VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`, id, e.UserID, e.Name, e.Rating, e.ComputerLevel, now.UnixMilli())
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return ErrAlreadyEntered
		}
		return bump(ctx, tx, id, now)
	})
}

// WithdrawFromTournament takes a player out. Before the start the entry
// is simply removed; afterwards they are marked withdrawn (never paired
// again) and their games of the current round still being played end at
// once, each opponent winning (reason "forfeit"), in the same transaction.
func (s *sqlStore) WithdrawFromTournament(ctx context.Context, id int64, userID string) (Withdrawal, error) {
	var w Withdrawal
	err := s.inTx(ctx, func(ctx context.Context, tx *txn) error {
		w = Withdrawal{}
		t, err := lockTournament(ctx, tx, id)
		if err != nil {
			return err
		}
		now := s.now()
		switch t.State {
		case "open":
			if err := mustAffect(tx.ExecContext(ctx, `DELETE FROM tournament_players WHERE tournament_id = ? AND user_id = ?`, id, userID)); err != nil {
				if errors.Is(err, ErrNotFound) {
					return ErrNotEntered
				}
				return err
			}
			w.Removed = true
			return bump(ctx, tx, id, now)
		case "running":
		default:
			return ErrTournamentState
		}
		if err := mustAffect(tx.ExecContext(ctx, `UPDATE tournament_players SET withdrawn = 1
			WHERE tournament_id = ? AND user_id = ? AND withdrawn = 0`, id, userID)); err != nil {
			if errors.Is(err, ErrNotFound) {
				return ErrNotEntered
			}
			return err
		}
		boards, err := boards(ctx, tx, `SELECT tournament_id, round, board, white_id, black_id, game_id, result FROM tournament_games
			WHERE tournament_id = ? AND round = ? AND result = 'pending' AND game_id IS NOT NULL AND (white_id = ? OR black_id = ?)`,
			id, t.Round, userID, userID)
		if err != nil {
			return err
		}
		for _, b := range boards {
			g, err := activeGame(ctx, tx, b.GameID)
			if errors.Is(err, ErrGameOver) {
				continue // ended meanwhile: its result is in
			}
			if err != nil {
				return err
			}
			winner := 0
			if g.Players[0] == userID {
				winner = 1
			}
			if _, err := finish(ctx, tx, g, End{Winner: winner, Reason: "forfeit"}, now); err != nil {
				return err
			}
			b.Result = boardResult(g, "finished", End{Winner: winner, Reason: "forfeit"})
			w.Forfeited = append(w.Forfeited, b)
		}
		return bump(ctx, tx, id, now)
	})
	return w, err
}

// CancelTournament stops an open or running tournament: no more rounds.
// Games under way go on as ordinary games.
func (s *sqlStore) CancelTournament(ctx context.Context, id int64) error {
	return s.inTx(ctx, func(ctx context.Context, tx *txn) error {
		now := s.now().UnixMilli()
		res, err := tx.ExecContext(ctx, `UPDATE tournaments SET state = 'cancelled', due_at = NULL, version = version + 1,
			updated_at = ?, ended_at = ? WHERE id = ? AND state IN ('open', 'running')`, now, now, id)
		if err := mustAffect(res, err); errors.Is(err, ErrNotFound) {
			if _, err := lockTournament(ctx, tx, id); err != nil {
				return err
			}
			return ErrTournamentState
		} else {
			return err
		}
	})
}

// StartRound pairs the next round: exactly once per round, and only from
// the state the pairing was computed from. The claim is the conditional
// update of (round, version); the round's games and boards are written in
// the same transaction, so a crash leaves either the whole round or none.
// A claim that fails (another replica paired it, or something changed
// since the read) gives ErrAlreadyTaken. It returns the boards in order,
// with their games' ids. at is when the round is paired, on the caller's
// clock: a first round paired before the announced start (an organiser's
// start_round) moves starts_at back to at, the moment it really started,
// so that the tournament is due as soon as any round's last game ends.
func (s *sqlStore) StartRound(ctx context.Context, id int64, version int64, round int, at time.Time, pairings []Pairing) ([]Board, error) {
	var out []Board
	err := s.inTx(ctx, func(ctx context.Context, tx *txn) error {
		out = nil
		now := s.now()
		playing := 0
		for _, p := range pairings {
			if p.Black != "" {
				playing++
			}
		}
		// A round of byes only is over at once: due since the start (see endBoard).
		started := at.UnixMilli()
		res, err := tx.ExecContext(ctx, `UPDATE tournaments SET round = ?, state = 'running', playing = ?,
			starts_at = CASE WHEN starts_at > ? THEN ? ELSE starts_at END,
			due_at = CASE WHEN ? = 0 THEN (CASE WHEN starts_at > ? THEN ? ELSE starts_at END) ELSE NULL END,
			version = version + 1, updated_at = ?
			WHERE id = ? AND round = ? AND version = ? AND state IN ('open', 'running')`,
			round, playing, started, started, playing, started, started, now.UnixMilli(), id, round-1, version)
		if err := mustAffect(res, err); errors.Is(err, ErrNotFound) {
			return ErrAlreadyTaken
		} else if err != nil {
			return err
		}
		for i, p := range pairings {
			b := Board{TournamentID: id, Round: round, Board: i + 1, White: p.White, Black: p.Black, Result: BoardPending}
			var gameID any
			if p.Black == "" {
				b.Result = BoardBye
			} else {
				g := p.Game
				g.Players = [2]string{p.White, p.Black}
				if b.GameID, err = insertGame(ctx, tx, now, g); err != nil {
					return err
				}
				gameID = b.GameID
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO tournament_games (tournament_id, round, board, white_id, black_id, game_id, result)
				VALUES (?, ?, ?, ?, ?, ?, ?)`, id, round, b.Board, b.White, b.Black, gameID, b.Result); err != nil {
				return fmt.Errorf("storing board %d of round %d: %w", b.Board, round, err)
			}
			out = append(out, b)
		}
		return nil
	})
	return out, err
}

// EndTournament closes a running or open tournament as "finished" or
// "cancelled", claimed on its version: ErrAlreadyTaken if it changed since
// the caller read it (another replica ended it, or a result came in).
func (s *sqlStore) EndTournament(ctx context.Context, id int64, version int64, state string) error {
	if state != "finished" && state != "cancelled" {
		return fmt.Errorf("a tournament ends finished or cancelled, not %q", state)
	}
	return s.inTx(ctx, func(ctx context.Context, tx *txn) error {
		now := s.now().UnixMilli()
		res, err := tx.ExecContext(ctx, `UPDATE tournaments SET state = ?, due_at = NULL, version = version + 1,
			updated_at = ?, ended_at = ? WHERE id = ? AND version = ? AND state IN ('open', 'running')`, state, now, now, id, version)
		if err := mustAffect(res, err); errors.Is(err, ErrNotFound) {
			return ErrAlreadyTaken
		} else {
			return err
		}
	})
}

// TournamentEntrants lists the entrants in the order they joined.
func (s *sqlStore) TournamentEntrants(ctx context.Context, id int64) ([]Entrant, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT user_id, name, rating, computer_level, withdrawn, joined_at
		FROM tournament_players WHERE tournament_id = ? ORDER BY joined_at, user_id`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Entrant
	for rows.Next() {
		var e Entrant
		var joined sql.NullInt64
		if err := rows.Scan(&e.UserID, &e.Name, &e.Rating, &e.ComputerLevel, &e.Withdrawn, &joined); err != nil {
			return nil, err
		}
		e.JoinedAt = fromMillis(joined)
		out = append(out, e)
	}
	return out, rows.Err()
}

// TournamentBoards lists every board of every round, in order.
func (s *sqlStore) TournamentBoards(ctx context.Context, id int64) ([]Board, error) {
	return boards(ctx, s.read, `SELECT tournament_id, round, board, white_id, black_id, game_id, result FROM tournament_games
		WHERE tournament_id = ? ORDER BY round, board`, id)
}

// BoardOfGame finds the tournament board a game is played on;
// ErrNotFound for a game outside tournaments.
func (s *sqlStore) BoardOfGame(ctx context.Context, gameID int64) (Board, error) {
	bs, err := boards(ctx, s.read, `SELECT tournament_id, round, board, white_id, black_id, game_id, result FROM tournament_games
		WHERE game_id = ?`, gameID)
	if err == nil && len(bs) == 0 {
		err = ErrNotFound
	}
	if err != nil {
		return Board{}, err
	}
	return bs[0], nil
}

type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

func boards(ctx context.Context, q querier, query string, args ...any) ([]Board, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Board
	for rows.Next() {
		var b Board
		var game sql.NullInt64
		if err := rows.Scan(&b.TournamentID, &b.Round, &b.Board, &b.White, &b.Black, &game, &b.Result); err != nil {
			return nil, err
		}
		b.GameID = game.Int64
		out = append(out, b)
	}
	return out, rows.Err()
}

// boardResult is what a game's end means for its board. A game ended by a
// withdrawal before any move is a forfeit (it did not take place).
func boardResult(g Game, state string, end End) string {
	switch {
	case state == "aborted":
		return BoardVoid
	case end.Reason == "forfeit" && g.Ply == 0 && end.Winner == 0:
		return BoardWhiteForfeit
	case end.Reason == "forfeit" && g.Ply == 0 && end.Winner == 1:
		return BoardBlackForfeit
	case end.Winner == 0:
		return BoardWhiteWins
	case end.Winner == 1:
		return BoardBlackWins
	}
	return BoardDraw
}

// endBoard, called by finish inside the game's ending transaction, records
// a tournament game's result on its board and counts its round down; when
// the round's last game ends, the tournament becomes due (the next round
// or the end). A game outside tournaments changes nothing here.
func endBoard(ctx context.Context, tx *txn, g Game, state string, end End, now time.Time) error {
	var tid int64
	err := tx.QueryRowContext(ctx, `SELECT tournament_id FROM tournament_games WHERE game_id = ? AND result = 'pending'`, g.ID).Scan(&tid)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE tournament_games SET result = ? WHERE game_id = ?`, boardResult(g, state, end), g.ID); err != nil {
		return err
	}
	// Due since its start, a time already past on any clock: the store's
	// clock and the scheduler's need not agree (tests drive the latter).
	_, err = tx.ExecContext(ctx, `UPDATE tournaments SET playing = playing - 1, version = version + 1, updated_at = ?,
		due_at = CASE WHEN playing = 1 AND state = 'running' THEN starts_at ELSE due_at END WHERE id = ? AND playing > 0`,
		now.UnixMilli(), tid)
	return err
}

// inUnratedTournament reports whether g is a game of a tournament played
// unrated.
func inUnratedTournament(ctx context.Context, tx *txn, gameID int64) (bool, error) {
	var rated bool
	err := tx.QueryRowContext(ctx, `SELECT t.rated FROM tournament_games tg JOIN tournaments t ON t.id = tg.tournament_id
		WHERE tg.game_id = ?`, gameID).Scan(&rated)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil && !rated, err
}

// ClaimRoundAnnouncement claims the post of round's pairings in the
// tournament's channel: true for exactly one caller per round, across
// restarts and replicas (a conditional update of announced_round). Like
// the other once-only posts, the claim comes before the post: a crash
// between the two loses that post rather than repeating it.
func (s *sqlStore) ClaimRoundAnnouncement(ctx context.Context, id int64, round int) (bool, error) {
	return s.execOne(ctx, `UPDATE tournaments SET announced_round = ? WHERE id = ? AND round = ? AND announced_round < ?`,
		round, id, round, round)
}

// UnannouncedRounds lists the running tournaments whose current round's
// pairings were never posted (a crash between the round's commit and its
// post), oldest first.
func (s *sqlStore) UnannouncedRounds(ctx context.Context) ([]Tournament, error) {
	return s.tournaments(ctx, `SELECT `+tournamentColumns+` FROM tournaments
		WHERE state = 'running' AND announced_round < round ORDER BY id`)
}
