package rules

import (
	"fmt"

	"m44/hex"
)

// EventKind says what happened.
type EventKind uint8

const (
	EvTurnStarted     EventKind = iota + 1 // Side, N = turn number
	EvCardPlayed                           // Side, Card
	EvUnitOrdered                          // Side, From
	EvUnitMoved                            // Side, From, To
	EvObstacleRemoved                      // From = hex, N = obstacle
	EvBattle                               // Side, From (attacker), To (target), N = dice
	EvDiceRolled                           // Side (roller), Dice
	EvHits                                 // To = target, N = figures lost
	EvFlagIgnored                          // To = unit
	EvRetreated                            // From, To, N = hexes
	EvFlagLosses                           // To = unit, N = figures lost for unapplied flags
	EvUnitEliminated                       // Side (owner), To = hex
	EvMedals                               // Side, N = new medal count
	EvTookGround                           // From, To
	EvCardDiscarded                        // Side, Card
	EvCardDrawn                            // Side, Card (NoCard for other viewers), N = 1 if face up
	EvDeckReshuffled                       // N = cards in the new draw pile
	EvTurnEnded                            // Side
	EvGameOver                             // Side = winner
	EvHealed                               // To = unit, N = figures back (Medics & Mechanics)
	EvObstaclePlaced                       // From = hex, N = obstacle (Dig In)
	EvAmbush                               // Side (ambusher), From (ambushing unit), To (attacker)
	EvCardAttack                           // Side, To = target hex, N = dice (Air Power, Barrage)
	EvAirdrop                              // Side, To = where a paratrooper came down, N = 1 landed, 0 lost
	EvUnitExited                           // Side, From (where it stood), To (the exit hex it left by), N = medals won
	EvBattleBack                           // Side (of the unit battling back), From (that unit), To (its attacker)
	EvVisibility                           // Side (roller), N = the new visibility in hexes, 0 = unlimited (night attacks)
	EvCombatPlayed                         // Side, Card = Winter Combat card, N = 1 as Tenacity, To = the unit it is played on
	EvCombatDrawn                          // Side, Card = Winter Combat card (NoCard for other viewers)
	EvCombatShuffled                       // N = cards in the new Combat pile
	EvMineRevealed                         // Side (who laid it), To = hex, N = the token's value (Winter Wars III)
	EvMineCleared                          // Side (who laid it), To = hex: engineers cleared it unrevealed
	EvReinforced                           // Side, From = half-tracks, To = the unit reinforced, N = figures given (Winter Wars V)
	EvBridgeBlown                          // Side (that blew it), From = the bridge's hex
	EvSabotage                             // Side (saboteur), From = the target's hex, N = its star tokens now (sabotage.go)
	EvPontoonBuilt                         // Side (that built it), From = the river hex (pontoon.go)
	EvTargetMarked                         // Side (the gun's), From = the big gun, To = the unit it marked (troops_special.go)
	EvSmoke                                // Side (that laid it), From = a hex of its smoke screen (smokescreen.go)
	EvEntered                              // Side, From = the baseline hex a breakthrough armor entered on (armor_breakthrough.go)
	EvDeployed                             // Side, To = the hex a Winter Combat card deployed a unit on, N = its figures (winter_deploy.go)
)

var eventNames = [...]string{"", "turn", "play", "order", "move", "obstacle-removed", "battle", "dice", "hits", "flag-ignored",
	"retreat", "flag-losses", "eliminated", "medals", "take-ground", "discard", "draw", "reshuffle", "turn-end", "game-over",
	"healed", "obstacle-placed", "ambush", "card-attack", "airdrop", "exit", "battle-back", "visibility",
	"combat", "combat-draw", "combat-reshuffle", "mine-revealed", "mine-cleared", "reinforced", "bridge-blown", "sabotage", "pontoon-built", "target-marked", "smoke", "breakthrough", "deployed"}

func (k EventKind) String() string {
	if int(k) < len(eventNames) {
		return eventNames[k]
	}
	return "?"
}

// MaxDice is the most dice one roll can have: Their Finest Hour and Medics &
// Mechanics roll one die per card held, the played card included, and a side
// never holds more than MaxHand cards in all (a team: two hands of at most
// MaxHand-2 and the shared card); a battle rolls far fewer.
const MaxDice = MaxHand

// Event is one fact the engine reports. Dice holds the faces of a roll
// (NDice of them, every die rolled).
type Event struct {
	Kind     EventKind
	Side     Side
	Card     CardID
	From, To hex.Hex
	N        int8
	NDice    int8
	Dice     [MaxDice]Face
	// Unit and Target name the units the event is about, for the log: Unit
	// the one at From or the event's one unit (the unit ordered, moving,
	// battling, hit, retreating, eliminated…), Target the one at To (the
	// target of a battle, the unit reinforced). Both are public: every
	// viewer sees the units on the board. Filled only when events are
	// recorded (Apply, ApplyRecorded, Replay), never by Play.
	Unit, Target UnitTag
}

// UnitTag names a unit in an event: its kind (the catalog row), side and
// nation (the .m44 suffix: "us", "brit", "ger"…, "" if the setup gave
// none). Known is false when the event names no such unit.
type UnitTag struct {
	Kind   UnitKind
	Side   Side
	Nation string
	Known  bool
}

// addFace records one more die of a roll.
func (e *Event) addFace(f Face) {
	if int(e.NDice) < len(e.Dice) { // always, as no roll has more than MaxDice dice
		e.Dice[e.NDice] = f
		e.NDice++
	}
}

// For is the event as the viewer may see it: a card drawn by the other side is hidden.
func (e Event) For(viewer Side) Event {
	if e.Kind == EvCardDrawn && e.Side != viewer && e.N == 0 { // N = 1: drawn face up (shared card)
		e.Card = NoCard
	}
	if e.Kind == EvCombatDrawn && e.Side != viewer {
		e.Card = NoCard
	}
	return e
}

// Faces is the rolled faces.
func (e Event) Faces() []Face { return e.Dice[:e.NDice] }

func (e Event) String() string {
	switch e.Kind {
	case EvTurnStarted:
		return fmt.Sprintf("turn %d %s", e.N, e.Side)
	case EvCardPlayed, EvCardDiscarded, EvCardDrawn, EvCombatPlayed, EvCombatDrawn:
		if e.Card == NoCard {
			return fmt.Sprintf("%s %s ?", e.Kind, e.Side)
		}
		return fmt.Sprintf("%s %s %d", e.Kind, e.Side, e.Card)
	case EvUnitOrdered:
		return fmt.Sprintf("order %s", e.From)
	case EvUnitMoved, EvTookGround:
		return fmt.Sprintf("%s %s %s", e.Kind, e.From, e.To)
	case EvRetreated:
		return fmt.Sprintf("retreat %s %s %d", e.From, e.To, e.N)
	case EvAirdrop:
		if e.N == 0 {
			return fmt.Sprintf("airdrop %s %s lost", e.Side, e.To)
		}
		return fmt.Sprintf("airdrop %s %s", e.Side, e.To)
	case EvAmbush:
		return fmt.Sprintf("ambush %s %s", e.From, e.To)
	case EvUnitExited:
		return fmt.Sprintf("exit %s %s %s medals=%d", e.Side, e.From, e.To, e.N)
	case EvMineRevealed:
		return fmt.Sprintf("mine-revealed %s %d", e.To, e.N)
	case EvSabotage:
		return fmt.Sprintf("sabotage %s %s %d", e.Side, e.From, e.N)
	case EvMineCleared:
		return fmt.Sprintf("mine-cleared %s", e.To)
	case EvReinforced:
		return fmt.Sprintf("reinforced %s %s %d", e.From, e.To, e.N)
	case EvTargetMarked:
		return fmt.Sprintf("target-marked %s %s", e.From, e.To)
	case EvDeployed:
		return fmt.Sprintf("deployed %s %s %d", e.Side, e.To, e.N)
	case EvCardAttack:
		return fmt.Sprintf("card-attack %s dice=%d", e.To, e.N)
	case EvBattle:
		return fmt.Sprintf("battle %s %s dice=%d", e.From, e.To, e.N)
	case EvDiceRolled:
		s := "dice"
		for _, f := range e.Faces() {
			s += " " + f.String()
		}
		return s
	case EvHits, EvFlagLosses, EvHealed:
		return fmt.Sprintf("%s %s %d", e.Kind, e.To, e.N)
	case EvObstacleRemoved, EvObstaclePlaced:
		return fmt.Sprintf("%s %s %s", e.Kind, e.From, Obstacle(e.N))
	case EvFlagIgnored, EvUnitEliminated:
		return fmt.Sprintf("%s %s", e.Kind, e.To)
	case EvMedals:
		return fmt.Sprintf("medals %s %d", e.Side, e.N)
	case EvDeckReshuffled:
		return fmt.Sprintf("reshuffle %d", e.N)
	case EvTurnEnded:
		return fmt.Sprintf("turn-end %s", e.Side)
	case EvGameOver:
		return fmt.Sprintf("game-over %s", e.Side)
	}
	return e.Kind.String()
}
