package match

import (
	"encoding/json"
	"slices"

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
	for v := viewer(0); v < numViewers; v++ {
		ev := v.who().Event(e)
		seen[v] = ev
		if w := slices.Index(seen[:v], ev); w >= 0 {
			en.json[v] = en.json[w]
			continue
		}
		key, args, event := entryParts(st, ev)
		en.json[v] = appendLogEntry(nil, n, key, args, event)
	}
	if e.Kind == rules.EvDiceRolled {
		en.dice = &Roll{Side: e.Side.String(), Faces: faces(e)}
	}
	return en
}

// entryParts are the message key, arguments and event of an engine event
// (seen through Event.For) in the log.
func entryParts(st *rules.State, ev rules.Event) (key string, args, event map[string]any) {
	key, args = describe(st, ev)
	if u := view.UnitRefOf(st, ev.Unit); u != nil {
		args["unit"] = u
	}
	if u := view.UnitRefOf(st, ev.Target); u != nil {
		args["target"] = u
	}
	event = map[string]any{"kind": ev.Kind.String(), "text": ev.String()}
	for k, a := range args {
		event[k] = a
	}
	return key, args, event
}

// serverEntry is a server entry, the same for every viewer.
func serverEntry(n int, kind string, args map[string]any) entry {
	event := map[string]any{"kind": kind}
	for k, a := range args {
		event[k] = a
	}
	b := json.RawMessage(appendLogEntry(nil, n, "ev."+kind, args, event))
	return entry{json: [numViewers]json.RawMessage{b, b, b}}
}

// appendLogEntry appends LogEntry{n, Text{key, args}, event}'s JSON, as
// encoding/json writes it (TestLogEntryJSON) without its reflection: an
// action adds its entries while its seat waits.
func appendLogEntry(b []byte, n int, key string, args, event map[string]any) []byte {
	b = append(b, `{"n":`...)
	b = jsonenc.Int(b, n)
	b = append(b, `,"text":{"key":`...)
	b = jsonenc.String(b, key)
	b = append(b, `,"args":`...)
	b = appendArgs(b, args)
	b = append(b, `},"event":`...)
	b = appendArgs(b, event)
	return append(b, '}')
}

// appendArgs appends a map of an entry's arguments as encoding/json does:
// its keys in order.
func appendArgs(b []byte, m map[string]any) []byte {
	if m == nil {
		return append(b, "null"...)
	}
	var buf [16]string
	keys := buf[:0]
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	b = append(b, '{')
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsonenc.String(b, k)
		b = append(b, ':')
		switch v := m[k].(type) {
		case string:
			b = jsonenc.String(b, v)
		case int:
			b = jsonenc.Int(b, v)
		case bool:
			b = jsonenc.Bool(b, v)
		case []string:
			b = jsonenc.Strings(b, v)
		default:
			b = jsonenc.Value(b, v)
		}
	}
	return append(b, '}')
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
func describe(st *rules.State, e rules.Event) (string, map[string]any) {
	side := e.Side.String()
	key := "ev." + e.Kind.String()
	card := func(args map[string]any) map[string]any {
		if e.Card != rules.NoCard && int(e.Card) < st.DeckSize() {
			args["card"] = st.CardName(e.Card)
			args["id"] = int(e.Card)
		}
		return args
	}
	switch e.Kind {
	case rules.EvTurnStarted:
		return key, map[string]any{"side": side, "turn": int(e.N)}
	case rules.EvCardPlayed:
		args := card(map[string]any{"side": side})
		switch {
		case e.N == rules.ArgAsAirPower:
			args["as"] = "air-power"
		case e.N > 0:
			args["section"] = rules.Section(e.N - 1).String()
		}
		return key, args
	case rules.EvCardDiscarded:
		return key, card(map[string]any{"side": side})
	case rules.EvCardDrawn:
		if e.Card == rules.NoCard {
			return "ev.draw.hidden", map[string]any{"side": side}
		}
		args := card(map[string]any{"side": side})
		if e.N == 1 {
			args["face_up"] = true
		}
		return key, args
	case rules.EvUnitOrdered, rules.EvBridgeBlown, rules.EvPontoonBuilt, rules.EvSmoke, rules.EvEntered:
		return key, map[string]any{"side": side, "hex": e.From.String()}
	case rules.EvUnitMoved, rules.EvTookGround, rules.EvAmbush, rules.EvBattleBack, rules.EvTargetMarked:
		return key, map[string]any{"side": side, "from": e.From.String(), "to": e.To.String()}
	case rules.EvObstacleRemoved, rules.EvObstaclePlaced:
		return key, map[string]any{"hex": e.From.String(), "obstacle": st.Catalog().Feature(rules.Feature(e.N)).Key}
	case rules.EvUnitExited:
		return key, map[string]any{"side": side, "from": e.From.String(), "to": e.To.String(), "medals": int(e.N)}
	case rules.EvBattle:
		return key, map[string]any{"side": side, "from": e.From.String(), "to": e.To.String(), "dice": int(e.N)}
	case rules.EvCardAttack:
		return key, map[string]any{"side": side, "hex": e.To.String(), "dice": int(e.N)}
	case rules.EvVisibility:
		if e.N == 0 {
			return "ev.visibility.day", map[string]any{"side": side}
		}
		return key, map[string]any{"side": side, "hexes": int(e.N)}
	case rules.EvMineRevealed:
		// The token turned over is public (Winter Wars III); side: who laid it.
		return key, map[string]any{"side": side, "hex": e.To.String(), "dice": int(e.N)}
	case rules.EvMineCleared:
		return key, map[string]any{"side": side, "hex": e.To.String()}
	case rules.EvDeployed:
		return key, map[string]any{"side": side, "hex": e.To.String(), "figures": int(e.N)}
	case rules.EvSabotage:
		needed := 0
		for _, tg := range st.SabotageTargets() {
			if tg.Hex == e.From {
				needed = int(tg.Needed)
			}
		}
		if int(e.N) >= needed {
			return "ev.sabotage.done", map[string]any{"side": side, "hex": e.From.String(), "stars": int(e.N)}
		}
		return key, map[string]any{"side": side, "hex": e.From.String(), "stars": int(e.N), "needed": needed}
	case rules.EvReinforced:
		return key, map[string]any{"side": side, "from": e.From.String(), "to": e.To.String(), "figures": int(e.N)}
	case rules.EvAirdrop:
		if e.N == 0 {
			return "ev.airdrop.lost", map[string]any{"side": side, "hex": e.To.String()}
		}
		return key, map[string]any{"side": side, "hex": e.To.String()}
	case rules.EvDiceRolled:
		return key, map[string]any{"side": side, "faces": faces(e)}
	case rules.EvHits, rules.EvFlagLosses, rules.EvHealed:
		return key, map[string]any{"hex": e.To.String(), "figures": int(e.N)}
	case rules.EvFlagIgnored:
		return key, map[string]any{"hex": e.To.String()}
	case rules.EvRetreated:
		return key, map[string]any{"side": side, "hex": e.From.String(), "from": e.From.String(), "to": e.To.String(), "hexes": int(e.N)}
	case rules.EvUnitEliminated:
		return key, map[string]any{"side": side, "hex": e.To.String()}
	case rules.EvMedals:
		return key, map[string]any{"side": side, "medals": int(e.N)}
	case rules.EvDeckReshuffled, rules.EvCombatShuffled:
		return key, map[string]any{"cards": int(e.N)}
	case rules.EvCombatPlayed, rules.EvCombatDrawn:
		if e.Card == rules.NoCard {
			return key + ".hidden", map[string]any{"side": side}
		}
		d, _ := st.CombatCard(e.Card)
		name := d.Name
		if name == "" {
			name = d.Key
		}
		args := map[string]any{"side": side, "card": name, "id": int(e.Card)}
		if e.Kind == rules.EvCombatPlayed && e.N == rules.ArgTenacity {
			return "ev.combat.tenacity", args
		}
		return key, args
	case rules.EvTurnEnded, rules.EvGameOver:
		return key, map[string]any{"side": side}
	}
	return key, map[string]any{}
}
