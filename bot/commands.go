package bot

import (
	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/games"
)

// variantChoices lists the variants players can pick, in a fixed order.
func variantChoices() []*discordgo.ApplicationCommandOptionChoice {
	var out []*discordgo.ApplicationCommandOptionChoice
	for _, v := range games.All() {
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: v.Name, Value: v.ID})
	}
	return out
}

func variantOption(required bool) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionString, Name: "variant", Description: "Which game",
		Required: required, Choices: variantChoices(),
	}
}

func daysChoices() []*discordgo.ApplicationCommandOptionChoice {
	var out []*discordgo.ApplicationCommandOptionChoice
	for _, d := range AllowedDays {
		name := "1 day per move"
		if d > 1 {
			name = itoa(d) + " days per move"
		}
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: name, Value: d})
	}
	return out
}

func playerOption(desc string) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: "player", Description: desc}
}

var manageGuild = int64(discordgo.PermissionManageGuild)

// Commands is every slash command, registered in one bulk overwrite.
func Commands() []*discordgo.ApplicationCommand {
	dm := false
	inDMs := true // /games there lists your games in every server (notify.go)
	return []*discordgo.ApplicationCommand{
		{Name: "challenge", Description: "Challenge a player (or anyone) to a game", DMPermission: &dm, Options: []*discordgo.ApplicationCommandOption{
			variantOption(true),
			{Type: discordgo.ApplicationCommandOptionUser, Name: "opponent", Description: "Who to challenge (empty: anyone may accept; choose me to play the computer)"},
			{Type: discordgo.ApplicationCommandOptionString, Name: "color", Description: "Your side (default random)", Choices: []*discordgo.ApplicationCommandOptionChoice{
				{Name: "White (first player)", Value: "white"}, {Name: "Black (second player)", Value: "black"}, {Name: "Random", Value: "random"}}},
			{Type: discordgo.ApplicationCommandOptionInteger, Name: "days", Description: "Days per move (default: the server's)", Choices: daysChoices()},
			{Type: discordgo.ApplicationCommandOptionInteger, Name: "level", Description: "Playing me, the computer: its strength (default 3)", Choices: levelChoices()},
		}},
		{Name: "move", Description: "Play a move in this game thread", DMPermission: &dm, Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionString, Name: "move", Description: "The move, e.g. e2e4 or Nf3 (suggestions as you type)", Required: true, Autocomplete: true},
		}},
		{Name: "premove", Description: "After moving: queue answers to your opponent's next moves (only you see them)", DMPermission: &dm, Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionString, Name: "moves", Description: "Their move, your answer, …: e.g. e5 Nf3 Nc6 Bb5 (suggestions as you type; empty: show your line)", Autocomplete: true},
			{Type: discordgo.ApplicationCommandOptionBoolean, Name: "clear", Description: "Clear your queued moves in this game"},
			{Type: discordgo.ApplicationCommandOptionBoolean, Name: "pick", Description: "Build your line with menus, pair by pair, instead of typing it"},
		}},
		{Name: "board", Description: "Show the current position again", DMPermission: &dm},
		{Name: "moves", Description: "Your legal moves, drawn on the board (only you see it)", DMPermission: &dm, Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionString, Name: "from", Description: "Only the moves of the piece on this square (suggestions as you type)", Autocomplete: true},
		}},
		{Name: "resign", Description: "Resign this game", DMPermission: &dm},
		{Name: "draw", Description: "Offer a draw (your opponent gets Accept/Decline buttons)", DMPermission: &dm},
		{Name: "abort", Description: "Abort this game (only before both players have moved)", DMPermission: &dm},
		{Name: "rematch", Description: "Challenge your opponent again with sides swapped", DMPermission: &dm},
		{Name: "export", Description: "Download this game's record (replayable with bermuda play -replay)", DMPermission: &dm, Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionBoolean, Name: "gif", Description: "Also the animated replay of the whole game"},
		}},
		{Name: "review", Description: "The engine's review of this finished game: accuracy, mistakes, luck", DMPermission: &dm},
		{Name: "leaderboard", Description: "Top 10 of this server in a variant", DMPermission: &dm, Options: []*discordgo.ApplicationCommandOption{variantOption(true)}},
		{Name: "stats", Description: "Ratings and results of a player", DMPermission: &dm, Options: []*discordgo.ApplicationCommandOption{playerOption("Whose stats (default: yours)")}},
		{Name: "games", Description: "Active games in this server (mine: yours in every server)", DMPermission: &inDMs, Options: []*discordgo.ApplicationCommandOption{playerOption("Only this player's games"), gamesMineOption()}},
		{Name: "rules", Description: "How a variant plays, with pictures", Options: []*discordgo.ApplicationCommandOption{variantOption(true),
			{Type: discordgo.ApplicationCommandOptionString, Name: "piece", Description: "How one piece moves (suggestions per variant)", Autocomplete: true},
		}},
		{Name: "puzzle", Description: "A puzzle to solve, only you see it (near your puzzle rating)", DMPermission: &dm, Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionString, Name: "variant", Description: "Which game's puzzles (default: chess)", Choices: puzzleChoices()},
			{Type: discordgo.ApplicationCommandOptionString, Name: "answer", Description: "Type your move for your open puzzle instead of the menus (suggestions as you type)", Autocomplete: true},
		}},
		{Name: "help", Description: "How to play with Bermuda"},
		{Name: "settings", Description: "Server settings (Manage Server only)", DMPermission: &dm, DefaultMemberPermissions: &manageGuild, Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionInteger, Name: "days", Description: "Default days per move for new challenges", Choices: daysChoices()},
			{Type: discordgo.ApplicationCommandOptionRole, Name: "tournament_role", Description: "A role whose members may also run tournaments"},
			{Type: discordgo.ApplicationCommandOptionChannel, Name: "puzzle_channel", Description: "Where I post a daily puzzle", ChannelTypes: []discordgo.ChannelType{discordgo.ChannelTypeGuildText}},
			{Type: discordgo.ApplicationCommandOptionBoolean, Name: "puzzle_off", Description: "Stop the daily puzzle"},
			{Type: discordgo.ApplicationCommandOptionString, Name: "pages", Description: "Game pages on the web, with a Board button in each game (default: on)", Choices: []*discordgo.ApplicationCommandOptionChoice{
				{Name: "on", Value: "on"}, {Name: "off", Value: "off"},
			}},
			{Type: discordgo.ApplicationCommandOptionString, Name: "clear", Description: "Unset a setting", Choices: []*discordgo.ApplicationCommandOptionChoice{
				{Name: "days (back to the bot's default)", Value: "days"},
				{Name: "tournament_role (managers only run tournaments)", Value: "tournament_role"},
				{Name: "puzzle_channel (stop the daily puzzle)", Value: "puzzle_channel"},
				{Name: "pages (game pages on, the default)", Value: "pages"},
			}},
		}},
		tournamentCommand(),
		vacationCommand(), // holiday.go
		notifyCommand(),   // notify.go
	}
}

// tournamentCommand is /tournament and its subcommands (tournament.go).
func tournamentCommand() *discordgo.ApplicationCommand {
	dm, one := false, 1.0
	id := func(desc string) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "id", Description: desc, MinValue: &one}
	}
	sub := func(name, desc string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: name, Description: desc, Options: opts}
	}
	return &discordgo.ApplicationCommand{Name: "tournament", Description: "Swiss tournaments in this server", DMPermission: &dm, Options: []*discordgo.ApplicationCommandOption{
		sub("create", "Announce a Swiss tournament (organisers: Manage Server or the tournament role)",
			variantOption(true),
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "rounds", Description: "Number of rounds (1-20)",
				Required: true, MinValue: &one, MaxValue: maxTournamentRounds},
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "days", Description: "Days per move", Required: true, Choices: daysChoices()},
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "starts",
				Description: "When round 1 is paired: 2h, 3d, or 2026-05-01T18:00 (UTC) / with +02:00 (default: in 24 hours)"},
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: "rated", Description: "Its games count as rated games (default true)"}),
		sub("standings", "The standings table as a picture", id("Which tournament (default: the newest)")),
		sub("withdraw", "Leave a tournament; your game of the current round is forfeited", id("Which tournament (default: the newest)")),
		sub("cancel", "Cancel a tournament (organisers)", id("Which tournament (default: the newest)")),
		sub("list", "Upcoming, running and finished tournaments in this server"),
		sub("start_round", "Start the next round now, once every game of this one is over (organisers)", id("Which tournament (default: the newest)")),
		sub("add_computer", "Enter the computer to make numbers even; unrated for it (organisers)", id("Which tournament (default: the newest open one)"),
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "level", Description: "Its strength (default 3)", Choices: levelChoices()}),
	}}
}
