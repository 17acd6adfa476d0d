package bot

import (
	"fmt"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/render"
	"github.com/bermudachess/bermuda/swiss"
)

// The pure side of tournaments: what the stored entrants and boards mean
// to package swiss, what the scheduler should do next, and the standings
// table as the picture shows it. Nothing here reads or sends anything.

var boardResults = map[string]swiss.Result{
	db.BoardPending: swiss.Pending, db.BoardWhiteWins: swiss.WhiteWins, db.BoardBlackWins: swiss.BlackWins,
	db.BoardDraw: swiss.Draw, db.BoardBye: swiss.Bye,
	db.BoardWhiteForfeit: swiss.WhiteWinsByForfeit, db.BoardBlackForfeit: swiss.BlackWinsByForfeit,
}

// swissOf is the tournament as package swiss sees it: entrants in the
// order they joined, every round's boards. A void board (its game was
// aborted, unplayable) is left out: both players were absent that round.
func swissOf(entrants []db.Entrant, boards []db.Board) swiss.Tournament {
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

// tournamentStep is what a due tournament needs.
type tournamentStep int

const (
	stepWait   tournamentStep = iota // games still being played, or nothing to do
	stepPair                         // pair and start the next round
	stepCancel                       // the start came with fewer than two entrants
	stepFinish                       // every round is played (or too few players remain)
)

func nextStep(t db.Tournament, entrants []db.Entrant) tournamentStep {
	present := 0
	for _, e := range entrants {
		if !e.Withdrawn {
			present++
		}
	}
	switch {
	case t.State == "open" && present < 2:
		return stepCancel
	case t.State == "open":
		return stepPair
	case t.State != "running" || t.Playing > 0:
		return stepWait
	case t.Round >= t.Rounds || present < 2:
		return stepFinish
	}
	return stepPair
}

// standingsTable ranks the tournament (complete rounds only, as swiss
// does) and lays it out for render.Standings: each round's cell names the
// opponent by their line in the table.
func standingsTable(t db.Tournament, entrants []db.Entrant, boards []db.Board) (render.StandingsTable, []swiss.Standing, error) {
	ranked, err := swiss.Standings(swissOf(entrants, boards))
	if err != nil {
		return render.StandingsTable{}, nil, err
	}
	line := map[string]int{}
	for i, s := range ranked {
		line[s.ID] = i + 1
	}
	byID := map[string]db.Entrant{}
	for _, e := range entrants {
		byID[e.UserID] = e
	}
	table := render.StandingsTable{Title: standingsTitle(t, boards)}
	for _, s := range ranked {
		e := byID[s.ID]
		row := render.StandingsRow{Rank: s.Rank, Name: e.Name, Points: s.Points, Buchholz: s.Buchholz,
			Sonneborn: s.SonnebornBerger, Withdrawn: e.Withdrawn, Rounds: make([]render.RoundCell, t.Round)}
		if row.Name == "" {
			row.Name = s.ID
		}
		table.Rows = append(table.Rows, row)
	}
	for _, bd := range boards {
		if bd.Round > t.Round {
			continue
		}
		for side, id := range []string{bd.White, bd.Black} {
			if id == "" {
				continue
			}
			other := bd.Black
			if side == 1 {
				other = bd.White
			}
			cell := roundCell(bd.Result, side == 0)
			if cell.Result != "+" && cell.Result != "−" && cell.Result != "bye" && other != "" && bd.Result != db.BoardVoid {
				cell.Opponent = line[other]
			}
			table.Rows[line[id]-1].Rounds[bd.Round-1] = cell
		}
	}
	return table, ranked, nil
}

// roundCell is one board's result from one side.
func roundCell(result string, white bool) render.RoundCell {
	c := render.RoundCell{White: white}
	mine := map[string][2]string{ // White's and Black's mark
		db.BoardWhiteWins: {"1", "0"}, db.BoardBlackWins: {"0", "1"}, db.BoardDraw: {"½", "½"},
		db.BoardBye: {"bye", ""}, db.BoardWhiteForfeit: {"+", "−"}, db.BoardBlackForfeit: {"−", "+"},
		db.BoardVoid: {"void", "void"}, db.BoardPending: {"", ""},
	}[result]
	if white {
		c.Result = mine[0]
	} else {
		c.Result = mine[1]
	}
	return c
}

// standingsTitle names what the table shows, from the boards it is drawn
// from (not the tournament row, which a caller may hold from before the
// round it just paired): the rounds complete, and the one under way.
func standingsTitle(t db.Tournament, boards []db.Board) string {
	head := fmt.Sprintf("%s · Swiss #%d", variantName(t.Variant), t.ID)
	underway := false
	for _, bd := range boards {
		underway = underway || bd.Round == t.Round && bd.Result == db.BoardPending
	}
	switch {
	case t.State == "finished":
		return fmt.Sprintf("%s · final standings after %s", head, plural(t.Round, "round"))
	case t.Round == 0:
		return head + " · not started"
	case underway && t.Round == 1:
		return fmt.Sprintf("%s · round 1 of %d under way", head, t.Rounds)
	case underway:
		return fmt.Sprintf("%s · after round %d of %d (round %d under way)", head, t.Round-1, t.Rounds, t.Round)
	}
	return fmt.Sprintf("%s · after round %d of %d", head, t.Round, t.Rounds)
}
