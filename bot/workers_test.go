package bot

import (
	"context"
	"log/slog"
	"runtime"
	"sync"
	"testing"
)

// TestPictureWorkersRunAtMostOnePerCPU starts three times as many jobs as
// there are CPUs, each holding its slot until all possible slots are
// taken, and checks that no more than NumCPU ever ran together, that all
// ran, and that a stopped pool refuses work.
func TestPictureWorkersRunAtMostOnePerCPU(t *testing.T) {
	w := newWorkers(slog.New(slog.DiscardHandler))
	n := runtime.NumCPU()
	var mu sync.Mutex
	running, most, done := 0, 0, 0
	full := make(chan struct{})
	var once sync.Once
	for range 3 * n {
		w.run(func() {
			mu.Lock()
			running++
			most = max(most, running)
			if running == n {
				once.Do(func() { close(full) })
			}
			mu.Unlock()
			<-full // the first n wait for each other: the pool is full once
			mu.Lock()
			running--
			done++
			mu.Unlock()
		})
	}
	w.wait()
	if most != n || done != 3*n {
		t.Fatalf("at most %d jobs ran together (want %d, the CPUs), %d of %d ran", most, n, done, 3*n)
	}
	ran := false
	if err := w.do(context.Background(), func() { ran = true }); err != nil || !ran {
		t.Fatalf("do: %v, ran %v", err, ran)
	}
	if !w.stop(testWait) {
		t.Fatal("stop timed out with nothing running")
	}
	if w.run(func() { t.Error("a stopped pool ran a job") }) {
		t.Error("a stopped pool accepted a job")
	}
	if err := w.do(context.Background(), func() {}); err == nil {
		t.Error("do on a stopped pool gave no error")
	}
	w.wait()
}
