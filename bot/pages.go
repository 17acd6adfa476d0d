package bot

import (
	"context"
	"time"
)

// Game pages: a server's managers may turn them off (/settings pages:off,
// stored with the server's settings). A page of a game of that server then
// answers as an unknown game does (web.Options.Enabled, wired in Run), and
// its board posts carry no Board button.

// pagesOn says whether the server shows its games on the web. A failure
// to read the setting counts as off: a switch a server turned off must
// not be taken as on.
func (b *Bot) pagesOn(guildID string) bool {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	set, err := b.store.Settings(ctx, guildID)
	if err != nil {
		b.log.Warn("reading whether a server shows game pages", "guild", guildID, "err", err)
	}
	return err == nil && !set.PagesOff
}

// pagesText says what the switch now is.
func pagesText(off bool) string {
	if off {
		return "Game pages are off in this server: its games' pages are not found and board posts carry no Board button. `/settings pages:on` turns them on again."
	}
	return "Game pages are on in this server: each game's board posts carry a Board button to its page."
}
