package beryl

import (
	"slices"
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/games"
)

func TestBcTwoArmiesWhiteFirst(t *testing.T) {
	g := mustBeryl(t, "")
	if turn := g.Turn(); turn.Player != games.Player1 || !slices.Equal(turn.Sides, []games.Side{games.White}) || g.Roles() != [2]string{"White", "Black"} {
		t.Fatalf("turn %+v roles %v", turn, g.Roles())
	}
	play(t, g, "25-18")
	if turn := g.Turn(); turn.Player != games.Player2 || !slices.Equal(turn.Sides, []games.Side{games.Black}) || g.View().ToAct != "Black to move (Player 2)" {
		t.Fatalf("turn %+v, %q", turn, g.View().ToAct)
	}
	play(t, g, "27-26")
	if g.Turn().MoveNumber != 2 {
		t.Errorf("move number %d after a full move", g.Turn().MoveNumber)
	}
	if strings.Contains(strings.Join(notations(g), " "), "=") {
		t.Errorf("Beryl Chess has no undecided pieces: %v", notations(g))
	}
}

func TestBcMayNotLeaveTheKingAttacked(t *testing.T) {
	// Black's rook on 25 checks White's king on 22 along the ring about
	// (0,1); 16 and 17 lie further along its rings (the king's own cell
	// does not shield them once it moves) and 26 on the ring about (1,1).
	// Taking the rook is the only move.
	g := mustBeryl(t, "W:K22 B:R25,K39 w 30")
	if got := notations(g); !slices.Equal(got, []string{"22x25"}) {
		t.Errorf("moves in check %v, want [22x25]", got)
	}
	if v := g.View(); !slices.Contains(v.Marks, games.Mark{Cell: 21, Kind: games.MarkAttackedKing}) || !strings.Contains(v.ToAct, "in check") {
		t.Errorf("view marks %v, %q", v.Marks, v.ToAct)
	}
}

func TestBcCheckEvent(t *testing.T) {
	// White's knight 25-26 attacks Black's king on 20.
	g := mustBeryl(t, "")
	evs := play(t, g, "25-26")
	if !hasEvent(evs, games.EventCheck, "Black's king on 20 is in check") {
		t.Errorf("events %+v", evs)
	}
	// Black has 4 answers: 20-15 and 20-31 step away, 27x26 and the pawn
	// 24x26 take the knight (24's bishop step, away from Black's home).
	if got := notations(g); !slices.Equal(got, []string{"20-15", "20-31", "24x26", "27x26"}) {
		t.Errorf("answers to check %v", got)
	}
}

func TestBcCheckmateAndStalemate(t *testing.T) {
	// The rook 14-11 attacks 7 through 9 and covers 6 and 9, the king's only
	// cells; Black's bishop on the edge cell 16 has no move.
	g := mustBeryl(t, "W:K34,R14 B:K7,B16 w 116")
	evs := play(t, g, "14-11")
	if o := g.Outcome(); !o.Over || o.Winner != games.Player1 || o.Reason != "checkmate" {
		t.Fatalf("outcome %+v", o)
	}
	if !hasEvent(evs, games.EventGameOver, "Checkmate", "White wins") || hasEvent(evs, games.EventCheck) {
		t.Errorf("events %+v", evs)
	}
	if v := g.View(); !strings.HasPrefix(v.ToAct, "Game over — White wins by checkmate") {
		t.Errorf("ToAct %q", v.ToAct)
	}
	// Found by random play: Black, not in check, has no move.
	s := mustBeryl(t, "W:P5,K8,B12,P17,N27,R28,P30,P34 B:P10,B15,P20,P21,K31,P36 b 56")
	if o := s.Outcome(); !o.Over || !o.Draw || o.Reason != "stalemate" {
		t.Errorf("stalemate outcome %+v", o)
	}
}

func TestBcPawnFallsOnlyToASecondAttacker(t *testing.T) {
	// White's rook on 13 attacks Black's pawn on 18 alone: no capture.
	g := mustBeryl(t, "W:R13,K38 B:P18,K39 w 5")
	if isLegal(g, "13x18") {
		t.Errorf("lone rook takes the pawn: %v", notations(g))
	}
	// A knight on 25 also attacks 18: now either may take it.
	g = mustBeryl(t, "W:N25,R13,K38 B:P18,K39 w 5")
	if !isLegal(g, "13x18") || !isLegal(g, "25x18") {
		t.Errorf("two attackers: %v", notations(g))
	}
	// The rule is about pawns only: a lone rook takes a knight.
	g = mustBeryl(t, "W:R13,K38 B:N18,K39 w 5")
	if !isLegal(g, "13x18") {
		t.Errorf("lone rook cannot take a knight: %v", notations(g))
	}
}

func TestBcEventsAndLabels(t *testing.T) {
	g := mustBeryl(t, "W:N25,R13,K38 B:P18,K39 w 5")
	m, err := g.ParseMove("13 18")
	if err != nil || m.Notation != "13x18" || m.Label != "White's rook 13→18 takes Black's pawn" {
		t.Fatalf("%+v %v", m, err)
	}
	evs := play(t, g, "13x18")
	if evs[0].Kind != games.EventMoved || evs[0].Text != "White's rook 13→18." || !hasEvent(evs, games.EventCaptured, "took Black's pawn on 18") {
		t.Errorf("events %+v", evs)
	}
}

func TestBcNoCastlingKingMovesOneStep(t *testing.T) {
	// The king's moves are exactly its king cells that are free and safe.
	g := mustBeryl(t, "W:K18,R28 B:K39 w 9")
	var got []string
	for _, m := range g.LegalMoves() {
		if m.From == "18" {
			got = append(got, m.To)
		}
	}
	if !slices.Equal(got, []string{"3", "13", "19", "23", "29"}) {
		t.Errorf("king moves to %v", got)
	}
}
