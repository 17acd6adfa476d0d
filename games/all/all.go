// Package all registers every variant: import it for its side effect.
package all

import (
	_ "github.com/bermudachess/bermuda/games/angle"
	_ "github.com/bermudachess/bermuda/games/bede"
	_ "github.com/bermudachess/bermuda/games/bermuda"
	_ "github.com/bermudachess/bermuda/games/beryl"
	_ "github.com/bermudachess/bermuda/games/chess"
	_ "github.com/bermudachess/bermuda/games/randommove"
)
