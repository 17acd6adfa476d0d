// Package levels says what the computer's levels mean: each level's
// measured strength, as data, and the words a newcomer reads when
// choosing one. The figures come from rating runs (the README's "Computer
// levels" section gives the method, the games and the commands): in
// chess, Elo against Stockfish's UCI_Elo settings; in the other variants,
// a ladder of games between neighbouring levels, rated relative to level 1.
package levels

import (
	"fmt"
	"slices"
)

// Count is the number of levels, 1 to Count.
const Count = 5

// Default is the level the computer plays when none is chosen (the
// engine's default level).
const Default = 3

// Strength is one level's measured strength.
type Strength struct {
	// Words is what a newcomer would call a player of this strength.
	Words string
	// ChessElo is the level's chess rating on Stockfish's UCI_Elo scale,
	// ChessError the half-width of its 95% interval.
	ChessElo, ChessError int
	// Variants holds, per variant id, how many Elo points the level stands
	// above level 1 in that variant (ladder games), and the 95% error.
	Variants map[string][2]int
}

// table is indexed by level; entry 0 is unused.
var table = [Count + 1]Strength{
	{},
	{Words: "newcomer", ChessElo: -60, ChessError: 599},
	{Words: "beginner", ChessElo: 386, ChessError: 525, Variants: map[string][2]int{
		"angle":        {345, 194},
		"bede":         {702, 486},
		"bermuda":      {318, 183},
		"beryl":        {199, 148},
		"spindecision": {125, 135},
		"randommove":   {410, 225},
	}},
	{Words: "casual player", ChessElo: 1031, ChessError: 195, Variants: map[string][2]int{
		"angle":        {690, 274},
		"bede":         {997, 516},
		"bermuda":      {501, 233},
		"beryl":        {471, 223},
		"spindecision": {250, 191},
		"randommove":   {644, 274},
	}},
	{Words: "club player", ChessElo: 1640, ChessError: 90, Variants: map[string][2]int{
		"angle":        {906, 314},
		"bede":         {1576, 622},
		"bermuda":      {1007, 369},
		"beryl":        {882, 317},
		"spindecision": {595, 272},
		"randommove":   {768, 305},
	}},
	{Words: "strong club player", ChessElo: 1810, ChessError: 92, Variants: map[string][2]int{
		"angle":        {954, 339},
		"bede":         {1848, 644},
		"bermuda":      {1279, 405},
		"beryl":        {1034, 346},
		"spindecision": {720, 304},
		"randommove":   {792, 331},
	}},
}

// Of returns level n's strength; ok is false outside 1 to Count.
func Of(n int) (s Strength, ok bool) {
	if n < 1 || n > Count {
		return Strength{}, false
	}
	return table[n], true
}

// roundTo rounds x to the nearest multiple of step: the ratings are
// approximate, and "about 1250" reads better than "about 1247".
func roundTo(x, step int) int {
	if x < 0 {
		return -roundTo(-x, step)
	}
	return (x + step/2) / step * step
}

// variantRange is the smallest and largest gain over level 1 across the
// variants.
func variantRange(s Strength) (lo, hi int, ok bool) {
	if len(s.Variants) == 0 {
		return 0, 0, false
	}
	var gains []int
	for _, v := range s.Variants {
		gains = append(gains, v[0])
	}
	return slices.Min(gains), slices.Max(gains), true
}

// Label names level n for a list of choices (at most 100 characters, as
// Discord allows): its number, the words, the chess rating and, for the
// other variants, how far above level 1 it plays.
func Label(n int) string {
	s, ok := Of(n)
	if !ok {
		return fmt.Sprintf("%d", n)
	}
	words := s.Words
	if n == Default {
		words += ", the default"
	}
	label := fmt.Sprintf("%d — %s: %s chess Elo", n, words, chessRating(s))
	if lo, hi, ok := variantRange(s); ok && n > 1 {
		label += "; " + gain(lo, hi) + " over level 1 in the variants"
	}
	return label
}

// vague is the 95% error above which a chess rating is given as a bound:
// the games then only say that the level is weaker than the top of its
// interval. Levels 1 and 2 lost nearly every game to the level above,
// and those are the only games that link them to Stockfish.
const vague = 250

// chessRating writes a level's chess rating in words, "about 1350" or,
// when the games pin it down poorly, "under 800".
func chessRating(s Strength) string {
	if s.ChessError > vague {
		return fmt.Sprintf("under %d", bound(s))
	}
	return fmt.Sprintf("about %d", roundTo(s.ChessElo, 50))
}

// gain writes a range of Elo gains, "+300" or "+250 to +400".
func gain(lo, hi int) string {
	lo, hi = roundTo(lo, 50), roundTo(hi, 50)
	if lo == hi {
		return fmt.Sprintf("%+d", lo)
	}
	return fmt.Sprintf("%+d to %+d", lo, hi)
}

// bound is the top of a vague rating's 95% interval, rounded up to a
// hundred.
func bound(s Strength) int { return (s.ChessElo + s.ChessError + 99) / 100 * 100 }

// Summary is the levels' range of chess ratings for /help, "1–5: <600 to
// ≈1800 chess Elo": the help is within a few bytes of Discord's 2,000, so
// each level's words and figure stay with the level choices.
func Summary() string {
	return fmt.Sprintf("1–%d: %s to %s chess Elo", Count, short(table[1]), short(table[Count]))
}

// short is a level's chess rating in symbols: "≈1800" or "<600".
func short(s Strength) string {
	if s.ChessError > vague {
		return fmt.Sprintf("<%d", bound(s))
	}
	return fmt.Sprintf("≈%d", roundTo(s.ChessElo, 50))
}
