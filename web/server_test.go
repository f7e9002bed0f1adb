package web

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"m44/internal/testkit"
	"m44/rules"
	"m44/scenario"
)

var corpusDir = filepath.Join("..", "..", "shared", "scenarios")

func TestHealthAndStatic(t *testing.T) {
	ts := newTestServer(t, "")
	var h map[string]any
	ts.must(200, "GET", "/api/health", nil, &h)
	if h["ok"] != true || h["version"] != "test" {
		t.Fatalf("health %v", h)
	}
	raw := ts.must(404, "GET", "/api/nothing", nil, nil)
	if errCode(raw) != "not_found" {
		t.Fatalf("unknown endpoint: %s", raw)
	}
	ts.must(404, "GET", "/api/games/nope", nil, nil)
	code, _ := ts.call("DELETE", "/index.html", nil, nil)
	if code != 405 {
		t.Fatalf("DELETE on a static file: %d", code)
	}
}

func TestScenarios(t *testing.T) {
	ts := newTestServer(t, "")
	var list []map[string]any
	ts.must(200, "GET", "/api/scenarios", nil, &list)
	lib := Library()
	if len(list) != len(lib) || len(list) == 0 {
		t.Fatalf("%d scenarios listed, library has %d", len(list), len(lib))
	}
	for _, k := range []string{"id", "name", "date", "front", "board", "sides", "cards", "medals", "note"} {
		if _, ok := list[0][k]; !ok {
			t.Errorf("entry without %q: %v", k, list[0])
		}
	}
	var one map[string]any
	ts.must(200, "GET", "/api/scenarios/"+lib[0].ID, nil, &one)
	ts.srv.opts.SVG = BoardSVG()
	ts.must(200, "GET", "/api/scenarios/"+lib[0].ID, nil, &one)
	if svg, _ := one["svg"].(string); !strings.Contains(svg, "<svg") {
		t.Errorf("no svg in %.200v", one)
	} else {
		// The lobby's preview is the board alone: no English legend or side
		// panels (issue 18: the lobby in the player's language words the
		// title, sides, medals and cards itself).
		for _, english := range []string{"Legend", "medals to win", "command cards", "figures)"} {
			if strings.Contains(svg, english) {
				t.Errorf("the preview holds the English %q", english)
			}
		}
	}
	ts.must(404, "GET", "/api/scenarios/nope", nil, nil)

	// Uploads: bad JSON, too large, and a real file.
	var bad struct {
		Error struct {
			Code     string
			Problems []map[string]any
		}
	}
	ts.must(422, "POST", "/api/scenarios", []byte("{not json"), &bad)
	if bad.Error.Code != "bad_scenario" || len(bad.Error.Problems) == 0 {
		t.Fatalf("bad JSON upload: %+v", bad)
	}
	raw := ts.must(413, "POST", "/api/scenarios", bytes.Repeat([]byte(" "), 1<<20+1), nil)
	if errCode(raw) != "too_large" {
		t.Fatalf("too large: %s", raw)
	}
	ts.must(422, "POST", "/api/scenarios", []byte(`{"game_info":{"front":"MARS"},"board":{"type":"NOPE"}}`), &bad)
	if len(bad.Error.Problems) == 0 {
		t.Fatalf("no problems listed: %+v", bad)
	}

	paths, _ := filepath.Glob(filepath.Join(corpusDir, "*.m44"))
	if len(paths) == 0 {
		t.Skip("no corpus at " + corpusDir)
	}
	var playable, unsupported string
	for _, p := range paths {
		setup, rep := scenario.Check(p)
		switch {
		case playable == "" && setup != nil && rep.Playable():
			playable = p
		case unsupported == "" && rep.Loaded() && !rep.Playable():
			unsupported = p
		}
	}
	if unsupported != "" {
		data, _ := os.ReadFile(unsupported)
		ts.must(422, "POST", "/api/scenarios", data, &bad)
		if bad.Error.Code != "bad_scenario" || len(bad.Error.Problems) == 0 {
			t.Fatalf("%s: %+v", unsupported, bad)
		}
	}
	if playable == "" {
		t.Fatal("no playable corpus file")
	}
	data, _ := os.ReadFile(playable)
	var up struct {
		ID     string
		Name   string
		Report map[string]any
	}
	ts.must(201, "POST", "/api/scenarios", data, &up)
	if up.ID == "" || up.Name == "" || up.Report["playable"] != true {
		t.Fatalf("upload: %+v", up)
	}
	var again struct{ ID string }
	ts.must(201, "POST", "/api/scenarios", data, &again)
	if again.ID != up.ID {
		t.Fatalf("same file, ids %s and %s", up.ID, again.ID)
	}
	ts.must(200, "GET", "/api/scenarios", nil, &list)
	if len(list) != len(lib)+1 || list[len(list)-1]["id"] != up.ID {
		t.Fatalf("uploads are listed after the library: %d entries", len(list))
	}
	// A game from the upload.
	c := ts.create(map[string]any{"scenario": up.ID, "seats": map[string]string{"allies": "human", "axis": "human"}})
	s, _ := ts.snapshot(c.Game, c.Tokens["allies"])
	if s.Game != c.Game || s.Version != 0 || len(s.View.Hand) == 0 {
		t.Fatalf("snapshot of a game from an upload: %+v", s)
	}
}

func TestCreateErrors(t *testing.T) {
	ts := newTestServer(t, "")
	id := firstScenario(t)
	for _, tc := range []struct {
		body any
		code int
		err  string
	}{
		{map[string]any{"scenario": "nope", "seats": map[string]string{"allies": "human", "axis": "human"}}, 404, "not_found"},
		{map[string]any{"seats": map[string]string{"allies": "human", "axis": "human"}}, 400, "bad_request"},
		{map[string]any{"scenario": id, "seats": map[string]string{"allies": "human"}}, 400, "bad_request"},
		{map[string]any{"scenario": id, "seats": map[string]string{"allies": "human", "axis": "bot:genius"}}, 400, "bad_request"},
		{map[string]any{"scenario": id, "seats": map[string]string{"allies": "human", "axis": "human", "axis-2": "human"}}, 400, "bad_request"},
		{map[string]any{"scenario": id, "seats": map[string]string{"allies": "human", "axis": "human"}, "players": map[string]int{"allies": 3, "axis": 1}}, 400, "bad_request"},
		{map[string]any{"scenario": id, "seats": map[string]string{"allies": "human", "axis": "human"}, "colour": "red"}, 400, "bad_request"},
		{[]byte("{"), 400, "bad_request"},
	} {
		code, raw := ts.call("POST", "/api/games", tc.body, nil)
		if code != tc.code || errCode(raw) != tc.err {
			t.Errorf("%v: %d %s, want %d %s", tc.body, code, raw, tc.code, tc.err)
		}
	}
	c := ts.create(map[string]any{"scenario": id, "seats": map[string]string{"allies": "human", "axis": "bot:easy"}, "seed": 7, "lang": "fr"})
	if len(c.Tokens) != 1 || len(c.Tokens["allies"]) != 32 || c.Links["allies"] != "/play/"+c.Game+"#"+c.Tokens["allies"] {
		t.Fatalf("created %+v", c)
	}
	page := ts.must(200, "GET", c.Links["allies"][:strings.Index(c.Links["allies"], "#")], nil, nil)
	if len(page) == 0 {
		t.Fatal("empty client page")
	}
}

// TestBotGame plays a whole game between two bots over the API, then
// replays its record through the engine.
func TestBotGame(t *testing.T) {
	ts := newTestServer(t, "")
	id := firstScenario(t)
	c := ts.create(map[string]any{"scenario": id, "seats": map[string]string{"allies": "bot:random", "axis": "bot:easy"}, "seed": 42})
	spectator := ts.dial(c.Game, "", 0)
	var s snap
	deadline := time.Now().Add(40 * time.Second)
	for {
		s, _ = ts.snapshot(c.Game, "")
		if s.Over {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("bot game not over at version %d", s.Version)
		}
		time.Sleep(20 * time.Millisecond)
	}
	ts.must(200, "GET", "/api/games/"+c.Game+"?log=all", nil, &s)
	if s.Winner == nil || s.ToAct != nil || s.Legal != nil || !s.Spectator {
		t.Fatalf("final snapshot: %+v", s)
	}
	// The log is numbered 1..version and ends the game.
	for i, e := range s.Log {
		if e.N != i+1 || !strings.HasPrefix(e.Text.Key, "ev.") {
			t.Fatalf("log entry %d: %+v", i, e)
		}
	}
	if len(s.Log) != s.Version || s.Log[len(s.Log)-1].Text.Key != "ev.game-over" {
		t.Fatalf("log of %d entries, version %d, last %+v", len(s.Log), s.Version, s.Log[len(s.Log)-1])
	}
	updates := spectator.waitVersion(t, s.Version)
	var fromWS []logEntry
	for _, u := range updates {
		fromWS = append(fromWS, u.Events...)
	}
	if len(fromWS) != s.Version {
		t.Fatalf("the spectator's socket got %d entries, want %d", len(fromWS), s.Version)
	}
	for i, e := range fromWS {
		if e.N != i+1 {
			t.Fatalf("socket entry %d is n=%d", i, e.N)
		}
	}

	var rec struct {
		ScenarioID string          `json:"scenario_id"`
		Scenario   json.RawMessage `json:"scenario"`
		Seed       uint64          `json:"seed"`
		Players    map[string]int  `json:"players"`
		Actions    []string        `json:"actions"`
		Winner     string          `json:"winner"`
		Hash       string          `json:"hash"`
	}
	ts.must(200, "GET", "/api/games/"+c.Game+"/record", nil, &rec)
	f, err := scenario.Parse(rec.Scenario)
	if err != nil {
		t.Fatal(err)
	}
	setup, _ := f.Setup()
	st, err := rules.New(setup, rec.Seed)
	if err != nil || rec.Seed != 42 {
		t.Fatal(err, rec.Seed)
	}
	for _, a := range rec.Actions {
		act, err := rules.ParseAction(a)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.Apply(act); err != nil {
			t.Fatalf("replay %q: %v", a, err)
		}
	}
	over, w := st.Over()
	m, _ := ts.srv.Games().Get(t.Context(), c.Game)
	if !over || w.String() != rec.Winner || w.String() != *s.Winner || st.Hash() != m.Hash() {
		t.Fatalf("replay: over %v winner %s, record says %s; hashes %x %x", over, w, rec.Winner, st.Hash(), m.Hash())
	}
}

func TestActions(t *testing.T) {
	ts := newTestServer(t, "")
	c := ts.create(map[string]any{"scenario": firstScenario(t), "seats": map[string]string{"allies": "human", "axis": "human"}, "hotseat": true, "seed": 3})
	if len(c.Tokens) != 2 {
		t.Fatalf("hot-seat tokens: %v", c.Tokens)
	}
	spec, _ := ts.snapshot(c.Game, "")
	toAct := *spec.ToAct
	other := "axis"
	if toAct == "axis" {
		other = "allies"
	}
	tok, otherTok := c.Tokens[toAct], c.Tokens[other]
	s, _ := ts.snapshot(c.Game, tok)
	if !s.YourTurn || len(s.Legal) == 0 || *s.Seat != toAct {
		t.Fatalf("snapshot of the seat to act: %+v", s)
	}
	for _, l := range s.Legal {
		if l.Kind == "play" && (l.Card == nil || l.Name == "") {
			t.Fatalf("play action without its card: %+v", l)
		}
	}
	o, _ := ts.snapshot(c.Game, otherTok)
	if o.YourTurn || o.Legal != nil {
		t.Fatalf("the other seat is offered actions: %+v", o)
	}
	hash := ts.hash(c.Game)

	check := func(name, token, action string, version, code int, want string) {
		t.Helper()
		got, raw := ts.act(c.Game, token, action, version)
		if got != code || errCode(raw) != want {
			t.Errorf("%s: %d %s, want %d %s", name, got, raw, code, want)
		}
		if h := ts.hash(c.Game); h != hash {
			t.Errorf("%s changed the game", name)
		}
	}
	check("an illegal action", tok, "move 0,0 1,1", 0, 422, "illegal_action")
	check("a malformed action", tok, "fly 3,3", 0, 422, "illegal_action")
	check("the other seat", otherTok, s.Legal[0].Action, 0, 403, "not_your_turn")
	check("a bad token", "0123456789abcdef0123456789abcdef", s.Legal[0].Action, 0, 403, "unauthorized")
	check("a spectator", "", s.Legal[0].Action, 0, 403, "unauthorized")
	check("a version from the future", tok, s.Legal[0].Action, 5, 409, "stale")
	code, raw := ts.call("POST", "/api/games/"+c.Game+"/actions", map[string]any{"token": tok, "action": s.Legal[0].Action}, nil)
	if code != 400 || errCode(raw) != "bad_request" {
		t.Errorf("no version: %d %s", code, raw)
	}
	if v, _ := ts.snapshot(c.Game, ""); v.Version != 0 {
		t.Fatalf("refused actions moved the version to %d", v.Version)
	}

	// A legal action, then its duplicate, then a stale one.
	first := s.Legal[0].Action
	var rep struct{ Version int }
	ts.must(200, "POST", "/api/games/"+c.Game+"/actions", map[string]any{"token": tok, "action": first, "version": 0}, &rep)
	if rep.Version < 1 {
		t.Fatalf("version after an action: %d", rep.Version)
	}
	hash = ts.hash(c.Game)
	var dup struct{ Version int }
	ts.must(200, "POST", "/api/games/"+c.Game+"/actions", map[string]any{"token": tok, "action": first, "version": 0}, &dup)
	if dup.Version != rep.Version || ts.hash(c.Game) != hash {
		t.Fatalf("duplicate: version %d (first %d), applied twice: %v", dup.Version, rep.Version, ts.hash(c.Game) != hash)
	}
	s, _ = ts.snapshot(c.Game, tok)
	if s.Version != rep.Version {
		t.Fatalf("snapshot version %d, reply %d", s.Version, rep.Version)
	}
	if s.YourTurn {
		check("a stale action", tok, s.Legal[0].Action, 0, 409, "stale")
	} else {
		check("a stale action", otherTok, "end-moves", 0, 409, "stale")
	}
	// Play on a little: the version always moves on.
	r := rand.New(rand.NewPCG(1, 2))
	last := rep.Version
	for i := 0; i < 40; i++ {
		s = ts.playRandom(c.Game, c.Tokens, r, 1)
		if s.Over {
			break
		}
		if v, _ := ts.snapshot(c.Game, ""); v.Version <= last {
			t.Fatalf("action %d: version %d after %d", i, v.Version, last)
		} else {
			last = v.Version
		}
	}
	raw = ts.must(409, "GET", "/api/games/"+c.Game+"/record", nil, nil)
	if errCode(raw) != "not_over" {
		t.Fatalf("record of a game in progress: %s", raw)
	}
}

func (ts *testServer) hash(game string) uint64 {
	ts.t.Helper()
	m, err := ts.srv.Games().Get(context.Background(), game)
	if err != nil {
		ts.t.Fatal(err)
	}
	return m.Hash()
}

// cardIDs collects every card id a JSON value mentions: "id" of an object
// with a card "name", and "card"/"id" of log events.
func cardIDs(v any, out map[int]bool) {
	switch x := v.(type) {
	case map[string]any:
		if id, ok := x["id"].(float64); ok {
			if _, named := x["name"]; named {
				out[int(id)] = true
			}
			if _, card := x["card"]; card {
				out[int(id)] = true
			}
		}
		if id, ok := x["card"].(float64); ok {
			out[int(id)] = true
		}
		for _, y := range x {
			cardIDs(y, out)
		}
	case []any:
		for _, y := range x {
			cardIDs(y, out)
		}
	}
}

// TestNoHiddenCardLeaks plays a whole game, Allies a bot, Axis a person
// playing at random, and checks that no message the Axis seat or a
// spectator receives (snapshots, action replies, socket updates) names a
// card the Allies hold at that moment, nor the draw pile.
func TestNoHiddenCardLeaks(t *testing.T) {
	ts := newTestServer(t, "")
	c := ts.create(map[string]any{"scenario": firstScenario(t), "seats": map[string]string{"allies": "bot:easy", "axis": "human"}, "seed": 11})
	axisWS := ts.dial(c.Game, c.Tokens["axis"], 0)
	specWS := ts.dial(c.Game, "", 0)
	var got [][]byte // HTTP replies to the Axis seat
	r := rand.New(rand.NewPCG(5, 6))
	deadline := time.Now().Add(40 * time.Second)
	var final snap
	for time.Now().Before(deadline) {
		s, raw := ts.snapshot(c.Game, c.Tokens["axis"])
		got = append(got, raw)
		if s.Over {
			final = s
			break
		}
		if !s.YourTurn {
			time.Sleep(time.Millisecond)
			continue
		}
		code, raw := ts.act(c.Game, c.Tokens["axis"], s.Legal[r.IntN(len(s.Legal))].Action, s.Version)
		got = append(got, raw)
		if code != 200 && !(code == 409 && errCode(raw) == "stale") {
			t.Fatalf("act: %d %s", code, raw)
		}
	}
	if !final.Over {
		t.Fatal("the game did not end")
	}
	t.Logf("game over at version %d after %d http messages", final.Version, len(got))
	axisWS.waitVersion(t, final.Version)
	specWS.waitVersion(t, final.Version)

	// The Allies' hand after each version, from the record.
	var rec struct {
		Scenario json.RawMessage
		Seed     uint64
		Actions  []string
	}
	ts.must(200, "GET", "/api/games/"+c.Game+"/record", nil, &rec)
	f, _ := scenario.Parse(rec.Scenario)
	setup, _ := f.Setup()
	st, _ := rules.New(setup, rec.Seed)
	hands := map[int][]rules.CardID{0: st.Hand(rules.Allies)}
	axisHands := map[int][]rules.CardID{0: st.Hand(rules.Axis)}
	versionAt := []int{0} // versionAt[k] = version after k actions
	v := 0
	for _, a := range rec.Actions {
		act, _ := rules.ParseAction(a)
		evs, err := st.Apply(act)
		if err != nil {
			t.Fatal(err)
		}
		v += max(1, len(evs))
		versionAt = append(versionAt, v)
		hands[v] = st.Hand(rules.Allies)
		axisHands[v] = st.Hand(rules.Axis)
	}
	if v != final.Version {
		t.Fatalf("replayed version %d, game %d", v, final.Version)
	}
	// handAt is the Allies' hand once the log holds n entries (after the
	// action whose entries include entry n).
	handAt := func(n int, hs map[int][]rules.CardID) []rules.CardID {
		for _, w := range versionAt {
			if w >= n {
				return hs[w]
			}
		}
		t.Fatalf("no version %d", n)
		return nil
	}
	// Each socket's snapshot, rebuilt from its first update and its deltas.
	rebuilt := map[string]map[string]any{}
	deltas := 0
	checkMsg := func(who string, raw []byte, spectator bool) {
		t.Helper()
		if bytes.Contains(raw, []byte("draw_cards")) || bytes.Contains(raw, []byte(`"deck"`)) {
			t.Fatalf("%s got the draw pile: %.300s", who, raw)
		}
		var m map[string]any
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Fatal(err)
		}
		if _, isErr := m["error"]; isErr || m["version"] == nil {
			return
		}
		// The log entries: entry n names no card held by Allies once it happened.
		var entries []any
		if snapRaw, ok := m["snapshot"].(map[string]any); ok {
			entries, _ = m["events"].([]any)
			entries = append(entries, snapRaw["log"].([]any)...)
			checkView(t, who, snapRaw, handAt(int(snapRaw["version"].(float64)), hands), handAt(int(snapRaw["version"].(float64)), axisHands), spectator)
			rebuilt[who] = snapRaw
		} else if m["type"] == "delta" {
			s := rebuilt[who]
			if s == nil {
				t.Fatalf("%s: a delta before the first update", who)
			}
			testkit.ApplyDelta(t, s, m)
			if s["version"] != m["version"] {
				t.Fatalf("%s: delta to %v, its snapshot at %v", who, m["version"], s["version"])
			}
			deltas++
			entries, _ = m["events"].([]any)
			checkView(t, who, s, handAt(int(m["version"].(float64)), hands), handAt(int(m["version"].(float64)), axisHands), spectator)
		} else if lg, ok := m["log"].([]any); ok {
			entries = lg
			checkView(t, who, m, handAt(int(m["version"].(float64)), hands), handAt(int(m["version"].(float64)), axisHands), spectator)
		}
		for _, e := range entries {
			e := e.(map[string]any)
			n := int(e["n"].(float64))
			ids := map[int]bool{}
			cardIDs(e, ids)
			for _, h := range handAt(n, hands) {
				if ids[int(h)] {
					t.Fatalf("%s: log entry %d names card %d of the Allies' hand: %v", who, n, h, e)
				}
			}
			if spectator {
				for _, h := range handAt(n, axisHands) {
					if ids[int(h)] {
						t.Fatalf("%s: log entry %d names card %d of the Axis hand: %v", who, n, h, e)
					}
				}
			}
			ev := e["event"].(map[string]any)
			if ev["kind"] == "draw" && (ev["side"] == "allies" || spectator) {
				if _, named := ev["card"]; named {
					t.Fatalf("%s sees the card drawn: %v", who, e)
				}
			}
		}
	}
	for _, raw := range got {
		checkMsg("axis (http)", raw, false)
	}
	for _, raw := range axisWS.raw() {
		checkMsg("axis (socket)", raw, false)
	}
	for _, raw := range specWS.raw() {
		checkMsg("spectator (socket)", raw, true)
	}
	if len(axisWS.raw()) < 2 || len(got) < 10 || deltas < 10 {
		t.Fatalf("too few messages checked: %d socket (%d deltas), %d http", len(axisWS.raw()), deltas, len(got))
	}
}

// checkView checks a snapshot's view: the seat's own hand only, no card of
// the other hand.
func checkView(t *testing.T, who string, snapshot map[string]any, allies, axis []rules.CardID, spectator bool) {
	t.Helper()
	view := snapshot["view"].(map[string]any)
	ids := map[int]bool{}
	cardIDs(view, ids)
	for _, h := range allies {
		if ids[int(h)] {
			t.Fatalf("%s: the view at version %v names card %d of the Allies' hand", who, snapshot["version"], h)
		}
	}
	if spectator {
		if view["hand"] != nil || view["team_hand"] != nil || view["choice"] != nil || view["hands"] == nil {
			t.Fatalf("%s: a spectator sees a hand: %v", who, view)
		}
		for _, h := range axis {
			if ids[int(h)] {
				t.Fatalf("%s: the view names card %d of the Axis hand", who, h)
			}
		}
		return
	}
	var mine []rules.CardID
	for _, c := range view["hand"].([]any) {
		mine = append(mine, rules.CardID(c.(map[string]any)["id"].(float64)))
	}
	slices.Sort(mine)
	want := slices.Clone(axis)
	slices.Sort(want)
	if !slices.Equal(mine, want) {
		t.Fatalf("%s: hand %v at version %v, the Axis hold %v", who, mine, snapshot["version"], want)
	}
}
