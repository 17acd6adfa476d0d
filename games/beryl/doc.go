// Package beryl implements the 39-cell triangular board and the two games
// played on it: spIndecision Beryl (variant id "spindecision") and Beryl
// Chess (variant id "beryl").
package beryl
