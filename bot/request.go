package bot

import (
	"errors"
	"fmt"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/metrics"
)

// UserError is a mistake by the person who clicked or typed: it is answered
// ephemerally with its text, saying what was wrong and what would be right.
type UserError struct{ Msg string }

func (e *UserError) Error() string { return e.Msg }

func userErrorf(format string, a ...any) error { return &UserError{fmt.Sprintf(format, a...)} }

// request is one interaction being handled, and what has been answered.
type request struct {
	b        *Bot
	i        *discordgo.Interaction
	answered bool // a callback (reply or defer) went out
	deferred bool // the callback was a public defer: later answers edit it

	// For the metrics: when it arrived, what it is (a bounded label), how
	// it ended ("" until something other than success is known), and
	// whether its token lapsed before the first answer.
	start   time.Time
	kind    string
	outcome string
	expired bool
}

func (r *request) user() *discordgo.User {
	if r.i.Member != nil && r.i.Member.User != nil {
		return r.i.Member.User
	}
	if r.i.User != nil {
		return r.i.User
	}
	return &discordgo.User{}
}

func (r *request) userID() string { return r.user().ID }

// userName is how the user is shown in thread names and texts.
func (r *request) userName() string {
	u := r.user()
	if r.i.Member != nil && r.i.Member.Nick != "" {
		return r.i.Member.Nick
	}
	if u.GlobalName != "" {
		return u.GlobalName
	}
	return u.Username
}

// respondSince is implemented by a Discord whose callback retries can
// count Discord's 3-second window from the interaction's arrival.
type respondSince interface {
	RespondSince(i *discordgo.Interaction, r *discordgo.InteractionResponse, arrived time.Time) error
}

func (r *request) respond(resp *discordgo.InteractionResponse) error {
	var err error
	if rs, ok := r.b.dc.(respondSince); ok && !r.answered && !r.start.IsZero() {
		err = rs.RespondSince(r.i, resp, r.start)
	} else {
		err = r.b.dc.Respond(r.i, resp)
	}
	if err != nil {
		var ack interface{ Answered() bool }
		if errors.As(err, &ack) && ack.Answered() {
			// Acknowledged in an HTTP response; only what followed failed.
			r.answered = true
		}
		if discordCode(err) == 10062 {
			// The token expired (we were too slow, or Discord was): the
			// work continues, results go to the channel directly.
			r.b.log.Warn("interaction expired before we answered", "interaction", r.i.ID)
			r.expired = !r.answered
		}
		return err
	}
	if !r.answered && !r.start.IsZero() {
		r.b.metrics.ObserveFirstCallback(r.kind, time.Since(r.start))
	}
	r.answered = true
	return nil
}

// ephemeral answers privately.
func (r *request) ephemeral(msg string) error {
	return r.respond(&discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: truncate(msg, 2000), Flags: discordgo.MessageFlagsEphemeral,
			AllowedMentions: &discordgo.MessageAllowedMentions{}},
	})
}

// deferPublic acknowledges now; the answer comes later as an edit. Errors
// (such as an expired token) are logged, not fatal: the work still runs.
func (r *request) deferPublic() {
	if err := r.respond(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}); err == nil {
		r.deferred = true
	}
}

// deferEphemeral acknowledges with a private "thinking…".
func (r *request) deferEphemeral() {
	r.respond(&discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral},
	})
	r.deferred = r.answered
}

// deferUpdate acknowledges a button click; the message is edited later.
func (r *request) deferUpdate() {
	r.respond(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate})
}

// privately answers privately: by editing the private "thinking…" of
// deferEphemeral when there is one, else as the first answer. A failed
// edit (a lapsed token) is logged by editOriginal and returns nil: the
// work the answer reports is done and stands, and failing would tell the
// user that nothing was changed.
func (r *request) privately(text string) error {
	if !r.deferred {
		return r.ephemeral(text)
	}
	text = truncate(text, 2000)
	r.editOriginal(&discordgo.WebhookEdit{Content: &text, AllowedMentions: noPings})
	return nil
}

// editOriginal replaces the deferred answer (or the clicked message).
func (r *request) editOriginal(e *discordgo.WebhookEdit) error {
	if !r.answered {
		return errors.New("no original response to edit")
	}
	_, err := r.b.dc.EditOriginal(r.i, e)
	if err != nil {
		r.b.log.Warn("editing the response failed", "interaction", r.i.ID, "err", err)
	}
	return err
}

// fail answers err: user mistakes ephemerally with their text, anything
// else with a short apology (the details go to the log, never to users).
func (r *request) fail(err error) {
	var ue *UserError
	msg := "⚠️ Something went wrong on our side; nothing was changed. Please try again in a moment."
	if errors.As(err, &ue) {
		msg = ue.Msg
		r.setOutcome(metrics.OutcomeUserError)
	} else {
		r.setOutcome(metrics.OutcomeError)
		r.b.log.Error("interaction failed", "interaction", r.i.ID, "err", err)
	}
	if r.i.Type == discordgo.InteractionApplicationCommandAutocomplete {
		return
	}
	switch {
	case !r.answered:
		r.ephemeral(msg)
	case r.deferred:
		content := msg
		r.editOriginal(&discordgo.WebhookEdit{Content: &content})
	default:
		r.b.dc.Followup(r.i, &discordgo.WebhookParams{Content: msg, Flags: discordgo.MessageFlagsEphemeral})
	}
}

// option returns a slash-command option by name, or nil.
func (r *request) option(name string) *discordgo.ApplicationCommandInteractionDataOption {
	if r.i.Type != discordgo.InteractionApplicationCommand && r.i.Type != discordgo.InteractionApplicationCommandAutocomplete {
		return nil
	}
	opts := r.i.ApplicationCommandData().Options
	if len(opts) == 1 && opts[0].Type == discordgo.ApplicationCommandOptionSubCommand {
		opts = opts[0].Options // a subcommand's own options (/tournament create …)
	}
	for _, o := range opts {
		if o.Name == name {
			return o
		}
	}
	return nil
}

func (r *request) stringOption(name string) string {
	if o := r.option(name); o != nil {
		if s, ok := o.Value.(string); ok {
			return s
		}
	}
	return ""
}

func (r *request) intOption(name string) int {
	if o := r.option(name); o != nil {
		if f, ok := o.Value.(float64); ok {
			return int(f)
		}
	}
	return 0
}

// userOption returns the user picked in a user option, or nil.
func (r *request) userOption(name string) *discordgo.User {
	o := r.option(name)
	if o == nil {
		return nil
	}
	id, _ := o.Value.(string)
	data := r.i.ApplicationCommandData()
	if data.Resolved != nil {
		if u, ok := data.Resolved.Users[id]; ok {
			return u
		}
	}
	return &discordgo.User{ID: id, Username: id}
}

// needPerms checks the bot's permissions in this channel and says plainly
// which are missing.
func (r *request) needPerms(perms ...int64) error {
	names := map[int64]string{
		discordgo.PermissionViewChannel: "View Channel", discordgo.PermissionSendMessages: "Send Messages",
		discordgo.PermissionEmbedLinks: "Embed Links", discordgo.PermissionAttachFiles: "Attach Files",
		discordgo.PermissionReadMessageHistory: "Read Message History", discordgo.PermissionCreatePublicThreads: "Create Public Threads",
		discordgo.PermissionSendMessagesInThreads: "Send Messages in Threads",
	}
	var missing []string
	for _, p := range perms {
		if r.i.AppPermissions&p == 0 {
			missing = append(missing, names[p])
		}
	}
	if len(missing) == 0 {
		return nil
	}
	return userErrorf("I'm missing permissions here: **%s**. A server manager can grant them in the channel's settings (or re-invite me with the link in /help).", joinAnd(missing))
}

func joinAnd(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	out := xs[0]
	for _, x := range xs[1 : len(xs)-1] {
		out += ", " + x
	}
	return out + " and " + xs[len(xs)-1]
}
