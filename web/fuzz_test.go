package web

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
)

// FuzzDecoders posts arbitrary bodies to the API's state-changing
// endpoints (docs/web-api.md; issue 14): the server never fails with an
// internal error, and every refusal is a JSON error with a code.
//
//	go test ./web -run '^$' -fuzz FuzzDecoders -fuzztime 30s
func FuzzDecoders(f *testing.F) {
	ts := newTestServer(f, "")
	c := ts.create(map[string]any{"scenario": firstScenario(f), "seats": map[string]string{"allies": "human", "axis": "human"}, "hotseat": true, "seed": 1})
	tok := c.Tokens["allies"]
	for _, s := range []struct {
		to   uint8
		body string
	}{
		{0, `{"scenario":"` + firstScenario(f) + `","seats":{"allies":"human","axis":"bot:easy"},"seed":9007199254740993}`},
		{0, `{"scenario":"x","seats":{"allies":"bot:"},"players":{"allies":3},"young":{"stage":9},"max_actions":-1}`},
		{1, `{"token":"` + tok + `","action":"play 1","version":0}`},
		{1, `{"token":"` + tok + `","action":"move 99,99 -1,-1","version":-5}`},
		{2, `{"token":"` + tok + `","version":0}`},
		{3, `{"game_info":{},"board":{"hexagons":[{"row":0,"col":0,"unit":{"name":"infus"}}]}}`},
		{1, `{"token":1}`}, {0, `[]`}, {1, `null`}, {2, `{"version":1}{}`},
	} {
		f.Add(s.to, []byte(s.body))
	}
	paths := []string{"/api/games", "/api/games/" + c.Game + "/actions", "/api/games/" + c.Game + "/undo", "/api/scenarios"}
	h := ts.srv.Handler()
	f.Fuzz(func(t *testing.T, to uint8, body []byte) {
		path := paths[int(to)%len(paths)]
		req := httptest.NewRequest("POST", path, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		if w.Code >= 500 {
			t.Fatalf("POST %s %q: %d %s", path, body, w.Code, w.Body)
		}
		if w.Code >= 400 {
			var e struct {
				Error struct {
					Code    string `json:"code"`
					Message string `json:"message"`
				} `json:"error"`
			}
			if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil || e.Error.Code == "" || e.Error.Message == "" {
				t.Fatalf("POST %s %q: %d, not a JSON error: %s", path, body, w.Code, w.Body)
			}
		}
		if w.Code != http.StatusOK && w.Code != http.StatusCreated && w.Code < 400 {
			t.Fatalf("POST %s: status %d", path, w.Code)
		}
	})
}
