package review

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/engine"
	"github.com/bermudachess/bermuda/games"
	_ "github.com/bermudachess/bermuda/games/all"
)

// testNodes keeps the package's tests fast: small searches judge the
// obvious moves these games are made of.
// testNodes is the tests' budget a position. The tests run in parallel
// (t.Parallel): each review is independent, and under -race on two cores
// the package would otherwise take over ten minutes.
const testNodes = 6000

// step is a move as typed, with the dice it rolls.
type step struct {
	move  string
	rolls []int
}

// record plays the steps from setup and returns the game's record, with
// every move in its canonical notation.
func record(t *testing.T, variant, setup string, steps ...step) games.Record {
	t.Helper()
	g, rolls, _, err := games.Start(variant, setup, games.Seeded(1))
	if err != nil {
		t.Fatal(err)
	}
	rec := games.Record{Variant: variant, Setup: setup, StartRolls: rolls}
	for i, s := range steps {
		next, ply, _, err := games.Apply(g, s.move, games.Script(s.rolls...))
		if err != nil {
			t.Fatalf("ply %d %s: %v", i, s.move, err)
		}
		rec.Plies = append(rec.Plies, ply)
		g = next
	}
	return rec
}

func mustReview(t testing.TB, rec games.Record) Review {
	t.Helper()
	return mustReviewWith(t, rec, testNodes)
}

func mustReviewWith(t testing.TB, rec games.Record, nodes int64) Review {
	t.Helper()
	rv, err := Game(context.Background(), rec, Options{Nodes: nodes})
	if err != nil {
		t.Fatal(err)
	}
	if len(rv.Plies) != len(rec.Plies) || len(rv.Players) != 2 {
		t.Fatalf("%d rows and %d players for %d plies", len(rv.Plies), len(rv.Players), len(rec.Plies))
	}
	return rv
}

// TestHangingQueenIsABlunder: 1.e4 d6 2.Qg4?? leaves the queen to the
// bishop; the review calls it a blunder, finds a better move, and finds
// 2...Bxg4 the best reply.
func TestHangingQueenIsABlunder(t *testing.T) {
	t.Parallel()
	rv := mustReview(t, record(t, "chess", "", step{move: "e4"}, step{move: "d6"}, step{move: "Qg4"}, step{move: "Bxg4"}))
	q := rv.Plies[2]
	if q.Judgement != Blunder || q.Loss == nil || *q.Loss < BlunderLoss {
		t.Fatalf("Qg4: %+v, want a blunder", q)
	}
	if q.Best == q.Move || q.Best == "" {
		t.Errorf("Qg4: best %q, want another move", q.Best)
	}
	if rv.Players[0].Blunders != 1 || rv.Players[1].Blunders != 0 {
		t.Errorf("blunders %d and %d, want 1 and 0", rv.Players[0].Blunders, rv.Players[1].Blunders)
	}
	if take := rv.Plies[3]; take.Best != take.Move || *take.Loss != 0 {
		t.Errorf("Bxg4: best %s, loss %v; want it best", take.Best, *take.Loss)
	}
	if rv.Players[0].Luck != nil || rv.Plies[2].Luck != nil {
		t.Error("luck in orthodox chess: want null")
	}
	if a, b := *rv.Players[0].Accuracy, *rv.Players[1].Accuracy; a >= b {
		t.Errorf("accuracy %.1f for the blunderer, %.1f for the other: want less", a, b)
	}
}

// TestEngineMovesAreAccurate: a game of the engine's own best moves, in
// two variants, reviews at 95% accuracy or more for both players.
func TestEngineMovesAreAccurate(t *testing.T) {
	t.Parallel()
	for _, variant := range []string{"chess", "bede"} {
		g, rolls, _, err := games.Start(variant, "", games.Seeded(1))
		if err != nil {
			t.Fatal(err)
		}
		rec := games.Record{Variant: variant, StartRolls: rolls}
		history := []games.Game{g}
		for ply := 0; ply < 24 && !g.Outcome().Over; ply++ {
			r, err := engine.Search(context.Background(), g, engine.Limits{Level: 5, Nodes: 2 * testNodes, History: history})
			if err != nil {
				t.Fatal(err)
			}
			next, p, _, err := games.Apply(g, r.Move.Notation, nil)
			if err != nil {
				t.Fatal(err)
			}
			rec.Plies = append(rec.Plies, p)
			g = next
			history = append(history, g)
		}
		rv := mustReview(t, rec)
		for i, p := range rv.Players {
			if p.Accuracy == nil || *p.Accuracy < 95 {
				t.Errorf("%s: %s's accuracy %v, want ≥ 95", variant, p.Name, fmtAcc(p.Accuracy))
			}
			t.Logf("%s: player %d accuracy %s, %d/%d/%d", variant, i+1, fmtAcc(p.Accuracy), p.Inaccuracies, p.Mistakes, p.Blunders)
		}
	}
}

func fmtAcc(a *float64) string {
	if a == nil {
		return "null"
	}
	return fmt.Sprintf("%.1f", *a)
}

// TestForcedMoveIsNotJudged: the king's only move is left out of the
// judgements and of the accuracy.
func TestForcedMoveIsNotJudged(t *testing.T) {
	t.Parallel()
	// White's king on a1 has one move: taking the rook on b2.
	rv := mustReview(t, record(t, "chess", "k7/7p/8/8/8/8/1r6/K7 w - - 0 1", step{move: "Kxb2"}, step{move: "Ka7"}))
	f := rv.Plies[0]
	if !f.Forced || f.Loss != nil || f.Judgement != "" {
		t.Errorf("Kxb2: %+v, want forced, no loss, no judgement", f)
	}
	if rv.Players[0].Accuracy != nil {
		t.Errorf("White's accuracy %.1f from a forced move alone, want null", *rv.Players[0].Accuracy)
	}
	if rv.Plies[1].Forced || rv.Plies[1].Loss == nil {
		t.Errorf("Ka7 (one of several moves): %+v, want judged", rv.Plies[1])
	}
}

// luckyGames are games where one roll wins at once: in the Angle, White's
// rook enters the Angle and the dice (2, 3) name d5, where Black's king
// stands; in Random Move Number Chess, Black's move ends its turn and
// White's throw of 6 grants the two moves that mate (the knight clears the
// b-file, the rook mates on b8), where any other throw grants one at most.
var luckyGames = []struct {
	variant, setup string
	steps          []step
}{
	{"angle", "7qr1/10/10/10/10/3k6/10/9R/10/K9 w - - 0 1", []step{{"j3e3", []int{2, 3}}}},
	{"randommove", "7k/6pp/r7/1N6/r7/8/r4PPP/1R4K1 b - - 0 30 white=P1 turn=60 left=1/1 plain=0 throws=1|2",
		[]step{{"a6a7", []int{6}}, {"b5d4", nil}, {"b1b8", nil}}},
}

// TestWinningRollIsLucky: the winning roll has large positive luck for its
// owner (White, Player 1); the players' luck-adjusted results add up to 1,
// so the roll counts against the other player exactly as much.
func TestWinningRollIsLucky(t *testing.T) {
	t.Parallel()
	for _, c := range luckyGames {
		rv := mustReviewWith(t, record(t, c.variant, c.setup, c.steps...), 8*testNodes)
		if rv.Result != games.ResultPlayer1 {
			t.Fatalf("%s: result %s, want White (Player 1) to win", c.variant, rv.Result)
		}
		row := rv.Plies[0]
		if row.Luck == nil || row.RollPlayer == nil || *row.RollPlayer != 0 || *row.Luck < 0.3 {
			t.Fatalf("%s: the winning roll's row %+v, want luck ≥ 0.3 for player 0", c.variant, row)
		}
		w, b := rv.Players[0], rv.Players[1]
		if w.Luck == nil || *w.Luck < 0.3 || b.Luck == nil || *b.Luck != 0 {
			t.Errorf("%s: luck %v and %v, want White's ≥ 0.3 and Black's 0 (no roll of its own)", c.variant, w.Luck, b.Luck)
		}
		if w.LuckAdjusted == nil || b.LuckAdjusted == nil || math.Abs(*w.LuckAdjusted+*b.LuckAdjusted-1) > 1e-9 {
			t.Errorf("%s: luck-adjusted results %v and %v, want them to add up to 1", c.variant, w.LuckAdjusted, b.LuckAdjusted)
		}
		if math.Abs(*b.LuckAdjusted-*w.Luck) > 1e-9 {
			t.Errorf("%s: Black's luck-adjusted result %.3f, want White's luck %.3f (Black lost to it)", c.variant, *b.LuckAdjusted, *w.Luck)
		}
		t.Logf("%s: the winning roll's luck %+.3f, expected %.3f before the move", c.variant, *row.Luck, row.ExpectedBefore)
	}
}

// TestLuckAveragesZero: over every roll that could have come, luck
// weighted by its probability is zero, for each owner: the chance node's
// value is the average of what its rolls lead to.
func TestLuckAveragesZero(t *testing.T) {
	t.Parallel()
	for _, c := range luckyGames {
		rec := record(t, c.variant, c.setup, c.steps...)
		g, err := games.Replay(games.Record{Variant: rec.Variant, Setup: rec.Setup, StartRolls: rec.StartRolls})
		if err != nil {
			t.Fatal(err)
		}
		m, err := g.ParseMove(rec.Plies[0].Move)
		if err != nil {
			t.Fatal(err)
		}
		r := reviewer{variant: c.variant, opts: Options{Nodes: testNodes}, an: &ourAnalyst{variant: c.variant, a: engine.NewAnalyser()}}
		memo := map[string]float64{}
		value := func(ctx context.Context, after games.Game) (float64, error) {
			k := after.Position()
			if v, ok := memo[k]; ok {
				return v, nil
			}
			v, err := r.p1Value(ctx, after, []games.Game{g})
			memo[k] = v
			return v, err
		}
		outs, err := games.RollOutcomes(g, m, maxBranchedRolls)
		if err != nil {
			t.Fatal(err)
		}
		sum := 0.0
		for _, o := range outs {
			evs, err := g.Clone().Play(m, games.NewDice(games.Script(o.Rolls...)))
			if err != nil {
				t.Fatal(err)
			}
			_, lucks, _, err := plyLuck(context.Background(), g, m, o.Rolls, evs, value)
			if err != nil {
				t.Fatal(err)
			}
			for k, l := range lucks {
				if l == nil {
					t.Logf("%s: rolls %v: roll %d has no luck", c.variant, o.Rolls, k)
					continue
				}
				sum += o.Probability * *l
			}
		}
		if math.Abs(sum) > 1e-9 {
			t.Errorf("%s: luck averages %.2g over %d rolls, want 0", c.variant, sum, len(outs))
		}
	}
}

// TestProgressAndCancel: progress comes once per ply, and cancelling the
// context stops the review with the context's error.
func TestProgressAndCancel(t *testing.T) {
	t.Parallel()
	rec := record(t, "chess", "", step{move: "e4"}, step{move: "e5"}, step{move: "Nf3"}, step{move: "Nc6"})
	var calls []int
	if _, err := Game(context.Background(), rec, Options{Nodes: testNodes, Progress: func(done, total int) {
		if total != 4 {
			t.Errorf("total %d, want 4", total)
		}
		calls = append(calls, done)
	}}); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(calls) != "[1 2 3 4]" {
		t.Errorf("progress %v, want [1 2 3 4]", calls)
	}
	ctx, cancel := context.WithCancel(context.Background())
	_, err := Game(ctx, rec, Options{Nodes: testNodes, Progress: func(done, _ int) {
		if done == 2 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled after 2 plies: %v, want context.Canceled", err)
	}
}

// TestEveryVariantReviews reviews a short seeded random game of every
// variant on a tiny budget: every ply gets a row, expected scores stay in
// [0, 1], and luck appears exactly where dice were rolled.
func TestEveryVariantReviews(t *testing.T) {
	t.Parallel()
	for _, v := range games.All() {
		dice := games.Seeded(11)
		g, rolls, _, err := games.Start(v.ID, "", dice)
		if err != nil {
			t.Fatal(err)
		}
		rec := games.Record{Variant: v.ID, StartRolls: rolls}
		for i := 0; i < 10 && !g.Outcome().Over; i++ {
			legal := g.LegalMoves()
			next, ply, _, err := games.Apply(g, legal[(i*7)%len(legal)].Notation, dice)
			if err != nil {
				t.Fatal(err)
			}
			rec.Plies = append(rec.Plies, ply)
			g = next
		}
		rv, err := Game(context.Background(), rec, Options{Nodes: 500})
		if err != nil {
			t.Fatalf("%s: %v", v.ID, err)
		}
		for i, row := range rv.Plies {
			for _, e := range []float64{row.ExpectedBefore, row.ExpectedAfter} {
				if e < 0 || e > 1 || math.IsNaN(e) {
					t.Errorf("%s ply %d: expected score %v", v.ID, i, e)
				}
			}
			if (row.Luck != nil) != (len(rec.Plies[i].Rolls) > 0) {
				t.Errorf("%s ply %d: rolls %v, luck %v", v.ID, i, rec.Plies[i].Rolls, row.Luck)
			}
		}
	}
}

// TestLegallsMate: 1.e4 e5 2.Nf3 d6 3.Bc4 Bg4 4.Nc3 g6 5.Nxe5! Bxd1??
// 6.Bxf7+ Ke7 7.Nd5#. White's queen sacrifice is neither a mistake nor a
// blunder, Black's taking the queen is a blunder, and 6...Ke7, the only
// move, is not judged.
func TestLegallsMate(t *testing.T) {
	t.Parallel()
	var steps []step
	for _, m := range []string{"e4", "e5", "Nf3", "d6", "Bc4", "Bg4", "Nc3", "g6", "Nxe5", "Bxd1", "Bxf7+", "Ke7", "Nd5#"} {
		steps = append(steps, step{move: m})
	}
	rv := mustReviewWith(t, record(t, "chess", "", steps...), 150_000)
	for _, p := range rv.Plies {
		t.Logf("ply %2d %-6s best %-6s E %.2f→%.2f loss %s %s depth %d %v", p.Ply, p.Move, p.Best, p.ExpectedBefore, p.ExpectedAfter, fmtLoss(p.Loss), p.Judgement, p.Depth, p.Refutation)
	}
	if rv.Result != games.ResultPlayer1 {
		t.Fatalf("result %s, want 1-0", rv.Result)
	}
	if j := rv.Plies[8].Judgement; j == Mistake || j == Blunder {
		t.Errorf("5.Nxe5 judged a %s, want neither a mistake nor a blunder", j)
	}
	if j := rv.Plies[9].Judgement; j != Blunder {
		t.Errorf("5...Bxd1 judged %q, want a blunder", j)
	}
	if k := rv.Plies[11]; !k.Forced || k.Loss != nil || k.Judgement != "" {
		t.Errorf("6...Ke7: %+v, want forced and not judged", k)
	}
	for _, p := range rv.Plies {
		if p.ExpectedAfter < 0 || p.ExpectedAfter > 1 || p.Loss != nil && math.Abs(*p.Loss-max(0, p.ExpectedBefore-p.ExpectedAfter)) > 1e-9 {
			t.Errorf("ply %d: E %v → %v, loss %s: want both in [0, 1] and the loss their difference (at least 0)", p.Ply, p.ExpectedBefore, p.ExpectedAfter, fmtLoss(p.Loss))
		}
	}
}

func fmtLoss(l *float64) string {
	if l == nil {
		return "—"
	}
	return fmt.Sprintf("%.3f", *l)
}

// TestTwofoldRepetitionIsNotADraw: a position the game has had once is no
// draw to come back to. In this game (levels 3 and "greedy" from the
// agreement benchmark's corpus) 10.Kf2 lets Black check with 10...Bc5+
// into the position after 8...Bxc5+, a second time, not a third: White,
// a queen up, is still winning, and Stockfish calls 10.Kf2 nothing. A
// review that counted every earlier position as a draw called it a blunder
// (0.49 at the default budget).
func TestTwofoldRepetitionIsNotADraw(t *testing.T) {
	t.Parallel()
	var steps []step
	for _, m := range strings.Fields("d4 Na6 e4 e6 Qh5 Qf6 Ne2 Qxf2+ Kxf2 b6 Bg5 b5 b3 Nc5 dxc5 Bxc5+ Ke1 Bb4+ Kf2 Ne7") {
		steps = append(steps, step{move: m})
	}
	rv := mustReview(t, record(t, "chess", "", steps...))
	kf2 := rv.Plies[18]
	t.Logf("10.Kf2: E %.2f→%.2f loss %s %q", kf2.ExpectedBefore, kf2.ExpectedAfter, fmtLoss(kf2.Loss), kf2.Judgement)
	if kf2.Move != "e1f2" || kf2.Judgement == Mistake || kf2.Judgement == Blunder {
		t.Errorf("10.%s judged %q, want at most an inaccuracy", kf2.Move, kf2.Judgement)
	}
	if kf2.ExpectedAfter < 0.8 {
		t.Errorf("after 10.Kf2 White's expected score %.2f, want a win (≥ 0.8)", kf2.ExpectedAfter)
	}
}

// TestRepeatedCountsTwice: the search's draws are the positions the game
// has had twice, once each; a position seen once is not one.
func TestRepeatedCountsTwice(t *testing.T) {
	t.Parallel()
	g, _, _, err := games.Start("chess", "", games.Seeded(1))
	if err != nil {
		t.Fatal(err)
	}
	history := []games.Game{g}
	for _, m := range strings.Fields("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8") {
		if g, _, _, err = games.Apply(g, m, games.Script()); err != nil {
			t.Fatal(err)
		}
		history = append(history, g)
	}
	// The start and the three positions after it each occur twice by ply 8
	// (the start a third time: the game ends there); after 1.Nf3 Nf6, none.
	if n := len(repeated(history[:3])); n != 0 {
		t.Errorf("after 1.Nf3 Nf6: %d repeated positions, want 0", n)
	}
	if n := len(repeated(history[:5])); n != 1 {
		t.Errorf("after 1.Nf3 Nf6 2.Ng1 Ng8: %d repeated positions, want 1 (the start)", n)
	}
	if n := len(repeated(history)); n != 4 {
		t.Errorf("after 4...Ng8: %d repeated positions, want 4", n)
	}
}
