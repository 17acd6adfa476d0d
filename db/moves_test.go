package db

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/games"
)

func TestMovesRoundTripAndLoad(t *testing.T) { withStore(t, testMovesRoundTripAndLoad) }

func testMovesRoundTripAndLoad(t *testing.T, s *sqlStore) {
	id := newToyGame(t, s, "g1")
	rolls := games.Script(4, 2)
	for _, mv := range []string{"roll", "pass", "pass", "roll"} {
		if _, err := play(t, s, id, mv, rolls); err != nil {
			t.Fatal(err)
		}
	}
	g, pos, err := s.LoadGame(bg, id)
	if err != nil {
		t.Fatal(err)
	}
	if g.Ply != 4 || pos.Position() != "4 2 0" {
		t.Fatalf("ply %d position %q", g.Ply, pos.Position())
	}
	ms, err := s.Moves(bg, id)
	if err != nil || len(ms) != 4 {
		t.Fatalf("moves %+v, %v", ms, err)
	}
	if ms[0].Notation != "roll" || fmt.Sprint(ms[0].Rolls) != "[4]" || len(ms[0].Dice) != 1 || ms[0].PlayerID != "alice" ||
		ms[1].PlayerID != "bob" || ms[1].Rolls != nil && len(ms[1].Rolls) != 0 || ms[3].Ply != 4 || ms[0].At.IsZero() {
		t.Fatalf("moves read back: %+v", ms)
	}
	if g.Deadline.IsZero() || g.ReminderAt.IsZero() || g.Deadline.Location() != time.UTC {
		t.Fatalf("deadline %v reminder %v", g.Deadline, g.ReminderAt)
	}
	if _, _, err := s.LoadGame(bg, 999); !errors.Is(err, ErrNotFound) {
		t.Fatalf("missing game: %v", err)
	}
}

// Two handles on one database, as two processes (replicas) would have: of
// the moves for one ply exactly one lands, the rest see ErrPositionChanged.
func TestConcurrentAppendsOfTheSamePly(t *testing.T) {
	forEachBackend(t, testConcurrentAppendsOfTheSamePly)
}

func testConcurrentAppendsOfTheSamePly(t *testing.T, be backend) {
	s1, path := be.open(t)
	s2 := mustOpen(t, path)
	id := newToyGame(t, s1, "g1")
	for round := 0; round < 5; round++ {
		const n = 8
		var wg sync.WaitGroup
		errs := make([]error, n)
		for i := 0; i < n; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				st := s1
				if i%2 == 1 {
					st = s2
				}
				player := []string{"alice", "bob"}[round%2]
				_, errs[i] = st.AppendMove(bg, id, round, Move{Notation: "pass", PlayerID: player, Dice: []string{fmt.Sprint(i)}},
					time.Time{}, time.Time{}, nil)
			}()
		}
		wg.Wait()
		wins := 0
		for _, err := range errs {
			switch {
			case err == nil:
				wins++
			case !errors.Is(err, ErrPositionChanged):
				t.Fatalf("round %d: %v", round, err)
			}
		}
		if wins != 1 {
			t.Fatalf("round %d: %d appends of the same ply landed", round, wins)
		}
	}
	if g, _, err := s1.LoadGame(bg, id); err != nil || g.Ply != 5 {
		t.Fatalf("after 5 rounds: ply %d, %v", g.Ply, err)
	}
}

func TestDuplicatedInteractionAddsNoSecondMove(t *testing.T) {
	withStore(t, testDuplicatedInteractionAddsNoSecondMove)
}

func testDuplicatedInteractionAddsNoSecondMove(t *testing.T, s *sqlStore) {
	id := newToyGame(t, s, "g1")
	// The bot may claim the interaction and then store the move with it.
	if err := s.ClaimInteraction(bg, "i-1"); err != nil {
		t.Fatal(err)
	}
	m := Move{Notation: "pass", PlayerID: "alice", InteractionID: "i-1"}
	if _, err := s.AppendMove(bg, id, 0, m, time.Time{}, time.Time{}, nil); err != nil {
		t.Fatal(err)
	}
	// A retry, whether it names the old or the new ply, is a duplicate.
	for _, ply := range []int{0, 1} {
		if _, err := s.AppendMove(bg, id, ply, m, time.Time{}, time.Time{}, nil); !errors.Is(err, ErrDuplicate) {
			t.Fatalf("retry at ply %d: %v", ply, err)
		}
	}
	if ms, _ := s.Moves(bg, id); len(ms) != 1 || ms[0].InteractionID != "i-1" {
		t.Fatalf("moves %+v", ms)
	}
	if _, err := s.AppendMove(bg, id, 1, Move{Notation: "pass", PlayerID: "mallory"}, time.Time{}, time.Time{}, nil); err == nil {
		t.Fatal("a move by someone outside the game was stored")
	}
	if _, err := s.AppendMove(bg, id, 5, Move{Notation: "pass", PlayerID: "bob"}, time.Time{}, time.Time{}, nil); !errors.Is(err, ErrPositionChanged) {
		t.Fatalf("future ply: %v", err)
	}
}

// tamper changes the log behind the store's back, as a hand edit would.
func tamper(t *testing.T, s *sqlStore, stmts ...string) {
	t.Helper()
	unlock := []string{`DROP TRIGGER IF EXISTS moves_append_only_update`, `DROP TRIGGER IF EXISTS moves_append_only_delete`}
	if s.Backend() == "postgres" {
		unlock = []string{`ALTER TABLE moves DISABLE TRIGGER USER`}
	}
	for _, q := range append(unlock, stmts...) {
		if _, err := s.read.db.ExecContext(bg, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

func TestTamperedMoveLogLoadsAsCorruptGame(t *testing.T) {
	withStore(t, testTamperedMoveLogLoadsAsCorruptGame)
}

func testTamperedMoveLogLoadsAsCorruptGame(t *testing.T, s *sqlStore) {
	cases := map[string]string{
		"impossible roll":     `UPDATE moves SET rolls = '[9]' WHERE game_id = %d AND ply = 1`,
		"missing roll":        `UPDATE moves SET rolls = '[]' WHERE game_id = %d AND ply = 1`,
		"extra roll":          `UPDATE moves SET rolls = '[3]' WHERE game_id = %d AND ply = 2`,
		"illegal move":        `UPDATE moves SET notation = 'jump' WHERE game_id = %d AND ply = 2`,
		"non-canonical move":  `UPDATE moves SET notation = 'PASS' WHERE game_id = %d AND ply = 2`,
		"deleted move":        `DELETE FROM moves WHERE game_id = %d AND ply = 2`,
		"garbled rolls":       `UPDATE moves SET rolls = '{' WHERE game_id = %d AND ply = 1`,
		"unknown variant":     `UPDATE games SET variant = 'nosuch' WHERE id = %d`,
		"move after the end":  `UPDATE moves SET notation = 'win' WHERE game_id = %d AND ply = 2`,
		"ply count disagrees": `UPDATE games SET ply = 2 WHERE id = %d`,
	}
	ids := map[string]int64{}
	for name := range cases {
		id := newToyGame(t, s, "g1")
		for _, mv := range []string{"roll", "pass", "roll"} {
			if _, err := play(t, s, id, mv, games.Script(5, 1)); err != nil {
				t.Fatal(err)
			}
		}
		ids[name] = id
	}
	for name, q := range cases {
		tamper(t, s, fmt.Sprintf(q, ids[name]))
	}
	for name, id := range ids {
		_, pos, err := s.LoadGame(bg, id)
		var ce *CorruptGameError
		if !errors.As(err, &ce) || ce.GameID != id || pos != nil {
			t.Errorf("%s: want *CorruptGameError for game %d, got %v", name, id, err)
			continue
		}
		t.Logf("%s: %v", name, err)
	}
	// Nothing was repaired: the tampered row is still there as it was.
	var rolls string
	s.read.QueryRowContext(bg, `SELECT rolls FROM moves WHERE game_id = ? AND ply = 1`, ids["impossible roll"]).Scan(&rolls)
	if rolls != "[9]" {
		t.Fatalf("tampered rolls now %q", rolls)
	}
}

func TestMoveLogIsAppendOnly(t *testing.T) { withStore(t, testMoveLogIsAppendOnly) }

func testMoveLogIsAppendOnly(t *testing.T, s *sqlStore) {
	id := newToyGame(t, s, "g1")
	if _, err := play(t, s, id, "pass", nil); err != nil {
		t.Fatal(err)
	}
	refused := []string{`UPDATE moves SET notation = 'roll'`, `DELETE FROM moves`}
	if s.Backend() == "postgres" {
		refused = append(refused, `TRUNCATE moves`)
	}
	for _, q := range refused {
		if _, err := s.read.ExecContext(bg, q); err == nil || !strings.Contains(err.Error(), "the move log is append-only") {
			t.Errorf("%s: %v", q, err)
		}
	}
	if ms, _ := s.Moves(bg, id); len(ms) != 1 || ms[0].Notation != "pass" {
		t.Fatalf("moves after the refused changes: %+v", ms)
	}
}

func TestRemindersDeadlinesAndActiveGames(t *testing.T) {
	withStore(t, testRemindersDeadlinesAndActiveGames)
}

func testRemindersDeadlinesAndActiveGames(t *testing.T, s *sqlStore) {
	a := newToyGame(t, s, "g1")
	b := newToyGame(t, s, "g1")
	other, err := s.CreateGame(bg, Game{GuildID: "g1", Variant: "dbtoy", Players: [2]string{"carol", "dave"}, Days: 1})
	if err != nil {
		t.Fatal(err)
	}
	newToyGame(t, s, "g2")
	now := time.Now()
	if _, err := s.AppendMove(bg, a, 0, Move{Notation: "pass", PlayerID: "alice"}, now.Add(-time.Minute), now.Add(-time.Hour), nil); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AppendMove(bg, b, 0, Move{Notation: "pass", PlayerID: "alice"}, now.Add(time.Hour), now.Add(time.Minute), nil); err != nil {
		t.Fatal(err)
	}
	if due, err := s.DueTimeouts(bg, now); err != nil || len(due) != 1 || due[0].ID != a {
		t.Fatalf("timeouts %+v, %v", due, err)
	}
	if due, err := s.DueReminders(bg, now); err != nil || len(due) != 1 || due[0].ID != a {
		t.Fatalf("reminders %+v, %v", due, err)
	}
	if ok, err := s.MarkReminded(bg, a, 0); ok || err != nil {
		t.Fatalf("reminder for a stale ply marked: %v %v", ok, err)
	}
	if ok, err := s.MarkReminded(bg, a, 1); !ok || err != nil {
		t.Fatalf("first mark: %v %v", ok, err)
	}
	if ok, _ := s.MarkReminded(bg, a, 1); ok {
		t.Fatal("second mark for the same ply succeeded")
	}
	if due, _ := s.DueReminders(bg, now); len(due) != 0 {
		t.Fatalf("reminded game still due: %+v", due)
	}
	// The next move sets a new reminder, unsent.
	if _, err := s.AppendMove(bg, a, 1, Move{Notation: "pass", PlayerID: "bob"}, now.Add(time.Hour), now.Add(-time.Second), nil); err != nil {
		t.Fatal(err)
	}
	if due, _ := s.DueReminders(bg, now); len(due) != 1 || due[0].ReminderSent {
		t.Fatalf("after a move: %+v", due)
	}
	if all, _ := s.ActiveGames(bg, "g1", ""); len(all) != 3 {
		t.Fatalf("active in g1: %d", len(all))
	}
	if mine, _ := s.ActiveGames(bg, "g1", "dave"); len(mine) != 1 || mine[0].ID != other {
		t.Fatalf("dave's games: %+v", mine)
	}
	if err := s.SetDrawOffer(bg, a, 1); err != nil {
		t.Fatal(err)
	}
	if g, _ := s.Game(bg, a); g.DrawOfferBy != 1 {
		t.Fatalf("draw offer %d", g.DrawOfferBy)
	}
	if _, err := s.AppendMove(bg, a, 2, Move{Notation: "pass", PlayerID: "alice"}, time.Time{}, time.Time{}, nil); err != nil {
		t.Fatal(err)
	}
	if g, _ := s.Game(bg, a); g.DrawOfferBy != -1 || !g.Deadline.IsZero() {
		t.Fatalf("a move must clear the draw offer: %+v", g)
	}
	if err := s.SetGameThread(bg, b, "t-b"); err != nil {
		t.Fatal(err)
	}
	if g, err := s.GameByThread(bg, "t-b"); err != nil || g.ID != b {
		t.Fatalf("by thread: %+v, %v", g, err)
	}
	if _, err := s.GameByThread(bg, "t-none"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("unknown thread: %v", err)
	}
}

func TestWritesAfterCloseAndCancelledWrites(t *testing.T) {
	withStore(t, testWritesAfterCloseAndCancelledWrites)
}

func testWritesAfterCloseAndCancelledWrites(t *testing.T, s *sqlStore) {
	id := newToyGame(t, s, "g1")
	ctx, cancel := context.WithCancel(bg)
	cancel()
	if _, err := s.AppendMove(ctx, id, 0, Move{Notation: "pass", PlayerID: "alice"}, time.Time{}, time.Time{}, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled append: %v", err)
	}
	if g, _ := s.Game(bg, id); g.Ply != 0 {
		t.Fatalf("a cancelled append landed")
	}
	s.Close()
	if err := s.ClaimInteraction(bg, "x"); !errors.Is(err, ErrClosed) {
		t.Fatalf("write after close: %v", err)
	}
	if err := s.Close(); err != nil {
		t.Fatalf("second close: %v", err)
	}
}

// Writes that share a group commit stay independent: a failing one is
// undone alone, the rest land.
func TestGroupCommitKeepsWritesIndependent(t *testing.T) {
	withStore(t, testGroupCommitKeepsWritesIndependent)
}

func testGroupCommitKeepsWritesIndependent(t *testing.T, s *sqlStore) {
	const n = 40
	ids := make([]int64, n)
	for i := range ids {
		ids[i] = newToyGame(t, s, "g1")
	}
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			player := "alice"
			if i%4 == 3 {
				player = "mallory" // refused: not in the game
			}
			_, errs[i] = s.AppendMove(bg, ids[i], 0, Move{Notation: "roll", PlayerID: player, Rolls: []int{i%6 + 1}}, time.Time{}, time.Time{}, nil)
		}()
	}
	wg.Wait()
	for i := 0; i < n; i++ {
		g, pos, err := s.LoadGame(bg, ids[i])
		if err != nil {
			t.Fatal(err)
		}
		if bad := i%4 == 3; bad != (errs[i] != nil) || bad != (g.Ply == 0) {
			t.Fatalf("game %d: append %v, ply %d", i, errs[i], g.Ply)
		}
		if g.Ply == 1 && pos.Position() != fmt.Sprintf("%d 0 1", i%6+1) {
			t.Fatalf("game %d at %q", i, pos.Position())
		}
	}
}
