package db

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/games"
)

// dbtoy is a tiny variant so these tests need no real one: "roll" throws a
// d6 onto the mover's total, "pass" does nothing, "win" ends the game with
// the mover as winner. Players alternate.
type dbtoy struct {
	totals [2]int
	toMove games.Player
	won    games.Player
}

func (d *dbtoy) Variant() string  { return "dbtoy" }
func (d *dbtoy) Setup() string    { return "" }
func (d *dbtoy) Position() string { return fmt.Sprintf("%d %d %d", d.totals[0], d.totals[1], d.toMove) }
func (d *dbtoy) Turn() games.Turn {
	return games.Turn{Player: d.toMove, Sides: []games.Side{games.Side(d.toMove)}, MovesLeft: 1, MoveNumber: 1}
}
func (d *dbtoy) Roles() [2]string             { return [2]string{"White", "Black"} }
func (d *dbtoy) Key() string                  { return d.Position() }
func (d *dbtoy) Diagram() string              { return d.Position() + "\n" }
func (d *dbtoy) View() games.View             { return games.View{Variant: "dbtoy"} }
func (d *dbtoy) Perft(int) uint64             { return 0 }
func (d *dbtoy) Divide(int) []games.MoveCount { return nil }
func (d *dbtoy) Clone() games.Game            { c := *d; return &c }
func (d *dbtoy) Outcome() games.Outcome {
	if d.won != games.NoPlayer {
		return games.Win(d.won, "declared a win")
	}
	return games.Ongoing
}
func (d *dbtoy) LegalMoves() []games.Move {
	if d.won != games.NoPlayer {
		return nil
	}
	return []games.Move{{Notation: "roll"}, {Notation: "pass"}, {Notation: "win"}}
}
func (d *dbtoy) ParseMove(text string) (games.Move, error) {
	return games.MatchMove(text, d.LegalMoves())
}
func (d *dbtoy) Play(m games.Move, dice *games.Dice) ([]games.Event, error) {
	var evs []games.Event
	switch m.Notation {
	case "roll":
		f := dice.Roll(6)
		d.totals[d.toMove] += f
		evs = append(evs, games.Event{Kind: games.EventDice, Dice: []int{f}, Text: fmt.Sprintf("`%d` → %d", f, d.totals[d.toMove])})
	case "win":
		d.won = d.toMove
	}
	d.toMove = d.toMove.Other()
	return evs, nil
}

func init() {
	games.Register(games.Variant{ID: "dbtoy", Name: "DB toy", New: func(setup string) (games.Game, error) {
		if setup != "" {
			return nil, errors.New("dbtoy has no setups")
		}
		return &dbtoy{toMove: games.Player1, won: games.NoPlayer}, nil
	}})
}

var bg = context.Background()

// mustOpen opens dsn (a SQLite path or a PostgreSQL URL) and closes it when
// the test ends.
func mustOpen(t testing.TB, dsn string) *sqlStore {
	t.Helper()
	st, err := Open(dsn)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*sqlStore)
	t.Cleanup(func() { s.Close() })
	return s
}

// openTemp opens a new SQLite database in a temporary directory.
func openTemp(t testing.TB) (*sqlStore, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "bermuda.db")
	return mustOpen(t, path), path
}

// newToyGame creates an active dbtoy game between alice (Player1) and bob.
func newToyGame(t testing.TB, s Store, guild string) int64 {
	t.Helper()
	id, err := s.CreateGame(bg, Game{GuildID: guild, ChannelID: "c1", Variant: "dbtoy", Players: [2]string{"alice", "bob"}, Days: 3})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// play applies text to the stored game through games.Apply, as the bot
// does, and appends it; end is set when the rules end the game.
func play(t testing.TB, s Store, id int64, text string, roller games.Roller) (Result, error) {
	t.Helper()
	g, pos, err := s.LoadGame(bg, id)
	if err != nil {
		t.Fatal(err)
	}
	return playOn(s, g, pos, text, roller)
}

func playOn(s Store, g Game, pos games.Game, text string, roller games.Roller) (Result, error) {
	next, ply, evs, err := games.Apply(pos, text, roller)
	if err != nil {
		return Result{}, err
	}
	var texts []string
	for _, e := range games.DiceEvents(evs) {
		texts = append(texts, e.Text)
	}
	var end *End
	if o := next.Outcome(); o.Over {
		end = &End{Winner: int(o.Winner), Reason: o.Reason}
	}
	mover := g.Players[pos.Turn().Player]
	deadline := time.Now().Add(time.Duration(g.Days) * 24 * time.Hour)
	return s.AppendMove(bg, g.ID, g.Ply, Move{Notation: ply.Move, PlayerID: mover, Rolls: ply.Rolls, Dice: texts},
		deadline, deadline.Add(-time.Hour), end)
}
