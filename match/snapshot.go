package match

import (
	"encoding/json"

	"m44/hex"
	"m44/internal/jsonenc"
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
	// board is View.Board and Scenario already encoded (shared by the
	// position's viewers, publicBoardLocked), nil to encode them.
	board *publicBoard
}

// AppendJSON appends the snapshot's JSON to b, written by hand (package
// jsonenc; the same bytes as encoding/json would write,
// TestSnapshotAppendJSONIsEncodingJSON): a snapshot is encoded for every
// action. The log's entries, encoded once when each was added, are copied
// as they are, last.
func (s *Snapshot) AppendJSON(b []byte) ([]byte, error) {
	b, err := s.appendFields(b, nil)
	if err != nil {
		return b, err
	}
	b = append(b, `,"log":`...)
	if s.Log == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, s.Log...)
	}
	return append(b, '}'), nil
}

// appendFields appends the snapshot's JSON up to its log, not closed.
// With marks not nil, the offset in b of each member's separator ('{' for
// the first, ',') is appended to *marks, as each is written: a WebSocket's
// delta compares the members (pushedOf), and need not read them back.
func (s *Snapshot) appendFields(b []byte, marks *[]int) ([]byte, error) {
	mark(marks, len(b))
	b = append(b, `{"game":`...)
	b = jsonenc.String(b, s.Game)
	mark(marks, len(b))
	b = append(b, `,"version":`...)
	b = jsonenc.Int(b, s.Version)
	mark(marks, len(b))
	b = append(b, `,"seat":`...)
	b = appendStringPtr(b, s.Seat)
	mark(marks, len(b))
	b = append(b, `,"side":`...)
	b = appendStringPtr(b, s.Side)
	mark(marks, len(b))
	b = append(b, `,"spectator":`...)
	b = jsonenc.Bool(b, s.Spectator)
	mark(marks, len(b))
	b = append(b, `,"hotseat":`...)
	b = jsonenc.Bool(b, s.Hotseat)
	mark(marks, len(b))
	b = append(b, `,"scenario":`...)
	if s.board != nil {
		b = append(b, s.board.scJSON...)
	} else {
		b = s.Scenario.appendJSON(b)
	}
	mark(marks, len(b))
	b = append(b, `,"seats":`...)
	if s.Seats == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, si := range s.Seats {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"seat":`...)
			b = jsonenc.String(b, si.Seat)
			b = append(b, `,"side":`...)
			b = jsonenc.String(b, si.Side)
			b = append(b, `,"kind":`...)
			b = jsonenc.String(b, si.Kind)
			if si.Connected != nil {
				b = append(b, `,"connected":`...)
				b = jsonenc.Bool(b, *si.Connected)
			}
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	mark(marks, len(b))
	b = append(b, `,"view":`...)
	if s.board != nil {
		b = s.View.AppendJSONBoard(b, s.board.json)
	} else {
		b = s.View.AppendJSON(b)
	}
	mark(marks, len(b))
	b = append(b, `,"to_act":`...)
	b = appendStringPtr(b, s.ToAct)
	mark(marks, len(b))
	b = append(b, `,"to_act_side":`...)
	b = appendStringPtr(b, s.ToActSide)
	mark(marks, len(b))
	b = append(b, `,"your_turn":`...)
	b = jsonenc.Bool(b, s.YourTurn)
	if len(s.Legal) > 0 {
		mark(marks, len(b))
		b = append(b, `,"legal":[`...)
		for i := range s.Legal {
			if i > 0 {
				b = append(b, ',')
			}
			b = s.Legal[i].appendJSON(b)
		}
		b = append(b, ']')
	}
	mark(marks, len(b))
	b = append(b, `,"can_undo":`...)
	b = jsonenc.Bool(b, s.Undo)
	mark(marks, len(b))
	b = append(b, `,"last_roll":`...)
	if r := s.LastRoll; r == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, `{"side":`...)
		b = jsonenc.String(b, r.Side)
		b = append(b, `,"faces":`...)
		b = jsonenc.Strings(b, r.Faces)
		b = append(b, '}')
	}
	mark(marks, len(b))
	b = append(b, `,"over":`...)
	b = jsonenc.Bool(b, s.Over)
	mark(marks, len(b))
	b = append(b, `,"winner":`...)
	b = appendStringPtr(b, s.Winner)
	if s.Ended != "" {
		mark(marks, len(b))
		b = append(b, `,"ended":`...)
		b = jsonenc.String(b, s.Ended)
	}
	if s.Clock != nil {
		mark(marks, len(b))
		b = append(b, `,"clock":`...)
		c, err := json.Marshal(s.Clock)
		if err != nil {
			return b, err
		}
		b = append(b, c...)
	}
	if s.Leg != 0 {
		mark(marks, len(b))
		b = append(b, `,"leg":`...)
		b = jsonenc.Int(b, s.Leg)
	}
	return b, nil
}

func appendStringPtr(b []byte, s *string) []byte {
	if s == nil {
		return append(b, "null"...)
	}
	return jsonenc.String(b, *s)
}

func (si *ScenarioInfo) appendJSON(b []byte) []byte {
	b = append(b, `{"id":`...)
	b = jsonenc.String(b, si.ID)
	b = append(b, `,"name":`...)
	b = jsonenc.String(b, si.Name)
	b = append(b, `,"board":{"rows":`...)
	b = jsonenc.Int(b, si.Board.Rows)
	b = append(b, `,"width":`...)
	b = jsonenc.Int(b, si.Board.Width)
	b = append(b, `,"type":`...)
	b = jsonenc.String(b, si.Board.Type)
	b = append(b, `,"face":`...)
	b = jsonenc.String(b, si.Board.Face)
	b = append(b, `},"labels":`...)
	if si.Labels == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, l := range si.Labels {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"hex":`...)
			b = jsonenc.String(b, l.Hex)
			b = append(b, `,"text":`...)
			b = jsonenc.Strings(b, l.Text)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	b = append(b, `,"top":`...)
	b = jsonenc.String(b, si.Top)
	b = append(b, `,"objectives":`...)
	if si.Objectives == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i := range si.Objectives {
			if i > 0 {
				b = append(b, ',')
			}
			o := &si.Objectives[i]
			b = append(b, `{"kind":`...)
			b = jsonenc.String(b, o.Kind)
			b = append(b, `,"hexes":`...)
			b = jsonenc.Strings(b, o.Hexes)
			b = append(b, `,"sides":`...)
			b = jsonenc.Strings(b, o.Sides)
			if o.Medals != 0 {
				b = append(b, `,"medals":`...)
				b = jsonenc.Int(b, o.Medals)
			}
			if o.Count != 0 {
				b = append(b, `,"count":`...)
				b = jsonenc.Int(b, o.Count)
			}
			if o.TurnStart {
				b = append(b, `,"turn_start":true`...)
			}
			b = append(b, `,"holder":`...)
			b = appendStringPtr(b, o.Holder)
			if len(o.Taken) > 0 {
				b = append(b, `,"taken":`...)
				b = jsonenc.Strings(b, o.Taken)
			}
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	return append(b, '}')
}

func (l *Legal) appendJSON(b []byte) []byte {
	b = append(b, `{"action":`...)
	b = jsonenc.String(b, l.Action)
	b = append(b, `,"kind":`...)
	b = jsonenc.String(b, l.Kind)
	str := func(key, v string) {
		if v != "" {
			b = jsonenc.Key(b, false, key)
			b = jsonenc.String(b, v)
		}
	}
	num := func(key string, v int) {
		if v != 0 {
			b = jsonenc.Key(b, false, key)
			b = jsonenc.Int(b, v)
		}
	}
	flag := func(key string, v bool) {
		if v {
			b = jsonenc.Key(b, false, key)
			b = append(b, "true"...)
		}
	}
	str("from", l.From)
	str("to", l.To)
	num("dice", l.Dice)
	if l.Card != nil {
		b = append(b, `,"card":`...)
		b = jsonenc.Int(b, *l.Card)
	}
	str("name", l.Name)
	str("section", l.Section)
	flag("ignore", l.Ignore)
	num("units", l.Units)
	if len(l.Hexes) > 0 {
		b = append(b, `,"hexes":`...)
		b = jsonenc.Strings(b, l.Hexes)
	}
	flag("tenacity", l.Tenacity)
	flag("idle", l.Idle)
	return append(b, '}')
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

// objectiveStatus is what of an objective changes in a game: all its
// ObjectiveInfo says but for the setup's.
type objectiveStatus struct {
	holder rules.Side
	held   bool
	taken  rules.SideMask
}

// objectiveStatuses appends the statuses of st's objectives to out.
func objectiveStatuses(st *rules.State, out []objectiveStatus) []objectiveStatus {
	for k := range st.Setup().Objectives {
		holder, held, taken := st.ObjectiveStatus(k)
		if !held {
			holder = 0 // (what a status not held says of its holder does not count)
		}
		out = append(out, objectiveStatus{holder: holder, held: held, taken: taken})
	}
	return out
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

// legalOn lists the legal actions of st with their details, the card
// plays tried (PlayDoesNothing) on a copy made in *tmp (a state of the
// caller's own, nil for a new one), one for every card and position.
func legalOn(st *rules.State, tmp **rules.State) []Legal {
	legal := st.Legal()
	out := make([]Legal, 0, len(legal))
	for _, a := range legal {
		l := Legal{Action: a.String(), Kind: a.Kind.String()}
		switch a.Kind {
		case rules.ActPlay, rules.ActKeep:
			id := int(a.Card)
			l.Card, l.Name = &id, st.CardName(a.Card)
			if a.Kind == rules.ActPlay && a.Arg > 0 {
				l.Section = rules.Section(a.Arg - 1).String()
			}
			if a.Kind == rules.ActPlay && st.Phase() == rules.PhaseCard {
				l.Idle, *tmp = st.PlayDoesNothingOn(a, *tmp)
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
	return view.OfWithoutLegal(st, viewerFor(s))
}

// viewerFor is seat s as package view's viewer (nil: a spectator).
func viewerFor(s *seat) view.Viewer {
	if s != nil {
		return view.Seat(s.side, s.player)
	}
	return view.Spectator()
}

// mark appends n, the offset of a member's separator, to *marks (if not nil).
func mark(marks *[]int, n int) {
	if marks != nil {
		*marks = append(*marks, n)
	}
}
