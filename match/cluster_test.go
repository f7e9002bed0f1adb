package match

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"m44/library"
	"m44/store"
)

// fakeLeases is a Cluster's leases in memory, shared by the nodes of a
// test: a game is owned by the first node that asks until it is released
// (expire plays a lease running out).
type fakeLeases struct {
	mu    sync.Mutex
	owner map[string]string
}

type fakeNode struct {
	l    *fakeLeases
	name string
}

func (n *fakeNode) Node() string { return n.name }

func (n *fakeNode) Acquire(ctx context.Context, game string) (string, string, error) {
	n.l.mu.Lock()
	defer n.l.mu.Unlock()
	o := n.l.owner[game]
	if o == "" {
		o = n.name
		n.l.owner[game] = o
	}
	return o, "http://" + o, nil
}

func (n *fakeNode) Release(ctx context.Context, game string) error {
	n.l.mu.Lock()
	defer n.l.mu.Unlock()
	if n.l.owner[game] == n.name {
		delete(n.l.owner, game)
	}
	return nil
}

func (n *fakeNode) Leave(ctx context.Context) error {
	n.l.mu.Lock()
	defer n.l.mu.Unlock()
	for g, o := range n.l.owner {
		if o == n.name {
			delete(n.l.owner, g)
		}
	}
	return nil
}

func (n *fakeNode) Run(ctx context.Context, held func([]string, time.Time), orphan func(string), changed func(string, int), presence func(string, map[string][]string)) {
	<-ctx.Done()
}

func (n *fakeNode) Announce(ctx context.Context, games map[string][]string) error { return nil }

func (n *fakeNode) TTL() time.Duration { return time.Second }

func (n *fakeNode) Nodes(ctx context.Context) (map[string]string, error) {
	n.l.mu.Lock()
	defer n.l.mu.Unlock()
	out := map[string]string{}
	for _, o := range n.l.owner {
		if o != n.name {
			out[o] = "http://" + o
		}
	}
	return out, nil
}

func (l *fakeLeases) expire(game string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.owner, game)
}

// fencedStore refuses a node's appends to a game it does not own, as
// pgstore does under its leases.
type fencedStore struct {
	Store
	n *fakeNode
}

func (f fencedStore) Append(ctx context.Context, game string, a store.Action, over bool, winner string) error {
	f.n.l.mu.Lock()
	o := f.n.l.owner[game]
	f.n.l.mu.Unlock()
	if o != f.n.name {
		return store.ErrNotOwner
	}
	return f.Store.Append(ctx, game, a, over, winner)
}

// clusterManagers are two managers ("nodes" a and b) sharing one store.
func clusterManagers(t *testing.T, now ...func() time.Time) (a, b *Manager, l *fakeLeases) {
	t.Helper()
	st := testStore(t)
	l = &fakeLeases{owner: map[string]string{}}
	var lib []Builtin
	for _, e := range library.All() {
		lib = append(lib, Builtin{ID: e.ID, Note: e.Note, Subtitle: e.Subtitle, Data: e.Data})
	}
	node := func(name string) *Manager {
		n := &fakeNode{l: l, name: name}
		fs := fencedStore{Store: st, n: n}
		cat, err := NewCatalog(fs, lib)
		if err != nil {
			t.Fatal(err)
		}
		cfg := Config{Store: fs, Catalog: cat, Cluster: n, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
		if len(now) > 0 {
			cfg.Now = now[0]
		}
		g := NewManager(cfg)
		if err := g.Start(context.Background()); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(g.Close)
		return g
	}
	return node("a"), node("b"), l
}

// A game is owned by one node at a time: another node follows it (its
// copy catches up when told of a change and takes no decision), takes it
// over in place when the owner's lease runs out, and a former owner's
// decision is refused and makes its copy a follower (issue 14).
func TestClusterFollowTakeOver(t *testing.T) {
	ctx := context.Background()
	a, b, leases := clusterManagers(t)
	ma, tokens := humanGame(t, a, PerSide{1, 1}, 7)
	id := ma.ID()

	_, err := b.Get(ctx, id)
	var away *Elsewhere
	if !errors.As(err, &away) || away.Node != "a" || away.Addr != "http://a" {
		t.Fatalf("b.Get of a's game: %v", err)
	}
	mb, err := b.Follow(ctx, id)
	if err != nil || !mb.Following() {
		t.Fatalf("b.Follow: %v", err)
	}
	sub, err := mb.Subscribe("")
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Close()
	for i := range 6 {
		step(t, ma, tokens, i)
	}
	// Told of the change (NOTIFY), the follower catches up.
	b.otherChanged(id, ma.seq)
	select {
	case <-sub.C():
	default:
		t.Fatal("the follower's subscriber was not told")
	}
	if mb.Version() != ma.Version() || mb.Hash() != ma.Hash() {
		t.Fatalf("follower at %d %x, owner at %d %x", mb.Version(), mb.Hash(), ma.Version(), ma.Hash())
	}
	if u := sub.Update(0); u.Version != ma.Version() {
		t.Fatalf("subscriber's update at %d", u.Version)
	}
	// The follower takes no decision.
	snap, _ := mb.Snapshot(tokens["allies"], false)
	seat := *snap.ToAct
	legal := ma.State().Legal()
	if _, err := mb.Act(ctx, tokens[seat], legal[0].String(), mb.Version()); CodeOf(err) != CodeStale {
		t.Fatalf("an action on the follower: %v", err)
	}

	// a's lease runs out (a died): b finds the game orphaned and takes it
	// over, in place.
	leases.expire(id)
	b.takeOver(id)
	got, err := b.Get(ctx, id)
	if err != nil || got != mb || mb.Following() {
		t.Fatalf("takeover: %v (same copy %v, following %v)", err, got == mb, mb.Following())
	}
	// a, paused meanwhile, wakes up: its decision is refused, its copy now
	// follows.
	v := ma.Version()
	if _, err := ma.Act(ctx, tokens[seat], legal[0].String(), v); CodeOf(err) != CodeStale || !ma.Following() {
		t.Fatalf("the former owner's action: %v (following %v)", err, ma.Following())
	}
	if ma.Version() != v {
		t.Fatal("the refused action changed the former owner's copy")
	}
	// Play goes on at b; a's follower copy catches up.
	for i := 6; i < 10; i++ {
		step(t, mb, tokens, i)
	}
	a.otherChanged(id, 0)
	if ma.Version() != mb.Version() || ma.Hash() != mb.Hash() {
		t.Fatalf("a's copy at %d, b's at %d", ma.Version(), mb.Version())
	}
	// b's renewal finds the lease gone (taken meanwhile): its copy follows.
	b.leasesHeld(nil, time.Now().Add(time.Second))
	if !mb.Following() {
		t.Fatal("a copy whose lease was lost still owns the game")
	}
}

// An idle owned game leaves memory and its lease is released; an idle
// follower copy with no subscriber leaves memory too.
func TestClusterSweepReleases(t *testing.T) {
	ctx := context.Background()
	a, b, leases := clusterManagers(t)
	ma, _ := humanGame(t, a, PerSide{1, 1}, 3)
	id := ma.ID()
	if _, err := b.Follow(ctx, id); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(2 * DefaultIdleAfter)
	if n := a.Sweep(later); n != 1 {
		t.Fatalf("a unloaded %d games", n)
	}
	leases.mu.Lock()
	owner := leases.owner[id]
	leases.mu.Unlock()
	if owner != "" {
		t.Fatalf("lease still held by %q", owner)
	}
	if n := b.Sweep(later); n != 1 {
		t.Fatalf("b unloaded %d games", n)
	}
	// The next node asked takes the game (b asks the database again once
	// its forward to a failed, or after awayFor).
	b.Moved(id)
	m, err := b.Get(ctx, id)
	if err != nil || m.Following() {
		t.Fatalf("b.Get after the release: %v", err)
	}
}

// A game's clock runs on its owner only: a follower's check finds nothing
// to do, the owner's ends the turn, and the follower learns of it.
func TestClusterClockRunsOnTheOwner(t *testing.T) {
	ctx := context.Background()
	var mu sync.Mutex
	clock := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	now := func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		return clock
	}
	a, b, _ := clusterManagers(t, now)
	c, err := a.Create(ctx, CreateRequest{Scenario: library.All()[0].ID, Seats: map[string]string{"allies": "human", "axis": "human"},
		Clock: &Clock{Mode: "turn", PerMove: MinPerMove, OnTimeout: "lose"}})
	if err != nil {
		t.Fatal(err)
	}
	ma, _ := a.Get(ctx, c.Game)
	mb, err := b.Follow(ctx, c.Game)
	if err != nil || !mb.Following() {
		t.Fatalf("follow: %v", err)
	}
	mu.Lock()
	clock = clock.Add(2 * MinPerMove * time.Second)
	mu.Unlock()
	v := mb.Version()
	b.CheckClocks()
	if mb.Version() != v || mb.Over() {
		t.Fatal("the follower ran the clock")
	}
	a.CheckClocks()
	if !ma.Over() {
		t.Fatal("the owner's clock did not end the game")
	}
	b.otherChanged(c.Game, 0)
	if !mb.Over() || mb.Version() != ma.Version() {
		t.Fatalf("the follower at %d (over %v), the owner at %d", mb.Version(), mb.Over(), ma.Version())
	}
}
