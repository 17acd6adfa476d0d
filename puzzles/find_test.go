package puzzles

import (
	"context"
	"math"
	"testing"

	"github.com/bermudachess/bermuda/games"
	_ "github.com/bermudachess/bermuda/games/all"
)

// testOpts keeps the tests' searches small; the results are the same on
// every run (node budgets, no clock).
var testOpts = Options{Nodes: 30_000}

// hangingQueens holds, per variant, a position where the player to act can
// take a queen left hanging (in Beryl Chess and spIndecision, which have
// no queen, a rook and a king), and the move that takes it. The exotic
// positions come from the generator's own self-play (seed 2026), checked
// by hand: the piece taken is not defended.
var hangingQueens = []struct {
	variant, position, move string
}{
	// 1.e4 d6 2.Qg4?? : the c8 bishop takes the queen.
	{"chess", "rnbqkbnr/ppp1pppp/3p4/8/4P1Q1/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2", "Bxg4"},
	// The same mistake a move later in Random Move Number Chess: White's
	// last move of the turn takes the queen, and Black's throw follows.
	{"randommove", "rnb1kbnr/pppp1ppp/8/4p3/3q4/2P5/PP1PPPPP/RNBQKBNR w KQkq - 0 3 white=P1 turn=5 left=1/1 plain=0 throws=1|1", "c3d4"},
	// From self-play (seed 2026): White's queen on b6, the a8 knight takes it.
	{"angle", "r1bsqksbnr/p1pp1pppp1/np2p5/9p/1Q8/10/3P6/1P8/P1PBPPPPPP/RN1S1KSBNR b KQkq - 1 5", "a8b6"},
	// From self-play: Black's queen on b4 of the lower board, next to White's king.
	// From self-play: Black's queen on c11, undefended, down the open c-file.
	{"bede", "2q6/5k3/6p2/7s1/6s1P/P6P1/P2P1j3/2Q2b3/9/C8/4K4 w e q 1 61 p", "c4c11"},
	// Beryl Chess has no queen: from self-play, White's knight takes the rook on 33.
	{"beryl", "W:K10,P17,P22,N23,N25,R28,P34,B35,P38 B:K14,P21,P24,N27,N32,R33,B36,P37,P39 w 1 5", "23x33"},
	// spIndecision has no queen either, and its evaluation counts no army
	// for either player: from self-play, a king left where White's knight
	// on 31 takes it.
	{"spindecision", "W:P16,B17,R22,N28,K30,N31,P35,P38 B:P14,K15,N18,B20,P24,P36,R37 R:R1,P4,P5,K6,P7,B8 2 B 8 20", "31x15"},
	{"bermuda", "6p1/1P4p1/8/2K5/1q6/1P3pk1/8/3n4|1Q6/rp1p1pp1/2p1b2r/1B2p2q/1b2q3/1N1q4/2PPPPP1/RNBQ1B2 w -|- - 15 52", "c5b4"},
}

// TestHangingQueen: a queen (or king) left hanging is seen in every
// variant, but its capture alone is a puzzle only with more to it than
// the capture: a variant's own move (dice, a climb, …); a plain one-move
// capture is turned down, and taking a king left en prise always is.
func TestHangingQueen(t *testing.T) {
	for _, c := range hangingQueens {
		t.Run(c.variant, func(t *testing.T) {
			g, err := games.NewGame(c.variant, c.position)
			if err != nil {
				t.Fatal(err)
			}
			want, err := g.ParseMove(c.move)
			if err != nil {
				t.Fatal(err)
			}
			m := &Miner{Opts: testOpts}
			p, reason, err := m.Position(context.Background(), g, math.NaN(), nil)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: %q %v %v", c.variant, reason, p.Solution, p.Themes)
			switch {
			case c.variant == "spindecision":
				if reason != RejectHangingKing {
					t.Fatalf("reason %q, want %q", reason, RejectHangingKing)
				}
				return
			case reason == RejectOneCapture:
				return
			case reason != "":
				t.Fatalf("rejected: %s", reason)
			}
			if p.Solution[0] != want.Notation {
				t.Fatalf("solution %v, want it to start with %s", p.Solution, want.Notation)
			}
			if p.Solvers() == 1 && !p.HasTheme(ThemeDice) && !p.HasTheme(ThemeClimb) && !p.HasTheme(ThemeDrop) && !p.HasTheme(ThemeAngleDice) && !p.HasTheme(ThemePromotion) {
				t.Errorf("a plain one-move capture was kept: %v", p.Themes)
			}
			if p.Position != g.Position() || p.Variant != c.variant || p.Rating < MinRating {
				t.Errorf("puzzle %+v", p)
			}
			if err := CheckLegal(&p); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestForkIsATwoMovePuzzle: a knight fork of king and queen is a puzzle of
// two solver moves (the check, then the queen), tagged short and rated
// above a one-move puzzle found at the same depth.
func TestForkIsATwoMovePuzzle(t *testing.T) {
	g, err := games.NewGame("chess", "6k1/pp1q4/8/8/4N3/8/PPPP4/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	m := &Miner{Opts: testOpts}
	p, reason, err := m.Position(context.Background(), g, math.NaN(), nil)
	if err != nil || reason != "" {
		t.Fatalf("rejected: %q, %v", reason, err)
	}
	if len(p.Solution) != 3 || p.Solution[0] != "e4f6" || p.Solution[2] != "f6d7" || p.Solvers() != 2 {
		t.Fatalf("solution %v", p.Solution)
	}
	t.Logf("%v %v %d", p.Solution, p.Themes, p.Rating)
	if !p.HasTheme(ThemeShort) || !p.HasTheme(ThemeMaterial) || p.Rating <= Rating(Difficulty{Depth: 1, SolverMoves: 1, Check: true, Legal: 30, Gap: 1}) {
		t.Errorf("themes %v, rating %d", p.Themes, p.Rating)
	}
}

// TestTwoEqualMovesAreNoPuzzle: a queen two pawns can take equally well
// gives two equally good moves, so the position is rejected.
func TestTwoEqualMovesAreNoPuzzle(t *testing.T) {
	g, err := games.NewGame("chess", "4k3/8/8/3q4/2P1P3/8/8/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	m := &Miner{Opts: testOpts}
	_, reason, err := m.Position(context.Background(), g, math.NaN(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if reason != RejectNoClearBest {
		t.Fatalf("reason %q, want %q", reason, RejectNoClearBest)
	}
	if m.Stats.Rejected[RejectNoClearBest] != 1 || m.Stats.Found != 0 {
		t.Errorf("stats %+v", m.Stats)
	}
}
