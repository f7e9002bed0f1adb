package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"m44/internal/testkit"
	"m44/rules"
)

// fullLog is the seat's whole log, each entry as raw JSON.
func (ts *testServer) fullLog(game, token string) []json.RawMessage {
	ts.t.Helper()
	var s struct {
		Log []json.RawMessage `json:"log"`
	}
	ts.must(200, "GET", "/api/games/"+game+"?log=all&token="+token, nil, &s)
	return s.Log
}

func TestReconnect(t *testing.T) {
	ts := newTestServer(t, "")
	c := ts.create(map[string]any{"scenario": firstScenario(t), "seats": map[string]string{"allies": "human", "axis": "human"}, "seed": 9})
	r := rand.New(rand.NewPCG(9, 9))
	ts.playRandom(c.Game, c.Tokens, r, 12)
	tok := c.Tokens["axis"]
	v1, _ := ts.snapshot(c.Game, tok)
	full := ts.fullLog(c.Game, tok)
	if len(full) != v1.Version || v1.Version < 12 {
		t.Fatalf("log of %d entries at version %d", len(full), v1.Version)
	}
	since := 4
	ws := ts.dial(c.Game, tok, since)
	first := firstMessage(t, ws)
	if first.Version != v1.Version || len(first.Events) != v1.Version-since {
		t.Fatalf("reconnect since %d at %d: update of version %d with %d events", since, v1.Version, first.Version, len(first.Events))
	}
	for i, e := range first.Events {
		if !bytes.Equal(e, full[since+i]) {
			t.Fatalf("event %d: %s, the log has %s", since+i+1, e, full[since+i])
		}
	}
	// The seat shows as connected.
	s, _ := ts.snapshot(c.Game, "")
	for _, st := range s.Seats {
		if want := st.Seat == "axis"; st.Connected == nil || *st.Connected != want {
			t.Fatalf("seat %s connected %v", st.Seat, st.Connected)
		}
	}
	// A new action reaches the socket with exactly the new entries.
	ts.playRandom(c.Game, c.Tokens, r, 1)
	v2, _ := ts.snapshot(c.Game, tok)
	updates := ws.waitVersion(t, v2.Version)
	full = ts.fullLog(c.Game, tok)
	var got []json.RawMessage
	for _, b := range ws.raw()[1:] {
		var u struct {
			Version int               `json:"version"`
			Events  []json.RawMessage `json:"events"`
		}
		json.Unmarshal(b, &u)
		got = append(got, u.Events...)
	}
	if len(got) != v2.Version-v1.Version {
		t.Fatalf("%d new events on the socket, want %d (%d updates)", len(got), v2.Version-v1.Version, len(updates))
	}
	for i, e := range got {
		if !bytes.Equal(e, full[v1.Version+i]) {
			t.Fatalf("new event %d: %s, the log has %s", v1.Version+i+1, e, full[v1.Version+i])
		}
	}
	// Up to date, or without since: no events, the snapshot.
	for _, since := range []int{v2.Version, -1} {
		u := firstMessage(t, ts.dial(c.Game, tok, since))
		if u.Version != v2.Version || len(u.Events) != 0 || u.Type != "update" {
			t.Fatalf("since %d: %+v", since, u)
		}
	}
	// A bad token is refused before the upgrade.
	_, resp, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(ts.hs.URL, "http")+"/api/games/"+c.Game+"/ws?token=nope", nil)
	if err == nil || resp == nil || resp.StatusCode != 403 {
		t.Fatalf("bad token: %v %v", err, resp)
	}
}

type rawUpdate struct {
	Type     string            `json:"type"`
	Version  int               `json:"version"`
	Events   []json.RawMessage `json:"events"`
	Snapshot json.RawMessage   `json:"snapshot"`
}

func firstMessage(t *testing.T, w *wsConn) rawUpdate {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		if msgs := w.raw(); len(msgs) > 0 {
			var u rawUpdate
			if err := json.Unmarshal(msgs[0], &u); err != nil {
				t.Fatal(err)
			}
			return u
		}
		select {
		case <-w.more:
		case <-deadline:
			t.Fatal("no message on the socket")
		}
	}
}

// playKind plays, for the seat to act, the first legal action accepted by
// keep (if any) and returns it.
func (ts *testServer) playWhere(game string, tokens map[string]string, keep func(kind, name string) bool) (string, string, bool) {
	ts.t.Helper()
	spec, _ := ts.snapshot(game, "")
	seat := *spec.ToAct
	s, _ := ts.snapshot(game, tokens[seat])
	for _, l := range s.Legal {
		if keep(l.Kind, l.Name) {
			ts.must(200, "POST", "/api/games/"+game+"/actions", map[string]any{"token": tokens[seat], "action": l.Action, "version": s.Version}, nil)
			return seat, l.Action, true
		}
	}
	return seat, "", false
}

func (ts *testServer) undo(game, token string, version int) (int, []byte) {
	ts.t.Helper()
	return ts.call("POST", "/api/games/"+game+"/undo", map[string]any{"token": token, "version": version}, nil)
}

func TestUndo(t *testing.T) {
	ts := newTestServer(t, "")
	c := ts.create(map[string]any{"scenario": firstScenario(t), "seats": map[string]string{"allies": "human", "axis": "human"}, "seed": 21})
	start := ts.hash(c.Game)
	s0, _ := ts.snapshot(c.Game, "")
	seat := *s0.ToAct
	other := map[string]string{"allies": "axis", "axis": "allies"}[seat]
	if code, raw := ts.undo(c.Game, c.Tokens[seat], 0); code != 409 || errCode(raw) != "undo_refused" {
		t.Fatalf("undo with nothing done: %d %s", code, raw)
	}
	// A section card: no dice, no draw when played.
	_, played, ok := ts.playWhere(c.Game, c.Tokens, func(kind, name string) bool {
		return kind == "play" && (strings.HasPrefix(name, "probe") || strings.HasPrefix(name, "attack") || strings.HasPrefix(name, "assault"))
	})
	if !ok {
		t.Skip("no section card in the opening hand")
	}
	s, _ := ts.snapshot(c.Game, c.Tokens[seat])
	o, _ := ts.snapshot(c.Game, c.Tokens[other])
	if !s.CanUndo || o.CanUndo {
		t.Fatalf("can_undo: %v for %s, %v for %s", s.CanUndo, seat, o.CanUndo, other)
	}
	if code, raw := ts.undo(c.Game, c.Tokens[other], s.Version); code != 409 || errCode(raw) != "undo_refused" {
		t.Fatalf("undo by the other seat: %d %s", code, raw)
	}
	if code, raw := ts.undo(c.Game, "", s.Version); code != 403 || errCode(raw) != "unauthorized" {
		t.Fatalf("undo by a spectator: %d %s", code, raw)
	}
	if code, raw := ts.undo(c.Game, c.Tokens[seat], s.Version-1); code != 409 || errCode(raw) != "stale" {
		t.Fatalf("stale undo: %d %s", code, raw)
	}
	var rep, dup struct{ Version int }
	ts.must(200, "POST", "/api/games/"+c.Game+"/undo", map[string]any{"token": c.Tokens[seat], "version": s.Version}, &rep)
	ts.must(200, "POST", "/api/games/"+c.Game+"/undo", map[string]any{"token": c.Tokens[seat], "version": s.Version}, &dup)
	if rep.Version != s.Version+1 || dup.Version != rep.Version {
		t.Fatalf("undo: version %d (duplicate %d), was %d", rep.Version, dup.Version, s.Version)
	}
	if ts.hash(c.Game) != start {
		t.Fatal("undo did not bring the game back")
	}
	s, _ = ts.snapshot(c.Game, c.Tokens[seat])
	if last := s.Log[len(s.Log)-1]; last.Text.Key != "ev.undo" || last.Text.Args["seat"] != seat || !s.YourTurn || s.CanUndo {
		t.Fatalf("after undo: %+v", s)
	}
	if len(s.Legal) != len(s0.Legal) && s0.Legal != nil {
		t.Fatalf("legal actions after undo differ")
	}
	if code, raw := ts.undo(c.Game, c.Tokens[seat], s.Version); code != 409 || errCode(raw) != "undo_refused" {
		t.Fatalf("second undo: %d %s", code, raw)
	}
	// The same card again: the game goes on as before.
	ts.must(200, "POST", "/api/games/"+c.Game+"/actions", map[string]any{"token": c.Tokens[seat], "action": played, "version": s.Version}, nil)

	// Play on: every action without dice or cards drawn can be undone by
	// its seat (and brings the game back); one with them cannot.
	r := rand.New(rand.NewPCG(21, 1))
	refused, undone := 0, 0
	for i := 0; i < 200 && (refused == 0 || undone < 3); i++ {
		spec, _ := ts.snapshot(c.Game, "")
		if spec.Over {
			break
		}
		seat := *spec.ToAct
		before := ts.hash(c.Game)
		s := ts.playRandom(c.Game, c.Tokens, r, 1)
		_ = s
		after, _ := ts.snapshot(c.Game, c.Tokens[seat])
		var chance bool
		for _, e := range after.Log {
			if e.N > spec.Version && (e.Text.Key == "ev.dice" || strings.HasPrefix(e.Text.Key, "ev.draw") || e.Text.Key == "ev.reshuffle") {
				chance = true
			}
		}
		if after.View.Phase == "keep" {
			chance = true
		}
		if after.CanUndo == chance {
			t.Fatalf("action %d: can_undo %v with dice or draws %v", i, after.CanUndo, chance)
		}
		code, raw := ts.undo(c.Game, c.Tokens[seat], after.Version)
		switch {
		case chance && (code != 409 || errCode(raw) != "undo_refused"):
			t.Fatalf("undo after dice or a draw: %d %s", code, raw)
		case chance:
			refused++
		case code != 200:
			t.Fatalf("undo: %d %s", code, raw)
		default:
			undone++
			if ts.hash(c.Game) != before {
				t.Fatal("undo did not bring the game back")
			}
			ts.playRandom(c.Game, c.Tokens, r, 1) // play on, something else perhaps
		}
	}
	if refused == 0 || undone == 0 {
		t.Fatalf("refused %d, undone %d", refused, undone)
	}
}

// TestRestart stops the server and starts another on the same database:
// every game resumes exactly, duplicates are still recognised.
func TestRestart(t *testing.T) {
	ts := newTestServer(t, "")
	c := ts.create(map[string]any{"scenario": firstScenario(t), "seats": map[string]string{"allies": "human", "axis": "human"}, "seed": 77, "lang": "fr"})
	r := rand.New(rand.NewPCG(77, 0))
	ts.playRandom(c.Game, c.Tokens, r, 25)
	// An undone action, then one more.
	spec, _ := ts.snapshot(c.Game, "")
	seat := *spec.ToAct
	if _, _, ok := ts.playWhere(c.Game, c.Tokens, func(kind, _ string) bool { return kind == "move" || kind == "order" || kind == "end-moves" }); ok {
		s, _ := ts.snapshot(c.Game, c.Tokens[seat])
		if s.CanUndo {
			if code, raw := ts.undo(c.Game, c.Tokens[seat], s.Version); code != 200 {
				t.Fatalf("undo: %d %s", code, raw)
			}
		}
	}
	ts.playRandom(c.Game, c.Tokens, r, 1)
	spec, _ = ts.snapshot(c.Game, "")
	lastSeat := ""
	var lastAction string
	var lastVersion int
	{ // the last action, to send again after the restart
		s, _ := ts.snapshot(c.Game, c.Tokens[*spec.ToAct])
		lastSeat, lastAction, lastVersion = *spec.ToAct, s.Legal[0].Action, s.Version
		ts.must(200, "POST", "/api/games/"+c.Game+"/actions", map[string]any{"token": c.Tokens[lastSeat], "action": lastAction, "version": lastVersion}, nil)
	}
	// A finished bot game too.
	b := ts.create(map[string]any{"scenario": firstScenario(t), "seats": map[string]string{"allies": "bot:random", "axis": "bot:random"}, "seed": 5})
	for deadline := time.Now().Add(30 * time.Second); ; {
		if s, _ := ts.snapshot(b.Game, ""); s.Over {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("bot game not over")
		}
		time.Sleep(10 * time.Millisecond)
	}
	snaps := map[string][]byte{}
	for _, tok := range []string{"", c.Tokens["allies"], c.Tokens["axis"]} {
		_, raw := ts.call("GET", "/api/games/"+c.Game+"?log=all&token="+tok, nil, nil)
		snaps[tok] = raw
	}
	_, botSnap := ts.call("GET", "/api/games/"+b.Game+"?log=all", nil, nil)
	_, botRecord := ts.call("GET", "/api/games/"+b.Game+"/record", nil, nil)
	hash, botHash := ts.hash(c.Game), ts.hash(b.Game)
	db := ts.db
	ts.close()

	ts2 := newTestServer(t, db)
	if h := ts2.hash(c.Game); h != hash {
		t.Fatalf("hash after restart %x, before %x", h, hash)
	}
	if h := ts2.hash(b.Game); h != botHash {
		t.Fatalf("bot game hash after restart %x, before %x", h, botHash)
	}
	for tok, want := range snaps {
		_, raw := ts2.call("GET", "/api/games/"+c.Game+"?log=all&token="+tok, nil, nil)
		if !bytes.Equal(raw, want) {
			t.Fatalf("snapshot (token %q) after restart differs:\n%.400s\n%.400s", tok, raw, want)
		}
	}
	if _, raw := ts2.call("GET", "/api/games/"+b.Game+"?log=all", nil, nil); !bytes.Equal(raw, botSnap) {
		t.Fatal("bot game snapshot differs after restart")
	}
	if _, raw := ts2.call("GET", "/api/games/"+b.Game+"/record", nil, nil); !bytes.Equal(raw, botRecord) {
		t.Fatal("bot game record differs after restart")
	}
	// The last action sent again is still a duplicate.
	var rep struct{ Version int }
	ts2.must(200, "POST", "/api/games/"+c.Game+"/actions", map[string]any{"token": c.Tokens[lastSeat], "action": lastAction, "version": lastVersion}, &rep)
	if ts2.hash(c.Game) != hash {
		t.Fatal("a duplicate sent after the restart was applied")
	}
	// And the game goes on.
	ts2.playRandom(c.Game, c.Tokens, r, 5)
	if ts2.hash(c.Game) == hash {
		t.Fatal("the game does not go on after the restart")
	}
}

// TestRestartResumesBots: a bot that was to act when the server stopped
// acts once it starts again.
func TestRestartResumesBots(t *testing.T) {
	// The first server's bots wait for an hour before each decision.
	ts := newTestServer(t, "", func(o *Options) { o.BotDelay = time.Hour })
	c := ts.create(map[string]any{"scenario": firstScenario(t), "seats": map[string]string{"allies": "bot:random", "axis": "bot:random"}, "seed": 8})
	if s, _ := ts.snapshot(c.Game, ""); s.Version != 0 {
		t.Fatalf("the bots played at once: version %d", s.Version)
	}
	db := ts.db
	ts.close()
	ts2 := newTestServer(t, db)
	deadline := time.Now().Add(30 * time.Second)
	for {
		s, _ := ts2.snapshot(c.Game, "")
		if s.Over {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the bots did not play on after the restart (version %d)", s.Version)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestTeamGame: Operation Alliance, four seats; each side's players take
// turns, and only the seat to act may act.
func TestTeamGame(t *testing.T) {
	ts := newTestServer(t, "")
	seats := map[string]string{"allies-1": "human", "allies-2": "human", "axis-1": "human", "axis-2": "human"}
	c := ts.create(map[string]any{"scenario": firstScenario(t), "seats": seats, "players": map[string]int{"allies": 2, "axis": 2}, "hotseat": true, "seed": 4})
	if len(c.Tokens) != 4 {
		t.Fatalf("tokens %v", c.Tokens)
	}
	s, _ := ts.snapshot(c.Game, c.Tokens["allies-2"])
	var names []string
	for _, st := range s.Seats {
		names = append(names, st.Seat+"/"+st.Side)
	}
	if fmt.Sprint(names) != "[allies-1/allies allies-2/allies axis-1/axis axis-2/axis]" {
		t.Fatalf("seats %v", names)
	}
	first := *s.ToAct
	if !strings.HasSuffix(first, "-1") {
		t.Fatalf("first seat to act %s", first)
	}
	for seat, tok := range c.Tokens {
		code, raw := ts.act(c.Game, tok, "end-orders", 0)
		if seat != first && (code != 403 || errCode(raw) != "not_your_turn") {
			t.Fatalf("%s acting out of turn: %d %s", seat, code, raw)
		}
	}
	// Who starts each turn: each side's two players in turn.
	r := rand.New(rand.NewPCG(4, 4))
	starters := map[string][]string{}
	lastTurn := 0
	for i := 0; i < 400 && len(starters["allies"])+len(starters["axis"]) < 6; i++ {
		spec, _ := ts.snapshot(c.Game, "")
		if spec.Over {
			break
		}
		if spec.View.Turn != lastTurn {
			lastTurn = spec.View.Turn
			side := strings.Split(*spec.ToAct, "-")[0]
			if spec.View.Phase == "card" {
				starters[side] = append(starters[side], *spec.ToAct)
			}
		}
		ts.playRandom(c.Game, c.Tokens, r, 1)
	}
	for side, list := range starters {
		for i, seat := range list {
			if want := fmt.Sprintf("%s-%d", side, i%2+1); seat != want {
				t.Fatalf("%s turns started by %v", side, list)
			}
		}
	}
	if len(starters["allies"]) < 2 || len(starters["axis"]) < 2 {
		t.Fatalf("too few turns: %v", starters)
	}
	// Each seat's hand is its own; its mate's is team_hand.
	m, _ := ts.srv.Games().Get(context.Background(), c.Game)
	st := m.State()
	for seat, tok := range c.Tokens {
		var v struct {
			View struct {
				Hand     []struct{ ID int } `json:"hand"`
				TeamHand []struct{ ID int } `json:"team_hand"`
			} `json:"view"`
		}
		ts.must(200, "GET", "/api/games/"+c.Game+"?token="+tok, nil, &v)
		side := rules.Allies
		if strings.HasPrefix(seat, "axis") {
			side = rules.Axis
		}
		p := int(seat[len(seat)-1] - '1')
		ids := func(cs []struct{ ID int }) string {
			var out []int
			for _, c := range cs {
				out = append(out, c.ID)
			}
			slices.Sort(out)
			return fmt.Sprint(out)
		}
		want := func(p int) string {
			var out []int
			for _, c := range st.HandOf(side, p) {
				out = append(out, int(c))
			}
			slices.Sort(out)
			return fmt.Sprint(out)
		}
		if ids(v.View.Hand) != want(p) || ids(v.View.TeamHand) != want(1-p) {
			t.Fatalf("%s: hand %s, team hand %s; engine %s and %s", seat, ids(v.View.Hand), ids(v.View.TeamHand), want(p), want(1-p))
		}
	}

	// Three players with a bot: the game plays to its end.
	c3 := ts.create(map[string]any{"scenario": firstScenario(t), "players": map[string]int{"allies": 2, "axis": 1},
		"seats": map[string]string{"allies-1": "human", "allies-2": "bot:random", "axis": "bot:easy"}, "seed": 6})
	end := ts.playRandom(c3.Game, c3.Tokens, r, 1<<30)
	if !end.Over {
		t.Fatal("the three-player game did not end")
	}
}

// Over a real WebSocket: a whole update, then deltas that rebuild the
// seat's snapshot; {"type":"full"} brings a whole update; a client message
// that is not a JSON object closes the socket (1008; wsact_test.go has the
// actions and the messages refused with an error).
func TestWebSocketDeltas(t *testing.T) {
	ts := newTestServer(t, "")
	c := ts.create(map[string]any{"scenario": firstScenario(t), "seats": map[string]string{"allies": "human", "axis": "human"}, "seed": 4})
	r := rand.New(rand.NewPCG(4, 4))
	tok := c.Tokens["allies"]
	ws := ts.dial(c.Game, tok, 0)
	first := firstMessage(t, ws)
	if first.Type != "update" {
		t.Fatalf("first message %q", first.Type)
	}
	ts.playRandom(c.Game, c.Tokens, r, 8)
	now, _ := ts.snapshot(c.Game, tok)
	ws.waitVersion(t, now.Version)
	var snap map[string]any
	deltas := 0
	for i, raw := range ws.raw() {
		var m map[string]any
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			snap = m["snapshot"].(map[string]any)
			continue
		}
		if m["type"] != "delta" {
			t.Fatalf("message %d: %v", i, m["type"])
		}
		testkit.ApplyDelta(t, snap, m)
		deltas++
	}
	var want map[string]any
	ts.must(200, "GET", "/api/games/"+c.Game+"?token="+tok, nil, &want)
	delete(want, "log")
	delete(snap, "log")
	if deltas == 0 || !reflect.DeepEqual(snap, want) {
		t.Fatalf("after %d deltas: %v\nwant %v", deltas, snap, want)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	n := len(ws.raw())
	if err := ws.c.WriteMessage(websocket.TextMessage, []byte(`{"type":"full"}`)); err != nil {
		t.Fatal(err)
	}
	for len(ws.raw()) == n {
		select {
		case <-ws.more:
		case <-ctx.Done():
			t.Fatal("no answer to a request for a whole update")
		}
	}
	var u rawUpdate
	if err := json.Unmarshal(ws.raw()[n], &u); err != nil || u.Type != "update" || u.Version != now.Version || len(u.Snapshot) == 0 {
		t.Fatalf("asked for a whole update: %v %+v", err, u.Type)
	}
	if err := ws.c.WriteMessage(websocket.TextMessage, []byte(`not JSON`)); err != nil {
		t.Fatal(err)
	}
	select {
	case <-ws.done:
	case <-ctx.Done():
		t.Fatal("a client message that is not JSON left the socket open")
	}
	if closeCode(ws.err) != websocket.ClosePolicyViolation {
		t.Fatalf("closed with %v", ws.err)
	}
}
