package web

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"testing"

	"m44/match"
)

// benchGame is one hot-seat game a benchmark plays through the handler.
type benchGame struct {
	c    match.Created
	seat string
	seen int // the version last read
}

// benchPlayer plays hot-seat games through the server's handler, in the
// process (no sockets): what one action costs the server, a GET of the
// acting seat's snapshot (gzip, as browsers and the load client ask) and
// the POST of one of its legal actions, as `m44 load` does.
type benchPlayer struct {
	b   *testing.B
	ts  *testServer
	h   http.Handler
	r   *rand.Rand
	new func() benchGame
	// since: read only the log's entries since the version last read
	// (?since=N), as the load client does.
	since bool
}

func (p *benchPlayer) do(method, path string, body []byte, gz bool) (int, []byte) {
	var rd *bytes.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	} else {
		rd = bytes.NewReader(nil)
	}
	req := httptest.NewRequest(method, path, rd)
	req.RemoteAddr = "127.0.0.1:1234"
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if gz {
		req.Header.Set("Accept-Encoding", "gzip")
	}
	w := httptest.NewRecorder()
	p.h.ServeHTTP(w, req)
	return w.Code, w.Body.Bytes()
}

// step reads g's snapshot and plays one random legal action; it reports
// false when the game is over.
func (p *benchPlayer) step(g *benchGame) bool {
	path := "/api/games/" + g.c.Game + "?token=" + g.c.Tokens[g.seat]
	if p.since {
		path += fmt.Sprintf("&since=%d", g.seen)
	}
	code, raw := p.do("GET", path, nil, true)
	if code != 200 {
		p.b.Fatalf("GET: %d %s", code, raw)
	}
	raw = gunzip(p.b, raw)
	var s struct {
		Version  int     `json:"version"`
		Over     bool    `json:"over"`
		ToAct    *string `json:"to_act"`
		YourTurn bool    `json:"your_turn"`
		Legal    []struct {
			Action string `json:"action"`
		} `json:"legal"`
	}
	if err := json.Unmarshal(raw, &s); err != nil {
		p.b.Fatal(err)
	}
	g.seen = s.Version
	if s.Over || s.ToAct == nil {
		return false
	}
	if !s.YourTurn {
		g.seat = *s.ToAct
		return p.step(g)
	}
	a := s.Legal[p.r.IntN(len(s.Legal))].Action
	body := fmt.Appendf(nil, `{"token":%q,"action":%q,"version":%d}`, g.c.Tokens[g.seat], a, s.Version)
	if code, raw := p.do("POST", "/api/games/"+g.c.Game+"/actions", body, false); code != 200 {
		p.b.Fatalf("POST %s: %d %s", a, code, raw)
	}
	return true
}

// BenchmarkAction is one player's action through the API, over 16 games
// played in turn on an SQLite file: GET the snapshot, POST the action.
func BenchmarkAction(b *testing.B) { benchAction(b, false) }

// BenchmarkActionSince is BenchmarkAction reading only the log's new
// entries (?since=N), as m44 load does.
func BenchmarkActionSince(b *testing.B) { benchAction(b, true) }

func benchAction(b *testing.B, since bool) {
	ts := newTestServer(b, "")
	p := &benchPlayer{b: b, ts: ts, h: ts.srv.Handler(), r: rand.New(rand.NewPCG(1, 2)), since: since}
	seed, scenario := 0, Library()[0].ID
	newGame := func() benchGame {
		seed++
		return benchGame{c: ts.create(map[string]any{"scenario": scenario, "seed": seed, "hotseat": true,
			"seats": map[string]string{"allies": "human", "axis": "human"}}), seat: "allies"}
	}
	games := make([]benchGame, 16)
	for i := range games {
		games[i] = newGame()
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		g := &games[i%len(games)]
		if !p.step(g) {
			*g = newGame()
		}
	}
}

func gunzip(tb testing.TB, raw []byte) []byte {
	if len(raw) < 2 || raw[0] != 0x1f || raw[1] != 0x8b {
		return raw
	}
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		tb.Fatal(err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		tb.Fatal(err)
	}
	return out
}
