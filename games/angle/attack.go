package angle

// attacked reports whether any piece of side `by` could capture on sq next
// move. The rules have no check restriction; this only feeds the "king
// attacked" information for players.
func (p *position) attacked(sq int, by uint8) bool {
	b := &p.board
	own := by << 3
	// Pawns of `by` capture towards the far side, so look backwards.
	back := south
	if by == 1 {
		back = north
	}
	if b[sq+back+east] == pawn|own || b[sq+back+west] == pawn|own {
		return true
	}
	for _, d := range knightJump {
		if b[sq+d] == knight|own {
			return true
		}
	}
	for _, d := range allDirs {
		t := b[sq+d]
		if t == king|own || t == ship|own {
			return true
		}
		if t == empty && b[sq+2*d] == ship|own {
			return true
		}
	}
	for i, d := range allDirs {
		diagonal := i >= 4
		for s := sq + d; ; s += d {
			t := b[s]
			if t == empty {
				continue
			}
			if t == queen|own || (diagonal && t == bishop|own) || (!diagonal && t == rook|own) {
				return true
			}
			break
		}
	}
	return false
}
