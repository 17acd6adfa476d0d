package bot

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/bot/fakediscord"
	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
)

// A member of the server's tournament role organises without Manage
// Server; the computer, added by the organiser, plays its games (unrated)
// and can win the tournament.
func TestTournamentRoleAndComputerEntrant(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	h.bot.opponent().SetLimits(quickComputer)
	h.wantEphemeral(h.send(fakediscord.Interaction{Type: 2, User: dan, ChannelID: lobbyID, Name: "settings", MemberPerms: noManage,
		Options: []fakediscord.Option{{Name: "tournament_role", Type: 8, Value: "role9"}}}), "Manage Server")
	h.wantEphemeral(h.command(ann, lobbyID, "settings", fakediscord.Option{Name: "tournament_role", Type: 8, Value: "role9"}), "<@&role9> can now run tournaments")

	create := h.tournamentInteraction(dan, noManage, "create", str("variant", "chess"), integer("rounds", 1), integer("days", 2),
		str("starts", "1h"), fakediscord.Option{Name: "rated", Type: 5, Value: false})
	create.Roles = []string{"role9"}
	announce := h.wantPublic(h.send(create), "Swiss tournament (#1)")
	if !strings.Contains(embedDescription(announce), "unrated") {
		t.Fatalf("an unrated tournament's announcement: %q", embedDescription(announce))
	}
	// dan organises this one without the role too (its creator); cat does not.
	h.wantEphemeral(h.tournament(cat, noManage, "add_computer"), "Only <@555>, who organises it")
	h.wantEphemeral(h.tournament(dan, noManage, "add_computer", integer("level", 9)), "levels 1 (beginner) to 5")
	h.wantEphemeral(h.tournament(dan, noManage, "add_computer", integer("level", 1)), "computer (level 1 (beginner)) is entered")
	h.wantEphemeral(h.tournament(dan, noManage, "add_computer", integer("level", 1)), "already entered")
	h.wantEphemeral(h.click(cat, lobbyID, announce.ID, "tjoin:1"), "You're entered")
	if m, _ := h.fake.Message(announce.ID); !strings.Contains(embedDescription(m), "Computer (level 1), cat") {
		t.Fatalf("entrants shown: %q", embedDescription(m))
	}

	h.clock.Advance(time.Hour)
	h.bot.Tick(ctx)
	h.settle()
	boards := h.roundBoards(1, 1)
	if len(boards) != 1 || boards[0].GameID == 0 {
		t.Fatalf("round 1: %+v", boards)
	}
	g, err := h.store.Game(ctx, boards[0].GameID)
	if err != nil || g.ComputerLevel != 1 || g.ThreadID == "" {
		t.Fatalf("the computer's game: %+v, %v", g, err)
	}
	if g.Players[0] == h.fake.BotID && g.Ply == 0 {
		t.Fatalf("the computer has White and never moved: %+v", g)
	}
	h.wantPublic(h.command(cat, g.ThreadID, "resign"), "resigned")
	h.bot.Tick(ctx)
	tr := h.tournamentRow(1)
	if tr.State != "finished" {
		t.Fatalf("after its only round: %+v", tr)
	}
	var final string
	for _, m := range h.fake.Messages(lobbyID) {
		if strings.Contains(m.Content, "is over") {
			final = m.Content
		}
	}
	if !strings.Contains(final, "Winner: **Computer (level 1)**") {
		t.Fatalf("final post: %q", final)
	}
	if rs, _ := h.store.PlayerRatings(ctx, h.fake.GuildID, cat.ID); len(rs) != 0 {
		t.Fatalf("cat was rated against the computer: %+v", rs)
	}
}

// Too few entrants at the start: cancelled, said in the channel.
func TestTournamentWithOneEntrantIsCancelledAtItsStart(t *testing.T) {
	h := newHarness(t)
	announce := h.wantPublic(h.tournament(ann, "", "create", str("variant", "bede"), integer("rounds", 3), integer("days", 3)), "Swiss tournament (#1)")
	h.wantEphemeral(h.click(bob, lobbyID, announce.ID, "tjoin:1"), "You're entered")
	h.wantEphemeral(h.tournament(ann, "", "start_round"), "needs at least two entrants to start; it has 1")
	h.clock.Advance(24 * time.Hour)
	h.bot.Tick(context.Background())
	if tr := h.tournamentRow(1); tr.State != "cancelled" {
		t.Fatalf("a tournament of one: %+v", tr)
	}
	msgs := h.fake.Messages(lobbyID)
	if last := msgs[len(msgs)-1]; !strings.Contains(last.Content, "needs at least two players and had 1") {
		t.Fatalf("last post: %q", last.Content)
	}
	h.wantEphemeral(h.click(cat, lobbyID, announce.ID, "tjoin:1"), "was cancelled")
}

func TestTournamentStartTimes(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	for text, want := range map[string]time.Time{
		"":                          now.Add(24 * time.Hour),
		"90m":                       now.Add(90 * time.Minute),
		"2h":                        now.Add(2 * time.Hour),
		"3d":                        now.Add(72 * time.Hour),
		"2026-03-05T18:00":          time.Date(2026, 3, 5, 18, 0, 0, 0, time.UTC),
		"2026-03-05 18:00":          time.Date(2026, 3, 5, 18, 0, 0, 0, time.UTC),
		"2026-03-05T18:00:00+02:00": time.Date(2026, 3, 5, 16, 0, 0, 0, time.UTC),
		"2026-03-05":                time.Date(2026, 3, 5, 0, 0, 0, 0, time.UTC),
		"2026-03-05t18:00+02:00":    time.Date(2026, 3, 5, 16, 0, 0, 0, time.UTC),
	} {
		got, err := parseStart(text, now)
		if err != nil || !got.Equal(want) {
			t.Errorf("parseStart(%q) = %v, %v; want %v", text, got, err, want)
		}
	}
	for text, why := range map[string]string{"tomorrow": "can't read", "2026-02-01T10:00": "already passed", "90d": "60 days", "0h": "already passed"} {
		if _, err := parseStart(text, now); err == nil || !strings.Contains(err.Error(), why) {
			t.Errorf("parseStart(%q): %v, want %q", text, err, why)
		}
	}
}

// Two replicas (two bots, each with its own handle on the database, one
// Discord) tick at the same moment: the round is paired once, its games
// opened once, its post made once.
func TestTournamentTwoReplicasPairTheRoundOnce(t *testing.T) {
	h := newHarness(t)
	announce := h.wantPublic(h.tournament(ann, "", "create", str("variant", "chess"), integer("rounds", 2), integer("days", 2), str("starts", "3h")), "Swiss tournament (#1)")
	for _, u := range []fakediscord.User{ann, bob, cat, dan, eve} {
		h.wantEphemeral(h.click(u, lobbyID, announce.ID, "tjoin:1"), "You're entered")
	}
	store2, err := db.Open(h.dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer store2.Close()
	replica := New(Options{Store: store2, Discord: h.bot.dc, Log: h.bot.log, DefaultDays: 3})
	replica.Now, replica.Roller = h.clock.Now, games.Seeded(9)
	replica.SetSelfID(h.fake.BotID)
	defer replica.Drain(10 * time.Second)

	h.clock.Advance(3 * time.Hour)
	before := len(h.fake.Threads())
	done := make(chan struct{})
	go func() { replica.Tick(context.Background()); close(done) }()
	h.bot.Tick(context.Background())
	<-done
	boards := h.roundBoards(1, 1)
	if len(boards) != 3 || h.tournamentRow(1).Round != 1 {
		t.Fatalf("round 1 after two ticks at once: %+v", boards)
	}
	if made := len(h.fake.Threads()) - before; made != 2 {
		t.Fatalf("%d threads for 2 games", made)
	}
	h.wantThreads(boards)
	posts := 0
	for _, m := range h.fake.Messages(lobbyID) {
		if strings.Contains(m.Content, "round 1 of 2** is paired") {
			posts++
		}
	}
	if posts != 1 {
		t.Fatalf("%d posts of round 1's pairings", posts)
	}
}
