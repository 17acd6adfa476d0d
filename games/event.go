package games

// EventKind says what kind of thing happened.
type EventKind string

const (
	EventMoved         EventKind = "moved"          // a piece moved (Text: the move in words)
	EventCaptured      EventKind = "captured"       // a piece was captured
	EventPromoted      EventKind = "promoted"       // a pawn (or squire) promoted
	EventDice          EventKind = "dice"           // dice were rolled; Dice holds the faces, Text what they caused
	EventVanished      EventKind = "vanished"       // a piece vanished (the Angle)
	EventDropped       EventKind = "dropped"        // a piece fell to the lower board
	EventClimbed       EventKind = "climbed"        // a piece climbed to the upper board
	EventDeclared      EventKind = "declared"       // a Schrödinger piece was declared king or bishop
	EventCheck         EventKind = "check"          // a king is attacked
	EventTurnPassed    EventKind = "turn_passed"    // the turn went to the other player
	EventSidesSwitched EventKind = "sides_switched" // the players swapped colours
	EventGameOver      EventKind = "game_over"      // the rules ended the game; Outcome says how
)

// Event is one thing that happened while a move was played, in order. Text
// is a complete sentence a player understands; the bot posts EventDice texts
// as their own messages, e.g. "BCAF `4, 5` → f7: White's Ship vanished
// into the Angle".
type Event struct {
	Kind    EventKind
	Text    string
	Player  Player // who acted (or who is affected, for TurnPassed)
	Side    Side   // army concerned, NoSide if none
	Square  string // cell concerned, if any
	Dice    []int  // faces, for EventDice
	Outcome Outcome
}

// DiceEvents returns only the dice events of evs, in order.
func DiceEvents(evs []Event) []Event {
	var out []Event
	for _, e := range evs {
		if e.Kind == EventDice {
			out = append(out, e)
		}
	}
	return out
}
