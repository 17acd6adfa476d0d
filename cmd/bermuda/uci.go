package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"time"

	"github.com/bermudachess/bermuda/games"
)

// uciPlayer drives an external chess engine over UCI: uci, setoption,
// isready, then for each move "position startpos moves …" and
// "go movetime N", reading its bestmove.
type uciPlayer struct {
	spec     string
	cmd      *exec.Cmd
	in       io.WriteCloser
	lines    chan string
	moveTime time.Duration
	fen      string // the game's start, if not the usual one (a test suite's position)
}

// startUCI starts PATH[,NAME=VALUE…] and sets its options.
func startUCI(spec string, moveTime time.Duration) (*uciPlayer, error) {
	parts := strings.Split(spec, ",")
	if parts[0] == "" {
		return nil, usagef("uci: needs the engine's path, e.g. uci:/usr/games/stockfish")
	}
	p := &uciPlayer{spec: spec, moveTime: moveTime, lines: make(chan string, 64)}
	p.cmd = exec.Command(parts[0])
	var err error
	if p.in, err = p.cmd.StdinPipe(); err != nil {
		return nil, err
	}
	out, err := p.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := p.cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting UCI engine %s: %w", parts[0], err)
	}
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
		close(p.lines)
	}()
	if err := p.send("uci"); err != nil {
		p.close()
		return nil, err
	}
	if _, err := p.await("uciok", 10*time.Second); err != nil {
		p.close()
		return nil, err
	}
	for _, opt := range parts[1:] {
		name, value, ok := strings.Cut(opt, "=")
		if !ok {
			p.close()
			return nil, usagef("uci option %q: want NAME=VALUE", opt)
		}
		if err := p.send("setoption name " + name + " value " + value); err != nil {
			p.close()
			return nil, err
		}
	}
	return p, nil
}

func (p *uciPlayer) name() string { return "uci:" + p.spec }

func (p *uciPlayer) send(line string) error {
	_, err := io.WriteString(p.in, line+"\n")
	return err
}

// await reads lines until one starts with prefix.
func (p *uciPlayer) await(prefix string, limit time.Duration) (string, error) {
	timeout := time.After(limit)
	for {
		select {
		case l, ok := <-p.lines:
			if !ok {
				return "", fmt.Errorf("UCI engine %s stopped", p.spec)
			}
			if strings.HasPrefix(l, prefix) {
				return l, nil
			}
		case <-timeout:
			return "", fmt.Errorf("UCI engine %s gave no %q within %v", p.spec, prefix, limit)
		}
	}
}

func (p *uciPlayer) newGame() error {
	if err := p.send("ucinewgame"); err != nil {
		return err
	}
	if err := p.send("isready"); err != nil {
		return err
	}
	_, err := p.await("readyok", 10*time.Second)
	return err
}

func (p *uciPlayer) choose(_ context.Context, _ games.Game, played []string) (string, error) {
	pos := "position startpos"
	if p.fen != "" {
		pos = "position fen " + p.fen
	}
	if len(played) > 0 {
		pos += " moves " + strings.Join(played, " ")
	}
	if err := p.send(pos); err != nil {
		return "", err
	}
	if err := p.send(fmt.Sprintf("go movetime %d", p.moveTime.Milliseconds())); err != nil {
		return "", err
	}
	l, err := p.await("bestmove", p.moveTime+10*time.Second)
	if err != nil {
		return "", err
	}
	f := strings.Fields(l)
	if len(f) < 2 || f[1] == "(none)" {
		return "", fmt.Errorf("UCI engine %s found no move", p.spec)
	}
	return f[1], nil
}

func (p *uciPlayer) close() {
	if p.cmd == nil || p.cmd.Process == nil {
		return
	}
	_ = p.send("quit")
	done := make(chan struct{})
	go func() { _ = p.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		_ = p.cmd.Process.Kill()
		<-done
	}
}
