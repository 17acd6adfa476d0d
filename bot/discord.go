package bot

import (
	"context"
	crand "crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/metrics"
)

// Discord is the narrow seam between the bot's logic and Discord: the
// calls the bot makes, nothing more. Production wraps a *discordgo.Session;
// end-to-end tests use the same wrapper against the fake Discord; the /move
// benchmark uses a recorder.
type Discord interface {
	Respond(i *discordgo.Interaction, r *discordgo.InteractionResponse) error
	EditOriginal(i *discordgo.Interaction, e *discordgo.WebhookEdit) (*discordgo.Message, error)
	Original(i *discordgo.Interaction) (*discordgo.Message, error)
	Followup(i *discordgo.Interaction, p *discordgo.WebhookParams) (*discordgo.Message, error)
	Send(channelID string, m *discordgo.MessageSend) (*discordgo.Message, error)
	Edit(m *discordgo.MessageEdit) (*discordgo.Message, error)
	StartThread(channelID, messageID, name string) (*discordgo.Channel, error)
	AddThreadMember(threadID, userID string) error
	ArchiveThread(threadID string) error
	// Typing shows "typing…" in a channel: the scheduler's way to learn,
	// before ending a game on time, whether the bot may still post in its
	// thread (10003, 50001, 50013 if not), without posting anything.
	Typing(channelID string) error
	// OpenDM opens (or finds) the direct-message channel with a user and
	// returns its id (notify.go); posting there is Send.
	OpenDM(userID string) (string, error)
	// RegisterCommands is a start-up call: repeated until it succeeds,
	// fails for good, or ctx ends.
	RegisterCommands(ctx context.Context, appID, guildID string, cmds []*discordgo.ApplicationCommand) error
}

// SessionDiscord implements Discord with a discordgo session. Each call
// is retried by the rules in retry.go: a callback while its 3-second window
// lasts (a 40060 after an attempt of unknown fate means it landed), edits
// and nonce-carrying channel posts freely, follow-ups only after looking
// that the failed attempt did not land.
type SessionDiscord struct {
	S *discordgo.Session
	// Backoff is the first wait between attempts; it doubles up to 5 s
	// (default 100 ms). Discord's retry_after overrides it.
	Backoff time.Duration
	// CallbackWindow bounds callback retries (default 3 s, Discord's rule).
	CallbackWindow time.Duration
	// TokenLife bounds follow-up and edit retries (default 15 min, the
	// interaction token's life).
	TokenLife time.Duration
	// PostBudget bounds retries of channel posts and edits (default 2 min),
	// so an outage delays the scheduler but never blocks it for long.
	PostBudget time.Duration
	// Metrics counts failed attempts by HTTP status (nil: not counted).
	Metrics *metrics.Metrics
	// Log receives a warning for each failed attempt of a start-up call
	// (nil: not logged); other calls' failures are their callers' to log.
	Log *slog.Logger
	// sleep waits between attempts (nil: time.Sleep); tests record it.
	sleep func(time.Duration)
}

func orDefault(d, def time.Duration) time.Duration {
	if d > 0 {
		return d
	}
	return def
}

// tokenDeadline is when retries through the interaction's token stop: 15
// minutes after Discord created the interaction (from its snowflake id,
// when that looks right), else 15 minutes from now.
func (d *SessionDiscord) tokenDeadline(i *discordgo.Interaction) time.Time {
	life := orDefault(d.TokenLife, 15*time.Minute)
	now := time.Now()
	if t, err := discordgo.SnowflakeTimestamp(i.ID); err == nil && t.After(now.Add(-life)) && t.Before(now.Add(time.Minute)) {
		return t.Add(life)
	}
	return now.Add(life)
}

func (d *SessionDiscord) postDeadline() time.Time {
	return time.Now().Add(orDefault(d.PostBudget, 2*time.Minute))
}

// discordCode returns Discord's JSON error code (10062, 50013, …) or 0.
func discordCode(err error) int {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Message != nil {
		return re.Message.Code
	}
	return 0
}

// Respond answers i, retrying while the 3-second window lasts, counted
// from now; RespondSince counts it from when the interaction arrived.
func (d *SessionDiscord) Respond(i *discordgo.Interaction, r *discordgo.InteractionResponse) error {
	return d.RespondSince(i, r, time.Now())
}

// RespondSince is Respond for an interaction that arrived at arrived:
// Discord's window started then, so time spent before answering (a slow
// database, a busy machine) leaves less of it for retries.
func (d *SessionDiscord) RespondSince(i *discordgo.Interaction, r *discordgo.InteractionResponse, arrived time.Time) error {
	reset := func() {}
	if r.Data != nil {
		reset = rewind(r.Data.Files)
	}
	rule := retryRule{
		deadline:     arrived.Add(orDefault(d.CallbackWindow, 3*time.Second)),
		provesLanded: func(err error) bool { return discordCode(err) == 40060 },
	}
	return hideToken(d.retry(rule, func(opts ...discordgo.RequestOption) error {
		reset()
		if r.Data != nil && len(r.Data.Files) > 0 {
			endpoint := discordgo.EndpointInteractionResponse(i.ID, i.Token)
			if _, sent, err := d.sendDescribed("POST", endpoint, endpoint, r, "data", r.Data.Files, opts...); sent {
				return err
			}
		}
		return d.S.InteractionRespond(i, r, opts...)
	}), i.Token)
}

func (d *SessionDiscord) EditOriginal(i *discordgo.Interaction, e *discordgo.WebhookEdit) (m *discordgo.Message, err error) {
	reset := rewind(e.Files)
	err = d.retry(retryRule{deadline: d.tokenDeadline(i), safe: true}, func(opts ...discordgo.RequestOption) error {
		reset()
		endpoint := discordgo.EndpointWebhookMessage(i.AppID, i.Token, "@original")
		if resp, sent, err := d.sendDescribed("PATCH", endpoint, endpoint, e, "", e.Files, opts...); sent {
			return unmarshalMessage(resp, err, &m)
		}
		m, err = d.S.InteractionResponseEdit(i, e, opts...)
		return err
	})
	return m, hideToken(err, i.Token)
}

func (d *SessionDiscord) Original(i *discordgo.Interaction) (m *discordgo.Message, err error) {
	err = d.retry(retryRule{deadline: d.tokenDeadline(i), safe: true}, func(opts ...discordgo.RequestOption) error {
		m, err = d.S.InteractionResponse(i, opts...)
		return err
	})
	return m, hideToken(err, i.Token)
}

// Followup posts a follow-up. Webhooks take no nonce, so after a failure
// of unknown fate it looks in the channel for the message before posting
// again; an ephemeral follow-up cannot be looked for, so it is not posted
// again (said at most once rather than twice).
func (d *SessionDiscord) Followup(i *discordgo.Interaction, p *discordgo.WebhookParams) (m *discordgo.Message, err error) {
	reset := rewind(p.Files)
	rule := retryRule{deadline: d.tokenDeadline(i), look: func() (bool, bool) {
		if p.Flags&discordgo.MessageFlagsEphemeral != 0 {
			return false, false
		}
		recent, err := d.S.ChannelMessages(i.ChannelID, 50, "", "", "", noAutoRetry...)
		if err != nil {
			return false, false
		}
		for _, msg := range recent {
			if msg.InteractionMetadata != nil && msg.InteractionMetadata.ID == i.ID && msg.Content == p.Content &&
				msg.InteractionMetadata.OriginalResponseMessageID != "" {
				m = msg
				return true, true
			}
		}
		return false, true
	}}
	err = d.retry(rule, func(opts ...discordgo.RequestOption) error {
		reset()
		endpoint := discordgo.EndpointWebhookToken(i.AppID, i.Token) + "?wait=true"
		if resp, sent, err := d.sendDescribed("POST", endpoint, endpoint, p, "", p.Files, opts...); sent {
			return unmarshalMessage(resp, err, &m)
		}
		m, err = d.S.FollowupMessageCreate(i, true, p, opts...)
		return err
	})
	return m, hideToken(err, i.Token)
}

// Send posts a channel message with a nonce Discord enforces, so a retry
// after a lost answer returns the message already made instead of a second.
// A thread that was archived meanwhile is reopened and posted to again.
func (d *SessionDiscord) Send(channelID string, ms *discordgo.MessageSend) (m *discordgo.Message, err error) {
	reset := rewind(ms.Files)
	for _, e := range ms.Embeds {
		if e.Type == "" {
			e.Type = discordgo.EmbedTypeRich
		}
	}
	body := nonceMessage{MessageSend: ms, Nonce: newNonce(), EnforceNonce: true}
	endpoint := discordgo.EndpointChannelMessages(channelID)
	post := func(opts ...discordgo.RequestOption) ([]byte, error) {
		reset()
		if resp, sent, err := d.sendDescribed("POST", endpoint, endpoint, body, "", ms.Files, opts...); sent {
			return resp, err
		}
		if len(ms.Files) > 0 {
			ct, data, err := discordgo.MultipartBodyWithJSON(body, ms.Files)
			if err != nil {
				return nil, err
			}
			return d.S.RequestRaw("POST", endpoint, ct, data, endpoint, 0, opts...)
		}
		return d.S.RequestWithBucketID("POST", endpoint, body, endpoint, opts...)
	}
	reopened := false
	err = d.retry(retryRule{deadline: d.postDeadline(), safe: true}, func(opts ...discordgo.RequestOption) error {
		resp, err := post(opts...)
		if discordCode(err) == 50083 && !reopened {
			reopened = true
			if uerr := d.Unarchive(channelID); uerr == nil {
				resp, err = post(opts...)
			}
		}
		if err != nil {
			return err
		}
		m = &discordgo.Message{}
		return json.Unmarshal(resp, m)
	})
	return m, err
}

// Unarchive reopens an archived thread (a locked one only if the bot may
// manage threads; otherwise Discord refuses and the caller gives up).
func (d *SessionDiscord) Unarchive(threadID string) error {
	archived := false
	return d.retry(retryRule{deadline: d.postDeadline(), safe: true}, func(opts ...discordgo.RequestOption) error {
		_, err := d.S.ChannelEdit(threadID, &discordgo.ChannelEdit{Archived: &archived}, opts...)
		return err
	})
}

// hideToken keeps an interaction's token out of err's text: a network
// error names the URL, and the token in it lets anyone post as the bot in
// that channel for 15 minutes. Callers still see the error's type
// (RESTError, url.Error) through Unwrap.
func hideToken(err error, token string) error {
	if err == nil || token == "" || !strings.Contains(err.Error(), token) {
		return err
	}
	return tokenHidden{err: err, token: token}
}

type tokenHidden struct {
	err   error
	token string
}

func (e tokenHidden) Error() string { return strings.ReplaceAll(e.err.Error(), e.token, "<token>") }
func (e tokenHidden) Unwrap() error { return e.err }

// nonceMessage is a channel message with Discord's duplicate guard.
type nonceMessage struct {
	*discordgo.MessageSend
	Nonce        string `json:"nonce"`
	EnforceNonce bool   `json:"enforce_nonce"`
}

// newNonce is 24 random hex digits (Discord allows 25 characters).
func newNonce() string {
	var b [12]byte
	crand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func (d *SessionDiscord) Edit(e *discordgo.MessageEdit) (m *discordgo.Message, err error) {
	reset := rewind(e.Files)
	err = d.retry(retryRule{deadline: d.postDeadline(), safe: true}, func(opts ...discordgo.RequestOption) error {
		reset()
		endpoint := discordgo.EndpointChannelMessage(e.Channel, e.ID)
		if resp, sent, err := d.sendDescribed("PATCH", endpoint, discordgo.EndpointChannelMessage(e.Channel, ""), e, "", e.Files, opts...); sent {
			return unmarshalMessage(resp, err, &m)
		}
		m, err = d.S.ChannelMessageEditComplex(e, opts...)
		return err
	})
	return m, err
}

// StartThread is not safe to repeat blindly (a second call could make a
// second thread from the same message, or be refused), so after a failure
// of unknown fate it is not repeated: the caller cancels the game cleanly.
func (d *SessionDiscord) StartThread(channelID, messageID, name string) (c *discordgo.Channel, err error) {
	rule := retryRule{deadline: d.postDeadline(), look: func() (bool, bool) {
		// A thread started from a message has the message's id. The read
		// is safe to repeat, and a game is cancelled when its thread seems
		// not to exist: a read whose own answer is lost is made again (up
		// to three reads) before the thread's fate counts as unknown.
		for read := 1; ; read++ {
			ch, err := d.S.Channel(messageID, noAutoRetry...)
			switch {
			case err == nil && ch.IsThread():
				c = ch
				return true, true
			case discordCode(err) == 10003:
				return false, true
			}
			if kind, _ := classify(err); err == nil || kind == final || read == 3 {
				return false, false
			}
			d.pause(nil, 100*time.Millisecond)
		}
	}}
	err = d.retry(rule, func(opts ...discordgo.RequestOption) error {
		c, err = d.S.MessageThreadStartComplex(channelID, messageID, &discordgo.ThreadStart{
			Name: name, AutoArchiveDuration: 10080, Type: discordgo.ChannelTypeGuildPublicThread,
		}, opts...)
		return err
	})
	return c, err
}

func (d *SessionDiscord) AddThreadMember(threadID, userID string) error {
	return d.retry(retryRule{deadline: d.postDeadline(), safe: true}, func(opts ...discordgo.RequestOption) error {
		return d.S.ThreadMemberAdd(threadID, userID, opts...)
	})
}

func (d *SessionDiscord) ArchiveThread(threadID string) error {
	archived := true
	return d.retry(retryRule{deadline: d.postDeadline(), safe: true}, func(opts ...discordgo.RequestOption) error {
		_, err := d.S.ChannelEdit(threadID, &discordgo.ChannelEdit{Archived: &archived}, opts...)
		return err
	})
}

func (d *SessionDiscord) Typing(channelID string) error {
	return d.retry(retryRule{deadline: d.postDeadline(), safe: true}, func(opts ...discordgo.RequestOption) error {
		return d.S.ChannelTyping(channelID, opts...)
	})
}

// OpenDM asks Discord for the user's DM channel; asking again returns the
// same channel, so it is safe to repeat.
func (d *SessionDiscord) OpenDM(userID string) (id string, err error) {
	err = d.retry(retryRule{deadline: d.postDeadline(), safe: true}, func(opts ...discordgo.RequestOption) error {
		ch, err := d.S.UserChannelCreate(userID, opts...)
		if err == nil {
			id = ch.ID
		}
		return err
	})
	return id, err
}

func (d *SessionDiscord) RegisterCommands(ctx context.Context, appID, guildID string, cmds []*discordgo.ApplicationCommand) error {
	return d.startup(ctx, "registering the slash commands", func(opts ...discordgo.RequestOption) error {
		_, err := d.S.ApplicationCommandBulkOverwrite(appID, guildID, cmds, opts...)
		return err
	})
}

// Identify asks Discord for the application's id and the bot's own user
// id: what READY says on the gateway, which an HTTP replica never gets.
// Both are start-up calls (retryRule.until).
func (d *SessionDiscord) Identify(ctx context.Context) (appID, selfID string, err error) {
	err = d.startup(ctx, "asking Discord for the application id", func(opts ...discordgo.RequestOption) error {
		// Session.Application takes no request options (no context, its own
		// retries), so the request is made here as it makes it.
		body, err := d.S.RequestWithBucketID("GET", discordgo.EndpointOAuth2Application("@me"), nil,
			discordgo.EndpointOAuth2Application(""), opts...)
		if err != nil {
			return err
		}
		var app discordgo.Application
		if err := json.Unmarshal(body, &app); err != nil {
			return fmt.Errorf("reading the application: %w", err)
		}
		appID = app.ID
		return nil
	})
	if err != nil {
		return "", "", fmt.Errorf("asking Discord for the application id: %w", err)
	}
	err = d.startup(ctx, "asking Discord for the bot's own user", func(opts ...discordgo.RequestOption) error {
		me, err := d.S.User("@me", opts...)
		if err == nil {
			selfID = me.ID
		}
		return err
	})
	if err != nil {
		return "", "", fmt.Errorf("asking Discord for the bot's own user: %w", err)
	}
	if appID == "" || selfID == "" {
		return "", "", fmt.Errorf("Discord named no id (application %q, bot user %q)", appID, selfID)
	}
	return appID, selfID, nil
}

// rebaseTransport sends every request for Discord's hosts to another base
// URL (a REST proxy, or the fake Discord in tests). discordgo computes its
// endpoint URLs once at start-up, so rewriting requests is the reliable way
// to redirect it.
type rebaseTransport struct {
	base *url.URL
	next http.RoundTripper
}

func (t rebaseTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r2 := r.Clone(r.Context())
	r2.URL.Scheme = t.base.Scheme
	r2.URL.Host = t.base.Host
	r2.Host = t.base.Host
	return t.next.RoundTrip(r2)
}

// NewSession makes a discordgo session for token that talks to apiBase.
func NewSession(token, apiBase string) (*discordgo.Session, error) {
	s, err := discordgo.New("Bot " + token)
	if err != nil {
		return nil, err
	}
	s.Identify.Intents = discordgo.IntentsGuilds
	s.StateEnabled = false
	var transport http.RoundTripper = &rateGate{next: http.DefaultTransport}
	if apiBase != "" && apiBase != "https://discord.com" {
		u, err := url.Parse(apiBase)
		if err != nil || u.Host == "" {
			return nil, errors.New("api_base must be a URL like https://discord.com")
		}
		transport = rebaseTransport{base: u, next: transport}
	}
	s.Client = &http.Client{Timeout: 20 * time.Second, Transport: transport}
	return s, nil
}
