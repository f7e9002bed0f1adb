package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// wsReplyMsg is a socket's answer to a client's message.
type wsReplyMsg struct {
	Type       string `json:"type"`
	ID         *int64 `json:"id"`
	Version    int    `json:"version"`
	Code       string `json:"code"`
	Message    string `json:"message"`
	RetryAfter int    `json:"retry_after"`
	// A delta that carries the ack of the action that caused it.
	Ack *struct {
		ID      *int64 `json:"id"`
		Version int    `json:"version"`
	} `json:"ack"`
}

// wsAsk writes msg on the socket and waits for its answer: the first ack
// or error after it with the id (any id when id < 0). It returns the
// answer and its index among the socket's messages.
func wsAsk(t *testing.T, w *wsConn, msg string, id int64) (wsReplyMsg, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	n := len(w.raw())
	if err := w.c.WriteMessage(websocket.TextMessage, []byte(msg)); err != nil {
		t.Fatalf("write %s: %v", msg, err)
	}
	for {
		msgs := w.raw()
		for i := n; i < len(msgs); i++ {
			var r wsReplyMsg
			if err := json.Unmarshal(msgs[i], &r); err != nil {
				t.Fatal(err)
			}
			if r.Type == "delta" && r.Ack != nil {
				// The ack in the delta: read as the ack message.
				r = wsReplyMsg{Type: "ack", ID: r.Ack.ID, Version: r.Ack.Version}
			}
			if (r.Type == "ack" || r.Type == "error") && (id < 0 || r.ID != nil && *r.ID == id) {
				return r, i
			}
		}
		n = len(msgs)
		select {
		case <-w.more:
		case <-w.done:
			t.Fatalf("the socket closed (%v) with no answer to %s", w.err, msg)
		case <-ctx.Done():
			t.Fatalf("no answer to %s", msg)
		}
	}
}

func actionMsg(action string, version int, id int64) string {
	b, _ := json.Marshal(map[string]any{"type": "action", "action": action, "version": version, "id": id})
	return string(b)
}

// wsClosed waits for the server to close the socket and returns its status.
func wsClosed(t *testing.T, w *wsConn) int {
	t.Helper()
	select {
	case <-w.done:
	case <-time.After(10 * time.Second):
		t.Fatal("the socket stayed open")
	}
	return closeCode(w.err)
}

// closeCode is the close status of err, a socket's read error (-1: none).
func closeCode(err error) int {
	var ce *websocket.CloseError
	if errors.As(err, &ce) {
		return ce.Code
	}
	return -1
}

// Issue 14, fifth pass: a seat's socket carries its actions. An action is
// acked, and the delta it caused follows the ack; a stale version, an
// illegal action, malformed messages and a spectator's action are refused
// with the POST's codes, the game unchanged and the socket open; an
// oversized message closes it (1009), garbage too (1008).
func TestWebSocketActions(t *testing.T) {
	ts := newTestServer(t, "")
	c := ts.create(map[string]any{"scenario": firstScenario(t), "seats": map[string]string{"allies": "human", "axis": "human"}, "seed": 7})
	s0, _ := ts.snapshot(c.Game, "")
	seat := *s0.ToAct
	tok := c.Tokens[seat]
	ws := ts.dial(c.Game, tok, 0)
	firstMessage(t, ws)
	s, _ := ts.snapshot(c.Game, tok)
	if !s.YourTurn || len(s.Legal) == 0 {
		t.Fatalf("%s is not to act: %+v", seat, s)
	}
	v := s.Version
	unchanged := func(what string) {
		t.Helper()
		if now, _ := ts.snapshot(c.Game, tok); now.Version != v {
			t.Fatalf("after %s the game is at version %d, not %d", what, now.Version, v)
		}
	}
	legal := s.Legal[0].Action

	for _, tc := range []struct {
		name, msg string
		id        int64
		code      string
	}{
		{"a stale version", actionMsg(legal, v+1, 1), 1, "stale"},
		{"an illegal action", actionMsg("nonsense", v, 2), 2, "illegal_action"},
		{"a version not a number", `{"type":"action","action":"end-orders","version":"x","id":3}`, 3, "bad_request"},
		{"no version", `{"type":"action","action":"end-orders","id":4}`, 4, "bad_request"},
		{"no action", `{"type":"action","version":0,"id":5}`, 5, "bad_request"},
		{"an unknown type", `{"type":"act","id":6}`, 6, "bad_request"},
		{"no type", `{"id":7}`, 7, "bad_request"},
		{"a token (the socket acts for its own seat)", `{"type":"action","action":"x","version":0,"token":"t","id":8}`, 8, "bad_request"},
	} {
		r, _ := wsAsk(t, ws, tc.msg, tc.id)
		if r.Type != "error" || r.Code != tc.code || r.Message == "" {
			t.Errorf("%s: %+v, want error %s", tc.name, r, tc.code)
		}
		unchanged(tc.name)
	}
	// The POST gives the same codes for the same actions.
	if code, raw := ts.act(c.Game, tok, legal, v+1); code != 409 || errCode(raw) != "stale" {
		t.Errorf("POST stale: %d %s", code, raw)
	}

	// An action: acked with the new version, then its delta.
	r, at := wsAsk(t, ws, actionMsg(legal, v, 42), 42)
	if r.Type != "ack" || r.Version <= v || !strings.HasPrefix(string(ws.raw()[at]), `{"type":"ack"`) {
		t.Fatalf("action %q at %d: %+v", legal, v, r)
	}
	// The first message after the ack that brings the new version is a
	// delta (none came before it).
	for i, raw := range ws.raw()[:at] {
		var u update
		json.Unmarshal(raw, &u)
		if u.Type == "delta" && u.Version >= r.Version {
			t.Fatalf("the delta to %d (message %d) came before the ack (message %d)", u.Version, i, at)
		}
	}
	deadline := time.After(10 * time.Second)
	for found := false; !found; {
		for _, raw := range ws.raw()[at+1:] {
			var u update
			json.Unmarshal(raw, &u)
			if u.Type == "delta" && u.Version >= r.Version {
				found = true
			}
		}
		if !found {
			select {
			case <-ws.more:
			case <-deadline:
				t.Fatalf("no delta to version %d after the ack", r.Version)
			}
		}
	}
	if now, _ := ts.snapshot(c.Game, tok); now.Version != r.Version {
		t.Fatalf("acked version %d, the game is at %d", r.Version, now.Version)
	}
	// The same action again: a duplicate, answered as the POST answers it.
	if r2, _ := wsAsk(t, ws, actionMsg(legal, v, 43), 43); r2.Type != "ack" || r2.Version != r.Version {
		t.Fatalf("duplicate: %+v, want ack %d", r2, r.Version)
	}
	v = r.Version

	// A spectator's socket may not act: an error, and the socket stays.
	spec := ts.dial(c.Game, "", 0)
	firstMessage(t, spec)
	now, _ := ts.snapshot(c.Game, "")
	if r, _ := wsAsk(t, spec, actionMsg("end-orders", now.Version, 9), 9); r.Type != "error" || r.Code != "unauthorized" {
		t.Fatalf("spectator's action: %+v", r)
	}
	unchanged("a spectator's action")
	n := len(spec.raw())
	if err := spec.c.WriteMessage(websocket.TextMessage, []byte(`{"type":"full"}`)); err != nil {
		t.Fatal(err)
	}
	for len(spec.raw()) == n {
		select {
		case <-spec.more:
		case <-spec.done:
			t.Fatal("the spectator's socket closed after its action")
		case <-time.After(10 * time.Second):
			t.Fatal("no whole update for the spectator")
		}
	}

	// An oversized message closes the socket: 1009, the game unchanged.
	big := actionMsg(strings.Repeat("x", wsReadLimit), v, 10)
	if err := ws.c.WriteMessage(websocket.TextMessage, []byte(big)); err != nil {
		t.Fatal(err)
	}
	if st := wsClosed(t, ws); st != websocket.CloseMessageTooBig {
		t.Fatalf("oversized message: closed with %v, want 1009", st)
	}
	unchanged("an oversized message")

	// Garbage (not a JSON object; a binary message) closes it: 1008.
	for _, g := range []struct {
		typ int
		b   string
	}{{websocket.TextMessage, "hello"}, {websocket.TextMessage, `["action"]`}, {websocket.BinaryMessage, `{"type":"full"}`}} {
		w := ts.dial(c.Game, tok, -1)
		firstMessage(t, w)
		if err := w.c.WriteMessage(g.typ, []byte(g.b)); err != nil {
			t.Fatal(err)
		}
		if st := wsClosed(t, w); st != websocket.ClosePolicyViolation {
			t.Fatalf("garbage %q: closed with %v, want 1008", g.b, st)
		}
	}
	unchanged("garbage")
}

// The socket's actions (and malformed messages) count in the address's
// rate limit of actions, the same limiter as the POSTs': refused
// rate_limited with retry_after.
func TestWebSocketActionRateLimit(t *testing.T) {
	ts := newTestServer(t, "", withLimits(Limits{Action: Rate{PerSecond: 0.01, Burst: 3}}))
	c := ts.create(map[string]any{"scenario": firstScenario(t), "seats": map[string]string{"allies": "human", "axis": "human"}, "seed": 8})
	s0, _ := ts.snapshot(c.Game, "")
	tok := c.Tokens[*s0.ToAct]
	ws := ts.dial(c.Game, tok, 0)
	firstMessage(t, ws)
	ts.act(c.Game, tok, "nonsense", s0.Version) // a POST takes one
	if r, _ := wsAsk(t, ws, actionMsg("nonsense", s0.Version, 1), 1); r.Code != "illegal_action" {
		t.Fatalf("action 1: %+v, want illegal_action", r)
	}
	// A malformed message takes one too, as a POST with a malformed body.
	if r, _ := wsAsk(t, ws, `{"type":"action","id":2}`, 2); r.Code != "bad_request" {
		t.Fatalf("message 2: %+v, want bad_request", r)
	}
	r, _ := wsAsk(t, ws, actionMsg("nonsense", s0.Version, 3), 3)
	if r.Type != "error" || r.Code != "rate_limited" || r.RetryAfter < 1 {
		t.Fatalf("fourth action: %+v, want rate_limited with retry_after", r)
	}
	if code, raw := ts.act(c.Game, tok, "nonsense", s0.Version); code != 429 || errCode(raw) != "rate_limited" {
		t.Fatalf("a POST after: %d %s, want 429 rate_limited", code, raw)
	}
	if now, _ := ts.snapshot(c.Game, tok); now.Version != s0.Version {
		t.Fatalf("the game moved: %d", now.Version)
	}
}

// POST …/actions and the socket's actions go through one function
// (applyAct): they count in one decision limit, and past it both refuse
// with the same error.
func TestWebSocketAndPostShareActionPath(t *testing.T) {
	ts := newTestServer(t, "")
	const limit = 4
	c := ts.create(map[string]any{"scenario": firstScenario(t), "seats": map[string]string{"allies": "human", "axis": "human"},
		"hotseat": true, "seed": 9, "max_actions": limit})
	sockets := map[string]*wsConn{}
	for seat, tok := range c.Tokens {
		sockets[seat] = ts.dial(c.Game, tok, 0)
		firstMessage(t, sockets[seat])
	}
	for i := 0; i < limit; i++ {
		s0, _ := ts.snapshot(c.Game, "")
		if s0.Over {
			t.Fatalf("over after %d decisions", i)
		}
		seat := *s0.ToAct
		s, _ := ts.snapshot(c.Game, c.Tokens[seat])
		a := s.Legal[0].Action
		if i%2 == 0 {
			if code, raw := ts.act(c.Game, c.Tokens[seat], a, s.Version); code != 200 {
				t.Fatalf("POST %q: %d %s", a, code, raw)
			}
			continue
		}
		if r, _ := wsAsk(t, sockets[seat], actionMsg(a, s.Version, int64(i)), int64(i)); r.Type != "ack" {
			t.Fatalf("socket %q: %+v", a, r)
		}
	}
	s, _ := ts.snapshot(c.Game, "")
	if !s.Over {
		t.Fatalf("not over after %d decisions, POSTed and sent", limit)
	}
	code, raw := ts.act(c.Game, c.Tokens["allies"], "end-orders", s.Version)
	var post struct {
		Error struct{ Code, Message string } `json:"error"`
	}
	json.Unmarshal(raw, &post)
	r, _ := wsAsk(t, sockets["allies"], actionMsg("end-orders", s.Version, 99), 99)
	if code != 422 || post.Error.Code != "illegal_action" || r.Code != post.Error.Code || r.Message != post.Error.Message ||
		!strings.Contains(r.Message, fmt.Sprint(limit)) {
		t.Fatalf("past the limit: POST %d %s; socket %+v", code, raw, r)
	}
}

// parseWSPlain reads what it accepts as json.Decoder with
// DisallowUnknownFields reads it, and leaves the rest to the decoder.
func TestParseWSMessagePlain(t *testing.T) {
	for _, tc := range []struct {
		msg   string
		plain bool
	}{
		{`{"type":"action","action":"move 7,15 6,14","version":41,"id":7}`, true},
		{`{ "id" : -3 , "version":0, "action":"end-orders", "type":"action" }`, true},
		{`{"type":"full"}`, true},
		{`{}`, true},
		{`{"type":"act"}`, true},
		{`{"type":"action","version":1}`, true},
		{`{"Type":"action","action":"x","version":1}`, false},
		{`{"type":"action","action":"x","version":1,"token":"t"}`, false},
		{`{"type":"action","action":"x","version":1,"version":2}`, false},
		{`{"type":"action","action":"\u0078","version":1}`, false},
		{`{"type":"action","action":"é","version":1}`, false},
		{`{"type":"action","action":"x","version":1.5}`, false},
		{`{"type":"action","action":"x","version":1e2}`, false},
		{`{"type":"action","action":"x","version":"1"}`, false},
		{`{"type":"action","action":null,"version":1}`, false},
		{`{"type":"action","action":"x","version":99999999999999999999}`, false},
		{`{"type":"action","action":"x","id":9223372036854775807,"version":-0}`, true},
		{`{"type":["action"]}`, false},
	} {
		b := []byte(tc.msg)
		if !json.Valid(b) {
			t.Fatalf("%s: not JSON", tc.msg)
		}
		got, ok := parseWSPlain(b)
		if ok != tc.plain {
			t.Errorf("%s: plain %v, want %v", tc.msg, ok, tc.plain)
		}
		if !ok {
			continue
		}
		var want wsClientMessage
		dec := json.NewDecoder(strings.NewReader(tc.msg))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&want); err != nil {
			t.Errorf("%s: the decoder refuses it: %v", tc.msg, err)
			continue
		}
		g, _ := json.Marshal(got)
		w, _ := json.Marshal(want)
		if string(g) != string(w) {
			t.Errorf("%s: %s, the decoder %s", tc.msg, g, w)
		}
	}
}

// Issue 14, sixth pass: a socket opened with ack=delta gets an action's
// ack in the delta the action caused ("ack" after "type"), one message
// rather than two; a duplicate, which changes nothing, is acked alone.
func TestWebSocketAckInDelta(t *testing.T) {
	ts := newTestServer(t, "")
	c := ts.create(map[string]any{"scenario": firstScenario(t), "seats": map[string]string{"allies": "human", "axis": "human"}, "seed": 7})
	s0, _ := ts.snapshot(c.Game, "")
	tok := c.Tokens[*s0.ToAct]
	ws := dialURL(t, "ws"+strings.TrimPrefix(ts.hs.URL, "http")+"/api/games/"+c.Game+"/ws?since=0&ack=delta&token="+tok)
	firstMessage(t, ws)
	s, _ := ts.snapshot(c.Game, tok)
	r, at := wsAsk(t, ws, actionMsg(s.Legal[0].Action, s.Version, 42), 42)
	var d struct {
		Type    string
		Version int
		Base    int
		Ack     *struct{ ID, Version int }
	}
	raw := ws.raw()[at]
	if err := json.Unmarshal(raw, &d); err != nil {
		t.Fatal(err)
	}
	if r.Type != "ack" || r.Version <= s.Version || d.Type != "delta" || d.Ack == nil || d.Ack.ID != 42 || d.Ack.Version != r.Version ||
		d.Version != r.Version || d.Base != s.Version || !strings.HasPrefix(string(raw), `{"type":"delta","ack":{"id":42,"version":`) {
		t.Fatalf("the action's delta does not carry its ack: %s", raw)
	}
	for _, m := range ws.raw()[:at] {
		if strings.HasPrefix(string(m), `{"type":"ack"`) {
			t.Fatalf("an ack alone as well: %s", m)
		}
	}
	if now, _ := ts.snapshot(c.Game, tok); now.Version != r.Version {
		t.Fatalf("acked version %d, the game is at %d", r.Version, now.Version)
	}
	// A duplicate: acked alone, with the version it brought the game to.
	r2, at2 := wsAsk(t, ws, actionMsg(s.Legal[0].Action, s.Version, 43), 43)
	if r2.Type != "ack" || r2.Version != r.Version || !strings.HasPrefix(string(ws.raw()[at2]), `{"type":"ack","id":43,`) {
		t.Fatalf("duplicate: %+v %s", r2, ws.raw()[at2])
	}
}
