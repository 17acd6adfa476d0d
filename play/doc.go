// Package play takes a game's actions for every front end: the Discord bot
// (package bot) and the web pages call it, and neither stores a move, an
// end or a draw offer by itself. It imports the rules (games), storage
// (db), holidays and conditional lines (holiday, premove), never Discord.
//
// It holds the games being played (Session): loaded and replayed once,
// locked so that a game processes one action at a time, and checked
// against the store before each action, since another replica may have
// played in it. The actions are methods on Service, each given a Request
// (the game, the acting user's Discord id, the ply the client saw):
//
//	Move(ctx, req, text)            a move in any notation the variant forgives
//	Resign, Abort(ctx, req)         ends outside the rules, with the ratings
//	OfferDraw, AnswerDraw           an offer made back accepts it
//	SetLine, ClearLine, Line        conditional lines (premove), followed after every move
//	RequestReview(ctx, row, lease)  the claim on a finished game's review
//	MoveClocks(ctx, user, …)        a holiday's new clocks, with every game of the player held
//
// A move is stored with its rolls, its turn's deadline (the clock of the
// player to act stands still on their holidays; none while the computer is
// to act) and, if the rules ended the game, the end and ratings, in one
// transaction at the ply the game was held at: a move another replica
// stored first wins (ErrRaced), and dice are never shown before they are
// stored. A refusal is a *Refusal wrapping one of the Err values (not a
// player, not your turn, stale ply, illegal move with its games.MoveError,
// game over, …) with the game as it stood, for the front end to word.
//
// After each commit, Service emits events to the subscribers a front end
// registered with Subscribe, synchronously, in order, with the game still
// locked: Moved (with AnswerFollows when a queued answer is played at once,
// then its own Moved, Queued), Ended (ByMove when the rules ended it),
// DrawOffered, DrawDeclined. Request.Origin comes back in them, so a front
// end can answer the request that caused them; Request.Ready runs once an
// action is allowed, before anything is stored (the bot defers its answer
// there). The bot's subscriber posts the move, its dice, the board and the
// result, sends turn notices and queues the computer's reply
// (bot/events.go); a web front end would push the new position to pages.
//
// Every ending emits Ended: by the rules, resignation, agreement, abort,
// a loss on time (TimeLosses), a forfeit when a player withdraws from a
// tournament (Withdraw), and a game no front end can show (Abandon,
// Cancel: with Abandoned set).
//
// Around the moves, the game's other actions are here too, each claimed in
// the store so that replicas never take one twice: challenges (Challenge,
// AcceptChallenge, AnswerChallenge, ExpireChallenges, RematchOf), opening a
// game held until its front end has shown it (NewGame, Open, Shown,
// Cancel), Swiss tournaments (AdvanceTournament pairs a round with its
// games, Withdraw, Standings), holidays (StartHoliday, EndHoliday,
// HolidayReturns), a player's games (PlayerGames), reviews (RequestReview,
// RunReview, LapsedReviews, LessonOf) and the game as a record (Export).
// Computer plays the computer's seat: a pool of searches that reviews
// share, fed by Due and DueMoves.
//
// A scheduler calls FollowDue (conditional lines left behind by a crash),
// Reminders, TimeLosses and Unopened (due.go), each game under its lock and
// surviving a panic; a front end that opens a game holds it until its
// first posts are out.
package play
