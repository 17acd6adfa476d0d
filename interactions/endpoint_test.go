package interactions

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// recorder is the REST side: it records what would have gone over REST.
type recorder struct {
	mu        sync.Mutex
	callbacks []*discordgo.InteractionResponse
	edits     []*discordgo.WebhookEdit
	followups []*discordgo.WebhookParams
}

func (r *recorder) Respond(_ *discordgo.Interaction, resp *discordgo.InteractionResponse) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.callbacks = append(r.callbacks, resp)
	return nil
}

func (r *recorder) EditOriginal(_ *discordgo.Interaction, e *discordgo.WebhookEdit) (*discordgo.Message, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.edits = append(r.edits, e)
	return &discordgo.Message{ID: "orig"}, nil
}

func (r *recorder) Followup(_ *discordgo.Interaction, p *discordgo.WebhookParams) (*discordgo.Message, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.followups = append(r.followups, p)
	return &discordgo.Message{ID: "follow"}, nil
}

func (r *recorder) counts() (callbacks, edits, followups int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.callbacks), len(r.edits), len(r.followups)
}

// deleter is a REST side that can delete a placeholder.
type deleter struct {
	recorder
	deleted int
}

func (d *deleter) DeleteOriginal(*discordgo.Interaction) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.deleted++
	return nil
}

// harness is an Endpoint behind a real HTTP server, a Discord-side signer
// and a bot whose behaviour each test sets.
type harness struct {
	t    *testing.T
	ep   *Endpoint
	rest REST
	srv  *httptest.Server
	sign func(body string) *http.Request
}

func newHarness(t *testing.T, rest REST, handle func(ep *Endpoint, i *discordgo.Interaction)) *harness {
	t.Helper()
	pub, priv := newKey(t)
	ep, err := New(hex.EncodeToString(pub), rest)
	if err != nil {
		t.Fatal(err)
	}
	ep.Handle = func(i *discordgo.Interaction) { handle(ep, i) }
	srv := httptest.NewServer(ep)
	t.Cleanup(srv.Close)
	h := &harness{t: t, ep: ep, rest: rest, srv: srv}
	h.sign = func(body string) *http.Request {
		req := signed(priv, time.Now(), body)
		req.RequestURI = ""
		req.URL.Scheme, req.URL.Host = "http", strings.TrimPrefix(srv.URL, "http://")
		return req
	}
	return h
}

// post delivers body signed and returns the status and the response body.
func (h *harness) post(body string) (int, string) {
	h.t.Helper()
	resp, err := http.DefaultClient.Do(h.sign(body))
	if err != nil {
		h.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		h.t.Fatal(err)
	}
	return resp.StatusCode, string(b)
}

func decode(t *testing.T, body string) discordgo.InteractionResponse {
	t.Helper()
	var r discordgo.InteractionResponse
	if err := json.Unmarshal([]byte(body), &r); err != nil {
		t.Fatalf("response body %q: %v", body, err)
	}
	return r
}

func TestPingGetsPong(t *testing.T) {
	h := newHarness(t, &recorder{}, func(*Endpoint, *discordgo.Interaction) { t.Error("a PING reached the bot") })
	code, body := h.post(`{"id":"1","application_id":"9","type":1,"token":"t","version":1}`)
	if code != http.StatusOK || strings.TrimSpace(body) != `{"type":1}` {
		t.Fatalf("PING answered %d %q, want 200 {\"type\":1}", code, body)
	}
}

func TestFirstAnswerIsTheResponseBody(t *testing.T) {
	rest := &recorder{}
	h := newHarness(t, rest, func(ep *Endpoint, i *discordgo.Interaction) {
		if i.ApplicationCommandData().Name != "help" {
			t.Errorf("the bot got %+v", i)
		}
		err := ep.Respond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "How to play", Flags: discordgo.MessageFlagsEphemeral}})
		if err != nil {
			t.Errorf("Respond: %v", err)
		}
		// Anything after the first answer goes over REST, as in gateway mode.
		ep.Respond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponsePong})
		ep.rest.Followup(i, &discordgo.WebhookParams{Content: "more"})
	})
	code, body := h.post(commandBody)
	got := decode(t, body)
	if code != http.StatusOK || got.Type != discordgo.InteractionResponseChannelMessageWithSource ||
		got.Data.Content != "How to play" || got.Data.Flags != discordgo.MessageFlagsEphemeral {
		t.Fatalf("answered %d %q", code, body)
	}
	waitIdle(t, h.ep)
	if c, e, f := rest.counts(); c != 1 || e != 0 || f != 1 {
		t.Fatalf("REST got %d callbacks, %d edits, %d follow-ups; want the second answer and the follow-up only", c, e, f)
	}
}

func TestInteractionsNotDeliveredOverHTTPGoToREST(t *testing.T) {
	rest := &recorder{}
	ep, err := New(strings.Repeat("ab", 32), rest)
	if err != nil {
		t.Fatal(err)
	}
	if err := ep.Respond(&discordgo.Interaction{ID: "gw"}, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}); err != nil {
		t.Fatal(err)
	}
	if c, _, _ := rest.counts(); c != 1 {
		t.Fatalf("%d REST callbacks, want 1", c)
	}
}

// waitIdle waits until no handler is running, so REST counts are final.
func waitIdle(t *testing.T, ep *Endpoint) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		ep.mu.Lock()
		n := len(ep.pending)
		ep.mu.Unlock()
		if n == 0 {
			return
		}
	}
	t.Fatal("a handler never returned")
}

func TestHandlerThatNeverAnswersGetsNoContent(t *testing.T) {
	// The bot ignores a duplicate delivery: nothing may be acknowledged.
	h := newHarness(t, &recorder{}, func(*Endpoint, *discordgo.Interaction) {})
	if code, body := h.post(commandBody); code != http.StatusNoContent || body != "" {
		t.Fatalf("answered %d %q, want 204 and no body", code, body)
	}
}

func TestOnlyPOSTAndNoHandlerMeansNotReady(t *testing.T) {
	ep, err := New(strings.Repeat("ab", 32), &recorder{})
	if err != nil {
		t.Fatal(err)
	}
	if ep.Ready() == nil {
		t.Fatal("ready without a handler")
	}
	w := httptest.NewRecorder()
	ep.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/interactions", nil))
	if w.Code != http.StatusMethodNotAllowed {
		t.Fatalf("GET answered %d", w.Code)
	}
}

func TestSignedGarbageIsABadRequest(t *testing.T) {
	h := newHarness(t, &recorder{}, func(*Endpoint, *discordgo.Interaction) { t.Error("garbage reached the bot") })
	if code, _ := h.post(`{"type":`); code != http.StatusBadRequest {
		t.Fatalf("answered %d, want 400", code)
	}
}

// slowBot answers only once release is closed, so the Endpoint's own
// defer has gone out first.
func slowBot(release <-chan struct{}, answer *discordgo.InteractionResponse, result chan<- error) func(*Endpoint, *discordgo.Interaction) {
	return func(ep *Endpoint, i *discordgo.Interaction) {
		<-release
		result <- ep.Respond(i, answer)
	}
}

func TestSlowAnswersBecomeEditsAndFollowups(t *testing.T) {
	public := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: "challenge posted"}}
	private := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: "not your turn", Flags: discordgo.MessageFlagsEphemeral}}
	update := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage,
		Data: &discordgo.InteractionResponseData{Content: "accepted", Components: []discordgo.MessageComponent{}}}
	deferPublic := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}
	button := `{"id":"222","application_id":"9","type":3,"token":"tok-222","version":1,"channel_id":"5","message":{"id":"m1","channel_id":"5"},"data":{"custom_id":"accept:1","component_type":2}}`

	cases := []struct {
		name              string
		body              string
		answer            *discordgo.InteractionResponse
		canDelete         bool
		wantBody          discordgo.InteractionResponseType
		edits, followups  int
		deleted           int
		wantEditedContent string
	}{
		{"public message after our public defer edits the placeholder", commandBody, public, false,
			discordgo.InteractionResponseDeferredChannelMessageWithSource, 1, 0, 0, "challenge posted"},
		{"private message goes as a private follow-up; placeholder noted", commandBody, private, false,
			discordgo.InteractionResponseDeferredChannelMessageWithSource, 1, 1, 0, "Answered privately."},
		{"private message; placeholder deleted when REST can", commandBody, private, true,
			discordgo.InteractionResponseDeferredChannelMessageWithSource, 0, 1, 1, ""},
		{"the bot's own defer needs nothing more", commandBody, deferPublic, false,
			discordgo.InteractionResponseDeferredChannelMessageWithSource, 0, 0, 0, ""},
		{"a button's update edits the clicked message", button, update, false,
			discordgo.InteractionResponseDeferredMessageUpdate, 1, 0, 0, "accepted"},
		{"a button's new message is a follow-up", button, private, false,
			discordgo.InteractionResponseDeferredMessageUpdate, 0, 1, 0, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := &deleter{}
			var rest REST = &d.recorder
			if c.canDelete {
				rest = d
			}
			release, result := make(chan struct{}), make(chan error, 1)
			h := newHarness(t, rest, slowBot(release, c.answer, result))
			h.ep.DeferAfter = time.Millisecond
			code, body := h.post(c.body)
			close(release)
			if err := <-result; err != nil {
				t.Fatalf("late Respond: %v", err)
			}
			if got := decode(t, body); code != http.StatusOK || got.Type != c.wantBody {
				t.Fatalf("body %d %q, want type %d", code, body, c.wantBody)
			}
			cb, e, f := d.counts()
			if cb != 0 || e != c.edits || f != c.followups || d.deleted != c.deleted {
				t.Fatalf("REST: %d callbacks, %d edits, %d follow-ups, %d deletes; want 0, %d, %d, %d",
					cb, e, f, d.deleted, c.edits, c.followups, c.deleted)
			}
			if c.wantEditedContent != "" && *d.edits[0].Content != c.wantEditedContent {
				t.Fatalf("edited to %q, want %q", *d.edits[0].Content, c.wantEditedContent)
			}
			if f == 1 && d.followups[0].Flags != c.answer.Data.Flags {
				t.Fatalf("follow-up flags %d, want %d", d.followups[0].Flags, c.answer.Data.Flags)
			}
		})
	}
}

func TestSlowAutocompleteGetsNoSuggestionsAndTheLateOnesAreRefused(t *testing.T) {
	release, result := make(chan struct{}), make(chan error, 1)
	choices := &discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "e2e4", Value: "e2e4"}}}}
	rest := &recorder{}
	h := newHarness(t, rest, slowBot(release, choices, result))
	h.ep.DeferAfter = time.Millisecond
	code, body := h.post(`{"id":"333","application_id":"9","type":4,"token":"tok-333","version":1,"channel_id":"5","data":{"id":"c","name":"move","type":1}}`)
	close(release)
	err := <-result
	if code != http.StatusOK || body != `{"type":8,"data":{"choices":[]}}` {
		t.Fatalf("answered %d %q, want an empty suggestion list", code, body)
	}
	var re *discordgo.RESTError
	if !errors.As(err, &re) || re.Message.Code != discordgo.ErrCodeUnknownInteraction || !strings.Contains(err.Error(), "10062") {
		t.Fatalf("late suggestions: %v, want Discord's 10062", err)
	}
	if c, e, f := rest.counts(); c+e+f != 0 {
		t.Fatal("late suggestions went over REST")
	}
}

func TestAnswerWithFilesIsADeferThenAnEdit(t *testing.T) {
	rest := &recorder{}
	export := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: "Game #3", Flags: discordgo.MessageFlagsEphemeral,
			Files: []*discordgo.File{{Name: "bermuda-game-3.txt", ContentType: "text/plain", Reader: strings.NewReader("1. e2e4")}}}}
	h := newHarness(t, rest, func(ep *Endpoint, i *discordgo.Interaction) {
		if err := ep.Respond(i, export); err != nil {
			t.Errorf("Respond: %v", err)
		}
	})
	code, body := h.post(commandBody)
	got := decode(t, body)
	if code != http.StatusOK || got.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource || got.Data.Flags != discordgo.MessageFlagsEphemeral {
		t.Fatalf("answered %d %q, want a private defer", code, body)
	}
	waitIdle(t, h.ep)
	if _, e, f := rest.counts(); e != 1 || f != 0 || len(rest.edits[0].Files) != 1 || *rest.edits[0].Content != "Game #3" {
		t.Fatalf("%d edits, %d follow-ups; want one edit carrying the file", e, f)
	}
}

func TestAnswerAfterDiscordHungUpIsExpired(t *testing.T) {
	pub, priv := newKey(t)
	ep, err := New(hex.EncodeToString(pub), &recorder{})
	if err != nil {
		t.Fatal(err)
	}
	ep.DeferAfter = time.Hour
	release, result := make(chan struct{}), make(chan error, 1)
	ep.Handle = func(i *discordgo.Interaction) {
		slowBot(release, &discordgo.InteractionResponse{Type: 5}, result)(ep, i)
	}
	ctx, cancel := context.WithCancel(context.Background())
	req := signed(priv, time.Now(), commandBody).WithContext(ctx)
	served := make(chan struct{})
	go func() { ep.ServeHTTP(httptest.NewRecorder(), req); close(served) }()
	cancel()
	<-served
	close(release)
	var re *discordgo.RESTError
	if err := <-result; !errors.As(err, &re) || re.Message.Code != discordgo.ErrCodeUnknownInteraction {
		t.Fatalf("answer after hang-up: %v, want 10062", err)
	}
}

func TestSameInteractionTwiceAtOnceIsHandledOnce(t *testing.T) {
	release, result := make(chan struct{}), make(chan error, 2)
	entered := make(chan struct{}, 2)
	h := newHarness(t, &recorder{}, func(ep *Endpoint, i *discordgo.Interaction) {
		entered <- struct{}{}
		slowBot(release, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}, result)(ep, i)
	})
	h.ep.DeferAfter = time.Hour
	first := make(chan int, 1)
	go func() { code, _ := h.post(commandBody); first <- code }()
	<-entered // the first delivery is being handled
	if code, body := h.post(commandBody); code != http.StatusNoContent || body != "" {
		t.Fatalf("second delivery answered %d %q, want 204", code, body)
	}
	close(release)
	if err := <-result; err != nil {
		t.Fatal(err)
	}
	if code := <-first; code != http.StatusOK {
		t.Fatalf("first delivery answered %d", code)
	}
	if len(entered) != 0 {
		t.Fatal("the bot saw the second delivery")
	}
}

// failingEdits is a REST side whose edits fail, as a 500 would.
type failingEdits struct{ recorder }

func (f *failingEdits) EditOriginal(*discordgo.Interaction, *discordgo.WebhookEdit) (*discordgo.Message, error) {
	return nil, errors.New("HTTP 500 Internal Server Error")
}

// TestFailedEditAfterTheDeferIsStillAnswered: when the HTTP body carried a
// defer and the edit that was to follow fails, Respond says the
// interaction is acknowledged, so the bot follows up instead of answering
// a second time.
func TestFailedEditAfterTheDeferIsStillAnswered(t *testing.T) {
	update := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage,
		Data: &discordgo.InteractionResponseData{Content: "picker",
			Files: []*discordgo.File{{Name: "picker.png", ContentType: "image/png", Reader: strings.NewReader("png")}}}}
	got := make(chan error, 1)
	h := newHarness(t, &failingEdits{}, func(ep *Endpoint, i *discordgo.Interaction) { got <- ep.Respond(i, update) })
	code, body := h.post(commandBody)
	if code != http.StatusOK || decode(t, body).Type != discordgo.InteractionResponseDeferredMessageUpdate {
		t.Fatalf("answered %d %q, want a deferred update", code, body)
	}
	err := <-got
	var ack *AcknowledgedError
	if !errors.As(err, &ack) || !ack.Answered() {
		t.Fatalf("Respond after a failed edit: %v, want an AcknowledgedError", err)
	}
}
