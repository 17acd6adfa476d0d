package interactions

import (
	"net/http"

	"github.com/bwmarrin/discordgo"
)

// ownDefer is the acknowledgement the Endpoint gives when the bot has not
// answered in time: what keeps the interaction alive without saying
// anything the bot might not have said.
func ownDefer(i *discordgo.Interaction) *discordgo.InteractionResponse {
	switch i.Type {
	case discordgo.InteractionApplicationCommandAutocomplete:
		// Autocomplete cannot be deferred; no suggestions is the honest answer.
		return &discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult}
	case discordgo.InteractionMessageComponent:
		// A button: acknowledge without touching its message.
		return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}
	}
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}
}

// AcknowledgedError is what Respond returns when the interaction was
// acknowledged in the HTTP response (a defer) but the answer that was to
// follow over REST failed: the interaction counts as answered, so the bot
// must say anything more with a follow-up, never a second answer.
type AcknowledgedError struct{ Err error }

func (e *AcknowledgedError) Error() string { return "acknowledged, then: " + e.Err.Error() }
func (e *AcknowledgedError) Unwrap() error { return e.Err }

// Answered tells the bot that the interaction needs no other answer.
func (e *AcknowledgedError) Answered() bool { return true }

func acknowledged(err error) error {
	if err == nil {
		return nil
	}
	return &AcknowledgedError{Err: err}
}

func hasFiles(r *discordgo.InteractionResponse) bool {
	return r.Data != nil && len(r.Data.Files) > 0
}

// deferLike is the defer that stands in the HTTP body for an answer with
// files: same visibility, so the edit that follows shows it as intended.
func deferLike(r *discordgo.InteractionResponse) *discordgo.InteractionResponse {
	switch r.Type {
	case discordgo.InteractionResponseUpdateMessage:
		return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}
	case discordgo.InteractionResponseChannelMessageWithSource:
		return &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Flags: r.Data.Flags & discordgo.MessageFlagsEphemeral},
		}
	}
	return r
}

// late carries out the bot's answer resp over REST after sent, a defer,
// went in the HTTP body: a defer needs nothing more, an update edits the
// clicked message, a message replaces the placeholder (or is a follow-up
// when there is no placeholder, or the placeholder is public and the
// message private). Anything else — autocomplete suggestions — cannot be
// given late, and gets the error Discord would give.
func (e *Endpoint) late(i *discordgo.Interaction, sent, resp *discordgo.InteractionResponse) error {
	data := resp.Data
	if data == nil {
		data = &discordgo.InteractionResponseData{}
	}
	switch resp.Type {
	case discordgo.InteractionResponseDeferredChannelMessageWithSource, discordgo.InteractionResponseDeferredMessageUpdate:
		return nil
	case discordgo.InteractionResponseUpdateMessage:
		_, err := e.rest.EditOriginal(i, editFrom(data))
		return err
	case discordgo.InteractionResponseChannelMessageWithSource:
		private := data.Flags&discordgo.MessageFlagsEphemeral != 0
		switch {
		case sent.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource:
			_, err := e.rest.Followup(i, paramsFrom(data))
			return err
		case private == (sent.Data != nil && sent.Data.Flags&discordgo.MessageFlagsEphemeral != 0):
			_, err := e.rest.EditOriginal(i, editFrom(data))
			return err
		}
		if _, err := e.rest.Followup(i, paramsFrom(data)); err != nil {
			return err
		}
		e.dropPlaceholder(i)
		return nil
	}
	return errExpired()
}

// dropPlaceholder removes the public "thinking…" left by our own defer when
// the bot's answer went privately, or says where the answer went if the
// REST side cannot delete.
func (e *Endpoint) dropPlaceholder(i *discordgo.Interaction) {
	var err error
	if d, ok := e.rest.(interface {
		DeleteOriginal(*discordgo.Interaction) error
	}); ok {
		err = d.DeleteOriginal(i)
	} else {
		note := "Answered privately."
		_, err = e.rest.EditOriginal(i, &discordgo.WebhookEdit{Content: &note})
	}
	if err != nil {
		e.log().Warn("could not clear the placeholder", "interaction", i.ID, "err", err)
	}
}

func editFrom(d *discordgo.InteractionResponseData) *discordgo.WebhookEdit {
	content := d.Content
	e := &discordgo.WebhookEdit{Content: &content, Files: d.Files, AllowedMentions: d.AllowedMentions, Attachments: d.Attachments}
	if d.Components != nil {
		e.Components = &d.Components
	}
	if d.Embeds != nil {
		e.Embeds = &d.Embeds
	}
	return e
}

func paramsFrom(d *discordgo.InteractionResponseData) *discordgo.WebhookParams {
	return &discordgo.WebhookParams{
		Content: d.Content, TTS: d.TTS, Files: d.Files, Components: d.Components, Embeds: d.Embeds,
		AllowedMentions: d.AllowedMentions, Flags: d.Flags,
	}
}

// errExpired is the error Discord gives for an interaction whose token has
// lapsed (10062): the bot already treats it as "carry on, post results in
// the channel".
func errExpired() error {
	body := `{"message": "Unknown interaction", "code": 10062}`
	return &discordgo.RESTError{
		Response:     &http.Response{Status: "404 Not Found", StatusCode: http.StatusNotFound},
		ResponseBody: []byte(body),
		Message:      &discordgo.APIErrorMessage{Code: discordgo.ErrCodeUnknownInteraction, Message: "Unknown interaction"},
	}
}
