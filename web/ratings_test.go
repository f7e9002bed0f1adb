package web

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"m44/accounts"
	"m44/match"
	"m44/store"
)

// lostRatings is a store whose ratings are never written: the server
// stopping between a game's end and its ratings.
type lostRatings struct{ match.Store }

func (lostRatings) SetRatings(context.Context, string, map[string]store.Rating) error {
	return errors.New("the server stopped")
}

type board struct {
	Players []AccountJSON `json:"players"`
	Bots    []BotRating   `json:"bots"`
}

// Issue 13 "ratings robust at game end": a rated game ends, the server
// stops before the ratings are stored (here the store refuses them); the
// game's ratings stay pending in the store, and the next start rates it
// once: both ratings move, and a further restart does not count it again.
func TestRatingsSurviveAStopAtTheGameEnd(t *testing.T) {
	clock := &fakeClock{now: time.Date(2026, 11, 25, 6, 0, 0, 0, time.UTC)}
	opts := func(o *Options) {
		o.Now = clock.Now
		o.PasswordParams = &accounts.Params{Memory: 64, Time: 1, Threads: 1}
	}
	ts := newTestServer(t, "", opts, func(o *Options) { o.Store = lostRatings{o.Store} })
	id := firstScenario(t)
	a, b := ts.browser(t), ts.browser(t)
	a.must(201, "POST", "/api/accounts", map[string]string{"name": "Alpha", "password": "first player"}, nil)
	b.must(201, "POST", "/api/accounts", map[string]string{"name": "Bravo", "password": "second player"}, nil)
	var c match.Created
	a.must(201, "POST", "/api/games", map[string]any{"scenario": id, "seats": map[string]string{"allies": "human", "axis": "human"}, "seed": 9,
		"open": []string{"axis"}, "rated": true, "clock": map[string]any{"mode": "realtime", "reserve": 60}}, &c)
	a.must(200, "POST", "/api/me/seats", map[string]string{"game": c.Game, "token": c.Tokens["allies"]}, nil)
	b.must(200, "POST", "/api/games/"+c.Game+"/join", map[string]string{}, nil)
	var s snap
	ts.must(200, "GET", "/api/games/"+c.Game, nil, &s)
	loser := *s.ToAct
	clock.Add(61 * time.Second)
	ts.srv.Games().CheckClocks()
	if ts.must(200, "GET", "/api/games/"+c.Game, nil, &s); !s.Over {
		t.Fatal("the game did not end on time")
	}
	ts.close() // waits for the game's end to be followed (its ratings refused)

	st, err := store.Open(ts.db)
	if err != nil {
		t.Fatal(err)
	}
	ids, err := st.PendingRatings(context.Background())
	top, _ := st.TopAccounts(context.Background(), 10)
	st.Close()
	if err != nil || !slices.Equal(ids, []string{c.Game}) || len(top) != 0 {
		t.Fatalf("after the stop: pending %v (%v), rated accounts %+v; want the game pending and no one rated", ids, err, top)
	}

	winnerName := map[string]string{"allies": "Bravo", "axis": "Alpha"}[loser]
	var first board
	for restart := range 2 {
		ts = newTestServer(t, ts.db, opts)
		var lb board
		ts.must(200, "GET", "/api/leaderboard", nil, &lb)
		if len(lb.Players) != 2 || lb.Players[0].Name != winnerName || lb.Players[0].Rating <= 1500 || lb.Players[1].Rating >= 1500 ||
			lb.Players[0].RatedGames != 1 || lb.Players[1].RatedGames != 1 {
			t.Fatalf("restart %d: leaderboard %+v, want %s up and the other down, one game each", restart+1, lb.Players, winnerName)
		}
		if restart == 0 {
			first = lb
		} else if !slices.Equal(lb.Players, first.Players) {
			t.Fatalf("a second restart changed the ratings: %+v then %+v", first.Players, lb.Players)
		}
		ts.close()
	}
}

// Issue 13 "team games and ratings": Glicko-2 rates one player against
// another, so a team game cannot be created rated (the lobby says team
// games are unrated); the same table unrated is fine.
func TestTeamGamesAreNotRated(t *testing.T) {
	ts := newTestServer(t, "")
	id := firstScenario(t)
	req := map[string]any{"scenario": id, "players": map[string]int{"allies": 2, "axis": 1}, "rated": true,
		"seats": map[string]string{"allies-1": "human", "allies-2": "human", "axis": "human"}}
	if code, raw := ts.call("POST", "/api/games", req, nil); code != 400 || errCode(raw) != "bad_request" {
		t.Fatalf("a rated team game: %d %s", code, raw)
	}
	req["rated"] = false
	ts.must(201, "POST", "/api/games", req, nil)
}
