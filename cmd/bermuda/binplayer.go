package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"github.com/bermudachess/bermuda/engine"
	"github.com/bermudachess/bermuda/games"
)

// A saved build of bermuda plays a match as a subprocess: `bermuda
// engine-server` reads one JSON request a line and answers one JSON line.
// The request carries the whole game record with its dice, so the other
// build replays exactly the position (and its earlier positions, for
// repetitions) in every variant, dice variants included; this is how a
// change to the engine is measured against the build before it.

func init() {
	commands["engine-server"] = command{"answer move requests on stdin, one JSON line each (what match's bin: player talks to)", runEngineServer}
}

// engineRequest asks for a move in the position rec leads to.
type engineRequest struct {
	Record     games.Record `json:"record"`
	Level      int          `json:"level"`
	MoveTimeMs int          `json:"movetime_ms"`
	Seed       uint64       `json:"seed"`
	Nodes      int64        `json:"nodes,omitempty"` // >0: this many nodes instead of the move time
}

// engineReply is the move chosen, or why none was.
type engineReply struct {
	Move  string `json:"move,omitempty"`
	Error string `json:"error,omitempty"`
}

func runEngineServer(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("engine-server", stderr)
	if help, err := parseFlags(fs, args); help || err != nil {
		return err
	}
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 1<<16), 1<<24) // a long game's record fits on a line
	enc := json.NewEncoder(stdout)
	for sc.Scan() {
		var req engineRequest
		var rep engineReply
		if err := json.Unmarshal(sc.Bytes(), &req); err != nil {
			rep.Error = "bad request: " + err.Error()
		} else if m, err := serveMove(req); err != nil {
			rep.Error = err.Error()
		} else {
			rep.Move = m
		}
		if err := enc.Encode(rep); err != nil {
			return err
		}
	}
	return sc.Err()
}

// serveMove replays the record, keeping every position before the last as
// the history a match gives its own ai players, and searches.
func serveMove(req engineRequest) (string, error) {
	var history []games.Game
	g, err := games.ReplayEach(req.Record, func(st games.ReplayStep) {
		if st.Index >= 0 {
			history = append(history, st.Before)
		}
	})
	if err != nil {
		return "", err
	}
	lim := engine.Limits{
		Level: req.Level, MoveTime: time.Duration(req.MoveTimeMs) * time.Millisecond,
		Seed: req.Seed, History: history,
	}
	if req.Nodes > 0 {
		lim.MoveTime, lim.Nodes = 0, req.Nodes
	}
	r, err := engine.Search(context.Background(), g, lim)
	return r.Move.Notation, err
}

// binPlayer is another bermuda binary playing through engine-server.
type binPlayer struct {
	spec     string
	level    int
	moveTime time.Duration
	rng      *rand.Rand
	cmd      *exec.Cmd
	in       io.WriteCloser
	out      *bufio.Scanner
	rec      games.Record // the game so far, set by the match before each move
	nodes    int64        // >0: this many nodes a move instead of moveTime
}

// startBin starts PATH[,level=N] as an engine server.
func startBin(spec string, moveTime time.Duration, rng *rand.Rand) (*binPlayer, error) {
	parts := strings.Split(spec, ",")
	if parts[0] == "" {
		return nil, usagef("bin: needs a bermuda binary's path, e.g. bin:/work/bin/bermuda-base,level=5")
	}
	p := &binPlayer{spec: spec, level: 5, moveTime: moveTime, rng: rng}
	for _, kv := range parts[1:] {
		k, v, _ := strings.Cut(kv, "=")
		n, err := strconv.Atoi(v)
		if k == "nodes" && err == nil && n > 0 {
			// A node budget, as ai:5,nodes=N: the same strength
			// whatever the load (the binary must know the option).
			p.nodes = int64(n)
			continue
		}
		if k != "level" || err != nil || n < 1 || n > 5 {
			return nil, usagef("player bin:%s: the options are level=1…5 and nodes=N", spec)
		}
		p.level = n
	}
	p.cmd = exec.Command(parts[0], "engine-server")
	var err error
	if p.in, err = p.cmd.StdinPipe(); err != nil {
		return nil, err
	}
	out, err := p.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := p.cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting %s: %w", parts[0], err)
	}
	p.out = bufio.NewScanner(out)
	return p, nil
}

func (p *binPlayer) name() string {
	return fmt.Sprintf("bin:%s (level %d, %v/move)", p.spec, p.level, p.moveTime)
}
func (p *binPlayer) newGame() error { return nil }

func (p *binPlayer) close() {
	if p.in != nil {
		p.in.Close()
	}
	if p.cmd != nil && p.cmd.Process != nil {
		p.cmd.Wait()
	}
}

func (p *binPlayer) choose(_ context.Context, _ games.Game, _ []string) (string, error) {
	line, err := json.Marshal(engineRequest{Record: p.rec, Level: p.level, MoveTimeMs: int(p.moveTime / time.Millisecond), Seed: p.rng.Uint64(), Nodes: p.nodes})
	if err != nil {
		return "", err
	}
	if _, err := p.in.Write(append(line, '\n')); err != nil {
		return "", fmt.Errorf("writing to %s: %w", p.spec, err)
	}
	if !p.out.Scan() {
		return "", fmt.Errorf("%s stopped answering (%v)", p.spec, p.out.Err())
	}
	var rep engineReply
	if err := json.Unmarshal(p.out.Bytes(), &rep); err != nil {
		return "", fmt.Errorf("%s answered %q: %w", p.spec, p.out.Text(), err)
	}
	if rep.Error != "" {
		return "", fmt.Errorf("%s: %s", p.spec, rep.Error)
	}
	return rep.Move, nil
}
