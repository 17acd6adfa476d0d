package bot

import (
	"bytes"
	"io"
	"net/http"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// notYet answers edits of the original with "Unknown Message" until its
// third try, as Discord does while it has not yet read the HTTP body that
// makes the message; it keeps what each try uploaded.
type notYet struct {
	Discord
	tries   int
	uploads [][]byte
}

func (n *notYet) EditOriginal(_ *discordgo.Interaction, e *discordgo.WebhookEdit) (*discordgo.Message, error) {
	n.tries++
	data, _ := io.ReadAll(e.Files[0].Reader)
	n.uploads = append(n.uploads, data)
	if n.tries < 3 {
		return nil, &discordgo.RESTError{Response: &http.Response{StatusCode: 404, Status: "404 Not Found"},
			Message: &discordgo.APIErrorMessage{Code: 10008, Message: "Unknown Message"}}
	}
	return &discordgo.Message{ID: "m1"}, nil
}

func TestEditOfAnOriginalNotYetMadeIsTriedAgain(t *testing.T) {
	rest := &notYet{}
	d := httpDiscord{Discord: rest}
	picture := []byte("\x89PNG not really")
	text := "played e4"
	m, err := d.EditOriginal(&discordgo.Interaction{ID: "1"}, &discordgo.WebhookEdit{Content: &text,
		Files: []*discordgo.File{{Name: "board.png", Reader: bytes.NewReader(picture)}}})
	if err != nil || m.ID != "m1" {
		t.Fatalf("after two 10008s: %v, %v", m, err)
	}
	for n, up := range rest.uploads {
		if !bytes.Equal(up, picture) {
			t.Errorf("try %d uploaded %q, want the whole picture", n+1, up)
		}
	}
}
