package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"m44/store/pgstore"
	"m44/store/pgstore/pgtest"
)

// Several m44 serve nodes share one PostgreSQL database (docs/web-api.md,
// "Running several nodes"; issue 14). Two real server processes are
// started on a fresh database; games are created on both and played by
// clients talking to both (a game's seats on different nodes, so that
// requests are forwarded to the owner), with a WebSocket on the node that
// does not own the game it follows (LISTEN/NOTIFY fan-out). Then one node
// is killed (SIGKILL) mid-game: every action a client saw acknowledged
// must be in the store, the other node takes the dead node's games over
// (the bot of a game against a bot plays on there), and play goes on.

// nodeArgsEnv tells the test binary run as a child to be a server node.
const nodeArgsEnv = "M44_TEST_CLUSTER_NODE"

// TestClusterNodeProcess is not a test: it is the server process the
// cluster test starts (the test binary run again with nodeArgsEnv set).
func TestClusterNodeProcess(t *testing.T) {
	args := os.Getenv(nodeArgsEnv)
	if args == "" {
		t.Skip("run by TestClusterTwoNodes as a server process")
	}
	os.Exit(runServe(strings.Split(args, "\x1f"), os.Stdout, os.Stderr))
}

type clusterNode struct {
	name string
	url  string // http://127.0.0.1:port/
	cmd  *exec.Cmd
	logs *lockedWriter
}

func (n *clusterNode) log() string {
	n.logs.mu.Lock()
	defer n.logs.mu.Unlock()
	return n.logs.w.String()
}

var servingRE = regexp.MustCompile(`serving on (http://\S+/)`)

func startNode(t *testing.T, name, db string) *clusterNode {
	t.Helper()
	args := []string{"--addr", "127.0.0.1:0", "--db", db, "--node", name, "--lease", "1s",
		"--bot-delay", "0", "--no-rate-limits"}
	cmd := exec.Command(os.Args[0], "-test.run=^TestClusterNodeProcess$")
	cmd.Env = append(os.Environ(), nodeArgsEnv+"="+strings.Join(args, "\x1f"))
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	n := &clusterNode{name: name, cmd: cmd, logs: &lockedWriter{w: &bytes.Buffer{}}}
	cmd.Stderr = n.logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		if t.Failed() {
			t.Logf("node %s's log:\n%s", name, n.log())
		}
	})
	urls := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if m := servingRE.FindStringSubmatch(sc.Text()); m != nil {
				urls <- m[1]
			}
		}
		io.Copy(io.Discard, out)
	}()
	select {
	case n.url = <-urls:
	case <-time.After(30 * time.Second):
		t.Fatalf("node %s did not start", name)
	}
	return n
}

type lockedWriter struct {
	mu sync.Mutex
	w  *bytes.Buffer
}

func (l *lockedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}

// ack is an action a client saw acknowledged.
type ack struct {
	seat, action string
	version      int
	afterKill    bool
}

// clusterGame is a game and the clients playing it.
type clusterGame struct {
	id     string
	tokens map[string]string // seat → token
	via    map[string]string // seat → the URL of the node its client talks to
	down   *atomic.Bool      // node a was killed: its clients talk to b
	a, b   string            // the nodes' URLs
	mu     sync.Mutex
	acks   []ack
	over   bool
}

var errRetry = errors.New("retry")

func apiCall(method, url string, body any, out any) (int, error) {
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, url, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	c := http.Client{Timeout: 10 * time.Second}
	resp, err := c.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode/100 == 2 && out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			return resp.StatusCode, fmt.Errorf("%s %s: %v: %s", method, url, err, b)
		}
	}
	if resp.StatusCode/100 != 2 {
		return resp.StatusCode, fmt.Errorf("%s %s: %d %s", method, url, resp.StatusCode, b)
	}
	return resp.StatusCode, nil
}

type snap struct {
	Version  int     `json:"version"`
	ToAct    *string `json:"to_act"`
	YourTurn bool    `json:"your_turn"`
	Over     bool    `json:"over"`
	Legal    []struct {
		Action string `json:"action"`
	} `json:"legal"`
}

// url is the node the seat's client talks to now.
func (g *clusterGame) url(seat string) string {
	if g.down.Load() && g.via[seat] == g.a {
		return g.b
	}
	return g.via[seat]
}

// step has the seat to act play a random legal action through its node.
// A node that does not answer (killed) or a 503 (its games not taken over
// yet) or a 409 (the game changed meanwhile) is errRetry.
func (g *clusterGame) step(r *rand.Rand) error {
	var s snap
	seat := "allies"
	code, err := apiCall("GET", g.url(seat)+"api/games/"+g.id+"?token="+g.tokens[seat], nil, &s)
	if err != nil {
		if code == 0 || code == 503 || code == 409 {
			return errRetry
		}
		return err
	}
	if s.Over {
		g.mu.Lock()
		g.over = true
		g.mu.Unlock()
		return nil
	}
	if s.ToAct == nil || g.tokens[*s.ToAct] == "" {
		return errRetry // a bot is to act
	}
	seat = *s.ToAct
	if seat != "allies" {
		code, err = apiCall("GET", g.url(seat)+"api/games/"+g.id+"?token="+g.tokens[seat], nil, &s)
		if err != nil {
			if code == 0 || code == 503 || code == 409 {
				return errRetry
			}
			return err
		}
	}
	if !s.YourTurn || len(s.Legal) == 0 {
		return errRetry
	}
	a := s.Legal[r.IntN(len(s.Legal))].Action
	var out struct {
		Version int `json:"version"`
	}
	code, err = apiCall("POST", g.url(seat)+"api/games/"+g.id+"/actions", map[string]any{"token": g.tokens[seat], "action": a, "version": s.Version}, &out)
	if err != nil {
		if code == 0 || code == 503 || code == 409 {
			return errRetry
		}
		return err
	}
	g.mu.Lock()
	g.acks = append(g.acks, ack{seat: seat, action: a, version: out.Version, afterKill: g.down.Load()})
	g.mu.Unlock()
	return nil
}

func TestClusterTwoNodes(t *testing.T) {
	if os.Getenv(nodeArgsEnv) != "" {
		t.Skip("a server process")
	}
	db := pgtest.URL(t) // skips where no PostgreSQL answers
	start := time.Now()
	a := startNode(t, "node-a", db)
	b := startNode(t, "node-b", db)
	t.Logf("two nodes up in %v: %s, %s", time.Since(start).Round(time.Millisecond), a.url, b.url)

	// Games created on both nodes (each node owns those it created); the
	// seats' clients talk to different nodes.
	var aDown atomic.Bool
	create := func(on *clusterNode, axis string) *clusterGame {
		var c struct {
			Game   string            `json:"game"`
			Tokens map[string]string `json:"tokens"`
		}
		if _, err := apiCall("POST", on.url+"api/games", map[string]any{"scenario": "pegasus-bridge",
			"seats": map[string]string{"allies": "human", "axis": axis}}, &c); err != nil {
			t.Fatal(err)
		}
		return &clusterGame{id: c.Game, tokens: c.Tokens, via: map[string]string{"allies": a.url, "axis": b.url},
			down: &aDown, a: a.url, b: b.url}
	}
	games := []*clusterGame{create(a, "human"), create(a, "human"), create(b, "human"), create(b, "human")}
	botGame := create(a, "bot:easy") // its bot runs on its owner, node a, then on b
	botGame.via["allies"] = b.url    // its human plays through b: forwarded to a
	games = append(games, botGame)

	// A WebSocket on node b follows a game node a owns.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	followed := games[0]
	ws, _, err := websocket.DefaultDialer.DialContext(ctx, strings.Replace(b.url, "http://", "ws://", 1)+"api/games/"+followed.id+"/ws?token="+followed.tokens["axis"], nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	var wsMu sync.Mutex
	wsVersion := 0
	go func() {
		for {
			_, msg, err := ws.ReadMessage()
			if err != nil {
				return
			}
			var u struct {
				Version int `json:"version"`
			}
			json.Unmarshal(msg, &u)
			wsMu.Lock()
			wsVersion = max(wsVersion, u.Version)
			wsMu.Unlock()
		}
	}()
	wsAt := func() int {
		wsMu.Lock()
		defer wsMu.Unlock()
		return wsVersion
	}

	// play has every game's clients act until each game has n more
	// acknowledged actions (or is over), retrying through failures.
	play := func(n int, deadline time.Duration) {
		t.Helper()
		var wg sync.WaitGroup
		errs := make(chan error, len(games))
		for i, g := range games {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := rand.New(rand.NewPCG(uint64(i), uint64(time.Now().UnixNano())))
				g.mu.Lock()
				want := len(g.acks) + n
				g.mu.Unlock()
				end := time.Now().Add(deadline)
				for time.Now().Before(end) {
					g.mu.Lock()
					done := len(g.acks) >= want || g.over
					g.mu.Unlock()
					if done {
						return
					}
					err := g.step(r)
					if errors.Is(err, errRetry) {
						time.Sleep(50 * time.Millisecond)
						continue
					}
					if err != nil {
						errs <- fmt.Errorf("game %s: %w", g.id, err)
						return
					}
				}
				errs <- fmt.Errorf("game %s: %d acknowledged actions of %d after %v", g.id, len(g.acks), want, deadline)
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
		if t.Failed() {
			t.FailNow()
		}
	}

	play(12, 30*time.Second)
	followed.mu.Lock()
	last := followed.acks[len(followed.acks)-1].version
	followed.mu.Unlock()
	waitFor(t, 15*time.Second, func() bool { return wsAt() >= last },
		func() string {
			return fmt.Sprintf("the WebSocket on node b is at version %d, the game at %d", wsAt(), last)
		})
	// An open table made on node a is in node b's lobby, and taken there.
	var table struct {
		Game string `json:"game"`
	}
	if _, err := apiCall("POST", a.url+"api/games", map[string]any{"scenario": "pegasus-bridge",
		"seats": map[string]string{"allies": "human", "axis": "human"}, "open": []string{"axis"}}, &table); err != nil {
		t.Fatal(err)
	}
	var lobby struct {
		Open []struct {
			Game string `json:"game"`
		} `json:"open"`
	}
	if _, err := apiCall("GET", b.url+"api/tables", nil, &lobby); err != nil {
		t.Fatal(err)
	}
	if len(lobby.Open) != 1 || lobby.Open[0].Game != table.Game {
		t.Errorf("node b's lobby: %+v, want node a's table %s", lobby.Open, table.Game)
	}
	var joined struct {
		Seat  string `json:"seat"`
		Token string `json:"token"`
	}
	if _, err := apiCall("POST", b.url+"api/games/"+table.Game+"/join", map[string]any{}, &joined); err != nil || joined.Seat != "axis" || joined.Token == "" {
		t.Errorf("join through node b: %+v %v", joined, err)
	}

	// Each node forwarded the requests of the games the other owns.
	for _, n := range []*clusterNode{a, b} {
		if f := metric(t, n, "m44_forwarded_total"); f < 1 {
			t.Errorf("node %s forwarded %v requests", n.name, f)
		}
	}
	botGame.mu.Lock()
	botVersion := botGame.acks[len(botGame.acks)-1].version
	botGame.mu.Unlock()

	// Node a dies mid-game, while the clients play, without a word to
	// anyone: requests to it and through it are cut; its clients go to b.
	acked := func() int {
		n := 0
		for _, g := range games {
			g.mu.Lock()
			n += len(g.acks)
			g.mu.Unlock()
		}
		return n
	}
	var killedAt time.Time
	killed := make(chan struct{})
	go func() {
		defer close(killed)
		base := acked()
		for end := time.Now().Add(30 * time.Second); acked() < base+8 && time.Now().Before(end); {
			time.Sleep(2 * time.Millisecond)
		}
		a.cmd.Process.Kill()
		a.cmd.Wait()
		killedAt = time.Now()
		aDown.Store(true)
	}()
	play(20, 45*time.Second)
	<-killed
	play(5, 30*time.Second) // and more, all through b
	t.Logf("play went on %v after the kill", time.Since(killedAt).Round(time.Millisecond))
	for _, g := range games {
		n := 0
		for _, k := range g.acks {
			if k.afterKill {
				n++
			}
		}
		if n < 5 && !g.over {
			t.Errorf("game %s: %d actions acknowledged after the kill", g.id, n)
		}
	}

	// The follower copy on b became the owner's: the same WebSocket sees
	// the moves made since.
	followed.mu.Lock()
	last = followed.acks[len(followed.acks)-1].version
	followed.mu.Unlock()
	waitFor(t, 15*time.Second, func() bool { return wsAt() >= last },
		func() string {
			return fmt.Sprintf("after the kill, the WebSocket is at version %d, the game at %d", wsAt(), last)
		})

	// Every acknowledged action is in the store, at its version.
	st, err := pgstore.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	total, after := 0, 0
	for _, g := range games {
		_, acts, err := st.Game(ctx, g.id)
		if err != nil {
			t.Fatal(err)
		}
		byVersion := map[int]string{}
		for _, x := range acts {
			byVersion[x.Version] = x.Seat + " " + x.Action
		}
		for _, k := range g.acks {
			total++
			if k.afterKill {
				after++
			}
			if got := byVersion[k.version]; got != k.seat+" "+k.action {
				t.Errorf("game %s: acknowledged %s %q at version %d, stored %q", g.id, k.seat, k.action, k.version, got)
			}
		}
	}
	// The bot of the game against a bot played on node b.
	_, acts, _ := st.Game(ctx, botGame.id)
	botAfter := 0
	for _, x := range acts {
		if x.Seat == "axis" && x.Version > botVersion {
			botAfter++
		}
	}
	if botAfter == 0 && !botGame.over {
		t.Errorf("game %s: its bot did not play after node a died", botGame.id)
	}
	t.Logf("%d games, %d acknowledged actions (%d after the kill) all stored; the bot played %d times on node b; %v in all",
		len(games), total, after, botAfter, time.Since(start).Round(time.Millisecond))
}

func waitFor(t *testing.T, d time.Duration, ok func() bool, why func() string) {
	t.Helper()
	end := time.Now().Add(d)
	for !ok() {
		if time.Now().After(end) {
			t.Fatal(why())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// metric is the value of a metric without labels on node n's /metrics.
func metric(t *testing.T, n *clusterNode, name string) float64 {
	t.Helper()
	resp, err := http.Get(n.url + "metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		var v float64
		if f := strings.Fields(sc.Text()); len(f) == 2 && f[0] == name {
			fmt.Sscan(f[1], &v)
			return v
		}
	}
	t.Fatalf("node %s: no metric %s", n.name, name)
	return 0
}
