package bot

import (
	"errors"
	"net/http"
	"net/url"
	"time"

	"github.com/bwmarrin/discordgo"
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
	RegisterCommands(appID, guildID string, cmds []*discordgo.ApplicationCommand) error
}

// SessionDiscord implements Discord with a discordgo session. Server errors
// (5xx) are retried a few times with a short backoff, since a lost board
// post is worse than a rare duplicate; discordgo itself already waits out
// 429s and retries 502s.
type SessionDiscord struct {
	S       *discordgo.Session
	Retries int           // extra attempts on 5xx; default 3
	Backoff time.Duration // first wait; doubles; default 200 ms
}

func (d *SessionDiscord) retry(op func() error) error {
	retries, wait := d.Retries, d.Backoff
	if retries == 0 {
		retries = 3
	}
	if wait == 0 {
		wait = 200 * time.Millisecond
	}
	err := op()
	for n := 0; n < retries && isServerError(err); n++ {
		time.Sleep(wait)
		wait *= 2
		err = op()
	}
	return err
}

func isServerError(err error) bool {
	var re *discordgo.RESTError
	return errors.As(err, &re) && re.Response != nil && re.Response.StatusCode >= 500
}

// discordCode returns Discord's JSON error code (10062, 50013, …) or 0.
func discordCode(err error) int {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Message != nil {
		return re.Message.Code
	}
	return 0
}

func (d *SessionDiscord) Respond(i *discordgo.Interaction, r *discordgo.InteractionResponse) error {
	// Not retried: a second callback would be refused with 40060.
	return d.S.InteractionRespond(i, r)
}

func (d *SessionDiscord) EditOriginal(i *discordgo.Interaction, e *discordgo.WebhookEdit) (m *discordgo.Message, err error) {
	err = d.retry(func() error { m, err = d.S.InteractionResponseEdit(i, e); return err })
	return m, err
}

func (d *SessionDiscord) Original(i *discordgo.Interaction) (m *discordgo.Message, err error) {
	err = d.retry(func() error { m, err = d.S.InteractionResponse(i); return err })
	return m, err
}

func (d *SessionDiscord) Followup(i *discordgo.Interaction, p *discordgo.WebhookParams) (m *discordgo.Message, err error) {
	err = d.retry(func() error { m, err = d.S.FollowupMessageCreate(i, true, p); return err })
	return m, err
}

func (d *SessionDiscord) Send(channelID string, ms *discordgo.MessageSend) (m *discordgo.Message, err error) {
	err = d.retry(func() error {
		for _, f := range ms.Files { // a retry must re-read attachments from the start
			if s, ok := f.Reader.(interface {
				Seek(int64, int) (int64, error)
			}); ok {
				s.Seek(0, 0)
			}
		}
		m, err = d.S.ChannelMessageSendComplex(channelID, ms)
		if discordCode(err) == 50083 {
			// The thread is archived (and so refuses posts): reopen it and
			// post again, so a reminder or result still reaches the players.
			archived := false
			if _, uerr := d.S.ChannelEdit(channelID, &discordgo.ChannelEdit{Archived: &archived}); uerr == nil {
				for _, f := range ms.Files {
					if s, ok := f.Reader.(interface {
						Seek(int64, int) (int64, error)
					}); ok {
						s.Seek(0, 0)
					}
				}
				m, err = d.S.ChannelMessageSendComplex(channelID, ms)
			}
		}
		return err
	})
	return m, err
}

func (d *SessionDiscord) Edit(e *discordgo.MessageEdit) (m *discordgo.Message, err error) {
	err = d.retry(func() error { m, err = d.S.ChannelMessageEditComplex(e); return err })
	return m, err
}

func (d *SessionDiscord) StartThread(channelID, messageID, name string) (c *discordgo.Channel, err error) {
	err = d.retry(func() error {
		c, err = d.S.MessageThreadStartComplex(channelID, messageID, &discordgo.ThreadStart{
			Name: name, AutoArchiveDuration: 10080, Type: discordgo.ChannelTypeGuildPublicThread,
		})
		return err
	})
	return c, err
}

func (d *SessionDiscord) AddThreadMember(threadID, userID string) error {
	return d.retry(func() error { return d.S.ThreadMemberAdd(threadID, userID) })
}

func (d *SessionDiscord) ArchiveThread(threadID string) error {
	archived := true
	return d.retry(func() error {
		_, err := d.S.ChannelEdit(threadID, &discordgo.ChannelEdit{Archived: &archived})
		return err
	})
}

func (d *SessionDiscord) RegisterCommands(appID, guildID string, cmds []*discordgo.ApplicationCommand) error {
	return d.retry(func() error {
		_, err := d.S.ApplicationCommandBulkOverwrite(appID, guildID, cmds)
		return err
	})
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
	if apiBase != "" && apiBase != "https://discord.com" {
		u, err := url.Parse(apiBase)
		if err != nil || u.Host == "" {
			return nil, errors.New("api_base must be a URL like https://discord.com")
		}
		s.Client = &http.Client{Timeout: 20 * time.Second, Transport: rebaseTransport{base: u, next: http.DefaultTransport}}
	}
	return s, nil
}
