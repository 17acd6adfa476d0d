package play

import (
	"context"
	"errors"
	"time"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
)

// Challenges: one player offers a game (to a named opponent, or to anyone),
// another accepts, declines or lets it expire, its maker may cancel it.
// Each answer is claimed in the store, so two clicks (or replicas) never
// both act; accepting stores the game with the claim.

// ChallengeLifetime is how long an unanswered challenge stays open.
const ChallengeLifetime = 48 * time.Hour

// Why an answer to a challenge was refused (wrapped in a *ChallengeRefusal).
var (
	ErrNoChallenge     = errors.New("no such challenge")
	ErrChallengeClosed = errors.New("the challenge is no longer open")
	ErrOwnChallenge    = errors.New("that is your own challenge")
	ErrNotChallenged   = errors.New("the challenge names another opponent")
	ErrOpenToAnyone    = errors.New("a challenge open to anyone is not declined")
	ErrNotChallenger   = errors.New("only its maker cancels a challenge")
)

// ChallengeRefusal is an answer refused, with the challenge as it stood
// (reread after a lost claim: ErrChallengeClosed then says what became of
// it).
type ChallengeRefusal struct {
	Err       error
	Challenge db.Challenge
}

func (e *ChallengeRefusal) Error() string { return e.Err.Error() }
func (e *ChallengeRefusal) Unwrap() error { return e.Err }

// Challenge stores c as an open challenge, made now and open for
// ChallengeLifetime, and returns it with its id.
func (p *Service) Challenge(ctx context.Context, c db.Challenge) (db.Challenge, error) {
	now := p.now()
	c.State, c.CreatedAt, c.ExpiresAt = "open", now, now.Add(ChallengeLifetime)
	id, err := p.store.CreateChallenge(ctx, c)
	c.ID = id
	return c, err
}

// openChallenge reads challenge id and refuses it if it is not open.
func (p *Service) openChallenge(ctx context.Context, id int64) (db.Challenge, error) {
	c, err := p.store.Challenge(ctx, id)
	switch {
	case errors.Is(err, db.ErrNotFound):
		return c, &ChallengeRefusal{Err: ErrNoChallenge}
	case err != nil:
		return c, err
	case c.State != "open":
		return c, &ChallengeRefusal{Err: ErrChallengeClosed, Challenge: c}
	}
	return c, nil
}

// closedMeanwhile is a claim lost to another answer: the challenge reread.
func (p *Service) closedMeanwhile(ctx context.Context, c db.Challenge) error {
	if now, err := p.store.Challenge(ctx, c.ID); err == nil {
		c = now
	}
	return &ChallengeRefusal{Err: ErrChallengeClosed, Challenge: c}
}

// AcceptChallenge accepts challenge id for acceptor: once ready (called
// when the acceptor may, before anything is stored) agrees, the game is
// started (sides as the challenge's colour says) and stored with the
// claim, and held like Open's until the front end shows it (Shown or
// Cancel, then Unlock). It returns the held game, its opening's events and
// the challenge.
func (p *Service) AcceptChallenge(ctx context.Context, id int64, acceptor string, ready func() error) (*Session, []games.Event, db.Challenge, error) {
	c, err := p.openChallenge(ctx, id)
	switch {
	case err != nil:
		return nil, nil, c, err
	case acceptor == c.ChallengerID:
		return nil, nil, c, &ChallengeRefusal{Err: ErrOwnChallenge, Challenge: c}
	case c.OpponentID != "" && acceptor != c.OpponentID:
		return nil, nil, c, &ChallengeRefusal{Err: ErrNotChallenged, Challenge: c}
	}
	if err := ready(); err != nil {
		return nil, nil, c, err
	}
	row, g, evs, err := p.NewGame(ctx, db.Game{GuildID: c.GuildID, ChannelID: c.ChannelID, Variant: c.Variant,
		Players: p.Seats(c.ChallengerID, acceptor, c.Color), Days: c.Days})
	if err != nil {
		return nil, nil, c, err
	}
	s, err := p.Open(row, g, func(row db.Game) (int64, error) { return p.store.AcceptChallenge(ctx, id, acceptor, row) })
	if errors.Is(err, db.ErrAlreadyTaken) {
		return nil, nil, c, p.closedMeanwhile(ctx, c)
	}
	return s, evs, c, err
}

// AnswerChallenge closes challenge id for userID as state: "declined" by
// the opponent it names, "cancelled" by its maker.
func (p *Service) AnswerChallenge(ctx context.Context, id int64, userID, state string) (db.Challenge, error) {
	c, err := p.openChallenge(ctx, id)
	if err != nil {
		return c, err
	}
	var why error
	switch {
	case state == "cancelled" && userID != c.ChallengerID:
		why = ErrNotChallenger
	case state == "cancelled":
	case userID == c.ChallengerID:
		why = ErrOwnChallenge
	case c.OpponentID == "":
		why = ErrOpenToAnyone
	case userID != c.OpponentID:
		why = ErrNotChallenged
	}
	if why != nil {
		return c, &ChallengeRefusal{Err: why, Challenge: c}
	}
	if err := p.store.CloseChallenge(ctx, id, state); errors.Is(err, db.ErrAlreadyTaken) {
		return c, p.closedMeanwhile(ctx, c)
	} else if err != nil {
		return c, err
	}
	c.State = state
	return c, nil
}

// ExpireChallenges closes every challenge whose time ran out by now
// (claimed: once across replicas) and hands each to expired.
func (p *Service) ExpireChallenges(ctx context.Context, now time.Time, expired func(c db.Challenge)) {
	due, err := p.store.ExpiredChallenges(ctx, now)
	if err != nil {
		p.log.Error("reading expired challenges", "err", err)
		return
	}
	for _, c := range due {
		if err := p.store.CloseChallenge(ctx, c.ID, "expired"); err != nil {
			continue // accepted or answered meanwhile
		}
		c.State = "expired"
		expired(c)
	}
}

// Rematch is a rematch of a finished game already asked for by one of its
// players: a game against the computer started (Game), or a challenge
// between the two players since the game began, in its channel and
// variant, still open or accepted for a later game (Challenge).
type Rematch struct {
	Game      *db.Game
	Challenge *db.Challenge
}

// RematchOf finds the rematch of row already asked for by the player in
// seat (a zero Rematch if none), so that a second click makes no second one.
func (p *Service) RematchOf(ctx context.Context, row db.Game, seat games.Player) (Rematch, error) {
	me, other := row.Players[seat], row.Players[seat.Other()]
	if row.ComputerLevel > 0 {
		active, err := p.store.ActiveGames(ctx, row.GuildID, me)
		for i := range active {
			if active[i].RematchOf == row.ID {
				return Rematch{Game: &active[i]}, err
			}
		}
		return Rematch{}, err
	}
	// Since the game began, by the service's clock (which dated the
	// challenges too); an accepted one counts if its game came after.
	offers, err := p.store.ChallengesBetween(ctx, row.GuildID, me, other, row.CreatedAt)
	for i, c := range offers {
		if c.Variant == row.Variant && c.ChannelID == row.ChannelID && (c.State == "open" || c.State == "accepted" && c.GameID > row.ID) {
			return Rematch{Challenge: &offers[i]}, err
		}
	}
	return Rematch{}, err
}
