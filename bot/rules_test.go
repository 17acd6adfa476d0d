package bot

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bermudachess/bermuda/games"
)

// A docs_url as long as an operator might plausibly set, so the limits are
// tested with room to spare.
var longDocsURL = "https://git.example.org/" + strings.Repeat("a-long-organisation-name/", 8) + "bermuda/blob/main/docs/rules/"

func TestRulesEmbedCitesTheSourceLinksOurPageAndFitsDiscord(t *testing.T) {
	for _, v := range games.All() {
		for _, docs := range []string{"", longDocsURL} {
			e := rulesEmbed(v, docs)
			total := utf8.RuneCountInString(e.Title) + utf8.RuneCountInString(e.Description)
			all := e.Title + "\n" + e.Description
			for _, f := range e.Fields {
				total += utf8.RuneCountInString(f.Name) + utf8.RuneCountInString(f.Value)
				all += "\n" + f.Name + "\n" + f.Value
				if n := utf8.RuneCountInString(f.Value); n > embedFieldMax || f.Value == "" {
					t.Errorf("%s: field %q has %d characters", v.ID, f.Name, n)
				}
			}
			if n := utf8.RuneCountInString(e.Description); n > embedDescriptionMax || n < 150 {
				t.Errorf("%s: description has %d characters", v.ID, n)
			}
			if total > embedTotalMax {
				t.Errorf("%s: embed has %d characters in all, Discord allows %d", v.ID, total, embedTotalMax)
			}
			for _, want := range []string{v.Author, strconv.Itoa(v.Year), v.SourceURL} {
				if want == "" || !strings.Contains(all, want) {
					t.Errorf("%s: /rules lacks the source fact %q:\n%s", v.ID, want, all)
				}
			}
			page := "bermuda/blob/main/docs/rules/" + v.ID + ".md"
			if strings.Contains(all, page) != (docs != "") || strings.Contains(all, "rules//") {
				t.Errorf("%s: docs link with docs_url %q wrong:\n%s", v.ID, docs, all)
			}
			for _, private := range []string{"seeds/", "seed 0", "RULES.md", "../shared"} {
				if strings.Contains(all, private) {
					t.Errorf("%s: /rules names %q, a file players cannot see", v.ID, private)
				}
			}
		}
	}
}

// Every variant /rules can link has its page in docs/rules.
func TestEveryVariantHasARulesPage(t *testing.T) {
	for _, v := range games.All() {
		if _, err := os.Stat(filepath.Join("..", "docs", "rules", v.ID+".md")); err != nil {
			t.Errorf("%s: %v", v.ID, err)
		}
	}
}

func TestClipCountsCharactersNotBytes(t *testing.T) {
	s := strings.Repeat("é", 10)
	if got := clip(s, 10); got != s {
		t.Errorf("clip of 10 characters to 10: %q", got)
	}
	if got := clip(s, 5); got != "éééé…" || !utf8.ValidString(got) {
		t.Errorf("clip to 5: %q", got)
	}
}

func TestRulesCommandLinksTheConfiguredDocs(t *testing.T) {
	h := newHarness(t)
	h.bot.docsURL = "https://example.org/bermuda/docs/rules"
	m := h.reply(h.command(ann, lobbyID, "rules", str("variant", "bede")))
	if !m.Ephemeral || len(m.Embeds) == 0 { // the rules, then pictures (TestRulesShowTheSetupAndEachSpecialRule)
		t.Fatalf("/rules: %+v", m)
	}
	fields, _ := m.Embeds[0].(map[string]any)["fields"].([]any)
	var values []string
	for _, f := range fields {
		v, _ := f.(map[string]any)["value"].(string)
		values = append(values, v)
	}
	got := strings.Join(values, "\n")
	if !strings.Contains(got, "Patrik Hedman, 2014") || !strings.Contains(got, "https://example.org/bermuda/docs/rules/bede.md") {
		t.Fatalf("/rules bede fields: %q", got)
	}
}

func TestDocsURLFromFileAndEnvironment(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.toml")
	os.WriteFile(path, []byte("token = \"t\"\ndocs_url = \"https://example.org/a/docs/rules\"\n"), 0o600)
	cfg, err := LoadConfig(path, env(nil))
	if err != nil || cfg.DocsURL != "https://example.org/a/docs/rules" {
		t.Fatalf("file: %+v %v", cfg, err)
	}
	cfg, err = LoadConfig(path, env(map[string]string{"BERMUDA_DOCS_URL": "https://example.org/b/docs/rules"}))
	if err != nil || cfg.DocsURL != "https://example.org/b/docs/rules" {
		t.Fatalf("env: %+v %v", cfg, err)
	}
	if !strings.Contains(cfg.LogValue().String(), "docs_url=https://example.org/b/docs/rules") {
		t.Errorf("LogValue lacks docs_url: %s", cfg.LogValue())
	}
	for _, bad := range []string{"docs/rules", "ftp://example.org/x", "https://"} {
		_, err := LoadConfig(path, env(map[string]string{"BERMUDA_DOCS_URL": bad}))
		if err == nil || !strings.Contains(err.Error(), "docs_url") {
			t.Errorf("docs_url %q: got %v, want an error naming docs_url", bad, err)
		}
	}
}

// The example config documents the key and loads as it stands.
func TestExampleConfigHasDocsURL(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "config.example.toml"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "docs_url = ") || !strings.Contains(string(data), "BERMUDA_DOCS_URL") {
		t.Fatal("config.example.toml does not document docs_url")
	}
	if _, err := LoadConfig(filepath.Join("..", "config.example.toml"), env(map[string]string{"DISCORD_TOKEN": "t"})); err != nil {
		t.Fatalf("config.example.toml: %v", err)
	}
}
