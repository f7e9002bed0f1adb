package match

import (
	"context"
	"slices"
	"sync"
	"time"
)

// Presence across nodes (docs/web-api.md, "Running several nodes"): a
// seat's "connected" mark is true when a WebSocket of the seat is open on
// any node. Each node announces, through the Cluster, the seats of a game
// that have a WebSocket open on it: at once when a seat's first WebSocket
// opens or its last one closes, and every third of the Cluster's TTL for
// every game with one open (a beat). A node keeps the other nodes' marks
// for a TTL after their last announce, so the marks of a node that died (or
// lost the database) lapse within a TTL and a third; a node that stops
// cleanly withdraws its marks at once. An announce a node missed (its
// listening connection dropped) is made good by the next beat.

// presence is a node's view of the seats connected on the other nodes, and
// the games whose seats connected here changed, to announce. Its lock is
// taken under a game's, never the other way round.
type presence struct {
	mu     sync.Mutex
	remote map[string]map[string]remoteMark // game → node → its mark
	dirty  map[string]bool                  // games to announce
	kick   chan struct{}
}

// remoteMark is the seats of a game connected on another node, as that
// node last said, trusted until until.
type remoteMark struct {
	seats []string
	until time.Time
}

func newPresence() presence {
	return presence{remote: map[string]map[string]remoteMark{}, dirty: map[string]bool{}, kick: make(chan struct{}, 1)}
}

// connectedLocked reports whether seat s has a WebSocket open on any node.
// m.mu is held.
func (m *Match) connectedLocked(s *seat) bool {
	return s.conns > 0 || m.mgr.remoteConnected(m.id, s.name)
}

// remoteConnected reports whether another node said, less than a TTL ago,
// that seat of game has a WebSocket open there.
func (g *Manager) remoteConnected(game, seat string) bool {
	if g.cfg.Cluster == nil {
		return false
	}
	p := &g.pres
	now := time.Now()
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, mk := range p.remote[game] {
		if now.Before(mk.until) && slices.Contains(mk.seats, seat) {
			return true
		}
	}
	return false
}

// localPresenceChanged follows a seat of game whose first WebSocket on this
// node opened or whose last closed: the other nodes are told.
func (g *Manager) localPresenceChanged(game string) {
	if g.cfg.Cluster == nil {
		return
	}
	p := &g.pres
	p.mu.Lock()
	p.dirty[game] = true
	p.mu.Unlock()
	select {
	case p.kick <- struct{}{}:
	default:
	}
}

// localSeats is the seats of the game held here that have a WebSocket open
// on this node (none for a game not held).
func (g *Manager) localSeats(game string) []string {
	g.mu.Lock()
	m := g.games[game]
	g.mu.Unlock()
	if m == nil {
		return []string{}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	out := []string{}
	for _, s := range m.seats {
		if s.conns > 0 {
			out = append(out, s.name)
		}
	}
	return out
}

// presenceTTL is how long another node's marks are trusted without a beat.
func (g *Manager) presenceTTL() time.Duration {
	return max(g.cfg.Cluster.TTL(), 30*time.Millisecond)
}

// runPresence announces this node's marks (as they change, and every third
// of the TTL) and lets the other nodes' lapse, until the manager closes.
func (g *Manager) runPresence() {
	defer g.wg.Done()
	t := time.NewTicker(g.presenceTTL() / 3)
	defer t.Stop()
	p := &g.pres
	for {
		games := map[string][]string{}
		select {
		case <-g.ctx.Done():
			return
		case <-p.kick:
			p.mu.Lock()
			dirty := p.dirty
			p.dirty = map[string]bool{}
			p.mu.Unlock()
			for id := range dirty {
				games[id] = g.localSeats(id)
			}
		case <-t.C:
			g.mu.Lock()
			ids := make([]string, 0, len(g.games))
			for id := range g.games {
				ids = append(ids, id)
			}
			g.mu.Unlock()
			for _, id := range ids {
				if s := g.localSeats(id); len(s) > 0 {
					games[id] = s
				}
			}
			g.lapsePresence()
		}
		if len(games) == 0 {
			continue
		}
		ctx, cancel := context.WithTimeout(g.ctx, 10*time.Second)
		if err := g.cfg.Cluster.Announce(ctx, games); err != nil && g.ctx.Err() == nil {
			g.log.Warn("cannot announce the seats connected here", "err", err)
		}
		cancel()
	}
}

// withdrawPresence tells the other nodes that no seat is connected here
// any more (the node stops).
func (g *Manager) withdrawPresence() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := g.cfg.Cluster.Announce(ctx, nil); err != nil {
		g.log.Warn("cannot withdraw the seats connected here", "err", err)
	}
}

// otherPresence follows another node's announce: for each game, the seats
// connected there now (none: its mark goes); games nil: the node stops,
// all its marks go. The games whose marks changed are pushed to their
// subscribers.
func (g *Manager) otherPresence(node string, games map[string][]string) {
	p := &g.pres
	until := time.Now().Add(g.presenceTTL())
	var changed []string
	p.mu.Lock()
	if games == nil {
		for id, marks := range p.remote {
			if _, ok := marks[node]; ok {
				delete(marks, node)
				if len(marks) == 0 {
					delete(p.remote, id)
				}
				changed = append(changed, id)
			}
		}
	}
	for id, seats := range games {
		marks := p.remote[id]
		old, had := marks[node]
		if len(seats) == 0 {
			if had {
				delete(marks, node)
				if len(marks) == 0 {
					delete(p.remote, id)
				}
				changed = append(changed, id)
			}
			continue
		}
		if marks == nil {
			marks = map[string]remoteMark{}
			p.remote[id] = marks
		}
		marks[node] = remoteMark{seats: seats, until: until}
		if !had || !slices.Equal(old.seats, seats) {
			changed = append(changed, id)
		}
	}
	p.mu.Unlock()
	g.presenceShown(changed)
}

// lapsePresence drops the other nodes' marks not renewed within the TTL.
func (g *Manager) lapsePresence() {
	p := &g.pres
	now := time.Now()
	var changed []string
	p.mu.Lock()
	for id, marks := range p.remote {
		for node, mk := range marks {
			if !now.Before(mk.until) {
				delete(marks, node)
				changed = append(changed, id)
			}
		}
		if len(marks) == 0 {
			delete(p.remote, id)
		}
	}
	p.mu.Unlock()
	g.presenceShown(changed)
}

// presenceShown tells the subscribers of games held here that their seats'
// marks changed.
func (g *Manager) presenceShown(games []string) {
	for _, id := range games {
		g.mu.Lock()
		m := g.games[id]
		g.mu.Unlock()
		if m != nil {
			m.mu.Lock()
			m.notifyLocked()
			m.mu.Unlock()
		}
	}
}
