package db

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/games"
	_ "github.com/bermudachess/bermuda/games/chess"
)

// Every benchmark runs once per backend (sub-benchmarks sqlite and, with
// BERMUDA_TEST_POSTGRES set, postgres), so the figures sit side by side.
func forEachBackendB(b *testing.B, fn func(b *testing.B, s *sqlStore)) {
	for _, be := range backends() {
		b.Run(be.name, func(b *testing.B) {
			s, _ := be.open(b)
			fn(b, s)
		})
	}
}

// BenchmarkAppendMoveOneGame commits the moves of one game one after the
// other: each waits for its own flush to disk (SQLite synchronous=FULL,
// PostgreSQL's WAL flush at commit), so this measures the disk's flush
// latency more than the store.
func BenchmarkAppendMoveOneGame(b *testing.B) { forEachBackendB(b, benchAppendMoveOneGame) }

func benchAppendMoveOneGame(b *testing.B, s *sqlStore) {
	id := newToyGame(b, s, "g1")
	deadline := time.Now().Add(72 * time.Hour)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m := Move{Notation: "roll", PlayerID: []string{"alice", "bob"}[i%2], Rolls: []int{i%6 + 1}, Dice: []string{"`4` → 12"}}
		if _, err := s.AppendMove(bg, id, i, m, deadline, deadline.Add(-time.Hour), nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
}

// BenchmarkAppendMove: committed moves per second with moves for many games
// arriving at once, as on a busy server; group commit shares each fsync
// between the moves waiting for it (SQLite: our committer; PostgreSQL: its
// own WAL group flush). Each op is one durable AppendMove.
func BenchmarkAppendMove(b *testing.B) { forEachBackendB(b, benchAppendMove) }

func benchAppendMove(b *testing.B, s *sqlStore) {
	b.SetParallelism(16)
	ids := make(chan int64, 16*runtime.GOMAXPROCS(0))
	for i := 0; i < cap(ids); i++ {
		ids <- newToyGame(b, s, "g1")
	}
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		id := <-ids
		for ply := 0; pb.Next(); ply++ {
			m := Move{Notation: "pass", PlayerID: []string{"alice", "bob"}[ply%2]}
			if _, err := s.AppendMove(bg, id, ply, m, time.Time{}, time.Time{}, nil); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
}

// benchLoad loads game id b.N times; every load reads the whole log and
// replays all plies.
func benchLoad(b *testing.B, s Store, id int64, plies int) {
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g, pos, err := s.LoadGame(bg, id)
		if err != nil {
			b.Fatal(err)
		}
		if g.Ply != plies || pos == nil {
			b.Fatalf("loaded %d plies", g.Ply)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/load")
}

// BenchmarkLoadGame200 loads a 200-move dbtoy game (half of them with a
// roll), replaying every ply each time.
func BenchmarkLoadGame200(b *testing.B) { forEachBackendB(b, benchLoadGame200) }

func benchLoadGame200(b *testing.B, s *sqlStore) {
	id := newToyGame(b, s, "g1")
	for i := 0; i < 200; i++ {
		m := Move{Notation: "pass", PlayerID: []string{"alice", "bob"}[i%2]}
		if i%2 == 0 {
			m.Notation, m.Rolls, m.Dice = "roll", []int{i%6 + 1}, []string{fmt.Sprintf("`%d`", i%6+1)}
		}
		if _, err := s.AppendMove(bg, id, i, m, time.Time{}, time.Time{}, nil); err != nil {
			b.Fatal(err)
		}
	}
	benchLoad(b, s, id, 200)
}

// BenchmarkLoadChessGame200 loads a 200-ply game of real chess: random legal
// moves from a fixed seed, replayed through the chess package every time.
func BenchmarkLoadChessGame200(b *testing.B) { forEachBackendB(b, benchLoadChessGame200) }

func benchLoadChessGame200(b *testing.B, s *sqlStore) {
	for seed := uint64(1); ; seed++ {
		pos, _, _, err := games.Start("chess", "", nil)
		if err != nil {
			b.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 1))
		var plies []games.Ply
		for len(plies) < 200 && !pos.Outcome().Over {
			legal := pos.LegalMoves()
			next, ply, _, err := games.Apply(pos, legal[rng.IntN(len(legal))].Notation, nil)
			if err != nil {
				b.Fatal(err)
			}
			pos, plies = next, append(plies, ply)
		}
		if len(plies) < 200 || pos.Outcome().Over {
			continue // this random game ended early; try the next seed
		}
		id, err := s.CreateGame(bg, Game{GuildID: "g1", Variant: "chess", Players: [2]string{"alice", "bob"}, Days: 3})
		if err != nil {
			b.Fatal(err)
		}
		for i, p := range plies {
			m := Move{Notation: p.Move, PlayerID: []string{"alice", "bob"}[i%2], Rolls: p.Rolls}
			if _, err := s.AppendMove(bg, id, i, m, time.Time{}, time.Time{}, nil); err != nil {
				b.Fatal(err)
			}
		}
		benchLoad(b, s, id, 200)
		return
	}
}
