// Package bot wires the rules (games), storage (db) and pictures (render)
// to Discord. Interactions arrive through HandleInteraction; each handler
// validates first and answers mistakes ephemerally, then defers, works and
// follows up, so the 3-second rule holds and game threads stay clean.
package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/bermudachess/bermuda/db"
	"github.com/bermudachess/bermuda/games"
	"github.com/bermudachess/bermuda/metrics"
	"github.com/bermudachess/bermuda/play"
)

// Bot is the command logic. It is safe for concurrent use: interactions for
// different games run in parallel, actions on one game one at a time.
type Bot struct {
	store db.Store
	dc    Discord
	log   *slog.Logger
	// Now is the clock; tests replace it to drive deadlines.
	Now func() time.Time
	// ReviewNodes is the search budget per move of a game review (0: the
	// review package's default; tests use less).
	ReviewNodes int64
	// ReviewUCI is the UCI engine (a path) that judges reviews of
	// orthodox chess (Config.UCIEngine); "" leaves them to ours.
	ReviewUCI string
	// ReviewUCIDepth is its depth per position (0: the review package's
	// default, 18; tests use less).
	ReviewUCIDepth int
	// Roller rolls every die; production uses crypto/rand.
	Roller      games.Roller
	defaultDays int
	appID       string
	docsURL     string // where docs/rules is published; "" = no links

	// seen are the interaction ids handled lately (15 minutes, at most
	// 100,000): the first check for a duplicate, without the database.
	seen *recentIDs

	// computer plays the bot's side of games against the computer;
	// made on first use (opponent).
	computer     *play.Computer
	computerOnce sync.Once
	// pictures draws long pictures (replays) off the interaction path.
	pictures *workers
	// pickerCache keeps the move picker's recent pictures (picker.go).
	pickerCache pickerPictures
	// metrics counts interactions, moves and latencies (nil: not counted).
	metrics *metrics.Metrics
	// replicated: other processes take interactions from the same store.
	replicated bool

	// play takes the game's actions (moves, endings, draw offers,
	// conditional lines) and holds the games; the bot shows its events
	// (events.go).
	play *play.Service

	pageURL    func(int64) string // Options.PageURL: the Board button
	activities bool
	// staleBoards are the games whose last board post failed for good,
	// so that the next reminder carries the board (/board always does).
	staleBoards sync.Map

	mu       sync.Mutex
	inflight sync.WaitGroup
	closing  bool
	self     string // the bot's own user id: the computer's seat in its games
}

// Options configure a Bot.
type Options struct {
	Store       db.Store
	Discord     Discord
	Log         *slog.Logger
	AppID       string
	DefaultDays int
	// DocsURL is the published docs/rules folder (Config.DocsURL); /rules
	// links <DocsURL>/<variant>.md. Empty: no link.
	DocsURL string
	// Metrics, if set, records what an operator watches (package metrics).
	Metrics *metrics.Metrics
	// Replicated says other processes take interactions from the same
	// store (HTTP replicas): a re-delivery may reach any of them, so even
	// autocompletes are claimed in the database.
	Replicated bool
	// PageURL, if set, is a game's web page (package web): board posts
	// then carry a Board button. With Activities it launches the Discord
	// Activity (LAUNCH_ACTIVITY, callback type 12); without, it is a link.
	PageURL    func(gameID int64) string
	Activities bool
}

// New makes a bot.
func New(o Options) *Bot {
	if o.Log == nil {
		o.Log = slog.Default()
	}
	if o.DefaultDays == 0 {
		o.DefaultDays = 3
	}
	b := &Bot{
		store: o.Store, dc: o.Discord, log: o.Log, appID: o.AppID, defaultDays: o.DefaultDays, docsURL: o.DocsURL,
		Now: time.Now, Roller: games.CryptoRoller{},
		seen: newRecentIDs(15*time.Minute, 100000), metrics: o.Metrics, replicated: o.Replicated,
		pictures: newWorkers(o.Log), pageURL: o.PageURL, activities: o.Activities,
	}
	// The clock and the dice are the bot's fields (tests replace them).
	b.play = play.New(play.Options{Store: o.Store, Log: o.Log, Now: func() time.Time { return b.Now() },
		Roller: botRoller{b}, ComputerID: b.selfID, Metrics: o.Metrics})
	b.play.Subscribe(b.onEvent) // events.go
	return b
}

// botRoller rolls with the bot's Roller as it is at each roll.
type botRoller struct{ b *Bot }

func (r botRoller) Roll(faces int) (int, error) { return r.b.Roller.Roll(faces) }

// SetSelfID records the bot's own user id (READY on the gateway, GET
// /users/@me for an HTTP replica).
func (b *Bot) SetSelfID(id string) { b.mu.Lock(); b.self = id; b.mu.Unlock() }

func (b *Bot) selfID() string { b.mu.Lock(); defer b.mu.Unlock(); return b.self }

// AppID is the application id ("" until the bot knows it).
func (b *Bot) AppID() string { b.mu.Lock(); defer b.mu.Unlock(); return b.appID }

// SetAppID records the application id once the gateway says it.
func (b *Bot) SetAppID(id string) { b.mu.Lock(); b.appID = id; b.mu.Unlock() }

// Register overwrites the slash commands in one call (per guild when
// guildID is set: instant, for development), trying again until it
// succeeds, fails for good, or ctx ends.
func (b *Bot) Register(ctx context.Context, guildID string) error {
	b.mu.Lock()
	app := b.appID
	b.mu.Unlock()
	return b.dc.RegisterCommands(ctx, app, guildID, Commands())
}

// Drain stops accepting interactions and waits for those in flight, then
// cancels the computer's searches (its due moves are made after a restart).
func (b *Bot) Drain(timeout time.Duration) bool {
	b.mu.Lock()
	b.closing = true
	b.mu.Unlock()
	defer b.opponent().Stop()
	done := make(chan struct{})
	// Interactions first (they may queue pictures), then the pictures.
	go func() { b.inflight.Wait(); b.pictures.stop(timeout); close(done) }()
	select {
	case <-done:
		return true
	case <-time.After(timeout):
		return false
	}
}

// HandleInteraction processes one interaction. It never panics: a panic in
// a handler is logged and answered with an apology.
func (b *Bot) HandleInteraction(i *discordgo.Interaction) {
	b.mu.Lock()
	if b.closing {
		b.mu.Unlock()
		return
	}
	b.inflight.Add(1)
	b.mu.Unlock()
	defer b.inflight.Done()

	r := &request{b: b, i: i, start: time.Now(), kind: interactionKind(i)}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	defer b.observe(r) // after the recover below has said how it went
	defer func() {
		if p := recover(); p != nil {
			b.log.Error("handler panicked", "interaction", i.ID, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
			r.fail(errors.New("internal error"))
		}
	}()
	// Exactly once. A re-delivery (a client retry, a gateway RESUME
	// replay) is turned away from memory; actions are also claimed in the
	// database, so a duplicate after a restart (or on another replica)
	// changes nothing. Autocompletes change nothing: memory is enough,
	// unless another replica may get the same one.
	if !b.seen.first(i.ID, time.Now()) {
		b.log.Debug("duplicate interaction ignored", "interaction", i.ID)
		r.outcome = metrics.OutcomeDuplicate
		return
	}
	if i.Type != discordgo.InteractionApplicationCommandAutocomplete || b.replicated {
		if err := b.store.ClaimInteraction(ctx, i.ID); err != nil {
			if errors.Is(err, db.ErrDuplicate) {
				b.log.Info("duplicate interaction ignored", "interaction", i.ID)
				r.outcome = metrics.OutcomeDuplicate
				return
			}
			r.fail(err)
			return
		}
	}
	if err := b.route(ctx, r); err != nil {
		r.fail(err)
	}
}

func (b *Bot) route(ctx context.Context, r *request) error {
	i := r.i
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		name := i.ApplicationCommandData().Name
		b.log.Debug("command", "name", name, "user", r.userID(), "channel", i.ChannelID)
		h, ok := commandHandlers[name]
		if !ok {
			return userErrorf("unknown command /%s", name)
		}
		return h(b, ctx, r)
	case discordgo.InteractionApplicationCommandAutocomplete:
		return b.autocomplete(ctx, r)
	case discordgo.InteractionMessageComponent:
		id := i.MessageComponentData().CustomID
		prefix, arg, _ := strings.Cut(id, ":")
		switch prefix { // their custom_ids hold more than an id
		case pickerPrefix:
			return b.pickerClick(ctx, r)
		case learnPrefix:
			return b.learnClick(ctx, r)
		case puzzlePrefix:
			return b.puzzleClick(ctx, r)
		case premovePickPrefix: // premove_pick.go
			return b.premovePickClick(ctx, r)
		}
		h, ok := buttonHandlers[prefix]
		if !ok {
			return userErrorf("this button is no longer in use")
		}
		// The id comes first; anything after another ':' is the
		// handler's own (a draw offer's ply and seat, drawButtonID).
		idText, _, _ := strings.Cut(arg, ":")
		n, err := strconv.ParseInt(idText, 10, 64)
		if err != nil {
			return userErrorf("this button is broken (%q)", id)
		}
		return h(b, ctx, r, n)
	case discordgo.InteractionModalSubmit:
		// The one form the bot opens: a typed answer in Learn from your
		// mistakes (learn.go); one from an older version is answered.
		if prefix, _, _ := strings.Cut(i.ModalSubmitData().CustomID, ":"); prefix == learnFormPrefix {
			return b.learnTyped(ctx, r)
		}
		return userErrorf("This form is no longer in use. Please run the command again.")
	}
	return nil
}

type commandHandler func(b *Bot, ctx context.Context, r *request) error
type buttonHandler func(b *Bot, ctx context.Context, r *request, id int64) error

var commandHandlers map[string]commandHandler
var buttonHandlers map[string]buttonHandler

func init() {
	commandHandlers = map[string]commandHandler{
		"challenge":   (*Bot).cmdChallenge,
		"move":        (*Bot).cmdMove,
		"board":       (*Bot).cmdBoard,
		"moves":       (*Bot).cmdMoves,
		"resign":      (*Bot).cmdResign,
		"draw":        (*Bot).cmdDraw,
		"abort":       (*Bot).cmdAbort,
		"rematch":     (*Bot).cmdRematch,
		"export":      (*Bot).cmdExport,
		"leaderboard": (*Bot).cmdLeaderboard,
		"stats":       (*Bot).cmdStats,
		"games":       (*Bot).cmdGames,
		"rules":       (*Bot).cmdRules,
		"help":        (*Bot).cmdHelp,
		"settings":    (*Bot).cmdSettings,
		"review":      (*Bot).cmdReview,
		"tournament":  (*Bot).cmdTournament,
		"puzzle":      (*Bot).cmdPuzzle,
		"vacation":    (*Bot).cmdVacation, // holiday.go
		"notify":      (*Bot).cmdNotify,   // notify.go
		"premove":     (*Bot).cmdPremove,
	}
	buttonHandlers = map[string]buttonHandler{
		"accept":  (*Bot).btnAccept,
		"decline": (*Bot).btnDecline,
		"cancel":  (*Bot).btnCancel,
		"drawyes": (*Bot).btnDrawAccept,
		"drawno":  (*Bot).btnDrawDecline,
		"rematch": (*Bot).btnRematch,
		"export":  (*Bot).btnExport,
		"play":    (*Bot).btnPlay,
		"board":   (*Bot).btnBoard, // present.go: the Activity
		"review":  (*Bot).btnReview,
		"learn":   (*Bot).btnLearn,
		"tjoin":   (*Bot).btnTournamentJoin,
		"tleave":  (*Bot).btnTournamentLeave,
		"pzsolve": (*Bot).btnDailySolve,
		"pqnew":   (*Bot).btnPremoveNew, // premove_pick.go
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
