package web

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// Issue 14 "a game hits its limit and ends": a table of 6 decisions ends
// after the sixth (docs/rules-decisions.md "Action limit": the side with
// more medals wins, equal medals are a draw); no action is taken after
// it, its record says why, and it stays over after a restart.
func TestGameHitsActionLimit(t *testing.T) {
	ts := newTestServer(t, "")
	c := ts.create(map[string]any{"scenario": firstScenario(t), "seats": map[string]string{"allies": "human", "axis": "human"},
		"hotseat": true, "seed": 9, "max_actions": 6})
	s := ts.playRandom(c.Game, c.Tokens, rand.New(rand.NewPCG(9, 0)), 6)
	s, raw := ts.snapshot(c.Game, "")
	if !s.Over || s.ToAct != nil || !strings.Contains(string(raw), `"ended":"action_limit"`) {
		t.Fatalf("after 6 actions: over %v, to act %v: %.300s", s.Over, s.ToAct, raw)
	}
	medals := ts.srv.Games()
	m, err := medals.Get(t.Context(), c.Game)
	if err != nil {
		t.Fatal(err)
	}
	md := m.State().Medals()
	switch {
	case md[0] == md[1] && s.Winner != nil:
		t.Errorf("medals %v: winner %s, want a draw", md, *s.Winner)
	case md[0] != md[1] && s.Winner == nil:
		t.Errorf("medals %v: no winner", md)
	}
	for _, tok := range c.Tokens {
		code, raw := ts.act(c.Game, tok, "end-orders", s.Version)
		if code != 422 || !strings.Contains(string(raw), "limit of 6 actions") {
			t.Fatalf("action after the limit: %d %s", code, raw)
		}
	}
	var rec struct {
		Actions []string `json:"actions"`
		Ended   string   `json:"ended"`
	}
	ts.must(200, "GET", "/api/games/"+c.Game+"/record", nil, &rec)
	if len(rec.Actions) != 6 || rec.Ended != "action_limit" {
		t.Fatalf("record: %d actions, ended %q", len(rec.Actions), rec.Ended)
	}
	db := ts.db
	ts.close()
	ts2 := newTestServer(t, db)
	s2, raw2 := ts2.snapshot(c.Game, "")
	if !s2.Over || !strings.Contains(string(raw2), `"ended":"action_limit"`) {
		t.Fatalf("after a restart: not over: %.300s", raw2)
	}
	// The store knows it is over: it is not resumed as a live game.
	live, err := ts2.st.LiveGames(t.Context())
	if err != nil || len(live) != 0 {
		t.Fatalf("live games after the limit: %v %v", live, err)
	}
}

// A table may not ask for more than the server's limit.
func TestActionLimitBounds(t *testing.T) {
	ts := newTestServer(t, "", withLimits(Limits{MaxActions: 100}))
	req := map[string]any{"scenario": firstScenario(t), "seats": map[string]string{"allies": "human", "axis": "human"}, "max_actions": 101}
	if code, raw := ts.call("POST", "/api/games", req, nil); code != 400 || !strings.Contains(string(raw), "max_actions: 101, want 1..100") {
		t.Fatalf("%d %s", code, raw)
	}
}

// Issue 14: bot-against-bot games are capped on the server, and their
// decisions are at least BotOnlyDelay apart.
func TestBotOnlyGamesLimited(t *testing.T) {
	ts := newTestServer(t, "", withLimits(Limits{BotOnlyGames: 1, BotOnlyDelay: 150 * time.Millisecond}))
	bots := map[string]any{"scenario": firstScenario(t), "seats": map[string]string{"allies": "bot:random", "axis": "bot:random"}, "seed": 3}
	start := time.Now()
	c := ts.create(bots)
	if code, raw := ts.call("POST", "/api/games", bots, nil); code != 429 || errCode(raw) != "rate_limited" {
		t.Fatalf("second bot game: %d %s", code, raw)
	}
	// A game with a human is not counted.
	ts.create(map[string]any{"scenario": firstScenario(t), "seats": map[string]string{"allies": "human", "axis": "bot:random"}})
	// Wait for 3 decisions (or give up after 20 s on a busy machine):
	// with the floor they take at least 450 ms; without, a few ms.
	var n int
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		_, acts, err := ts.st.Game(t.Context(), c.Game)
		if err != nil {
			t.Fatal(err)
		}
		if n = len(acts); n >= 3 {
			break
		}
	}
	elapsed := time.Since(start)
	if most := int(elapsed/(150*time.Millisecond)) + 1; n > most || n == 0 {
		t.Fatalf("%d bot decisions in %v, want 1..%d", n, elapsed, most)
	}
}
