package bot

import (
	"bytes"
	"context"
	"image/gif"
	"image/png"
	"strings"
	"sync"
	"testing"

	"github.com/bermudachess/bermuda/bot/fakediscord"
	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
)

// constantRoller always shows the same face (capped to the die's size).
type constantRoller int

func (c constantRoller) Roll(faces int) (int, error) { return min(int(c), faces), nil }

// scriptThen plays the script, then a constant face.
type scriptThen struct {
	script *games.ScriptedRoller
	then   int
}

func (s scriptThen) Roll(faces int) (int, error) {
	if s.script.Remaining() > 0 {
		return s.script.Roll(faces)
	}
	return min(s.then, faces), nil
}

// completeGame is a short game that the rules end, with the dice that
// make it so.
type completeGame struct {
	variant string
	roller  games.Roller
	moves   []string
	reason  string // a word of the result's reason
}

// completeGames returns short games of every variant but chess, each with
// a roller of its own (a scripted roller is used up by one game).
func completeGames() []completeGame {
	return []completeGame{
		// Dice always 6, 6 → h8: e1a5 crosses c3, so the Angle rolls.
		{"angle", constantRoller(6), []string{"d2d3", "b9b7", "e1a5", "c9c8", "a5e9", "h9h7", "e9f10"}, "king"},
		{"bermuda", constantRoller(1), []string{"A1-a8", "G8-h2", "a8b8", "h2f1", "E1-a4", "H8-h1", "b2b3", "F7F6", "b8b7", "H7-g1", "b1a3", "g1e1", "b7c7", "h1d1", "e2e4", "d8a5", "c1b2", "a5a4"}, "king"},
		{"bede", nil, []string{"i3g5", "g11h11", "e3d3", "e11f11", "i1i3", "f9e9", "f1f2", "h10g9", "f3g3", "h11f10", "c2b3", "d10c9", "a1b2", "b9a9", "g1f1", "e9d9", "f2f10"}, "mate"},
		{"beryl", nil, []string{"25-26", "24x26", "35-12", "26-30"}, "mate"},
		{"spindecision", nil, []string{"2-14", "17-12=K", "14x36=K"}, "King"},
		// Colour throws 6 v 1 (Player 1 is White), then every throw is 2.
		{"randommove", scriptThen{games.Script(6, 1), 2}, []string{"f3", "e5", "g4", "Qh4"}, "mate"},
	}
}

// TestCompleteGameOfEveryVariant plays each variant from challenge to a
// result the rules decide, through /move, checking every board PNG and
// that the dice posted are exactly the dice stored.
func TestCompleteGameOfEveryVariant(t *testing.T) {
	for _, c := range completeGames() {
		t.Run(c.variant, func(t *testing.T) { playCompleteGame(t, c, (*harness).move) })
	}
}

// playCompleteGame plays c's moves from a challenge on, each by the player
// to act through play, and checks that the rules ended the game, every
// board and the dice posted, and that the finished game left memory.
func playCompleteGame(t *testing.T, c completeGame, play func(h *harness, u fakediscord.User, thread, move string)) []db.Move {
	t.Helper()
	h := newHarness(t)
	h.bot.Roller = c.roller
	thread := h.startGame(c.variant)
	players := map[string]fakediscord.User{ann.ID: ann, bob.ID: bob}
	for _, mv := range c.moves {
		row, g, err := h.store.LoadGame(t.Context(), mustGameID(h, thread))
		if err != nil {
			t.Fatal(err)
		}
		play(h, players[row.Players[g.Turn().Player]], thread, mv)
	}
	row, g, err := h.store.LoadGame(t.Context(), mustGameID(h, thread))
	if err != nil {
		t.Fatal(err)
	}
	if row.State != "finished" || !g.Outcome().Over || !strings.Contains(strings.ToLower(row.Reason), strings.ToLower(c.reason)) {
		t.Fatalf("%s did not end by the rules: row %+v outcome %+v", c.variant, row, g.Outcome())
	}
	checkPosts(t, h, thread, row.ID)
	kept := h.bot.play.Held(row.ID)
	if kept {
		t.Error("a finished game stayed in memory")
	}
	stored, err := h.store.Moves(t.Context(), row.ID)
	if err != nil {
		t.Fatal(err)
	}
	return stored
}

// checkPosts decodes every board and compares dice posts with stored rolls.
func checkPosts(t *testing.T, h *harness, thread string, gameID int64) {
	t.Helper()
	stored, err := h.store.Moves(t.Context(), gameID)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	row, _ := h.store.Game(t.Context(), gameID)
	if len(row.StartRolls) > 0 {
		want = append(want, "throws") // colour throws are posted at the opening
	}
	for _, m := range stored {
		want = append(want, m.Dice...)
	}
	var posted []string
	boards, animations := 0, 0
	for _, m := range h.fake.Messages(thread) {
		if m.Ephemeral {
			continue // a player's own pictures (the move picker), not the thread's
		}
		if strings.HasPrefix(m.Content, "🎲 ") {
			posted = append(posted, m.Content)
		}
		for _, f := range m.Files {
			if strings.HasSuffix(f.Name, ".gif") { // the end-of-game animation (replays.go)
				anim, err := gif.DecodeAll(bytes.NewReader(f.Data))
				if err != nil || len(anim.Image) != len(stored)+1 {
					t.Fatalf("%s: %v, want one frame per position (%d)", f.Name, err, len(stored)+1)
				}
				animations++
				continue
			}
			if _, err := png.Decode(bytes.NewReader(f.Data)); err != nil {
				t.Fatalf("%s does not decode: %v", f.Name, err)
			}
			boards++
		}
	}
	if animations != 1 {
		t.Errorf("%d animations of the finished game, want 1", animations)
	}
	if boards != len(stored)+1 {
		t.Errorf("%d boards for %d moves (want one per move plus the opening)", boards, len(stored))
	}
	if len(row.StartRolls) > 0 && len(posted) > 0 {
		want = want[1:]
		posted = posted[len(posted)-len(want):]
	}
	if len(posted) != len(want) {
		t.Fatalf("posted %d dice messages, stored %d: %q vs %q", len(posted), len(want), posted, want)
	}
	for i := range want {
		if !strings.HasSuffix(posted[i], personalize(row, want[i])) {
			t.Errorf("dice post %d = %q, stored %q", i, posted[i], want[i])
		}
	}
}

// TestDiceAreStoredBeforeTheyAreShown checks, at the moment each dice
// message reaches Discord, that its roll is already in the move log.
func TestDiceAreStoredBeforeTheyAreShown(t *testing.T) {
	h := newHarness(t)
	h.bot.Roller = constantRoller(6)
	thread := h.startGame("angle")
	var checked, missing int
	var mu sync.Mutex
	h.fake.SetOnRequest(func(r fakediscord.Request) {
		content, _ := r.JSON["content"].(string)
		if r.Method != "POST" || !strings.HasPrefix(content, "🎲 ") {
			return
		}
		moves, err := h.store.Moves(context.Background(), 1)
		found := false
		for _, m := range moves {
			for _, d := range m.Dice {
				found = found || strings.HasSuffix(content, d)
			}
		}
		mu.Lock()
		defer mu.Unlock()
		checked++
		if err != nil || !found {
			missing++
		}
	})
	for i, mv := range []string{"d2d3", "b9b7", "e1a5", "c9c8", "a5e9"} {
		h.move([]fakediscord.User{ann, bob}[i%2], thread, mv)
	}
	mu.Lock()
	defer mu.Unlock()
	if checked < 2 || missing != 0 {
		t.Fatalf("%d dice posts checked, %d were not stored first", checked, missing)
	}
}
