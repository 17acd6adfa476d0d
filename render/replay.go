package render

import (
	"fmt"

	"github.com/bermudachess/bermuda/games"
)

// ReplayFrames replays a record and returns one frame per position: the
// start, then the position after every ply, each captioned with the move
// that led to it and the dice it rolled. The last caption also says how the
// game ended, if it did. A record that does not replay exactly (as
// games.Replay checks: every recorded roll used where it was rolled) is a
// *games.ReplayError naming the ply.
func ReplayFrames(rec games.Record) ([]Frame, error) {
	start := games.Script(rec.StartRolls...)
	g, _, _, err := games.Start(rec.Variant, rec.Setup, start)
	if err != nil {
		return nil, &games.ReplayError{Err: err}
	}
	if start.Remaining() != 0 {
		return nil, &games.ReplayError{Err: fmt.Errorf("%d start rolls were recorded but not needed", start.Remaining())}
	}
	frames := make([]Frame, 0, len(rec.Plies)+1)
	frames = append(frames, Frame{View: g.View(), Caption: "Start", Dice: rec.StartRolls})
	for i, p := range rec.Plies {
		t := g.Turn()
		script := games.Script(p.Rolls...)
		next, ply, _, err := games.Apply(g, p.Move, script)
		if err == nil && script.Remaining() != 0 {
			err = fmt.Errorf("%d rolls were recorded but not needed", script.Remaining())
		}
		if err != nil {
			return nil, &games.ReplayError{Ply: i + 1, Move: p.Move, Err: err}
		}
		who := t.Player.String()
		if len(t.Sides) == 1 {
			who = t.Sides[0].String()
		}
		caption := fmt.Sprintf("%d. %s: %s", t.MoveNumber, who, ply.Move)
		if o := next.Outcome(); o.Over {
			caption += " · " + o.Reason
		}
		frames = append(frames, Frame{View: next.View(), Caption: caption, Dice: p.Rolls})
		g = next
	}
	return frames, nil
}

// ReplayGIF is ReplayFrames then GIF: the animation of a whole game.
func ReplayGIF(rec games.Record, o GIFOptions) ([]byte, error) {
	frames, err := ReplayFrames(rec)
	if err != nil {
		return nil, err
	}
	return GIF(frames, o)
}
