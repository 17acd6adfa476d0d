// Package randommove implements Random Move Number Chess (variant id
// "randommove"): FIDE chess where a die decides how many moves a turn holds.
//
// The chess itself is games/chess; this package adds who plays which colour
// (the players throw for colours and swap them on a third six in a row),
// each player's throw history, and the turn: its throw, the moves it grants
// (throw.go holds the table of RULES.md §5), and the judgement at its start.
// A turn's throw is rolled by the Play that ended the previous turn, so it
// is stored with that ply.
package randommove
