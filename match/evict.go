package match

import (
	"context"
	"time"
)

// DefaultIdleAfter is how long a game no one asks for stays in memory.
const DefaultIdleAfter = 10 * time.Minute

func (g *Manager) idleAfter() time.Duration {
	if g.cfg.IdleAfter == 0 {
		return DefaultIdleAfter
	}
	return g.cfg.IdleAfter
}

// Sweep unloads the games that are idle at now: not asked for since
// IdleAfter (a finished game since a tenth of it), with no one connected
// and no bot thinking. They stay in the store and are reloaded (replayed)
// when asked for again, so that memory holds only the games being played.
// It returns how many it unloaded.
func (g *Manager) Sweep(now time.Time) int {
	idle := g.idleAfter()
	if idle < 0 {
		return 0
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	n := 0
	var release []string
	for id, m := range g.games {
		since := now.Sub(time.Unix(0, m.used.Load()))
		if since < idle/10 {
			continue
		}
		m.mu.Lock()
		over, _, _ := m.overLocked()
		bot := m.toActLocked()
		free := len(m.subs) == 0 && !m.botBusy && (bot == nil || bot.bot == nil) && (over || !m.pinnedLocked())
		if m.follower.Load() {
			free = len(m.subs) == 0 // another node plays it
		}
		if free && (over || since >= idle) {
			m.evicted = true // a holder of this copy is told to ask again
			delete(g.games, id)
			if !m.follower.Load() {
				release = append(release, id)
			}
			n++
		}
		m.mu.Unlock()
	}
	if c := g.cfg.Cluster; c != nil {
		// Under g.mu, so that no Get takes the lease again meanwhile: the
		// next node asked for the game takes it.
		ctx, cancel := context.WithTimeout(g.ctx, 10*time.Second)
		defer cancel()
		for _, id := range release {
			if err := c.Release(ctx, id); err != nil {
				g.log.Warn("cannot release a game's lease", "game", id, "err", err)
			}
		}
	}
	return n
}

// sweepLoop sweeps every interval until the manager is closed.
func (g *Manager) sweepLoop(ctx context.Context, every time.Duration) {
	defer g.wg.Done()
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if n := g.Sweep(g.now()); n > 0 {
				g.log.Debug("idle games unloaded", "games", n)
			}
		}
	}
}

// pinnedLocked reports whether the unfinished game must stay in memory
// however idle: a table with an open seat (the lobby lists the games in
// memory) or a game with a clock (its expiry is checked in memory).
func (m *Match) pinnedLocked() bool {
	if m.settings.Clock != nil {
		return true
	}
	for _, s := range m.seats {
		if s.open() {
			return true
		}
	}
	return false
}
