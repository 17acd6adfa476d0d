package play

import (
	"fmt"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/render"
	"github.com/bermudachess/bermuda/swiss"
)

// The standings table as every front end shows it (the bot as a picture).
// Nothing here reads or sends anything.

// Standings ranks the tournament (complete rounds only, as swiss
// does) and lays it out for render.Standings: each round's cell names the
// opponent by their line in the table.
func Standings(t db.Tournament, entrants []db.Entrant, boards []db.Board) (render.StandingsTable, []swiss.Standing, error) {
	ranked, err := swiss.Standings(SwissOf(entrants, boards))
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
	name := t.Variant
	if v, err := games.Lookup(t.Variant); err == nil {
		name = v.Name
	}
	head := fmt.Sprintf("%s · Swiss #%d", name, t.ID)
	underway := false
	for _, bd := range boards {
		underway = underway || bd.Round == t.Round && bd.Result == db.BoardPending
	}
	switch {
	case t.State == "finished":
		rounds := fmt.Sprintf("%d rounds", t.Round)
		if t.Round == 1 {
			rounds = "1 round"
		}
		return fmt.Sprintf("%s · final standings after %s", head, rounds)
	case t.Round == 0:
		return head + " · not started"
	case underway && t.Round == 1:
		return fmt.Sprintf("%s · round 1 of %d under way", head, t.Rounds)
	case underway:
		return fmt.Sprintf("%s · after round %d of %d (round %d under way)", head, t.Round-1, t.Rounds, t.Round)
	}
	return fmt.Sprintf("%s · after round %d of %d", head, t.Round, t.Rounds)
}
