package web

import (
	"strings"
	"testing"
)

// Issue 14 "Observability": /healthz, /readyz and /metrics answer; an
// action shows in the action counter and the store's timings; the games
// held and the sockets open are gauges.
func TestMetricsAndProbes(t *testing.T) {
	ts := newTestServer(t, "")
	ts.must(200, "GET", "/healthz", nil, nil)
	ts.must(200, "GET", "/readyz", nil, nil)
	c := ts.create(map[string]any{"scenario": firstScenario(t), "seats": map[string]string{"allies": "human", "axis": "human"}, "hotseat": true})
	pub, _ := ts.snapshot(c.Game, "")
	s, _ := ts.snapshot(c.Game, c.Tokens[*pub.ToAct])
	if code, raw := ts.act(c.Game, c.Tokens[*pub.ToAct], s.Legal[0].Action, s.Version); code != 200 {
		t.Fatalf("act: %d %s", code, raw)
	}
	ts.act(c.Game, c.Tokens[*pub.ToAct], "nonsense", 0)
	w := ts.dial(c.Game, "", -1)
	w.waitVersion(t, 0)
	body := string(ts.must(200, "GET", "/metrics", nil, nil))
	for _, want := range []string{
		`m44_actions_total{result="ok"} 1`,
		`m44_actions_total{result="stale"} 1`,
		"m44_games_live 1",
		"m44_websockets 1",
		`m44_store_duration_seconds_count{op="append"} 1`,
		`m44_http_requests_total{code="201",route="POST /api/games"} 1`,
		`m44_action_duration_seconds_count 2`,
		"go_goroutines",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
	// readyz fails once the server shuts down; healthz still answers.
	ts.srv.Close()
	ts.must(503, "GET", "/readyz", nil, nil)
	ts.must(200, "GET", "/healthz", nil, nil)
}
