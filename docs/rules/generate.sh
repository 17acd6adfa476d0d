#!/usr/bin/env bash
# Draws every picture of docs/rules with `bermuda render`, from real games:
# each is a start position (or a position string) plus moves played by the
# rules engine, with dice from a fixed seed. A move that is no longer legal
# stops the script, and so does a position that no longer shows what its
# page says (checked by replaying the same moves with `bermuda play` and
# looking for the event). Run it from anywhere after changing rules or
# pictures:
#
#	bash docs/rules/generate.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
out=docs/rules/img
mkdir -p "$out"
cell=32 # pixels per square: small files that still read well on a page

# shot NAME VARIANT SEED "MOVES" "FEN" "EXPECTED EVENT TEXT"
shot() {
	local name=$1 variant=$2 seed=$3 moves=$4 fen=$5 expect=$6
	local args=(-variant "$variant" -seed "$seed" -cell "$cell")
	[[ -n $fen ]] && args+=(-fen "$fen")
	go run ./cmd/bermuda render "${args[@]}" -moves "$moves" -o "$out/$name.png"
	if [[ -n $expect ]]; then
		local play=(-variant "$variant" -seed "$seed")
		[[ -n $fen ]] && play+=(-fen "$fen")
		local said
		said=$(printf '%s\n' $moves quit | go run ./cmd/bermuda play "${play[@]}")
		if ! grep -qF -- "$expect" <<<"$said"; then
			echo "generate.sh: $name: the moves no longer cause \"$expect\"" >&2
			exit 1
		fi
	fi
	echo "$out/$name.png"
}

# The Bermuda Chess Angle
shot angle-setup angle 1 "" "" ""
shot angle-vanish angle 116 "e2e3 d9d7" "" "e3: White's Pawn vanished into the Angle"
shot angle-self-vanish angle 74 "b1c3" "" "c3: White's Knight vanished into the Angle"
shot angle-castle angle 1 "f1b1" "r4k3r/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1" "King f1→b1, Rook a1→c1"

# Bermuda chess
shot bermuda-setup bermuda 1 "" "" ""
shot bermuda-drop bermuda 1 "D2-b5" "" "White's pawn is now on the lower board, on b5"
shot bermuda-fall bermuda 1 "D2-b5 e7e5 D1D7" "" "Black's pawn fell from D7 to g5 on the lower board"
shot bermuda-climb bermuda 1 "C2-b6 c7b6" "" "Black's pawn climbed from b6 to C2 on the upper board"
shot bermuda-frozen bermuda 1 "F2F3 E7E5 G2G4 D8H4 a2a3 H4E1" "" "Frozen (no king of theirs on their board): White's upper army"

# Bede Chess
shot bede-setup bede 1 "" "" ""
shot bede-jester bede 1 "b1d4 f11d8" "" "Black's Jester (as zebra) f11→d8"
shot bede-escalation bede 1 "g1e2 e9d8 e2g1" "" "Escalation: from now on pieces may also move backwards"

# spIndecision Beryl
shot spindecision-setup spindecision 1 "" "" ""
shot spindecision-declare spindecision 1 "9-10=K" "" "declared Red's piece on 9 the king"
shot spindecision-capture spindecision 1 "3-13 32-18 13x35=B" "" "White's piece on 17 is now the king"

# Beryl Chess
shot beryl-setup beryl 1 "" "" ""
shot beryl-pawn-capture beryl 1 "25-26 24x26 17-30 20-15 22x26" "" "White's pawn took Black's pawn on 26"

# Random Move Number Chess
shot randommove-setup randommove 1 "" "" ""
shot randommove-two-moves randommove 6 "e2e4 f7f6 d2d4" "" "second 3 in a row: 2 moves"
shot randommove-check randommove 6 "e2e4 f7f6 d1h5" "" "The check ends Player 1's turn with 1 granted move unplayed"
shot randommove-switch randommove 886 "b1c3 g7g5" "" "the players switch sides"

# Chess
shot chess-setup chess 1 "" "" ""
