package web

import (
	"math/rand/v2"
	"testing"
	"time"

	"m44/match"
)

type twoWaysReply struct {
	TwoWays *TwoWays `json:"two_ways"`
}

// Issue 13 "Two ways" (as Board Game Arena offers): the scenario is played
// twice, sides swapped: when the first game ends the second starts, where
// the player's token of the first holds the other side (a bot's seat
// swaps too); each player's medals of both games are added.
func TestTwoWays(t *testing.T) {
	ts := newTestServer(t, "")
	id := firstScenario(t)
	c := ts.create(map[string]any{"scenario": id, "seats": map[string]string{"allies": "human", "axis": "bot:easy"}, "seed": 11, "two_ways": true})
	tok := c.Tokens["allies"]
	var tw twoWaysReply
	ts.must(200, "GET", "/api/games/"+c.Game+"/two-ways", nil, &tw)
	if tw.TwoWays == nil || len(tw.TwoWays.Legs) != 1 || tw.TwoWays.Over {
		t.Fatalf("before the first game ends: %+v", tw.TwoWays)
	}
	r := rand.New(rand.NewPCG(5, 6))
	if s := ts.playRandom(c.Game, map[string]string{"allies": tok}, r, 5000); !s.Over {
		t.Fatal("the first game did not end")
	}
	second := match.SecondLegID(c.Game)
	var s snap
	deadline := time.Now().Add(10 * time.Second)
	for {
		code, _ := ts.call("GET", "/api/games/"+second+"?token="+tok, nil, &s)
		if code == 200 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no second game")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if s.Seat == nil || *s.Seat != "axis" {
		t.Fatalf("the first game's Allies token in the second: seat %v", s.Seat)
	}
	kinds := map[string]string{}
	for _, st := range s.Seats {
		kinds[st.Seat] = st.Kind
	}
	if kinds["allies"] != "bot:easy" || kinds["axis"] != "human" {
		t.Fatalf("second game's seats %v", kinds)
	}
	if end := ts.playRandom(second, map[string]string{"axis": tok}, r, 5000); !end.Over {
		t.Fatal("the second game did not end")
	}
	tw = twoWaysReply{}
	ts.must(200, "GET", "/api/games/"+second+"/two-ways", nil, &tw)
	p := tw.TwoWays
	if p == nil || len(p.Legs) != 2 || !p.Over || p.Legs[0].Game != c.Game || p.Legs[1].Game != second {
		t.Fatalf("two ways %+v", p)
	}
	l1, l2 := p.Legs[0].Medals, p.Legs[1].Medals
	if p.Players[0].Seat != "allies" || p.Players[0].Medals != l1["allies"]+l2["axis"] || p.Players[1].Medals != l1["axis"]+l2["allies"] {
		t.Fatalf("players %+v from legs %v %v", p.Players, l1, l2)
	}
	if l1["allies"]+l1["axis"] == 0 || l2["allies"]+l2["axis"] == 0 {
		t.Fatalf("games without medals: %v %v", l1, l2)
	}
	want := ""
	if a, b := p.Players[0].Medals, p.Players[1].Medals; a > b {
		want = "allies"
	} else if b > a {
		want = "axis"
	}
	if p.Leader != want {
		t.Fatalf("leader %q, want %q", p.Leader, want)
	}
	// A game not played two ways says so.
	plain := ts.create(map[string]any{"scenario": id, "seats": map[string]string{"allies": "human", "axis": "human"}})
	tw = twoWaysReply{}
	ts.must(200, "GET", "/api/games/"+plain.Game+"/two-ways", nil, &tw)
	if tw.TwoWays != nil {
		t.Fatalf("a plain game: %+v", tw.TwoWays)
	}
}
