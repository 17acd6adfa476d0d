package bot

import (
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/bot/fakediscord"
)

// The retry rules, one by one, with the real discordgo client against the
// fake Discord (no gateway needed: the interactions are only registered).

const serverError = `{"message":"500: Internal Server Error","code":0}`

func retryRig(t *testing.T) (*fakediscord.Server, *SessionDiscord) {
	t.Helper()
	fake := fakediscord.New()
	t.Cleanup(fake.Close)
	s, err := NewSession(testToken, fake.URL())
	if err != nil {
		t.Fatal(err)
	}
	return fake, &SessionDiscord{S: s, Backoff: 5 * time.Millisecond, CallbackWindow: time.Second, PostBudget: 2 * time.Second}
}

// newInteraction registers an interaction in the fake's lobby channel.
func newInteraction(t *testing.T, fake *fakediscord.Server) *discordgo.Interaction {
	t.Helper()
	id := fake.NewID()
	tok, err := fake.Send(fakediscord.Interaction{ID: id, Type: 2, User: ann, ChannelID: lobbyID, Name: "board"})
	if err != nil {
		t.Fatal(err)
	}
	return &discordgo.Interaction{ID: id, Token: tok, AppID: fake.AppID, ChannelID: lobbyID, Type: discordgo.InteractionApplicationCommand}
}

var deferReply = &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}

func TestCallbackRetriedAfterServerError(t *testing.T) {
	fake, dc := retryRig(t)
	i := newInteraction(t, fake)
	fake.Fail("POST", "/interactions/", 500, serverError, 1)
	if err := dc.Respond(i, deferReply); err != nil {
		t.Fatalf("500 then 204: %v", err)
	}
	if st := fake.Interactions()[i.ID]; st.Callbacks != 1 || st.Attempts != 2 {
		t.Fatalf("callbacks %d in %d attempts, want 1 in 2", st.Callbacks, st.Attempts)
	}
}

func TestCallbackHonoursRetryAfter(t *testing.T) {
	fake, dc := retryRig(t)
	i := newInteraction(t, fake)
	var pauses []time.Duration
	dc.sleep = func(d time.Duration) { pauses = append(pauses, d); time.Sleep(d) }
	fake.Fail("POST", "/interactions/", 429, `{"message":"You are being rate limited.","retry_after":0.3,"global":false}`, 1)
	if err := dc.Respond(i, deferReply); err != nil {
		t.Fatalf("429 then 204: %v", err)
	}
	// The backoff alone would wait 5 to 7.5 ms; Discord asked for 300.
	if len(pauses) != 1 || pauses[0] != 300*time.Millisecond {
		t.Fatalf("waited %v between attempts, want retry_after's 300ms once", pauses)
	}
	if st := fake.Interactions()[i.ID]; st.Callbacks != 1 || st.Attempts != 2 {
		t.Fatalf("callbacks %d in %d attempts, want 1 in 2", st.Callbacks, st.Attempts)
	}
}

func TestCallbackThatLandedDespiteServerErrorIsNotAnsweredTwice(t *testing.T) {
	fake, dc := retryRig(t)
	i := newInteraction(t, fake)
	fake.FailAfter("POST", "/interactions/", 500, serverError, 1)
	if err := dc.Respond(i, deferReply); err != nil {
		t.Fatalf("500 (landed), then 40060: want success, got %v", err)
	}
	st := fake.Interactions()[i.ID]
	if st.Callbacks != 1 || st.Attempts != 2 || st.SecondAnswers != 0 {
		t.Fatalf("callbacks %d in %d attempts (%d second answers), want 1 in 2 (none)", st.Callbacks, st.Attempts, st.SecondAnswers)
	}
	// Without an earlier failure, 40060 is a real refusal, and the fake
	// counts the answer the bot had no reason to try.
	if err := dc.Respond(i, deferReply); discordCode(err) != 40060 {
		t.Fatalf("a second answer: %v, want 40060", err)
	}
	if st := fake.Interactions()[i.ID]; st.SecondAnswers != 1 {
		t.Fatalf("%d second answers counted, want 1", st.SecondAnswers)
	}
}

func TestCallbackGivesUpWhenTheWindowCloses(t *testing.T) {
	fake, dc := retryRig(t)
	dc.CallbackWindow = 200 * time.Millisecond
	i := newInteraction(t, fake)
	fake.Fail("POST", "/interactions/", 503, serverError, 1000)
	if err := dc.Respond(i, deferReply); err == nil {
		t.Fatal("a callback that never got through reported success")
	}
	i2 := newInteraction(t, fake)
	fake.ClearFaults()
	fake.Fail("POST", "/interactions/", 404, `{"code":10062,"message":"Unknown interaction"}`, 1)
	if err := dc.Respond(i2, deferReply); discordCode(err) != 10062 {
		t.Fatalf("expired token: %v", err)
	}
	if st := fake.Interactions()[i2.ID]; st.Attempts != 1 {
		t.Fatalf("an expired token was tried %d times", st.Attempts)
	}
}

func followups(fake *fakediscord.Server, content string) int {
	n := 0
	for _, m := range fake.Messages(lobbyID) {
		if m.Followup && m.Content == content {
			n++
		}
	}
	return n
}

func TestFollowupAfterServerErrorAppearsOnce(t *testing.T) {
	for _, landed := range []bool{false, true} {
		fake, dc := retryRig(t)
		i := newInteraction(t, fake)
		if err := dc.Respond(i, deferReply); err != nil {
			t.Fatal(err)
		}
		if landed {
			fake.FailAfter("POST", "/webhooks/", 500, serverError, 1)
		} else {
			fake.Fail("POST", "/webhooks/", 500, serverError, 1)
		}
		text := "the result, once"
		if _, err := dc.Followup(i, &discordgo.WebhookParams{Content: text}); err != nil {
			t.Fatalf("landed=%v: %v", landed, err)
		}
		if n := followups(fake, text); n != 1 {
			t.Fatalf("landed=%v: the follow-up appeared %d times", landed, n)
		}
	}
}

func TestEphemeralFollowupOfUnknownFateIsNotRepeated(t *testing.T) {
	fake, dc := retryRig(t)
	i := newInteraction(t, fake)
	dc.Respond(i, deferReply)
	fake.FailAfter("POST", "/webhooks/", 500, serverError, 1)
	text := "private note"
	if _, err := dc.Followup(i, &discordgo.WebhookParams{Content: text, Flags: discordgo.MessageFlagsEphemeral}); err == nil {
		t.Fatal("an unconfirmed ephemeral follow-up reported success")
	}
	if n := followups(fake, text); n != 1 {
		t.Fatalf("the ephemeral follow-up appeared %d times", n)
	}
	fake.Fail("POST", "/webhooks/", 429, `{"message":"rate limited","retry_after":0.01,"global":false}`, 1)
	if _, err := dc.Followup(i, &discordgo.WebhookParams{Content: "after a 429", Flags: discordgo.MessageFlagsEphemeral}); err != nil {
		t.Fatalf("a 429 proves nothing was posted, so it is retried: %v", err)
	}
}

func TestChannelPostWithNonceAppearsOnce(t *testing.T) {
	fake, dc := retryRig(t)
	for _, fail := range []func(string, string, int, string, int){fake.FailAfter, fake.Fail} {
		fail("POST", "/channels/"+lobbyID+"/messages", 500, serverError, 2)
	}
	m, err := dc.Send(lobbyID, &discordgo.MessageSend{Content: "posted once"})
	if err != nil {
		t.Fatal(err)
	}
	msgs := fake.Messages(lobbyID)
	if len(msgs) != 1 || msgs[0].ID != m.ID {
		t.Fatalf("%d messages after two lost answers and two refusals, want the one returned (%s)", len(msgs), m.ID)
	}
}

func TestGlobalRateLimitPausesEveryRoute(t *testing.T) {
	fake, dc := retryRig(t)
	fake.GlobalLimit(400 * time.Millisecond)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		if _, err := dc.Send(lobbyID, &discordgo.MessageSend{Content: "first"}); err != nil {
			t.Error(err)
		}
	}()
	// Wait until the bot has read the 429 (its transport holds the pause).
	gate := dc.S.Client.Transport.(rebaseTransport).next.(*rateGate)
	for deadline := time.Now().Add(testWait); gate.until.Load() == 0; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the global 429 was never read")
		}
	}
	for _, ch := range []string{"7001", "7002", "7003"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := dc.Send(ch, &discordgo.MessageSend{Content: "other route"}); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if v := fake.GlobalViolations(); v != 0 {
		t.Fatalf("%d requests were made during a global rate limit", v)
	}
	if f := fake.Faults(); f.GlobalLimits != 1 {
		t.Fatalf("%d global 429s, want the first request's only", f.GlobalLimits)
	}
}

func TestRecentIDsAreBoundedByTimeAndSize(t *testing.T) {
	r := newRecentIDs(time.Minute, 3)
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	if !r.first("a", t0) || r.first("a", t0.Add(time.Second)) {
		t.Fatal("a duplicate within the minute was not caught")
	}
	if !r.first("a", t0.Add(2*time.Minute)) {
		t.Fatal("an id older than the ttl was not forgotten")
	}
	for n, id := range []string{"b", "c", "d", "e"} {
		r.first(id, t0.Add(2*time.Minute+time.Duration(n)*time.Second))
	}
	if r.len() != 3 {
		t.Fatalf("%d ids kept, want at most 3", r.len())
	}
	if r.first("e", t0.Add(3*time.Minute)) {
		t.Fatal("the newest id was forgotten")
	}
}

// A network error names the URL it failed on; an interaction token in it
// would let whoever reads the log post as the bot, so errors hide it.
func TestInteractionTokenStaysOutOfErrors(t *testing.T) {
	s, err := NewSession(testToken, "http://127.0.0.1:1") // nothing listens on port 1
	if err != nil {
		t.Fatal(err)
	}
	dc := &SessionDiscord{S: s, Backoff: time.Millisecond, CallbackWindow: 50 * time.Millisecond, TokenLife: 50 * time.Millisecond}
	i := &discordgo.Interaction{ID: "1", Token: "tok-secret-interaction", AppID: "9", ChannelID: lobbyID, Type: discordgo.InteractionApplicationCommand}
	text := "x"
	_, errEdit := dc.EditOriginal(i, &discordgo.WebhookEdit{Content: &text})
	_, errOriginal := dc.Original(i)
	_, errFollowup := dc.Followup(i, &discordgo.WebhookParams{Content: text})
	for name, err := range map[string]error{"callback": dc.Respond(i, deferReply), "edit": errEdit, "original": errOriginal, "follow-up": errFollowup} {
		if err == nil {
			t.Errorf("%s: no error from a server that is not there", name)
			continue
		}
		if strings.Contains(err.Error(), i.Token) {
			t.Errorf("%s: the token is in the error: %v", name, err)
		}
		if kind, _ := classify(err); kind != unknownFate {
			t.Errorf("%s: %v no longer reads as a network error", name, err)
		}
	}
}

// Discord's 3 seconds start when the interaction arrives: time spent before
// the first answer is not given back to the retries.
func TestCallbackWindowCountsFromArrival(t *testing.T) {
	fake, dc := retryRig(t) // a 1 s window
	fake.Fail("POST", "/interactions/", 503, serverError, 1000)
	late := newInteraction(t, fake)
	if err := dc.RespondSince(late, deferReply, time.Now().Add(-2*time.Second)); err == nil {
		t.Fatal("a callback that never got through reported success")
	}
	if st := fake.Interactions()[late.ID]; st.Attempts != 1 {
		t.Fatalf("%d attempts after the window had closed, want the one that was already under way", st.Attempts)
	}
	fresh := newInteraction(t, fake)
	dc.RespondSince(fresh, deferReply, time.Now())
	if st := fake.Interactions()[fresh.ID]; st.Attempts < 2 {
		t.Fatalf("%d attempts within an open window, want retries", st.Attempts)
	}
}

// Start-up calls have no deadline: a failure that may pass (here twelve
// 500s in a row, beyond any other rule's budget) is tried again until the
// answer comes; one that will not (401: a bad token) ends at once; and
// shutdown ends the waiting.
func TestStartUpCallsRetryUntilAnsweredRefusedOrStopped(t *testing.T) {
	fake, dc := retryRig(t)
	var logs syncBuffer
	dc.Log = slog.New(slog.NewTextHandler(&logs, nil))
	var waited time.Duration
	dc.sleep = func(d time.Duration) { waited += d } // the pauses, without waiting them
	fake.Fail("GET", "/users/@me", 500, serverError, 12)
	app, self, err := dc.Identify(t.Context())
	if err != nil || app != fake.AppID || self != fake.BotID {
		t.Fatalf("after twelve 500s: %q, %q, %v", app, self, err)
	}
	if waited < 10*time.Second {
		t.Errorf("paused %v in all between twelve attempts, want the backoff's growth to 5 s", waited)
	}
	if n := strings.Count(logs.String(), "asking Discord for the bot's own user: failed; trying again"); n != 12 {
		t.Errorf("%d failed attempts logged, want 12:\n%s", n, logs.String())
	}
	if strings.Contains(logs.String(), testToken) {
		t.Error("the token was logged")
	}

	fake.Fail("GET", "/oauth2/applications/@me", 401, `{"message":"401: Unauthorized","code":0}`, 100)
	if _, _, err := dc.Identify(t.Context()); err == nil || !strings.Contains(err.Error(), "401") {
		t.Fatalf("a 401: %v", err)
	}
	fake.ClearFaults()

	fake.Fail("GET", "/oauth2/applications/@me", 503, serverError, 1000)
	ctx, stop := context.WithCancel(t.Context())
	dc.sleep = func(time.Duration) { stop() } // shut down during the first pause
	if _, _, err := dc.Identify(ctx); err == nil {
		t.Fatal("a start-up call went on after shutdown")
	}
}

// A thread made though its answer was lost, and the look that follows
// losing its answer too: the look is read again, the thread is found, and
// the caller gets it (before, the game was cancelled beside a thread that
// existed).
func TestThreadStartedThoughTheAnswerAndALookWereLost(t *testing.T) {
	fake, dc := retryRig(t)
	parent, err := dc.Send(lobbyID, &discordgo.MessageSend{Content: "a challenge"})
	if err != nil {
		t.Fatal(err)
	}
	fake.FailAfter("POST", "/channels/"+lobbyID+"/messages/"+parent.ID+"/threads", 500, serverError, 1)
	fake.Fail("GET", "/channels/"+parent.ID, 500, serverError, 2)
	th, err := dc.StartThread(lobbyID, parent.ID, "Chess · ann vs bob")
	if err != nil || th == nil || th.ID != parent.ID {
		t.Fatalf("StartThread after a lost answer and two lost looks: %+v, %v", th, err)
	}
	if !fake.Wait(0, func(s *fakediscord.Server) bool { return s.HasChannelLocked(parent.ID) }) {
		t.Fatal("no thread in the fake")
	}
}
