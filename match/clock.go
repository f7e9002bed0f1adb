package match

import (
	"context"
	"encoding/json"
	"time"

	"m44/rules"
	"m44/store"
)

// Clocks (issue 13). A game may have a clock, chosen at its creation:
//
//   - real time ("realtime"): each seat has a reserve of reflection time
//     for the whole game, spent while it is to act;
//   - turn-based ("turn"): each time a seat comes to act it has PerMove
//     seconds (hours or days) to decide, afresh each time.
//
// A seat that runs out loses the game ("lose": the other side wins) or is
// taken over by a bot ("bot"), as the table chose. Time is the server's
// (Config.Now): the rules core never sees it. The clock's state is stored
// after each change, so that a restart keeps it; time the server was down
// counts, like any time.

// Clock is a game's clock setting.
type Clock struct {
	Mode      string `json:"mode"`                // "realtime" or "turn"
	Reserve   int    `json:"reserve,omitempty"`   // realtime: seconds per seat for the game
	PerMove   int    `json:"per_move,omitempty"`  // turn: seconds per decision of a seat
	OnTimeout string `json:"on_timeout"`          // "lose" (default) or "bot"
	Bot       string `json:"bot_level,omitempty"` // the bot that takes over ("medium" unless set)
}

// Clock limits.
const (
	MinReserve = 5              // seconds (real time)
	MaxReserve = 24 * 60 * 60   // a day of reflection
	MinPerMove = 60             // a minute (turn-based)
	MaxPerMove = 14 * 24 * 3600 // two weeks
)

func (c *Clock) check() error {
	switch c.Mode {
	case "realtime":
		if c.Reserve < MinReserve || c.Reserve > MaxReserve || c.PerMove != 0 {
			return Errorf(CodeBadRequest, "clock: a real-time clock has a reserve of %d to %d seconds, and no per_move", MinReserve, MaxReserve)
		}
	case "turn":
		if c.PerMove < MinPerMove || c.PerMove > MaxPerMove || c.Reserve != 0 {
			return Errorf(CodeBadRequest, "clock: a turn-based clock has a per_move of %d to %d seconds, and no reserve", MinPerMove, MaxPerMove)
		}
	default:
		return Errorf(CodeBadRequest, "clock: mode %q, want \"realtime\" or \"turn\"", c.Mode)
	}
	switch c.OnTimeout {
	case "":
		c.OnTimeout = "lose"
	case "lose", "bot":
	default:
		return Errorf(CodeBadRequest, "clock: on_timeout %q, want \"lose\" or \"bot\"", c.OnTimeout)
	}
	if c.OnTimeout == "bot" && c.Bot == "" {
		c.Bot = "medium"
	}
	return nil
}

// clockState is a game's clock as stored (JSON): the seat whose time runs,
// since when, and the time each seat has used (real time).
type clockState struct {
	Running string           `json:"running,omitempty"`
	Since   time.Time        `json:"since"`
	Used    map[string]int64 `json:"used_ms,omitempty"`
}

// ClockView is the clock in a snapshot: the server's time now, the seat
// whose time runs and its deadline, and each seat's time left (ms) at now.
type ClockView struct {
	Clock
	Now      time.Time        `json:"now"`
	Running  *string          `json:"running"`
	Deadline *time.Time       `json:"deadline"`
	Left     map[string]int64 `json:"left_ms"`
}

// Clock is the game's clock setting (nil for a game without one).
func (m *Match) Clock() *Clock {
	if c := m.settings.Clock; c != nil {
		cp := *c
		return &cp
	}
	return nil
}

// ClockStore is the clock's persistence, part of Store.
type ClockStore interface {
	// SetClock stores a game's clock state (JSON); Game returns it in
	// store.Game.Clock.
	SetClock(ctx context.Context, game, state string) error
}

func (m *Match) now() time.Time { return m.mgr.now() }

func (g *Manager) now() time.Time {
	if g.cfg.Now != nil {
		return g.cfg.Now()
	}
	return time.Now()
}

// leftLocked is the time seat s has left at now (ms).
func (m *Match) leftLocked(s *seat, now time.Time) int64 {
	c := m.settings.Clock
	var total, used int64
	if c.Mode == "realtime" {
		total, used = int64(c.Reserve)*1000, m.clk.Used[s.name]
	} else {
		total = int64(c.PerMove) * 1000
	}
	if m.clk.Running == s.name {
		used += now.Sub(m.clk.Since).Milliseconds()
	}
	return total - used
}

// clockChangedLocked follows a change of the game on the clock: the time
// since the last change is charged to the seat whose time ran, and the
// seat to act now starts. The new state is stored when persist is set.
func (m *Match) clockChangedLocked(ctx context.Context, persist bool) {
	if m.settings.Clock == nil {
		return
	}
	now := m.now()
	if r := m.seatNamed(m.clk.Running); r != nil && m.settings.Clock.Mode == "realtime" {
		m.clk.Used[r.name] += now.Sub(m.clk.Since).Milliseconds()
	}
	was := m.clk.Running
	m.clk.Running, m.clk.Since = m.clockSeatLocked(), now
	if persist {
		m.saveClockLocked(ctx)
		if m.clk.Running != was {
			m.turnPassedLocked()
		}
	}
}

// turnPassedLocked follows the turn of a turn-based game passing to the
// seat whose time now runs: if no WebSocket of that seat is open (on any
// node), the
// seat's player is told elsewhere (Config.OnTurn: Web Push).
func (m *Match) turnPassedLocked() {
	g := m.mgr
	s := m.seatNamed(m.clk.Running)
	if s == nil || m.connectedLocked(s) || m.settings.Clock.Mode != "turn" || g.cfg.OnTurn == nil || g.ctx.Err() != nil {
		return
	}
	if over, _, _ := m.overLocked(); over || m.forfeit != nil {
		return
	}
	seat := s.name
	g.wg.Add(1)
	go func() {
		defer g.wg.Done()
		g.cfg.OnTurn(m, seat)
	}()
}

func (m *Match) saveClockLocked(ctx context.Context) {
	b, _ := json.Marshal(m.clk)
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	if err := m.mgr.cfg.Store.SetClock(ctx, m.id, string(b)); err != nil {
		m.mgr.log.Error("cannot store the clock", "game", m.id, "err", err)
	}
}

// restoreClockLocked takes the stored clock state of a loaded game. A
// state whose running seat is not the one to act (the server stopped
// between storing an action and its clock) starts the seat to act now.
func (m *Match) restoreClockLocked(state string) {
	if m.settings.Clock == nil {
		return
	}
	m.clk = clockState{Used: map[string]int64{}}
	if state != "" {
		json.Unmarshal([]byte(state), &m.clk)
		if m.clk.Used == nil {
			m.clk.Used = map[string]int64{}
		}
	}
	want := m.clockSeatLocked()
	if m.clk.Running != want || m.clk.Since.IsZero() {
		m.clk.Running, m.clk.Since = want, m.now()
	}
}

// clockSeatLocked is the seat whose time runs now: the human seat to act,
// once every seat is taken (a table waiting for players runs no clock; bots
// play on no clock).
func (m *Match) clockSeatLocked() string {
	for _, s := range m.seats {
		if s.open() {
			return ""
		}
	}
	if t := m.toActLocked(); t != nil && t.bot == nil {
		return t.name
	}
	return ""
}

// clockViewLocked is the clock for a snapshot (nil for no clock).
func (m *Match) clockViewLocked() *ClockView {
	c := m.settings.Clock
	if c == nil {
		return nil
	}
	now := m.now()
	v := &ClockView{Clock: *c, Now: now.UTC(), Left: map[string]int64{}}
	for _, s := range m.seats {
		if s.bot == nil {
			v.Left[s.name] = max(0, m.leftLocked(s, now))
		}
	}
	if r := m.seatNamed(m.clk.Running); r != nil && m.forfeit == nil {
		name := r.name
		d := now.Add(time.Duration(m.leftLocked(r, now)) * time.Millisecond).UTC()
		v.Running, v.Deadline = &name, &d
	}
	return v
}

// forfeit is the end of a game by a seat running out of time ("lose").
type forfeit struct {
	seat   string
	winner rules.Side
}

// CheckClock ends the turn of a seat whose time has run out, as the table
// chose; it reports whether it did. The manager calls it every second.
func (m *Match) CheckClock(ctx context.Context) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.settings.Clock == nil || m.forfeit != nil || m.closed || m.follower.Load() || m.evicted {
		return false
	}
	if over, _, _ := m.overLocked(); over {
		return false
	}
	r := m.seatNamed(m.clk.Running)
	if r == nil || m.leftLocked(r, m.now()) > 0 {
		return false
	}
	bot := m.settings.Clock.OnTimeout == "bot"
	action := "timeout"
	if bot {
		action = "timeout bot"
	}
	after := len(m.log) + 1
	winner := ""
	if !bot {
		winner = otherSide(r.side).String()
	}
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	if err := m.mgr.cfg.Store.Append(sctx, m.id, store.Action{Seq: m.seq + 1, Seat: r.name, Action: action, Version: after}, !bot, winner); err != nil {
		m.lostLocked(err)
		m.mgr.log.Error("cannot record a timeout", "game", m.id, "err", err)
		return false
	}
	if err := m.timeoutLocked(r, bot); err != nil {
		m.mgr.log.Error("timeout", "game", m.id, "err", err)
	}
	m.clockChangedLocked(ctx, true)
	m.mgr.log.Info("clock ran out", "game", m.id, "seat", r.name, "bot", bot)
	m.changedLocked()
	if !bot {
		m.mgr.gameOver(m)
	}
	return true
}

// timeoutLocked applies a timeout of seat s (stored, or replayed from the
// log): the seat loses, or a bot takes it over.
func (m *Match) timeoutLocked(s *seat, bot bool) error {
	m.seq++
	sa := seatArgs(s)
	if bot {
		lv := m.settings.Clock.Bot
		if lv == "" {
			lv = "medium"
		}
		b, err := m.mgr.cfg.NewBot(lv, mix(m.seed, uint64(len(m.log))+99))
		if err != nil {
			return err
		}
		s.bot, s.level, s.kind = b, lv, "bot:"+lv
		sa.str("bot", lv)
	} else {
		m.forfeit = &forfeit{seat: s.name, winner: otherSide(s.side)}
		sa.str("winner", otherSide(s.side).String())
	}
	m.addLogLocked(serverEntry(len(m.log)+1, "timeout", &sa))
	return nil
}

// runClocks checks the clocks of the games every second until the manager
// closes.
func (g *Manager) runClocks() {
	defer g.wg.Done()
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-g.ctx.Done():
			return
		case <-t.C:
			g.CheckClocks()
		}
	}
}

// CheckClocks checks every game's clock (CheckClock); tests call it after
// moving their clock on.
func (g *Manager) CheckClocks() {
	g.mu.Lock()
	games := make([]*Match, 0, len(g.games))
	for _, m := range g.games {
		if m.settings.Clock != nil {
			games = append(games, m)
		}
	}
	g.mu.Unlock()
	for _, m := range games {
		m.CheckClock(g.ctx)
	}
}

func otherSide(s rules.Side) rules.Side {
	if s == rules.Allies {
		return rules.Axis
	}
	return rules.Allies
}

// afterChangeLocked follows a stored change of the game: the clock moves
// on, and a game that has just ended is reported (OnOver).
func (m *Match) afterChangeLocked(ctx context.Context, over bool) {
	m.clockChangedLocked(ctx, true)
	if over {
		m.mgr.gameOver(m)
	}
}

// gameOver reports a game that has just ended to Config.OnOver.
func (g *Manager) gameOver(m *Match) {
	if g.cfg.OnOver == nil || g.ctx.Err() != nil {
		return
	}
	g.wg.Add(1)
	go func() {
		defer g.wg.Done()
		g.cfg.OnOver(m)
	}()
}
