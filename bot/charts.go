package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/render"
)

// ratingSeries turns a player's rating history into one chart line per
// variant, in the order the variants were first played: the rating before
// the first rated game (at its start), then the rating after each game.
func ratingSeries(steps []db.RatingStep) []render.RatingSeries {
	var out []render.RatingSeries
	index := map[string]int{}
	for _, st := range steps {
		i, ok := index[st.Variant]
		if !ok {
			i = len(out)
			index[st.Variant] = i
			out = append(out, render.RatingSeries{Label: variantName(st.Variant),
				Points: []render.RatingPoint{{At: st.StartedAt, Rating: st.Before, RD: st.RDBefore}}})
		}
		out[i].Points = append(out[i].Points, render.RatingPoint{At: st.EndedAt, Rating: st.After, RD: st.RDAfter})
	}
	return out
}

// statsAnswer answers /stats privately with its text and, once the player
// has a rated game on this server, a chart of their rating over time (±
// its deviation) with a line per variant.
func (b *Bot) statsAnswer(ctx context.Context, r *request, userID, text string) error {
	steps, err := b.store.RatingHistory(ctx, r.i.GuildID, userID)
	if err != nil {
		return err
	}
	if len(steps) == 0 {
		return r.ephemeral(text)
	}
	r.deferEphemeral() // the chart takes a moment
	drawing <- struct{}{}
	png, err := render.RatingChart(ratingSeries(steps), render.ChartOptions{Title: "Rating ± deviation, " + b.name(ctx, userID)})
	<-drawing
	if err != nil {
		return fmt.Errorf("drawing the rating chart: %w", err)
	}
	embeds := []*discordgo.MessageEmbed{{Description: clip(text, embedDescriptionMax), Color: 0x1f6f8b,
		Image: &discordgo.MessageEmbedImage{URL: "attachment://ratings.png"}}}
	files := []*discordgo.File{pngFile("ratings.png", png, ratingChartAlt(b.name(ctx, userID), ratingSeries(steps)))}
	if r.deferred {
		_, err = b.dc.EditOriginal(r.i, &discordgo.WebhookEdit{Embeds: &embeds, Files: files, AllowedMentions: noPings})
		return err
	}
	return r.respond(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: &discordgo.InteractionResponseData{
		Flags: discordgo.MessageFlagsEphemeral, Embeds: embeds, Files: files, AllowedMentions: noPings,
	}})
}

// ratingChartAlt is the rating chart in words: each variant's line from
// its first rating to its last.
func ratingChartAlt(name string, series []render.RatingSeries) string {
	var lines []string
	for _, s := range series {
		if len(s.Points) == 0 {
			continue
		}
		first, last := s.Points[0], s.Points[len(s.Points)-1]
		lines = append(lines, fmt.Sprintf("%s from %.0f to %.0f (± %.0f) over %s", s.Label, first.Rating, last.Rating, last.RD,
			plural(len(s.Points)-1, "rated game")))
	}
	return fmt.Sprintf("Rating chart of %s over time, one line per variant with its deviation as a band: %s.", name, strings.Join(lines, "; "))
}
