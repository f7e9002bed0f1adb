package web

import (
	"strings"
	"testing"
	"time"

	"m44/accounts"
	"m44/match"
)

type tablesReply struct {
	Open []match.TableInfo `json:"open"`
	Live []match.TableInfo `json:"live"`
}

// Issue 13 "A lobby of games": a table with an open seat is listed; anyone
// may take the seat (once); the game then moves to the live games, which
// anyone may watch. Neither list carries a hand or a token.
func TestOpenTablesAndLiveGames(t *testing.T) {
	ts, _ := accountServer(t)
	id := firstScenario(t)
	host := ts.browser(t)
	host.must(201, "POST", "/api/accounts", map[string]string{"name": "Host", "password": "open table"}, nil)
	var c match.Created
	host.must(201, "POST", "/api/games", map[string]any{"scenario": id, "seats": map[string]string{"allies": "human", "axis": "human"},
		"open": []string{"axis"}, "clock": map[string]any{"mode": "turn", "per_move": 86400}}, &c)
	if len(c.Tokens) != 1 || c.Tokens["allies"] == "" {
		t.Fatalf("tokens of a table: %v (none for the open seat)", c.Tokens)
	}
	host.must(200, "POST", "/api/me/seats", map[string]string{"game": c.Game, "token": c.Tokens["allies"]}, nil)
	if code, raw := ts.call("POST", "/api/games", map[string]any{"scenario": id, "seats": map[string]string{"allies": "human", "axis": "bot:easy"}, "open": []string{"axis"}}, nil); code != 400 {
		t.Fatalf("a bot's seat open: %d %s", code, raw)
	}
	// One's game against a bot, and a hot-seat game, are nobody's business.
	ts.create(map[string]any{"scenario": id, "seats": map[string]string{"allies": "human", "axis": "bot:easy"}})
	ts.create(map[string]any{"scenario": id, "seats": map[string]string{"allies": "human", "axis": "human"}, "hotseat": true})
	var list tablesReply
	raw := ts.must(200, "GET", "/api/tables", nil, &list)
	if len(list.Open) != 1 || list.Open[0].Game != c.Game || len(list.Live) != 0 || list.Open[0].Clock == nil || list.Open[0].Clock.PerMove != 86400 {
		t.Fatalf("tables %s", raw)
	}
	seats := list.Open[0].Seats
	if len(seats) != 2 || seats[0].Open || seats[0].Player != "Host" || seats[0].Rating != 1500 || !seats[1].Open {
		t.Fatalf("seats %+v", seats)
	}
	for _, secret := range []string{c.Tokens["allies"], `"hand"`, "token"} {
		if strings.Contains(string(raw), secret) {
			t.Fatalf("the tables list carries %q: %s", secret, raw)
		}
	}
	// The host's own account cannot take the other seat.
	if code, raw, _ := host.call("POST", "/api/games/"+c.Game+"/join", map[string]string{}, nil); code != 422 {
		t.Fatalf("the host joins their own table: %d %s", code, raw)
	}
	var j match.Joined
	ts.must(200, "POST", "/api/games/"+c.Game+"/join", map[string]string{"seat": "axis"}, &j)
	if j.Seat != "axis" || len(j.Token) != 32 || j.Link != "/play/"+c.Game+"#"+j.Token {
		t.Fatalf("joined %+v", j)
	}
	if s, _ := ts.snapshot(c.Game, j.Token); s.Seat == nil || *s.Seat != "axis" {
		t.Fatalf("the joiner's token: seat %v", s.Seat)
	}
	if code, raw := ts.call("POST", "/api/games/"+c.Game+"/join", map[string]string{}, nil); code != 404 || errCode(raw) != "not_found" {
		t.Fatalf("joining a full table: %d %s", code, raw)
	}
	list = tablesReply{}
	raw = ts.must(200, "GET", "/api/tables", nil, &list)
	if len(list.Open) != 0 || len(list.Live) != 1 || list.Live[0].Game != c.Game || strings.Contains(string(raw), j.Token) {
		t.Fatalf("after the join: %s", raw)
	}
	// The taken seat survives a restart.
	ts.close()
	ts2 := newTestServer(t, ts.db)
	if s, _ := ts2.snapshot(c.Game, j.Token); s.Seat == nil || *s.Seat != "axis" {
		t.Fatal("the joined seat is lost after a restart")
	}
	list = tablesReply{}
	ts2.must(200, "GET", "/api/tables", nil, &list)
	if len(list.Open) != 0 || len(list.Live) != 1 {
		t.Fatalf("after a restart: %+v", list)
	}
}

// Issue 13 "auto-match for any opponent": the first caller opens a table
// and waits; the next one is seated at it.
func TestAnyOpponent(t *testing.T) {
	ts, clock := accountServer(t)
	id := firstScenario(t)
	if code, _ := ts.call("POST", "/api/tables/auto", map[string]any{}, nil); code != 404 {
		t.Fatalf("any opponent with no table and no scenario: %d", code)
	}
	var first, second AutoReply
	ts.must(201, "POST", "/api/tables/auto", map[string]any{"scenario": id}, &first)
	if !first.Waiting || first.Token == "" {
		t.Fatalf("first: %+v", first)
	}
	// The same browser does not meet itself.
	clock.Add(time.Second)
	var again AutoReply
	ts.must(201, "POST", "/api/tables/auto", map[string]any{"scenario": id, "avoid": []string{first.Game}}, &again)
	if again.Game == first.Game {
		t.Fatal("seated at its own table")
	}
	ts.must(200, "POST", "/api/tables/auto", map[string]any{}, &second)
	if second.Waiting || second.Game != first.Game || second.Seat == first.Seat { // the oldest table
		t.Fatalf("second %+v, first %+v", second, first)
	}
}

// Issue 13 clocks, real time: the seat to act spends its reserve; the
// clock survives a restart; a seat that runs out loses, and the game is
// over for both (the log and the record say so).
func TestRealTimeClockRunsOutAcrossRestart(t *testing.T) {
	clock := &fakeClock{now: time.Date(2026, 11, 25, 6, 0, 0, 0, time.UTC)}
	opt := func(o *Options) { o.Now = clock.Now }
	ts := newTestServer(t, "", opt)
	id := firstScenario(t)
	for _, bad := range []map[string]any{{"mode": "blitz"}, {"mode": "realtime", "reserve": 1}, {"mode": "turn", "per_move": 10},
		{"mode": "turn", "per_move": 3600, "on_timeout": "draw"}} {
		if code, raw := ts.call("POST", "/api/games", map[string]any{"scenario": id, "seats": map[string]string{"allies": "human", "axis": "human"}, "clock": bad}, nil); code != 400 {
			t.Errorf("clock %v: %d %s", bad, code, raw)
		}
	}
	c := ts.create(map[string]any{"scenario": id, "seats": map[string]string{"allies": "human", "axis": "human"}, "seed": 9,
		"clock": map[string]any{"mode": "realtime", "reserve": 600}})
	var s struct {
		ToAct string           `json:"to_act"`
		Clock *match.ClockView `json:"clock"`
		Over  bool             `json:"over"`
	}
	ts.must(200, "GET", "/api/games/"+c.Game, nil, &s)
	first := s.ToAct
	if s.Clock == nil || s.Clock.Running == nil || *s.Clock.Running != first || s.Clock.Left[first] != 600000 || s.Clock.OnTimeout != "lose" {
		t.Fatalf("clock at the start: %+v", s.Clock)
	}
	clock.Add(200 * time.Second)
	ts.close()
	ts = newTestServer(t, ts.db, opt)
	ts.must(200, "GET", "/api/games/"+c.Game, nil, &s)
	if s.Clock.Left[first] != 400000 || !s.Clock.Deadline.Equal(clock.Now().Add(400*time.Second)) {
		t.Fatalf("after a restart 200 s later: left %v, deadline %v", s.Clock.Left, s.Clock.Deadline)
	}
	clock.Add(399 * time.Second)
	ts.srv.Games().CheckClocks()
	if ts.must(200, "GET", "/api/games/"+c.Game, nil, &s); s.Over {
		t.Fatal("over with a second left")
	}
	clock.Add(2 * time.Second)
	ts.srv.Games().CheckClocks()
	var sn snap
	raw := ts.must(200, "GET", "/api/games/"+c.Game, nil, &sn)
	other := map[string]string{"allies": "axis", "axis": "allies"}[first]
	if !sn.Over || sn.Winner == nil || *sn.Winner != other || sn.ToAct != nil {
		t.Fatalf("after the reserve ran out: %s", raw)
	}
	last := sn.Log[len(sn.Log)-1]
	if last.Text.Key != "ev.timeout" || last.Text.Args["seat"] != first || last.Text.Args["winner"] != other {
		t.Fatalf("last log entry %+v", last)
	}
	if code, raw := ts.act(c.Game, c.Tokens[other], "end-orders", sn.Version); code != 422 {
		t.Fatalf("an action after the timeout: %d %s", code, raw)
	}
	var rec match.Record
	ts.must(200, "GET", "/api/games/"+c.Game+"/record", nil, &rec)
	if rec.Winner != other || rec.Timeout != first {
		t.Fatalf("record winner %q timeout %q", rec.Winner, rec.Timeout)
	}
	// And after another restart the game is still over, the same way.
	ts.close()
	ts = newTestServer(t, ts.db, opt)
	sn = snap{}
	ts.must(200, "GET", "/api/games/"+c.Game, nil, &sn)
	if !sn.Over || *sn.Winner != other {
		t.Fatalf("after a restart: over %v winner %v", sn.Over, sn.Winner)
	}
}

// Issue 13 clocks, turn-based with a bot taking over: the seat has
// per_move for each decision; when it runs out a bot plays on for it.
func TestTurnClockBotTakesOver(t *testing.T) {
	clock := &fakeClock{now: time.Date(2026, 11, 25, 6, 0, 0, 0, time.UTC)}
	ts := newTestServer(t, "", func(o *Options) { o.Now = clock.Now })
	id := firstScenario(t)
	c := ts.create(map[string]any{"scenario": id, "seats": map[string]string{"allies": "human", "axis": "human"}, "seed": 9,
		"clock": map[string]any{"mode": "turn", "per_move": 2 * 86400, "on_timeout": "bot"}})
	var s snap
	ts.must(200, "GET", "/api/games/"+c.Game, nil, &s)
	first := *s.ToAct
	clock.Add(2*86400*time.Second + time.Second)
	ts.srv.Games().CheckClocks()
	deadline := time.Now().Add(20 * time.Second)
	for {
		s = snap{}
		ts.must(200, "GET", "/api/games/"+c.Game, nil, &s)
		kind := ""
		for _, st := range s.Seats {
			if st.Seat == first {
				kind = st.Kind
			}
		}
		if kind == "bot:medium" && (s.ToAct == nil || *s.ToAct != first) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the bot did not take over %s: kind %q, to act %v", first, kind, s.ToAct)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if s.Over {
		t.Fatal("a bot taking over ends the game")
	}
}

// Issue 13 ratings: a rated game between two accounts that ends (here on
// time) moves both ratings, the winner's up; the leaderboard lists them
// with the bots' fixed ratings.
func TestRatedGameChangesRatings(t *testing.T) {
	clock := &fakeClock{now: time.Date(2026, 11, 25, 6, 0, 0, 0, time.UTC)}
	ts := newTestServer(t, "", func(o *Options) {
		o.Now = clock.Now
		o.PasswordParams = &accounts.Params{Memory: 64, Time: 1, Threads: 1}
	})
	id := firstScenario(t)
	a, b := ts.browser(t), ts.browser(t)
	a.must(201, "POST", "/api/accounts", map[string]string{"name": "Alpha", "password": "first player"}, nil)
	b.must(201, "POST", "/api/accounts", map[string]string{"name": "Bravo", "password": "second player"}, nil)
	var c match.Created
	a.must(201, "POST", "/api/games", map[string]any{"scenario": id, "seats": map[string]string{"allies": "human", "axis": "human"}, "seed": 9,
		"open": []string{"axis"}, "rated": true, "clock": map[string]any{"mode": "realtime", "reserve": 60}}, &c)
	a.must(200, "POST", "/api/me/seats", map[string]string{"game": c.Game, "token": c.Tokens["allies"]}, nil)
	var s snap
	ts.must(200, "GET", "/api/games/"+c.Game, nil, &s)
	clock.Add(time.Hour) // no clock runs while the table waits
	ts.srv.Games().CheckClocks()
	var j match.Joined
	b.must(200, "POST", "/api/games/"+c.Game+"/join", map[string]string{}, &j)
	if ts.must(200, "GET", "/api/games/"+c.Game, nil, &s); s.Over {
		t.Fatal("the clock ran while the table waited")
	}
	loser := *s.ToAct
	clock.Add(61 * time.Second)
	ts.srv.Games().CheckClocks()
	var board struct {
		Players []AccountJSON `json:"players"`
		Bots    []BotRating   `json:"bots"`
	}
	deadline := time.Now().Add(10 * time.Second)
	for len(board.Players) < 2 && time.Now().Before(deadline) {
		ts.must(200, "GET", "/api/leaderboard", nil, &board)
		time.Sleep(20 * time.Millisecond)
	}
	if len(board.Players) != 2 || len(board.Bots) != 4 {
		t.Fatalf("leaderboard %+v", board)
	}
	winnerName := map[string]string{"allies": "Bravo", "axis": "Alpha"}[loser]
	w, l := board.Players[0], board.Players[1]
	if w.Name != winnerName || w.Rating <= 1500 || l.Rating >= 1500 || w.RatedGames != 1 || l.RatedGames != 1 || w.RD >= 350 {
		t.Fatalf("ratings %+v (winner should be %s)", board.Players, winnerName)
	}
}
