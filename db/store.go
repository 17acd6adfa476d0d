// Package db keeps Bermuda's servers, players, challenges, games, move log
// and ratings. One interface, Store, has two implementations: a SQLite file
// (github.com/mattn/go-sqlite3; the default, no server) and a PostgreSQL
// database (github.com/jackc/pgx/v5) that several bot replicas can share.
// Open picks one from its argument. Both run the same queries (see
// dialect.go for the few differences), have the same schema in their own
// migrations/ directory, and pass the same test suite.
//
// Times are stored as Unix milliseconds: what comes back is the UTC time,
// truncated to the millisecond.
package db

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"github.com/bermudachess/bermuda/games"
)

var (
	ErrNotFound        = errors.New("not found")
	ErrAlreadyTaken    = errors.New("already taken")    // challenge no longer open
	ErrPositionChanged = errors.New("position changed") // expected ply is stale
	ErrGameOver        = errors.New("game is over")     // game not active
	ErrDuplicate       = errors.New("duplicate interaction")
	ErrClosed          = errors.New("the database is closed")
)

// Store is an open Bermuda database. Every method is safe for concurrent
// use, also by several processes sharing one database: each write that
// decides something (a move at a ply, a challenge's acceptance, a game's
// end, a reminder, an interaction) succeeds for exactly one caller, and the
// others get the error that says why.
type Store interface {
	// Backend is "sqlite" or "postgres".
	Backend() string
	// Close waits for the writes in progress, refuses later ones with
	// ErrClosed and closes the database.
	Close() error
	SchemaVersion(ctx context.Context) (int, error)
	// Ping checks that the database answers (a replica's readiness).
	Ping(ctx context.Context) error
	// CountOpenGames counts the active games in every server (a metric).
	CountOpenGames(ctx context.Context) (int, error)
	// Backup copies a live SQLite database into one file; on PostgreSQL it
	// is refused (use pg_dump).
	Backup(ctx context.Context, dstPath string) error

	Settings(ctx context.Context, guildID string) (Settings, error)
	SetDefaultDays(ctx context.Context, guildID string, days int) error
	UnsetDefaultDays(ctx context.Context, guildID string) error
	UpsertPlayer(ctx context.Context, userID, name string) error
	PlayerName(ctx context.Context, userID string) (string, error)
	ClaimInteraction(ctx context.Context, interactionID string) error
	ForgetInteractions(ctx context.Context, before time.Time) (int64, error)

	CreateChallenge(ctx context.Context, c Challenge) (int64, error)
	SetChallengeMessage(ctx context.Context, id int64, messageID string) error
	Challenge(ctx context.Context, id int64) (Challenge, error)
	CloseChallenge(ctx context.Context, id int64, state string) error
	ExpiredChallenges(ctx context.Context, now time.Time) ([]Challenge, error)
	// ChallengesBetween lists the challenges either player made to the
	// other on a server since a time, newest first.
	ChallengesBetween(ctx context.Context, guildID, a, b string, since time.Time) ([]Challenge, error)
	AcceptChallenge(ctx context.Context, challengeID int64, acceptorID string, g Game) (int64, error)

	CreateGame(ctx context.Context, g Game) (int64, error)
	SetGameThread(ctx context.Context, gameID int64, threadID string) error
	Game(ctx context.Context, id int64) (Game, error)
	GameByThread(ctx context.Context, threadID string) (Game, error)
	ActiveGames(ctx context.Context, guildID, userID string) ([]Game, error)
	SetDrawOffer(ctx context.Context, gameID int64, by int) error
	DueReminders(ctx context.Context, now time.Time) ([]Game, error)
	MarkReminded(ctx context.Context, gameID int64, ply int) (bool, error)
	DueTimeouts(ctx context.Context, now time.Time) ([]Game, error)
	// UnopenedGames lists active games created before cutoff whose thread
	// was never recorded (their opening was cut short).
	UnopenedGames(ctx context.Context, cutoff time.Time) ([]Game, error)
	// ClaimGameThread records the thread of an active game that has none
	// and reports whether this call did (the claim to finish its opening).
	ClaimGameThread(ctx context.Context, gameID int64, threadID string) (bool, error)
	// ChallengeOfGame finds the accepted challenge a game came from.
	ChallengeOfGame(ctx context.Context, gameID int64) (Challenge, error)
	LoadGame(ctx context.Context, id int64) (Game, games.Game, error)
	Moves(ctx context.Context, gameID int64) ([]Move, error)
	AppendMove(ctx context.Context, gameID int64, expectedPly int, m Move, deadline, reminderAt time.Time, end *End) (Result, error)
	EndGame(ctx context.Context, gameID int64, end End) (Result, error)
	// ComputerGames lists the active games against the computer, in every
	// server, oldest first: those where it owes a move are made after a
	// restart (on whichever replica commits the move first).
	ComputerGames(ctx context.Context) ([]Game, error)
	// ComputerRecord is a player's record against each level of the
	// computer on a server, by level; levels never played are left out.
	ComputerRecord(ctx context.Context, guildID, userID string) ([]LevelRecord, error)

	// Reviews (reviews.go): a finished game's analysis, computed once
	// across processes under a renewed lease, then stored.
	ClaimReview(ctx context.Context, gameID int64, now time.Time, lease time.Duration) (ReviewRow, bool, error)
	RenewReview(ctx context.Context, gameID int64, claimedAt, now time.Time, progress int) (bool, time.Time, error)
	SetReviewMessage(ctx context.Context, gameID int64, channelID, messageID string) error
	FinishReview(ctx context.Context, gameID int64, claimedAt time.Time, data string) (bool, error)
	Review(ctx context.Context, gameID int64) (ReviewRow, error)
	LapsedReviews(ctx context.Context, now time.Time, lease time.Duration) ([]int64, error)

	// Puzzles (puzzles.go, puzzles_daily.go): attempts stored so any
	// process answers the next click, Glicko-2 ratings of players and
	// puzzles, and each server's daily puzzle claimed before it is posted.
	StartPuzzle(ctx context.Context, a PuzzleAttempt) (PuzzleAttempt, bool, error)
	PuzzleAttemptByID(ctx context.Context, id int64) (PuzzleAttempt, error)
	OpenPuzzle(ctx context.Context, userID, variant string) (PuzzleAttempt, error)
	TriedPuzzles(ctx context.Context, userID, variant string) (map[string]bool, error)
	AdvancePuzzle(ctx context.Context, id int64, ply, next int) (bool, error)
	HintPuzzle(ctx context.Context, id int64, ply int) (bool, error)
	FinishPuzzle(ctx context.Context, id int64, ply int, solved bool, startRating float64) (PuzzleOutcome, bool, error)
	PuzzlePlayerRating(ctx context.Context, userID, variant string) (PuzzlePlayer, error)
	PuzzlePlayerRatings(ctx context.Context, userID string) ([]PuzzlePlayer, error)
	PuzzleRatingOf(ctx context.Context, puzzleID, variant string, startRating float64) (PuzzleRating, error)
	SetPuzzleChannel(ctx context.Context, guildID, channelID, setBy string) error
	PuzzleChannels(ctx context.Context, day string, stopAfter int) (map[string]string, error)
	PuzzleChannelOf(ctx context.Context, guildID string) (PuzzleChannel, error)
	RecordDailyFailure(ctx context.Context, guildID, channelID, day, why string) (int, error)
	ClaimDailyFailureNotice(ctx context.Context, guildID string) (bool, error)
	ClaimDailyPuzzle(ctx context.Context, d DailyPuzzle, now time.Time, lease time.Duration) (DailyPuzzle, bool, error)
	SetDailyMessage(ctx context.Context, guildID, day string, claimedAt time.Time, messageID string) (bool, error)
	DailyPuzzleOf(ctx context.Context, guildID, day string) (DailyPuzzle, error)
	PostedDailies(ctx context.Context, day string) ([]DailyPuzzle, error)
	UnlistedDailies(ctx context.Context, day string) ([]DailyPuzzle, error)
	DailySolvers(ctx context.Context, guildID, day string) ([]string, error)
	ClaimDailyCount(ctx context.Context, guildID, day string, shown, solvers int, now time.Time) (bool, error)
	ClaimDailyListing(ctx context.Context, guildID, day string) (bool, error)

	// Conditional moves (premoves.go): a player's queued line per game,
	// moved on or deleted only under a condition on the ply it starts from.
	SetPremove(ctx context.Context, p Premove) error
	Premoves(ctx context.Context, gameID int64) ([]Premove, error)
	PremovesToFollow(ctx context.Context) ([]Premove, error)
	AdvancePremove(ctx context.Context, gameID int64, ownerID string, from, to int, moves []string) (bool, error)
	DeletePremove(ctx context.Context, gameID int64, ownerID string, ply int) (bool, error)
	// Drafts of lines built with the menus (premove_drafts.go), changed
	// only from the rev a message was drawn at.
	StartPremoveDraft(ctx context.Context, d PremoveDraft) (PremoveDraft, error)
	PremoveDraftByID(ctx context.Context, id int64) (PremoveDraft, error)
	UpdatePremoveDraft(ctx context.Context, id int64, rev int, moves []string) (bool, error)
	ForgetPremoveDrafts(ctx context.Context) (int64, error)

	Leaderboard(ctx context.Context, guildID, variant string, n int) ([]Rating, error)
	Provisional(ctx context.Context, guildID, variant string, n int) ([]Rating, error)
	PlayerRatings(ctx context.Context, guildID, userID string) ([]Rating, error)
	// RatingHistory is a player's rated games on a server with the rating
	// each moved, every variant, oldest first (history.go).
	RatingHistory(ctx context.Context, guildID, userID string) ([]RatingStep, error)

	// Swiss tournaments (tournaments.go).
	SetTournamentRole(ctx context.Context, guildID, roleID string) error
	// SetPagesOff turns a server's game pages off (true) or on again.
	SetPagesOff(ctx context.Context, guildID string, off bool) error
	CreateTournament(ctx context.Context, t Tournament) (int64, error)
	SetTournamentMessage(ctx context.Context, id int64, messageID string) error
	Tournament(ctx context.Context, id int64) (Tournament, error)
	GuildTournaments(ctx context.Context, guildID string, n int) ([]Tournament, error)
	DueTournaments(ctx context.Context, now time.Time) ([]Tournament, error)
	JoinTournament(ctx context.Context, id int64, e Entrant) error
	WithdrawFromTournament(ctx context.Context, id int64, userID string) (Withdrawal, error)
	CancelTournament(ctx context.Context, id int64) error
	StartRound(ctx context.Context, id int64, version int64, round int, at time.Time, pairings []Pairing) ([]Board, error)
	ClaimRoundAnnouncement(ctx context.Context, id int64, round int) (bool, error)
	UnannouncedRounds(ctx context.Context) ([]Tournament, error)
	EndTournament(ctx context.Context, id int64, version int64, state string) error
	TournamentEntrants(ctx context.Context, id int64) ([]Entrant, error)
	TournamentBoards(ctx context.Context, id int64) ([]Board, error)
	BoardOfGame(ctx context.Context, gameID int64) (Board, error)

	// Holidays (holidays.go): clocks stand still while a player is away;
	// a holiday's start or early end is stored with the clocks it moves.
	AddHoliday(ctx context.Context, h Holiday, clocks []Clock) (int64, error)
	Holidays(ctx context.Context, userID string, since time.Time) ([]Holiday, error)
	EndHoliday(ctx context.Context, userID string, id int64, at time.Time, clocks []Clock) (Holiday, error)
	HolidaysOver(ctx context.Context, now time.Time) ([]Holiday, error)
	ClaimReturn(ctx context.Context, id int64, at time.Time) (bool, error)
	// How players are told it is their move (notices.go): mentions, a
	// direct message, or a daily digest claimed once a day.
	NoticeSetting(ctx context.Context, userID string) (NoticeSetting, error)
	SetNotice(ctx context.Context, userID, mode string, hour int, notBefore string) error
	SetDMChannel(ctx context.Context, userID, channelID string) error
	FallBackToMentions(ctx context.Context, userID, from string) (bool, error)
	DueDigests(ctx context.Context, day string, hour int) ([]NoticeSetting, error)
	ClaimDigest(ctx context.Context, userID, day string) (bool, error)
	PlayerActiveGames(ctx context.Context, userID string) ([]Game, error)
}

// Open opens the database named by dsn and brings its schema up to date; a
// database written by a newer bermuda is refused. A postgres:// or
// postgresql:// URL opens PostgreSQL; anything else is the path of a SQLite
// file, created if missing.
func Open(dsn string) (Store, error) {
	if IsPostgresURL(dsn) {
		return openPostgres(dsn)
	}
	return openSQLite(dsn)
}

// IsPostgresURL reports whether dsn names a PostgreSQL database.
func IsPostgresURL(dsn string) bool {
	l := strings.ToLower(strings.TrimSpace(dsn))
	return strings.HasPrefix(l, "postgres://") || strings.HasPrefix(l, "postgresql://")
}

// sqlStore implements Store over database/sql for both backends.
type sqlStore struct {
	d     *dialect
	where string // the file, or the URL without its password: for messages
	read  pool
	w     writer
	now   func() time.Time
}

// writer runs write transactions: SQLite's group committer, or PostgreSQL
// transactions retried on serialization failures and deadlocks.
type writer interface {
	// run runs fn in a write transaction and returns once its changes are
	// committed, or fn's error with its changes undone. A context cancelled
	// before fn starts stops it; once fn has started it runs to its end,
	// so the caller always learns whether it committed.
	run(ctx context.Context, fn func(ctx context.Context, tx *txn) error) error
	close() error
}

func (s *sqlStore) Backend() string { return s.d.name }

func (s *sqlStore) inTx(ctx context.Context, fn func(ctx context.Context, tx *txn) error) error {
	return s.w.run(ctx, fn)
}

func (s *sqlStore) Close() error { return s.w.close() }

// millis stores t as Unix milliseconds, the zero time as NULL.
func millis(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t.UnixMilli()
}

// fromMillis is the inverse of millis.
func fromMillis(v sql.NullInt64) time.Time {
	if !v.Valid {
		return time.Time{}
	}
	return time.UnixMilli(v.Int64).UTC()
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
