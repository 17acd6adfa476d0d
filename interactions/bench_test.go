package interactions

import (
	"encoding/hex"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// BenchmarkSignedInteraction is the endpoint's own cost per interaction:
// read, verify the signature, decode, hand to the bot, write its answer.
func BenchmarkSignedInteraction(b *testing.B) {
	pub, priv, err := newKeyPair()
	if err != nil {
		b.Fatal(err)
	}
	ep, err := New(hex.EncodeToString(pub), &recorder{})
	if err != nil {
		b.Fatal(err)
	}
	answer := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}
	ep.Handle = func(i *discordgo.Interaction) { ep.Respond(i, answer) }
	now := time.Now()
	ep.Now = func() time.Time { return now }
	reqs := make([]*http.Request, b.N)
	for n := range reqs {
		// Each delivery its own interaction id, as Discord sends them.
		body := strings.Replace(commandBody, `"id":"111"`, `"id":"`+itoa(n)+`"`, 1)
		reqs[n] = signed(priv, now, body)
	}
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		w := httptest.NewRecorder()
		ep.ServeHTTP(w, reqs[n])
		if w.Code != http.StatusOK {
			b.Fatalf("status %d", w.Code)
		}
	}
}
