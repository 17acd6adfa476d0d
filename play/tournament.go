package play

import (
	"context"
	"errors"
	"time"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/swiss"
)

// A Swiss tournament's steps, for a scheduler and an organiser's request
// alike: each is claimed in the store on the tournament's version, so a
// restart or several replicas never take one twice. A round's games are
// committed with its pairing; a front end then shows the round and opens
// each game (Hold until shown), and announces the end of the tournament.

var boardResults = map[string]swiss.Result{
	db.BoardPending: swiss.Pending, db.BoardWhiteWins: swiss.WhiteWins, db.BoardBlackWins: swiss.BlackWins,
	db.BoardDraw: swiss.Draw, db.BoardBye: swiss.Bye,
	db.BoardWhiteForfeit: swiss.WhiteWinsByForfeit, db.BoardBlackForfeit: swiss.BlackWinsByForfeit,
}

// SwissOf is the tournament as package swiss sees it: entrants in the
// order they joined, every round's boards. A void board (its game was
// aborted, unplayable) is left out: both players were absent that round.
func SwissOf(entrants []db.Entrant, boards []db.Board) swiss.Tournament {
	t := swiss.Tournament{}
	for _, e := range entrants {
		t.Players = append(t.Players, swiss.Player{ID: e.UserID, Rating: e.Rating, Withdrawn: e.Withdrawn})
	}
	for _, bd := range boards {
		for len(t.Rounds) < bd.Round {
			t.Rounds = append(t.Rounds, []swiss.Game{})
		}
		res, ok := boardResults[bd.Result]
		if !ok {
			continue // void
		}
		t.Rounds[bd.Round-1] = append(t.Rounds[bd.Round-1], swiss.Game{White: bd.White, Black: bd.Black, Result: res})
	}
	return t
}

// Step is what a due tournament needs, or what AdvanceTournament did.
type Step int

const (
	StepWait   Step = iota // games still being played, or nothing to do
	StepPair               // pair and start the next round
	StepCancel             // the start came with fewer than two entrants
	StepFinish             // every round is played (or too few players remain)
)

// NextStep is what t, with its entrants, needs now.
func NextStep(t db.Tournament, entrants []db.Entrant) Step {
	present := 0
	for _, e := range entrants {
		if !e.Withdrawn {
			present++
		}
	}
	switch {
	case t.State == "open" && present < 2:
		return StepCancel
	case t.State == "open":
		return StepPair
	case t.State != "running" || t.Playing > 0:
		return StepWait
	case t.Round >= t.Rounds || present < 2:
		return StepFinish
	}
	return StepPair
}

// BoardGame is a game of a round just paired, held by nobody yet: Row
// (with its id), its rules state and its opening dice, for the front end
// to Hold and open.
type BoardGame struct {
	Board  db.Board
	Row    db.Game
	Game   games.Game
	Events []games.Event
}

// Advanced is what AdvanceTournament did: Step (StepWait: nothing, as
// another process did it or games are still being played), the
// tournament as it now stands, its entrants and, for StepPair, the new
// round's boards and the games to open. NoPairing: it finished early, no
// legal pairing remaining.
type Advanced struct {
	Step       Step
	Tournament db.Tournament
	Entrants   []db.Entrant
	Boards     []db.Board
	Games      []BoardGame
	NoPairing  bool
}

// AdvanceTournament does what t needs next: cancel it, pair its next
// round (starting the round's games, committed with the pairing), or
// finish it.
func (p *Service) AdvanceTournament(ctx context.Context, t db.Tournament) (Advanced, error) {
	entrants, err := p.store.TournamentEntrants(ctx, t.ID)
	if err != nil {
		return Advanced{}, err
	}
	a := Advanced{Step: NextStep(t, entrants), Tournament: t, Entrants: entrants}
	switch a.Step {
	case StepCancel:
		err = p.endTournament(ctx, &a, "cancelled")
	case StepFinish:
		err = p.endTournament(ctx, &a, "finished")
	case StepPair:
		err = p.pairRound(ctx, &a)
	}
	return a, err
}

// endTournament closes the tournament as state (a lost claim: nothing).
func (p *Service) endTournament(ctx context.Context, a *Advanced, state string) error {
	if err := p.store.EndTournament(ctx, a.Tournament.ID, a.Tournament.Version, state); err != nil {
		a.Step = StepWait
		return claimLost(err)
	}
	a.Tournament.State = state
	return nil
}

// claimLost turns a lost claim (another process acted first) into "nothing to do".
func claimLost(err error) error {
	if errors.Is(err, db.ErrAlreadyTaken) {
		return nil
	}
	return err
}

func (p *Service) pairRound(ctx context.Context, a *Advanced) error {
	t := a.Tournament
	boards, err := p.store.TournamentBoards(ctx, t.ID)
	if err != nil {
		return err
	}
	paired, err := swiss.Pair(SwissOf(a.Entrants, boards))
	if errors.Is(err, swiss.ErrNoPairing) {
		a.Step, a.NoPairing = StepFinish, true
		return p.endTournament(ctx, a, "finished")
	}
	if err != nil {
		return err
	}
	level := map[string]int{}
	for _, e := range a.Entrants {
		level[e.UserID] = e.ComputerLevel
	}
	pairings := make([]db.Pairing, len(paired))
	games := make([]BoardGame, len(paired))
	for i, pr := range paired {
		pairings[i] = db.Pairing{White: pr.White, Black: pr.Black}
		if pr.Result == swiss.Bye {
			continue
		}
		row, g, events, err := p.NewGame(ctx, db.Game{GuildID: t.GuildID, ChannelID: t.ChannelID, Variant: t.Variant,
			Players: [2]string{pr.White, pr.Black}, Days: t.Days, ComputerLevel: max(level[pr.White], level[pr.Black])})
		if err != nil {
			return err
		}
		pairings[i].Game, games[i] = row, BoardGame{Row: row, Game: g, Events: events}
	}
	round := t.Round + 1
	stored, err := p.store.StartRound(ctx, t.ID, t.Version, round, p.now(), pairings)
	if err != nil {
		a.Step = StepWait
		return claimLost(err)
	}
	a.Tournament.Round, a.Tournament.State, a.Boards = round, "running", stored
	for i, bd := range stored {
		if bd.GameID == 0 {
			continue
		}
		g := games[i]
		g.Board, g.Row.ID = bd, bd.GameID
		a.Games = append(a.Games, g)
	}
	return nil
}

// Withdraw takes userID out of a tournament: before its start they are
// simply not paired (Removed); afterwards their games of the round still
// being played are forfeited, the opponent winning (the store ends them
// with the withdrawal, in one transaction), and each emits Ended with
// reason "forfeit". ready, if set, is called once the withdrawal is
// stored, before the events (a front end acknowledges the request there).
func (p *Service) Withdraw(ctx context.Context, t db.Tournament, userID string, ready func(db.Withdrawal)) (db.Withdrawal, error) {
	w, err := p.store.WithdrawFromTournament(ctx, t.ID, userID)
	if err != nil {
		return w, err
	}
	if ready != nil {
		ready(w)
	}
	for _, bd := range w.Forfeited {
		s, err := p.Lock(ctx, bd.GameID) // checked against the store: reloaded, ended
		if err != nil {
			p.log.Warn("loading a forfeited game", "game", bd.GameID, "err", err)
			continue
		}
		res := db.Result{Rated: s.Row.Rated, UnratedTournament: !t.Rated && s.Row.ComputerLevel == 0}
		ev := Ended{Row: s.Row, Game: s.Game, Winner: s.Row.Winner, Reason: "forfeit", Result: res}
		p.Forget(s.ID)
		p.emit(ctx, ev)
		s.Unlock()
	}
	return w, nil
}

// DueTournaments advances every tournament that has work by now (its
// start came, or a round's last game ended) and hands each step taken to
// shown; a panic in one is logged and the others advanced.
func (p *Service) DueTournaments(ctx context.Context, now time.Time, shown func(Advanced)) {
	due, err := p.store.DueTournaments(ctx, now)
	if err != nil {
		p.log.Error("reading due tournaments", "err", err)
		return
	}
	for _, t := range due {
		func() {
			defer p.Survive("tournament", 0)
			a, err := p.AdvanceTournament(ctx, t)
			if err != nil {
				p.log.Error("advancing a tournament", "tournament", t.ID, "err", err)
				return
			}
			shown(a)
		}()
	}
}

// LostRounds are the rounds whose pairings were committed but never
// announced (the process stopped in between): each as an Advanced of
// StepPair with the round's boards and the entrants, but no games to open
// (those are the cut-short openings' repair).
func (p *Service) LostRounds(ctx context.Context) []Advanced {
	lost, err := p.store.UnannouncedRounds(ctx)
	if err != nil {
		p.log.Error("reading rounds never announced", "err", err)
		return nil
	}
	var out []Advanced
	for _, t := range lost {
		entrants, err := p.store.TournamentEntrants(ctx, t.ID)
		if err != nil {
			p.log.Error("reading a tournament's entrants", "tournament", t.ID, "err", err)
			continue
		}
		all, err := p.store.TournamentBoards(ctx, t.ID)
		if err != nil {
			p.log.Error("reading a tournament's boards", "tournament", t.ID, "err", err)
			continue
		}
		a := Advanced{Step: StepPair, Tournament: t, Entrants: entrants}
		for _, bd := range all {
			if bd.Round == t.Round {
				a.Boards = append(a.Boards, bd)
			}
		}
		out = append(out, a)
	}
	return out
}
