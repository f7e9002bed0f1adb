package match

import (
	"encoding/json"
)

// Update is a message pushed over the WebSocket.
type Update struct {
	Type     string          `json:"type"`
	Version  int             `json:"version"`
	Events   json.RawMessage `json:"events"`
	Snapshot *Snapshot       `json:"snapshot"`
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
	if sub.seat != nil {
		sub.seat.conns--
		if sub.seat.conns == 0 {
			m.notifyLocked()
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
	snap := m.snapshotLocked(sub.seat, false)
	v := viewSpectator
	if sub.seat != nil {
		v = viewerOf(sub.seat.side)
	}
	return &Update{Type: "update", Version: len(m.log), Events: m.logLocked(v, since), Snapshot: snap}
}

func (m *Match) notifyLocked() {
	for sub := range m.subs {
		select {
		case sub.c <- struct{}{}:
		default: // a signal is already waiting
		}
	}
}
