package engine

import "github.com/bermudachess/bermuda/games"

// fittedValues are piece values fitted to self-play results by Tune, per
// variant id, in hundredths of a pawn (the pawn 100). Kinds a fit leaves
// out, and variants not listed (a new one included), use the generic
// pieceValues.
//
// A fit is listed only when it plays at least as well as the generic
// values: 50% or more in
//
//	bermuda match -variant V -a ai:5,KIND=FIT… -b ai:5 -games 20 -movetime 100 -seed 7
//
// The fits so far, from `bermuda tune -variant V -games N -seed 17` (2000
// nodes a move, 4 random opening plies), and their check scores:
//
//	chess       600 games  knight 280 bishop 330 rook 495 queen 1135                    35%
//	beryl       200 games  knight 205 bishop 310 rook 685                               40%
//	randommove  250 games  knight 265 bishop 435 rook 585 queen 685                     40%
//	bermuda     200 games  knight 155 bishop 555 rook 265 queen 475 king 4000           55%
//	bede        300 games  squire 210 jester 455 bede 260 zebra 520 chancellor 985
//	                       queen 1085                                                   35%
//	bede        800 games  squire 135 jester 465 bede 505 zebra 130 chancellor 700
//	                       queen 855                                 0-4-5 after 9 of 40, stopped
//	angle       120 games  none: nearly every game drawn, material predicts nothing
//	angle       400 games  bishop 525 knight 255 queen 525 rook 560 ship 580
//	                       (games end since the fifty-move fade)     1-15-1 after 17, stopped
//	spindecision 250 games none: both players move all three armies, no one owns material
var fittedValues = map[string]map[games.PieceKind]int{
	"bermuda": {games.Knight: 155, games.Bishop: 555, games.Rook: 265, games.Queen: 475, games.King: 4000},
}
