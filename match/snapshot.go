package match

import (
	"encoding/json"

	"m44/hex"
	"m44/rules"
	"m44/view"
)

// Snapshot is the game as one seat (or a spectator) may see it
// (docs/web-api.md, "Snapshot").
type Snapshot struct {
	Game      string       `json:"game"`
	Version   int          `json:"version"`
	Seat      *string      `json:"seat"`
	Side      *string      `json:"side"`
	Spectator bool         `json:"spectator"`
	Hotseat   bool         `json:"hotseat"`
	Scenario  ScenarioInfo `json:"scenario"`
	Seats     []SeatInfo   `json:"seats"`
	View      view.View    `json:"view"`
	ToAct     *string      `json:"to_act"`      // the seat to act (null once the game is over)
	ToActSide *string      `json:"to_act_side"` // its side
	YourTurn  bool         `json:"your_turn"`
	Legal     []Legal      `json:"legal,omitempty"`
	Undo      bool         `json:"can_undo"` // the seat may undo the last action now
	// Log is the log's entries, as one JSON array: encoded once when each
	// entry was added, and written as it is (AppendJSON).
	Log      json.RawMessage `json:"-"`
	LastRoll *Roll           `json:"last_roll"`
	Over     bool            `json:"over"`
	Winner   *string         `json:"winner"`
	// Ended is "action_limit" when the game ended at its limit of
	// decisions rather than by a victory (Winner is then nil for a draw).
	Ended string     `json:"ended,omitempty"`
	Clock *ClockView `json:"clock,omitempty"` // the game's clock, if it has one
	Leg   int        `json:"leg,omitempty"`   // 1 or 2 in a game played "two ways" (twoways.go)
}

// snapshotFields is a Snapshot without its methods: its fields but the log.
type snapshotFields Snapshot

// AppendJSON appends the snapshot's JSON to b. The log's entries, encoded
// and checked once when each was added, are copied as they are rather than
// checked and compacted again by encoding/json (most of a snapshot's bytes
// are its log's).
func (s *Snapshot) AppendJSON(b []byte) ([]byte, error) {
	head, err := json.Marshal((*snapshotFields)(s))
	if err != nil {
		return b, err
	}
	b = append(b, head[:len(head)-1]...) // an object: it ends with '}'
	b = append(b, `,"log":`...)
	if s.Log == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, s.Log...)
	}
	return append(b, '}'), nil
}

// MarshalJSON is the snapshot's JSON (AppendJSON).
func (s *Snapshot) MarshalJSON() ([]byte, error) { return s.AppendJSON(nil) }

// ScenarioInfo is the scenario of a game.
type ScenarioInfo struct {
	ID         string          `json:"id"`
	Name       string          `json:"name"`
	Board      BoardInfo       `json:"board"`
	Labels     []Label         `json:"labels"`
	Top        string          `json:"top"` // the side whose baseline is row 0
	Objectives []ObjectiveInfo `json:"objectives"`
}

// ObjectiveInfo is one objective and who holds it now (all public).
type ObjectiveInfo struct {
	Kind   string   `json:"kind"` // temporary, permanent, majority, sudden-death, persistent, exclusive
	Hexes  []string `json:"hexes"`
	Sides  []string `json:"sides"` // who can gain it
	Medals int      `json:"medals,omitempty"`
	Count  int      `json:"count,omitempty"` // hexes to hold (sudden death, groups)
	// TurnStart: taken only at the start of the side's turn (Winter Wars).
	TurnStart bool    `json:"turn_start,omitempty"`
	Holder    *string `json:"holder"` // the side holding it now
	// Taken: a permanent medal's side that took it for good; a persistent
	// medal's or a turn-start majority medal's side that keeps it now.
	Taken []string `json:"taken,omitempty"`
}

// objectivesOf lists the setup's objectives with their status in st.
func objectivesOf(st *rules.State) []ObjectiveInfo {
	out := []ObjectiveInfo{}
	for k, o := range st.Setup().Objectives {
		oi := ObjectiveInfo{Kind: o.Kind.String(), Medals: o.Medals, Count: o.Count, TurnStart: o.AtTurnStart, Hexes: []string{}, Sides: []string{}}
		for _, h := range o.Hexes {
			oi.Hexes = append(oi.Hexes, h.String())
		}
		holder, held, taken := st.ObjectiveStatus(k)
		for side := rules.Allies; side <= rules.Axis; side++ {
			if o.Sides.Has(side) {
				oi.Sides = append(oi.Sides, side.String())
			}
			if taken.Has(side) {
				oi.Taken = append(oi.Taken, side.String())
			}
		}
		if held {
			h := holder.String()
			oi.Holder = &h
		}
		out = append(out, oi)
	}
	return out
}

// SeatInfo is one seat of a game, as everyone may see it.
type SeatInfo struct {
	Seat      string `json:"seat"`
	Side      string `json:"side"`
	Kind      string `json:"kind"`
	Connected *bool  `json:"connected,omitempty"` // humans only
}

// Legal is one legal action, with what the client needs to offer it.
type Legal struct {
	Action  string `json:"action"`
	Kind    string `json:"kind"`
	From    string `json:"from,omitempty"`
	To      string `json:"to,omitempty"`
	Dice    int    `json:"dice,omitempty"`    // battle: dice the attacker would roll
	Card    *int   `json:"card,omitempty"`    // play, keep: the card's id
	Name    string `json:"name,omitempty"`    // play, keep: the card's name
	Section string `json:"section,omitempty"` // play: the section chosen (Infantry Assault)
	Ignore  bool   `json:"ignore,omitempty"`  // retreat: ignores a flag
	Units   int    `json:"units,omitempty"`   // drop: the units called in
	// Hexes: smoke: the three hexes of the smoke screen (rules.Setup.Smoke).
	Hexes []string `json:"hexes,omitempty"`
	// Tenacity: combat: the Winter Combat card Card is played as Tenacity.
	Tenacity bool `json:"tenacity,omitempty"`
	// Idle: playing this card would do nothing and end the turn (no unit to
	// order, nothing to aim at: a Probe on an empty flank, rulebook p.6
	// "Activer des unités"); the client asks the player to confirm.
	Idle bool `json:"idle,omitempty"`
}

// legalOf lists the legal actions of st with their details.
func legalOf(st *rules.State) []Legal {
	var out []Legal
	for _, a := range st.Legal() {
		l := Legal{Action: a.String(), Kind: a.Kind.String()}
		switch a.Kind {
		case rules.ActPlay, rules.ActKeep:
			id := int(a.Card)
			l.Card, l.Name = &id, st.CardName(a.Card)
			if a.Kind == rules.ActPlay && a.Arg > 0 {
				l.Section = rules.Section(a.Arg - 1).String()
			}
			if a.Kind == rules.ActPlay && st.Phase() == rules.PhaseCard {
				l.Idle = st.PlayDoesNothing(a)
			}
		case rules.ActOrder, rules.ActRemoveWire, rules.ActBlow, rules.ActRecover:
			l.From = a.From.String()
		case rules.ActDrop:
			l.From, l.Units = a.From.String(), int(a.Arg)
		case rules.ActSmoke:
			for _, h := range a.SmokeHexes() {
				l.Hexes = append(l.Hexes, h.String())
			}
		case rules.ActTarget, rules.ActEnter:
			l.To = a.To.String()
		case rules.ActMove, rules.ActTakeGround:
			l.From, l.To = a.From.String(), a.To.String()
		case rules.ActRetreat:
			l.From, l.To, l.Ignore = a.From.String(), a.To.String(), a.Arg > 0
		case rules.ActCombat:
			id := int(a.Card)
			d, _ := st.CombatCard(a.Card)
			l.Card, l.Name, l.Tenacity = &id, d.Key, a.Arg == rules.ArgTenacity
			if a.From != hex.None {
				l.From = a.From.String()
			}
		case rules.ActBattle:
			l.From, l.To = a.From.String(), a.To.String()
			if n, err := st.BattleDice(a.From, a.To); err == nil {
				l.Dice = n
			}
		}
		out = append(out, l)
	}
	return out
}

// viewFor is what seat s (nil for a spectator) may see of st (package
// view): a seat its own hand, its team mate's as team_hand, and of the other
// side only the count; a spectator no hand card at all, only the counts.
// The view's legal actions are left out: the snapshot carries them with
// their details.
func viewFor(st *rules.State, s *seat) view.View {
	who := view.Spectator()
	if s != nil {
		who = view.Seat(s.side, s.player)
	}
	out := view.Of(st, who)
	out.Legal = nil
	return out
}
