package match

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"m44/rules"
)

// A snapshot's JSON (AppendJSON, the log's entries copied as they were
// encoded) reads back as the snapshot: every field and the log.
func TestSnapshotJSON(t *testing.T) {
	g := testManager(t, testStore(t))
	m, tokens := humanGame(t, g, PerSide{1, 1}, 3)
	for i := 0; i < 30; i++ {
		step(t, m, tokens, i)
	}
	snap, err := m.Snapshot(tokens["allies"], false)
	if err != nil {
		t.Fatal(err)
	}
	b, err := snap.AppendJSON([]byte("x"))
	if err != nil || b[0] != 'x' || !json.Valid(b[1:]) {
		t.Fatalf("AppendJSON: %v %.200s", err, b)
	}
	var got struct {
		Game    string           `json:"game"`
		Version int              `json:"version"`
		Seat    string           `json:"seat"`
		Log     []LogEntry       `json:"log"`
		View    map[string]any   `json:"view"`
		Seats   []map[string]any `json:"seats"`
	}
	if err := json.Unmarshal(b[1:], &got); err != nil {
		t.Fatal(err)
	}
	if got.Game != m.ID() || got.Version != m.Version() || got.Seat != "allies" || len(got.View) == 0 || len(got.Seats) != 2 {
		t.Fatalf("fields: %+v", got)
	}
	if len(got.Log) != got.Version || got.Log[len(got.Log)-1].N != got.Version {
		t.Fatalf("log of %d entries at version %d", len(got.Log), got.Version)
	}
	// json.Marshal gives the same bytes (MarshalJSON), inside an update too.
	if mb, err := json.Marshal(snap); err != nil || !bytes.Equal(mb, b[1:]) {
		t.Fatalf("json.Marshal differs: %v", err)
	}
}

// SnapshotSince: the log holds the entries after the version given, at
// most LogTail of them; the rest of the snapshot is the same.
func TestSnapshotSince(t *testing.T) {
	g := testManager(t, testStore(t))
	m, tokens := humanGame(t, g, PerSide{1, 1}, 4)
	for i := 0; i < 40; i++ {
		step(t, m, tokens, i)
	}
	v := m.Version()
	entries := func(s *Snapshot) []LogEntry {
		var l []LogEntry
		if err := json.Unmarshal(s.Log, &l); err != nil {
			t.Fatal(err)
		}
		return l
	}
	for _, since := range []int{0, 1, v - 3, v, v + 5} {
		s, err := m.SnapshotSince(tokens["axis"], since, false)
		if err != nil {
			t.Fatal(err)
		}
		l := entries(s)
		want := max(0, v-min(since, v))
		if len(l) != want || (want > 0 && (l[0].N != since+1 || l[want-1].N != v)) {
			t.Errorf("since %d: %d entries, want %d", since, len(l), want)
		}
		s.Log = nil
		full, _ := m.Snapshot(tokens["axis"], false)
		full.Log = nil
		a, _ := json.Marshal(s)
		b, _ := json.Marshal(full)
		if !bytes.Equal(a, b) {
			t.Errorf("since %d: the snapshot differs beyond its log", since)
		}
	}
}

// The WebSockets of one seat share one snapshot per version; a change
// the log does not show (a seat connecting) is not hidden by the sharing,
// nor is a new version; another seat's sharing is its own (its hand).
func TestSharedSnapshot(t *testing.T) {
	g := testManager(t, testStore(t))
	m, tokens := humanGame(t, g, PerSide{1, 1}, 5)
	a1, err := m.Subscribe(tokens["allies"])
	if err != nil {
		t.Fatal(err)
	}
	defer a1.Close()
	a2, _ := m.Subscribe(tokens["allies"])
	defer a2.Close()
	u1, u2 := a1.Update(-1), a2.Update(-1)
	// (Update copies the snapshot's JSON: the shared view shows the sharing.)
	if !bytes.Equal(u1.head, u2.head) || u1.Snapshot.View.Units == nil || &u1.Snapshot.View.Units[0] != &u2.Snapshot.View.Units[0] {
		t.Fatal("two sockets of a seat: two snapshots made")
	}
	connected := func(u *Update, seat string) bool {
		for _, s := range u.Snapshot.Seats {
			if s.Seat == seat {
				return s.Connected != nil && *s.Connected
			}
		}
		return false
	}
	if connected(u1, "axis") {
		t.Fatal("axis connected")
	}
	x, _ := m.Subscribe(tokens["axis"])
	defer x.Close()
	u3 := a1.Update(-1)
	if !connected(u3, "axis") {
		t.Fatal("axis's connection hidden by a shared snapshot")
	}
	b, err := u3.AppendJSON(nil)
	if err != nil || !strings.Contains(string(b), `"seat":"axis","side":"axis","kind":"human","connected":true`) {
		t.Fatalf("update JSON: %v %.300s", err, b)
	}
	var decoded struct {
		Type     string          `json:"type"`
		Version  int             `json:"version"`
		Events   []LogEntry      `json:"events"`
		Snapshot json.RawMessage `json:"snapshot"`
	}
	whole, _ := u3.Snapshot.AppendJSON(nil)
	if err := json.Unmarshal(b, &decoded); err != nil || decoded.Type != "update" || decoded.Version != m.Version() || !bytes.Equal(decoded.Snapshot, whole) {
		t.Fatalf("update: %v %+v", err, decoded.Type)
	}
	step(t, m, tokens, 0)
	u4 := a1.Update(u3.Version)
	if u4.Version != u3.Version+len(mustEntries(t, u4.Events)) || u4.Snapshot.Version != m.Version() || &u4.head[0] == &u3.head[0] {
		t.Fatalf("after an action: version %d, snapshot at %d", u4.Version, u4.Snapshot.Version)
	}
	// Each side's own hand: the axis socket's snapshot is not the allies'.
	ux := x.Update(-1)
	if &ux.head[0] == &u4.head[0] || ux.Snapshot.View.Viewer == nil || *ux.Snapshot.View.Viewer != rules.Axis ||
		u4.Snapshot.View.Viewer == nil || *u4.Snapshot.View.Viewer != rules.Allies {
		t.Fatal("axis got the allies' snapshot")
	}
}

func mustEntries(t *testing.T, raw json.RawMessage) []LogEntry {
	var l []LogEntry
	if err := json.Unmarshal(raw, &l); err != nil {
		t.Fatal(err)
	}
	return l
}

// plainSnapshot is Snapshot without its methods: encoding/json's own
// encoding of its fields (the log is left out).
type plainSnapshot Snapshot

// referenceJSON is the snapshot as encoding/json writes it, the log last.
func referenceJSON(t *testing.T, s *Snapshot) []byte {
	t.Helper()
	head, err := json.Marshal((*plainSnapshot)(s))
	if err != nil {
		t.Fatal(err)
	}
	b := append(head[:len(head)-1:len(head)-1], `,"log":`...)
	if s.Log == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, s.Log...)
	}
	return append(b, '}')
}

// The hand-written AppendJSON writes encoding/json's bytes: the snapshots of
// every seat and of a spectator along whole games (lone players and teams;
// with a subscriber, the board encoded once for all the viewers,
// publicBoardLocked), and one with every optional member set.
func TestSnapshotAppendJSONIsEncodingJSON(t *testing.T) {
	g := testManager(t, testStore(t))
	compared := 0
	for _, tc := range []struct {
		players PerSide
		follow  bool
	}{{PerSide{1, 1}, false}, {PerSide{1, 1}, true}, {PerSide{2, 2}, false}, {PerSide{2, 2}, true}} {
		players := tc.players
		m, tokens := humanGame(t, g, players, 7)
		if tc.follow {
			sub, err := m.Subscribe("")
			if err != nil {
				t.Fatal(err)
			}
			defer sub.Close()
		}
		viewers := []string{""}
		for _, tok := range tokens {
			viewers = append(viewers, tok)
		}
		for i := 0; i < 2000; i++ {
			if i%5 == 0 || m.Over() {
				for _, tok := range viewers {
					s, err := m.SnapshotSince(tok, max(0, m.Version()-3), false)
					if err != nil {
						t.Fatal(err)
					}
					got, err := s.AppendJSON(nil)
					if want := referenceJSON(t, s); err != nil || !bytes.Equal(got, want) {
						t.Fatalf("players %v action %d: %v\n got %s\nwant %s", players, i, err, got, want)
					}
					compared++
				}
			}
			if m.Over() {
				break
			}
			step(t, m, tokens, i)
		}
	}
	seat, w, yes := "allies", "axis", true
	card := 4
	full := &Snapshot{Game: "g<&>", Seat: &seat, Side: &seat, ToAct: &seat, ToActSide: &seat, Winner: &w, Ended: "action_limit", Leg: 2,
		Seats:    []SeatInfo{{Seat: "allies", Side: "allies", Kind: "human", Connected: &yes}, {Seat: "axis", Kind: "bot:easy"}},
		Legal:    []Legal{{Action: "smoke 1,2 1,4 1,6", Kind: "smoke", Hexes: []string{"1,2"}, Card: &card, Name: "Aufklärung", Section: "left", Ignore: true, Units: 2, Tenacity: true, Idle: true, Dice: 3, From: "1,2", To: "2,3"}},
		LastRoll: &Roll{Side: "axis", Faces: []string{"star", "grenade"}},
		Scenario: ScenarioInfo{Labels: []Label{{Hex: "1,2", Text: []string{"Sainte-Mère", "Église"}}},
			Objectives: []ObjectiveInfo{{Kind: "temporary", Hexes: []string{}, Sides: []string{"axis"}, Medals: 1, Count: 2, TurnStart: true, Holder: &w, Taken: []string{"axis"}}}},
		Clock: &ClockView{Running: &seat, Left: map[string]int64{"allies": 1000}}, Log: json.RawMessage(`[]`)}
	got, err := full.AppendJSON(nil)
	if want := referenceJSON(t, full); err != nil || !bytes.Equal(got, want) {
		t.Fatalf("every member: %v\n got %s\nwant %s", err, got, want)
	}
	t.Logf("%d snapshots compared", compared+1)
}

// args.maps is the entry's arguments and event as maps, as encoding/json
// would be given them (the event: its kind and text, and the arguments).
func (a *args) maps(ev rules.Event) (args, event map[string]any) {
	args = map[string]any{}
	event = map[string]any{"kind": ev.Kind.String(), "text": ev.String()}
	for _, x := range a.kv[:a.n] {
		var v any
		switch x.kind {
		case argString:
			v = x.s
		case argInt:
			v = x.i
		case argBool:
			v = x.i == 1
		case argHex:
			v = x.h.String()
		case argStrings:
			v = x.ss
		case argUnit:
			u := x.u
			v = &u
		}
		args[x.key], event[x.key] = v, v
	}
	return args, event
}

// A log entry written by hand (appendEntry, serverEntry) is encoding/json's
// encoding of its LogEntry, for every event of whole games as each viewer
// sees it, and for the server's own entries.
func TestLogEntryJSON(t *testing.T) {
	compared := 0
	// check compares server entry n of kind with arguments a, whose map
	// is args.
	check := func(n int, kind string, a *args, args map[string]any) {
		t.Helper()
		event := map[string]any{"kind": kind}
		for k, v := range args {
			event[k] = v
		}
		want, err := json.Marshal(LogEntry{N: n, Text: Text{Key: "ev." + kind, Args: args}, Event: event})
		if err != nil {
			t.Fatal(err)
		}
		for v, got := range serverEntry(n, kind, a).json {
			if !bytes.Equal(got, want) {
				t.Fatalf("viewer %d: got %s\nwant %s", v, got, want)
			}
		}
		compared++
	}
	sc := libraryScenario(t)
	for _, players := range [][2]int{{1, 1}, {2, 2}} {
		setup := *sc.Setup
		setup.Players = players
		st, err := rules.New(&setup, 11)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 3000; i++ {
			if over, _ := st.Over(); over {
				break
			}
			legal := st.Legal()
			evs, err := st.Apply(legal[(i*7919+13)%len(legal)])
			if err != nil {
				t.Fatal(err)
			}
			for k, e := range evs {
				for v := viewer(0); v < numViewers; v++ {
					ev := v.who().Event(e)
					var a args
					key := entryArgs(st, ev, &a)
					args, event := a.maps(ev)
					want, err := json.Marshal(LogEntry{N: i + k, Text: Text{Key: key, Args: args}, Event: event})
					if err != nil {
						t.Fatal(err)
					}
					if got := appendEntry(nil, i+k, key, &a, ev.Kind.String(), ev.String()); !bytes.Equal(got, want) {
						t.Fatalf("got %s\nwant %s", got, want)
					}
					compared++
				}
			}
		}
	}
	var undo args
	undo.str("side", "allies<&>")
	undo.str("seat", "allies-1")
	check(7, "undo", &undo, map[string]any{"seat": "allies-1", "side": "allies<&>"})
	// Keys before and after "kind", and one that is "kind" (the argument
	// wins, as when the event was a map the arguments were copied into).
	var step args
	step.str("action", "end-orders")
	step.int("n", 3)
	step.bool("ok", true)
	step.strs("faces", []string{"star"})
	step.str("kind", "mine")
	check(8, "step", &step, map[string]any{"action": "end-orders", "n": 3, "ok": true, "faces": []string{"star"}, "kind": "mine"})
	var timeout args
	timeout.str("seat", "axis")
	timeout.str("side", "axis")
	timeout.str("winner", "allies")
	check(9, "timeout", &timeout, map[string]any{"seat": "axis", "side": "axis", "winner": "allies"})
	t.Logf("%d entries compared", compared)
}

// A game's objectives change only by what objectiveStatus holds: the
// shared board's scenario is made again only when a status changes
// (publicBoardLocked), so a new field of ObjectiveInfo that a game changes
// must go there.
func TestObjectiveStatusEveryField(t *testing.T) {
	if n := reflect.TypeFor[ObjectiveInfo]().NumField(); n != 8 {
		t.Fatalf("ObjectiveInfo has %d fields: one a game changes goes in objectiveStatus, then change this test", n)
	}
	if n := reflect.TypeFor[objectiveStatus]().NumField(); n != 3 {
		t.Fatalf("objectiveStatus has %d fields: Holder's two (holder, held) and Taken's", n)
	}
}

// The shared board's scenario (publicBoardLocked) is made again only when
// an objective's status changed (issue 14, tenth pass): after every action
// of followed games its objectives are those the state gives, through
// changes of holders.
func TestSharedBoardObjectivesFollowTheState(t *testing.T) {
	g := testManager(t, testStore(t))
	changes := 0
	for seed := uint64(1); seed <= 6; seed++ {
		m, tokens := humanGame(t, g, PerSide{1, 1}, seed)
		sub, err := m.Subscribe(tokens["allies"])
		if err != nil {
			t.Fatal(err)
		}
		var prev []ObjectiveInfo
		for i := 0; i < 600 && !m.Over(); i++ {
			step(t, m, tokens, i+int(seed))
			m.mu.Lock()
			pb := m.publicBoardLocked()
			want := objectivesOf(m.st)
			m.mu.Unlock()
			if !reflect.DeepEqual(pb.scenario.Objectives, want) {
				t.Fatalf("seed %d, action %d: the shared board's objectives %+v, the state's %+v", seed, i, pb.scenario.Objectives, want)
			}
			if prev != nil && !reflect.DeepEqual(prev, want) {
				changes++
			}
			prev = want
		}
		sub.Close()
	}
	if changes == 0 {
		t.Fatal("no objective changed holder in these games: the test tests nothing")
	}
	t.Logf("%d changes of objectives' status", changes)
}
