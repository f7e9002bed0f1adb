package match

import (
	"bytes"
	"encoding/json"
	"strconv"
	"sync"

	"m44/internal/jsonenc"
)

// A WebSocket push carries what changed since the message the socket last
// received (docs/web-api.md, "Update and delta"): the log's entries after
// that version and the snapshot's fields whose JSON changed — the view's
// own fields one by one, since its board's terrain seldom changes while
// its units do. A whole snapshot goes on connection, when the socket is
// too far behind, and when the client asks for one.

// pushed is a snapshot as pushed to WebSockets: its JSON without the log
// (head, a whole object), and the spans of its fields. It is shared by the
// sockets that see the game alike, and never changed once made.
type pushed struct {
	version int
	head    []byte
	fields  []jsonenc.Member
	board   *publicBoard     // the view's board members, encoded for every viewer of the position (nil: in head only)
	text    *boardText       // board's JSON, which view's members point into: held until recycled
	view    []jsonenc.Member // the view's own fields, split when a delta first needs them
	viewOK  bool             // view is split
}

// viewFields is the view's fields (nil if it has none or is no object);
// the caller holds the game's lock (a pushed is shared).
func (p *pushed) viewFields() []jsonenc.Member {
	if !p.viewOK {
		if v, _, ok := jsonenc.Lookup(p.fields, []byte(deltaView), -1); ok {
			p.view = viewMembers(v, p.board)
		}
		// The board is needed no more: let its position go (its engine
		// state, its view's structures) once the game moved on, rather
		// than keep it while the snapshot is a socket's last (issue 14,
		// sixth pass: less for the collector to mark).
		p.viewOK, p.board = true, nil
	}
	return p.view
}

// pushedOf is snap (its log left out) as pushed at version: its JSON and
// its members, taken as they are written rather than read back. size is
// the room to make for the JSON (the last one's size: they grow slowly).
func pushedOf(version int, snap *Snapshot, size int) *pushed {
	// A snapshot has 15-20 members. (An error: a clock not encoded, the
	// snapshot's only fallible part.)
	var mb [32]int
	marks := mb[:0]
	b, _ := snap.appendFields(headBuf(max(size, 4<<10)), &marks)
	n := len(b)
	b = append(b, '}')
	fields := membersAtInto(getMembers(len(marks)), b, marks, n)
	if fields == nil {
		fields = jsonenc.Members(b) // (never: the marks are the members')
	}
	p := &pushed{version: version, head: b, board: snap.board, fields: fields}
	if snap.board != nil {
		p.text = snap.board.text
		p.text.refs++
	}
	return p
}

// headBufs holds the JSON buffers of pushed snapshots no longer
// referenced (recycleLocked), for the next ones: two are made for every
// action of a game with both seats followed, a fifth of what a WebSocket
// server allocated (issue 14, sixth pass). boardBufs holds the shared
// boards' (boardText), smaller: one pool each, so that a board's buffer
// never stands in a pool where a snapshot's does not fit.
var headBufs, boardBufs = newBufPool(), newBufPool()

func newBufPool() *sync.Pool { return &sync.Pool{New: func() any { return new([]byte) }} }

// headBuf is an empty buffer of at least size bytes' room.
func headBuf(size int) []byte { return getBuf(headBufs, size) }

// getBuf is an empty buffer of pool of at least size bytes' room.
func getBuf(pool *sync.Pool, size int) []byte {
	p := pool.Get().(*[]byte)
	if cap(*p) >= size {
		b := (*p)[:0]
		*p = nil
		pool.Put(p) // (the holder, emptied, for the next recycled buffer)
		return b
	}
	pool.Put(p)
	return make([]byte, 0, size)
}

// recycleLocked gives p's JSON buffer back for later snapshots, if no
// subscriber still has p as its last (it makes its next delta from it):
// p is dropped by the game's shared snapshots, and nothing else holds it
// or its buffer (an Update made from it is written out under the game's
// lock by Sub.Next; see Sub.Update). p is emptied, so that a stale use
// finds nothing rather than a later snapshot's bytes.
func (m *Match) recycleLocked(p *pushed) {
	if p == nil || p.head == nil {
		return
	}
	for sub := range m.subs {
		if sub.last == p {
			return
		}
	}
	b, fields, view, text := p.head, p.fields, p.view, p.text
	p.head, p.fields, p.view, p.viewOK, p.board, p.text = nil, nil, nil, true, nil, nil
	putMembers(fields)
	putMembers(view)
	putBuf(headBufs, b)
	if text != nil {
		text.releaseLocked()
	}
}

// putBuf gives b back to pool for later JSON (getBuf).
func putBuf(pool *sync.Pool, b []byte) {
	if cap(b) > 256<<10 {
		return // a rare huge one is not kept
	}
	h := pool.Get().(*[]byte)
	*h = b[:0]
	pool.Put(h)
}

// memberBufs holds the member lists of recycled pushed snapshots (their
// fields and view's), for the next ones: lists of 32 members (a snapshot's
// fields), and of 64 (a view's, with the board's). (One pool for all, each
// holder put back emptied, mostly missed: 1.8 KB allocated per action.)
var memberBufs [2]sync.Pool

// memberClass is the pool of lists of room n (-1: none, too long), and the
// room of its lists.
func memberClass(n int) (int, int) {
	switch {
	case n <= 32:
		return 0, 32
	case n <= 64:
		return 1, 64
	}
	return -1, n
}

// getMembers is an empty member list with room for n members.
func getMembers(n int) []jsonenc.Member {
	k, room := memberClass(n)
	if k >= 0 {
		if p, _ := memberBufs[k].Get().(*[]jsonenc.Member); p != nil {
			return (*p)[:0]
		}
	}
	return make([]jsonenc.Member, 0, room)
}

// putMembers gives ms back, cleared (its spans point into a recycled
// buffer: nothing is to keep it alive).
func putMembers(ms []jsonenc.Member) {
	k, room := memberClass(cap(ms))
	if k < 0 || cap(ms) != room {
		return
	}
	ms = ms[:cap(ms)]
	clear(ms)
	h := new([]jsonenc.Member) // (a holder of its own: Put keeps it)
	*h = ms[:0]
	memberBufs[k].Put(h)
}

// membersAtInto appends to out the members of the JSON b whose
// separators ('{' or ',', each followed by the member's key) are at marks,
// the last member's value ending at end; nil if they are not so.
func membersAtInto(out []jsonenc.Member, b []byte, marks []int, end int) []jsonenc.Member {
	for i, at := range marks {
		e := end
		if i+1 < len(marks) {
			e = marks[i+1]
		}
		k := at + 2 // after '{"' or ',"'
		if k > e || b[k-1] != '"' {
			return nil
		}
		q := bytes.IndexByte(b[k:e], '"') // the keys are plain
		if q < 0 || k+q+2 > e || b[k+q+1] != ':' {
			return nil
		}
		out = append(out, jsonenc.Member{Key: b[k : k+q], Val: b[k+q+2 : e]})
	}
	return out
}

// viewMembers is the members of v, a view's JSON. With board (the board
// whose members' JSON v carries, as view.View.AppendJSONBoard writes it:
// {"viewer":…, the board's members, the seat's), the board's members are
// read once for all the viewers of the position, and only the rest of v
// here.
func viewMembers(v []byte, board *publicBoard) []jsonenc.Member {
	const pre = `{"viewer":`
	if board == nil || !bytes.HasPrefix(v, []byte(pre)) || v[len(v)-1] != '}' {
		return jsonenc.Members(v)
	}
	i, j := len(pre), 0
	switch {
	case board.members == nil:
		return jsonenc.Members(v)
	case bytes.HasPrefix(v[i:], []byte("null")):
		j = i + len("null")
	case v[i] == '"': // "allies", "axis": nothing escaped
		k := bytes.IndexByte(v[i+1:], '"')
		if k < 0 {
			return jsonenc.Members(v)
		}
		j = i + 1 + k + 1
	default:
		return jsonenc.Members(v)
	}
	if !bytes.HasPrefix(v[j:], board.json) {
		return jsonenc.Members(v)
	}
	out := getMembers(1 + len(board.members) + 10)
	out = append(out, jsonenc.Member{Key: v[2 : len(pre)-2], Val: v[i:j]})
	out = append(out, board.members...)
	out, ok := jsonenc.MemberRun(out, v[j+len(board.json):len(v)-1])
	if !ok {
		return jsonenc.Members(v)
	}
	return out
}

// deltaView is the snapshot field whose own fields a delta gives one by
// one (merged into the client's copy) rather than whole.
const deltaView = "view"

// appendDelta appends the delta message that turns prev into cur, with
// events (the log's entries after prev's version, as the viewer sees them):
//
//	{"type":"delta","version":V,"base":B,"events":[…],"set":{…},"unset":[…]}
//
// set holds cur's fields that are new or changed, each whole but view,
// whose new or changed fields are merged into the client's view; unset
// names the fields gone ("view.x" for a field of the view). The log is
// never in set: events extend it.
func appendDelta(b []byte, prev, cur *pushed, events json.RawMessage) []byte {
	b = append(b, `{"type":"delta","version":`...)
	b = strconv.AppendInt(b, int64(cur.version), 10)
	b = append(b, `,"base":`...)
	b = strconv.AppendInt(b, int64(prev.version), 10)
	b = append(b, `,"events":`...)
	if events == nil {
		b = append(b, "[]"...)
	} else {
		b = append(b, events...)
	}
	b = append(b, `,"set":{`...)
	var unset [][]byte
	first := true
	member := func(key []byte) {
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(b, '"')
		b = append(b, key...)
		b = append(b, `":`...)
	}
	// Both snapshots write their members in one order, some absent from
	// one of them: each lookup first tries the member after the one the
	// last lookup found (a hint of the same index would miss every member
	// after one present in only one of them, and look through them all).
	pk := 0
	for _, f := range cur.fields {
		old, k, ok := jsonenc.Lookup(prev.fields, f.Key, pk)
		if ok {
			pk = k + 1
		}
		if ok && bytes.Equal(old, f.Val) {
			continue
		}
		if ok && string(f.Key) == deltaView {
			of, nf := prev.viewFields(), cur.viewFields()
			if of != nil && nf != nil {
				member(f.Key)
				b = append(b, '{')
				vfirst := true
				vk := 0
				for _, g := range nf {
					ov, k, found := jsonenc.Lookup(of, g.Key, vk)
					if found {
						vk = k + 1
					}
					if found && bytes.Equal(ov, g.Val) {
						continue
					}
					if !vfirst {
						b = append(b, ',')
					}
					vfirst = false
					b = append(b, '"')
					b = append(b, g.Key...)
					b = append(b, `":`...)
					b = append(b, g.Val...)
				}
				b = append(b, '}')
				nk := 0
				for _, g := range of {
					_, k, found := jsonenc.Lookup(nf, g.Key, nk)
					if !found {
						unset = append(unset, append([]byte(deltaView+"."), g.Key...))
					} else {
						nk = k + 1
					}
				}
				continue
			}
		}
		member(f.Key)
		b = append(b, f.Val...)
	}
	b = append(b, '}')
	ck := 0
	for _, f := range prev.fields {
		_, k, ok := jsonenc.Lookup(cur.fields, f.Key, ck)
		if !ok {
			unset = append(unset, f.Key)
		} else {
			ck = k + 1
		}
	}
	if len(unset) > 0 {
		b = append(b, `,"unset":[`...)
		for i, k := range unset {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, '"')
			b = append(b, k...)
			b = append(b, '"')
		}
		b = append(b, ']')
	}
	return append(b, '}')
}
