package bot

import (
	"fmt"
	"strings"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
)

// The board picture carries only the board, its coordinates and its marks:
// at the ~400 px Discord shows an embed image, text drawn into it would be
// a few pixels high. What the picture no longer says (variant, players,
// move number, who acts, the status) goes into the embed, which Discord
// draws crisply at any size.

// boardTitle is the embed title of a board: the variant and what the
// picture shows, e.g. "Bede Chess — After e2e4".
func boardTitle(row db.Game, what string) string {
	return clip(variantName(row.Variant)+" — "+what, 256)
}

// boardCaption is the embed description of a board: who plays what, the
// move number with who is to act (armies and moves left where the variant
// has them, or the result), and the position's status (check, a king
// attacked, escalation, the last throw). Seats are named by mention.
func boardCaption(row db.Game, g games.Game) string {
	v := g.View()
	var b strings.Builder
	b.WriteString(playerLine(row, g))
	fmt.Fprintf(&b, "\n**Move %d** · %s", v.MoveNumber, personalize(row, v.ToAct))
	if row.State == "active" && !g.Outcome().Over {
		t := g.Turn()
		if !strings.Contains(v.ToAct, "Player") {
			fmt.Fprintf(&b, " (%s)", mention(row.Players[t.Player]))
		}
		if t.MovesLeft > 1 && !strings.Contains(v.Status, "moves left") {
			fmt.Fprintf(&b, " · %d moves left this turn", t.MovesLeft)
		}
	}
	if v.Status != "" {
		b.WriteString("\n" + personalize(row, v.Status))
	}
	return clip(b.String(), embedDescriptionMax)
}
