// Package uci talks to an external chess engine (Stockfish, or any engine
// that speaks the Universal Chess Interface) over its standard input and
// output: one conversation, one search at a time. It serves the match
// player of `bermuda match -a uci:PATH`, game review's judge of orthodox
// chess, and the tests that measure the review against Stockfish. It
// imports only the standard library.
package uci

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Engine is a running UCI engine.
type Engine struct {
	path  string
	name  string // from "id name", or the path
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string

	mu     sync.Mutex
	closed bool
}

// Start runs the engine at path, says "uci", waits for "uciok", sets the
// options given (NAME → VALUE, e.g. "Threads" → "1") and waits until it
// is ready.
func Start(path string, options map[string]string) (*Engine, error) {
	if path == "" {
		return nil, errors.New("uci: no engine path")
	}
	e := &Engine{path: path, name: path, lines: make(chan string, 256)}
	e.cmd = exec.Command(path)
	var err error
	if e.in, err = e.cmd.StdinPipe(); err != nil {
		return nil, err
	}
	out, err := e.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := e.cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting UCI engine %s: %w", path, err)
	}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			e.lines <- sc.Text()
		}
		close(e.lines)
	}()
	if err := e.Send("uci"); err != nil {
		e.Close()
		return nil, err
	}
	for {
		l, err := e.await(context.Background(), 60*time.Second)
		if err != nil {
			e.Close()
			return nil, err
		}
		if n, ok := strings.CutPrefix(l, "id name "); ok {
			e.name = strings.TrimSpace(n)
		}
		if l == "uciok" {
			break
		}
	}
	for name, value := range options {
		if err := e.Send("setoption name " + name + " value " + value); err != nil {
			e.Close()
			return nil, err
		}
	}
	if err := e.Ready(); err != nil {
		e.Close()
		return nil, err
	}
	return e, nil
}

// Name is the engine's own name ("Stockfish 17"), or its path if it gave
// none.
func (e *Engine) Name() string { return e.name }

// Path is the program that was started.
func (e *Engine) Path() string { return e.path }

// Send writes one line to the engine.
func (e *Engine) Send(line string) error {
	_, err := io.WriteString(e.in, line+"\n")
	return err
}

// await reads the next line.
func (e *Engine) await(ctx context.Context, limit time.Duration) (string, error) {
	var timeout <-chan time.Time
	if limit > 0 {
		t := time.NewTimer(limit)
		defer t.Stop()
		timeout = t.C
	}
	select {
	case l, ok := <-e.lines:
		if !ok {
			return "", fmt.Errorf("UCI engine %s stopped", e.path)
		}
		return strings.TrimSpace(l), nil
	case <-timeout:
		return "", fmt.Errorf("UCI engine %s did not answer within %v", e.path, limit)
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// Ready sends "isready" and waits for "readyok".
func (e *Engine) Ready() error {
	if err := e.Send("isready"); err != nil {
		return err
	}
	for {
		l, err := e.await(context.Background(), 30*time.Second)
		if err != nil {
			return err
		}
		if l == "readyok" {
			return nil
		}
	}
}

// NewGame says "ucinewgame" and waits until the engine is ready.
func (e *Engine) NewGame() error {
	if err := e.Send("ucinewgame"); err != nil {
		return err
	}
	return e.Ready()
}

// Position is what to search: a FEN (empty for the start position) and the
// moves played from it, in UCI's long algebraic notation (e2e4, e7e8q).
type Position struct {
	FEN   string
	Moves []string
}

func (p Position) command() string {
	out := "position startpos"
	if p.FEN != "" {
		out = "position fen " + p.FEN
	}
	if len(p.Moves) > 0 {
		out += " moves " + strings.Join(p.Moves, " ")
	}
	return out
}

// Go is a search's limits: any of depth, nodes and time (zero: unset);
// SearchMoves restricts the root to those moves.
type Go struct {
	Depth       int
	Nodes       int64
	MoveTime    time.Duration
	SearchMoves []string
}

func (g Go) command() string {
	out := "go"
	if g.Depth > 0 {
		out += " depth " + strconv.Itoa(g.Depth)
	}
	if g.Nodes > 0 {
		out += " nodes " + strconv.FormatInt(g.Nodes, 10)
	}
	if g.MoveTime > 0 {
		out += " movetime " + strconv.FormatInt(g.MoveTime.Milliseconds(), 10)
	}
	if out == "go" {
		out += " infinite" // never sent: Search refuses an unbounded search
	}
	if len(g.SearchMoves) > 0 {
		out += " searchmoves " + strings.Join(g.SearchMoves, " ")
	}
	return out
}

// Result is what a search reported last: its best move and the score of
// its last "info" line with a score (the principal variation's).
type Result struct {
	BestMove string // "" when the position has no legal move
	Line            // the principal variation's last exact score
	Nodes    int64
	// Lines are the last exact score of each line of a MultiPV search,
	// Lines[0] the first (the same as Line).
	Lines []Line
}

// Line is one line of the search as an info line reported it.
type Line struct {
	Depth int      // of the info line
	CP    int      // centipawns for the side to move, when Mate is 0
	Mate  int      // moves to mate: > 0 the side to move mates, < 0 is mated
	PV    []string // the line, its first move first
}

// Search searches pos within lim and waits for "bestmove" (a search
// without a depth, nodes or time bound is refused). If ctx ends first the
// engine is told to stop and the search's result is read all the same,
// then ctx's error returned.
func (e *Engine) Search(ctx context.Context, pos Position, lim Go) (Result, error) {
	if lim.Depth <= 0 && lim.Nodes <= 0 && lim.MoveTime <= 0 {
		return Result{}, errors.New("uci: a search needs a depth, nodes or time bound")
	}
	if err := e.Send(pos.command()); err != nil {
		return Result{}, err
	}
	if err := e.Send(lim.command()); err != nil {
		return Result{}, err
	}
	var res Result
	stopped := false
	for {
		l, err := e.await(ctx, 0)
		if err != nil {
			if ctx.Err() != nil && !stopped {
				stopped = true
				_ = e.Send("stop")
				// Drain up to bestmove so the conversation stays in step.
				for {
					l, err := e.await(context.Background(), 60*time.Second)
					if err != nil || strings.HasPrefix(l, "bestmove") {
						break
					}
				}
				return Result{}, ctx.Err()
			}
			return Result{}, err
		}
		f := strings.Fields(l)
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "info":
			readInfo(f, &res)
		case "bestmove":
			if len(f) > 1 && f[1] != "(none)" && f[1] != "0000" {
				res.BestMove = f[1]
			}
			if len(res.PV) == 0 && res.BestMove != "" {
				res.PV = []string{res.BestMove}
				if len(res.Lines) > 0 {
					res.Lines[0].PV = res.PV
				}
			}
			return res, nil
		}
	}
}

// readInfo takes the score, depth, nodes and line of an info line; lines
// without a score (currmove reports) and bounds change nothing but nodes.
func readInfo(f []string, res *Result) {
	var line Line
	var nodes int64
	k := 1
	scored, bound := false, false
	for i := 1; i < len(f); i++ {
		switch f[i] {
		case "depth":
			if i+1 < len(f) {
				line.Depth, _ = strconv.Atoi(f[i+1])
			}
		case "nodes":
			if i+1 < len(f) {
				nodes, _ = strconv.ParseInt(f[i+1], 10, 64)
			}
		case "score":
			if i+2 < len(f) {
				v, _ := strconv.Atoi(f[i+2])
				switch f[i+1] {
				case "cp":
					line.CP, scored = v, true
				case "mate":
					line.Mate, scored = v, true
				}
			}
		case "lowerbound", "upperbound":
			bound = true
		case "multipv":
			if i+1 < len(f) {
				k, _ = strconv.Atoi(f[i+1])
			}
		case "pv":
			line.PV = append([]string(nil), f[i+1:]...)
			i = len(f)
		}
	}
	if nodes > 0 {
		res.Nodes = nodes
	}
	if !scored || bound || k < 1 {
		return
	}
	for len(res.Lines) < k {
		res.Lines = append(res.Lines, Line{})
	}
	if len(line.PV) == 0 {
		line.PV = res.Lines[k-1].PV
	}
	res.Lines[k-1] = line
	res.Line = res.Lines[0]
}

// Close says "quit" and waits a little for the engine to end, then kills
// it. Safe to call twice.
func (e *Engine) Close() {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed || e.cmd == nil || e.cmd.Process == nil {
		return
	}
	e.closed = true
	_ = e.Send("quit")
	_ = e.in.Close()
	done := make(chan struct{})
	go func() { _ = e.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		_ = e.cmd.Process.Kill()
		<-done
	}
}

// Find is the UCI engine the setting names: a path or a program name
// looked up on PATH; "stockfish" is also looked for where Debian and
// Ubuntu install it (/usr/games, not on every PATH). "" or "none" means
// no engine (""). An engine that is not found is "" with the error.
func Find(setting string) (string, error) {
	setting = strings.TrimSpace(setting)
	if setting == "" || setting == "none" {
		return "", nil
	}
	if p, err := exec.LookPath(setting); err == nil {
		return p, nil
	}
	if setting == "stockfish" {
		if p, err := exec.LookPath("/usr/games/stockfish"); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("UCI engine %q not found", setting)
}
