package bot

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
)

// /tournament: a server's own Swiss tournament, one variant, at
// correspondence pace. Organisers (Manage Server, the server's tournament
// role, or the tournament's creator) create, cancel and start rounds;
// anyone joins and leaves with the announcement's buttons until the start.
// Rounds, pairings and results live in the database (db/tournaments.go);
// what to pair is package swiss's, what a tournament needs next package
// play's (AdvanceTournament, Withdraw, Standings); entries are in
// tournament_entries.go, and rounds are started by the scheduler
// (tournament_rounds.go).

const (
	maxTournamentRounds = 20
	maxStartAhead       = 60 * 24 * time.Hour
)

func (b *Bot) cmdTournament(ctx context.Context, r *request) error {
	if r.i.GuildID == "" {
		return userErrorf("Tournaments belong to a server: use this in a server channel.")
	}
	switch sub := r.subcommand(); sub {
	case "create":
		return b.tournamentCreate(ctx, r)
	case "standings":
		return b.tournamentStandings(ctx, r)
	case "withdraw":
		return b.tournamentWithdraw(ctx, r)
	case "cancel":
		return b.tournamentCancel(ctx, r)
	case "list":
		return b.tournamentList(ctx, r)
	case "start_round":
		return b.tournamentStartRound(ctx, r)
	case "add_computer":
		return b.tournamentAddComputer(ctx, r)
	default:
		return userErrorf("Unknown `/tournament %s`: use create, standings, withdraw, cancel, list, start_round or add_computer.", sub)
	}
}

// subcommand is the name of the subcommand used ("" if none).
func (r *request) subcommand() string {
	if r.i.Type != discordgo.InteractionApplicationCommand {
		return ""
	}
	if opts := r.i.ApplicationCommandData().Options; len(opts) == 1 && opts[0].Type == discordgo.ApplicationCommandOptionSubCommand {
		return opts[0].Name
	}
	return ""
}

// mayOrganise: server managers and members of the server's tournament
// role run tournaments; a tournament's creator also runs their own (t may
// be nil when creating).
func (b *Bot) mayOrganise(ctx context.Context, r *request, t *db.Tournament) (bool, error) {
	if t != nil && t.OrganiserID == r.userID() {
		return true, nil
	}
	m := r.i.Member
	if m == nil {
		return false, nil
	}
	if m.Permissions&discordgo.PermissionManageGuild != 0 {
		return true, nil
	}
	set, err := b.store.Settings(ctx, r.i.GuildID)
	if err != nil {
		return false, err
	}
	return set.TournamentRole != "" && slices.Contains(m.Roles, set.TournamentRole), nil
}

func (b *Bot) needOrganiser(ctx context.Context, r *request, t *db.Tournament, what string) error {
	ok, err := b.mayOrganise(ctx, r, t)
	if err != nil || ok {
		return err
	}
	who := "members with **Manage Server** or the server's tournament role (`/settings tournament_role`)"
	if t != nil {
		who = mention(t.OrganiserID) + ", who organises it, and " + who
	}
	return userErrorf("Only %s can %s.", who, what)
}

var relativeStart = regexp.MustCompile(`^(\d{1,4})\s*(m|min|h|d)$`)

// parseStart reads /tournament create's start: empty is in 24 hours;
// "90m", "2h", "3d" from now; or an ISO date-time (UTC unless it carries
// an offset). It must lie in the future and within 60 days.
func parseStart(text string, now time.Time) (time.Time, error) {
	if strings.TrimSpace(text) == "" {
		return now.Add(24 * time.Hour), nil
	}
	at, err := parseWhen(text, now)
	if err != nil {
		return at, err
	}
	switch {
	case !at.After(now):
		return at, userErrorf("The start time <t:%d:f> has already passed: choose a time in the future.", at.Unix())
	case at.Sub(now) > maxStartAhead:
		return at, userErrorf("A tournament can be announced at most 60 days ahead; <t:%d:f> is further.", at.Unix())
	}
	return at, nil
}

// parseWhen reads an instant as /tournament create's start and /vacation
// start's from are written: "90m", "2h", "3d" from now, or an ISO
// date-time (UTC unless it carries an offset). The caller judges it.
func parseWhen(text string, now time.Time) (time.Time, error) {
	text = strings.TrimSpace(text)
	var at time.Time
	if m := relativeStart.FindStringSubmatch(strings.ToLower(text)); m != nil {
		n, _ := strconv.Atoi(m[1])
		unit := map[string]time.Duration{"m": time.Minute, "min": time.Minute, "h": time.Hour, "d": 24 * time.Hour}[m[2]]
		at = now.Add(time.Duration(n) * unit)
	} else {
		iso := strings.ToUpper(text) // 't' and 'z' as Discord users may type them
		for _, layout := range []string{time.RFC3339, "2006-01-02T15:04Z07:00", "2006-01-02T15:04:05", "2006-01-02T15:04", "2006-01-02 15:04", "2006-01-02"} {
			if t, err := time.Parse(layout, iso); err == nil {
				at = t
				break
			}
		}
		if at.IsZero() {
			return at, userErrorf("I can't read the start time %q. Write it as `2h` or `3d` from now, or as an ISO date-time such as `2026-05-01T18:00` (UTC) or `2026-05-01T18:00+02:00`.", text)
		}
	}
	return at, nil
}

func (b *Bot) tournamentCreate(ctx context.Context, r *request) error {
	if err := b.needOrganiser(ctx, r, nil, "create tournaments"); err != nil {
		return err
	}
	if _, err := b.store.GameByThread(ctx, r.i.ChannelID); err == nil {
		return userErrorf("Create tournaments in a normal text channel: each game gets its own thread from there.")
	}
	v, err := games.Lookup(r.stringOption("variant"))
	if err != nil {
		return userErrorf("Unknown variant. Pick one from the list: %s.", variantList())
	}
	rounds := r.intOption("rounds")
	if rounds < 1 || rounds > maxTournamentRounds {
		return userErrorf("A tournament has 1 to %d rounds; %d is not possible.", maxTournamentRounds, rounds)
	}
	days := r.intOption("days")
	if !validDays(days) {
		return userErrorf("%d days per move is not offered; choose one of %s.", days, daysList())
	}
	now := b.Now()
	starts, err := parseStart(r.stringOption("starts"), now)
	if err != nil {
		return err
	}
	if err := r.needPerms(threadPerms...); err != nil {
		return err
	}
	if err := b.store.UpsertPlayer(ctx, r.userID(), r.userName()); err != nil {
		return err
	}
	t := db.Tournament{GuildID: r.i.GuildID, ChannelID: r.i.ChannelID, OrganiserID: r.userID(), Variant: v.ID,
		Rounds: rounds, Days: days, Rated: r.option("rated") == nil || r.boolOption("rated"), State: "open", StartsAt: starts}
	if t.ID, err = b.store.CreateTournament(ctx, t); err != nil {
		return err
	}
	content, embeds, buttons := announcement(t, nil)
	resp := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: &discordgo.InteractionResponseData{
		Content: content, Embeds: embeds, Components: buttons, AllowedMentions: noPings}}
	if err := r.respond(resp); err != nil {
		b.store.CancelTournament(ctx, t.ID) // nobody saw it
		return err
	}
	if msg, err := b.dc.Original(r.i); err == nil {
		b.store.SetTournamentMessage(ctx, t.ID, msg.ID)
	} else {
		b.log.Warn("could not read the tournament announcement's id", "tournament", t.ID, "err", err)
	}
	return nil
}

// announcement is the tournament's message: what, when, who has entered,
// and Join/Leave while entries are open.
func announcement(t db.Tournament, entrants []db.Entrant) (string, []*discordgo.MessageEmbed, []discordgo.MessageComponent) {
	rated := "rated (its games count as ordinary rated games)"
	if !t.Rated {
		rated = "unrated"
	}
	var names []string
	for _, e := range entrants {
		n := e.Name
		if e.Withdrawn {
			n = "~~" + n + "~~"
		}
		names = append(names, n)
	}
	list := "nobody yet"
	if len(names) > 0 {
		list = strings.Join(names, ", ")
	}
	var status string
	switch t.State {
	case "open":
		status = fmt.Sprintf("Starts <t:%d:F> (<t:%d:R>). Press **Join** to enter, **Leave** to drop out before the start.", t.StartsAt.Unix(), t.StartsAt.Unix())
	case "running":
		status = fmt.Sprintf("Round %d of %d is under way. `/tournament standings id:%d` shows the table.", t.Round, t.Rounds, t.ID)
	case "finished":
		status = fmt.Sprintf("Finished after %s. `/tournament standings id:%d` shows the final table.", plural(t.Round, "round"), t.ID)
	case "cancelled":
		status = "Cancelled."
	}
	desc := fmt.Sprintf("Swiss system, %s, %s per move, %s. Organiser: %s.\n%s\n\n**Entrants (%d):** %s",
		plural(t.Rounds, "round"), plural(t.Days, "day"), rated, mention(t.OrganiserID), status, len(entrants), list)
	embeds := []*discordgo.MessageEmbed{{Title: fmt.Sprintf("🏆 Swiss #%d · %s", t.ID, variantName(t.Variant)),
		Description: clip(desc, embedDescriptionMax), Color: 0xc9a227}}
	content := fmt.Sprintf("🏆 %s announces a **%s** Swiss tournament (#%d).", mention(t.OrganiserID), variantName(t.Variant), t.ID)
	buttons := []discordgo.MessageComponent{}
	if t.State == "open" {
		buttons = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Join", Style: discordgo.SuccessButton, CustomID: fmt.Sprintf("tjoin:%d", t.ID)},
			discordgo.Button{Label: "Leave", Style: discordgo.SecondaryButton, CustomID: fmt.Sprintf("tleave:%d", t.ID)},
		}}}
	}
	return content, embeds, buttons
}

// refreshAnnouncement edits the announcement to the stored state (entrants,
// round, buttons). Best effort: the state is in the database either way.
func (b *Bot) refreshAnnouncement(ctx context.Context, id int64) {
	t, err := b.store.Tournament(ctx, id)
	if err != nil || t.MessageID == "" {
		return
	}
	entrants, err := b.store.TournamentEntrants(ctx, id)
	if err != nil {
		b.log.Warn("reading a tournament's entrants", "tournament", id, "err", err)
		return
	}
	content, embeds, buttons := announcement(t, entrants)
	_, err = b.dc.Edit(&discordgo.MessageEdit{Channel: t.ChannelID, ID: t.MessageID, Content: &content, Embeds: &embeds,
		Components: &buttons, AllowedMentions: noPings})
	if err != nil {
		b.log.Warn("updating a tournament's announcement", "tournament", id, "err", err)
	}
}

// pickTournament is the tournament a subcommand means: its id option, or
// else the server's newest one in one of states.
func (b *Bot) pickTournament(ctx context.Context, r *request, states ...string) (db.Tournament, error) {
	return b.pickTournamentBy(ctx, r, strings.Join(states, " or ")+" tournament", func(t db.Tournament) bool { return slices.Contains(states, t.State) })
}

// pickTournamentBy is pickTournament with its own test of the newest
// fitting tournament; what says which kind was looked for.
func (b *Bot) pickTournamentBy(ctx context.Context, r *request, what string, fits func(db.Tournament) bool) (db.Tournament, error) {
	if id := r.intOption("id"); id != 0 {
		t, err := b.store.Tournament(ctx, int64(id))
		if errors.Is(err, db.ErrNotFound) || (err == nil && t.GuildID != r.i.GuildID) {
			return t, userErrorf("There is no tournament #%d in this server. `/tournament list` shows them.", id)
		}
		return t, err
	}
	all, err := b.store.GuildTournaments(ctx, r.i.GuildID, 25)
	if err != nil {
		return db.Tournament{}, err
	}
	for _, t := range all {
		if fits(t) {
			return t, nil
		}
	}
	return db.Tournament{}, userErrorf("There is no %s in this server. `/tournament list` shows them; give its `id`.", what)
}

// tournamentClosed explains why a tournament in state t.State can't do what was asked.
func tournamentClosed(t db.Tournament) error {
	switch t.State {
	case "running":
		return userErrorf("Swiss #%d has already started (round %d of %d); entries are closed.", t.ID, t.Round, t.Rounds)
	case "finished":
		return userErrorf("Swiss #%d is over.", t.ID)
	case "cancelled":
		return userErrorf("Swiss #%d was cancelled.", t.ID)
	}
	return userErrorf("Swiss #%d has not started yet.", t.ID)
}

func (b *Bot) tournamentCancel(ctx context.Context, r *request) error {
	t, err := b.pickTournament(ctx, r, "open", "running")
	if err != nil {
		return err
	}
	if err := b.needOrganiser(ctx, r, &t, "cancel this tournament"); err != nil {
		return err
	}
	if err := b.store.CancelTournament(ctx, t.ID); errors.Is(err, db.ErrTournamentState) {
		t, _ = b.store.Tournament(ctx, t.ID)
		return tournamentClosed(t)
	} else if err != nil {
		return err
	}
	text := fmt.Sprintf("🛑 Swiss #%d (%s) was cancelled by %s. Games under way go on as ordinary games.", t.ID, variantName(t.Variant), mention(r.userID()))
	r.respond(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: text, AllowedMentions: noPings}})
	b.refreshAnnouncement(ctx, t.ID)
	return nil
}

func (b *Bot) tournamentList(ctx context.Context, r *request) error {
	all, err := b.store.GuildTournaments(ctx, r.i.GuildID, 25)
	if err != nil {
		return err
	}
	if len(all) == 0 {
		return r.ephemeral("No tournaments in this server yet. Organisers start one with `/tournament create`.")
	}
	groups := map[string][]string{}
	for _, t := range all {
		n := 0
		if es, err := b.store.TournamentEntrants(ctx, t.ID); err == nil {
			n = len(es)
		}
		line := fmt.Sprintf("**#%d** %s · %s · %s per move · %s", t.ID, variantName(t.Variant), plural(t.Rounds, "round"), plural(t.Days, "day"), plural(n, "player"))
		switch t.State {
		case "open":
			line += fmt.Sprintf(" · starts <t:%d:R>", t.StartsAt.Unix())
		case "running":
			line += fmt.Sprintf(" · round %d of %d", t.Round, t.Rounds)
		}
		groups[t.State] = append(groups[t.State], line)
	}
	var sb strings.Builder
	for _, g := range []struct{ state, title string }{{"open", "Upcoming"}, {"running", "Running"}, {"finished", "Finished"}, {"cancelled", "Cancelled"}} {
		if len(groups[g.state]) > 0 {
			fmt.Fprintf(&sb, "**%s**\n%s\n", g.title, strings.Join(groups[g.state], "\n"))
		}
	}
	return r.ephemeral(sb.String())
}

func (b *Bot) tournamentStartRound(ctx context.Context, r *request) error {
	t, err := b.pickTournament(ctx, r, "running", "open")
	if err != nil {
		return err
	}
	if err := b.needOrganiser(ctx, r, &t, "start this tournament's rounds"); err != nil {
		return err
	}
	switch {
	case t.State != "open" && t.State != "running":
		return tournamentClosed(t)
	case t.Playing > 0:
		return userErrorf("%s of round %d of Swiss #%d still being played; the next round can start once every game of this one is over.",
			plural(t.Playing, "game"), t.Round, t.ID)
	case t.State == "open":
		// Starting early must not cancel it: the start time does that, if
		// there are still too few by then.
		if es, err := b.store.TournamentEntrants(ctx, t.ID); err != nil {
			return err
		} else if len(es) < 2 {
			return userErrorf("Swiss #%d needs at least two entrants to start; it has %d.", t.ID, len(es))
		}
	}
	r.deferPublic()
	did, err := b.advanceTournament(ctx, t)
	if err != nil {
		return err
	}
	// What it did is posted in the channel; the answer says who asked.
	text := fmt.Sprintf("Swiss #%d had already moved on; nothing more to start.", t.ID)
	if after, err := b.store.Tournament(ctx, t.ID); did != "" && err == nil {
		text = fmt.Sprintf("⏩ %s started round %d of Swiss #%d: the pairings are posted below.", mention(r.userID()), after.Round, t.ID)
		if after.State != "running" {
			text = fmt.Sprintf("⏩ %s moved Swiss #%d on: it is %s.", mention(r.userID()), t.ID, after.State)
		}
	}
	r.editOriginal(&discordgo.WebhookEdit{Content: &text, AllowedMentions: noPings})
	return nil
}
