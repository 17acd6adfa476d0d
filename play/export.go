package play

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
)

// RecordFile is a game's record as a file for any front end to offer.
type RecordFile struct {
	Name        string // bermuda-game-<id>.pgn (orthodox chess) or the variant's record extension
	ContentType string
	Data        []byte
}

// Names are the display names of a game's players (their ids if unknown).
func (p *Service) Names(ctx context.Context, row db.Game) [2]string {
	var out [2]string
	for i, id := range row.Players {
		out[i] = id
		if n, err := p.store.PlayerName(ctx, id); err == nil && n != "" {
			out[i] = n
		}
	}
	return out
}

// Export writes the game (row, its record rec) as a file: PGN for orthodox
// chess, the record format for the other variants (games.WriteRecord),
// with the players' names, the dates and how it ended.
func (p *Service) Export(ctx context.Context, row db.Game, rec games.Record) (RecordFile, error) {
	names := p.Names(ctx, row)
	variant := row.Variant
	if v, err := games.Lookup(row.Variant); err == nil {
		variant = v.Name
	}
	tags := map[string]string{
		"Event": fmt.Sprintf("Bermuda game #%d", row.ID), "Site": "Discord", "Date": row.CreatedAt.UTC().Format("2006.01.02"),
		"VariantName": variant, "Player1": names[0], "Player2": names[1],
		"Started": row.CreatedAt.UTC().Format("2006-01-02 15:04 UTC"),
	}
	tags["Result"], tags["Termination"] = ResultTags(row, names)
	if !row.EndedAt.IsZero() {
		tags["Ended"] = row.EndedAt.UTC().Format("2006-01-02 15:04 UTC")
	}
	var buf bytes.Buffer
	if err := games.WriteRecord(&buf, rec, tags); err != nil {
		return RecordFile{}, err
	}
	f := RecordFile{Name: fmt.Sprintf("bermuda-game-%d.%s", row.ID, games.RecordExt(row.Variant)), ContentType: "text/plain; charset=utf-8", Data: buf.Bytes()}
	if strings.HasSuffix(f.Name, ".pgn") {
		f.ContentType = "application/x-chess-pgn"
	}
	return f, nil
}

// ResultTags are the record's Result ("1-0": Player 1 won, as in PGN) and
// Termination (why) for a stored game, whoever ended it: the rules, a
// resignation, the clock or the players.
func ResultTags(row db.Game, names [2]string) (result, termination string) {
	switch {
	case row.State == "active":
		return games.ResultNone, ""
	case row.State == "aborted":
		return games.ResultNone, "aborted"
	case row.Winner < 0:
		if row.Reason == "agreement" {
			return games.ResultDraw, "draw agreed"
		}
		return games.ResultDraw, row.Reason
	}
	result, loser := games.ResultPlayer1, names[1]
	if row.Winner == 1 {
		result, loser = games.ResultPlayer2, names[0]
	}
	switch row.Reason {
	case "resignation":
		return result, loser + " resigned"
	case "time":
		return result, loser + " ran out of time"
	}
	return result, row.Reason
}
