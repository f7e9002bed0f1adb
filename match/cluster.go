package match

import (
	"context"
	"errors"
	"fmt"
	"time"

	"m44/rules"
	"m44/store"
)

// Several servers on one database (docs/web-api.md, "Running several
// nodes"): each game is owned by one node at a time, through a lease the
// Cluster keeps (store/pgstore's cluster.go says how). The owner holds the
// game as today: it applies the actions, runs the bots and the clock.
// Another node asked for the game either forwards the request to the owner
// (Get answers an *Elsewhere) or, for a WebSocket, follows the game: it
// holds a follower copy, rebuilt from the store, that takes no decision and
// catches up from the store whenever the owner announces a change. When the
// owner dies its lease expires and another node takes the game over: a
// follower copy is caught up and becomes the owner's in place (its
// subscribers stay connected), or the game is replayed from the store.

// Cluster is a node's part in the servers sharing one database
// (*pgstore.Cluster). nil in Config: the server owns every game (SQLite).
type Cluster interface {
	// Node is this node's name.
	Node() string
	// Acquire takes or renews the game's lease for this node, and returns
	// the owner's name and address (this node's if it got it);
	// store.ErrNotFound for a game not stored.
	Acquire(ctx context.Context, game string) (node, addr string, err error)
	// Release gives up this node's lease of the game.
	Release(ctx context.Context, game string) error
	// Leave lets this node's leases expire now (shutting down).
	Leave(ctx context.Context) error
	// Nodes lists the other nodes holding leases now: name → address.
	Nodes(ctx context.Context) (map[string]string, error)
	// Run renews the leases until ctx is done, calling held with the games
	// whose lease the node still holds (as of at), orphan with the games
	// whose owner let its lease expire, and changed with each game another
	// node changed and the length of its log then (0 for a change outside
	// the log; "" for any game: changes may have been missed), and presence
	// with each other node's Announce.
	Run(ctx context.Context, held func(games []string, at time.Time), orphan func(game string), changed func(game string, seq int), presence func(node string, games map[string][]string))
	// Announce tells the other nodes, for each game, the seats that have a
	// WebSocket open on this node (none: none now); games nil: none of any
	// game (the node stops). presence.go says how marks lapse.
	Announce(ctx context.Context, games map[string][]string) error
	// TTL is the leases' length; another node's presence marks are
	// trusted that long.
	TTL() time.Duration
}

// Elsewhere is Get's error for a game another node owns: the request goes
// to that node (Addr, its advertised address).
type Elsewhere struct {
	Game, Node, Addr string
}

func (e *Elsewhere) Error() string {
	return fmt.Sprintf("game %s is served by node %s (%s)", e.Game, e.Node, e.Addr)
}

// Node is this server's node name ("" when it shares its database with no
// other server).
func (g *Manager) Node() string {
	if g.cfg.Cluster == nil {
		return ""
	}
	return g.cfg.Cluster.Node()
}

// awayFor is how long a node trusts that another node owns a game without
// asking the database again (a forward that fails forgets it at once:
// Moved).
const awayFor = 2 * time.Second

// awayEntry is a game another node owns, as seen until until.
type awayEntry struct {
	e     *Elsewhere
	until time.Time
}

// acquireLocked takes the game's lease when the server shares its database
// (nil: this node owns the game now). g.mu is held.
func (g *Manager) acquireLocked(ctx context.Context, id string) error {
	c := g.cfg.Cluster
	if c == nil {
		return nil
	}
	if a, ok := g.away[id]; ok {
		if time.Now().Before(a.until) {
			return a.e
		}
		delete(g.away, id)
	}
	node, addr, err := c.Acquire(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return Errorf(CodeNotFound, "no game %q", id)
	}
	if err != nil {
		return internal(err, "cannot take the game's lease")
	}
	if node != c.Node() {
		e := &Elsewhere{Game: id, Node: node, Addr: addr}
		if len(g.away) > 10000 {
			clear(g.away) // a bound, not a policy: entries live 2 s
		}
		g.away[id] = awayEntry{e: e, until: time.Now().Add(awayFor)}
		return e
	}
	return nil
}

// Moved forgets which node owns the game (a request forwarded there
// failed): the next request asks the database again.
func (g *Manager) Moved(id string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	delete(g.away, id)
}

// releaseLocked gives up the lease of a game this node took but could not
// load. g.mu is held.
func (g *Manager) releaseLocked(id string) {
	c := g.cfg.Cluster
	if c == nil {
		return
	}
	ctx, cancel := context.WithTimeout(g.ctx, 10*time.Second)
	defer cancel()
	if err := c.Release(ctx, id); err != nil {
		g.log.Warn("cannot release a game's lease", "game", id, "err", err)
	}
}

// Follow is the game id for a subscriber on this node whatever node owns
// it: the game itself if this node holds it, else a follower copy that
// catches up with the owner's changes. Without a cluster it is Get.
func (g *Manager) Follow(ctx context.Context, id string) (*Match, error) {
	m, err := g.Get(ctx, id)
	var away *Elsewhere
	if !errors.As(err, &away) {
		return m, err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if m, ok := g.games[id]; ok {
		m.used.Store(g.now().UnixNano())
		return m, nil
	}
	if g.closed {
		return nil, Errorf(CodeInternal, "the server is shutting down")
	}
	row, acts, err := g.cfg.Store.Game(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, Errorf(CodeNotFound, "no game %q", id)
	}
	if err != nil {
		return nil, internal(err, "cannot read the game")
	}
	m, _, err = g.load(row, acts)
	if err != nil {
		return nil, internal(err, "cannot rebuild the game")
	}
	m.follower.Store(true)
	m.used.Store(g.now().UnixNano())
	g.games[id] = m
	m.mu.Lock()
	m.created, _ = time.Parse(time.RFC3339Nano, row.Created)
	m.restoreClockLocked(row.Clock)
	m.mu.Unlock()
	return m, nil
}

// Following reports whether this node holds the game as a follower (another
// node owns it).
func (m *Match) Following() bool {
	return m.follower.Load() // atomic: Get asks under the manager's lock
}

// promoteLocked makes a follower copy the owner's, this node having taken
// the lease: it catches up with the store and starts the bots and clock.
func (m *Match) promoteLocked(ctx context.Context) error {
	if err := m.catchUpLocked(ctx); err != nil {
		return err
	}
	m.follower.Store(false)
	m.leased = time.Now()
	m.kickLocked()
	return nil
}

// catchUpLocked brings the game up to the store's: the decisions logged
// since m's (replayed as when loading), the seats' tokens and accounts, the
// clock. Subscribers are told.
func (m *Match) catchUpLocked(ctx context.Context) error {
	row, acts, err := m.mgr.cfg.Store.Game(ctx, m.id)
	if err != nil {
		return err
	}
	for _, a := range acts {
		if a.Seq <= m.seq {
			continue
		}
		if a.Seq != m.seq+1 {
			return fmt.Errorf("decision %d follows %d", a.Seq, m.seq)
		}
		if err := m.replayLocked(a, true, nil); err != nil {
			return err
		}
	}
	if len(row.Seats) == len(m.seats) {
		for i, rs := range row.Seats {
			s := m.seats[i]
			s.tokenHash, s.account = rs.TokenHash, rs.Account
			s.tokens = s.tokens[:0]
			for _, t := range row.Tokens {
				if t.Seat == s.name {
					s.tokens = append(s.tokens, t.TokenHash)
				}
			}
		}
	}
	m.restoreClockLocked(row.Clock)
	m.notifyLocked()
	return nil
}

// replayLocked replays one stored decision (loading, or catching up with
// another node's). upgrade, if not nil, gets the outcomes found by a game
// of record version 0.
func (m *Match) replayLocked(a store.Action, replay bool, upgrade map[int]string) error {
	ctx := context.Background()
	s := m.seatNamed(a.Seat)
	if s == nil {
		return fmt.Errorf("decision %d: no seat %q", a.Seq, a.Seat)
	}
	var err error
	if a.Action == "undo" {
		err = m.undoLocked(ctx, s, false)
	} else if a.Action == "timeout" || a.Action == "timeout bot" {
		if m.settings.Clock == nil {
			m.settings.Clock = &Clock{Mode: "turn", OnTimeout: "lose"} // a clock since removed: keep the log's meaning
		}
		err = m.timeoutLocked(s, a.Action == "timeout bot")
	} else {
		var act rules.Action
		var outs []rules.Outcome
		act, err = rules.ParseAction(a.Action)
		if err == nil && replay {
			outs, err = rules.ParseOutcomes(a.Outcomes)
		}
		if err == nil {
			_, err = m.applyLocked(ctx, s, act, false, replay, outs)
		}
		if err == nil && upgrade != nil {
			if o := m.record[len(m.record)-1].outcomes; len(o) > 0 {
				upgrade[a.Seq] = rules.FormatOutcomes(o)
			}
		}
	}
	if err != nil {
		return fmt.Errorf("decision %d (%s %s): %w", a.Seq, a.Seat, a.Action, err)
	}
	if len(m.log) != a.Version {
		return fmt.Errorf("decision %d (%s %s): version %d, stored %d", a.Seq, a.Seat, a.Action, len(m.log), a.Version)
	}
	return nil
}

// movedLocked is the error for a decision asked of a copy that may not take
// it: unloaded, or a follower (another node owns the game). The client
// reads the game again (its node forwards to the owner) and resends.
func (m *Match) movedLocked() error {
	if m.evicted {
		return errEvicted()
	}
	if m.follower.Load() {
		return Errorf(CodeStale, "the game is being served by another server: read it again and resend")
	}
	return nil
}

// lostLocked follows a write refused because another node owns the game
// now: this copy becomes a follower.
func (m *Match) lostLocked(err error) error {
	if errors.Is(err, store.ErrNotOwner) {
		m.follower.Store(true)
		m.mgr.log.Warn("game taken over by another node", "game", m.id)
		return Errorf(CodeStale, "the game was taken over by another server: read it again and resend")
	}
	return nil
}

// runCluster keeps the node's leases and follows the other nodes until the
// manager closes.
func (g *Manager) runCluster() {
	defer g.wg.Done()
	g.cfg.Cluster.Run(g.ctx, g.leasesHeld, g.takeOver, g.otherChanged, g.otherPresence)
}

// leasesHeld demotes to followers the games this node holds as owner but
// whose lease it lost (taken before at and not among games), and releases
// the leases it holds for no game in memory.
func (g *Manager) leasesHeld(games []string, at time.Time) {
	held := make(map[string]bool, len(games))
	for _, id := range games {
		held[id] = true
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	for id := range held {
		if m, ok := g.games[id]; !ok || m.Following() {
			// A lease with no game here (taken, then the game could not
			// be loaded): give it up.
			g.releaseLocked(id)
		}
	}
	for id, m := range g.games {
		if held[id] {
			continue
		}
		// leased is written under g.mu; follower is atomic: no game's
		// lock is waited for here.
		if !m.follower.Load() && m.leased.Before(at) {
			m.follower.Store(true)
			g.log.Warn("game lease lost", "game", id)
		}
	}
}

// takeOver loads a game whose owner let its lease expire, so that its bots
// and clock go on here.
func (g *Manager) takeOver(id string) {
	g.Moved(id)
	m, err := g.Get(g.ctx, id)
	var away *Elsewhere
	switch {
	case errors.As(err, &away):
		// another node was faster
	case err != nil:
		g.log.Error("cannot take a game over", "game", id, "err", err)
	default:
		g.log.Info("orphaned game taken over", "game", m.ID(), "node", g.Node())
	}
}

// otherChanged catches up the follower copy of a game another node
// changed (every follower copy for ""), unless it holds the log up to seq
// already.
func (g *Manager) otherChanged(id string, seq int) {
	g.mu.Lock()
	var ms []*Match
	for gid, m := range g.games {
		if id == "" || gid == id {
			ms = append(ms, m)
		}
	}
	g.mu.Unlock()
	var failed []*Match
	for _, m := range ms {
		m.mu.Lock()
		if m.follower.Load() && !m.closed && !m.evicted && (seq == 0 || m.seq < seq) {
			if err := m.catchUpLocked(g.ctx); err != nil {
				g.log.Error("cannot follow a game", "game", m.id, "err", err)
				m.evicted = true // its subscribers and the next request rebuild it
				m.notifyLocked()
				failed = append(failed, m)
			}
		}
		m.mu.Unlock()
	}
	g.mu.Lock()
	for _, m := range failed {
		if g.games[m.id] == m {
			delete(g.games, m.id)
		}
	}
	g.mu.Unlock()
}
