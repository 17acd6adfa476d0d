// Package randommove implements Random Move Number Chess (variant id
// "randommove"): FIDE chess where a die decides how many moves a turn holds.
package randommove
