package bot

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/bermudachess/bermuda/engine"
	"github.com/bermudachess/bermuda/games"
)

// A search that panics is logged; the process lives on, the game is not
// left locked, and the next scheduler pass makes the computer's move.
func TestComputerSearchPanicLeavesTheGamePlayable(t *testing.T) {
	h := newHarness(t)
	c := h.bot.opponent()
	c.SetLimits(quickComputer)
	var calls atomic.Int64
	c.SetSearch(func(ctx context.Context, g games.Game, lim engine.Limits) (engine.Result, error) {
		if calls.Add(1) == 1 {
			panic("injected search failure")
		}
		return engine.Search(ctx, g, lim)
	})
	thread := h.playComputer(ann, "angle", str("color", "white"))
	_, g := h.loadThread(thread)
	h.move(ann, thread, g.LegalMoves()[0].Notation)
	h.settle()
	if row, _ := h.loadThread(thread); row.Ply != 1 || !strings.Contains(h.logs.String(), "injected search failure") {
		t.Fatalf("after the panic: ply %d (want 1, the move still due); logs:\n%s", row.Ply, h.logs.String())
	}
	wantUnlocked(t, h, thread)
	h.bot.Tick(context.Background())
	h.settle()
	if row, g := h.loadThread(thread); row.Ply < 2 || g.Turn().Player != games.Player1 {
		t.Fatalf("the next pass did not make the computer's move: ply %d", row.Ply)
	}
}

// A panic in the computer's worker outside the search (here: while
// reading its limits) is logged, and the game lock is free afterwards.
func TestComputerWorkerPanicIsContained(t *testing.T) {
	h := newHarness(t)
	c := h.bot.opponent()
	var calls atomic.Int64
	c.SetLimits(func(level int) engine.Limits {
		if calls.Add(1) == 1 {
			panic("injected limits failure")
		}
		return quickComputer(level)
	})
	thread := h.playComputer(ann, "angle", str("color", "white"))
	_, g := h.loadThread(thread)
	h.move(ann, thread, g.LegalMoves()[0].Notation)
	h.settle()
	if !strings.Contains(h.logs.String(), "injected limits failure") {
		t.Fatalf("the panic was not logged:\n%s", h.logs.String())
	}
	wantUnlocked(t, h, thread)
	h.bot.Tick(context.Background())
	h.settle()
	if row, _ := h.loadThread(thread); row.Ply < 2 {
		t.Fatalf("the next pass did not make the computer's move: ply %d", row.Ply)
	}
}

// A picture job that panics is logged and frees its slot; do reports it.
func TestPictureJobPanicIsContained(t *testing.T) {
	logs := &syncBuffer{}
	w := newWorkers(slogTo(logs))
	w.run(func() { panic("injected picture failure") })
	w.wait()
	if err := w.do(context.Background(), func() { panic("again") }); err == nil {
		t.Error("do of a job that panicked reported success")
	}
	ran := false
	if err := w.do(context.Background(), func() { ran = true }); err != nil || !ran {
		t.Fatalf("the pool after panics: %v, ran %v", err, ran)
	}
	if !strings.Contains(logs.String(), "injected picture failure") {
		t.Errorf("the panic was not logged:\n%s", logs.String())
	}
}

func wantUnlocked(t *testing.T, h *harness, thread string) {
	t.Helper()
	row, _ := h.loadThread(thread)
	s, ok, _ := h.bot.play.TryLock(t.Context(), row.ID, 0)
	if !ok {
		t.Fatal("the game was left locked")
	}
	if s != nil {
		s.Unlock()
	}
}

func slogTo(w io.Writer) *slog.Logger { return slog.New(slog.NewTextHandler(w, nil)) }
