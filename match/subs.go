package match

import (
	"encoding/json"
	"strconv"
	"strings"
)

// Update is a message pushed over the WebSocket.
type Update struct {
	Type    string          `json:"type"`
	Version int             `json:"version"`
	Events  json.RawMessage `json:"events"`
	// Snapshot is shared by the subscribers that see the game the same
	// way at one version: read it, never change it.
	Snapshot *Snapshot `json:"snapshot"`
	snapJSON []byte    // Snapshot's JSON (shared too), nil if not made
}

// AppendJSON appends the update's JSON to b, with the snapshot's encoded
// once for all the subscribers that share it.
func (u *Update) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, `{"type":`...)
	t, err := json.Marshal(u.Type)
	if err != nil {
		return b, err
	}
	b = append(b, t...)
	b = append(b, `,"version":`...)
	b = strconv.AppendInt(b, int64(u.Version), 10)
	b = append(b, `,"events":`...)
	if u.Events == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, u.Events...)
	}
	b = append(b, `,"snapshot":`...)
	switch {
	case u.Snapshot == nil:
		b = append(b, "null"...)
	case u.snapJSON != nil:
		b = append(b, u.snapJSON...)
	default:
		if b, err = u.Snapshot.AppendJSON(b); err != nil {
			return b, err
		}
	}
	return append(b, '}'), nil
}

// sharedSnapshot is the last snapshot made for one viewing seat's
// subscribers, and what it was made of.
type sharedSnapshot struct {
	version, seq int
	seats        string // seatsKeyLocked
	snap         *Snapshot
	json         []byte
}

// seatsKeyLocked is what a snapshot shows of the seats that can change
// without a new log entry: their kinds (a table's open seat taken) and
// whether their holders are connected.
func (m *Match) seatsKeyLocked() string {
	var b strings.Builder
	for _, s := range m.seats {
		b.WriteString(s.kind)
		if m.connectedLocked(s) {
			b.WriteByte('+')
		}
		b.WriteByte(0)
	}
	return b.String()
}

// sharedSnapshotLocked is seat s's snapshot (nil: a spectator's) with its
// JSON, made once for all the subscribers that see the game as s and
// shared until the game changes. A game with a clock is not shared (its
// clock's view moves with time).
func (m *Match) sharedSnapshotLocked(s *seat) (*Snapshot, []byte) {
	if m.settings.Clock != nil {
		return m.snapshotLocked(s, len(m.log)-LogTail), nil
	}
	key := m.seatsKeyLocked()
	if c, ok := m.shared[s]; ok && c.version == len(m.log) && c.seq == m.seq && c.seats == key {
		return c.snap, c.json
	}
	snap := m.snapshotLocked(s, len(m.log)-LogTail)
	b, err := snap.AppendJSON(nil)
	if err != nil {
		return snap, nil
	}
	if m.shared == nil {
		m.shared = map[*seat]sharedSnapshot{}
	}
	m.shared[s] = sharedSnapshot{version: len(m.log), seq: m.seq, seats: key, snap: snap, json: b}
	return snap, b
}

// Sub is a subscription to a game's changes (a WebSocket).
type Sub struct {
	m    *Match
	seat *seat
	c    chan struct{}
}

// Subscribe follows the game as the token's holder ("" for a spectator).
// The subscription's channel gets a signal after each change; Update tells
// what changed. Close it when done.
func (m *Match) Subscribe(token string) (*Sub, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.evicted {
		return nil, errEvicted()
	}
	s, err := m.seatOf(token)
	if err != nil {
		return nil, err
	}
	sub := &Sub{m: m, seat: s, c: make(chan struct{}, 1)}
	m.subs[sub] = struct{}{}
	if s != nil {
		s.conns++
		if s.conns == 1 {
			m.notifyLocked() // the others see the seat connected
			m.mgr.localPresenceChanged(m.id)
		}
	}
	return sub, nil
}

// C signals changes.
func (sub *Sub) C() <-chan struct{} { return sub.c }

// Closed reports whether the game was closed (the server shuts down).
func (sub *Sub) Closed() bool {
	sub.m.mu.Lock()
	defer sub.m.mu.Unlock()
	return sub.m.closed
}

// Gone reports whether the copy of the game followed was unloaded: the
// subscriber subscribes again to the game (Manager.Follow).
func (sub *Sub) Gone() bool {
	sub.m.mu.Lock()
	defer sub.m.mu.Unlock()
	return sub.m.evicted
}

// Close ends the subscription.
func (sub *Sub) Close() {
	m := sub.m
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.subs[sub]; !ok {
		return
	}
	delete(m.subs, sub)
	if len(m.subs) == 0 {
		m.shared = nil // no one to share with: let the memory go
	}
	if sub.seat != nil {
		sub.seat.conns--
		if sub.seat.conns == 0 {
			m.notifyLocked()
			m.mgr.localPresenceChanged(m.id)
		}
	}
}

// Update is the update for a subscriber that has seen the log up to
// version since: the entries after it, as it may see them, and its snapshot.
// A negative since gives no entries (the snapshot's log has them all).
func (sub *Sub) Update(since int) *Update {
	m := sub.m
	m.mu.Lock()
	defer m.mu.Unlock()
	if since < 0 {
		since = len(m.log)
	}
	snap, b := m.sharedSnapshotLocked(sub.seat)
	v := viewSpectator
	if sub.seat != nil {
		v = viewerOf(sub.seat.side)
	}
	return &Update{Type: "update", Version: len(m.log), Events: m.logLocked(v, since), Snapshot: snap, snapJSON: b}
}

func (m *Match) notifyLocked() {
	for sub := range m.subs {
		select {
		case sub.c <- struct{}{}:
		default: // a signal is already waiting
		}
	}
}
