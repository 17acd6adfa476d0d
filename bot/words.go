package bot

import (
	"fmt"
	"math"
	"strings"

	"github.com/bermudachess/bermuda/games"
)

// Small helpers for numbers and words as messages show them.

// shown is x with prec decimals as a message shows it: never "-0" or
// "-0.00" (a value that rounds to zero is zero), and with a sign when
// signed ("+0.12").
func shown(x float64, prec int, signed bool) string {
	p := math.Pow(10, float64(prec))
	if math.Round(x*p) == 0 {
		x = 0 // -0.001 rounds to zero: no negative zero
	}
	if signed {
		return fmt.Sprintf("%+.*f", prec, x)
	}
	return fmt.Sprintf("%.*f", prec, x)
}

// withArticle is word with "a" or "an" before it: "an inaccuracy", "a mistake".
func withArticle(word string) string {
	if word != "" && strings.ContainsRune("aeiouAEIOU", rune(word[0])) {
		return "an " + word
	}
	return "a " + word
}

// sideToPlay names seat's side for a text without players: "White", or
// in spIndecision, whose roles say how each wins, "Player 1" and the role.
func sideToPlay(g games.Game, seat games.Player) (name, role string) {
	r := g.Roles()[seat]
	if strings.HasPrefix(r, "wins") {
		return fmt.Sprintf("Player %d", seat+1), r
	}
	return r, ""
}

// toPlay is a puzzle's "**White to play**", or in spIndecision
// "**Player 1 to play** (wins by capturing clockwise)".
func toPlay(g games.Game, seat games.Player) string {
	name, role := sideToPlay(g, seat)
	if role != "" {
		return fmt.Sprintf("**%s to play** (%s)", name, role)
	}
	return fmt.Sprintf("**%s to play**", name)
}
