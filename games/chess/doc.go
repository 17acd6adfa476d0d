// Package chess implements orthodox FIDE chess (variant id "chess"): the
// fast move generator that Random Move Number Chess builds on.
package chess
