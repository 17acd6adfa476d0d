//go:build !race

package web

const raceSlack = 1
