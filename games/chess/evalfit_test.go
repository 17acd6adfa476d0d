package chess

// The fit of the positional evaluation's weights (evalMid, evalEnd) to
// Stockfish, in two benchmarks run by hand (see the README's section on
// the engine's evaluation):
//
//   - BenchmarkEvalLabel replays the games of a folder of PGN files (from
//     `bermuda match -records`), keeps quiet positions and writes each with
//     Stockfish's score at a fixed depth, one "FEN;centipawns" line each
//     (centipawns for the side to move).
//   - BenchmarkEvalFit reads such a file and fits the weights Texel's way:
//     our score (the engine's material count plus Positional) through a
//     logistic curve against Stockfish's through the same curve, least
//     squares, by gradient descent (Adam), then writes the weights' Go file.

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"go/format"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/bermudachess/bermuda/uci"
	"github.com/bermudachess/bermuda/uci/ucitest"
)

// materialValues are the engine's generic piece values for chess (its
// evaluation adds them to Positional): the fit fits the rest on top.
var materialValues = [6]int{100, 310, 330, 500, 950, 0}

// fitCurve is Lichess's expected-score curve for centipawns, the one the
// review reads Stockfish's scores with: 1/(1+exp(-cp/fitCurve)).
const fitCurve = 1 / 0.00368208

func BenchmarkEvalLabel(b *testing.B) {
	dir, out := os.Getenv("BERMUDA_EVALFIT_PGN"), os.Getenv("BERMUDA_EVALFIT_DATA")
	if dir == "" || out == "" {
		b.Skip("set BERMUDA_EVALFIT_PGN (a folder of PGN files, searched recursively) and BERMUDA_EVALFIT_DATA (the file to write)")
	}
	depth := envInt("BERMUDA_EVALFIT_DEPTH", 8)
	every := envInt("BERMUDA_EVALFIT_EVERY", 2) // keep one ply in this many
	sf, err := uci.Start(ucitest.Stockfish(b), map[string]string{"Threads": "1", "Hash": "16"})
	if err != nil {
		b.Fatal(err)
	}
	defer sf.Close()
	var files []string
	_ = filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(path, ".pgn") {
			files = append(files, path)
		}
		return nil
	})
	sort.Strings(files)
	fens := quietFENs(b, files, every)
	f, err := os.Create(out)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	w := bufio.NewWriter(f)
	kept := 0
	for i, fen := range fens {
		res, err := sf.Search(context.Background(), uci.Position{FEN: fen}, uci.Go{Depth: depth})
		if err != nil {
			b.Fatal(err)
		}
		// Keep a position only if Stockfish's best move is quiet too and
		// the score is no mate nor a win already decided: what a static
		// evaluation should be able to say.
		p, _ := parseFEN(fen)
		if res.Mate != 0 || res.BestMove == "" || abs(res.CP) > 1500 {
			continue
		}
		if m, ok := p.lookupUCI(res.BestMove); !ok || p.board[m.to()] != 0 || m.kind() == moveEnPassant || m.isPromotion() {
			continue
		}
		fmt.Fprintf(w, "%s;%d\n", fen, res.CP)
		kept++
		if (i+1)%1000 == 0 {
			b.Logf("%d of %d labelled, %d kept", i+1, len(fens), kept)
		}
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	b.Logf("%d games' %d quiet positions, %d kept at Stockfish depth %d", len(files), len(fens), kept, depth)
}

// quietFENs replays the games and lists, once each, the positions from
// the 8th ply on (one in every plies) where the side to move is not in
// check and the move played there is no capture or promotion.
func quietFENs(b *testing.B, files []string, every int) []string {
	seen := map[string]bool{}
	var fens []string
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		rec, _, err := ReadPGN(data)
		if err != nil {
			b.Fatalf("%s: %v", path, err)
		}
		g, err := NewGame(rec.Setup)
		if err != nil {
			b.Fatal(err)
		}
		for i, ply := range rec.Plies {
			gm, err := g.ParseMove(ply.Move)
			if err != nil {
				b.Fatalf("%s ply %d: %v", path, i+1, err)
			}
			m, _ := g.find(gm)
			p := &g.pos
			quiet := !p.inCheck() && p.board[m.to()] == 0 && m.kind() != moveEnPassant && !m.isPromotion()
			if key := p.key(); i >= 8 && i%every == 0 && quiet && !seen[key] {
				seen[key] = true
				fens = append(fens, p.fen())
			}
			if _, err := g.PlayMove(gm); err != nil {
				b.Fatal(err)
			}
		}
	}
	return fens
}

// fitSample is one labelled position: its terms (index and count, White's
// minus Black's), phase, material balance and Stockfish's score, both for
// White.
type fitSample struct {
	terms    []fitTerm
	phase    float64 // of fullPhase: 1 at the start, 0 with pawns alone
	material float64
	target   float64 // Stockfish's expected score for White
}

type fitTerm struct {
	index int
	count float64
}

// fitTerms lists p's terms, what Positional weighs: each piece on its
// square, then structure's counts. The fit ties the piece-square tables'
// halves, the e- to h-files to the d- to a-files, so a square shares its
// samples with its mirror (the positions' left and right differ by little
// but castling, and 20,000 positions are too few to tell 768 weights
// apart): a piece on the kingside is listed by its mirror square.
func fitTerms(p *position) []fitTerm {
	var ts []fitTerm
	for sq, pc := range p.board {
		if pc == 0 {
			continue
		}
		rel, n := sq, 1.0
		if pc.colour() == black {
			rel, n = sq^56, -1
		}
		if rel%8 >= 4 {
			rel ^= 7
		}
		ts = append(ts, fitTerm{fPST + pc.kind()*64 + rel, n})
	}
	for i, n := range structure(p) {
		if n != 0 {
			ts = append(ts, fitTerm{firstStruct + i, float64(n)})
		}
	}
	return ts
}

func materialBalance(p *position) int {
	m := 0
	for k := pawn; k < king; k++ {
		m += materialValues[k] * (popCount(p.pieces(white, k)) - popCount(p.pieces(black, k)))
	}
	return m
}

// TestFitTermsWeighAsPositional: the terms the fit weighs, with the
// weights in force, give what Positional gives (but for its rounding), so
// the fit fits the evaluation the engine plays with.
func TestFitTermsWeighAsPositional(t *testing.T) {
	fens := []string{structureFEN, "8/8/8/1k6/3P4/8/6K1/8 b - - 0 1"}
	for _, c := range perftSuite {
		fens = append(fens, c.fen)
	}
	for _, fen := range fens {
		p, err := parseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		mid, end := 0, 0
		for _, tm := range fitTerms(&p) {
			mid += int(tm.count) * int(evalMid[tm.index])
			end += int(tm.count) * int(evalEnd[tm.index])
		}
		ph := phase(&p)
		want := (mid*ph + end*(fullPhase-ph)) / fullPhase
		if p.stm == black {
			want = -want
		}
		if got := positionalByBoard(&p); got != want {
			t.Errorf("%s: Positional %d, the fit's terms weigh %d", fen, got, want)
		}
	}
}

func BenchmarkEvalFit(b *testing.B) {
	// The labelled positions (from BenchmarkEvalLabel; by default the
	// committed ones); BERMUDA_EVALFIT_OUT names the Go file to write.
	in := os.Getenv("BERMUDA_EVALFIT_DATA")
	if in == "" {
		in = filepath.Join("testdata", "evalfit.txt")
	}
	samples := readSamples(b, in)
	// Held out: one block of 500 positions in every ten. The file lists
	// each game's positions together, and a game's neighbouring plies are
	// nearly the same position, so positions drawn one by one would leave
	// the held-out ones' twins in the training set.
	var train, test []fitSample
	for i, s := range samples {
		if i/500%10 == 9 {
			test = append(test, s)
		} else {
			train = append(train, s)
		}
	}
	hold := len(test)
	w := make([]float64, 2*nEvalTerms) // mid weights, then end weights
	for i := 0; i < nEvalTerms; i++ {
		w[i], w[nEvalTerms+i] = float64(evalMid[i]), float64(evalEnd[i])
	}
	zero := make([]float64, len(w))
	b.Logf("%d positions (%d held out), weight decay %g; mean squared error of expected scores, training / held out:", len(samples), hold, fitDecay)
	b.Logf("  material alone            %.5f / %.5f", fitLoss(train, zero, nil), fitLoss(test, zero, nil))
	b.Logf("  the weights in force      %.5f / %.5f", fitLoss(train, w, nil), fitLoss(test, w, nil))
	iters := envInt("BERMUDA_EVALFIT_ITERS", 600)
	adamFit(train, w, iters, func(it int) {
		if it%500 == 0 {
			b.Logf("  iteration %4d            %.5f / %.5f", it, fitLoss(train, w, nil), fitLoss(test, w, nil))
		}
	})
	for i := range w {
		if j := i % nEvalTerms; j < fPassed && j%8 >= 4 {
			w[i] = w[i-j+(j^7)] // the tied half
		}
		w[i] = math.Round(w[i])
	}
	b.Logf("  fitted (rounded)          %.5f / %.5f", fitLoss(train, w, nil), fitLoss(test, w, nil))
	if out := os.Getenv("BERMUDA_EVALFIT_OUT"); out != "" {
		if err := os.WriteFile(out, weightsSource(w, len(samples)), 0o644); err != nil {
			b.Fatal(err)
		}
	}
}

func readSamples(b *testing.B, path string) []fitSample {
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	var out []fitSample
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		fen, cpText, ok := strings.Cut(line, ";")
		cp, err := strconv.Atoi(cpText)
		if !ok || err != nil {
			b.Fatalf("bad line %q", line)
		}
		p, err := parseFEN(fen)
		if err != nil {
			b.Fatal(err)
		}
		if p.stm == black {
			cp = -cp
		}
		out = append(out, fitSample{
			terms:    fitTerms(&p),
			phase:    float64(phase(&p)) / fullPhase,
			material: float64(materialBalance(&p)),
			target:   sigmoid(float64(cp)),
		})
	}
	return out
}

func sigmoid(cp float64) float64 { return 1 / (1 + math.Exp(-cp/fitCurve)) }

// predict is our expected score for White with weights w.
func predict(s *fitSample, w []float64) float64 {
	mid, end := 0.0, 0.0
	for _, t := range s.terms {
		mid += t.count * w[t.index]
		end += t.count * w[nEvalTerms+t.index]
	}
	return sigmoid(s.material + mid*s.phase + end*(1-s.phase))
}

// fitLoss is the mean squared error of the expected scores; with grad
// non-nil it also adds the loss's gradient there.
func fitLoss(samples []fitSample, w, grad []float64) float64 {
	sum := 0.0
	for i := range samples {
		s := &samples[i]
		p := predict(s, w)
		d := p - s.target
		sum += d * d
		if grad == nil {
			continue
		}
		// d(d²)/d(score) = 2d·p(1-p)/fitCurve, then by each term's share
		g := 2 * d * p * (1 - p) / fitCurve / float64(len(samples))
		for _, t := range s.terms {
			grad[t.index] += g * t.count * s.phase
			grad[nEvalTerms+t.index] += g * t.count * (1 - s.phase)
		}
	}
	return sum / float64(len(samples))
}

// adamFit moves w down the loss's gradient for iters full passes, with
// weight decay (BERMUDA_EVALFIT_DECAY): Adam moves every weight at the
// same pace however few the samples that show it, and without the decay
// squares that a handful of positions show took weights of ±5 pawns.
func adamFit(samples []fitSample, w []float64, iters int, report func(int)) {
	const rate, beta1, beta2, eps = 1.0, 0.9, 0.999, 1e-12
	decay := fitDecay
	m, v, g := make([]float64, len(w)), make([]float64, len(w)), make([]float64, len(w))
	for it := 1; it <= iters; it++ {
		clear(g)
		fitLoss(samples, w, g)
		for i := range w {
			g[i] += decay * w[i]
			m[i] = beta1*m[i] + (1-beta1)*g[i]
			v[i] = beta2*v[i] + (1-beta2)*g[i]*g[i]
			mh := m[i] / (1 - math.Pow(beta1, float64(it)))
			vh := v[i] / (1 - math.Pow(beta2, float64(it)))
			w[i] -= rate * mh / (math.Sqrt(vh) + eps)
		}
		report(it)
	}
}

// weightsSource is the Go file of evalMid and evalEnd for w.
func weightsSource(w []float64, samples int) []byte {
	var buf bytes.Buffer
	buf.WriteString("// Code generated by BenchmarkEvalFit; DO NOT EDIT.\n\npackage chess\n\n")
	fmt.Fprintf(&buf, "// evalMid and evalEnd are the positional terms' weights in the middlegame\n// and the endgame, indexed as the f… constants say, fitted to Stockfish's\n// scores of %d quiet positions (the README says how).\n", samples)
	for half, name := range []string{"evalMid", "evalEnd"} {
		fmt.Fprintf(&buf, "var %s = [nEvalTerms]int16{\n", name)
		for i := 0; i < nEvalTerms; i++ {
			if i < fPassed && i%64 == 0 {
				fmt.Fprintf(&buf, "\n// %s\n", [6]string{"pawn", "knight", "bishop", "rook", "queen", "king"}[i/64])
			}
			if i == fPassed {
				buf.WriteString("\n// passed pawns by rank, doubled, isolated, bishop pair, rook on an open and a half-open file, shelter, tempo, mobility of knights, bishops, rooks, queens, attacks on the squares around the enemy king by knights, bishops, rooks, queens, the square of the number of pieces attacking them (with a queen), free passed pawns, the kings' distances from passed pawns\n")
			}
			fmt.Fprintf(&buf, "%d,", int(w[half*nEvalTerms+i]))
			if i < fPassed && i%8 == 7 || i == fPassed+7 {
				buf.WriteString("\n")
			}
		}
		buf.WriteString("\n}\n\n")
	}
	src, err := format.Source(buf.Bytes())
	if err != nil {
		panic(err)
	}
	return src
}

var fitDecay = envFloat("BERMUDA_EVALFIT_DECAY", 2e-8)

func envFloat(name string, def float64) float64 {
	if v, err := strconv.ParseFloat(os.Getenv(name), 64); err == nil && v >= 0 {
		return v
	}
	return def
}

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
