package match

import (
	"bytes"
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"m44/internal/jsonenc"
	"m44/internal/testkit"
	"m44/library"
	"m44/view"
)

// deltaClient follows a game over Sub.Next as the browser does.
type deltaClient struct {
	name    string
	tok     string
	sub     *Sub
	snap    map[string]any
	version int
	last    []byte // the last message
	buf     []byte // NextInto's, reused (nil: Next)
	inBuf   int    // messages made in buf
	into    bool   // read with NextInto
}

func decodeMsg(t *testing.T, b []byte) map[string]any {
	t.Helper()
	var d map[string]any
	if err := json.Unmarshal(b, &d); err != nil {
		t.Fatalf("%v: %.300s", err, b)
	}
	return d
}

// next reads the client's next message and applies it; it reports the
// message's type ("" when there was none).
func (c *deltaClient) next(t *testing.T) string {
	t.Helper()
	var b []byte
	var v int
	var err error
	if !c.into {
		b, v, err = c.sub.Next(c.version)
	} else {
		b, v, err = c.sub.NextInto(c.version, &c.buf)
		if len(b) > 0 && len(c.buf) > 0 && &b[0] == &c.buf[0] {
			c.inBuf++
		}
	}
	if err != nil {
		t.Fatal(err)
	}
	c.last = b
	if b == nil {
		return ""
	}
	d := decodeMsg(t, b)
	typ, _ := d["type"].(string)
	if int(d["version"].(float64)) != v {
		t.Fatalf("%s: message at %v, Next says %d", c.name, d["version"], v)
	}
	var events []any
	if d["events"] != nil {
		events = d["events"].([]any)
	}
	base := c.version
	switch typ {
	case "update":
		c.snap = d["snapshot"].(map[string]any)
		delete(c.snap, "log")
	case "delta":
		if int(d["base"].(float64)) != c.version {
			t.Fatalf("%s: delta from %v, the client is at %d", c.name, d["base"], c.version)
		}
		testkit.ApplyDelta(t, c.snap, d)
	default:
		t.Fatalf("%s: message %q", c.name, typ)
	}
	if base >= 0 {
		if len(events) != v-base {
			t.Fatalf("%s: %d events from %d to %d", c.name, len(events), base, v)
		}
		for i, e := range events {
			if n := int(e.(map[string]any)["n"].(float64)); n != base+1+i {
				t.Fatalf("%s: event %d numbered %d after version %d", c.name, i, n, base)
			}
		}
	}
	c.version = v
	return typ
}

// want is the client's snapshot as a whole update would bring it.
func (c *deltaClient) want(t *testing.T, m *Match) map[string]any {
	t.Helper()
	s, err := m.SnapshotSince(c.tok, m.Version(), false)
	if err != nil {
		t.Fatal(err)
	}
	b, err := s.AppendJSON(nil)
	if err != nil {
		t.Fatal(err)
	}
	w := decodeMsg(t, b)
	delete(w, "log")
	return w
}

// A WebSocket's deltas, applied in turn to its first whole snapshot, give
// each seat's and a spectator's snapshot at every version of whole games
// (hot seat and team play), acted on one or two actions at a time; the
// sockets of one seat get one shared encoding; the deltas are a fraction
// of the whole updates.
func TestDeltasRebuildSnapshots(t *testing.T) {
	g := testManager(t, testStore(t))
	for _, players := range []PerSide{{1, 1}, {2, 2}} {
		m, tokens := humanGame(t, g, players, 7)
		var cs []*deltaClient
		add := func(name, tok string) *deltaClient {
			sub, err := m.Subscribe(tok)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(sub.Close)
			c := &deltaClient{name: name, tok: tok, sub: sub, version: -1}
			cs = append(cs, c)
			return c
		}
		for _, d := range seatDefs([2]int{players.Allies, players.Axis}) {
			add(d.name, tokens[d.name])
		}
		twin := add("twin", cs[0].tok) // a second socket of the first seat
		add("spectator", "")
		for _, c := range cs[1:] {
			c.into = true // as the web server's sockets read (NextInto), but for the first seat's first
		}
		// Each socket's first message is whole; the sockets opened after it
		// (others connected) bring deltas of the seats only.
		for _, c := range cs {
			if typ := c.next(t); typ != "update" {
				t.Fatalf("%s: first message %q", c.name, typ)
			}
		}
		for _, c := range cs {
			for c.next(t) != "" {
			}
			if w := c.want(t, m); !reflect.DeepEqual(c.snap, w) {
				t.Fatalf("%s: after connecting, the snapshot differs", c.name)
			}
		}
		var deltaBytes, wholeBytes, deltas, shared int
		got := map[*deltaClient][]byte{}
		for i := 0; i < 1000 && !m.Over(); i++ {
			step(t, m, tokens, i)
			if i%3 == 1 && !m.Over() {
				step(t, m, tokens, i+1) // two actions between two messages
			}
			for _, c := range cs {
				typ := c.next(t)
				if typ != "delta" {
					t.Fatalf("%s: after action %d: %q", c.name, i, typ)
				}
				w := c.want(t, m)
				if !reflect.DeepEqual(c.snap, w) {
					got, _ := json.Marshal(c.snap)
					want, _ := json.Marshal(w)
					t.Fatalf("%s: action %d: the deltas give\n%s\nwant\n%s\ndelta %s", c.name, i, got, want, c.last)
				}
				checkPushed(t, m, c.sub)
				checkSpare(t, m)
				deltas++
				deltaBytes += len(c.last)
				got[c] = c.last
				u := c.sub.Update(c.version)
				b, _ := u.AppendJSON(nil)
				wholeBytes += len(b)
				if c.next(t) != "" {
					t.Fatalf("%s: a message with nothing new", c.name)
				}
			}
			if &got[twin][0] == &got[cs[0]][0] {
				shared++
			}
		}
		if !m.Over() {
			t.Fatal("the game did not end")
		}
		if shared == 0 {
			t.Error("the sockets of one seat never shared a delta")
		}
		if twin.inBuf != 0 || cs[len(cs)-1].inBuf == 0 {
			t.Errorf("deltas made in the socket's buffer: %d for a seat's second socket (its deltas are shared), %d for the spectator (alone)", twin.inBuf, cs[len(cs)-1].inBuf)
		}
		t.Logf("%v: %d deltas, %d bytes on average; whole updates %d", players, deltas, deltaBytes/deltas, wholeBytes/deltas)
		if deltaBytes*3 > wholeBytes {
			t.Errorf("%v: deltas %d bytes, whole updates %d", players, deltaBytes, wholeBytes)
		}
		// Asked for, a whole update.
		cs[0].sub.AskFull()
		if typ := cs[0].next(t); typ != "update" {
			t.Fatalf("asked for a whole update: %q", typ)
		}
	}
}

// A game with a clock (not shared: its clock moves with time) gets deltas
// too; a seat that disconnects shows in the others' next delta.
func TestDeltasClockAndPresence(t *testing.T) {
	g := testManager(t, testStore(t))
	c, err := g.Create(context.Background(), CreateRequest{Scenario: library.All()[0].ID, Seats: map[string]string{"allies": "human", "axis": "human"},
		Clock: &Clock{Mode: "turn", PerMove: MinPerMove, OnTimeout: "lose"}})
	if err != nil {
		t.Fatal(err)
	}
	m, err := g.Get(context.Background(), c.Game)
	if err != nil {
		t.Fatal(err)
	}
	var cs []*deltaClient
	for _, seat := range []string{"allies", "axis"} {
		sub, err := m.Subscribe(c.Tokens[seat])
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(sub.Close)
		cs = append(cs, &deltaClient{name: seat, tok: c.Tokens[seat], sub: sub, version: -1})
	}
	for _, cl := range cs {
		cl.next(t)
	}
	for i := 0; i < 30 && !m.Over(); i++ {
		step(t, m, c.Tokens, i)
		for _, cl := range cs {
			if typ := cl.next(t); typ != "delta" {
				t.Fatalf("%s: %q", cl.name, typ)
			}
			w := cl.want(t, m)
			delete(w, "clock") // it moves with time
			got := map[string]any{}
			for k, v := range cl.snap {
				got[k] = v
			}
			delete(got, "clock")
			if !reflect.DeepEqual(got, w) {
				t.Fatalf("%s: action %d: the snapshot differs", cl.name, i)
			}
		}
	}
	cs[1].sub.Close()
	if typ := cs[0].next(t); typ != "delta" || !strings.Contains(string(cs[0].last), `"seats":`) || strings.Contains(string(cs[0].last), `"view"`) {
		t.Fatalf("axis gone: %q %.300s", typ, cs[0].last)
	}
	for _, s := range cs[0].snap["seats"].([]any) {
		if s := s.(map[string]any); s["seat"] == "axis" && s["connected"] != false {
			t.Fatalf("axis still connected: %v", s)
		}
	}
}

// checkPushed: the members of the snapshot a subscriber last got, as
// taken when it was written (pushedOf, viewMembers: the board's read once
// for all its viewers), are those read back from its JSON.
func checkPushed(t *testing.T, m *Match, sub *Sub) {
	t.Helper()
	m.mu.Lock()
	defer m.mu.Unlock()
	p := sub.last
	if want := jsonenc.Members(p.head); want == nil || !reflect.DeepEqual(p.fields, want) {
		t.Fatalf("version %d: members %q\nwant %q", p.version, p.fields, want)
	}
	v, _, _ := jsonenc.Lookup(p.fields, []byte(deltaView), -1)
	if want := jsonenc.Members(v); want == nil || !reflect.DeepEqual(p.viewFields(), want) {
		t.Fatalf("version %d: the view's members %q\nwant %q", p.version, p.viewFields(), want)
	}
	// The board's members are those of the position's board (the game's
	// current one: p is the socket's last), and p lets the board go once
	// its members are taken.
	pb := m.pub
	if vf := p.viewFields(); pb == nil || pb.st != m.st || len(pb.members) == 0 || len(vf) < 2 || &vf[1].Val[0] != &pb.members[0].Val[0] {
		t.Fatalf("version %d: the board's members not shared", p.version)
	}
	if p.board != nil {
		t.Fatalf("version %d: the snapshot keeps its board", p.version)
	}
}

// checkSpare: the game's spare position (applyLocked copies the next one
// into it) is neither its position nor the shared board's, and the shared
// board's position is still the one its board was made of.
func checkSpare(t *testing.T, m *Match) {
	t.Helper()
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.spare != nil && (m.spare == m.st || m.pub != nil && m.spare == m.pub.st) {
		t.Fatal("the spare position is in use")
	}
	if m.pub != nil {
		bd := view.BoardOf(m.pub.st)
		if b := bd.AppendFields(nil, nil); !bytes.Equal(b, m.pub.json) {
			t.Fatalf("the shared board's position changed since its board was made:\n%s\nnow\n%s", m.pub.json, b)
		}
	}
}

// The shared board's JSON buffers serve later positions once nothing reads
// them (boardText): a socket that reads only every fifth action, while a
// second socket of its seat, the other seat and a spectator read every
// one (their deltas made from snapshots whose board JSON went back to be
// reused), still rebuilds its snapshot from its deltas.
func TestDeltasWithBoardBuffersReused(t *testing.T) {
	g := testManager(t, testStore(t))
	m, tokens := humanGame(t, g, PerSide{1, 1}, 11)
	var cs []*deltaClient
	for _, c := range []struct{ name, tok string }{{"allies", tokens["allies"]}, {"axis", tokens["axis"]}, {"spectator", ""}, {"late", tokens["allies"]}} {
		sub, err := m.Subscribe(c.tok)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(sub.Close)
		cs = append(cs, &deltaClient{name: c.name, tok: c.tok, sub: sub, version: -1, into: c.name != "late"})
	}
	for _, c := range cs {
		for c.next(t) != "" {
		}
	}
	late := cs[3]
	for i := 0; i < 400 && !m.Over(); i++ {
		step(t, m, tokens, i)
		for _, c := range cs[:3] {
			if typ := c.next(t); typ != "delta" {
				t.Fatalf("%s: after action %d: %q", c.name, i, typ)
			}
		}
		if i%5 != 4 {
			continue
		}
		if typ := late.next(t); typ != "delta" {
			t.Fatalf("late: after action %d: %q", i, typ)
		}
		for _, c := range cs {
			if w := c.want(t, m); !reflect.DeepEqual(c.snap, w) {
				got, _ := json.Marshal(c.snap)
				want, _ := json.Marshal(w)
				t.Fatalf("%s: action %d: the deltas give\n%s\nwant\n%s", c.name, i, got, want)
			}
		}
	}
	if puts := boardTextsPut.Load(); puts == 0 {
		t.Fatal("no board JSON buffer was given back")
	}
}
