package bot

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/levels"
)

// levelOptions finds every "level" option in the commands, subcommands
// included.
func levelOptions(opts []*discordgo.ApplicationCommandOption) []*discordgo.ApplicationCommandOption {
	var out []*discordgo.ApplicationCommandOption
	for _, o := range opts {
		if o.Name == "level" {
			out = append(out, o)
		}
		out = append(out, levelOptions(o.Options)...)
	}
	return out
}

// Where players choose the computer's level (/challenge and a
// tournament's add_computer) each choice carries the level's measured
// strength in words, within Discord's 100 characters; /help gives the
// levels' range and stays within a message.
func TestLevelChoicesAndHelpShowStrength(t *testing.T) {
	var found []string
	for _, c := range Commands() {
		for _, o := range levelOptions(c.Options) {
			found = append(found, c.Name)
			if len(o.Choices) != levels.Count {
				t.Fatalf("/%s level: %d choices", c.Name, len(o.Choices))
			}
			for i, ch := range o.Choices {
				n := i + 1
				if ch.Value != n || ch.Name != levels.Label(n) || utf8.RuneCountInString(ch.Name) > 100 {
					t.Errorf("/%s level choice %d: %q = %v", c.Name, n, ch.Name, ch.Value)
				}
				s, _ := levels.Of(n)
				if !strings.Contains(ch.Name, s.Words) || !strings.Contains(ch.Name, "chess Elo") {
					t.Errorf("/%s level choice %q does not say its strength", c.Name, ch.Name)
				}
			}
		}
	}
	if strings.Join(found, " ") != "challenge tournament" {
		t.Fatalf("level options in %v, want /challenge and /tournament", found)
	}

	// The help gives the levels' range of ratings and keeps its invitation
	// whole: replies are cut at 2,000 bytes, and a real application id has
	// up to 19 digits (the harness's has 4).
	h := newHarness(t)
	help := h.reply(h.command(ann, lobbyID, "help")).Content
	t.Logf("/help: %d bytes, %d more with a real application id", len(help), 15)
	if !strings.Contains(help, "(levels "+levels.Summary()+")") || !strings.HasSuffix(help, "&scope=bot+applications.commands") || len(help)+15 > 2000 {
		t.Fatalf("/help (%d bytes) without the levels' strength %q or its invitation: %q", len(help), levels.Summary(), help)
	}
}
