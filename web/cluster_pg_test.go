package web

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"m44/match"
	"m44/store/pgstore"
	"m44/store/pgstore/pgtest"
)

// node is one server of a cluster test, in this process.
type node struct {
	srv *Server
	hs  *httptest.Server
	url string
	pg  *pgstore.Store
}

// clusterNodes starts servers named after names on one fresh PostgreSQL
// database (skipped where none answers), with leases of ttl.
func clusterNodes(t *testing.T, ttl time.Duration, names ...string) []*node {
	t.Helper()
	db := pgtest.URL(t)
	ctx := context.Background()
	var out []*node
	for _, name := range names {
		pg, err := pgstore.Open(ctx, db)
		if err != nil {
			t.Fatal(err)
		}
		hs := httptest.NewUnstartedServer(nil)
		url := "http://" + hs.Listener.Addr().String()
		cl, err := pg.Join(ctx, name, url, ttl)
		if err != nil {
			t.Fatal(err)
		}
		srv, err := New(ctx, Options{Store: pg, Library: Library(), Logger: quietLogger(), Version: "test", Limits: &Limits{},
			Cluster: cl, ClusterSecret: cl.Secret(), ClusterTTL: cl.TTL()})
		if err != nil {
			t.Fatal(err)
		}
		hs.Config.Handler = srv.Handler()
		hs.Start()
		n := &node{srv: srv, hs: hs, url: url, pg: pg}
		t.Cleanup(func() { n.stop(); pg.Close() })
		out = append(out, n)
	}
	return out
}

func (n *node) stop() {
	if n.hs != nil {
		n.srv.Close()
		n.hs.Close()
		n.hs = nil
	}
}

// do is a request to a node: its status, headers and body.
func do(t *testing.T, method, url string, body any, hdr map[string]string) (int, http.Header, []byte) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, url, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, nil, []byte(err.Error())
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, b
}

// Two servers in this process share one PostgreSQL database: a game's
// requests reach its owner through the other node, a WebSocket on the
// other node follows it, the lobby gathers both nodes' tables, and when the
// owner stops the other node takes the game over with its WebSocket open
// (docs/web-api.md, "Running several nodes"; issue 14).
func TestClusterForwardsAndFollows(t *testing.T) {
	nodes := clusterNodes(t, 500*time.Millisecond, "a", "b")
	a, b := nodes[0], nodes[1]

	var c match.Created
	code, _, body := do(t, "POST", a.url+"/api/games", map[string]any{"scenario": Library()[0].ID,
		"seats": map[string]string{"allies": "human", "axis": "human"}}, nil)
	if code != 201 || json.Unmarshal(body, &c) != nil {
		t.Fatalf("create: %d %s", code, body)
	}
	try := func(n *node, seat string) (match.Snapshot, int, []byte) {
		code, _, body := do(t, "GET", n.url+"/api/games/"+c.Game+"?token="+c.Tokens[seat], nil, nil)
		var s match.Snapshot
		if code == 200 && json.Unmarshal(body, &s) != nil {
			code = 0
		}
		return s, code, body
	}
	snapshot := func(n *node, seat string) match.Snapshot {
		t.Helper()
		s, code, body := try(n, seat)
		if code != 200 {
			t.Fatalf("snapshot through %s: %d %s", n.url, code, body)
		}
		return s
	}
	// Through b, a's game as a's: one copy of each header, the request id
	// kept end to end.
	code, hdr, body := do(t, "GET", b.url+"/api/games/"+c.Game+"?token="+c.Tokens["allies"], nil, map[string]string{"X-Request-Id": "req-44"})
	if code != 200 {
		t.Fatalf("through b: %d %s", code, body)
	}
	if got := hdr.Values("Content-Security-Policy"); len(got) != 1 {
		t.Errorf("Content-Security-Policy %d times", len(got))
	}
	if got := hdr.Values("X-Request-Id"); len(got) != 1 || got[0] != "req-44" {
		t.Errorf("X-Request-Id %q", got)
	}
	if b.srv.Games().Loaded() != 0 {
		t.Error("b loaded a's game to forward a request")
	}

	// A WebSocket on b follows the game a plays.
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	ws, _, err := websocket.DefaultDialer.DialContext(ctx, strings.Replace(b.url, "http://", "ws://", 1)+"/api/games/"+c.Game+"/ws?token="+c.Tokens["axis"], nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	if d, ok := ctx.Deadline(); ok {
		ws.SetReadDeadline(d)
	}
	next := func() int {
		t.Helper()
		_, msg, err := ws.ReadMessage()
		if err != nil {
			t.Fatal(err)
		}
		var u match.Update
		if err := json.Unmarshal(msg, &u); err != nil {
			t.Fatal(err)
		}
		return u.Version
	}
	seen := next()
	act := func(via *node) (int, []byte) {
		t.Helper()
		s, code, body := try(via, "allies")
		if code != 200 {
			return code, body
		}
		seat := *s.ToAct
		if s, code, body = try(via, seat); code != 200 {
			return code, body
		}
		code, _, body = do(t, "POST", via.url+"/api/games/"+c.Game+"/actions", map[string]any{"token": c.Tokens[seat], "action": s.Legal[0].Action, "version": s.Version}, nil)
		return code, body
	}
	for i, via := range []*node{a, b, a, b} {
		if code, body := act(via); code != 200 {
			t.Fatalf("action %d through %s: %d %s", i, via.url, code, body)
		}
		want := snapshot(a, "allies").Version
		for seen < want {
			seen = next()
		}
	}

	// The lobby of b lists a's open table.
	var table match.Created
	code, _, body = do(t, "POST", a.url+"/api/games", map[string]any{"scenario": Library()[0].ID,
		"seats": map[string]string{"allies": "human", "axis": "human"}, "open": []string{"axis"}}, nil)
	if code != 201 || json.Unmarshal(body, &table) != nil {
		t.Fatalf("table: %d %s", code, body)
	}
	var lobby TablesReply
	if code, _, body = do(t, "GET", b.url+"/api/tables", nil, nil); code != 200 || json.Unmarshal(body, &lobby) != nil {
		t.Fatalf("lobby: %d %s", code, body)
	}
	if len(lobby.Open) != 1 || lobby.Open[0].Game != table.Game {
		t.Errorf("b's lobby: %+v", lobby.Open)
	}

	// a stops: b takes the game over (its follower copy, in place: the
	// WebSocket stays open) and play goes on.
	a.stop()
	end := time.Now().Add(20 * time.Second)
	for {
		code, body := act(b)
		if code == 200 {
			break
		}
		if code != 503 && code != 409 || time.Now().After(end) {
			t.Fatalf("after a stopped: %d %s", code, body)
		}
		time.Sleep(50 * time.Millisecond)
	}
	want := snapshot(b, "allies").Version
	for seen < want {
		seen = next()
	}
	if n := b.srv.Games().Loaded(); n < 1 {
		t.Errorf("b holds %d games", n)
	}
}

// "Any opponent" across the nodes: a player who asks a node with no open
// table is seated at the table another node holds (joined there), rather
// than opening one of their own that nobody on the first node would see.
func TestClusterAnyOpponent(t *testing.T) {
	nodes := clusterNodes(t, 500*time.Millisecond, "a", "b")
	a, b := nodes[0], nodes[1]
	var first AutoReply
	code, _, body := do(t, "POST", a.url+"/api/tables/auto", map[string]any{"scenario": Library()[0].ID}, nil)
	if code != 201 || json.Unmarshal(body, &first) != nil || !first.Waiting {
		t.Fatalf("the first player, on a: %d %s", code, body)
	}
	var second AutoReply
	code, _, body = do(t, "POST", b.url+"/api/tables/auto", map[string]any{}, nil)
	if code != 200 || json.Unmarshal(body, &second) != nil {
		t.Fatalf("the second player, on b: %d %s", code, body)
	}
	if second.Game != first.Game || second.Waiting || second.Seat == first.Seat || second.Token == "" {
		t.Fatalf("the second player got %+v, want the other seat of %s", second, first.Game)
	}
	// The seat is theirs: its token reads the game (through either node).
	for _, n := range nodes {
		var s match.Snapshot
		code, _, body := do(t, "GET", n.url+"/api/games/"+second.Game+"?token="+second.Token, nil, nil)
		if code != 200 || json.Unmarshal(body, &s) != nil || s.Seat == nil || *s.Seat != second.Seat {
			t.Fatalf("the joined seat through %s: %d %.200s", n.url, code, body)
		}
	}
	// The table is full: a third player on b finds none (no scenario named).
	if code, _, body := do(t, "POST", b.url+"/api/tables/auto", map[string]any{}, nil); code != 404 {
		t.Fatalf("a third player: %d %s, want 404 (no open table)", code, body)
	}
}

// A seat's "connected" mark is the whole cluster's: a WebSocket on b shows
// its seat connected in a's snapshot (a owns the game) and a's WebSocket in
// the updates pushed on b; closing it clears the mark, and when b is cut off
// (it can no longer announce) its marks lapse within the TTL
// (docs/web-api.md, "Running several nodes"; issue 14).
func TestClusterPresence(t *testing.T) {
	const ttl = 500 * time.Millisecond
	nodes := clusterNodes(t, ttl, "a", "b")
	a, b := nodes[0], nodes[1]
	var c match.Created
	code, _, body := do(t, "POST", a.url+"/api/games", map[string]any{"scenario": Library()[0].ID,
		"seats": map[string]string{"allies": "human", "axis": "human"}}, nil)
	if code != 201 || json.Unmarshal(body, &c) != nil {
		t.Fatalf("create: %d %s", code, body)
	}
	connected := func(s match.Snapshot, seat string) bool {
		for _, si := range s.Seats {
			if si.Seat == seat {
				return si.Connected != nil && *si.Connected
			}
		}
		t.Fatalf("no seat %s in %+v", seat, s.Seats)
		return false
	}
	// axis as a's snapshot (for allies) shows it, polled until want.
	axisOnA := func(want bool, within time.Duration, what string) time.Duration {
		t.Helper()
		start := time.Now()
		for {
			code, _, body := do(t, "GET", a.url+"/api/games/"+c.Game+"?token="+c.Tokens["allies"], nil, nil)
			var s match.Snapshot
			if code != 200 || json.Unmarshal(body, &s) != nil {
				t.Fatalf("a's snapshot: %d %s", code, body)
			}
			if connected(s, "axis") == want {
				return time.Since(start)
			}
			if time.Since(start) > within {
				t.Fatalf("%s: axis connected %v in a's snapshot after %v, want %v", what, !want, within, want)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	dial := func(n *node, seat string) *websocket.Conn {
		t.Helper()
		ws, _, err := websocket.DefaultDialer.DialContext(ctx, strings.Replace(n.url, "http://", "ws://", 1)+"/api/games/"+c.Game+"/ws?token="+c.Tokens[seat], nil)
		if err != nil {
			t.Fatal(err)
		}
		if d, ok := ctx.Deadline(); ok {
			ws.SetReadDeadline(d)
		}
		t.Cleanup(func() { ws.Close() })
		return ws
	}
	axisOnA(false, 0, "no WebSocket yet")

	ws := dial(b, "axis")
	axisOnA(true, 5*time.Second, "a WebSocket of axis on b")
	// A WebSocket of allies on a: b pushes it to axis, its mark connected.
	wsA := dial(a, "allies")
	for {
		_, msg, err := ws.ReadMessage()
		if err != nil {
			t.Fatalf("axis on b: %v (allies never shown connected)", err)
		}
		var u struct {
			Snapshot *match.Snapshot `json:"snapshot"` // a whole update
			Set      *match.Snapshot `json:"set"`      // a delta: its seats if they changed
		}
		if err := json.Unmarshal(msg, &u); err != nil {
			t.Fatal(err)
		}
		if u.Snapshot == nil {
			u.Snapshot = u.Set
		}
		if u.Snapshot != nil && connected(*u.Snapshot, "allies") {
			break
		}
	}
	wsClose(wsA)

	wsClose(ws)
	axisOnA(false, 5*time.Second, "axis's WebSocket on b closed")

	// b is cut off from the database with axis's WebSocket open: it can
	// tell no one, and a lets its mark lapse within the TTL (and the third
	// of it between two sweeps), with some slack for a loaded machine.
	dial(b, "axis")
	axisOnA(true, 5*time.Second, "axis on b again")
	b.pg.Close()
	took := axisOnA(false, 3*ttl, "b cut off")
	t.Logf("b's mark lapsed on a after %v (TTL %v)", took, ttl)
}

// A seat's socket on a node that does not own the game: its actions are
// forwarded to the owner as POSTs (wsact.go, forwardAct), acked with the
// owner's version and refused with the owner's codes; the delta follows
// through the database.
func TestClusterSocketActionsForwarded(t *testing.T) {
	nodes := clusterNodes(t, 2*time.Second, "a", "b")
	a, b := nodes[0], nodes[1]
	var c match.Created
	code, _, body := do(t, "POST", a.url+"/api/games", map[string]any{"scenario": Library()[0].ID,
		"seats": map[string]string{"allies": "human", "axis": "human"}, "seed": 3}, nil)
	if code != 201 || json.Unmarshal(body, &c) != nil {
		t.Fatalf("create: %d %s", code, body)
	}
	var s0 match.Snapshot
	if code, _, body := do(t, "GET", a.url+"/api/games/"+c.Game, nil, nil); code != 200 || json.Unmarshal(body, &s0) != nil {
		t.Fatalf("snapshot: %d %s", code, body)
	}
	seat := *s0.ToAct
	var s match.Snapshot
	if code, _, body := do(t, "GET", a.url+"/api/games/"+c.Game+"?token="+c.Tokens[seat], nil, nil); code != 200 || json.Unmarshal(body, &s) != nil {
		t.Fatalf("snapshot: %d %s", code, body)
	}
	// With ack=delta (sixth pass): the ack in the delta when the change
	// reached b before the owner's answer, else alone and the delta after.
	ws := dialURL(t, "ws"+strings.TrimPrefix(b.url, "http")+"/api/games/"+c.Game+"/ws?since=0&ack=delta&token="+c.Tokens[seat])
	firstMessage(t, ws)
	if r, _ := wsAsk(t, ws, actionMsg(s.Legal[0].Action, s.Version+5, 1), 1); r.Type != "error" || r.Code != "stale" {
		t.Fatalf("stale through b: %+v", r)
	}
	r, at := wsAsk(t, ws, actionMsg(s.Legal[0].Action, s.Version, 2), 2)
	if r.Type != "ack" || r.Version <= s.Version {
		t.Fatalf("action through b: %+v", r)
	}
	var now match.Snapshot
	if code, _, body := do(t, "GET", a.url+"/api/games/"+c.Game, nil, nil); code != 200 || json.Unmarshal(body, &now) != nil || now.Version != r.Version {
		t.Fatalf("on a after the ack of %d: %d %s", r.Version, code, body)
	}
	if b.srv.Games().Loaded() != 1 || !func() bool { m, _ := b.srv.Games().Follow(context.Background(), c.Game); return m.Following() }() {
		t.Error("b does not follow the game")
	}
	deadline := time.After(10 * time.Second)
	for {
		msgs := ws.raw()
		done := false
		for _, raw := range msgs[at:] {
			var u update
			json.Unmarshal(raw, &u)
			done = done || u.Type == "delta" && u.Version >= r.Version
		}
		if done {
			break
		}
		select {
		case <-ws.more:
		case <-deadline:
			t.Fatalf("no delta to %d on b's socket", r.Version)
		}
	}
}
