// Package games is the rules core shared by every Bermuda variant.
//
// It knows nothing of Discord, SQL or pictures. A variant package (games/chess,
// games/angle, …) registers a Variant whose New function builds a Game from a
// setup string. A game is its variant, its setup, and the ordered list of
// moves with the dice rolled for each: Replay rebuilds the exact state from
// such a Record, which is how storage loads games and how tests prove that
// nothing depends on hidden state.
//
// Who acts (a Player, one of two people) is kept apart from what moves (a
// Side: a colour or an army), because spIndecision has two players sharing
// three armies and Random Move Number Chess can swap colours mid-game.
package games
