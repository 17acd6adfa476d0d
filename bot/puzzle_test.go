package bot

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/bot/fakediscord"
	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/puzzles"
)

// puzzleAttemptOf reads the attempt a puzzle message's menus belong to.
func (h *harness) puzzleAttemptOf(m fakediscord.Message) (db.PuzzleAttempt, *puzzles.Puzzle) {
	h.t.Helper()
	id := buttonWith(m, puzzlePrefix+":", "")
	p, err := parsePickerID(id)
	if err != nil {
		h.t.Fatalf("no puzzle component on %q: %v", m.Content, m.Components)
	}
	att, err := h.store.PuzzleAttemptByID(h.t.Context(), p.game)
	if err != nil {
		h.t.Fatal(err)
	}
	set, _ := puzzles.Load(att.Variant)
	pz, ok := set.ByID(att.PuzzleID)
	if !ok {
		h.t.Fatalf("attempt %d names puzzle %s, not shipped", att.ID, att.PuzzleID)
	}
	return att, pz
}

// pzChoose picks value in a puzzle message's menus, turning pages if needed.
func (h *harness) pzChoose(u fakediscord.User, msgID, value string) fakediscord.Response {
	h.t.Helper()
	for turns := 0; ; turns++ {
		m, _ := h.fake.Message(msgID)
		if id := menuOffering(m, value); id != "" {
			return h.send(fakediscord.Interaction{Type: 3, User: u, ChannelID: lobbyID, MessageID: msgID, CustomID: id, Values: []string{value}})
		}
		page := buttonWith(m, puzzlePrefix+":", ":pg")
		if page == "" || turns > 3 {
			h.t.Fatalf("no menu of the puzzle offers %q: %v", value, m.Components)
		}
		h.click(u, lobbyID, msgID, page)
	}
}

// pzPlay answers notation with the menus only and returns the message after.
func (h *harness) pzPlay(u fakediscord.User, msgID, notation string) fakediscord.Message {
	h.t.Helper()
	m, _ := h.fake.Message(msgID)
	att, pz := h.puzzleAttemptOf(m)
	g, err := pz.At(att.Ply)
	if err != nil {
		h.t.Fatal(err)
	}
	mv, err := games.MatchMove(notation, g.LegalMoves())
	if err != nil {
		h.t.Fatalf("%s is not legal in puzzle %s: %v", notation, pz.ID, err)
	}
	for _, value := range []string{mv.From, mv.To, mv.Notation} {
		resp := h.pzChoose(u, msgID, value)
		m, _ = h.fake.Message(msgID)
		if resp.Type == 6 { // answered: the message was edited with the verdict
			return m
		}
		if resp.Type != 7 {
			h.t.Fatalf("choosing %s answered with type %d: %q", value, resp.Type, m.Content)
		}
		checkPickerPicture(h.t, m)
	}
	h.t.Fatalf("the menus never answered %s", notation)
	return m
}

func (h *harness) puzzleRating(userID string) db.PuzzlePlayer {
	h.t.Helper()
	p, err := h.store.PuzzlePlayerRating(h.t.Context(), userID, "chess")
	if err != nil {
		h.t.Fatal(err)
	}
	return p
}

func (h *harness) ownRating(pz *puzzles.Puzzle) float64 {
	h.t.Helper()
	r, err := h.store.PuzzleRatingOf(h.t.Context(), pz.ID, pz.Variant, float64(pz.Rating))
	if err != nil {
		h.t.Fatal(err)
	}
	return r.Rating
}

func puzzleEmbeds(m fakediscord.Message) string { return fmt.Sprint(m.Embeds) }

func TestPuzzleSolvedWithTheMenusFailedHintedAndRated(t *testing.T) {
	h := newHarness(t)
	ctx := t.Context()
	set, err := puzzles.Load("chess")
	if err != nil {
		t.Fatal(err)
	}
	// ann was given a puzzle with an opponent's reply earlier (by any
	// replica): /puzzle shows it again rather than a new one.
	var first *puzzles.Puzzle
	for i := range set.Puzzles {
		if p := &set.Puzzles[i]; len(p.Solution) == 3 && len(p.Themes) > 0 && !allSolverMoves(t, p) {
			first = p
			break
		}
	}
	if first == nil {
		t.Fatal("no chess puzzle of two solver moves with a reply between them is shipped")
	}
	g0, _ := first.At(0)
	whose := g0.Roles()[g0.Turn().Player]
	if _, _, err := h.store.StartPuzzle(ctx, db.PuzzleAttempt{UserID: ann.ID, Variant: "chess", PuzzleID: first.ID}); err != nil {
		t.Fatal(err)
	}
	resp := h.command(ann, lobbyID, "puzzle")
	msg := h.reply(resp)
	if !msg.Ephemeral || resp.Type != 5 || !strings.Contains(msg.Content, "in progress") {
		t.Fatalf("/puzzle: type %d ephemeral %v %q", resp.Type, msg.Ephemeral, msg.Content)
	}
	checkPickerPicture(t, msg)
	if e := puzzleEmbeds(msg); !strings.Contains(e, whose+" to play") || !strings.Contains(e, "2 moves to find") || strings.Contains(e, first.Themes[0]) {
		t.Fatalf("the puzzle should say whose move and how many, and hide its theme: %s", e)
	}
	stale := menuOfMessage(msg) // a menu of the first position

	// A correct move: the reply is played and shown, the next move asked.
	m := h.pzPlay(ann, msg.ID, first.Solution[0])
	if !strings.Contains(m.Content, "correct") || !strings.Contains(m.Content, "The reply") || !strings.Contains(puzzleEmbeds(m), "(1 found)") {
		t.Fatalf("after the first move: %q %s", m.Content, puzzleEmbeds(m))
	}
	checkPickerPicture(t, m)
	// The old menu, clicked again: nothing is played.
	mv0, _ := games.MatchMove(first.Solution[0], g0.LegalMoves())
	resp = h.send(fakediscord.Interaction{Type: 3, User: ann, ChannelID: lobbyID, MessageID: msg.ID, CustomID: stale, Values: []string{mv0.From}})
	if m, _ = h.fake.Message(msg.ID); resp.Type != 7 || !strings.Contains(m.Content, "out of date; nothing was played") {
		t.Fatalf("a stale click: type %d %q", resp.Type, m.Content)
	}
	if att, _ := h.store.PuzzleAttemptByID(ctx, h.mustAttempt(m).ID); att.Ply != 2 || att.State != "open" {
		t.Fatalf("a stale click moved the attempt: %+v", att)
	}
	m = h.pzPlay(ann, msg.ID, first.Solution[2])
	if !strings.Contains(m.Content, "solved") || !strings.Contains(m.Content, "themes: "+strings.Join(first.Themes, ", ")) || !strings.Contains(m.Content, "streak 1") {
		t.Fatalf("after solving: %q", m.Content)
	}
	t.Logf("solved: %s", m.Content)
	afterSolve := h.puzzleRating(ann.ID)
	if afterSolve.Rating <= db.StartRating || h.ownRating(first) >= float64(first.Rating) {
		t.Fatalf("a solve: player %.1f (from 1500), puzzle %.1f (from %d)", afterSolve.Rating, h.ownRating(first), first.Rating)
	}

	// Next puzzle: the one nearest ann's new rating that she never had.
	next := buttonWith(m, puzzlePrefix+":", ":next")
	if resp = h.click(ann, lobbyID, msg.ID, next); resp.Type != 6 {
		t.Fatalf("Next puzzle: type %d", resp.Type)
	}
	m, _ = h.fake.Message(msg.ID)
	att, second := h.puzzleAttemptOf(m)
	want, _ := set.Near(int(afterSolve.Rating+0.5), func(id string) bool { return id == first.ID })
	if second.ID != want.ID || att.State != "open" {
		t.Fatalf("next puzzle %s, want %s near %.0f", second.ID, want.ID, afterSolve.Rating)
	}
	// A double click on the old Next changes nothing more.
	h.click(ann, lobbyID, msg.ID, next)
	if open, _ := h.store.OpenPuzzle(ctx, ann.ID, "chess"); open.ID != att.ID {
		t.Fatalf("a second Next gave another puzzle: %+v", open)
	}

	// A hint names the piece; a wrong move fails at once, with what it allows and the solution.
	h.click(ann, lobbyID, msg.ID, buttonWith(m, puzzlePrefix+":", ":hint"))
	m, _ = h.fake.Message(msg.ID)
	g, _ := second.At(0)
	sol, _ := games.MatchMove(second.Solution[0], g.LegalMoves())
	if !strings.Contains(m.Content, "💡 Hint: move your") || !strings.Contains(m.Content, sol.From) {
		t.Fatalf("the hint: %q (solution %s)", m.Content, sol.Notation)
	}
	wrong := ""
	for _, lm := range g.LegalMoves() {
		if v, err := second.Check(0, lm.Notation); err == nil && v == puzzles.Wrong {
			wrong = lm.Notation
			break
		}
	}
	m = h.pzPlay(ann, msg.ID, wrong)
	// It says what the wrong move allows (chess rolls no dice, and the
	// opponent answers).
	if !strings.Contains(m.Content, "is not it: it allows **") || !strings.Contains(m.Content, "The solution:") || !strings.Contains(m.Content, "streak 0") {
		t.Fatalf("a wrong move: %q", m.Content)
	}
	t.Logf("failed: %s", m.Content)
	if a, _ := h.store.PuzzleAttemptByID(ctx, att.ID); a.State != "failed" || !a.Hinted || !a.Rated {
		t.Fatalf("the failed attempt: %+v", a)
	}
	afterFail := h.puzzleRating(ann.ID)
	if afterFail.Rating >= afterSolve.Rating || h.ownRating(second) <= float64(second.Rating) {
		t.Fatalf("a failure: player %.1f (from %.1f), puzzle %.1f (from %d)", afterFail.Rating, afterSolve.Rating, h.ownRating(second), second.Rating)
	}

	// Typed answers: suggestions of the puzzle's legal moves, a clear
	// refusal of nonsense, and the same judging as the menus. Nothing typed
	// yet, Discord shows the first 25 suggestions: the puzzle is one whose
	// solution's move is among them (whichever Next would give need not be).
	third := suggestedAtOnce(t, set, first.ID, second.ID)
	if _, _, err := h.store.StartPuzzle(ctx, db.PuzzleAttempt{UserID: ann.ID, Variant: "chess", PuzzleID: third.ID}); err != nil {
		t.Fatal(err)
	}
	msg = h.reply(h.command(ann, lobbyID, "puzzle"))
	m = msg
	att, _ = h.puzzleAttemptOf(m)
	focused := fakediscord.Option{Name: "answer", Type: 3, Value: "", Focused: true}
	if sugg := autocomplete(t, h, ann, lobbyID, "puzzle", focused); !containsString(sugg, third.Solution[0]) {
		t.Fatalf("suggestions %v lack the solution's %s", sugg, third.Solution[0])
	}
	h.wantEphemeral(h.command(ann, lobbyID, "puzzle", str("answer", "zz9")), "is not a legal move in your puzzle")
	h.wantEphemeral(h.command(cat, lobbyID, "puzzle", str("answer", "e4")), "You have no puzzle waiting")
	typed := h.reply(h.command(ann, lobbyID, "puzzle", str("answer", strings.ToUpper(third.Solution[0]))))
	if !typed.Ephemeral || !strings.Contains(typed.Content, "✅") {
		t.Fatalf("a typed correct answer: %q", typed.Content)
	}
	if a, _ := h.store.PuzzleAttemptByID(ctx, att.ID); a.State == "open" && a.Ply == 0 {
		t.Fatalf("the typed answer was not stored: %+v", a)
	}
	// The menus of the message before the typed answer are stale now.
	h.click(ann, lobbyID, msg.ID, buttonWith(m, puzzlePrefix+":", ":hint"))
	if m, _ = h.fake.Message(msg.ID); !strings.Contains(m.Content, "nothing was played") {
		t.Fatalf("a hint on a stale message: %q", m.Content)
	}

	// Solution: shows the line and counts as failed (on the third puzzle if
	// the typed move left it open, else on the next one).
	if buttonWith(m, puzzlePrefix+":", ":sol") == "" {
		h.click(ann, lobbyID, msg.ID, buttonWith(m, puzzlePrefix+":", ":next"))
		m, _ = h.fake.Message(msg.ID)
	}
	att, _ = h.puzzleAttemptOf(m)
	h.click(ann, lobbyID, msg.ID, buttonWith(m, puzzlePrefix+":", ":sol"))
	m, _ = h.fake.Message(msg.ID)
	if a, _ := h.store.PuzzleAttemptByID(ctx, att.ID); a.State != "failed" || !strings.Contains(m.Content, "👀 The solution: **") {
		t.Fatalf("Solution: %+v %q", a, m.Content)
	}
	// Someone else's puzzle message is refused.
	h.wantEphemeral(h.click(bob, lobbyID, msg.ID, buttonWith(m, puzzlePrefix+":", ":next")), "belongs to someone else")

	statsMsg := h.reply(h.command(ann, lobbyID, "stats"))
	stats := statsMsg.Content + puzzleEmbeds(statsMsg)
	if !strings.Contains(stats, "Chess puzzles") || !strings.Contains(stats, "best 1") {
		t.Fatalf("/stats: %s", stats)
	}
	help := h.reply(h.command(ann, lobbyID, "help")).Content
	if !strings.Contains(help, "/puzzle") || len([]rune(help)) >= 2000 || strings.HasSuffix(help, "…") {
		t.Fatalf("/help (%d characters): %q", len([]rune(help)), help)
	}
}

// suggestedAtOnce is a shipped puzzle, none of those skipped, whose first
// solution move is among the 25 suggestions /puzzle answer offers before
// anything is typed.
func suggestedAtOnce(t *testing.T, set *puzzles.Set, skip ...string) *puzzles.Puzzle {
	t.Helper()
	for i := range set.Puzzles {
		p := &set.Puzzles[i]
		if containsString(skip, p.ID) {
			continue
		}
		g, err := p.At(0)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range games.FilterMoves("", g.LegalMoves(), 25) {
			if m.Notation == p.Solution[0] {
				return p
			}
		}
	}
	t.Fatalf("no shipped %s puzzle's solution is among the first 25 suggestions", set.Variant)
	return nil
}

func (h *harness) mustAttempt(m fakediscord.Message) db.PuzzleAttempt {
	h.t.Helper()
	att, _ := h.puzzleAttemptOf(m)
	return att
}

func containsString(xs []string, x string) bool {
	for _, s := range xs {
		if s == x {
			return true
		}
	}
	return false
}

// dayOfClock is the harness's day.
func (h *harness) day() string { return h.clock.Now().UTC().Format(dayLayout) }

// dailyPosts lists the daily puzzle posts in the lobby.
func (h *harness) dailyPosts() []fakediscord.Message {
	var out []fakediscord.Message
	for _, m := range h.fake.Messages(lobbyID) {
		if buttonWith(m, "pzsolve:", "") != "" {
			out = append(out, m)
		}
	}
	return out
}

// solveDaily clicks Solve on post as u and answers the whole solution (or,
// if fail, gives up with Solution).
func (h *harness) solveDaily(u fakediscord.User, post fakediscord.Message, fail bool) fakediscord.Message {
	h.t.Helper()
	resp := h.click(u, lobbyID, post.ID, buttonWith(post, "pzsolve:", ""))
	m := h.reply(resp)
	if !m.Ephemeral || resp.Type != 5 {
		h.t.Fatalf("Solve by %s: type %d %q", u.Name, resp.Type, m.Content)
	}
	checkPickerPicture(h.t, m)
	if fail {
		h.click(u, lobbyID, m.ID, buttonWith(m, puzzlePrefix+":", ":sol"))
		m, _ = h.fake.Message(m.ID)
		return m
	}
	for {
		att, pz := h.puzzleAttemptOf(m)
		m = h.pzPlay(u, m.ID, pz.Solution[att.Ply])
		if strings.Contains(m.Content, "solved") {
			return m
		}
		if !strings.Contains(m.Content, "correct") {
			h.t.Fatalf("solving the daily as %s: %q", u.Name, m.Content)
		}
	}
}

func TestPuzzleDailyPostedOnceThroughARestartAndListsItsSolvers(t *testing.T) {
	h := newHarness(t)
	ctx := t.Context()
	channel := fakediscord.Option{Name: "puzzle_channel", Type: 7, Value: lobbyID}
	resp := h.send(fakediscord.Interaction{Type: 2, User: ann, ChannelID: lobbyID, Name: "settings", Options: []fakediscord.Option{channel}, MemberPerms: "0"})
	h.wantEphemeral(resp, "Manage Server")
	h.wantEphemeral(h.command(ann, lobbyID, "settings", channel), "daily puzzle will be posted in <#"+lobbyID+">")

	day1 := h.day()
	h.bot.Tick(ctx)
	h.bot.Tick(ctx)
	h.restart(games.Seeded(2))
	h.bot.Tick(ctx)
	posts := h.dailyPosts()
	if len(posts) != 1 {
		t.Fatalf("%d daily posts after three ticks and a restart", len(posts))
	}
	post := posts[0]
	if len(post.Files) != 1 || !strings.Contains(puzzleEmbeds(post), "Daily puzzle of "+day1) || !strings.Contains(puzzleEmbeds(post), "to play") ||
		!strings.Contains(post.Content, "nobody has solved it yet") {
		t.Fatalf("the daily post: %q %s", post.Content, puzzleEmbeds(post))
	}
	decodePNG(t, post.Files[0])

	// bob solves it, ann gives up; a second Solve is refused.
	h.solveDaily(bob, post, false)
	if m := h.solveDailyFail(ann, post); !strings.Contains(m.Content, "👀 The solution") {
		t.Fatalf("ann's Solution: %q", m.Content)
	}
	h.wantEphemeral(h.click(bob, lobbyID, post.ID, buttonWith(post, "pzsolve:", "")), "You already tried the daily puzzle of "+day1+": solved")
	h.bot.Tick(ctx)
	if p, _ := h.fake.Message(post.ID); !strings.Contains(p.Content, "solved by 1 player so far") {
		t.Fatalf("the count after one solver: %q", p.Content)
	}
	// cat solves it too: the count waits dailyCountEvery before the next edit.
	h.solveDaily(cat, post, false)
	h.bot.Tick(ctx)
	if p, _ := h.fake.Message(post.ID); !strings.Contains(p.Content, "solved by 1 player so far") {
		t.Fatalf("the count was edited again at once: %q", p.Content)
	}
	h.clock.Advance(dailyCountEvery)
	h.bot.Tick(ctx)
	if p, _ := h.fake.Message(post.ID); !strings.Contains(p.Content, "solved by 2 players so far") {
		t.Fatalf("the count after two solvers: %q", p.Content)
	}

	// The next day the process claims the post and dies before posting.
	now := h.clock.Now()
	h.clock.Advance(now.UTC().Truncate(24 * time.Hour).Add(24*time.Hour + time.Minute).Sub(now))
	day2 := h.day()
	pz, _ := dailyChoice(h.fake.GuildID, day2)
	if _, claimed, err := h.store.ClaimDailyPuzzle(ctx, db.DailyPuzzle{GuildID: h.fake.GuildID, Day: day2, Variant: pz.Variant,
		PuzzleID: pz.ID, ChannelID: lobbyID}, h.clock.Now(), dailyLease); err != nil || !claimed {
		t.Fatalf("the claim of the process that dies: %v %v", claimed, err)
	}
	h.restart(games.Seeded(3))
	h.bot.Tick(ctx) // within the claim's lease: not posted
	if n := len(h.dailyPosts()); n != 1 {
		t.Fatalf("%d daily posts while another process's claim holds", n)
	}
	if p, _ := h.fake.Message(post.ID); !strings.Contains(p.Content, "The puzzle of "+day1+" was solved by 2 players: **bob**, **cat**") {
		t.Fatalf("yesterday's post does not list its solvers: %q", p.Content)
	}
	h.clock.Advance(dailyLease)
	h.bot.Tick(ctx)
	h.bot.Tick(ctx)
	posts = h.dailyPosts()
	t.Logf("second daily post: %s %s", posts[len(posts)-1].Content, puzzleEmbeds(posts[len(posts)-1]))
	if len(posts) != 2 {
		t.Fatalf("%d daily posts after the lapsed claim was taken over", len(posts))
	}
	if e := puzzleEmbeds(posts[1]); !strings.Contains(e, "Daily puzzle of "+day2) || !strings.Contains(e, "Yesterday's puzzle was solved by 2 players: **bob**, **cat**") {
		t.Fatalf("the second day's post: %s", e)
	}
	if d, err := h.store.DailyPuzzleOf(ctx, h.fake.GuildID, day2); err != nil || d.MessageID != posts[1].ID || d.PuzzleID != pz.ID {
		t.Fatalf("the second day's row: %+v %v", d, err)
	}
	if n, _ := strconv.Atoi(strings.TrimPrefix(buttonWith(posts[1], "pzsolve:", ""), "pzsolve:")); dayOf(int64(n)) != day2 {
		t.Fatalf("the Solve button names day %d", n)
	}
}

func (h *harness) solveDailyFail(u fakediscord.User, post fakediscord.Message) fakediscord.Message {
	h.t.Helper()
	return h.solveDaily(u, post, true)
}

func TestPuzzleWithSeveralSolverMovesInOneTurn(t *testing.T) {
	h := newHarness(t)
	// A Random Move Number Chess turn of several moves, all the solver's,
	// a promotion (the picker's third step) among them if the set has one.
	set, err := puzzles.Load("randommove")
	if err != nil {
		t.Fatal(err)
	}
	var pz *puzzles.Puzzle
	for i := range set.Puzzles {
		p := &set.Puzzles[i]
		if p.HasTheme(puzzles.ThemeMultiMove) && len(p.Solution) >= 2 && (pz == nil || p.HasTheme(puzzles.ThemePromotion) && !pz.HasTheme(puzzles.ThemePromotion)) {
			if allSolverMoves(t, p) {
				pz = p
			}
		}
	}
	if pz == nil {
		t.Fatal("no Random Move Number Chess puzzle of several solver moves in one turn is shipped")
	}
	if _, _, err := h.store.StartPuzzle(t.Context(), db.PuzzleAttempt{UserID: ann.ID, Variant: "randommove", PuzzleID: pz.ID}); err != nil {
		t.Fatal(err)
	}
	msg := h.reply(h.command(ann, lobbyID, "puzzle", str("variant", "randommove")))
	if e := puzzleEmbeds(msg); !strings.Contains(e, fmt.Sprintf("%d moves to find", len(pz.Solution))) {
		t.Fatalf("the puzzle: %s", e)
	}
	for i, move := range pz.Solution {
		m := h.pzPlay(ann, msg.ID, move)
		last := i == len(pz.Solution)-1
		if last && !strings.Contains(m.Content, "solved") || !last && !strings.Contains(m.Content, "Your turn goes on") {
			t.Fatalf("after %s: %q", move, m.Content)
		}
	}
	if p, _ := h.store.PuzzlePlayerRating(t.Context(), ann.ID, "randommove"); p.Solved != 1 || p.Rating <= db.StartRating {
		t.Fatalf("rating after the solve: %+v", p)
	}
}

// allSolverMoves says whether every move of p's solution is the solver's.
func allSolverMoves(t *testing.T, p *puzzles.Puzzle) bool {
	solver, err := p.Solver()
	if err != nil {
		t.Fatal(err)
	}
	for i := range p.Solution {
		if g, err := p.At(i); err != nil || g.Turn().Player != solver {
			return false
		}
	}
	return true
}

// TestPuzzleTwoMovesTypedAndRatedOnFirstAttempts: a chess puzzle of two
// solver moves solved by typing both moves with /puzzle answer (the reply
// between them played by the bot). Each player's first attempt moves the
// puzzle's own rating (ann's solve lowers it, bob's failure raises it
// again) and the player's; ann's second attempt of the same puzzle moves
// neither.
func TestPuzzleTwoMovesTypedAndRatedOnFirstAttempts(t *testing.T) {
	h := newHarness(t)
	ctx := t.Context()
	set, err := puzzles.Load("chess")
	if err != nil {
		t.Fatal(err)
	}
	var pz *puzzles.Puzzle
	for i := range set.Puzzles {
		if p := &set.Puzzles[i]; len(p.Solution) == 3 && !allSolverMoves(t, p) {
			pz = p
			break
		}
	}
	if pz == nil {
		t.Fatal("no chess puzzle of two solver moves with a reply between them is shipped")
	}
	give := func(u fakediscord.User) {
		t.Helper()
		if _, _, err := h.store.StartPuzzle(ctx, db.PuzzleAttempt{UserID: u.ID, Variant: "chess", PuzzleID: pz.ID}); err != nil {
			t.Fatal(err)
		}
	}
	answer := func(u fakediscord.User, move string) string {
		t.Helper()
		return h.reply(h.command(u, lobbyID, "puzzle", str("answer", move))).Content
	}

	give(ann)
	if c := answer(ann, pz.Solution[0]); !strings.Contains(c, "✅") || strings.Contains(c, "solved") {
		t.Fatalf("the first typed move: %q", c)
	}
	if open, err := h.store.OpenPuzzle(ctx, ann.ID, "chess"); err != nil || open.Ply != 2 {
		t.Fatalf("after the first move and the reply: %+v %v", open, err)
	}
	if c := answer(ann, pz.Solution[2]); !strings.Contains(c, "solved") {
		t.Fatalf("the second typed move: %q", c)
	}
	annAfter := h.puzzleRating(ann.ID)
	afterAnn := h.ownRating(pz)
	if annAfter.Rating <= db.StartRating || annAfter.Solved != 1 || afterAnn >= float64(pz.Rating) {
		t.Fatalf("ann's solve: player %+v, puzzle %.1f (from %d)", annAfter, afterAnn, pz.Rating)
	}

	// bob's first attempt fails on a wrong first move: the puzzle rises.
	give(bob)
	g, _ := pz.At(0)
	wrong := ""
	for _, lm := range g.LegalMoves() {
		if v, err := pz.Check(0, lm.Notation); err == nil && v == puzzles.Wrong {
			wrong = lm.Notation
			break
		}
	}
	if c := answer(bob, wrong); !strings.Contains(c, "is not it") {
		t.Fatalf("bob's wrong move %s: %q", wrong, c)
	}
	afterBob := h.ownRating(pz)
	if bobAfter := h.puzzleRating(bob.ID); afterBob <= afterAnn || bobAfter.Rating >= db.StartRating {
		t.Fatalf("bob's failure: puzzle %.1f (from %.1f), bob %.1f", afterBob, afterAnn, bobAfter.Rating)
	}

	// ann again: solved, but nothing moves.
	give(ann)
	answer(ann, pz.Solution[0])
	if c := answer(ann, pz.Solution[2]); !strings.Contains(c, "solved") {
		t.Fatalf("ann's second solve: %q", c)
	}
	if again := h.puzzleRating(ann.ID); again.Rating != annAfter.Rating || again.Solved != 1 || h.ownRating(pz) != afterBob {
		t.Fatalf("a second attempt moved the ratings: ann %+v (was %.1f), puzzle %.1f (was %.1f)", again, annAfter.Rating, h.ownRating(pz), afterBob)
	}
}

// TestPuzzleAngleLineWithStoredDice: an Angle puzzle of two solver moves
// whose first move rolls the dice. The dice were rolled once, when the
// puzzle was mined, and the fate is stored with it: after the first move
// the bot tells what they did and plays on from there, with the menus
// (ann) and typed (bob) alike, the same line for both; a stale click
// again rolls nothing and changes nothing.
func TestPuzzleAngleLineWithStoredDice(t *testing.T) {
	h := newHarness(t)
	ctx := t.Context()
	set, err := puzzles.Load("angle")
	if err != nil {
		t.Fatal(err)
	}
	var pz *puzzles.Puzzle
	for i := range set.Puzzles {
		if p := &set.Puzzles[i]; len(p.Faces(0)) > 0 && p.Solvers() == 2 && !allSolverMoves(t, p) {
			pz = p
			break
		}
	}
	if pz == nil {
		t.Fatal("no Angle puzzle of two solver moves whose first move rolls is shipped")
	}
	evs, err := pz.DiceAt(0)
	if err != nil || len(evs) == 0 {
		t.Fatalf("the stored dice of %s: %v %v", pz.ID, evs, err)
	}
	fell := fmt.Sprintf("🎲 the dice fell %d and %d (%s)", evs[0].Dice[0], evs[0].Dice[1], evs[0].Square)
	give := func(u fakediscord.User) {
		t.Helper()
		if _, _, err := h.store.StartPuzzle(ctx, db.PuzzleAttempt{UserID: u.ID, Variant: "angle", PuzzleID: pz.ID}); err != nil {
			t.Fatal(err)
		}
	}

	// With the menus.
	give(ann)
	msg := h.reply(h.command(ann, lobbyID, "puzzle", str("variant", "angle")))
	if e := puzzleEmbeds(msg); !strings.Contains(e, "2 moves to find") {
		t.Fatalf("the puzzle: %s", e)
	}
	stale := menuOfMessage(msg)
	m := h.pzPlay(ann, msg.ID, pz.Solution[0])
	if !strings.Contains(m.Content, "correct") || !strings.Contains(m.Content, fell) || !strings.Contains(m.Content, "The reply") {
		t.Fatalf("after the first move: %q (want %q)", m.Content, fell)
	}
	t.Logf("after the first move: %s", m.Content)
	checkPickerPicture(t, m)
	att := h.mustAttempt(m)
	want, _ := pz.At(att.Ply)
	if v, _ := loadPuzzleView(att); v.game.Position() != want.Position() {
		t.Fatalf("the puzzle shows %s, not the stored line's %s", v.game.Position(), want.Position())
	}
	// The first position's menu clicked again: nothing is played, nothing rolled.
	g0, _ := pz.At(0)
	mv0, _ := games.MatchMove(pz.Solution[0], g0.LegalMoves())
	h.send(fakediscord.Interaction{Type: 3, User: ann, ChannelID: lobbyID, MessageID: msg.ID, CustomID: stale, Values: []string{mv0.From}})
	if a, _ := h.store.PuzzleAttemptByID(ctx, att.ID); a.Ply != att.Ply || a.State != "open" {
		t.Fatalf("a stale click moved the attempt: %+v", a)
	}
	if v, _ := loadPuzzleView(att); v.game.Position() != want.Position() {
		t.Fatalf("after a stale click the puzzle shows %s", v.game.Position())
	}
	m = h.pzPlay(ann, msg.ID, pz.Solution[att.Ply])
	if !strings.Contains(m.Content, "solved") {
		t.Fatalf("after the second move: %q", m.Content)
	}

	// Typed, by bob: the same dice, the same line.
	give(bob)
	typed := func(move string) string {
		t.Helper()
		return h.reply(h.command(bob, lobbyID, "puzzle", str("variant", "angle"), str("answer", move))).Content
	}
	if c := typed(pz.Solution[0]); !strings.Contains(c, "✅") || !strings.Contains(c, fell) {
		t.Fatalf("bob's first typed move: %q", c)
	}
	open, err := h.store.OpenPuzzle(ctx, bob.ID, "angle")
	if err != nil || open.Ply != att.Ply {
		t.Fatalf("after bob's first move: %+v %v", open, err)
	}
	if c := typed(pz.Solution[att.Ply]); !strings.Contains(c, "solved") {
		t.Fatalf("bob's second typed move: %q", c)
	}
	if p, _ := h.store.PuzzlePlayerRating(ctx, bob.ID, "angle"); p.Solved != 1 {
		t.Fatalf("bob's rating after the solve: %+v", p)
	}
}

// TestPuzzleDiceWords: what a stored roll did is told from the stored
// faces, after the move that rolled them and in the solution's line; the
// last move, judged against every roll, has none.
func TestPuzzleDiceWords(t *testing.T) {
	p := &puzzles.Puzzle{ID: "t", Variant: "angle", Position: "rnbsqksbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBSQKSBNR w KQkq - 0 1",
		Solution: []string{"e2e4", "e9e7", "d2d4"}, Dice: [][]int{{3, 2}, {6, 6}}}
	v := &puzzleView{puzzle: p, solver: games.Player1}
	if w := v.diceWords(0); w != "🎲 the dice fell 3 and 2 (e4): White's Pawn vanished into the Angle (the move entered the Angle)" {
		t.Errorf("the first move's dice: %q", w)
	}
	if w := v.diceWords(2); w != "" {
		t.Errorf("the last move's dice: %q", w)
	}
	next, replies := v.nextSolverPly(0)
	if next != 2 || !strings.Contains(replies, "🎲 the dice fell 6 and 6 (h8): empty, nothing vanished") {
		t.Errorf("after the first move: %d %q", next, replies)
	}
	if line := v.line(0); strings.Count(line, "🎲") != 2 || !strings.HasSuffix(line, "→ **Pawn d2→d4**") {
		t.Errorf("the line: %q", line)
	}
}
