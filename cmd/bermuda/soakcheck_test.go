package main

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"os"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/bermudachess/bermuda/bot/fakediscord"
	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
)

// check compares what Discord saw with the database the bot left.
func (sk *soak) check() {
	t := sk.t
	// Interactions that reached the bot just before the SIGKILL (or into
	// its dead socket) may have died with it; everything else must have
	// exactly one answer. Handling one takes well under a second.
	killWindow := func(at time.Time) bool {
		return !at.Before(sk.killedAt.Add(-3*time.Second)) && at.Before(sk.restarted)
	}
	var latencies []time.Duration
	byType := map[int][]time.Duration{}
	delivered, cutShort, unanswered, deadSocket := 0, map[string]bool{}, 0, 0
	deliveredAt := map[string]time.Time{}
	var oldestCut time.Duration // how long before the kill the oldest let-off interaction arrived
	for id, st := range sk.fake.Interactions() {
		if st.Delivered.IsZero() {
			continue // sent while the bot had no gateway session: Discord says "did not respond"
		}
		delivered++
		deliveredAt[id] = st.Delivered
		if killWindow(st.Delivered) {
			cutShort[id] = true // its work may be unfinished
		}
		switch {
		case st.Callbacks > 1 || st.SecondAnswers > 0:
			t.Errorf("interaction %s (type %d) answered %d times", id, st.Type, st.Callbacks+st.SecondAnswers)
		case st.Callbacks == 0 && !cutShort[id]:
			t.Errorf("interaction %s (type %d), delivered %v, never answered (%d attempts)", id, st.Type, st.Delivered.Format("15:04:05.000"), st.Attempts)
		case st.Callbacks == 0:
			unanswered++
			oldestCut = max(oldestCut, sk.killedAt.Sub(st.Delivered))
			if st.Delivered.After(sk.killedAt) {
				deadSocket++ // written to the connection of a process already dead
			}
		}
		if !st.FirstCallback.IsZero() {
			latencies = append(latencies, st.FirstCallback.Sub(st.Delivered))
			byType[st.Type] = append(byType[st.Type], st.FirstCallback.Sub(st.Delivered))
		}
	}

	store, err := db.Open(sk.dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	ctx := context.Background()
	messages := sk.fake.AllMessages()
	byChannel := map[string][]fakediscord.Message{}
	pictures := 0
	followups := map[[2]string]int{} // (interaction, content) -> how often posted
	for _, m := range messages {
		byChannel[m.ChannelID] = append(byChannel[m.ChannelID], m)
		if m.Followup {
			key := [2]string{m.InteractionID, m.Content}
			if followups[key]++; followups[key] == 2 {
				t.Errorf("interaction %s: follow-up %q shown twice", m.InteractionID, m.Content)
			}
		}
		for _, f := range m.Files {
			if strings.HasSuffix(f.Name, ".png") {
				pictures++
				if _, err := png.Decode(bytes.NewReader(f.Data)); err != nil {
					t.Errorf("%s in message %s does not decode: %v", f.Name, m.ID, err)
				}
			}
		}
	}
	stored, unannounced := 0, 0
	storedBy := map[string]string{} // interaction id -> the move it stored
	for _, g := range sk.games {
		if g.thread == "" {
			continue
		}
		row, err := store.GameByThread(ctx, g.thread)
		if err != nil {
			t.Errorf("%s game in %s: %v", g.variant, g.thread, err)
			continue
		}
		moves, err := store.Moves(ctx, row.ID)
		if err != nil {
			t.Errorf("game %d: %v", row.ID, err)
			continue
		}
		stored += len(moves)
		for k, m := range moves {
			// One interaction, one move: a doubled move is a second row
			// from the same /move (the unique ply only stops the same ply).
			here := fmt.Sprintf("game %d ply %d", row.ID, k+1)
			if prev, dup := storedBy[m.InteractionID]; dup && m.InteractionID != "" {
				t.Errorf("interaction %s stored two moves: %s and %s", m.InteractionID, prev, here)
			}
			storedBy[m.InteractionID] = here
		}
		for _, id := range sk.checkGame(row, moves, byChannel[g.thread], cutShort) {
			unannounced++
			oldestCut = max(oldestCut, sk.killedAt.Sub(deliveredAt[id]))
		}
	}

	pctOf := func(ds []time.Duration, p float64) time.Duration {
		if len(ds) == 0 {
			return 0
		}
		slices.Sort(ds)
		return ds[min(len(ds)-1, int(float64(len(ds))*p))].Round(100 * time.Microsecond)
	}
	pct := func(p float64) time.Duration { return pctOf(latencies, p) }
	for typ, ds := range byType {
		t.Logf("interaction type %d: %d answered, first callback p50 %v p99 %v", typ, len(ds), pctOf(ds, 0.5), pctOf(ds, 0.99))
	}
	f := sk.fake.Faults()
	summary := fmt.Sprintf("soak: %d games, %d players, %d interactions delivered (cut short by the SIGKILL: %d unanswered, %d of them sent to the dead process; %d moves stored but not or not fully announced; the oldest arrived %v before the kill), first callback p50 %v p99 %v max %v; "+
		"%d moves stored in %.1f s (%.1f moves/s), %d pictures decoded; faults injected: %d×500, %d×500 after the work, %d×429, %d dropped, %d dropped after the work; %d gateway RESUMEs",
		len(sk.games), len(sk.users), delivered, unanswered, deadSocket, unannounced, oldestCut.Round(time.Millisecond), pct(0.50), pct(0.99), pct(1), stored, sk.played.Seconds(), float64(stored)/sk.played.Seconds(), pictures,
		f.ServerErrors, f.ServerErrorsAfter, f.RateLimits, f.Drops, f.DropsAfter, sk.fake.Resumes())
	t.Log(summary)
	if os.Getenv("BERMUDA_SOAK") == "full" {
		fmt.Println(summary)
	}
	if sk.fake.Sessions() > 0 && sk.fake.Resumes() == 0 { // HTTP delivery has no gateway
		t.Error("the gateway disconnect was not followed by a RESUME")
	}
	if stored == 0 {
		t.Error("no move was stored")
	}
}

var playedRE = regexp.MustCompile(`played \*\*(.+?)\*\*`)

// shownMove is a move as the players saw it in the thread: the message
// that announced it and the dice messages after it.
type shownMove struct {
	notation, interaction string
	dice                  []string
}

func shownMoves(thread []fakediscord.Message) []shownMove {
	var out []shownMove
	for _, m := range thread {
		if m.Ephemeral {
			continue
		}
		if sm := playedRE.FindStringSubmatch(m.Content); sm != nil {
			out = append(out, shownMove{notation: sm[1], interaction: m.InteractionID})
		} else if strings.HasPrefix(m.Content, "🎲") && len(out) > 0 {
			out[len(out)-1].dice = append(out[len(out)-1].dice, m.Content)
		}
	}
	return out
}

// checkGame: the stored log replays with every move legal where it was
// played; the thread shows every stored move once, in order, each with
// the dice messages its stored rolls give; nothing shown is missing from
// the store. Only a move whose interaction was cut short by the SIGKILL
// may be stored but unannounced (the next /board shows it).
// It returns the interactions of the moves let off because the kill cut
// them short.
func (sk *soak) checkGame(row db.Game, moves []db.Move, thread []fakediscord.Message, cutShort map[string]bool) (letOff []string) {
	t := sk.t
	rec := games.Record{Variant: row.Variant, Setup: row.Setup, StartRolls: row.StartRolls}
	for _, m := range moves {
		rec.Plies = append(rec.Plies, games.Ply{Move: m.Notation, Rolls: m.Rolls})
	}
	dice := make([][]string, len(moves))
	_, err := games.ReplayEach(rec, func(st games.ReplayStep) {
		if st.Index < 0 {
			return
		}
		legal := slices.ContainsFunc(st.Before.LegalMoves(), func(m games.Move) bool { return m.Notation == st.Move.Notation })
		if !legal {
			t.Errorf("game %d ply %d: %s was not among the legal moves", row.ID, st.Index+1, st.Move.Notation)
		}
		for _, e := range games.DiceEvents(st.Events) {
			text := strings.ReplaceAll(e.Text, "Player 1", "<@"+row.Players[0]+">")
			dice[st.Index] = append(dice[st.Index], strings.ReplaceAll(text, "Player 2", "<@"+row.Players[1]+">"))
		}
	})
	if err != nil {
		t.Errorf("game %d (%s) does not replay: %v", row.ID, row.Variant, err)
		return nil
	}
	shown := shownMoves(thread)
	seen := map[string]bool{}
	j := 0
	for k, m := range moves {
		if j < len(shown) && shown[j].notation == m.Notation && (shown[j].interaction == "" || shown[j].interaction == m.InteractionID) {
			if id := shown[j].interaction; id != "" && seen[id] {
				t.Errorf("game %d: interaction %s announced two moves", row.ID, id)
			}
			seen[shown[j].interaction] = true
			if !sameDice(shown[j].dice, dice[k]) {
				if cutShort[m.InteractionID] {
					letOff = append(letOff, m.InteractionID)
				} else {
					t.Errorf("game %d ply %d (%s): dice shown %q, stored rolls give %q", row.ID, k+1, m.Notation, shown[j].dice, dice[k])
				}
			}
			j++
			continue
		}
		if cutShort[m.InteractionID] {
			letOff = append(letOff, m.InteractionID)
		} else {
			t.Errorf("game %d ply %d (%s, interaction %s) is stored but was never shown", row.ID, k+1, m.Notation, m.InteractionID)
		}
	}
	if j != len(shown) {
		t.Errorf("game %d (%s): players were shown %d moves, the store matches %d of them in order (stored %d)", row.ID, row.Variant, len(shown), j, len(moves))
	}
	return letOff
}

// sameDice: one dice message per roll event, each saying what the roll did.
func sameDice(shown, want []string) bool {
	if len(shown) != len(want) {
		return false
	}
	for n := range want {
		if !strings.Contains(shown[n], want[n]) {
			return false
		}
	}
	return true
}
