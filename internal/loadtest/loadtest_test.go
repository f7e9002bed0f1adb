package loadtest

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"math"
	"math/rand/v2"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"m44/store"
	"m44/web"
)

// The load client plays games through the public API and measures them.
func TestRunPlays(t *testing.T) {
	st, err := store.Open(filepath.Join(t.TempDir(), "m44.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	srv, err := web.New(context.Background(), web.Options{Store: st, Library: web.Library(),
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Limits: &web.Limits{}})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	defer srv.Close()
	// Snapshots and POSTs; WebSockets and POSTs; WebSockets carrying the
	// actions.
	for _, c := range []struct{ ws, post bool }{{false, true}, {true, true}, {true, false}} {
		ws := c.ws
		var lat bytes.Buffer
		r, err := Run(context.Background(), Config{URL: hs.URL, Scenario: web.Library()[0].ID, Games: 3, Duration: time.Second, Seed: 1,
			WebSocket: ws, WSPost: c.post, LatencyLog: &lat, Warmup: 100 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		// The latency log: a line per action, in time order, within the
		// run, its latencies those measured.
		lines := strings.Split(strings.TrimSuffix(lat.String(), "\n"), "\n")
		prev, most, late := 0.0, 0.0, 0
		for _, l := range lines {
			var at, ms float64
			if _, err := fmt.Sscanf(l, "%f %f", &at, &ms); err != nil || at < prev || at > 2 || ms <= 0 {
				t.Fatalf("ws %v post %v: latency log line %q (after %v)", ws, c.post, l, prev)
			}
			prev, most = at, max(most, ms)
			if at >= 0.1 {
				late++
			}
		}
		// After the warm-up: the actions answered after its 100 ms (the
		// log's, give or take one at the boundary, its times rounded);
		// none if the games all ended before.
		if st := r.Steady; r.Elapsed <= 100*time.Millisecond && st != nil || r.Elapsed > 100*time.Millisecond && st == nil {
			t.Fatalf("ws %v post %v: a run of %v, steady %v", ws, c.post, r.Elapsed, st)
		} else if st != nil && (st.Actions < late-1 || st.Actions > late+1 || st.Actions >= r.Actions || st.Max > r.Max ||
			st.Elapsed != r.Elapsed-100*time.Millisecond || !strings.Contains(r.String(), "after the first 100ms")) {
			t.Fatalf("ws %v post %v: %d answered after the warm-up, %s", ws, c.post, late, r)
		}
		if len(lines) != r.Actions || math.Abs(most-float64(r.Max)/float64(time.Millisecond)) > 0.001 {
			t.Fatalf("ws %v post %v: %d lines, max %v ms, for %s", ws, c.post, len(lines), most, r)
		}
		if r.Actions == 0 || r.Errors != 0 || r.PerSecond <= 0 || r.P50 <= 0 || r.Max < r.P99 || r.P99 < r.P50 {
			t.Fatalf("ws %v post %v: %s", ws, c.post, r)
		}
		// Over WebSockets: a whole update per socket, then deltas (a few
		// kilobytes, where a whole update is tens).
		if ws && (r.WSMessages < r.Actions || r.WSBytes/r.WSMessages > 10000) {
			t.Fatalf("ws: %s", r)
		}
		t.Log(r)
	}
}

// Pauses are --think each, or spread uniformly over think×(1±spread)
// with their mean at think.
func TestThinkSpread(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	p := &player{cfg: Config{Think: 200 * time.Millisecond}}
	if tr := p.thinkRand(r); tr != nil || p.pause(tr) != 200*time.Millisecond {
		t.Fatalf("no spread: %v", p.pause(tr))
	}
	p.cfg.ThinkSpread = 0.5
	tr := p.thinkRand(r)
	var sum time.Duration
	lo, hi := time.Hour, time.Duration(0)
	const n = 20000
	for range n {
		d := p.pause(tr)
		sum += d
		lo, hi = min(lo, d), max(hi, d)
	}
	if lo < 100*time.Millisecond || hi > 300*time.Millisecond || lo > 102*time.Millisecond || hi < 298*time.Millisecond {
		t.Fatalf("pauses from %v to %v, want 100ms to 300ms", lo, hi)
	}
	if mean := sum / n; mean < 198*time.Millisecond || mean > 202*time.Millisecond {
		t.Fatalf("mean pause %v, want 200ms", mean)
	}
}
