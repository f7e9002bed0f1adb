package match

import (
	"bytes"
	"encoding/json"
	"strconv"
	"sync"
)

// Update is a whole update pushed over the WebSocket: the log's entries
// after the client's version, and the snapshot. Later pushes are deltas
// (Sub.Next, delta.go).
type Update struct {
	Type    string          `json:"type"`
	Version int             `json:"version"`
	Events  json.RawMessage `json:"events"`
	// Snapshot's fields but its log are shared by the subscribers that
	// see the game the same way at one version: read it, never change it.
	Snapshot *Snapshot `json:"snapshot"`
	head     []byte    // Snapshot's JSON without the log (shared too), nil if not made
}

// AppendJSON appends the update's JSON to b, with the snapshot's fields
// encoded once for all the subscribers that share them.
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
	case len(u.head) > 1:
		b = append(b, u.head[:len(u.head)-1]...) // the head is an object: its log goes before its '}'
		b = append(b, `,"log":`...)
		if u.Snapshot.Log == nil {
			b = append(b, "null"...)
		} else {
			b = append(b, u.Snapshot.Log...)
		}
		b = append(b, '}')
	default:
		if b, err = u.Snapshot.AppendJSON(b); err != nil {
			return b, err
		}
	}
	return append(b, '}'), nil
}

// sharedSnapshot is the last snapshot made for one viewing seat's
// subscribers, and what it was made of; the one before it, and the delta
// from it, made once for the subscribers that had it.
type sharedSnapshot struct {
	seq   int
	seats string // seatsKeyLocked
	snap  *Snapshot
	cur   *pushed
	prev  *pushed
	delta []byte // from prev to cur; nil until a subscriber needs it
}

// seatsKeyLocked is what a snapshot shows of the seats that can change
// without a new log entry: their kinds (a table's open seat taken) and
// whether their holders are connected; appended to b (made a string only
// when kept: it is made for every push).
func (m *Match) seatsKeyLocked(b []byte) []byte {
	for _, s := range m.seats {
		b = append(b, s.kind...)
		if m.connectedLocked(s) {
			b = append(b, '+')
		}
		b = append(b, 0)
	}
	return b
}

// sharedSnapshotLocked is seat s's snapshot (nil: a spectator's) without
// its log, with its JSON, made once for all the subscribers that see the
// game as s and shared until the game changes (the third result, nil if
// not shared). A game with a clock is not shared (its clock's view moves
// with time).
func (m *Match) sharedSnapshotLocked(s *seat) (*Snapshot, *pushed, *sharedSnapshot) {
	if m.settings.Clock != nil {
		snap := m.snapshotLocked(s, len(m.log))
		snap.Log = nil
		return snap, pushedOf(len(m.log), snap, 0), nil
	}
	var kb [64]byte
	key := m.seatsKeyLocked(kb[:0])
	c := m.shared[s]
	if c != nil && c.cur.version == len(m.log) && c.seq == m.seq && c.seats == string(key) {
		return c.snap, c.cur, c
	}
	snap := m.snapshotLocked(s, len(m.log))
	snap.Log = nil
	if m.shared == nil {
		m.shared = map[*seat]*sharedSnapshot{}
	}
	size := 0
	if c != nil {
		size = len(c.cur.head) + 512
	}
	n := &sharedSnapshot{seq: m.seq, seats: string(key), snap: snap, cur: pushedOf(len(m.log), snap, size)}
	// Its JSON is made: the snapshot kept (for whole updates, which write
	// cur's JSON) lets go of the shared board, whose JSON's buffer may
	// serve a later position (boardText).
	snap.board = nil
	if c != nil {
		n.prev = c.cur
		m.recycleLocked(c.prev)
	}
	m.shared[s] = n
	return snap, n.cur, n
}

// Sub is a subscription to a game's changes (a WebSocket).
type Sub struct {
	m    *Match
	seat *seat
	c    chan struct{}
	last *pushed // the snapshot the subscriber last got (Next)
	full bool    // the subscriber asked for a whole update
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

// Settle drops a signal waiting on C, unless the game was closed or its
// copy unloaded (those are told through C): the subscriber is about to
// call Next, which brings it every change made so far, and a later change
// signals anew.
func (sub *Sub) Settle() {
	m := sub.m
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed || m.evicted {
		return
	}
	select {
	case <-sub.c:
	default:
	}
}

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
		m.shared, m.pub = nil, nil // no one to share with: let the memory go
	}
	if sub.seat != nil {
		sub.seat.conns--
		if sub.seat.conns == 0 {
			m.notifyLocked()
			m.mgr.localPresenceChanged(m.id)
		}
	}
}

// Update is the whole update for a subscriber that has seen the log up to
// version since: the entries after it, as it may see them, and its
// snapshot. A negative since gives no entries (the snapshot's log has them
// all). It holds a copy of the snapshot's JSON: the game's own buffer is
// reused once the game has moved on (recycleLocked), and the Update may
// be written out later, outside the game's lock. (Next, which the sockets
// use, writes its message under the lock and copies nothing more.)
func (sub *Sub) Update(since int) *Update {
	m := sub.m
	m.mu.Lock()
	defer m.mu.Unlock()
	u, _ := sub.updateLocked(since)
	u.head = bytes.Clone(u.head)
	return u
}

func (sub *Sub) viewerLocked() viewer {
	if sub.seat != nil {
		return viewerOf(sub.seat.side)
	}
	return viewSpectator
}

func (sub *Sub) updateLocked(since int) (*Update, *pushed) {
	m := sub.m
	if since < 0 {
		since = len(m.log)
	}
	shared, cur, _ := m.sharedSnapshotLocked(sub.seat)
	v := sub.viewerLocked()
	snap := *shared // the fields shared, the log the subscriber's
	snap.Log = m.logLocked(v, len(m.log)-LogTail)
	return &Update{Type: "update", Version: len(m.log), Events: m.logLocked(v, since), Snapshot: &snap, head: cur.head}, cur
}

// AskFull makes the subscriber's next message a whole update (the client
// asked for one), and signals it.
func (sub *Sub) AskFull() {
	m := sub.m
	m.mu.Lock()
	defer m.mu.Unlock()
	sub.full = true
	select {
	case sub.c <- struct{}{}:
	default:
	}
}

// Next is the subscriber's next message's JSON and the version it brings
// the subscriber to: a whole update (the log's entries after since, none
// if since is negative) the first time, when the subscriber asked for one
// (AskFull) or when it is more than LogTail entries behind; otherwise the
// delta from the snapshot it last got (delta.go), made once for all the
// subscribers that see the game alike and had the same one. Nil when
// nothing it sees changed.
func (sub *Sub) Next(since int) ([]byte, int, error) { return sub.NextInto(since, nil) }

// NextInto is Next with a delta made for this subscriber alone (the only
// one of its seat, or one whose last snapshot is not its seat's others')
// written in *buf, grown as needed (issue 14, seventh pass: a socket's
// loop reuses one buffer rather than allocating every delta). Such a
// message is valid until the next call with the same buf; others (whole
// updates, a delta shared by the seat's subscribers) are not in *buf. A nil
// buf is Next.
func (sub *Sub) NextInto(since int, buf *[]byte) ([]byte, int, error) {
	m := sub.m
	m.mu.Lock()
	defer m.mu.Unlock()
	last := sub.last
	if last == nil || sub.full || len(m.log) < last.version || len(m.log)-last.version > LogTail {
		if last != nil {
			since = last.version
		}
		u, cur := sub.updateLocked(since)
		sub.last, sub.full = cur, false
		b, err := u.AppendJSON(nil)
		return b, cur.version, err
	}
	_, cur, sh := m.sharedSnapshotLocked(sub.seat)
	if cur == last || cur.version == last.version && bytes.Equal(cur.head, last.head) {
		return nil, cur.version, nil
	}
	sub.last = cur
	if sh != nil && sh.prev == last && (buf == nil || sh.delta != nil || m.seatSubsLocked(sub.seat) > 1) {
		if sh.delta == nil {
			sh.delta = sub.deltaLocked(last, cur, nil)
		}
		sh.dropPrevLocked(m)
		return sh.delta, cur.version, nil
	}
	d := sub.deltaLocked(last, cur, buf)
	if sh != nil {
		sh.dropPrevLocked(m)
	}
	return d, cur.version, nil
}

// dropPrevLocked recycles the seat's snapshot before the last once no
// subscriber has it as its last (each got its delta from it): it is
// kept no longer than the deltas need it, rather than until the next
// change, and the collector has one snapshot less a seat to mark (issue 14,
// ninth pass). Its delta, already made, stays.
func (sh *sharedSnapshot) dropPrevLocked(m *Match) {
	if sh.prev == nil {
		return
	}
	for o := range m.subs {
		if o.last == sh.prev {
			return
		}
	}
	m.recycleLocked(sh.prev)
	sh.prev = nil
}

// seatSubsLocked is how many subscribers follow the game as s.
func (m *Match) seatSubsLocked(s *seat) int {
	n := 0
	for o := range m.subs {
		if o.seat == s {
			n++
		}
	}
	return n
}

// deltaLocked is the delta from last to cur with the log's entries after
// last, as the subscriber sees them: made in reused buffers, then copied
// once at its size (it grew by doubling, and was allocated two or three
// times over, for every push); or, with into not nil, made in *into
// (NextInto's).
func (sub *Sub) deltaLocked(last, cur *pushed, into *[]byte) []byte {
	eb := deltaBufs.Get().(*[]byte)
	*eb = sub.m.appendLogLocked((*eb)[:0], sub.viewerLocked(), last.version)
	var out []byte
	if into != nil {
		*into = appendDelta((*into)[:0], last, cur, *eb)
		out = *into
	} else {
		db := deltaBufs.Get().(*[]byte)
		*db = appendDelta((*db)[:0], last, cur, *eb)
		out = bytes.Clone(*db)
		putDeltaBuf(db)
	}
	putDeltaBuf(eb)
	return out
}

var deltaBufs = sync.Pool{New: func() any { return new([]byte) }}

func putDeltaBuf(b *[]byte) {
	if cap(*b) <= 256<<10 { // a rare huge one is not kept
		*b = (*b)[:0]
		deltaBufs.Put(b)
	}
}

func (m *Match) notifyLocked() {
	for sub := range m.subs {
		select {
		case sub.c <- struct{}{}:
		default: // a signal is already waiting
		}
	}
}
