package play

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"sync"
	"time"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/metrics"
)

// Service takes the game's actions for every front end. It is safe for
// concurrent use: actions on different games run in parallel, actions on
// one game one at a time.
type Service struct {
	store   db.Store
	log     *slog.Logger
	now     func() time.Time
	roller  games.Roller
	self    func() string
	metrics *metrics.Metrics

	mu       sync.Mutex
	sessions map[int64]*Session
	subs     []Subscriber
}

// Options configure a Service.
type Options struct {
	Store db.Store
	Log   *slog.Logger
	// Now is the clock (default time.Now).
	Now func() time.Time
	// Roller rolls every die (default games.CryptoRoller).
	Roller games.Roller
	// ComputerID is the computer's user id: its seat in games against the
	// computer, where no clock runs while it is to act ("" for none).
	ComputerID func() string
	// Metrics, if set, counts committed moves.
	Metrics *metrics.Metrics
}

// New makes a Service.
func New(o Options) *Service {
	if o.Log == nil {
		o.Log = slog.Default()
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Roller == nil {
		o.Roller = games.CryptoRoller{}
	}
	if o.ComputerID == nil {
		o.ComputerID = func() string { return "" }
	}
	return &Service{store: o.Store, log: o.Log, now: o.Now, roller: o.Roller, self: o.ComputerID,
		metrics: o.Metrics, sessions: map[int64]*Session{}}
}

// Subscriber reacts to a committed action. It is called synchronously,
// in order, after the commit and with the game still locked (so one
// game's events are seen one at a time, in the order they happened); it
// must not lock the same game again.
type Subscriber func(ctx context.Context, ev Event)

// Subscribe adds f to the subscribers (front ends register at start).
func (p *Service) Subscribe(f Subscriber) {
	p.mu.Lock()
	p.subs = append(p.subs, f)
	p.mu.Unlock()
}

func (p *Service) emit(ctx context.Context, ev Event) {
	p.mu.Lock()
	subs := append([]Subscriber(nil), p.subs...)
	p.mu.Unlock()
	for _, f := range subs {
		f(ctx, ev)
	}
}

// Request is who acts in which game, and what the front end needs back.
type Request struct {
	GameID int64
	UserID string // the acting Discord user id
	// AtPly is the ply the client saw; AnyPly if it did not say (a typed
	// command acts on the game as it stands).
	AtPly int
	// Origin is handed back in the events this action causes (the bot:
	// its interaction, to answer it). Nil for moves the package or the
	// computer makes.
	Origin any
	// Source is stored with a move (the interaction id), "" for none.
	Source string
	// Ready, if set, is called once the action is allowed (and a move is
	// legal), before anything is stored: a front end acknowledges the
	// request there (the bot defers its answer). An error stops the action.
	Ready func() error
}

// AnyPly is a Request's AtPly when the client did not say which ply it saw.
const AnyPly = -1

func (r Request) ready() error {
	if r.Ready == nil {
		return nil
	}
	return r.Ready()
}

// Event is what a committed action tells the front ends: Moved, Ended,
// DrawOffered, DrawDeclined.
type Event interface{ event() }

// Moved is a move stored in a game.
type Moved struct {
	Row    db.Game // the game as stored after the move
	Mover  string  // the user id who moved
	Seat   games.Player
	Ply    games.Ply     // the move with its rolls
	Events []games.Event // what the rules said happened
	Next   games.Game    // the position after it
	// Queued: an answer from a conditional line, played by the package.
	Queued bool
	// AnswerFollows names the owner of a queued answer to this move that
	// is played right after it ("" for none): the next turn is theirs and
	// over at once, so nobody need be told it is theirs.
	AnswerFollows string
	Origin        any
}

// Ended is a game's end, by the rules (after its Moved) or outside them
// (resignation, agreement, abort, time).
type Ended struct {
	Row    db.Game // as stored after the end
	Game   games.Game
	Winner int // seat, -1 for a draw
	Reason string
	Result db.Result // the rating changes
	ByMove bool      // the rules ended it with the move just shown
	// Abandoned: aborted because no front end can show the game (Abandon).
	Abandoned bool
	Origin    any
}

// DrawOffered is a draw offer stored; DrawDeclined its refusal.
type DrawOffered struct {
	Row    db.Game
	By     games.Player
	Origin any
}

type DrawDeclined struct {
	Row    db.Game
	By     games.Player // who declined
	Origin any
}

func (Moved) event()        {}
func (Ended) event()        {}
func (DrawOffered) event()  {}
func (DrawDeclined) event() {}

// Why an action was refused (wrapped in a *Refusal).
var (
	ErrNotPlayer   = errors.New("not a player in this game")
	ErrOver        = errors.New("the game is over")
	ErrNotYourTurn = errors.New("not your turn")
	ErrStale       = errors.New("the position changed since the client saw it")
	ErrIllegal     = errors.New("illegal move")
	// ErrRaced: another replica stored a move at this ply first.
	ErrRaced = errors.New("another move was stored first")
	// ErrEndedMeanwhile: the game ended while the action was on its way.
	ErrEndedMeanwhile = errors.New("the game ended meanwhile")
	ErrTooLate        = errors.New("too late to abort")
	ErrComputerDraw   = errors.New("the computer takes no draw offers")
	ErrOfferPending   = errors.New("a draw offer of yours is pending")
	ErrOwnOffer       = errors.New("that is your own draw offer")
	ErrNoOffer        = errors.New("no draw offer is open")
)

// Refusal is a user's action refused: Err says why, View shows the game
// as it stood (under its lock; after ErrRaced, reloaded, with a nil Game
// if it could not be). Move is set for ErrIllegal; ComputerToAct for
// ErrNotYourTurn when the computer owes the move.
type Refusal struct {
	Err           error
	View          View
	Move          *games.MoveError
	ComputerToAct bool
	Seat          games.Player // the acting user's seat, or NoPlayer
}

func (r *Refusal) Error() string { return r.Err.Error() }
func (r *Refusal) Unwrap() error { return r.Err }

func refuse(err error, s *Session, seat games.Player) *Refusal {
	return &Refusal{Err: err, View: ViewOf(s.Row, s.Game), Seat: seat}
}

// ComputerSeat is the seat the computer plays in row, or NoPlayer.
func (p *Service) ComputerSeat(row db.Game) games.Player {
	self := p.self()
	if row.ComputerLevel == 0 || self == "" {
		return games.NoPlayer
	}
	return SeatOf(row.Players, self)
}

// ComputerToAct says whether the computer owes the next move in g.
func (p *Service) ComputerToAct(row db.Game, g games.Game) bool {
	s := p.ComputerSeat(row)
	return s != games.NoPlayer && row.State == "active" && !g.Outcome().Over && g.Turn().Player == s
}

// lockPlayer locks the game for an action only its players may take
// while it is active (and, if r.AtPly says, at that ply).
func (p *Service) lockPlayer(ctx context.Context, r Request) (*Session, games.Player, error) {
	s, err := p.Lock(ctx, r.GameID)
	if err != nil {
		return nil, games.NoPlayer, err
	}
	seat := s.PlayerOf(r.UserID)
	switch {
	case s.Row.State != "active":
		err = refuse(ErrOver, s, seat)
	case seat == games.NoPlayer:
		err = refuse(ErrNotPlayer, s, seat)
	case r.AtPly != AnyPly && r.AtPly != s.Row.Ply:
		err = refuse(ErrStale, s, seat)
	}
	if err != nil {
		s.Unlock()
		return nil, seat, err
	}
	return s, seat, nil
}

// Survive, deferred, turns a panic in background work (a scheduler's job,
// the computer's move) into a log line, so that one bad game or job never
// stops the others (or the process).
func (p *Service) Survive(job string, gameID int64) {
	if r := recover(); r != nil {
		p.log.Error("scheduled job panicked", "job", job, "game", gameID, "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
	}
}
