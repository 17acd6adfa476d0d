package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/bermudachess/bermuda/engine"
	"github.com/bermudachess/bermuda/games"
)

func init() {
	commands["match"] = command{"play engine against engine (random, greedy, ai:LEVEL, uci:PATH, bin:PATH)", runMatch}
}

// maxMatchPlies ends a match game as a draw, for the reason matchLimit.
const maxMatchPlies = 500

var matchLimit = fmt.Sprintf("%d plies", maxMatchPlies)

// matchPlayer chooses moves in a match. newGame is called before each game.
type matchPlayer interface {
	name() string
	newGame() error
	choose(ctx context.Context, g games.Game, played []string) (string, error)
	close()
}

// matchResult is what -json prints: exactly these keys.
type matchResult struct {
	Variant    string  `json:"variant"`
	Games      int     `json:"games"`
	AWins      int     `json:"a_wins"`
	BWins      int     `json:"b_wins"`
	Draws      int     `json:"draws"`
	AScore     float64 `json:"a_score"`
	AMsPerMove float64 `json:"a_ms_per_move"`
	BMsPerMove float64 `json:"b_ms_per_move"`
	// Elo is A's rating difference over B that a's score implies, and
	// EloError the half-width of its 95% interval (see eloDiff).
	Elo      float64 `json:"elo"`
	EloError float64 `json:"elo_error"`
}

func runMatch(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("match", stderr)
	variant := fs.String("variant", "chess", "variant id")
	aSpec := fs.String("a", "ai:3", "player A: random, greedy, ai:LEVEL[,KIND=VALUE…], uci:PATH[,NAME=VALUE…] or bin:PATH[,level=N] (another bermuda build)")
	bSpec := fs.String("b", "random", "player B (as -a)")
	n := fs.Int("games", 10, "number of games; A plays Player 1 in the odd-numbered ones")
	seed := fs.Uint64("seed", 1, "seed for the dice and the players' randomness")
	moveTime := fs.Int("movetime", 200, "milliseconds per move for ai and uci players")
	asJSON := fs.Bool("json", false, "print one JSON object instead of a table")
	records := fs.String("records", "", "write every game to this folder (PGN for chess, the record format otherwise)")
	openings := fs.Int("openings", 0, "start each pair of games with this many random plies, the same for both games of the pair")
	if help, err := parseFlags(fs, args); help || err != nil {
		return err
	}
	v, err := games.Lookup(*variant)
	if err != nil {
		return usageError{err.Error()}
	}
	if *n < 1 {
		return usagef("-games must be at least 1")
	}
	if *moveTime < 1 {
		return usagef("-movetime must be at least 1 ms")
	}
	if *openings < 0 || *openings >= maxMatchPlies {
		return usagef("-openings takes 0 to %d plies", maxMatchPlies-1)
	}
	mt := time.Duration(*moveTime) * time.Millisecond
	if *records != "" {
		if err := os.MkdirAll(*records, 0o755); err != nil {
			return usagef("-records: %v", err)
		}
	}
	a, err := newMatchPlayer(*aSpec, v.ID, mt, *seed*2+1)
	if err != nil {
		return err
	}
	defer a.close()
	b, err := newMatchPlayer(*bSpec, v.ID, mt, *seed*2+2)
	if err != nil {
		return err
	}
	defer b.close()

	res := matchResult{Variant: v.ID, Games: *n}
	var spent [2]time.Duration
	var moves [2]int
	ctx := context.Background()
	for i := 0; i < *n; i++ {
		seats := [2]matchPlayer{a, b} // seats[p] plays Player p
		aSeat := games.Player1
		if i%2 == 1 {
			seats, aSeat = [2]matchPlayer{b, a}, games.Player2
		}
		// With random openings both games of a pair open alike, and roll
		// the same dice: each player has the pair's start once per side.
		gameSeed := *seed + uint64(i)*7919
		opening := matchOpening{plies: *openings, seed: *seed ^ uint64(i/2+1)*0x9e3779b97f4a7c15}
		if *openings > 0 {
			gameSeed = *seed + uint64(i/2)*7919
		}
		o, rec, err := playMatchGame(ctx, v.ID, seats, gameSeed, opening, &spent, &moves, aSeat)
		if err != nil {
			return fmt.Errorf("game %d: %w", i+1, err)
		}
		plies := len(rec.Plies)
		if *records != "" {
			if err := writeMatchRecord(*records, i+1, rec, o, seats); err != nil {
				return err
			}
		}
		word := "draw"
		switch {
		case o.Draw:
			res.Draws++
		case o.Winner == aSeat:
			res.AWins++
			word = "A wins"
		default:
			res.BWins++
			word = "B wins"
		}
		fmt.Fprintf(stderr, "game %d/%d: %s (%s, %d plies) — A %d, B %d, draws %d\n", i+1, *n, word, o.Reason, plies, res.AWins, res.BWins, res.Draws)
	}
	res.AScore = (float64(res.AWins) + float64(res.Draws)/2) / float64(res.Games)
	res.Elo, res.EloError = eloDiff(res.AWins, res.Draws, res.BWins)
	for s, d := range spent {
		ms := 0.0
		if moves[s] > 0 {
			ms = float64(d.Microseconds()) / 1000 / float64(moves[s])
		}
		if s == 0 {
			res.AMsPerMove = ms
		} else {
			res.BMsPerMove = ms
		}
	}
	if *asJSON {
		return json.NewEncoder(stdout).Encode(res)
	}
	fmt.Fprintf(stdout, "%s, %d games\n", v.Name, res.Games)
	fmt.Fprintf(stdout, "%-40s %5s %5s %5s %7s %9s\n", "player", "wins", "loss", "draws", "score", "ms/move")
	fmt.Fprintf(stdout, "%-40s %5d %5d %5d %6.1f%% %9.1f\n", "A "+a.name(), res.AWins, res.BWins, res.Draws, 100*res.AScore, res.AMsPerMove)
	fmt.Fprintf(stdout, "%-40s %5d %5d %5d %6.1f%% %9.1f\n", "B "+b.name(), res.BWins, res.AWins, res.Draws, 100*(1-res.AScore), res.BMsPerMove)
	fmt.Fprintf(stdout, "A − B: %+.0f ± %.0f Elo (95%%)\n", res.Elo, res.EloError)
	return nil
}

// eloDiff is the Elo difference that A's score implies and the half-width
// of its 95% interval. The score's standard error comes from the games'
// own spread (each game 1, ½ or 0: a trinomial, so draws narrow it), and
// the interval's ends are mapped through the logistic curve. A score of
// all or nothing is taken as half a game short of it: the estimate stays
// finite and says "at least this much".
func eloDiff(wins, draws, losses int) (elo, half float64) {
	n := float64(wins + draws + losses)
	if n == 0 {
		return 0, 0
	}
	score := (float64(wins) + float64(draws)/2) / n
	variance := (float64(wins)+float64(draws)/4)/n - score*score
	lo, hi := 0.5/n, 1-0.5/n
	if score < lo || score > hi {
		// All won or all lost: the games show no spread, so take that of
		// a score half a game from the end, as if won or lost outright.
		s := min(max(score, lo), hi)
		variance = s * (1 - s)
	}
	se := math.Sqrt(max(variance, 0) / n)
	rating := func(s float64) float64 {
		s = min(max(s, lo), hi)
		return -400 * math.Log10(1/s-1)
	}
	elo = rating(score)
	half = (rating(score+1.96*se) - rating(score-1.96*se)) / 2
	return math.Round(elo*10) / 10, math.Round(half*10) / 10
}

// writeMatchRecord writes game n of a match into dir, named by its number
// and with the players' names as tags.
func writeMatchRecord(dir string, n int, rec games.Record, o games.Outcome, seats [2]matchPlayer) error {
	path := filepath.Join(dir, fmt.Sprintf("game-%03d.%s", n, games.RecordExt(rec.Variant)))
	f := &gameFile{path: path, rec: rec, tags: map[string]string{
		"Event": "bermuda match", "Round": strconv.Itoa(n),
		"Player1": seats[0].name(), "Player2": seats[1].name(),
	}}
	if o.Over && o.Reason == matchLimit {
		// The match's own limit: the rules would not end the game here.
		f.tags["Result"], f.tags["Termination"] = "1/2-1/2", "match limit of "+o.Reason
	}
	return f.save()
}

// matchOpening is how a match game opens: plies uniformly random legal
// moves, chosen by a generator from seed, before the players take over.
// Without it the engine's strong levels (no noise) would play a variant
// without dice the same way in every game of a colour.
type matchOpening struct {
	plies int
	seed  uint64
}

// playMatchGame plays one game; spent and moves add up each player's time
// (index 0 = A) and aSeat says which player A is.
func playMatchGame(ctx context.Context, variant string, seats [2]matchPlayer, seed uint64, opening matchOpening, spent *[2]time.Duration, moves *[2]int, aSeat games.Player) (games.Outcome, games.Record, error) {
	roller := games.Seeded(seed)
	g, startRolls, _, err := games.Start(variant, "", roller)
	rec := games.Record{Variant: variant, StartRolls: startRolls}
	if err != nil {
		return games.Outcome{}, rec, err
	}
	for _, p := range seats {
		if err := p.newGame(); err != nil {
			return games.Outcome{}, rec, err
		}
	}
	var played []string
	var history []games.Game // the positions before g, for the engine to see repetitions
	openingRNG := rand.New(rand.NewPCG(opening.seed, opening.seed^0x2545f4914f6cdd1d))
	for len(played) < maxMatchPlies {
		if o := g.Outcome(); o.Over {
			return o, rec, nil
		}
		who := g.Turn().Player
		idx := 0
		if who != aSeat {
			idx = 1
		}
		var text string
		if len(played) < opening.plies {
			legal := g.LegalMoves()
			text = legal[openingRNG.IntN(len(legal))].Notation
		} else {
			if ai, ok := seats[who].(*aiPlayer); ok {
				ai.history = history
			}
			if bp, ok := seats[who].(*binPlayer); ok {
				bp.rec = rec
			}
			start := time.Now()
			text, err = seats[who].choose(ctx, g, played)
			spent[idx] += time.Since(start)
			moves[idx]++
		}
		if err != nil {
			return games.Outcome{}, rec, fmt.Errorf("%s: %w", seats[who].name(), err)
		}
		next, ply, _, err := games.Apply(g, text, roller)
		if err != nil {
			return games.Outcome{}, rec, fmt.Errorf("%s played %q at ply %d: %w", seats[who].name(), text, len(played)+1, err)
		}
		history = append(history, g)
		g = next
		played = append(played, ply.Move)
		rec.Plies = append(rec.Plies, ply)
	}
	return games.DrawBy(matchLimit), rec, nil
}

func newMatchPlayer(spec, variant string, moveTime time.Duration, seed uint64) (matchPlayer, error) {
	rng := rand.New(rand.NewPCG(seed, seed*0x9e3779b97f4a7c15))
	switch {
	case spec == "random":
		return &randomPlayer{rng: rng}, nil
	case spec == "greedy":
		return &greedyPlayer{rng: rng}, nil
	case strings.HasPrefix(spec, "ai:"):
		parts := strings.Split(strings.TrimPrefix(spec, "ai:"), ",")
		lvl, err := strconv.Atoi(parts[0])
		if err != nil || lvl < 1 || lvl > 5 {
			return nil, usagef("player %q: ai:LEVEL takes a level from 1 to 5", spec)
		}
		p := &aiPlayer{level: lvl, moveTime: moveTime, rng: rng, spec: spec}
		// ai:5,ship=480 plays with the ship worth 4.8 pawns: how piece
		// values are tuned by self-play.
		for _, kv := range parts[1:] {
			k, v, ok := strings.Cut(kv, "=")
			n, err := strconv.Atoi(v)
			if !ok || err != nil || n < 0 {
				return nil, usagef("player %q: piece values are written kind=hundredths, e.g. ai:5,ship=480", spec)
			}
			if k == "nodes" {
				// A node budget instead of -movetime: the same strength
				// whatever else the machine is doing (rating runs).
				p.nodes = int64(n)
				continue
			}
			if p.values == nil {
				p.values = engine.VariantPieceValues(variant)
			}
			if _, known := p.values[games.PieceKind(k)]; !known {
				return nil, usagef("player %q: no piece kind %q", spec, k)
			}
			p.values[games.PieceKind(k)] = n
		}
		return p, nil
	case strings.HasPrefix(spec, "uci:"):
		if variant != "chess" {
			return nil, usagef("player %q: UCI engines play orthodox chess only, not %s", spec, variant)
		}
		return startUCI(strings.TrimPrefix(spec, "uci:"), moveTime)
	case strings.HasPrefix(spec, "bin:"):
		return startBin(strings.TrimPrefix(spec, "bin:"), moveTime, rng)
	}
	return nil, usagef("player %q: want random, greedy, ai:LEVEL, uci:PATH[,NAME=VALUE…] or bin:PATH[,level=N]", spec)
}

type randomPlayer struct{ rng *rand.Rand }

func (p *randomPlayer) name() string   { return "random" }
func (p *randomPlayer) newGame() error { return nil }
func (p *randomPlayer) close()         {}
func (p *randomPlayer) choose(_ context.Context, g games.Game, _ []string) (string, error) {
	legal := g.LegalMoves()
	if len(legal) == 0 {
		return "", fmt.Errorf("no legal move")
	}
	return legal[p.rng.IntN(len(legal))].Notation, nil
}

type greedyPlayer struct{ rng *rand.Rand }

func (p *greedyPlayer) name() string   { return "greedy" }
func (p *greedyPlayer) newGame() error { return nil }
func (p *greedyPlayer) close()         {}
func (p *greedyPlayer) choose(_ context.Context, g games.Game, _ []string) (string, error) {
	m, err := engine.Greedy(g, p.rng)
	return m.Notation, err
}

type aiPlayer struct {
	level    int
	moveTime time.Duration
	rng      *rand.Rand
	spec     string
	values   map[games.PieceKind]int // nil: the engine's own
	nodes    int64                   // >0: this many nodes a move instead of moveTime
	history  []games.Game            // the game's positions before the one to play
}

func (p *aiPlayer) name() string {
	if p.nodes > 0 {
		return p.spec
	}
	return fmt.Sprintf("%s (%v/move)", p.spec, p.moveTime)
}
func (p *aiPlayer) newGame() error { return nil }
func (p *aiPlayer) close()         {}
func (p *aiPlayer) choose(ctx context.Context, g games.Game, _ []string) (string, error) {
	lim := engine.Limits{Level: p.level, MoveTime: p.moveTime, Seed: p.rng.Uint64(), PieceValues: p.values, History: p.history}
	if p.nodes > 0 {
		lim.MoveTime, lim.Nodes = 0, p.nodes
	}
	r, err := engine.Search(ctx, g, lim)
	return r.Move.Notation, err
}
