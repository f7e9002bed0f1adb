package web

import (
	"strings"
	"testing"
	"time"
)

type chatReply struct {
	Messages []ChatMessage `json:"messages"`
	Quick    []string      `json:"quick"`
}

// Issue 13 "Chat": the players' channel is the seats' alone, the
// spectators' their own; length limits, quick messages by key, text kept
// as text (the client shows it with textContent), a burst limit, and a
// long poll that wakes at the next message.
func TestChat(t *testing.T) {
	ts, clock := accountServer(t)
	id := firstScenario(t)
	c := ts.create(map[string]any{"scenario": id, "seats": map[string]string{"allies": "human", "axis": "human"}, "seed": 4})
	path := "/api/games/" + c.Game + "/chat"
	post := func(body map[string]any) (int, []byte) { return ts.call("POST", path, body, nil) }
	if code, raw := post(map[string]any{"token": c.Tokens["allies"], "channel": "players", "text": "  <script>alert(1)</script>\u0007 hi  "}); code != 200 {
		t.Fatalf("post: %d %s", code, raw)
	}
	if code, raw := post(map[string]any{"token": c.Tokens["axis"], "channel": "players", "quick": "good-luck"}); code != 200 {
		t.Fatalf("quick: %d %s", code, raw)
	}
	for _, tc := range []struct {
		body map[string]any
		code int
	}{
		{map[string]any{"channel": "players", "text": "I am no player"}, 403},
		{map[string]any{"token": c.Tokens["allies"], "channel": "spectators", "text": "players write to players"}, 403},
		{map[string]any{"token": c.Tokens["allies"], "channel": "lobby", "text": "x"}, 400},
		{map[string]any{"token": c.Tokens["allies"], "channel": "players", "text": "   "}, 400},
		{map[string]any{"token": c.Tokens["allies"], "channel": "players", "text": strings.Repeat("é", MaxChat+1)}, 413},
		{map[string]any{"token": c.Tokens["allies"], "channel": "players", "quick": "you-lose"}, 400},
		{map[string]any{"token": c.Tokens["allies"], "channel": "players", "quick": "thanks", "text": "both"}, 400},
	} {
		if code, raw := post(tc.body); code != tc.code {
			t.Errorf("%v: %d %s, want %d", tc.body, code, raw, tc.code)
		}
	}
	var got chatReply
	ts.must(200, "GET", path+"?channel=players&token="+c.Tokens["axis"], nil, &got)
	if len(got.Messages) != 2 || got.Messages[0].Text != "<script>alert(1)</script> hi" || got.Messages[0].Seat != "allies" ||
		got.Messages[0].From != "allies" || got.Messages[1].Quick != "good-luck" || got.Messages[1].N != 2 || len(got.Quick) == 0 {
		t.Fatalf("players' chat %+v", got)
	}
	if code, _ := ts.call("GET", path+"?channel=players", nil, nil); code != 403 {
		t.Fatalf("a spectator reads the players' chat: %d", code)
	}
	got = chatReply{}
	ts.must(200, "GET", path+"?channel=players&since=1&token="+c.Tokens["allies"], nil, &got)
	if len(got.Messages) != 1 || got.Messages[0].N != 2 {
		t.Fatalf("since 1: %+v", got.Messages)
	}
	// Spectators: their own channel, which the players may read.
	if code, raw := post(map[string]any{"channel": "spectators", "text": "nice flank"}); code != 200 {
		t.Fatalf("spectator: %d %s", code, raw)
	}
	got = chatReply{}
	ts.must(200, "GET", path+"?channel=spectators&token="+c.Tokens["allies"], nil, &got)
	if len(got.Messages) != 1 || got.Messages[0].From != "spectator" || got.Messages[0].Seat != "" {
		t.Fatalf("spectators' chat %+v", got.Messages)
	}
	// A long poll wakes at the next message.
	done := make(chan chatReply)
	go func() {
		var r chatReply
		ts.must(200, "GET", path+"?channel=spectators&since=1&wait=10", nil, &r)
		done <- r
	}()
	time.Sleep(100 * time.Millisecond)
	post(map[string]any{"channel": "spectators", "quick": "hello"})
	select {
	case r := <-done:
		if len(r.Messages) != 1 || r.Messages[0].Quick != "hello" {
			t.Fatalf("long poll: %+v", r.Messages)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the long poll did not wake")
	}
	// The chat is stored with the game: a restart keeps it.
	ts.close()
	ts2 := newTestServer(t, ts.db, func(o *Options) { o.Now = clock.Now })
	got = chatReply{}
	ts2.must(200, "GET", path+"?channel=players&token="+c.Tokens["allies"], nil, &got)
	if len(got.Messages) != 2 || got.Messages[0].Text != "<script>alert(1)</script> hi" || got.Messages[1].Quick != "good-luck" {
		t.Fatalf("players' chat after a restart: %+v", got.Messages)
	}
	ts = ts2
	post = func(body map[string]any) (int, []byte) { return ts.call("POST", path, body, nil) }
	if code, raw := post(map[string]any{"token": c.Tokens["allies"], "channel": "players", "text": "still here"}); code != 200 || !strings.Contains(string(raw), `"n":3`) {
		t.Fatalf("numbering after a restart: %d %s", code, raw)
	}
	// Five messages in ten seconds, then wait.
	for i := 0; i < 5; i++ { // the limit is the server's: the restart forgot the earlier ones
		post(map[string]any{"token": c.Tokens["axis"], "channel": "players", "text": "spam"})
	}
	if code, raw := post(map[string]any{"token": c.Tokens["axis"], "channel": "players", "text": "spam"}); code != 429 {
		t.Fatalf("6th message in the window: %d %s", code, raw)
	}
	clock.Add(11 * time.Second)
	if code, _ := post(map[string]any{"token": c.Tokens["axis"], "channel": "players", "text": "later"}); code != 200 {
		t.Fatalf("after the window: %d", code)
	}
}
