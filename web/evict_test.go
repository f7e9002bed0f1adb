package web

import (
	"math/rand/v2"
	"testing"
	"time"

	"m44/match"
)

// Issue 14 "memory bounded": a game no one asks for leaves memory after
// IdleAfter (a finished one after a tenth of it), one with a follower
// stays, and an unloaded game is reloaded on demand exactly as it was.
func TestIdleGamesLeaveMemory(t *testing.T) {
	now := time.Now()
	ts := newTestServer(t, "", func(o *Options) {
		o.Limits = &Limits{IdleAfter: 10 * time.Minute}
	})
	g := ts.srv.Games()
	req := map[string]any{"scenario": firstScenario(t), "seats": map[string]string{"allies": "human", "axis": "human"}, "hotseat": true, "seed": 4}
	a, b := ts.create(req), ts.create(req)
	ts.playRandom(a.Game, a.Tokens, rand.New(rand.NewPCG(4, 0)), 5)
	before, _ := ts.snapshot(a.Game, a.Tokens["allies"])
	w := ts.dial(b.Game, "", -1) // b has a follower
	w.waitVersion(t, 0)
	if n := g.Sweep(now.Add(5 * time.Minute)); n != 0 {
		t.Fatalf("%d games unloaded after 5 minutes, want 0", n)
	}
	held, err := g.Get(t.Context(), a.Game)
	if err != nil {
		t.Fatal(err)
	}
	if n := g.Sweep(now.Add(11 * time.Minute)); n != 1 || g.Loaded() != 1 {
		t.Fatalf("after 11 minutes: %d unloaded, %d loaded; want 1 and 1 (the followed game stays)", n, g.Loaded())
	}
	// A request that held the unloaded copy is told to read again.
	if _, err := held.Act(t.Context(), a.Tokens["allies"], "end-orders", before.Version); match.CodeOf(err) != match.CodeStale {
		t.Fatalf("act on an unloaded copy: %v, want stale", err)
	}
	after, _ := ts.snapshot(a.Game, a.Tokens["allies"])
	if after.Version != before.Version || g.Loaded() != 2 {
		t.Fatalf("reloaded at version %d, was %d; %d loaded", after.Version, before.Version, g.Loaded())
	}
	// The reloaded game plays on.
	ts.playRandom(a.Game, a.Tokens, rand.New(rand.NewPCG(5, 0)), 2)
}
