package db

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bermudachess/bermuda/games"
)

// fillForCopy gives a SQLite store a bit of everything: settings, names,
// challenges, active, finished (rated), aborted and rematch games, a real
// chess game, dice, interaction claims and one game whose log no longer
// replays. It returns the id of the active toy game and the corrupt one.
func fillForCopy(t *testing.T, s *sqlStore) (active, corrupt int64) {
	t.Helper()
	if err := s.SetDefaultDays(bg, "g1", 5); err != nil {
		t.Fatal(err)
	}
	for id, name := range map[string]string{"alice": "Alice", "bob": "Bob"} {
		if err := s.UpsertPlayer(bg, id, name); err != nil {
			t.Fatal(err)
		}
	}
	open, _ := s.CreateChallenge(bg, Challenge{GuildID: "g1", ChallengerID: "alice", Variant: "dbtoy", ExpiresAt: time.Now().Add(time.Hour)})
	s.SetChallengeMessage(bg, open, "m1")
	taken, _ := s.CreateChallenge(bg, Challenge{GuildID: "g1", ChallengerID: "bob", Variant: "dbtoy", Color: "black"})
	won, err := s.AcceptChallenge(bg, taken, "alice", Game{GuildID: "g1", Variant: "dbtoy", Players: [2]string{"alice", "bob"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, mv := range []string{"roll", "roll", "pass", "pass", "win"} {
		if _, err := play(t, s, won, mv, games.Seeded(3)); err != nil {
			t.Fatal(err)
		}
	}
	rematch, err := s.CreateGame(bg, Game{GuildID: "g1", Variant: "dbtoy", Players: [2]string{"bob", "alice"}, RematchOf: won})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.EndGame(bg, rematch, End{Reason: "aborted"}); err != nil {
		t.Fatal(err)
	}
	active = newToyGame(t, s, "g2")
	s.SetGameThread(bg, active, "thread-1")
	if err := s.ClaimInteraction(bg, "i-1"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AppendMove(bg, active, 0, Move{Notation: "roll", PlayerID: "alice", Rolls: []int{6}, Dice: []string{"`6` → 6"}, InteractionID: "i-1"},
		time.Now().Add(time.Hour), time.Now().Add(time.Minute), nil); err != nil {
		t.Fatal(err)
	}
	s.SetDrawOffer(bg, active, 1)
	chess, err := s.CreateGame(bg, Game{GuildID: "g1", Variant: "chess", Players: [2]string{"alice", "bob"}})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 5))
	for i := 0; i < 30; i++ {
		g, pos, err := s.LoadGame(bg, chess)
		if err != nil {
			t.Fatal(err)
		}
		legal := pos.LegalMoves()
		if len(legal) == 0 {
			break
		}
		if _, err := playOn(s, g, pos, legal[rng.IntN(len(legal))].Notation, nil); err != nil {
			t.Fatal(err)
		}
	}
	corrupt = newToyGame(t, s, "g1")
	for _, mv := range []string{"roll", "pass"} {
		if _, err := play(t, s, corrupt, mv, games.Script(2)); err != nil {
			t.Fatal(err)
		}
	}
	tamper(t, s, fmt.Sprintf(`UPDATE moves SET rolls = '[9]' WHERE game_id = %d AND ply = 1`, corrupt))
	return active, corrupt
}

func copyCounts(r CopyReport) (source, added map[string]int64) {
	source, added = map[string]int64{}, map[string]int64{}
	for _, c := range r.Tables {
		source[c.Table], added[c.Table] = c.Source, c.Added
	}
	return source, added
}

func TestStoreCopyRefusesWrongEnds(t *testing.T) {
	dir := t.TempDir()
	if _, err := CopyToPostgres(bg, filepath.Join(dir, "none.db"), "postgres://x@127.0.0.1:1/x"); err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("missing source: %v", err)
	}
	if _, err := CopyToPostgres(bg, "postgres://x@127.0.0.1:1/x", "postgres://x@127.0.0.1:1/y"); err == nil || !strings.Contains(err.Error(), "must be a SQLite file") {
		t.Errorf("PostgreSQL source: %v", err)
	}
	path := filepath.Join(dir, "b.db")
	os.WriteFile(path, nil, 0o644)
	if _, err := CopyToPostgres(bg, path, filepath.Join(dir, "c.db")); err == nil || !strings.Contains(err.Error(), "must be a postgres:// URL") {
		t.Errorf("SQLite target: %v", err)
	}
}

func TestStoreCopyToPostgreSQL(t *testing.T) {
	needPostgres(t)
	src, path := openTemp(t)
	active, corrupt := fillForCopy(t, src)
	dst, url := openPostgresTemp(t)
	dst.Close() // the copy opens it itself

	// A finished game's review, claimed and done.
	if claim, _, err := src.ClaimReview(bg, corrupt-1, time.Now(), time.Minute); err != nil {
		t.Fatal(err)
	} else if ok, err := src.FinishReview(bg, corrupt-1, claim.ClaimedAt, `{"variant":"dbtoy"}`); !ok || err != nil {
		t.Fatalf("finishing a review: %v %v", ok, err)
	}
	// A puzzle solved (with both ratings) and a daily puzzle posted.
	pa, _, err := src.StartPuzzle(bg, PuzzleAttempt{UserID: "ann", Variant: "chess", PuzzleID: "p1"})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok, err := src.FinishPuzzle(bg, pa.ID, 0, true, 1300); !ok || err != nil {
		t.Fatalf("finishing a puzzle: %v %v", ok, err)
	}
	if err := src.SetPuzzleChannel(bg, "g1", "c1", "u1"); err != nil {
		t.Fatal(err)
	}
	if err := src.SetDefaultDays(bg, "g1", 5); err != nil { // migration 0010's days_chosen
		t.Fatal(err)
	}
	if err := src.SetPagesOff(bg, "g1", true); err != nil { // migration 0011's pages_off
		t.Fatal(err)
	}
	if d, _, err := src.ClaimDailyPuzzle(bg, DailyPuzzle{GuildID: "g1", Day: "2026-03-01", Variant: "chess", PuzzleID: "p1", ChannelID: "c1"}, time.Now(), time.Minute); err != nil {
		t.Fatal(err)
	} else if ok, err := src.SetDailyMessage(bg, "g1", d.Day, d.ClaimedAt, "m1"); !ok || err != nil {
		t.Fatalf("recording a daily post: %v %v", ok, err)
	}
	// A holiday, ended early.
	hid, err := src.AddHoliday(bg, Holiday{UserID: "ann", Start: time.Now(), End: time.Now().Add(48 * time.Hour)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := src.EndHoliday(bg, "ann", hid, time.Now().Add(time.Hour), nil); err != nil {
		t.Fatal(err)
	}
	// A player's notice setting (notices.go).
	if err := src.SetNotice(bg, "ann", NoticeDigest, 9, "2026-03-01"); err != nil {
		t.Fatal(err)
	}
	// A conditional line queued in the active game.
	if err := src.SetPremove(bg, Premove{GameID: active, OwnerID: "alice", Ply: 1, Moves: []string{"pass", "roll"}}); err != nil {
		t.Fatal(err)
	}
	// A draft of a line being built with the menus.
	if _, err := src.StartPremoveDraft(bg, PremoveDraft{GameID: active, OwnerID: "alice", Ply: 1, Moves: []string{"pass"}}); err != nil {
		t.Fatal(err)
	}
	first, err := CopyToPostgres(bg, path, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("first copy: %+v", first)
	source, added := copyCounts(first)
	var nGames int64
	src.read.QueryRowContext(bg, `SELECT COUNT(*) FROM games`).Scan(&nGames)
	if len(first.Tables) != len(copyTables) || source["games"] != nGames || source["moves"] < 38 || source["rating_changes"] != 2 ||
		source["interactions"] != 1 || source["challenges"] != 2 || source["ratings"] != 2 || source["servers"] != 2 || source["reviews"] != 1 ||
		source["puzzle_attempts"] != 1 || source["puzzle_players"] != 1 || source["puzzle_ratings"] != 1 || source["puzzle_channels"] != 1 || source["puzzle_dailies"] != 1 ||
		source["holidays"] != 1 || source["notice_settings"] != 1 || source["premoves"] != 1 ||
		source["premove_drafts"] != 1 {
		t.Fatalf("first copy: %+v", first)
	}
	for table, n := range source {
		if added[table] != n {
			t.Errorf("first copy added %d of %d %s", added[table], n, table)
		}
	}
	if first.Replayed != int(nGames)-1 || len(first.Corrupt) != 1 || first.Corrupt[0] != corrupt {
		t.Fatalf("replayed %d of %d games, corrupt %v", first.Replayed, nGames, first.Corrupt)
	}

	// Again: nothing new, nothing changed.
	again, err := CopyToPostgres(bg, path, url)
	if err != nil {
		t.Fatal(err)
	}
	if s2, a2 := copyCounts(again); fmt.Sprint(s2) != fmt.Sprint(source) || fmt.Sprint(a2) != fmt.Sprint(map[string]int64{
		"servers": 0, "players": 0, "games": 0, "challenges": 0, "moves": 0, "ratings": 0, "rating_changes": 0,
		"tournaments": 0, "tournament_players": 0, "tournament_games": 0, "interactions": 0, "reviews": 0,
		"puzzle_attempts": 0, "puzzle_players": 0, "puzzle_ratings": 0, "puzzle_channels": 0, "puzzle_dailies": 0,
		"holidays": 0, "notice_settings": 0, "premoves": 0, "premove_drafts": 0}) {
		t.Fatalf("second copy: %+v", again)
	}

	// The SQLite bot played on before the switch: a third copy catches up.
	if _, err := play(t, src, active, "pass", nil); err != nil {
		t.Fatal(err)
	}
	third, err := CopyToPostgres(bg, path, url)
	if err != nil {
		t.Fatal(err)
	}
	if _, a3 := copyCounts(third); a3["moves"] != 1 || a3["games"] != 0 {
		t.Fatalf("third copy: %+v", third)
	}

	// The bot now runs on PostgreSQL: new ids follow the copied ones, the
	// copied game plays on.
	pg := mustOpen(t, url)
	id, err := pg.CreateGame(bg, Game{GuildID: "g1", Variant: "dbtoy", Players: [2]string{"alice", "bob"}})
	if err != nil || id != nGames+1 {
		t.Fatalf("new game id %d, %v; want %d", id, err, nGames+1)
	}
	if cid, err := pg.CreateChallenge(bg, Challenge{GuildID: "g1", ChallengerID: "alice", Variant: "dbtoy"}); err != nil || cid != 3 {
		t.Fatalf("new challenge id %d, %v", cid, err)
	}
	if a, _, err := pg.StartPuzzle(bg, PuzzleAttempt{UserID: "ann", Variant: "chess", PuzzleID: "p2"}); err != nil || a.ID != pa.ID+1 {
		t.Fatalf("new puzzle attempt id %d, %v; want %d", a.ID, err, pa.ID+1)
	}
	if hs, err := pg.Holidays(bg, "ann", time.Time{}); err != nil || len(hs) != 1 || hs[0].ID != hid || hs[0].EndedAt.IsZero() {
		t.Fatalf("copied holidays: %+v, %v", hs, err)
	}
	if id, err := pg.AddHoliday(bg, Holiday{UserID: "bob", Start: time.Now(), End: time.Now().Add(time.Hour)}, nil); err != nil || id != hid+1 {
		t.Fatalf("new holiday id %d, %v; want %d", id, err, hid+1)
	}
	// Migrations 0010's and 0011's columns came along.
	if pc, err := pg.PuzzleChannelOf(bg, "g1"); err != nil || pc.SetBy != "u1" || pc.ChannelID != "c1" {
		t.Fatalf("copied puzzle channel: %+v, %v", pc, err)
	}
	if st, err := pg.Settings(bg, "g1"); err != nil || !st.DaysChosen || st.DefaultDays != 5 || !st.PagesOff {
		t.Fatalf("copied settings: %+v, %v", st, err)
	}
	if p, err := pg.PuzzlePlayerRating(bg, "ann", "chess"); err != nil || p.Rating <= StartRating || p.Streak != 1 {
		t.Fatalf("copied puzzle rating: %+v %v", p, err)
	}
	if g, err := pg.GameByThread(bg, "thread-1"); err != nil || g.ID != active || g.Ply != 2 || g.Deadline.IsZero() {
		t.Fatalf("copied active game: %+v, %v", g, err)
	}
	if _, err := play(t, pg, active, "roll", games.Script(1)); err != nil {
		t.Fatal(err)
	}
	if _, err := pg.AppendMove(bg, active, 3, Move{Notation: "pass", PlayerID: "alice", InteractionID: "i-1"}, time.Time{}, time.Time{}, nil); !errors.Is(err, ErrDuplicate) {
		t.Fatalf("copied interaction id reused: %v", err)
	}
	if lb, err := pg.PlayerRatings(bg, "g1", "alice"); err != nil || len(lb) != 1 || lb[0].Wins+lb[0].Losses != 1 {
		t.Fatalf("copied ratings: %+v, %v", lb, err)
	}
	// Copying once more would mix the two histories.
	if _, err := CopyToPostgres(bg, path, url); err == nil || !strings.Contains(err.Error(), "played on in PostgreSQL") {
		t.Fatalf("copy after PostgreSQL played on: %v", err)
	}

	// A database with another history is refused outright.
	other, otherURL := openPostgresTemp(t)
	newToyGame(t, other, "elsewhere")
	newToyGame(t, other, "elsewhere")
	if _, err := CopyToPostgres(bg, path, otherURL); err == nil || !strings.Contains(err.Error(), "not in the SQLite file") {
		t.Fatalf("copy into a database with other games: %v", err)
	}
}
