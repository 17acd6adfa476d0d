package bot

import (
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/metrics"
)

// interactionKind names an interaction for the metrics from a fixed set —
// a known command, "button:" and a known prefix, "autocomplete", "form" —
// so nobody can make new time series by sending made-up names.
func interactionKind(i *discordgo.Interaction) string {
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		if name := i.ApplicationCommandData().Name; commandHandlers[name] != nil {
			return name
		}
	case discordgo.InteractionApplicationCommandAutocomplete:
		return "autocomplete"
	case discordgo.InteractionMessageComponent:
		prefix, _, _ := strings.Cut(i.MessageComponentData().CustomID, ":")
		if buttonHandlers[prefix] != nil {
			return "button:" + prefix
		}
	case discordgo.InteractionModalSubmit:
		return "form"
	}
	return "unknown"
}

// setOutcome records how the interaction ended, keeping the first verdict.
func (r *request) setOutcome(o string) {
	if r.outcome == "" {
		r.outcome = o
	}
}

// observe counts one handled interaction by kind and outcome.
func (b *Bot) observe(r *request) {
	outcome := r.outcome
	switch {
	case outcome != "":
	case r.expired:
		outcome = metrics.OutcomeExpired
	default:
		outcome = metrics.OutcomeOK
	}
	b.metrics.Interaction(r.kind, outcome)
}
