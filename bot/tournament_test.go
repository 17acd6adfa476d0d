package bot

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"strings"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/bot/fakediscord"
	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/play"
)

var (
	dan = fakediscord.User{ID: "555", Name: "dan"}
	eve = fakediscord.User{ID: "666", Name: "eve"}
	fay = fakediscord.User{ID: "777", Name: "fay"}
	gus = fakediscord.User{ID: "888", Name: "gus"}
)

// noManage is a member without Manage Server (or any other permission).
const noManage = "0"

// tournament runs /tournament sub as u in the lobby, with the member's
// permissions perms ("" = all).
func (h *harness) tournament(u fakediscord.User, perms, sub string, opts ...fakediscord.Option) fakediscord.Response {
	h.t.Helper()
	return h.send(h.tournamentInteraction(u, perms, sub, opts...))
}

func (h *harness) tournamentInteraction(u fakediscord.User, perms, sub string, opts ...fakediscord.Option) fakediscord.Interaction {
	return fakediscord.Interaction{Type: 2, User: u, ChannelID: lobbyID, Name: "tournament", MemberPerms: perms,
		Options: []fakediscord.Option{{Name: sub, Type: 1, Options: opts}}}
}

// wantPublic checks that resp is a public answer containing want.
func (h *harness) wantPublic(resp fakediscord.Response, want string) fakediscord.Message {
	h.t.Helper()
	m := h.reply(resp)
	if m.Ephemeral || !strings.Contains(m.Content, want) {
		h.t.Fatalf("want a public answer containing %q, got ephemeral=%v %q", want, m.Ephemeral, m.Content)
	}
	return m
}

// embedText is a message's first embed's description.
func embedDescription(m fakediscord.Message) string {
	if len(m.Embeds) == 0 {
		return ""
	}
	d, _ := m.Embeds[0].(map[string]any)["description"].(string)
	return d
}

// decodeStandings decodes a message's standings.png and checks it is a
// real, non-empty table 800 px wide.
func decodeStandings(t *testing.T, m fakediscord.Message) {
	t.Helper()
	for _, f := range m.Files {
		if f.Name != "standings.png" {
			continue
		}
		img, err := png.Decode(bytes.NewReader(f.Data))
		if err != nil {
			t.Fatalf("standings.png does not decode: %v", err)
		}
		if w, hgt := img.Bounds().Dx(), img.Bounds().Dy(); w != 800 || hgt < 200 {
			t.Fatalf("standings.png is %d×%d", w, hgt)
		}
		colours := map[uint32]bool{}
		for y := 0; y < img.Bounds().Dy(); y += 4 {
			for x := 0; x < img.Bounds().Dx(); x += 4 {
				r, g, b, _ := img.At(x, y).RGBA()
				colours[r>>8<<16|g>>8<<8|b>>8] = true
			}
		}
		if len(colours) < 20 {
			t.Fatalf("standings.png has %d colours: empty?", len(colours))
		}
		return
	}
	t.Fatalf("message %q has no standings.png", m.Content)
}

// endRound ends every game of round still being played by a resignation
// (White on odd boards, Black on even ones), except the boards in keep.
func (h *harness) endRound(tid int64, round int, users map[string]fakediscord.User, keep ...int) {
	h.t.Helper()
	boards, err := h.store.TournamentBoards(context.Background(), tid)
	if err != nil {
		h.t.Fatal(err)
	}
	for _, bd := range boards {
		if bd.Round != round || bd.GameID == 0 || bd.Result != db.BoardPending || contains(keep, bd.Board) {
			continue
		}
		g, err := h.store.Game(context.Background(), bd.GameID)
		if err != nil || g.ThreadID == "" {
			h.t.Fatalf("round %d board %d: game %+v, %v", round, bd.Board, g, err)
		}
		who := users[bd.Black]
		if bd.Board%2 == 1 {
			who = users[bd.White]
		}
		resp := h.command(who, g.ThreadID, "resign")
		if m := h.reply(resp); m.Ephemeral {
			h.t.Fatalf("%s could not resign in round %d: %s", who.Name, round, m.Content)
		}
	}
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// roundBoards returns round's boards and checks each game has its thread
// with both players in it.
func (h *harness) roundBoards(tid int64, round int) []db.Board {
	h.t.Helper()
	all, err := h.store.TournamentBoards(context.Background(), tid)
	if err != nil {
		h.t.Fatal(err)
	}
	var out []db.Board
	for _, bd := range all {
		if bd.Round == round {
			out = append(out, bd)
		}
	}
	return out
}

func (h *harness) wantThreads(boards []db.Board) {
	h.t.Helper()
	threads := map[string]fakediscord.Channel{}
	for _, c := range h.fake.Threads() {
		threads[c.ID] = c
	}
	for _, bd := range boards {
		if bd.GameID == 0 {
			continue
		}
		g, err := h.store.Game(context.Background(), bd.GameID)
		if err != nil {
			h.t.Fatal(err)
		}
		th, ok := threads[g.ThreadID]
		if !ok || th.ParentID != lobbyID {
			h.t.Fatalf("round %d board %d: game %d has no thread (%q)", bd.Round, bd.Board, g.ID, g.ThreadID)
		}
		if len(th.Members) != 2 {
			h.t.Fatalf("round %d board %d: thread members %v", bd.Round, bd.Board, th.Members)
		}
	}
}

func (h *harness) tournamentRow(id int64) db.Tournament {
	h.t.Helper()
	t, err := h.store.Tournament(context.Background(), id)
	if err != nil {
		h.t.Fatal(err)
	}
	return t
}

// TestTournamentSevenPlayersFourRounds runs a whole Swiss tournament
// through the fake Discord: creation (organisers only), Join/Leave
// (idempotent, a duplicate delivery changes nothing), four rounds ended by
// resignations, one loss on time through the bot's clock, a withdrawal, a
// round started early by the organiser, and a crash right after a round's
// pairing was committed (stood for by afterRoundCommitted returning false,
// then a restart of the bot on the same database): the round is not paired
// again and the scheduler's repair opens its games. The standings picture
// is decoded after rounds and at the end.
func TestTournamentSevenPlayersFourRounds(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	players := []fakediscord.User{ann, bob, cat, dan, eve, fay, gus}
	users := map[string]fakediscord.User{}
	for _, u := range players {
		users[u.ID] = u
	}
	// ann and bob also play an ordinary game all along.
	ordinary := h.startGame("chess")

	// Only organisers create; mistakes are explained privately.
	h.wantEphemeral(h.tournament(bob, noManage, "create", str("variant", "chess"), integer("rounds", 4), integer("days", 1)), "Manage Server")
	h.wantEphemeral(h.tournament(ann, "", "create", str("variant", "chess"), integer("rounds", 4), integer("days", 1), str("starts", "yesterday")), "can't read the start time")
	h.wantEphemeral(h.tournament(ann, "", "create", str("variant", "chess"), integer("rounds", 4), integer("days", 4)), "not offered")
	resp := h.tournament(ann, "", "create", str("variant", "chess"), integer("rounds", 4), integer("days", 1), str("starts", "2h"))
	announce := h.wantPublic(resp, "Swiss tournament (#1)")
	const tid = 1
	if !strings.Contains(embedDescription(announce), "Entrants (0)") {
		t.Fatalf("announcement: %q", embedDescription(announce))
	}
	refused := map[string]string{"cancel": "cancel this tournament", "start_round": "start this tournament's rounds", "add_computer": "add the computer"}
	for sub, want := range refused {
		h.wantEphemeral(h.tournament(bob, noManage, sub), want)
	}

	// Everyone joins; a second Join and a twice-delivered one change nothing.
	join := func(u fakediscord.User) fakediscord.Response {
		return h.click(u, lobbyID, announce.ID, fmt.Sprintf("tjoin:%d", tid))
	}
	for _, u := range players[:6] {
		h.wantEphemeral(join(u), "You're entered in Swiss #1")
	}
	h.wantEphemeral(join(ann), "already entered")
	st := h.deliverTwice(fakediscord.Interaction{Type: 3, User: gus, ChannelID: lobbyID, MessageID: announce.ID, CustomID: "tjoin:1"})
	if st.Callbacks != 1 {
		t.Fatalf("a twice-delivered Join: %d callbacks", st.Callbacks)
	}
	h.wantEphemeral(h.click(gus, lobbyID, announce.ID, "tleave:1"), "You left Swiss #1")
	h.wantEphemeral(h.click(gus, lobbyID, announce.ID, "tleave:1"), "not entered")
	h.wantEphemeral(join(gus), "You're entered")
	if es, err := h.store.TournamentEntrants(ctx, tid); err != nil || len(es) != 7 {
		t.Fatalf("entrants: %d, %v", len(es), err)
	}
	if m, _ := h.fake.Message(announce.ID); !strings.Contains(embedDescription(m), "Entrants (7)") || !strings.Contains(embedDescription(m), "gus") {
		t.Fatalf("the announcement was not kept up to date: %q", embedDescription(m))
	}
	h.wantEphemeral(h.tournament(cat, "", "standings"), "no tournament that has started")
	h.wantEphemeral(h.tournament(cat, "", "standings", integer("id", tid)), "has not started yet")

	// Round 1 at the start time: three games and a bye, each game in its thread.
	h.bot.Tick(ctx)
	if tr := h.tournamentRow(tid); tr.Round != 0 {
		t.Fatalf("paired before the start: %+v", tr)
	}
	h.clock.Advance(2 * time.Hour)
	h.bot.Tick(ctx)
	r1 := h.roundBoards(tid, 1)
	if len(r1) != 4 || r1[3].Black != "" || r1[3].Result != db.BoardBye {
		t.Fatalf("round 1: %+v", r1)
	}
	h.wantThreads(r1)
	if m, _ := h.fake.Message(announce.ID); len(m.Components) != 0 || !strings.Contains(embedDescription(m), "Round 1 of 4") {
		t.Fatalf("after the start the announcement has buttons %v / says %q", m.Components, embedDescription(m))
	}
	h.wantEphemeral(join(dan), "already started")
	h.wantEphemeral(h.tournament(ann, "", "start_round"), "still being played")

	// Round 1 ends with two resignations and a loss on time (board 3: nobody moves).
	h.endRound(tid, 1, users, 3)
	if tr := h.tournamentRow(tid); tr.Playing != 1 {
		t.Fatalf("after two resignations: %+v", tr)
	}
	// Round 2's pairing is committed, then the process "dies" before its threads.
	afterRoundCommitted = func(int64, int) bool { return false }
	t.Cleanup(func() { afterRoundCommitted = func(int64, int) bool { return true } })
	h.clock.Advance(25 * time.Hour)
	h.bot.Tick(ctx)
	if r1 = h.roundBoards(tid, 1); r1[2].Result != db.BoardBlackWins {
		t.Fatalf("board 3 of round 1 was not lost on time by White: %+v", r1[2])
	}
	if g, _ := h.store.Game(ctx, r1[2].GameID); g.Reason != "time" {
		t.Fatalf("round 1 board 3 ended by %q", g.Reason)
	}
	r2 := h.roundBoards(tid, 2)
	if len(r2) != 4 {
		t.Fatalf("round 2: %+v", r2)
	}
	for _, bd := range r2 {
		if g, _ := h.store.Game(ctx, bd.GameID); bd.GameID != 0 && g.ThreadID != "" {
			t.Fatalf("round 2's threads were opened despite the crash: %+v", g)
		}
	}
	afterRoundCommitted = func(int64, int) bool { return true }
	h.restart(games.Seeded(2))
	h.bot.Tick(ctx) // too early for the repair; nothing is paired again
	h.clock.Advance(openingGrace + time.Minute)
	h.bot.Tick(ctx)
	if again := h.roundBoards(tid, 2); fmt.Sprint(again) != fmt.Sprint(r2) || h.tournamentRow(tid).Round != 2 {
		t.Fatalf("round 2 changed after the restart: %+v, was %+v", again, r2)
	}
	h.wantThreads(r2)

	// fay withdraws during round 2: her game is forfeited, she is not paired again.
	h.wantEphemeral(h.tournament(fay, "", "withdraw", integer("id", 7)), "no tournament #7")
	h.wantPublic(h.tournament(fay, "", "withdraw"), "withdrew from Swiss #1")
	h.wantEphemeral(h.tournament(fay, "", "withdraw"), "no open or running tournament you are entered in")
	h.wantEphemeral(h.tournament(fay, "", "withdraw", integer("id", tid)), "not entered in Swiss #1")
	var fayBoard db.Board
	for _, bd := range h.roundBoards(tid, 2) {
		if bd.White == fay.ID || bd.Black == fay.ID {
			fayBoard = bd
		}
	}
	if fayBoard.GameID != 0 && fayBoard.Result != map[bool]string{true: db.BoardBlackForfeit, false: db.BoardWhiteForfeit}[fayBoard.White == fay.ID] {
		t.Fatalf("fay's game after her withdrawal: %+v", fayBoard)
	}
	// The forfeit ended the game as every ending does (play's Ended): its
	// result is posted in its thread.
	if row, _ := h.store.Game(ctx, fayBoard.GameID); fayBoard.GameID != 0 && row.ThreadID != "" {
		said := false
		for _, m := range h.fake.Messages(row.ThreadID) {
			said = said || strings.Contains(m.Content, "forfeit (the opponent withdrew from the tournament)")
		}
		if !said || row.State != "finished" {
			t.Fatalf("fay's forfeited game (%s) was not announced in its thread", row.State)
		}
	}
	h.endRound(tid, 2, users)
	h.bot.Tick(ctx)
	r3 := h.roundBoards(tid, 3)
	if len(r3) != 3 {
		t.Fatalf("round 3 of six present players: %+v", r3)
	}
	for _, bd := range r3 {
		if bd.White == fay.ID || bd.Black == fay.ID {
			t.Fatalf("fay was paired after withdrawing: %+v", bd)
		}
	}
	h.wantThreads(r3)

	// Round 3 ends; the organiser starts round 4 at once, and the next tick finds nothing more to pair.
	h.endRound(tid, 3, users)
	h.wantPublic(h.tournament(ann, "", "start_round"), "started round 4 of Swiss #1")
	h.bot.Tick(ctx)
	r4 := h.roundBoards(tid, 4)
	if len(r4) != 3 || h.tournamentRow(tid).Round != 4 {
		t.Fatalf("round 4: %+v", r4)
	}
	h.wantThreads(r4)
	h.wantPublic(h.tournament(cat, "", "standings"), "after round 3 of 4")

	// The last round ends: the final table and the winner.
	h.endRound(tid, 4, users)
	h.bot.Tick(ctx)
	if tr := h.tournamentRow(tid); tr.State != "finished" {
		t.Fatalf("after round 4: %+v", tr)
	}
	var tables []fakediscord.Message
	var final fakediscord.Message
	for _, m := range h.fake.Messages(lobbyID) {
		for _, f := range m.Files {
			if f.Name == "standings.png" {
				tables = append(tables, m)
			}
		}
		if strings.Contains(m.Content, "Swiss #1 · Chess is over") {
			final = m
		}
	}
	// Rounds 2 (posted after the crash, by the restarted bot), 3 and 4, cat's
	// /tournament standings, and the end.
	if len(tables) != 5 || !strings.Contains(final.Content, "Winner:") {
		t.Fatalf("%d standings posts; final %q", len(tables), final.Content)
	}
	for _, m := range tables {
		decodeStandings(t, m)
	}
	decodeStandings(t, h.wantPublic(h.tournament(dan, "", "standings"), "final standings"))

	// Every board has its result; the points add up to one per board.
	entrants, _ := h.store.TournamentEntrants(ctx, tid)
	boards, _ := h.store.TournamentBoards(ctx, tid)
	_, ranked, err := play.Standings(h.tournamentRow(tid), entrants, boards)
	if err != nil {
		t.Fatal(err)
	}
	total := 0.0
	for _, s := range ranked {
		total += s.Points
	}
	for _, bd := range boards {
		if bd.Result == db.BoardPending || bd.Result == db.BoardVoid {
			t.Fatalf("board left without a result: %+v", bd)
		}
	}
	if total != float64(len(boards)) {
		t.Fatalf("%.1f points for %d boards", total, len(boards))
	}
	h.wantEphemeral(h.tournament(ann, "", "cancel", integer("id", tid)), "is over")
	if g, err := h.store.GameByThread(ctx, ordinary); err != nil || g.State != "active" {
		t.Fatalf("the ordinary game alongside: %+v, %v", g, err)
	}
	list := h.reply(h.tournament(bob, noManage, "list"))
	if !list.Ephemeral || !strings.Contains(list.Content, "**Finished**\n**#1** Chess") {
		t.Fatalf("list: %q", list.Content)
	}
}
