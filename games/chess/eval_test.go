package chess

import "testing"

const structureFEN = "1rr1k3/3p3p/8/4P3/2P5/P7/P4PPP/R3K1NR w - - 0 1"

// TestStructureCounts: the structure terms on a position that has each:
// White's a-pawns doubled, isolated and passed, f2 passed, c4 isolated;
// Black's d7 and h7 isolated, a rook on the open b-file and one on the
// half-open c-file; each king with one pawn in front. Mobility: the g1
// knight has e2, f3 and h3; the a1 rook b1–d1 against Black's b8 rook's
// a8, b7, b6, b2, b1 (b3–b5 are White's pawns' squares) and the c8 rook's
// d8 and c7–c4.
func TestStructureCounts(t *testing.T) {
	p, err := parseFEN(structureFEN)
	if err != nil {
		t.Fatal(err)
	}
	var want [structLength]int16
	want[fPassed-firstStruct+1] = 2 // a2, f2
	want[fPassed-firstStruct+2] = 1 // a3
	want[fDoubled-firstStruct] = 1
	want[fIsolated-firstStruct] = 3 - 2
	want[fRookOpen-firstStruct] = -1
	want[fRookHalf-firstStruct] = -1
	want[fShelter-firstStruct] = 1 - 1
	want[fTempo-firstStruct] = 1
	want[fMobility-firstStruct+knight-knight] = 3
	want[fMobility-firstStruct+rook-knight] = 3 - 10
	// Free passers: a3 (a4 empty, rank 2) and f2 (rank 1); a2 is blocked.
	want[fPassedFree-firstStruct] = 2*2 + 1*1
	// The kings (e1, e8) from the passers' next squares: a3 5 against 4
	// (rank 1), a4 4 against 4, f3 5 against 2 (rank 1).
	want[fPassedKing-firstStruct] = 1*1 + 0*2 + 3*1
	if got := structure(&p); got != want {
		t.Errorf("structure counts %v, want %v", got, want)
	}
	p.stm = black
	want[fTempo-firstStruct] = -1
	if got := structure(&p); got != want {
		t.Errorf("with Black to move: %v, want %v", got, want)
	}
}

// TestKingAttackCounts: the d5 queen attacks f7 and the g5 knight f7 and
// h7, squares next to Black's king: two attackers with a queen on, 2² = 4.
func TestKingAttackCounts(t *testing.T) {
	p, err := parseFEN("6k1/5ppp/8/3Q2N1/8/8/5PPP/6K1 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	n := structure(&p)
	got := [5]int16{n[fKingAttack-firstStruct], n[fKingAttack-firstStruct+1], n[fKingAttack-firstStruct+2],
		n[fKingAttack-firstStruct+3], n[fKingDanger-firstStruct]}
	if want := [5]int16{2, 0, 0, 1, 4}; got != want {
		t.Errorf("king attack counts (knight, bishop, rook, queen, danger) %v, want %v", got, want)
	}
}

// TestPhase: the start is the full phase, pawns and kings none.
func TestPhase(t *testing.T) {
	for fen, want := range map[string]int{
		StartFEN:                                fullPhase,
		"4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1": 0,
		"4k3/8/8/8/8/8/8/R3K1N1 w - - 0 1":      phaseRook + phaseMinor,
	} {
		p, err := parseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := phase(&p); got != want {
			t.Errorf("%s: phase %d, want %d", fen, got, want)
		}
	}
}
