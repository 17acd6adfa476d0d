package angle

import (
	"strings"

	"github.com/bermudachess/bermuda/games"
)

// notation is the canonical text: origin, destination and, for a
// promotion, the new piece's letter in lower case ("c2c4", "e9e10s").
// Castling is the king's move ("f1i1", "f1b1").
func notation(m move) string {
	s := squareName(int(m.from)) + squareName(int(m.to))
	if m.promo != 0 {
		s += strings.ToLower(string(pieceLetters[m.promo]))
	}
	return s
}

// describe turns the generator's moves into games.Moves with readable
// labels and aliases: SAN ("Nc3", "Sd3", "exd5", "e10=S", "O-O") and, for
// pieces, long algebraic ("Nb1c3").
func describe(p *position, ms []move) []games.Move {
	out := make([]games.Move, len(ms))
	for i, m := range ms {
		out[i] = games.Move{
			Notation: notation(m),
			Label:    label(p, m),
			Aliases:  []string{san(p, m, ms)},
			Side:     games.Side(p.side),
			From:     squareName(int(m.from)),
			To:       squareName(int(m.to)),
		}
		switch pc := p.board[m.from]; {
		case m.flag == flagCastleKingside || m.flag == flagCastleQueenside:
			out[i].Aliases = append(out[i].Aliases, strings.ReplaceAll(out[i].Aliases[0], "O", "0"))
		case pc&kindMask != pawn:
			// Long algebraic with the piece letter, e.g. "Nb1-c3".
			out[i].Aliases = append(out[i].Aliases, string(pieceLetters[pc&kindMask])+out[i].Notation)
		}
	}
	return out
}

// captured returns the piece m takes, or empty.
func captured(p *position, m move) uint8 {
	if m.flag == flagEnPassant {
		return p.board[epVictim(int(m.to), p.side)]
	}
	if m.flag == flagCastleKingside || m.flag == flagCastleQueenside {
		return empty
	}
	return p.board[m.to]
}

// label reads like "Knight b1→c3", "Pawn d5→e6 takes Pawn en passant",
// "Pawn e9→e10 promotes to Ship", "castle kingside: King f1→i1, Rook j1→h1".
func label(p *position, m move) string {
	from, to := squareName(int(m.from)), squareName(int(m.to))
	if m.flag == flagCastleKingside || m.flag == flagCastleQueenside {
		c := p.castlingOf(m)
		wing := "kingside"
		if m.flag == flagCastleQueenside {
			wing = "queenside"
		}
		return "castle " + wing + ": King " + from + "→" + to + ", Rook " + squareName(c.rookFrom) + "→" + squareName(c.rookTo)
	}
	s := kindName(p.board[m.from]) + " " + from + "→" + to
	if v := captured(p, m); v != empty {
		s += " takes " + kindName(v)
		if m.flag == flagEnPassant {
			s += " en passant"
		}
	}
	if m.promo != 0 {
		if captured(p, m) != empty {
			s += ","
		}
		s += " promotes to " + kindNames[m.promo]
	}
	return s
}

// san writes standard algebraic notation with S for the Ship. There is no
// check rule, so no '+' or '#'.
func san(p *position, m move, all []move) string {
	switch m.flag {
	case flagCastleKingside:
		return "O-O"
	case flagCastleQueenside:
		return "O-O-O"
	}
	pc := p.board[m.from]
	to := squareName(int(m.to))
	takes := captured(p, m) != empty
	if pc&kindMask == pawn {
		s := to
		if takes {
			s = squareName(int(m.from))[:1] + "x" + to
		}
		if m.promo != 0 {
			s += "=" + string(pieceLetters[m.promo])
		}
		return s
	}
	s := string(pieceLetters[pc&kindMask])
	// Disambiguate among same-kind pieces reaching the same square.
	sameFile, sameRank, others := false, false, false
	for _, o := range all {
		if o.to != m.to || o.from == m.from || p.board[o.from] != pc {
			continue
		}
		others = true
		if fileOf(int(o.from)) == fileOf(int(m.from)) {
			sameFile = true
		}
		if rankOf(int(o.from)) == rankOf(int(m.from)) {
			sameRank = true
		}
	}
	from := squareName(int(m.from))
	switch {
	case !others:
	case !sameFile:
		s += from[:1]
	case !sameRank:
		s += from[1:]
	default:
		s += from
	}
	if takes {
		s += "x"
	}
	return s + to
}
