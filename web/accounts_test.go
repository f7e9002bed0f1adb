package web

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"sync"
	"testing"
	"time"

	"m44/accounts"
)

// browserClient is one browser: its own cookie jar.
type browserClient struct {
	t  *testing.T
	ts *testServer
	c  *http.Client
}

func (ts *testServer) browser(t *testing.T) *browserClient {
	jar, _ := cookiejar.New(nil)
	return &browserClient{t: t, ts: ts, c: &http.Client{Jar: jar}}
}

func (b *browserClient) call(method, path string, body any, out any) (int, []byte, http.Header) {
	b.t.Helper()
	var r io.Reader
	if body != nil {
		j, _ := json.Marshal(body)
		r = bytes.NewReader(j)
	}
	req, _ := http.NewRequest(method, b.ts.hs.URL+path, r)
	resp, err := b.c.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if out != nil && len(raw) > 0 {
		json.Unmarshal(raw, out)
	}
	return resp.StatusCode, raw, resp.Header
}

func (b *browserClient) must(want int, method, path string, body, out any) []byte {
	b.t.Helper()
	code, raw, _ := b.call(method, path, body, out)
	if code != want {
		b.t.Fatalf("%s %s: %d %s, want %d", method, path, code, raw, want)
	}
	return raw
}

type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *fakeClock) Add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

func accountServer(t *testing.T) (*testServer, *fakeClock) {
	clock := &fakeClock{now: time.Now()}
	ts := newTestServer(t, "", func(o *Options) {
		o.PasswordParams = &accounts.Params{Memory: 64, Time: 1, Threads: 1}
		o.Now = clock.Now
	})
	return ts, clock
}

type meReply struct {
	Account *AccountJSON `json:"account"`
}

// Issue 13 "Accounts, optional": sign up (secure session cookie), sign in,
// sign out; names unique without regard to case; bad input refused.
func TestAccountsSignUpInOut(t *testing.T) {
	ts, _ := accountServer(t)
	b := ts.browser(t)
	var me meReply
	b.must(200, "GET", "/api/me", nil, &me)
	if me.Account != nil {
		t.Fatalf("signed in before signing up: %+v", me.Account)
	}
	for _, bad := range []map[string]any{
		{"name": "x", "password": "long enough"},
		{"name": "Rommel", "password": "short"},
		{"name": "<b>Rommel</b>", "password": "long enough"},
		{"name": "Rommel", "password": "long enough", "admin": true},
	} {
		if code, raw, _ := b.call("POST", "/api/accounts", bad, nil); code != 400 || errCode(raw) != "bad_request" {
			t.Errorf("%v: %d %s", bad, code, raw)
		}
	}
	code, raw, h := b.call("POST", "/api/accounts", map[string]string{"name": "Rommel", "password": "desert fox 44"}, &me)
	if code != 201 || me.Account == nil || me.Account.Name != "Rommel" || me.Account.Rating != 1500 || me.Account.RD != 350 {
		t.Fatalf("sign up: %d %s", code, raw)
	}
	cookie := h.Get("Set-Cookie")
	for _, want := range []string{SessionCookie + "=", "HttpOnly", "SameSite=Lax", "Path=/", "Max-Age="} {
		if !strings.Contains(cookie, want) {
			t.Errorf("cookie %q lacks %q", cookie, want)
		}
	}
	if strings.Contains(cookie, "Secure") || strings.Contains(string(raw), "argon2") {
		t.Errorf("over http the cookie is not Secure: %q; the reply holds no hash: %s", cookie, raw)
	}
	me = meReply{}
	b.must(200, "GET", "/api/me", nil, &me)
	if me.Account == nil || me.Account.Name != "Rommel" {
		t.Fatalf("me after sign-up: %+v", me)
	}
	other := ts.browser(t)
	if code, raw, _ := other.call("POST", "/api/accounts", map[string]string{"name": "rommel", "password": "another pass"}, nil); code != 409 || errCode(raw) != "name_taken" {
		t.Fatalf("the same name in lower case: %d %s", code, raw)
	}
	if code, raw, _ := other.call("POST", "/api/session", map[string]string{"name": "ROMMEL", "password": "desert fox 45"}, nil); code != 401 || errCode(raw) != "bad_credentials" {
		t.Fatalf("wrong password: %d %s", code, raw)
	}
	if code, raw, _ := other.call("POST", "/api/session", map[string]string{"name": "Patton", "password": "desert fox 44"}, nil); code != 401 || errCode(raw) != "bad_credentials" {
		t.Fatalf("unknown name: %d %s", code, raw)
	}
	me = meReply{}
	other.must(200, "POST", "/api/session", map[string]string{"name": "ROMMEL", "password": "desert fox 44"}, &me)
	if me.Account == nil || me.Account.Name != "Rommel" {
		t.Fatalf("sign in: %+v", me)
	}
	b.must(200, "DELETE", "/api/session", nil, nil)
	me = meReply{}
	b.must(200, "GET", "/api/me", nil, &me)
	if me.Account != nil {
		t.Fatal("still signed in after signing out")
	}
	me = meReply{}
	other.must(200, "GET", "/api/me", nil, &me)
	if me.Account == nil {
		t.Fatal("signing out one browser signed out the other")
	}
	if code, raw, _ := b.call("GET", "/api/me/games", nil, nil); code != 401 || errCode(raw) != "bad_credentials" {
		t.Fatalf("my games signed out: %d %s", code, raw)
	}
}

// Issue 13 "Rate-limit sign-in": five failures on a name lock it for 15
// minutes (429 with Retry-After), even with the right password; then it
// opens again.
func TestSignInRateLimit(t *testing.T) {
	ts, clock := accountServer(t)
	b := ts.browser(t)
	b.must(201, "POST", "/api/accounts", map[string]string{"name": "Monty", "password": "el alamein"}, nil)
	for i := 0; i < 5; i++ {
		if code, _, _ := b.call("POST", "/api/session", map[string]string{"name": "monty", "password": "wrong pass"}, nil); code != 401 {
			t.Fatalf("failure %d: %d", i+1, code)
		}
	}
	code, raw, h := b.call("POST", "/api/session", map[string]string{"name": "Monty", "password": "el alamein"}, nil)
	if code != 429 || errCode(raw) != "too_many_attempts" || h.Get("Retry-After") == "" {
		t.Fatalf("6th attempt: %d %s (Retry-After %q)", code, raw, h.Get("Retry-After"))
	}
	clock.Add(15*time.Minute + time.Second)
	b.must(200, "POST", "/api/session", map[string]string{"name": "Monty", "password": "el alamein"}, nil)
}

// Issue 13: a seat bound to an account follows it to another device: the
// account lists the game and gets a token of its own for the seat there;
// the first token keeps working; another account can neither bind nor
// take it.
func TestSeatsFollowTheAccount(t *testing.T) {
	ts, _ := accountServer(t)
	id := firstScenario(t)
	laptop := ts.browser(t)
	laptop.must(201, "POST", "/api/accounts", map[string]string{"name": "Zhukov", "password": "front line 1"}, nil)
	c := ts.create(map[string]any{"scenario": id, "seats": map[string]string{"allies": "human", "axis": "human"}, "seed": 5})
	var bound map[string]string
	laptop.must(200, "POST", "/api/me/seats", map[string]string{"game": c.Game, "token": c.Tokens["allies"]}, &bound)
	if bound["seat"] != "allies" {
		t.Fatalf("bound %v", bound)
	}
	if code, raw, _ := laptop.call("POST", "/api/me/seats", map[string]string{"game": c.Game, "token": "0123456789abcdef0123456789abcdef"}, nil); code != 403 {
		t.Fatalf("binding with a wrong token: %d %s", code, raw)
	}
	phone := ts.browser(t)
	phone.must(200, "POST", "/api/session", map[string]string{"name": "zhukov", "password": "front line 1"}, nil)
	var mine struct{ Games []MyGame }
	phone.must(200, "GET", "/api/me/games", nil, &mine)
	var s snap
	ts.must(200, "GET", "/api/games/"+c.Game, nil, &s)
	if len(mine.Games) != 1 || mine.Games[0].Game != c.Game || mine.Games[0].Seat != "allies" || mine.Games[0].Name == "" || mine.Games[0].Over ||
		mine.Games[0].YourTurn != (*s.ToAct == "allies") {
		t.Fatalf("games on the phone: %+v", mine.Games)
	}
	var tok map[string]string
	phone.must(200, "POST", "/api/me/games/"+c.Game+"/token", map[string]string{"seat": "allies"}, &tok)
	if len(tok["token"]) != 32 || tok["token"] == c.Tokens["allies"] || tok["link"] != "/play/"+c.Game+"#"+tok["token"] {
		t.Fatalf("token %v", tok)
	}
	for _, token := range []string{tok["token"], c.Tokens["allies"]} {
		if s, _ := ts.snapshot(c.Game, token); s.Seat == nil || *s.Seat != "allies" {
			t.Fatalf("token %s: seat %v", token, s.Seat)
		}
	}
	if code, _, _ := phone.call("POST", "/api/me/games/"+c.Game+"/token", map[string]string{"seat": "axis"}, nil); code != 403 {
		t.Fatalf("a token of a seat not bound: %d", code)
	}
	thief := ts.browser(t)
	thief.must(201, "POST", "/api/accounts", map[string]string{"name": "Thief", "password": "stolen link"}, nil)
	if code, _, _ := thief.call("POST", "/api/me/seats", map[string]string{"game": c.Game, "token": c.Tokens["allies"]}, nil); code != 403 {
		t.Fatalf("another account binds a bound seat: %d", code)
	}
	if code, _, _ := thief.call("POST", "/api/me/games/"+c.Game+"/token", map[string]string{"seat": "allies"}, nil); code != 403 {
		t.Fatalf("another account takes a token: %d", code)
	}
	// The binding and the new token survive a restart.
	ts.close()
	ts2 := newTestServer(t, ts.db)
	if s, _ := ts2.snapshot(c.Game, tok["token"]); s.Seat == nil || *s.Seat != "allies" {
		t.Fatal("the device's token is lost after a restart")
	}
}
