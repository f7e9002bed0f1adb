package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"m44/match"
	"m44/store"
)

// testServer is a server on an httptest listener with its own database.
type testServer struct {
	t   testing.TB
	srv *Server
	hs  *httptest.Server
	st  *store.Store
	db  string
}

func quietLogger() *slog.Logger {
	if os.Getenv("M44_TEST_LOG") != "" {
		return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	return slog.New(slog.NewTextHandler(io.Discard, nil))
}

// newTestServer starts a server on the database file db ("" for a new one
// in a temporary folder).
func newTestServer(t testing.TB, db string, opts ...func(*Options)) *testServer {
	t.Helper()
	if db == "" {
		db = filepath.Join(t.TempDir(), "m44.db")
	}
	st, err := store.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	// No rate limits nor caps unless a test sets them (limits_test.go).
	o := Options{Store: st, Library: Library(), Logger: quietLogger(), Version: "test", Limits: &Limits{}}
	for _, f := range opts {
		f(&o)
	}
	srv, err := New(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	ts := &testServer{t: t, srv: srv, hs: httptest.NewServer(srv.Handler()), st: st, db: db}
	t.Cleanup(ts.close)
	return ts
}

func (ts *testServer) close() {
	if ts.hs == nil {
		return
	}
	ts.srv.Close()
	ts.hs.Close()
	ts.st.Close()
	ts.hs = nil
}

// call does a request with a JSON body (or raw bytes) and decodes the JSON
// reply into out (if not nil); it returns the status and the raw reply.
func (ts *testServer) call(method, path string, body any, out any) (int, []byte) {
	ts.t.Helper()
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case []byte:
		r = bytes.NewReader(b)
	default:
		j, err := json.Marshal(b)
		if err != nil {
			ts.t.Fatal(err)
		}
		r = bytes.NewReader(j)
	}
	req, err := http.NewRequest(method, ts.hs.URL+path, r)
	if err != nil {
		ts.t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		ts.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		ts.t.Fatal(err)
	}
	if out != nil && len(raw) > 0 {
		if err := json.Unmarshal(raw, out); err != nil {
			ts.t.Fatalf("%s %s: %d %s: %v", method, path, resp.StatusCode, raw, err)
		}
	}
	return resp.StatusCode, raw
}

// must is call expecting the status want.
func (ts *testServer) must(want int, method, path string, body any, out any) []byte {
	ts.t.Helper()
	code, raw := ts.call(method, path, body, out)
	if code != want {
		ts.t.Fatalf("%s %s: status %d, want %d: %s", method, path, code, want, raw)
	}
	return raw
}

// errCode is the code of an error reply.
func errCode(raw []byte) string {
	var e struct {
		Error struct{ Code string } `json:"error"`
	}
	json.Unmarshal(raw, &e)
	return e.Error.Code
}

// snap is the part of a snapshot the tests read.
type snap struct {
	Game      string  `json:"game"`
	Version   int     `json:"version"`
	Seat      *string `json:"seat"`
	Spectator bool    `json:"spectator"`
	ToAct     *string `json:"to_act"`
	YourTurn  bool    `json:"your_turn"`
	CanUndo   bool    `json:"can_undo"`
	Over      bool    `json:"over"`
	Winner    *string `json:"winner"`
	Legal     []struct {
		Action string `json:"action"`
		Kind   string `json:"kind"`
		From   string `json:"from"`
		To     string `json:"to"`
		Dice   int    `json:"dice"`
		Card   *int   `json:"card"`
		Name   string `json:"name"`
	} `json:"legal"`
	Log   []logEntry `json:"log"`
	Seats []struct {
		Seat      string `json:"seat"`
		Side      string `json:"side"`
		Kind      string `json:"kind"`
		Connected *bool  `json:"connected"`
	} `json:"seats"`
	View struct {
		Phase string `json:"phase"`
		Turn  int    `json:"turn"`
		Hand  []struct {
			ID   int    `json:"id"`
			Name string `json:"name"`
		} `json:"hand"`
	} `json:"view"`
}

type logEntry struct {
	N    int `json:"n"`
	Text struct {
		Key  string         `json:"key"`
		Args map[string]any `json:"args"`
	} `json:"text"`
	Event map[string]any `json:"event"`
}

func (ts *testServer) snapshot(game, token string) (snap, []byte) {
	ts.t.Helper()
	var s snap
	raw := ts.must(200, "GET", "/api/games/"+game+"?token="+token, nil, &s)
	return s, raw
}

func (ts *testServer) create(req map[string]any) match.Created {
	ts.t.Helper()
	var c match.Created
	ts.must(201, "POST", "/api/games", req, &c)
	return c
}

// act posts an action and returns the status and reply.
func (ts *testServer) act(game, token, action string, version int) (int, []byte) {
	ts.t.Helper()
	return ts.call("POST", "/api/games/"+game+"/actions", map[string]any{"token": token, "action": action, "version": version}, nil)
}

// playRandom makes the seats of tokens play random legal actions until the
// game is over, steps actions are made, or no token holder is to act
// (a bot's turn: it waits for the bot). It returns the last snapshot seen.
func (ts *testServer) playRandom(game string, tokens map[string]string, r *rand.Rand, steps int) snap {
	ts.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	var s snap
	for n := 0; n < steps; {
		if time.Now().After(deadline) {
			ts.t.Fatalf("game %s: no end in sight", game)
		}
		s, _ = ts.snapshot(game, "")
		if s.Over {
			return s
		}
		tok, ok := tokens[*s.ToAct]
		if !ok {
			time.Sleep(2 * time.Millisecond) // a bot's turn
			continue
		}
		s, _ = ts.snapshot(game, tok)
		if !s.YourTurn {
			continue // a bot moved meanwhile
		}
		a := s.Legal[r.IntN(len(s.Legal))].Action
		code, raw := ts.act(game, tok, a, s.Version)
		if code == 409 && errCode(raw) == "stale" {
			continue
		}
		if code != 200 {
			ts.t.Fatalf("act %q at %d: %d %s", a, s.Version, code, raw)
		}
		n++
	}
	return s
}

// wsConn is a WebSocket client collecting every message.
type wsConn struct {
	c    *websocket.Conn
	mu   sync.Mutex
	msgs [][]byte
	more chan struct{}
	done chan struct{}
	err  error // why reading stopped, once done is closed
}

func (ts *testServer) dial(game, token string, since int) *wsConn {
	ts.t.Helper()
	url := "ws" + strings.TrimPrefix(ts.hs.URL, "http") + "/api/games/" + game + "/ws?token=" + token
	if since >= 0 {
		url += fmt.Sprintf("&since=%d", since)
	}
	return dialURL(ts.t, url)
}

// dialURL opens a WebSocket at url, collecting its messages.
func dialURL(t testing.TB, url string) *wsConn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, _, err := websocket.DefaultDialer.DialContext(ctx, url, nil)
	if err != nil {
		t.Fatalf("dial %s: %v", url, err)
	}
	c.SetReadLimit(64 << 20)
	w := &wsConn{c: c, more: make(chan struct{}, 1), done: make(chan struct{})}
	go func() {
		defer close(w.done)
		for {
			_, b, err := c.ReadMessage()
			if err != nil {
				w.err = err
				return
			}
			w.mu.Lock()
			w.msgs = append(w.msgs, b)
			w.mu.Unlock()
			select {
			case w.more <- struct{}{}:
			default:
			}
		}
	}()
	t.Cleanup(func() { c.Close() })
	return w
}

// update is an Update message.
type update struct {
	Type     string     `json:"type"`
	Version  int        `json:"version"`
	Events   []logEntry `json:"events"`
	Snapshot snap       `json:"snapshot"`
}

// waitVersion waits for an update of at least version v and returns every
// message received so far.
func (w *wsConn) waitVersion(t testing.TB, v int) []update {
	t.Helper()
	timeout := time.After(20 * time.Second)
	var out []update
	for {
		w.mu.Lock()
		msgs := w.msgs[len(out):]
		w.mu.Unlock()
		for _, b := range msgs {
			var u update
			if err := json.Unmarshal(b, &u); err != nil {
				t.Fatalf("ws message %s: %v", b, err)
			}
			out = append(out, u)
		}
		if len(out) > 0 && out[len(out)-1].Version >= v {
			return out
		}
		select {
		case <-w.more:
		case <-w.done:
			t.Fatalf("ws closed before version %d", v)
		case <-timeout:
			t.Fatalf("no ws update of version %d", v)
		}
	}
}

func (w *wsConn) raw() [][]byte {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([][]byte{}, w.msgs...)
}

// firstScenario is the first scenario of the built-in library.
func firstScenario(t testing.TB) string {
	t.Helper()
	lib := Library()
	if len(lib) == 0 {
		t.Skip("no built-in scenario")
	}
	return lib[0].ID
}

// wsClose closes c as a browser does: the close frame (normal closure),
// then the connection.
func wsClose(c *websocket.Conn) {
	c.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseNormalClosure, ""), time.Now().Add(time.Second))
	c.Close()
}
