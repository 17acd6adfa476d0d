package chess

import (
	"strings"

	"github.com/bermudachess/bermuda/games"
)

var kindNames = [6]string{"pawn", "knight", "bishop", "rook", "queen", "king"}

const sanLetters = "PNBRQK"

// uci writes a move in UCI long algebraic notation: e2e4, e7e8q, e1g1.
func (m move) uci() string {
	s := grid.Name(m.from()) + grid.Name(m.to())
	if m.isPromotion() {
		s += string("pnbrqk"[m.promotion()])
	}
	return s
}

func (p *position) isCapture(m move) bool {
	return m.kind() == moveEnPassant || p.board[m.to()] != 0
}

// sanBody writes SAN without the check suffix; legal is every legal move
// of p, for disambiguation.
func (p *position) sanBody(m move, legal []move) string {
	from, to := m.from(), m.to()
	if m.kind() == moveCastle {
		if to > from {
			return "O-O"
		}
		return "O-O-O"
	}
	pc := p.board[from]
	var b strings.Builder
	if pc.kind() == pawn {
		if p.isCapture(m) {
			b.WriteByte(grid.Name(from)[0])
			b.WriteByte('x')
		}
		b.WriteString(grid.Name(to))
		if m.isPromotion() {
			b.WriteByte('=')
			b.WriteByte(sanLetters[m.promotion()])
		}
		return b.String()
	}
	b.WriteByte(sanLetters[pc.kind()])
	// Disambiguate against other pieces of the same kind reaching to:
	// by file if that suffices, else by rank, else by both.
	sameFile, sameRank, others := false, false, false
	for _, o := range legal {
		if o.to() != to || o.from() == from || p.board[o.from()] != pc {
			continue
		}
		others = true
		sameFile = sameFile || o.from()%8 == from%8
		sameRank = sameRank || o.from()/8 == from/8
	}
	name := grid.Name(from)
	switch {
	case !others:
	case !sameFile:
		b.WriteByte(name[0])
	case !sameRank:
		b.WriteByte(name[1])
	default:
		b.WriteString(name)
	}
	if p.isCapture(m) {
		b.WriteByte('x')
	}
	b.WriteString(grid.Name(to))
	return b.String()
}

// plainSAN is the SAN of m with no disambiguation.
func (p *position) plainSAN(m move) string { return p.sanBody(m, nil) }

// checkSuffix is "+" if m gives check, "#" if it mates, "" otherwise.
func (p *position) checkSuffix(m move) string {
	next := *p
	next.play(m)
	if !next.inCheck() {
		return ""
	}
	var l moveList
	next.generate(&l)
	if l.n == 0 {
		return "#"
	}
	return "+"
}

// label describes a move in words after its SAN, e.g.
// "Nf3 (knight g1→f3)" or "exd6 (pawn e5→d6 takes pawn en passant)".
func (p *position) label(m move, san string) string {
	from, to := m.from(), m.to()
	pc := p.board[from]
	var b strings.Builder
	b.WriteString(san)
	b.WriteString(" (")
	if m.kind() == moveCastle {
		if to > from {
			b.WriteString("castles kingside")
		} else {
			b.WriteString("castles queenside")
		}
		b.WriteString(": king " + grid.Name(from) + "→" + grid.Name(to) + ")")
		return b.String()
	}
	b.WriteString(kindNames[pc.kind()] + " " + grid.Name(from) + "→" + grid.Name(to))
	switch {
	case m.kind() == moveEnPassant:
		b.WriteString(" takes pawn en passant")
	case p.board[to] != 0:
		b.WriteString(" takes " + kindNames[p.board[to].kind()])
	}
	if m.isPromotion() {
		b.WriteString(", promotes to " + kindNames[m.promotion()])
	}
	b.WriteString(")")
	return b.String()
}

// describe turns internal moves of p into core moves: UCI notation; SAN
// with and without its check suffix (and 0-0 for castling, e8Q for
// promotion) as aliases; a readable label.
func (p *position) describe(legal []move) []games.Move {
	out := make([]games.Move, 0, len(legal))
	side := games.Side(p.stm)
	for _, m := range legal {
		body := p.sanBody(m, legal)
		san := body + p.checkSuffix(m)
		aliases := []string{san}
		if san != body {
			aliases = append(aliases, body)
		}
		// The SAN a player might type without disambiguating ("Nd2" when
		// two knights can go there) is an alias of each candidate, so that
		// MatchMove answers "ambiguous: b1d2 or f3d2" instead of "no match".
		if plain := p.plainSAN(m); plain != body {
			aliases = append(aliases, plain)
		}
		// Long algebraic with the piece letter (Ng1f3, typed Ng1-f3).
		if pc := p.board[m.from()]; pc.kind() != pawn && m.kind() != moveCastle {
			aliases = append(aliases, string(sanLetters[pc.kind()])+grid.Name(m.from())+grid.Name(m.to()))
		}
		switch {
		case body == "O-O":
			aliases = append(aliases, "0-0")
		case body == "O-O-O":
			aliases = append(aliases, "0-0-0")
		case m.isPromotion():
			aliases = append(aliases, strings.Replace(body, "=", "", 1))
		}
		out = append(out, games.Move{
			Notation: m.uci(),
			Label:    p.label(m, san),
			Aliases:  aliases,
			Side:     side,
			From:     grid.Name(m.from()),
			To:       grid.Name(m.to()),
		})
	}
	return out
}
