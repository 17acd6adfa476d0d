package main

import (
	"os"
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

// TestWinAtChessSuiteReads reads the whole suite: 300 positions, each a
// legal chess position whose bm moves are legal there.
func TestWinAtChessSuiteReads(t *testing.T) {
	f, err := os.Open("testdata/wac.epd")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	suite, err := readEPD(f)
	if err != nil || len(suite) != 300 {
		t.Fatalf("%d positions, %v", len(suite), err)
	}
	for _, p := range suite {
		g, _, _, err := games.Start("chess", p.fen, nil)
		if err != nil {
			t.Fatalf("%s: %v", p.id, err)
		}
		for _, san := range p.bm {
			if _, err := games.MatchMove(san, g.LegalMoves()); err != nil {
				t.Errorf("%s: bm %s: %v", p.id, san, err)
			}
		}
	}
	if suite[0].id != "WAC.001" || suite[0].bm[0] != "Qg6" {
		t.Errorf("first position %+v", suite[0])
	}
}

// TestEPDSolves checks what counts as solved: a bm move, and never an am.
func TestEPDSolves(t *testing.T) {
	suite, err := readEPD(strings.NewReader(`2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "A";
2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - am Qg6; id "B";
`))
	if err != nil || len(suite) != 2 {
		t.Fatal(len(suite), err)
	}
	g, _, _, _ := games.Start("chess", suite[0].fen, nil)
	if !suite[0].solves(g, "g3g6") || suite[0].solves(g, "g3g4") {
		t.Error("bm: Qg6 is g3g6 and nothing else")
	}
	if suite[1].solves(g, "g3g6") || !suite[1].solves(g, "g3g4") {
		t.Error("am: anything but g3g6")
	}
	if _, err := readEPD(strings.NewReader("8/8/8/8/8/8/8/8 w - - id \"x\";\n")); err == nil {
		t.Error("a line without bm or am was accepted")
	}
}
