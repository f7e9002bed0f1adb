package web

import (
	"bytes"
	"context"
	"crypto/ecdh"
	"encoding/json"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"m44/accounts"
	"m44/store"
	"m44/webpush"
)

// fakePush is a push service with browsers of its own: each endpoint
// /push/<name> belongs to a browser whose keys it holds, and it decrypts
// what it receives as that browser would (RFC 8291).
type fakePush struct {
	t    *testing.T
	srv  *httptest.Server
	mu   sync.Mutex
	keys map[string]*ecdh.PrivateKey
	auth map[string][]byte
	got  map[string][]PushMessage
	hdr  map[string]http.Header
	// status answers a browser's messages (201 unless set).
	status map[string]int
	more   chan struct{}
}

func newFakePush(t *testing.T) *fakePush {
	f := &fakePush{t: t, keys: map[string]*ecdh.PrivateKey{}, auth: map[string][]byte{}, got: map[string][]PushMessage{},
		hdr: map[string]http.Header{}, status: map[string]int{}, more: make(chan struct{}, 100)}
	f.srv = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(r.URL.Path, "/push/")
		body, _ := io.ReadAll(r.Body)
		f.mu.Lock()
		defer f.mu.Unlock()
		k, ok := f.keys[name]
		if !ok {
			w.WriteHeader(http.StatusNotFound)
			return
		}
		plain, err := webpush.Decrypt(body, k, f.auth[name])
		if err != nil {
			t.Errorf("browser %s cannot decrypt its message: %v", name, err)
		}
		var m PushMessage
		if err := json.Unmarshal(plain, &m); err != nil {
			t.Errorf("browser %s: message %q: %v", name, plain, err)
		}
		// The message names the game and nothing of it: no hand, no token.
		var fields map[string]any
		json.Unmarshal(plain, &fields)
		for k := range fields {
			if !strings.Contains(" type game seat title body url ", " "+k+" ") {
				t.Errorf("browser %s: the message carries %q: %s", name, k, plain)
			}
		}
		f.got[name] = append(f.got[name], m)
		f.hdr[name] = r.Header.Clone()
		st := f.status[name]
		if st == 0 {
			st = http.StatusCreated
		}
		w.WriteHeader(st)
		f.more <- struct{}{}
	}))
	t.Cleanup(f.srv.Close)
	return f
}

// browser makes a browser's subscription (PushSubscription.toJSON()).
func (f *fakePush) browser(name string) map[string]any {
	k, _ := ecdh.P256().GenerateKey(nil)
	auth := bytes.Repeat([]byte(name[:1]), 16)
	f.mu.Lock()
	f.keys[name], f.auth[name] = k, auth
	f.mu.Unlock()
	return map[string]any{"endpoint": f.srv.URL + "/push/" + name, "expirationTime": nil,
		"keys": map[string]string{"p256dh": webpush.B64.EncodeToString(k.PublicKey().Bytes()), "auth": webpush.B64.EncodeToString(auth)}}
}

func (f *fakePush) messages(name string) []PushMessage {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]PushMessage{}, f.got[name]...)
}

// wait waits for n messages to name.
func (f *fakePush) wait(name string, n int) []PushMessage {
	f.t.Helper()
	deadline := time.After(20 * time.Second)
	for {
		if got := f.messages(name); len(got) >= n {
			return got
		}
		select {
		case <-f.more:
		case <-deadline:
			f.t.Fatalf("browser %s: %d push messages, want %d", name, len(f.messages(name)), n)
		}
	}
}

func pushServer(t *testing.T, db string, f *fakePush) *testServer {
	return newTestServer(t, db, func(o *Options) {
		o.PushClient, o.PushAnyHost, o.PushContact = f.srv.Client(), true, "mailto:admin@m44.example.org"
		o.PasswordParams = &accounts.Params{Memory: 64, Time: 1, Threads: 1}
	})
}

// playTurn makes seat play legal actions until it is no longer to act.
func (ts *testServer) playTurn(game, seat, token string, r *rand.Rand) {
	ts.t.Helper()
	for range 300 {
		s, _ := ts.snapshot(game, token)
		if s.Over || s.ToAct == nil || *s.ToAct != seat {
			return
		}
		a := s.Legal[r.IntN(len(s.Legal))].Action
		if code, raw := ts.act(game, token, a, s.Version); code != 200 {
			ts.t.Fatalf("act %q: %d %s", a, code, raw)
		}
	}
	ts.t.Fatalf("%s still to act after 300 actions", seat)
}

// Issue 13 "Web Push": the server makes its VAPID key pair on the first
// start and keeps it; a seat's browser subscribes with its token; when a
// turn-based game's turn passes to a seat with no WebSocket open, the push
// service gets a message (encrypted for the browser, RFC 8291; with a
// VAPID token of the server's key, RFC 8292) that names the game; a seat
// watching the game over its WebSocket gets none; a subscription the push
// service says is gone (410) is forgotten.
func TestWebPushTurnMessages(t *testing.T) {
	f := newFakePush(t)
	ts := pushServer(t, "", f)
	var key struct {
		Key string `json:"key"`
	}
	ts.must(200, "GET", "/api/push/key", nil, &key)
	pub, err := webpush.DecodeKey(key.Key)
	if err != nil || len(pub) != 65 || pub[0] != 4 {
		t.Fatalf("push key %q: %v", key.Key, err)
	}
	c := ts.create(map[string]any{"scenario": firstScenario(t), "seats": map[string]string{"allies": "human", "axis": "human"}, "seed": 5,
		"clock": map[string]any{"mode": "turn", "per_move": 86400}})
	for _, seat := range []string{"allies", "axis"} {
		var out map[string]string
		ts.must(201, "POST", "/api/push/subscriptions", map[string]any{"subscription": f.browser(seat), "game": c.Game, "token": c.Tokens[seat], "lang": "fr"}, &out)
		if out["owner"] != "seat" || out["seat"] != seat {
			t.Fatalf("subscribed %v", out)
		}
	}
	s, _ := ts.snapshot(c.Game, "")
	first := *s.ToAct
	other := map[string]string{"allies": "axis", "axis": "allies"}[first]
	ws := ts.dial(c.Game, c.Tokens[other], -1) // the other player watches the game
	ws.waitVersion(t, 0)
	r := rand.New(rand.NewPCG(1, 2))
	ts.playTurn(c.Game, first, c.Tokens[first], r) // to the other, who is connected: no message
	ts.playTurn(c.Game, other, c.Tokens[other], r) // back to the first, who has no page open
	got := f.wait(first, 1)
	want := PushMessage{Type: "your-turn", Game: c.Game, Seat: first, Title: "À vous de jouer", URL: "/play/" + c.Game}
	if g := got[0]; g.Type != want.Type || g.Game != want.Game || g.Seat != want.Seat || g.Title != want.Title || g.URL != want.URL || g.Body == "" {
		t.Fatalf("message %+v, want %+v and the scenario's name", g, want)
	}
	f.mu.Lock()
	h := f.hdr[first]
	f.mu.Unlock()
	if h.Get("TTL") != "86400" || h.Get("Content-Encoding") != "aes128gcm" || h.Get("Topic") != "turn-"+c.Game ||
		!strings.HasSuffix(h.Get("Authorization"), ", k="+key.Key) || !strings.HasPrefix(h.Get("Authorization"), "vapid t=") {
		t.Fatalf("push request headers %v", h)
	}
	// The browser is gone: the push service answers 410 to the next one,
	// and the server forgets the subscription.
	f.mu.Lock()
	f.status[first] = http.StatusGone
	f.mu.Unlock()
	ts.playTurn(c.Game, first, c.Tokens[first], r)
	ts.playTurn(c.Game, other, c.Tokens[other], r)
	f.wait(first, 2)
	owner := "s:" + c.Game + "/" + first
	deadline := time.Now().Add(10 * time.Second)
	for {
		subs, err := ts.st.PushSubs(context.Background(), owner)
		if err != nil {
			t.Fatal(err)
		}
		if len(subs) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("a gone subscription is kept: %+v", subs)
		}
		time.Sleep(20 * time.Millisecond)
	}
	// The key is kept across a restart; the connected player never got a
	// message.
	ts.close()
	if n := len(f.messages(other)); n != 0 {
		t.Fatalf("the player with the game open got %d push messages", n)
	}
	ts = pushServer(t, ts.db, f)
	var again struct {
		Key string `json:"key"`
	}
	ts.must(200, "GET", "/api/push/key", nil, &again)
	if again.Key != key.Key {
		t.Fatalf("the VAPID key changed across a restart: %s then %s", key.Key, again.Key)
	}
}

// Subscriptions: bound to a seat by its token or to the signed-in account
// (every seat it holds); refused for a spectator, a bad endpoint or keys,
// and beyond MaxPushSubs per owner; removed by their owner. Games without
// a turn-based clock send nothing.
func TestWebPushSubscriptions(t *testing.T) {
	f := newFakePush(t)
	ts := pushServer(t, "", f)
	c := ts.create(map[string]any{"scenario": firstScenario(t), "seats": map[string]string{"allies": "human", "axis": "human"}, "seed": 5,
		"clock": map[string]any{"mode": "turn", "per_move": 3600}})
	sub := f.browser("one")
	for _, tc := range []struct {
		body map[string]any
		code int
		err  string
	}{
		{map[string]any{"subscription": sub, "game": c.Game}, 403, "unauthorized"},                         // a spectator
		{map[string]any{"subscription": sub, "game": c.Game, "token": "nope"}, 403, "unauthorized"},        // a bad token
		{map[string]any{"subscription": sub}, 401, "bad_credentials"},                                      // neither seat nor account
		{map[string]any{"subscription": sub, "game": "nope", "token": c.Tokens["axis"]}, 404, "not_found"}, // no such game
		{map[string]any{"subscription": map[string]any{"endpoint": "http://push.example/x", "keys": sub["keys"]}, "game": c.Game, "token": c.Tokens["axis"]}, 400, "bad_request"},
		{map[string]any{"subscription": map[string]any{"endpoint": sub["endpoint"], "keys": map[string]string{"p256dh": "AAAA", "auth": "AAAA"}}, "game": c.Game, "token": c.Tokens["axis"]}, 400, "bad_request"},
		{map[string]any{"subscription": sub, "game": c.Game, "token": c.Tokens["axis"], "extra": 1}, 400, "bad_request"},
	} {
		if code, raw := ts.call("POST", "/api/push/subscriptions", tc.body, nil); code != tc.code || errCode(raw) != tc.err {
			t.Errorf("%v: %d %s, want %d %s", tc.body, code, raw, tc.code, tc.err)
		}
	}
	// Without PushAnyHost, endpoints on this machine or a private network
	// are refused.
	p := &pusher{}
	for _, ep := range []string{"https://127.0.0.1/x", "https://localhost/x", "https://10.1.2.3/x", "https://[::1]/x", "https://192.168.1.1/x"} {
		if p.checkEndpoint(ep) == nil {
			t.Errorf("endpoint %s accepted", ep)
		}
	}
	if err := p.checkEndpoint("https://fcm.googleapis.com/fcm/send/abc"); err != nil {
		t.Errorf("a public push service refused: %v", err)
	}
	// Five browsers for the seat, not six; the same browser again renews.
	for i := range MaxPushSubs {
		ts.must(201, "POST", "/api/push/subscriptions", map[string]any{"subscription": f.browser(string(rune('a'+i)) + "x"), "game": c.Game, "token": c.Tokens["axis"]}, nil)
	}
	if code, raw := ts.call("POST", "/api/push/subscriptions", map[string]any{"subscription": f.browser("zz"), "game": c.Game, "token": c.Tokens["axis"]}, nil); code != 429 {
		t.Fatalf("a sixth browser: %d %s", code, raw)
	}
	ts.must(201, "POST", "/api/push/subscriptions", map[string]any{"subscription": f.browser("ax"), "game": c.Game, "token": c.Tokens["axis"]}, nil)
	// A signed-in player's seat: the subscription is the account's.
	b := ts.browser(t)
	b.must(201, "POST", "/api/accounts", map[string]string{"name": "Alpha", "password": "first player"}, nil)
	b.must(200, "POST", "/api/me/seats", map[string]string{"game": c.Game, "token": c.Tokens["allies"]}, nil)
	var out map[string]string
	b.must(201, "POST", "/api/push/subscriptions", map[string]any{"subscription": f.browser("acct"), "game": c.Game, "token": c.Tokens["allies"]}, &out)
	if out["owner"] != "account" {
		t.Fatalf("a seat of the signed-in account: %v", out)
	}
	b.must(201, "POST", "/api/push/subscriptions", map[string]any{"subscription": f.browser("acct")}, &out)
	subs, _ := ts.st.PushSubs(context.Background(), "s:"+c.Game+"/allies")
	if len(subs) != 0 {
		t.Fatalf("the account's seat has subscriptions of its own: %+v", subs)
	}
	// Removing: the owner only.
	if code, _ := ts.call("DELETE", "/api/push/subscriptions", map[string]any{"endpoint": f.srv.URL + "/push/ax", "game": c.Game, "token": c.Tokens["allies"]}, nil); code != 200 {
		t.Fatal("delete with another seat's token")
	}
	if subs, _ := ts.st.PushSubs(context.Background(), "s:"+c.Game+"/axis"); len(subs) != MaxPushSubs {
		t.Fatalf("another seat's token removed a subscription: %d left", len(subs))
	}
	ts.must(200, "DELETE", "/api/push/subscriptions", map[string]any{"endpoint": f.srv.URL + "/push/ax", "game": c.Game, "token": c.Tokens["axis"]}, nil)
	b.must(200, "DELETE", "/api/push/subscriptions", map[string]any{"endpoint": f.srv.URL + "/push/acct"}, nil)
	if subs, _ := ts.st.PushSubs(context.Background(), "s:"+c.Game+"/axis"); len(subs) != MaxPushSubs-1 {
		t.Fatalf("after removing one of the seat's: %d left", len(subs))
	}
	var acct store.Account
	if a, err := ts.st.AccountByName(context.Background(), "alpha"); err == nil {
		acct = a
	}
	if subs, _ := ts.st.PushSubs(context.Background(), "a:"+acct.ID); len(subs) != 0 {
		t.Fatalf("the account's subscription is kept: %+v", subs)
	}
	// A game without a turn-based clock sends nothing, even with a seat
	// subscribed and away.
	g := ts.create(map[string]any{"scenario": firstScenario(t), "seats": map[string]string{"allies": "human", "axis": "human"}, "seed": 5})
	for _, seat := range []string{"allies", "axis"} {
		ts.must(201, "POST", "/api/push/subscriptions", map[string]any{"subscription": f.browser("n" + seat), "game": g.Game, "token": g.Tokens[seat]}, nil)
	}
	s, _ := ts.snapshot(g.Game, "")
	r := rand.New(rand.NewPCG(3, 4))
	first := *s.ToAct
	ts.playTurn(g.Game, first, g.Tokens[first], r)
	ts.close() // waits for any message under way
	if n := len(f.messages("nallies")) + len(f.messages("naxis")); n != 0 {
		t.Fatalf("%d push messages for a game without a turn-based clock", n)
	}
}

// A subscription of an account (made without a game) gets the messages of
// every seat the account holds.
func TestWebPushAccountSubscription(t *testing.T) {
	f := newFakePush(t)
	ts := pushServer(t, "", f)
	c := ts.create(map[string]any{"scenario": firstScenario(t), "seats": map[string]string{"allies": "human", "axis": "human"}, "seed": 7,
		"clock": map[string]any{"mode": "turn", "per_move": 3600}})
	b := ts.browser(t)
	b.must(201, "POST", "/api/accounts", map[string]string{"name": "Alpha", "password": "first player"}, nil)
	b.must(200, "POST", "/api/me/seats", map[string]string{"game": c.Game, "token": c.Tokens["allies"]}, nil)
	var out map[string]string
	b.must(201, "POST", "/api/push/subscriptions", map[string]any{"subscription": f.browser("acct"), "lang": "de"}, &out)
	if out["owner"] != "account" {
		t.Fatalf("subscribed %v", out)
	}
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; len(f.messages("acct")) == 0; i++ {
		if i == 4 {
			t.Fatal("no message to the account after two turns of each side")
		}
		s, _ := ts.snapshot(c.Game, "")
		ts.playTurn(c.Game, *s.ToAct, c.Tokens[*s.ToAct], r)
		time.Sleep(200 * time.Millisecond)
	}
	m := f.wait("acct", 1)[0]
	if m.Seat != "allies" || m.Game != c.Game || m.Title != "Du bist am Zug" {
		t.Fatalf("message %+v", m)
	}
}
