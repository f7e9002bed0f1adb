package pgstore_test

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"m44/store"
	"m44/store/pgstore"
	"m44/store/pgstore/pgtest"
)

// twoNodes opens the same fresh database twice, as nodes a and b with
// leases of ttl.
func twoNodes(t *testing.T, ttl time.Duration) (sa, sb *pgstore.Store, a, b *pgstore.Cluster) {
	t.Helper()
	db := pgtest.URL(t)
	ctx := context.Background()
	var err error
	if sa, err = pgstore.Open(ctx, db); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sa.Close() })
	if sb, err = pgstore.Open(ctx, db); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sb.Close() })
	if a, err = sa.Join(ctx, "a", "http://a:1", ttl); err != nil {
		t.Fatal(err)
	}
	if b, err = sb.Join(ctx, "b", "http://b:2", ttl); err != nil {
		t.Fatal(err)
	}
	return sa, sb, a, b
}

func newGame(t *testing.T, s *pgstore.Store, id string) {
	t.Helper()
	err := s.CreateGame(context.Background(), store.Game{ID: id, ScenarioID: "x", Scenario: []byte("{}"), Settings: []byte("{}"),
		Seats: []store.Seat{{Seat: "allies", Kind: "human"}, {Seat: "axis", Kind: "human"}}})
	if err != nil {
		t.Fatal(err)
	}
}

func act(seq int) store.Action {
	return store.Action{Seq: seq, Seat: "allies", Action: "end", Version: seq}
}

// A game's lease: one owner at a time, taken over once it expires; the
// log is written only by the lease's holder (fencing).
func TestLeases(t *testing.T) {
	ctx := context.Background()
	sa, sb, a, b := twoNodes(t, 400*time.Millisecond)
	if a.Secret() == "" || a.Secret() != b.Secret() {
		t.Fatalf("secrets %q and %q: want one shared secret", a.Secret(), b.Secret())
	}
	newGame(t, sa, "g1")
	if _, _, err := a.Acquire(ctx, "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("lease of no game: %v", err)
	}
	// Without a lease, no node writes the log.
	if err := sa.Append(ctx, "g1", act(1), false, ""); !errors.Is(err, store.ErrNotOwner) {
		t.Fatalf("append without a lease: %v", err)
	}
	for _, c := range []*pgstore.Cluster{a, b} {
		node, addr, err := c.Acquire(ctx, "g1")
		if err != nil || node != "a" || addr != "http://a:1" {
			t.Fatalf("%s: acquire: %s %s %v, want a's", c.Node(), node, addr, err)
		}
	}
	if err := sa.Append(ctx, "g1", act(1), false, ""); err != nil {
		t.Fatal(err)
	}
	if err := sb.Append(ctx, "g1", act(2), false, ""); !errors.Is(err, store.ErrNotOwner) {
		t.Fatalf("append by a node without the lease: %v", err)
	}
	// a renews: b cannot take it, however long it waits.
	for range 3 {
		time.Sleep(200 * time.Millisecond)
		if games, err := a.Renew(ctx); err != nil || !slices.Equal(games, []string{"g1"}) {
			t.Fatalf("renew: %v %v", games, err)
		}
		if node, _, _ := b.Acquire(ctx, "g1"); node != "a" {
			t.Fatalf("b took a renewed lease")
		}
	}
	// a stops renewing (it died): once the lease expires, b sees the game
	// orphaned and takes it; a may no longer write.
	if o, _ := b.Orphans(ctx); len(o) != 0 {
		t.Fatalf("orphans before expiry: %v", o)
	}
	time.Sleep(500 * time.Millisecond)
	if o, err := b.Orphans(ctx); err != nil || !slices.Equal(o, []string{"g1"}) {
		t.Fatalf("orphans: %v %v", o, err)
	}
	if o, _ := a.Orphans(ctx); len(o) != 0 {
		t.Fatalf("a's own expired lease listed as an orphan for a: %v", o)
	}
	if node, _, err := b.Acquire(ctx, "g1"); node != "b" || err != nil {
		t.Fatalf("takeover: %s %v", node, err)
	}
	// b holds a lease now: a sees it among the live nodes.
	if nodes, err := a.Nodes(ctx); err != nil || len(nodes) != 1 || nodes["b"] != "http://b:2" {
		t.Fatalf("a's view of the nodes: %v %v", nodes, err)
	}
	if nodes, _ := b.Nodes(ctx); len(nodes) != 0 {
		t.Fatalf("b's view of the nodes: %v (a holds no live lease)", nodes)
	}
	if err := sa.Append(ctx, "g1", act(2), false, ""); !errors.Is(err, store.ErrNotOwner) {
		t.Fatalf("append by the former owner: %v", err)
	}
	if games, _ := a.Renew(ctx); len(games) != 0 {
		t.Fatalf("a still renews %v", games)
	}
	if err := sb.Append(ctx, "g1", act(2), true, "axis"); err != nil {
		t.Fatal(err)
	}
	_, acts, _ := sb.Game(ctx, "g1")
	if len(acts) != 2 {
		t.Fatalf("log %+v", acts)
	}
	// A finished game is no orphan.
	time.Sleep(500 * time.Millisecond)
	if o, _ := a.Orphans(ctx); len(o) != 0 {
		t.Fatalf("a finished game listed as orphan: %v", o)
	}
	// Release and Leave hand games over at once.
	newGame(t, sa, "g2")
	if node, _, _ := b.Acquire(ctx, "g2"); node != "b" {
		t.Fatal("b did not get a free game")
	}
	if err := b.Release(ctx, "g2"); err != nil {
		t.Fatal(err)
	}
	if node, _, _ := a.Acquire(ctx, "g2"); node != "a" {
		t.Fatal("a did not get a released game")
	}
	if err := a.Leave(ctx); err != nil {
		t.Fatal(err)
	}
	if node, _, _ := b.Acquire(ctx, "g2"); node != "b" {
		t.Fatal("b did not get the game of a node that left")
	}
}

// The nodes hear of each other's changes (NOTIFY), not of their own, and
// of each other's presence announces (which are no game's change).
func TestClusterNotifies(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	sa, sb, a, b := twoNodes(t, 300*time.Millisecond)
	newGame(t, sa, "g1")
	var mu sync.Mutex
	heard := map[string][]string{}
	var held []string
	type announce struct {
		node  string
		games map[string][]string
	}
	pres := map[string][]announce{}
	var wg sync.WaitGroup
	for _, c := range []*pgstore.Cluster{a, b} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.Run(ctx, func(games []string, at time.Time) {
				if c == a {
					mu.Lock()
					held = games
					mu.Unlock()
				}
			}, func(string) {}, func(game string, seq int) {
				mu.Lock()
				heard[c.Node()] = append(heard[c.Node()], game)
				mu.Unlock()
			}, func(node string, games map[string][]string) {
				mu.Lock()
				pres[c.Node()] = append(pres[c.Node()], announce{node, games})
				mu.Unlock()
			})
		}()
	}
	defer func() { cancel(); wg.Wait() }()
	// Each node says "" once it listens.
	for end := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		mu.Lock()
		a0, b0 := slices.Equal(heard["a"], []string{""}), slices.Equal(heard["b"], []string{""})
		mu.Unlock()
		if a0 && b0 {
			break
		}
		if time.Now().After(end) {
			t.Fatalf("not listening: %q", heard)
		}
	}
	mu.Lock()
	heard = map[string][]string{}
	mu.Unlock()
	if _, _, err := a.Acquire(ctx, "g1"); err != nil {
		t.Fatal(err)
	}
	if err := sa.Append(ctx, "g1", act(1), false, ""); err != nil {
		t.Fatal(err)
	}
	if err := sa.SetClock(ctx, "g1", "{}"); err != nil {
		t.Fatal(err)
	}
	end := time.Now().Add(5 * time.Second)
	for {
		mu.Lock()
		got, own, h := slices.Clone(heard["b"]), len(heard["a"]), slices.Clone(held)
		mu.Unlock()
		if slices.Equal(got, []string{"g1", "g1"}) && slices.Equal(h, []string{"g1"}) {
			if own != 0 {
				t.Fatalf("a heard its own changes")
			}
			break
		}
		if time.Now().After(end) {
			t.Fatalf("b heard %v, a's renewals held %v", got, h)
		}
		time.Sleep(20 * time.Millisecond)
	}
	_ = sb

	// Presence: a game's seats connected on a (none for g2), then none of
	// any game (a stops).
	mu.Lock()
	heard = map[string][]string{}
	mu.Unlock()
	if err := a.Announce(ctx, map[string][]string{"g1": {"axis", "allies"}, "g2": {}}); err != nil {
		t.Fatal(err)
	}
	if err := a.Announce(ctx, nil); err != nil {
		t.Fatal(err)
	}
	for end := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		mu.Lock()
		got, own, changes := slices.Clone(pres["b"]), len(pres["a"]), len(heard["b"])
		mu.Unlock()
		if len(got) == 2 {
			if own != 0 || changes != 0 {
				t.Fatalf("a heard its own announces (%d), or b took them for changes (%d)", own, changes)
			}
			want := map[string][]string{"g1": {"axis", "allies"}, "g2": nil}
			if got[0].node != "a" || len(got[0].games) != 2 || !slices.Equal(got[0].games["g1"], want["g1"]) || got[0].games["g2"] != nil {
				t.Fatalf("b heard %+v, want a's %v", got[0], want)
			}
			if _, ok := got[0].games["g2"]; !ok {
				t.Fatal("b did not hear that g2 has no seat connected on a")
			}
			if got[1].node != "a" || got[1].games != nil {
				t.Fatalf("b heard %+v, want a stopping (no games)", got[1])
			}
			break
		}
		if time.Now().After(end) {
			t.Fatalf("b heard the announces %+v", got)
		}
	}
}

// Two servers with the same node name on one database would each take the
// other's games for their own: the second is refused at Join, while the
// first runs; the name is free again once the first leaves (or closes).
func TestClusterNodeNameTaken(t *testing.T) {
	db := pgtest.URL(t)
	ctx := context.Background()
	open := func() *pgstore.Store {
		s, err := pgstore.Open(ctx, db)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
	a, err := open().Join(ctx, "a", "http://a:1", time.Second)
	if err != nil {
		t.Fatal(err)
	}
	sc := open()
	if _, err := sc.Join(ctx, "a", "http://c:3", time.Second); !errors.Is(err, pgstore.ErrNodeNameTaken) {
		t.Fatalf("a second node a: %v, want ErrNodeNameTaken", err)
	}
	if _, err := sc.Join(ctx, "c", "http://c:3", time.Second); err != nil {
		t.Fatalf("node c: %v", err)
	}
	if err := a.Leave(ctx); err != nil {
		t.Fatal(err)
	}
	sd := open()
	if _, err := sd.Join(ctx, "a", "http://a:4", time.Second); err != nil {
		t.Fatalf("node a once the first has left: %v", err)
	}
	// Closing the store frees the name too.
	sd.Close()
	if _, err := open().Join(ctx, "a", "http://a:5", time.Second); err != nil {
		t.Fatalf("node a once the second has closed: %v", err)
	}
}
