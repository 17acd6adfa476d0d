package engine

import "github.com/bermudachess/bermuda/games"

// fittedValues are piece values fitted to self-play results, per variant
// id, in hundredths of a pawn (the pawn 100): see Tune. Kinds a fit left
// out, and variants not listed, use the generic pieceValues.
var fittedValues = map[string]map[games.PieceKind]int{}
