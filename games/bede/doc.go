// Package bede implements Bede Chess (variant id "bede"), Patrik Hedman's
// 9×11 variant, as ruled in RULES.md §3.
//
// Rulings this package makes where RULES.md leaves a choice:
//
//   - A squire's route never enters a square twice (nor its start square).
//     This changes no move: a route that doubled back (left then right)
//     can only end one step forward, which the single forward step reaches
//     with fewer squares needing to be empty. Routes are a detail: a move
//     is its start and end square, listed once however many routes reach it.
//   - Attacks are geometric: a piece attacks what it could capture by its
//     movement, whatever the escalation rule says about where moves may
//     end, because a king left attacked would itself be escalation.
//   - "Is the side to move in check" (check events, checkmate or
//     stalemate) takes the enemy Jester as what it copies now: the kind
//     the side to move last moved. The position string carries that kind
//     in an optional seventh field, written only once it is known, so
//     that a position read back tells checkmate from stalemate. Legality
//     follows RULES.md: the enemy Jester counts as the kind being moved.
//   - The fifty-move clock is reset by captures and by moves of real pawns
//     and squires; a Jester copying a pawn is not a pawn.
//   - A capture of a king never happens: the own king may not be taken,
//     and a legal position never leaves the enemy king attacked.
//   - Perft ignores repetition and the fifty-move rule, as usual, and
//     counts nothing below mate or stalemate.
//   - When one move both fills the fifty-move count and repeats a position
//     a third time, the fifty-move rule is named: the position string
//     holds its clock, so every string a game produces loads back with the
//     same outcome (a repetition alone needs the history, which only the
//     record holds).
package bede
