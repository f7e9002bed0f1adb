package web

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

func withLimits(l Limits) func(*Options) {
	return func(o *Options) { o.Limits = &l }
}

// serveReal runs s on a loopback listener through Serve (the http.Server
// with the limits' timeouts) and returns its address.
func serveReal(t *testing.T, ts *testServer) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, ln, ts.srv) }()
	t.Cleanup(func() { cancel(); <-done })
	return ln.Addr().String()
}

// Issue 14 "a slow body is cut": a client that sends its body slower than
// ReadTimeout gets its connection closed, and nothing is created.
func TestSlowBodyIsCut(t *testing.T) {
	ts := newTestServer(t, "", withLimits(Limits{ReadHeaderTimeout: time.Second, ReadTimeout: 300 * time.Millisecond}))
	addr := serveReal(t, ts)
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprintf(c, "POST /api/games HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{\"scen", addr)
	start := time.Now()
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	// Trickle a byte every 100 ms: the request takes longer than 300 ms.
	go func() {
		for i := 0; i < 30; i++ {
			time.Sleep(100 * time.Millisecond)
			if _, err := c.Write([]byte(" ")); err != nil {
				return
			}
		}
	}()
	reply, _ := io.ReadAll(c) // until the server closes the connection
	if took := time.Since(start); took > 2500*time.Millisecond {
		t.Fatalf("the slow request lasted %v: not cut", took)
	}
	if strings.Contains(string(reply), " 201 ") {
		t.Fatalf("a game was created by the cut request: %s", reply)
	}
	if n := ts.srv.Games().Loaded(); n != 0 {
		t.Fatalf("%d games loaded, want 0", n)
	}
}

// Issue 14: an idle keep-alive connection is cut after IdleTimeout.
func TestIdleConnectionIsCut(t *testing.T) {
	ts := newTestServer(t, "", withLimits(Limits{ReadHeaderTimeout: time.Second, IdleTimeout: 200 * time.Millisecond}))
	addr := serveReal(t, ts)
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprintf(c, "GET /healthz HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
	br := bufio.NewReader(c)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("healthz: %d", resp.StatusCode)
	}
	start := time.Now()
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	if _, err := br.ReadByte(); err != io.EOF {
		t.Fatalf("idle connection: read %v, want EOF (closed by the server)", err)
	}
	if took := time.Since(start); took > 2*time.Second {
		t.Fatalf("idle connection closed after %v", took)
	}
}

// Issue 14: game creation, uploads and actions are rate-limited per client
// address, with a clean 429 JSON and Retry-After.
func TestRateLimits(t *testing.T) {
	slow := Rate{PerSecond: 0.01, Burst: 2}
	ts := newTestServer(t, "", withLimits(Limits{Create: slow, Upload: slow, Action: slow}))
	sc := firstScenario(t)
	req := map[string]any{"scenario": sc, "seats": map[string]string{"allies": "human", "axis": "human"}, "hotseat": true}
	c := ts.create(req)
	ts.create(req)
	code, raw := ts.call("POST", "/api/games", req, nil)
	if code != 429 || errCode(raw) != "rate_limited" {
		t.Fatalf("third game: %d %s, want 429 rate_limited", code, raw)
	}
	for _, bad := range []string{"nonsense", "nonsense"} {
		ts.call("POST", "/api/scenarios", []byte(bad), nil)
	}
	if code, raw := ts.call("POST", "/api/scenarios", []byte("{}"), nil); code != 429 || errCode(raw) != "rate_limited" {
		t.Fatalf("third upload: %d %s, want 429 rate_limited", code, raw)
	}
	tok := c.Tokens["allies"]
	ts.act(c.Game, tok, "nonsense", 0)
	ts.act(c.Game, tok, "nonsense", 0)
	code, raw = ts.act(c.Game, tok, "nonsense", 0)
	if code != 429 || errCode(raw) != "rate_limited" {
		t.Fatalf("third action: %d %s, want 429 rate_limited", code, raw)
	}
	// The header tells when to come back.
	resp, err := http.Post(ts.hs.URL+"/api/games", "application/json", strings.NewReader("{}"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 429 || resp.Header.Get("Retry-After") == "" {
		t.Fatalf("429 without Retry-After: %d %v", resp.StatusCode, resp.Header)
	}
}

func TestLimiterRefills(t *testing.T) {
	l := newLimiter(Rate{PerSecond: 2, Burst: 1})
	now := time.Unix(1000, 0)
	l.now = func() time.Time { return now }
	if ok, _ := l.allow("a"); !ok {
		t.Fatal("first request refused")
	}
	ok, wait := l.allow("a")
	if ok || wait != 500*time.Millisecond {
		t.Fatalf("second request: %v, wait %v; want refused, 500ms", ok, wait)
	}
	if ok, _ := l.allow("b"); !ok {
		t.Fatal("another client is refused")
	}
	now = now.Add(500 * time.Millisecond)
	if ok, _ := l.allow("a"); !ok {
		t.Fatal("refused after the refill")
	}
	now = now.Add(2 * time.Minute)
	l.allow("c")
	if _, kept := l.buckets["a"]; kept {
		t.Fatal("a full bucket is kept after the sweep")
	}
}

func TestClientKey(t *testing.T) {
	for addr, want := range map[string]string{
		"127.0.0.1:5555":            "127.0.0.1",
		"[::ffff:10.0.0.1]:1":       "10.0.0.1",
		"[2001:db8:1:2:3:4:5:6]:80": "2001:db8:1:2::/64",
		"[2001:db8:1:2:ffff::1]:81": "2001:db8:1:2::/64",
		"not an address":            "not an address",
	} {
		if got := clientKey(&http.Request{RemoteAddr: addr}); got != want {
			t.Errorf("clientKey(%q) = %q, want %q", addr, got, want)
		}
	}
}

func dialWS(ctx context.Context, base, game string) (*websocket.Conn, *http.Response, error) {
	url := "ws" + strings.TrimPrefix(base, "http") + "/api/games/" + game + "/ws"
	return websocket.DefaultDialer.DialContext(ctx, url, nil)
}

// Issue 14 "the 1,001st connection is refused": a game takes 1,000
// WebSockets at most.
func TestThousandAndFirstSocketRefused(t *testing.T) {
	if testing.Short() {
		t.Skip("opens 1,000 connections")
	}
	ts := newTestServer(t, "", withLimits(Limits{SocketsPerGame: 1000}))
	c := ts.create(map[string]any{"scenario": firstScenario(t), "seats": map[string]string{"allies": "human", "axis": "human"}, "hotseat": true})
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	conns := make([]*websocket.Conn, 0, 1000)
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	for i := 0; i < 1000; i++ {
		wc, _, err := dialWS(ctx, ts.hs.URL, c.Game)
		if err != nil {
			t.Fatalf("connection %d: %v", i+1, err)
		}
		conns = append(conns, wc)
	}
	_, resp, err := dialWS(ctx, ts.hs.URL, c.Game)
	if err == nil || resp == nil || resp.StatusCode != 429 {
		t.Fatalf("connection 1,001: %v %v, want 429", resp, err)
	}
	// One closes: there is room again.
	conns[0].Close()
	conns = conns[1:]
	deadline := time.Now().Add(10 * time.Second)
	for {
		wc, _, err := dialWS(ctx, ts.hs.URL, c.Game)
		if err == nil {
			conns = append(conns, wc)
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no room after a close: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Issue 14: one client address holds SocketsPerClient WebSockets at most,
// over all games.
func TestSocketsPerClient(t *testing.T) {
	ts := newTestServer(t, "", withLimits(Limits{SocketsPerClient: 2}))
	req := map[string]any{"scenario": firstScenario(t), "seats": map[string]string{"allies": "human", "axis": "human"}, "hotseat": true}
	g1, g2 := ts.create(req), ts.create(req)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	a, _, err := dialWS(ctx, ts.hs.URL, g1.Game)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, _, err := dialWS(ctx, ts.hs.URL, g2.Game)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	_, resp, err := dialWS(ctx, ts.hs.URL, g2.Game)
	if err == nil || resp == nil || resp.StatusCode != 429 {
		t.Fatalf("third connection: %v %v, want 429", resp, err)
	}
}

// Issue 14: a WebSocket outlives the server's write and read timeouts
// (they bound requests, not sockets).
func TestSocketOutlivesTimeouts(t *testing.T) {
	ts := newTestServer(t, "", withLimits(Limits{ReadTimeout: 200 * time.Millisecond, WriteTimeout: 200 * time.Millisecond}))
	addr := serveReal(t, ts)
	c := ts.create(map[string]any{"scenario": firstScenario(t), "seats": map[string]string{"allies": "human", "axis": "human"}, "hotseat": true})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	wc, _, err := dialWS(ctx, "http://"+addr, c.Game)
	if err != nil {
		t.Fatal(err)
	}
	defer wc.Close()
	wc.SetReadLimit(64 << 20)
	wc.SetReadDeadline(time.Now().Add(10 * time.Second))
	if _, _, err := wc.ReadMessage(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(500 * time.Millisecond)
	ts.hs.URL = "http://" + addr // through Serve
	pub, _ := ts.snapshot(c.Game, "")
	s, _ := ts.snapshot(c.Game, c.Tokens[*pub.ToAct])
	code, raw := ts.act(c.Game, c.Tokens[*s.ToAct], s.Legal[0].Action, s.Version)
	if code != 200 {
		t.Fatalf("act: %d %s", code, raw)
	}
	if _, _, err := wc.ReadMessage(); err != nil {
		t.Fatalf("the socket was cut by the server's timeouts: %v", err)
	}
}

// Issue 14: an upload over the limit gets a clean 413 JSON.
func TestUploadTooLarge(t *testing.T) {
	ts := newTestServer(t, "")
	big := make([]byte, 2<<20)
	code, raw := ts.call("POST", "/api/scenarios", big, nil)
	if code != 413 || errCode(raw) != "too_large" {
		t.Fatalf("big upload: %d %s, want 413 too_large", code, raw)
	}
}

// Issue 14: security headers on every reply, and a CSP that allows no
// inline script.
func TestSecurityHeaders(t *testing.T) {
	ts := newTestServer(t, "")
	for _, path := range []string{"/", "/api/health", "/api/nothing", "/play/x"} {
		resp, err := http.Get(ts.hs.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		h := resp.Header
		csp := h.Get("Content-Security-Policy")
		if !strings.Contains(csp, "script-src 'self';") || !strings.Contains(csp, "frame-ancestors 'none'") {
			t.Errorf("%s: CSP %q", path, csp)
		}
		if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") == "" || h.Get("X-Request-Id") == "" {
			t.Errorf("%s: headers %v", path, h)
		}
	}
	// A script or a style sheet is no document: nosniff only.
	for _, path := range []string{"/js/main.js", "/css/app.css"} {
		resp, err := http.Get(ts.hs.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if h := resp.Header; resp.StatusCode != 200 || h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Content-Security-Policy") != "" {
			t.Errorf("%s: %d, headers %v", path, resp.StatusCode, h)
		}
	}
}

// The browser client has no inline script, event-handler attribute or
// javascript: URL, so the CSP above does not break it.
func TestStaticHasNoInlineScript(t *testing.T) {
	inline := []*regexp.Regexp{
		regexp.MustCompile(`(?i)<script(\s[^>]*)?>\s*[^<\s]`), // a script element with a body
		regexp.MustCompile(`(?i)\son[a-z]+\s*=\s*["'{]`),      // onclick="…" in HTML or a template
		regexp.MustCompile(`(?i)javascript:`),
	}
	n := 0
	err := filepath.WalkDir("static", func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if ext := filepath.Ext(path); ext != ".html" && ext != ".js" && ext != ".svg" {
			return nil
		}
		n++
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, re := range inline {
			if loc := re.FindIndex(b); loc != nil {
				t.Errorf("%s: inline script %q", path, b[loc[0]:min(loc[1]+20, len(b))])
			}
		}
		return nil
	})
	if err != nil || n == 0 {
		t.Fatalf("walk static: %v (%d files)", err, n)
	}
}

// Issue 14: another site cannot create a game through a visitor's browser.
func TestCrossOriginRefused(t *testing.T) {
	ts := newTestServer(t, "")
	body := `{"scenario":"` + firstScenario(t) + `","seats":{"allies":"human","axis":"human"}}`
	for _, tc := range []struct {
		name   string
		header map[string]string
		want   int
	}{
		{"cross-site fetch", map[string]string{"Sec-Fetch-Site": "cross-site"}, 403},
		{"foreign origin", map[string]string{"Origin": "https://evil.example"}, 403},
		{"same origin", map[string]string{"Sec-Fetch-Site": "same-origin"}, 201},
		{"no browser", nil, 201},
	} {
		req, _ := http.NewRequest("POST", ts.hs.URL+"/api/games", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		for k, v := range tc.header {
			req.Header.Set(k, v)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tc.want {
			t.Errorf("%s: %d %s, want %d", tc.name, resp.StatusCode, raw, tc.want)
		}
	}
}

// Issue 14 (limits): a WebSocket whose client does not answer the
// server's pings is closed (its client gone without a word, its cap and
// memory freed); one whose client answers stays open.
func TestSocketWithoutPongClosed(t *testing.T) {
	ts := newTestServer(t, "", withLimits(Limits{SocketPing: 50 * time.Millisecond}))
	c := ts.create(map[string]any{"scenario": firstScenario(t), "seats": map[string]string{"allies": "human", "axis": "human"}, "hotseat": true})
	live := ts.dial(c.Game, "", -1) // reads all along: answers every ping
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	mute, _, err := dialWS(ctx, ts.hs.URL, c.Game)
	if err != nil {
		t.Fatal(err)
	}
	defer mute.Close()
	mute.SetReadLimit(64 << 20)
	// It reads nothing (so answers no ping) for ten periods, then finds
	// its socket closed.
	time.Sleep(500 * time.Millisecond)
	mute.SetReadDeadline(time.Now().Add(5 * time.Second))
	for {
		_, _, err := mute.ReadMessage()
		if err == nil {
			continue // the first update, sent before
		}
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			t.Fatal("a socket that answered no ping stayed open")
		}
		break
	}
	select {
	case <-live.done:
		t.Fatalf("a socket that answered its pings was closed: %v", live.err)
	default:
	}
}
