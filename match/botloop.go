package match

import (
	"context"
	"math/rand/v2"
	"runtime/debug"
	"time"

	"m44/bots"
	"m44/rules"
)

// DefaultBot is a bot of the given level with the level's default budget
// (hard: up to 1,024 playouts, capped at one second), searching on one core.
func DefaultBot(level string, seed uint64) (bots.Bot, error) {
	return bots.New(level, seed, bots.Options{Workers: 1})
}

// botTimeout bounds a bot's decision: a backstop only, since every level
// caps its own search (medium at bots.MediumCap, hard at bots.HardTime).
func botTimeout(level string) time.Duration {
	if level == "hard" {
		return 2 * bots.HardTime
	}
	return 2 * time.Second
}

// changedLocked follows a change of the game: subscribers are told, and a
// bot to act is set thinking.
func (m *Match) changedLocked() {
	m.notifyLocked()
	m.kickLocked()
}

// kickLocked starts the bot loop if a bot is to act and none is running.
func (m *Match) kickLocked() {
	if m.closed || m.botBusy || m.follower.Load() || m.evicted {
		return
	}
	if t := m.toActLocked(); t == nil || t.bot == nil {
		return
	}
	m.botBusy = true
	m.mgr.wg.Add(1)
	go m.runBots()
}

// runBots plays the bots' turns for as long as a bot is to act. The bots
// think outside the lock, on a copy of the state seen from their side; a
// decision made on a version that is no longer the game's is dropped.
func (m *Match) runBots() {
	defer m.mgr.wg.Done()
	for {
		m.mu.Lock()
		t := m.toActLocked()
		if m.closed || m.follower.Load() || m.evicted || t == nil || t.bot == nil {
			m.botBusy = false
			m.mu.Unlock()
			return
		}
		st, version := m.st.Clone(), len(m.log)
		m.mu.Unlock()

		if d := m.botDelay(); d > 0 {
			select {
			case <-time.After(d):
			case <-m.mgr.ctx.Done():
			}
		}
		a := m.choose(t, st, version)

		m.mu.Lock()
		if !m.closed && !m.follower.Load() && !m.evicted && version == len(m.log) {
			if _, err := m.applyLocked(m.mgr.ctx, t, a, true, false, nil); err != nil {
				m.mgr.log.Error("bot action failed", "game", m.id, "seat", t.name, "action", a.String(), "err", err)
				m.botBusy = false
				m.mu.Unlock()
				return
			}
			m.notifyLocked()
		}
		m.mu.Unlock()
	}
}

// choose asks seat t's bot for its decision on st, falling back to a random
// legal action if the bot fails.
func (m *Match) choose(t *seat, st *rules.State, version int) (a rules.Action) {
	legal := st.Legal()
	fallback := func(why string, args ...any) rules.Action {
		m.mgr.log.Warn("bot failed; playing a random legal action", append([]any{"game", m.id, "seat", t.name, "why", why}, args...)...)
		r := rand.New(rand.NewPCG(m.seed, uint64(version)))
		return legal[r.IntN(len(legal))]
	}
	if len(legal) == 1 {
		return legal[0]
	}
	defer func() {
		if r := recover(); r != nil {
			a = fallback("panic", "panic", r, "stack", string(debug.Stack()))
		}
	}()
	p := bots.NewPerspective(st, t.side, mix(m.seed, uint64(version)))
	ctx, cancel := context.WithTimeout(m.mgr.ctx, botTimeout(t.level))
	defer cancel()
	a, err := t.bot.Choose(ctx, p)
	if err != nil {
		return fallback("error", "err", err)
	}
	if !st.IsLegal(a) {
		return fallback("illegal action", "action", a.String())
	}
	return a
}

// mix derives a seed from a base and a counter (splitmix64 finaliser).
func mix(a, b uint64) uint64 {
	z := a + 0x9e3779b97f4a7c15*(b+1)
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}
