package bot

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/picker"
)

// Pictures with words: every picture the bot posts carries Discord's
// attachment description (alt text), which screen readers read and
// Discord shows on hover. discordgo v0.29's File has no description, and
// its MessageAttachment none either, so a picture's description rides in
// its reader (describedFile, altOf), and SessionDiscord adds the "attachments"
// array Discord reads it from ({"id": n, "description": …} for files[n])
// to the JSON part of a request with files (withAttachments).

// altMax is Discord's limit on an attachment's description.
const altMax = 1024

// described is a file's contents with its description.
type described struct {
	io.Reader
	alt string
}

// describedFile is a file to attach, described by alt.
func describedFile(name, contentType string, data []byte, alt string) *discordgo.File {
	return &discordgo.File{Name: name, ContentType: contentType, Reader: &described{bytes.NewReader(data), clip(alt, altMax)}}
}

// pngFile is a PNG picture to attach, described by alt.
func pngFile(name string, data []byte, alt string) *discordgo.File {
	return describedFile(name, "image/png", data, alt)
}

// altOf is a file's description ("" for none).
func altOf(f *discordgo.File) string {
	if d, ok := f.Reader.(*described); ok {
		return d.alt
	}
	return ""
}

// attachmentsOf is the "attachments" array describing files, or nil when
// none of them has a description (the request is then sent as before).
func attachmentsOf(files []*discordgo.File) []any {
	has := false
	out := make([]any, len(files))
	for n, f := range files {
		a := map[string]any{"id": n, "filename": f.Name}
		if alt := altOf(f); alt != "" {
			a["description"], has = alt, true
		}
		out[n] = a
	}
	if !has {
		return nil
	}
	return out
}

// withAttachments is payload as JSON with the files' descriptions added
// to its "attachments" (under nested, e.g. an interaction response's
// "data", when not ""), after any existing attachments it keeps; ok is
// false when no file has a description.
func withAttachments(payload any, nested string, files []*discordgo.File) (out map[string]any, ok bool, err error) {
	atts := attachmentsOf(files)
	if atts == nil {
		return nil, false, nil
	}
	b, err := json.Marshal(payload)
	if err != nil {
		return nil, false, err
	}
	if err := json.Unmarshal(b, &out); err != nil {
		return nil, false, err
	}
	target := out
	if nested != "" {
		inner, _ := out[nested].(map[string]any)
		if inner == nil {
			inner = map[string]any{}
			out[nested] = inner
		}
		target = inner
	}
	kept, _ := target["attachments"].([]any) // those an edit keeps, by their ids
	target["attachments"] = append(kept, atts...)
	return out, true, nil
}

// sendDescribed makes a request with files whose JSON part carries their
// descriptions; sent is false (and nothing sent) when no file has one.
func (d *SessionDiscord) sendDescribed(method, endpoint, bucket string, payload any, nested string, files []*discordgo.File,
	opts ...discordgo.RequestOption) (resp []byte, sent bool, err error) {
	body, ok, err := withAttachments(payload, nested, files)
	if err != nil || !ok {
		return nil, false, err
	}
	ct, data, err := discordgo.MultipartBodyWithJSON(body, files)
	if err != nil {
		return nil, true, err
	}
	resp, err = d.S.RequestRaw(method, endpoint, ct, data, bucket, 0, opts...)
	return resp, true, err
}

// unmarshalMessage reads the message a request answered with.
func unmarshalMessage(resp []byte, err error, m **discordgo.Message) error {
	if err != nil {
		return err
	}
	*m = &discordgo.Message{}
	return json.Unmarshal(resp, *m)
}

// boardAlt describes a board picture in words: the variant, the move
// number, whose move it is (or the result), the last move and what else
// its marks show (a vanishing, the dice's square, an attacked king).
func boardAlt(v games.View) string {
	var sb strings.Builder
	sb.WriteString(v.Variant + " board")
	if v.MoveNumber > 0 {
		fmt.Fprintf(&sb, ", move %d", v.MoveNumber)
	}
	if v.ToAct != "" {
		sb.WriteString(". " + strings.TrimSuffix(v.ToAct, "."))
	}
	if v.Status != "" {
		sb.WriteString(", " + strings.TrimSuffix(v.Status, "."))
	}
	sb.WriteString(".")
	name := func(cell int) string {
		if cell >= 0 && cell < len(v.Cells) {
			return v.Cells[cell].Name
		}
		return "?"
	}
	var from, to, vanished, dice, attacked []string
	for _, m := range v.Marks {
		switch m.Kind {
		case games.MarkFrom:
			from = append(from, name(m.Cell))
		case games.MarkTo:
			to = append(to, name(m.Cell))
		case games.MarkVanished:
			vanished = append(vanished, name(m.Cell))
		case games.MarkDice:
			dice = append(dice, name(m.Cell))
		case games.MarkAttackedKing:
			attacked = append(attacked, name(m.Cell))
		}
	}
	if len(to) > 0 {
		sb.WriteString(" Last move: ")
		if len(from) > 0 {
			sb.WriteString(strings.Join(from, " and ") + " to ")
		}
		sb.WriteString(strings.Join(to, " and "))
		for _, p := range v.Pieces {
			if !p.Ghost && len(to) == 1 && name(p.Cell) == to[0] {
				fmt.Fprintf(&sb, " (%s %s)", strings.ToLower(p.Side.String()), p.Kind)
			}
		}
		sb.WriteString(".")
	} else {
		sb.WriteString(" No move played yet.")
	}
	if len(dice) > 0 {
		fmt.Fprintf(&sb, " The dice named %s.", strings.Join(dice, " and "))
	}
	if len(vanished) > 0 {
		fmt.Fprintf(&sb, " A piece vanished on %s.", strings.Join(vanished, " and "))
	}
	if len(attacked) > 0 {
		fmt.Fprintf(&sb, " The king on %s is attacked.", strings.Join(attacked, " and "))
	}
	return sb.String()
}

// pickerAlt says what a picker step's picture marks.
func pickerAlt(st picker.Step) string {
	switch st.Stage {
	case picker.StagePiece:
		return "The pieces that can move are ringed; the menus below name them."
	case picker.StageTarget:
		return "The chosen piece's moves are marked; the menus below name them."
	}
	return "The menus below name the choices."
}
