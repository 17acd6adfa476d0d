package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/db"
)

// /settings: a server's own settings, for members with Manage Server.
// Every setting that can be set can be unset (clear:), and the answer
// always ends with all of them as they stand, so /settings alone shows
// them: the default days per move, the tournament role, the daily
// puzzle's channel with any error that stopped its post (puzzle_daily.go),
// and whether the server's games have web pages (pages.go).

func (b *Bot) cmdSettings(ctx context.Context, r *request) error {
	if r.i.GuildID == "" {
		return userErrorf("Settings belong to a server: use this in a server channel.")
	}
	if r.i.Member == nil || r.i.Member.Permissions&discordgo.PermissionManageGuild == 0 {
		return userErrorf("Only members with the **Manage Server** permission can change Bermuda's settings.")
	}
	days, role, channel, clear := r.intOption("days"), r.stringOption("tournament_role"), r.stringOption("puzzle_channel"), r.stringOption("clear")
	pages := r.stringOption("pages")
	if o := r.option("puzzle_off"); o != nil {
		if off, _ := o.Value.(bool); off {
			if clear != "" && clear != "puzzle_channel" {
				return userErrorf("Clear one setting at a time: `puzzle_off` already clears the puzzle channel, and you also asked to clear `%s`.", clear)
			}
			clear = "puzzle_channel"
		}
	}
	switch {
	case days != 0 && !validDays(days):
		return userErrorf("%d days per move is not offered; choose one of %s.", days, daysList())
	case pages != "" && pages != "on" && pages != "off":
		return userErrorf("`pages` is `on` or `off`.")
	case clear != "" && clear != "days" && clear != "tournament_role" && clear != "puzzle_channel" && clear != "pages":
		return userErrorf("There is no setting `%s` to clear: choose days, tournament_role, puzzle_channel or pages.", clear)
	case clear == "days" && days != 0, clear == "tournament_role" && role != "", clear == "puzzle_channel" && channel != "", clear == "pages" && pages != "":
		return userErrorf("You asked to both set and clear `%s`: do one or the other.", clear)
	}
	before, err := b.store.Settings(ctx, r.i.GuildID)
	if err != nil {
		return err
	}
	_, puzzleErr := b.store.PuzzleChannelOf(ctx, r.i.GuildID)
	if puzzleErr != nil && !errors.Is(puzzleErr, db.ErrNotFound) {
		return puzzleErr
	}
	var done []string
	if days != 0 {
		if err := b.store.SetDefaultDays(ctx, r.i.GuildID, days); err != nil {
			return err
		}
		done = append(done, fmt.Sprintf("New challenges in this server now default to %s per move.", plural(days, "day")))
	}
	if role != "" {
		if err := b.store.SetTournamentRole(ctx, r.i.GuildID, role); err != nil {
			return err
		}
		done = append(done, fmt.Sprintf("Members with <@&%s> can now run tournaments here (create, cancel, start rounds), as well as server managers.", role))
	}
	if channel != "" {
		if err := b.store.SetPuzzleChannel(ctx, r.i.GuildID, channel, r.userID()); err != nil {
			return err
		}
		done = append(done, fmt.Sprintf("A daily puzzle will be posted in <#%s> every day (UTC), starting today. Make sure I may post there with pictures.", channel))
	}
	if pages != "" {
		if err := b.store.SetPagesOff(ctx, r.i.GuildID, pages == "off"); err != nil {
			return err
		}
		done = append(done, pagesText(pages == "off"))
	}
	switch clear {
	case "pages":
		if !before.PagesOff {
			done = append(done, "Game pages were already on in this server (the default).")
		} else if err := b.store.SetPagesOff(ctx, r.i.GuildID, false); err != nil {
			return err
		} else {
			done = append(done, pagesText(false))
		}
	case "days":
		if !before.DaysChosen {
			done = append(done, fmt.Sprintf("No default days were set: new challenges already get the bot's %s per move.", plural(b.defaultDays, "day")))
		} else if err := b.store.UnsetDefaultDays(ctx, r.i.GuildID); err != nil {
			return err
		} else {
			done = append(done, fmt.Sprintf("New challenges in this server default to the bot's %s per move again.", plural(b.defaultDays, "day")))
		}
	case "tournament_role":
		if before.TournamentRole == "" {
			done = append(done, "No tournament role was set: only server managers (and each tournament's creator) run tournaments.")
		} else if err := b.store.SetTournamentRole(ctx, r.i.GuildID, ""); err != nil {
			return err
		} else {
			done = append(done, fmt.Sprintf("<@&%s> no longer runs tournaments here: only server managers (and each tournament's creator) do.", before.TournamentRole))
		}
	case "puzzle_channel":
		if errors.Is(puzzleErr, db.ErrNotFound) {
			done = append(done, "The daily puzzle was already off in this server.")
		} else if err := b.store.SetPuzzleChannel(ctx, r.i.GuildID, "", r.userID()); err != nil {
			return err
		} else {
			done = append(done, "The daily puzzle is off in this server. `/settings puzzle_channel:` turns it on again.")
		}
	}
	summary, err := b.settingsSummary(ctx, r.i.GuildID)
	if err != nil {
		return err
	}
	if len(done) > 0 {
		summary = strings.Join(done, "\n") + "\n\n" + summary
	}
	return r.ephemeral(truncate(summary, 2000))
}

// settingsSummary is every server setting as it stands, with how to
// change or clear it, and the daily puzzle's error if its post failed.
func (b *Bot) settingsSummary(ctx context.Context, guildID string) (string, error) {
	set, err := b.store.Settings(ctx, guildID)
	if err != nil {
		return "", err
	}
	var sb strings.Builder
	sb.WriteString("**Bermuda's settings in this server**\n")
	if set.DaysChosen {
		fmt.Fprintf(&sb, "• Default time per move: **%s** (`/settings clear:days` goes back to the bot's %s).\n", plural(set.DefaultDays, "day"), plural(b.defaultDays, "day"))
	} else {
		fmt.Fprintf(&sb, "• Default time per move: %s, the bot's default (`/settings days:` chooses another).\n", plural(b.defaultDays, "day"))
	}
	if set.TournamentRole != "" {
		fmt.Fprintf(&sb, "• Tournament role: <@&%s> runs tournaments besides server managers (`/settings clear:tournament_role` removes it).\n", set.TournamentRole)
	} else {
		sb.WriteString("• Tournament role: none, only server managers run tournaments (`/settings tournament_role:` adds a role).\n")
	}
	if set.PagesOff {
		sb.WriteString("• Game pages: **off**, no game of this server has a web page (`/settings pages:on` or `clear:pages` turns them on).\n")
	} else {
		sb.WriteString("• Game pages: on, the default (`/settings pages:off` turns them off).\n")
	}
	pc, err := b.store.PuzzleChannelOf(ctx, guildID)
	switch {
	case errors.Is(err, db.ErrNotFound):
		sb.WriteString("• Daily puzzle: off (`/settings puzzle_channel:` turns it on).\n")
	case err != nil:
		return "", err
	default:
		fmt.Fprintf(&sb, "• Daily puzzle: posted in <#%s> (`/settings clear:puzzle_channel` stops it).\n", pc.ChannelID)
		if pc.Failures > 0 {
			fmt.Fprintf(&sb, "⚠️ %s\n", dailyFailureText(guildID, pc))
		}
	}
	return sb.String(), nil
}
