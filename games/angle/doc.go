// Package angle implements The Bermuda Chess Angle (variant id "angle").
package angle
