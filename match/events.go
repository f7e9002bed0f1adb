package match

import (
	"encoding/json"
	"slices"
	"sync"

	m44hex "m44/hex"
	"m44/internal/jsonenc"
	"m44/rules"
	"m44/view"
)

// The game's log. Each entry is an engine event, or one of the server's own:
// "undo" (a seat took back its last action) and "step" (an action that
// caused no engine event, such as end-orders, so that every action moves the
// version on). Entries are numbered from 1; the game's version is the number
// of entries.

// viewer is who reads a log entry: a side, or a spectator.
type viewer int

const (
	viewAllies viewer = iota
	viewAxis
	viewSpectator
	numViewers
)

// who is the viewer as package view names it: a log entry reads the same
// for both seats of a team, so a side stands for its seats.
func (v viewer) who() view.Viewer {
	if v == viewSpectator {
		return view.Spectator()
	}
	return view.Side(rules.Side(v))
}

func viewerOf(side rules.Side) viewer {
	if side == rules.Axis {
		return viewAxis
	}
	return viewAllies
}

// entry is one log entry, encoded once for each viewer.
type entry struct {
	json [numViewers]json.RawMessage
	dice *Roll // a dice roll (public)
}

// Text is an entry's wording for the client: a stable message key and its
// arguments.
type Text struct {
	Key  string         `json:"key"`
	Args map[string]any `json:"args"`
}

// LogEntry is one entry of the log as a viewer gets it.
type LogEntry struct {
	N     int            `json:"n"`
	Text  Text           `json:"text"`
	Event map[string]any `json:"event"`
}

// Roll is a dice roll.
type Roll struct {
	Side  string   `json:"side"`
	Faces []string `json:"faces"`
}

// eventEntry encodes engine event e as entry n for every viewer, each
// seeing it as package view shows it. Viewers who see the same event (all
// of them but for a card drawn) share one encoding.
func eventEntry(st *rules.State, n int, e rules.Event) entry {
	var en entry
	var seen [numViewers]rules.Event
	var a args
	for v := viewer(0); v < numViewers; v++ {
		ev := v.who().Event(e)
		seen[v] = ev
		if w := slices.Index(seen[:v], ev); w >= 0 {
			en.json[v] = en.json[w]
			continue
		}
		a.n = 0
		key := entryArgs(st, ev, &a)
		en.json[v] = appendEntry(make([]byte, 0, 256), n, key, &a, ev.Kind.String(), ev.String())
	}
	if e.Kind == rules.EvDiceRolled {
		en.dice = &Roll{Side: e.Side.String(), Faces: faces(e)}
	}
	return en
}

// entryArgs puts the arguments of an engine event (seen through
// Event.For) in the log in a, and is its message key. The entry's event
// is the arguments with the event's kind and text.
func entryArgs(st *rules.State, ev rules.Event, a *args) string {
	key := describe(st, ev, a)
	if u, ok := view.RefOf(st, ev.Unit); ok {
		a.unit("unit", u)
	}
	if u, ok := view.RefOf(st, ev.Target); ok {
		a.unit("target", u)
	}
	return key
}

// args are a log entry's arguments: a few, in a list the caller keeps
// (on its stack), written in the order of their keys as encoding/json
// writes a map (issue 14, tenth pass: the two maps an event's entry was
// made of took 6 % of the server's time and an eighth of what it
// allocated).
type args struct {
	n  int
	kv [maxArgs]arg
}

// maxArgs bounds an entry's arguments (describe gives at most 7, and an
// event names at most two units).
const maxArgs = 10

// arg is one of an entry's arguments.
type arg struct {
	key  string
	kind argKind
	s    string
	i    int
	h    m44hex.Hex
	ss   []string
	u    view.UnitRef
}

type argKind uint8

const (
	argString argKind = iota
	argInt
	argBool // i: 1 for true
	argHex
	argStrings
	argUnit
)

func (a *args) add(x arg) {
	a.kv[a.n] = x
	a.n++
}

func (a *args) str(k, v string)               { a.add(arg{key: k, kind: argString, s: v}) }
func (a *args) int(k string, v int)           { a.add(arg{key: k, kind: argInt, i: v}) }
func (a *args) hex(k string, h m44hex.Hex)    { a.add(arg{key: k, kind: argHex, h: h}) }
func (a *args) strs(k string, v []string)     { a.add(arg{key: k, kind: argStrings, ss: v}) }
func (a *args) unit(k string, u view.UnitRef) { a.add(arg{key: k, kind: argUnit, u: u}) }

func (a *args) bool(k string, v bool) {
	x := arg{key: k, kind: argBool}
	if v {
		x.i = 1
	}
	a.add(x)
}

// sort puts the arguments in the order of their keys.
func (a *args) sort() {
	kv := a.kv[:a.n]
	for i := 1; i < len(kv); i++ {
		for j := i; j > 0 && kv[j].key < kv[j-1].key; j-- {
			kv[j], kv[j-1] = kv[j-1], kv[j]
		}
	}
}

// appendValue appends the argument's value's JSON.
func (x *arg) appendValue(b []byte) []byte {
	switch x.kind {
	case argString:
		return jsonenc.String(b, x.s)
	case argInt:
		return jsonenc.Int(b, x.i)
	case argBool:
		return jsonenc.Bool(b, x.i == 1)
	case argHex:
		b = append(b, '"')
		return append(x.h.Append(b), '"')
	case argStrings:
		return jsonenc.Strings(b, x.ss)
	default: // argUnit: as encoding/json writes a view.UnitRef
		b = append(b, `{"kind":`...)
		b = jsonenc.String(b, x.u.Kind)
		b = append(b, `,"type":`...)
		b = jsonenc.String(b, x.u.Type)
		b = append(b, `,"side":`...)
		b = jsonenc.String(b, x.u.Side.String())
		if x.u.Nation != "" {
			b = append(b, `,"nation":`...)
			b = jsonenc.String(b, x.u.Nation)
		}
		return append(b, '}')
	}
}

// appendEntry appends LogEntry{n, Text{key, a}, event}'s JSON, as
// encoding/json writes it (TestLogEntryJSON), the event being a's
// arguments with "kind" and "text" (an argument of the same key wins, as
// it did when the event was a map the arguments were copied into).
func appendEntry(b []byte, n int, key string, a *args, kind, text string) []byte {
	return appendEntryWith(b, n, key, a, []arg{{key: "kind", s: kind}, {key: "text", s: text}})
}

// appendEntryWith is appendEntry with the event's own strings extra, in the
// order of their keys: an engine event's kind and text, a server entry's
// kind.
func appendEntryWith(b []byte, n int, key string, a *args, extra []arg) []byte {
	a.sort()
	kv := a.kv[:a.n]
	b = append(b, `{"n":`...)
	b = jsonenc.Int(b, n)
	b = append(b, `,"text":{"key":`...)
	b = jsonenc.String(b, key)
	b = append(b, `,"args":{`...)
	for i := range kv {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsonenc.String(b, kv[i].key)
		b = append(b, ':')
		b = kv[i].appendValue(b)
	}
	b = append(b, `}},"event":{`...)
	e, first := 0, true
	sep := func() {
		if !first {
			b = append(b, ',')
		}
		first = false
	}
	for i := range kv {
		for e < len(extra) && extra[e].key <= kv[i].key {
			if extra[e].key < kv[i].key {
				sep()
				b = jsonenc.String(b, extra[e].key)
				b = append(b, ':')
				b = jsonenc.String(b, extra[e].s)
			}
			e++
		}
		sep()
		b = jsonenc.String(b, kv[i].key)
		b = append(b, ':')
		b = kv[i].appendValue(b)
	}
	for ; e < len(extra); e++ {
		sep()
		b = jsonenc.String(b, extra[e].key)
		b = append(b, ':')
		b = jsonenc.String(b, extra[e].s)
	}
	return append(b, "}}"...)
}

// seatArgs are the arguments every server entry starts with: the seat it
// is about and its side.
func seatArgs(s *seat) args {
	var a args
	a.str("seat", s.name)
	a.str("side", s.side.String())
	return a
}

// serverEntry is a server entry (undo, step, timeout), the same for every
// viewer: its arguments a, and its event a's arguments with its kind.
func serverEntry(n int, kind string, a *args) entry {
	b := json.RawMessage(appendEntryWith(nil, n, "ev."+kind, a, []arg{{key: "kind", s: kind}}))
	return entry{json: [numViewers]json.RawMessage{b, b, b}}
}

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // only maps of strings, numbers and slices of them
	}
	return b
}

func faces(e rules.Event) []string {
	out := make([]string, 0, e.NDice)
	for _, f := range e.Faces() {
		out = append(out, f.String())
	}
	return out
}

// describe is the message key and arguments of an event (already seen
// through Event.For). The arguments name sides "allies"/"axis", hexes
// "row,col", cards by name (with their id as "id"), faces and obstacles by
// their engine names.
func describe(st *rules.State, e rules.Event, a *args) string {
	side := e.Side.String()
	key := eventKey(e.Kind)
	card := func() {
		if e.Card != rules.NoCard && int(e.Card) < st.DeckSize() {
			a.str("card", st.CardName(e.Card))
			a.int("id", int(e.Card))
		}
	}
	switch e.Kind {
	case rules.EvTurnStarted:
		a.str("side", side)
		a.int("turn", int(e.N))
	case rules.EvCardPlayed:
		a.str("side", side)
		card()
		switch {
		case e.N == rules.ArgAsAirPower:
			a.str("as", "air-power")
		case e.N > 0:
			a.str("section", rules.Section(e.N-1).String())
		}
	case rules.EvCardDiscarded:
		a.str("side", side)
		card()
	case rules.EvCardDrawn:
		a.str("side", side)
		if e.Card == rules.NoCard {
			return "ev.draw.hidden"
		}
		card()
		if e.N == 1 {
			a.bool("face_up", true)
		}
	case rules.EvUnitOrdered, rules.EvBridgeBlown, rules.EvPontoonBuilt, rules.EvSmoke, rules.EvEntered:
		a.str("side", side)
		a.hex("hex", e.From)
	case rules.EvUnitMoved, rules.EvTookGround, rules.EvAmbush, rules.EvBattleBack, rules.EvTargetMarked:
		a.str("side", side)
		a.hex("from", e.From)
		a.hex("to", e.To)
	case rules.EvObstacleRemoved, rules.EvObstaclePlaced:
		a.hex("hex", e.From)
		a.str("obstacle", st.Catalog().Feature(rules.Feature(e.N)).Key)
	case rules.EvUnitExited:
		a.str("side", side)
		a.hex("from", e.From)
		a.hex("to", e.To)
		a.int("medals", int(e.N))
	case rules.EvBattle:
		a.str("side", side)
		a.hex("from", e.From)
		a.hex("to", e.To)
		a.int("dice", int(e.N))
	case rules.EvCardAttack:
		a.str("side", side)
		a.hex("hex", e.To)
		a.int("dice", int(e.N))
	case rules.EvVisibility:
		a.str("side", side)
		if e.N == 0 {
			return "ev.visibility.day"
		}
		a.int("hexes", int(e.N))
	case rules.EvMineRevealed:
		// The token turned over is public (Winter Wars III); side: who laid it.
		a.str("side", side)
		a.hex("hex", e.To)
		a.int("dice", int(e.N))
	case rules.EvMineCleared:
		a.str("side", side)
		a.hex("hex", e.To)
	case rules.EvDeployed:
		a.str("side", side)
		a.hex("hex", e.To)
		a.int("figures", int(e.N))
	case rules.EvSabotage:
		needed := 0
		for _, tg := range st.SabotageTargets() {
			if tg.Hex == e.From {
				needed = int(tg.Needed)
			}
		}
		a.str("side", side)
		a.hex("hex", e.From)
		a.int("stars", int(e.N))
		if int(e.N) >= needed {
			return "ev.sabotage.done"
		}
		a.int("needed", needed)
	case rules.EvReinforced:
		a.str("side", side)
		a.hex("from", e.From)
		a.hex("to", e.To)
		a.int("figures", int(e.N))
	case rules.EvAirdrop:
		a.str("side", side)
		a.hex("hex", e.To)
		if e.N == 0 {
			return "ev.airdrop.lost"
		}
	case rules.EvDiceRolled:
		a.str("side", side)
		a.strs("faces", faces(e))
	case rules.EvHits, rules.EvFlagLosses, rules.EvHealed:
		a.hex("hex", e.To)
		a.int("figures", int(e.N))
	case rules.EvFlagIgnored:
		a.hex("hex", e.To)
	case rules.EvRetreated:
		a.str("side", side)
		a.hex("hex", e.From)
		a.hex("from", e.From)
		a.hex("to", e.To)
		a.int("hexes", int(e.N))
	case rules.EvUnitEliminated:
		a.str("side", side)
		a.hex("hex", e.To)
	case rules.EvMedals:
		a.str("side", side)
		a.int("medals", int(e.N))
	case rules.EvDeckReshuffled, rules.EvCombatShuffled:
		a.int("cards", int(e.N))
	case rules.EvCombatPlayed, rules.EvCombatDrawn:
		a.str("side", side)
		if e.Card == rules.NoCard {
			return key + ".hidden"
		}
		d, _ := st.CombatCard(e.Card)
		name := d.Name
		if name == "" {
			name = d.Key
		}
		a.str("card", name)
		a.int("id", int(e.Card))
		if e.Kind == rules.EvCombatPlayed && e.N == rules.ArgTenacity {
			return "ev.combat.tenacity"
		}
	case rules.EvTurnEnded, rules.EvGameOver:
		a.str("side", side)
	}
	return key
}

// eventKeys are the message keys of the engine's events ("ev." and the
// kind), made once.
var eventKeys = sync.OnceValue(func() *[64]string {
	var keys [64]string
	for k := range keys {
		keys[k] = "ev." + rules.EventKind(k).String()
	}
	return &keys
})

// eventKey is the message key of an event of kind k.
func eventKey(k rules.EventKind) string {
	if int(k) < len(eventKeys()) {
		return eventKeys()[k]
	}
	return "ev." + k.String()
}
