package bot

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/play"
	"github.com/bermudachess/bermuda/render"
)

// A tournament's rounds. The scheduler asks the store for the tournaments
// with work (their start came, or a round's last game ended: one indexed
// query) and advances each; an organiser's /tournament start_round does
// the same at once. Every step is claimed in the database on the
// tournament's version, so a restart or several replicas never pair a
// round twice: the round's games are committed with the claim, then the
// round's pairings are posted (claimed once per round in the database),
// then its threads are opened. A crash after the commit leaves games
// without threads, which the scheduler's repair of cut-short openings
// (unopened.go) opens in the tournament's channel, and perhaps a round
// never announced, which the scheduler announces (announceLostRounds).

// afterRoundCommitted runs between a round's commit and the opening of
// its threads. Tests make it return false to stand for a process killed
// at that point; in production it always returns true.
var afterRoundCommitted = func(tournamentID int64, round int) bool { return true }

// dueTournaments advances every tournament that has work now
// (play.DueTournaments) and shows what it did.
func (b *Bot) dueTournaments(ctx context.Context, now time.Time) {
	b.announceLostRounds(ctx)
	b.play.DueTournaments(ctx, now, func(a play.Advanced) { b.showAdvance(ctx, a) })
}

// advanceTournament has package play do what t needs next (start, pair
// the next round, or finish), then shows it and says what it did; "" if
// nothing (another process did it, or games are still being played).
func (b *Bot) advanceTournament(ctx context.Context, t db.Tournament) (string, error) {
	a, err := b.play.AdvanceTournament(ctx, t)
	if err != nil {
		return "", err
	}
	return b.showAdvance(ctx, a), nil
}

// showAdvance shows a tournament's step and says what it did ("" if
// nothing).
func (b *Bot) showAdvance(ctx context.Context, a play.Advanced) string {
	t := a.Tournament
	switch a.Step {
	case play.StepCancel:
		text := fmt.Sprintf("🛑 Swiss #%d (%s) was cancelled: it needs at least two players and had %d at its start.",
			t.ID, variantName(t.Variant), len(a.Entrants))
		b.sendText(t.ChannelID, text, noPings)
		b.refreshAnnouncement(ctx, t.ID)
		return text
	case play.StepFinish:
		why := ""
		if a.NoPairing {
			why = "No legal pairing remained (everyone left has met), so it ends early."
		}
		text, err := b.finishTournament(ctx, t, a.Entrants, why)
		if err != nil {
			b.log.Error("posting a tournament's final standings", "tournament", t.ID, "err", err)
		}
		return text
	case play.StepPair:
		if !afterRoundCommitted(t.ID, t.Round) {
			return ""
		}
		names := entrantNames(a.Entrants)
		text := roundText(t, a.Boards, names)
		b.announceRound(ctx, t, text)
		for _, g := range a.Games {
			b.openBoardGame(ctx, t, g, names)
		}
		b.refreshAnnouncement(ctx, t.ID)
		return text
	}
	return ""
}

// announceRound posts t's current round's pairings (text), with the
// standings after the round before, if this process claims the post; it
// reports whether it did.
func (b *Bot) announceRound(ctx context.Context, t db.Tournament, text string) bool {
	ok, err := b.store.ClaimRoundAnnouncement(ctx, t.ID, t.Round)
	if err != nil {
		b.log.Error("claiming a round's announcement", "tournament", t.ID, "round", t.Round, "err", err)
	}
	if ok {
		b.postTournamentTable(ctx, t, text, t.Round > 1)
	}
	return ok
}

// announceLostRounds posts each round whose pairings were committed but
// never announced (play.LostRounds): once, claimed like the post it
// stands for.
func (b *Bot) announceLostRounds(ctx context.Context) {
	for _, a := range b.play.LostRounds(ctx) {
		b.log.Warn("a round's announcement was lost; posting it now", "tournament", a.Tournament.ID, "round", a.Tournament.Round)
		if b.announceRound(ctx, a.Tournament, roundText(a.Tournament, a.Boards, entrantNames(a.Entrants))) {
			b.refreshAnnouncement(ctx, a.Tournament.ID) // "round N under way", which the crash may also have cut
		}
	}
}

func entrantNames(entrants []db.Entrant) map[string]string {
	names := map[string]string{}
	for _, e := range entrants {
		names[e.UserID] = e.Name
	}
	return names
}

// roundText lists a new round's boards.
func roundText(t db.Tournament, boards []db.Board, names map[string]string) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "🏆 **Swiss #%d · %s — round %d of %d** is paired:", t.ID, variantName(t.Variant), t.Round, t.Rounds)
	for _, bd := range boards {
		if bd.Black == "" {
			fmt.Fprintf(&sb, "\nBye (1 point): %s", mention(bd.White))
			continue
		}
		fmt.Fprintf(&sb, "\nBoard %d: %s – %s", bd.Board, mention(bd.White), mention(bd.Black))
	}
	if t.Round > 1 {
		sb.WriteString("\nStandings after the last round are attached.")
	}
	return sb.String()
}

// openBoardGame opens a newly paired game: held (locked) like an
// accepted challenge's game until its opening posts are out.
func (b *Bot) openBoardGame(ctx context.Context, t db.Tournament, g play.BoardGame, names map[string]string) {
	s := b.play.Hold(g.Row, g.Game)
	defer s.Unlock()
	if !b.openTournamentThread(ctx, s, t, g.Board, names, g.Events, false) {
		b.play.Forget(g.Row.ID) // left without a thread: the scheduler's repair opens it later
	}
}

// reopenBoardGame finishes a tournament game's cut-short opening (from
// unopened.go, under the game's lock). It reports false if it cannot.
func (b *Bot) reopenBoardGame(ctx context.Context, s *session, bd db.Board) bool {
	t, err := b.store.Tournament(ctx, bd.TournamentID)
	if err != nil {
		return false
	}
	entrants, err := b.store.TournamentEntrants(ctx, t.ID)
	if err != nil {
		return false
	}
	return b.openTournamentThread(ctx, s, t, bd, entrantNames(entrants), nil, true)
}

// openTournamentThread announces the board in the tournament's channel,
// mentioning both players, starts the game's thread from that message and
// claims it for the game (so of a normal opening and a repair, or two
// replicas, one posts the opening), then posts the opening as an accepted
// challenge's game does. The caller holds s.
func (b *Bot) openTournamentThread(ctx context.Context, s *session, t db.Tournament, bd db.Board, names map[string]string, events []games.Event, repair bool) bool {
	row := s.Row
	var humans []string
	for _, p := range row.Players {
		if p != b.selfID() {
			humans = append(humans, p)
		}
	}
	roles := s.Game.Roles()
	text := fmt.Sprintf("♟️ **Swiss #%d · round %d, board %d** (%s): %s (%s) vs %s (%s) — %s per move. Good luck!",
		t.ID, bd.Round, bd.Board, variantName(t.Variant), mention(row.Players[0]), roles[0], mention(row.Players[1]), roles[1], plural(row.Days, "day"))
	msg, err := b.dc.Send(t.ChannelID, &discordgo.MessageSend{Content: text, AllowedMentions: pingOnly(humans...)})
	if err != nil {
		b.log.Warn("announcing a tournament game failed", "game", s.ID, "err", err)
		return false
	}
	name := fmt.Sprintf("Swiss #%d R%d · %s vs %s", t.ID, bd.Round, names[row.Players[0]], names[row.Players[1]])
	threadID := msg.ID
	if th, err := b.dc.StartThread(t.ChannelID, msg.ID, truncate(name, 100)); err == nil {
		threadID = th.ID
	} else if discordCode(err) != 160004 { // 160004: the thread exists already
		b.log.Warn("opening a tournament game's thread failed", "game", s.ID, "err", err)
		return false
	}
	claimed, err := b.store.ClaimGameThread(ctx, s.ID, threadID)
	if err != nil || !claimed {
		s.Game = nil // opened elsewhere meanwhile: reloaded when needed
		return true
	}
	s.Row.ThreadID = threadID
	for _, p := range humans {
		if err := b.dc.AddThreadMember(threadID, p); err != nil {
			b.log.Warn("adding a thread member failed", "thread", threadID, "user", p, "err", err)
		}
	}
	if repair {
		b.log.Warn("tournament game opening was cut short; finished by the scheduler", "game", s.ID, "thread", threadID)
		b.sendText(threadID, "⚠️ I was interrupted while opening this game; it is ready now and nothing was played yet.", noPings)
	}
	b.postOpening(s.Row, s.Game, events)
	b.noticeTurn(s.Row, s.Game, "", "") // a DM to the first player, if they chose it (notify.go)
	if b.computerToAct(s.Row, s.Game) {
		b.opponent().Due(s.ID) // it waits for the game, held until we return
	}
	return true
}

// finishTournament posts the final table of t, which package play closed
// after its last round (or early, with why), with the winner.
func (b *Bot) finishTournament(ctx context.Context, t db.Tournament, entrants []db.Entrant, why string) (string, error) {
	boards, err := b.store.TournamentBoards(ctx, t.ID)
	if err != nil {
		return "", err
	}
	_, ranked, err := play.Standings(t, entrants, boards)
	if err != nil {
		return "", err
	}
	names := entrantNames(entrants)
	var winners []string
	for _, s := range ranked {
		if s.Rank == 1 {
			winners = append(winners, "**"+names[s.ID]+"**")
		}
	}
	text := fmt.Sprintf("🏆 **Swiss #%d · %s is over** after %s.", t.ID, variantName(t.Variant), plural(t.Round, "round"))
	if why != "" {
		text += " " + why
	}
	if len(ranked) > 0 {
		text += fmt.Sprintf("\nWinner: %s with %s points. Final standings attached.", joinAnd(winners), scoreText(ranked[0].Points))
	}
	b.postTournamentTable(ctx, t, text, true)
	b.refreshAnnouncement(ctx, t.ID)
	return text, nil
}

func scoreText(p float64) string { return strings.TrimSuffix(fmt.Sprintf("%.1f", p), ".0") }

// postTournamentTable posts text in the tournament's channel, with the
// standings picture when withTable.
func (b *Bot) postTournamentTable(ctx context.Context, t db.Tournament, text string, withTable bool) {
	msg := &discordgo.MessageSend{Content: truncate(text, 2000), AllowedMentions: noPings} // many boards: Discord's limit
	if withTable {
		if png, _, alt, err := b.standingsPNG(ctx, t); err == nil {
			msg.Files = []*discordgo.File{pngFile("standings.png", png, alt)}
		} else {
			b.log.Error("drawing a tournament's standings", "tournament", t.ID, "err", err)
		}
	}
	b.send(t.ChannelID, msg)
}

// standingsPNG draws the table; title is the picture's title, which a
// message beside it repeats, and alt the picture in words (its title and
// the first three places with their points).
func (b *Bot) standingsPNG(ctx context.Context, t db.Tournament) (png []byte, title, alt string, err error) {
	entrants, err := b.store.TournamentEntrants(ctx, t.ID)
	if err != nil {
		return nil, "", "", err
	}
	boards, err := b.store.TournamentBoards(ctx, t.ID)
	if err != nil {
		return nil, "", "", err
	}
	table, _, err := play.Standings(t, entrants, boards)
	if err != nil {
		return nil, "", "", err
	}
	drawing <- struct{}{}
	defer func() { <-drawing }()
	png, err = render.Standings(table)
	return png, table.Title, standingsAlt(table), err
}

// standingsAlt is the standings picture in words.
func standingsAlt(table render.StandingsTable) string {
	var places []string
	for i, row := range table.Rows {
		if i == 3 {
			break
		}
		places = append(places, fmt.Sprintf("%d. %s, %s", row.Rank, row.Name, pointsText(row.Points)))
	}
	text := "Standings table: " + table.Title + "."
	if len(places) > 0 {
		text += " Top three: " + strings.Join(places, "; ") + "."
	}
	return text
}

// pointsText is a score in points: "1 point", "1.5 points", "0 points".
func pointsText(p float64) string {
	if p == 1 {
		return "1 point"
	}
	return scoreText(p) + " points"
}

func (b *Bot) tournamentStandings(ctx context.Context, r *request) error {
	t, err := b.pickTournamentBy(ctx, r, "tournament that has started", func(t db.Tournament) bool { return t.Round > 0 })
	if err != nil {
		return err
	}
	if t.Round == 0 {
		return userErrorf("Swiss #%d has not started yet: its first round is paired <t:%d:R>.", t.ID, t.StartsAt.Unix())
	}
	r.deferPublic() // drawing takes a moment
	png, text, alt, err := b.standingsPNG(ctx, t)
	if err != nil {
		return fmt.Errorf("drawing the standings: %w", err)
	}
	files := []*discordgo.File{pngFile("standings.png", png, alt)}
	if r.deferred {
		_, err = b.dc.EditOriginal(r.i, &discordgo.WebhookEdit{Content: &text, Files: files, AllowedMentions: noPings})
		return err
	}
	return r.respond(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: &discordgo.InteractionResponseData{
		Content: text, Files: files, AllowedMentions: noPings}})
}
