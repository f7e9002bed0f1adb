package web

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/coder/websocket"

	"m44/match"
)

const (
	wsWriteTimeout = 10 * time.Second
	wsPingEvery    = 25 * time.Second
	// wsReadLimit bounds a client's message: {"type":"full"} or an
	// action (the longest engine action is well under 200 bytes); a
	// longer one closes the socket with 1009 (message too big).
	wsReadLimit = 1 << 10
	// wsCompressFrom is the smallest message compressed (permessage-deflate):
	// a delta (2 KB at the median, 5 KB at the 99th percentile) goes as it
	// is. Compressing each message on its own builds its Huffman tables
	// anew, a fixed cost that made a fifth of a WebSocket server's CPU when
	// every delta was compressed (issue 14, "Fourth pass"); the whole
	// updates (6-50 KB) are still compressed.
	wsCompressFrom = 8 << 10
)

// websocket is GET /api/games/{id}/ws?token=T&since=N: the server pushes an
// update (the log entries after the client's version, and its snapshot) on
// connection, then after every change a delta: what changed since the
// message before (docs/web-api.md). The client may ask for a whole update,
// {"type":"full"}, and a seat's socket may carry the seat's actions,
// {"type":"action","action":"…","version":N,"id":K}, each answered
// {"type":"ack","id":K,"version":V} or {"type":"error","id":K,…} before
// the delta it causes (wsact.go).
func (s *Server) websocket(w http.ResponseWriter, r *http.Request) {
	// On a node that does not own the game, a follower copy (cluster.go).
	m, err := s.games.Follow(r.Context(), r.PathValue("id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	q := r.URL.Query()
	// ack=delta: the client takes an action's ack in the delta the action
	// caused (wsact.go); without it, each ack is a message of its own, as
	// before the sixth pass.
	ackInDelta := q.Get("ack") == "delta"
	since := -1 // no since: the snapshot only (its log has every entry)
	if v := q.Get("since"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			s.writeError(w, r, match.Errorf(match.CodeBadRequest, "since: %q is not a version", v))
			return
		}
		since = n
	}
	select {
	case <-s.done:
		s.writeError(w, r, match.Errorf(match.CodeInternal, "the server is shutting down"))
		return
	default:
	}
	game, client := r.PathValue("id"), clientKey(r)
	if err := s.sockCaps.acquire(game, client); err != nil {
		s.metrics.refused("websockets")
		s.writeError(w, r, err)
		return
	}
	defer s.sockCaps.release(game, client)
	sub, err := m.Subscribe(q.Get("token"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	defer func() { sub.Close() }()
	// The server's read and write timeouts bound a request, not a
	// WebSocket's life: it has its pings and wsWriteTimeout instead. (The
	// WebSocket library clears the deadlines too; this does not rely on it.)
	rc := http.NewResponseController(w)
	rc.SetReadDeadline(time.Time{})
	rc.SetWriteDeadline(time.Time{})
	// Each message compressed on its own (no context takeover): a
	// compressor kept for each socket's life made the server's memory
	// grow by well over a megabyte a socket (380 MB against 120 MB with
	// 200 sockets), gigabytes for a few thousand players (issue 14:
	// memory bounded); pooled compressors are shared between messages.
	// Small messages are not compressed (wsCompressFrom).
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{CompressionMode: websocket.CompressionNoContextTakeover,
		CompressionThreshold: wsCompressFrom})
	if err != nil {
		return // Accept has answered the client
	}
	s.sockets.Add(1)
	defer s.sockets.Done()
	s.metrics.sockets.Inc()
	defer s.metrics.sockets.Dec()
	defer c.CloseNow()
	// The client sends requests for a whole update ({"type":"full"}) and,
	// on a seat's socket, actions ({"type":"action"}); reading also
	// answers the client's pings and close. The messages are handled in
	// order by the loop below, which writes an action's answer before the
	// delta it causes.
	c.SetReadLimit(wsReadLimit)
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	in := make(chan wsIn, 4)
	go func() {
		defer cancel()
		// Each message read into one buffer (c.Read allocated one for
		// each: 3 % of a WebSocket server's CPU with the collector's share;
		// issue 14, sixth pass). parseWSMessage keeps nothing of it.
		buf := make([]byte, wsReadLimit+1)
		for {
			typ, rd, err := c.Reader(ctx)
			if err != nil {
				return // closed
			}
			n := 0
			for err == nil && n < len(buf) {
				var k int
				k, err = rd.Read(buf[n:])
				n += k
			}
			if err != io.EOF {
				// A message over wsReadLimit is closed with 1009 by the
				// library (its read limit errs before buf is full).
				if err == nil {
					c.Close(websocket.StatusMessageTooBig, "message too big")
				}
				return
			}
			m, ok := parseWSMessage(typ, buf[:n])
			m.read = time.Now()
			if !ok {
				c.Close(websocket.StatusPolicyViolation, `not a JSON object: the client sends {"type":"full"} or {"type":"action",…}`)
				return
			}
			select {
			case in <- m:
			case <-ctx.Done():
				return
			}
		}
	}()
	token, reqID := q.Get("token"), w.Header().Get("X-Request-Id")

	wctx := &writeDeadline{parent: ctx}
	defer wctx.stop()
	ping := time.NewTicker(wsPingEvery)
	defer ping.Stop()
	send := true
	var wbuf []byte // a delta with an ack, made in one buffer reused
	var dbuf []byte // this socket's deltas (match.Sub.NextInto), valid until the next
	for {
		if cap(dbuf) > 64<<10 || cap(wbuf) > 64<<10 { // a rare huge delta is not kept
			dbuf, wbuf = nil, nil
		}
		if send {
			// The first message is a whole update; then deltas (match.Sub.NextInto).
			b, v, err := sub.NextInto(since, &dbuf)
			if err != nil {
				return
			}
			if b != nil {
				if err := c.Write(wctx.get(), websocket.MessageText, b); err != nil {
					return
				}
			}
			since = v
			send = false
		}
		select {
		case m := <-in:
			switch {
			case m.err != nil:
				// Charged to the actions' allowance, as a POST with a
				// malformed body is: a flood of them is cut too.
				b := wsErrorJSON(m.id, m.err, 0)
				if err, secs := s.allow(s.actionLim, "actions", client); err != nil {
					b = wsErrorJSON(m.id, err, secs)
				}
				if err := c.Write(wctx.get(), websocket.MessageText, b); err != nil {
					return
				}
			case m.full:
				sub.AskFull()
			default:
				t0 := time.Now()
				s.metrics.wsRead.Observe(t0.Sub(m.read).Seconds())
				b, v, ok := s.wsAct(ctx, game, client, reqID, token, m)
				t1 := time.Now()
				s.metrics.wsAct.Observe(t1.Sub(t0).Seconds())
				if ok && !ackInDelta {
					// The delta the action caused follows its ack (on a
					// follower copy, once the owner's change reaches it).
					send = true
				}
				if ok && ackInDelta {
					// The delta the action caused carries its ack (the
					// client asked so): one message and one write rather
					// than two (issue 14, sixth pass). On a follower copy
					// the change may not have come yet (and a duplicate
					// changes nothing): the ack then goes alone, and the
					// delta follows when it comes.
					sub.Settle()
					d, dv, err := sub.NextInto(since, &dbuf)
					if err != nil {
						c.Write(wctx.get(), websocket.MessageText, b) // the ack, at least
						return
					}
					since = dv
					if d != nil && bytes.HasPrefix(d, deltaHead) {
						wbuf = appendAck(append(wbuf[:0], deltaHead...), m.id, v, true)
						wbuf = append(append(wbuf, ','), d[len(deltaHead):]...)
						b = wbuf
					} else if d != nil {
						if err := c.Write(wctx.get(), websocket.MessageText, b); err != nil {
							return
						}
						b = d
					}
				}
				t2 := time.Now()
				s.metrics.wsDelta.Observe(t2.Sub(t1).Seconds())
				if err := c.Write(wctx.get(), websocket.MessageText, b); err != nil {
					return
				}
				s.metrics.wsWrite.Observe(time.Since(t2).Seconds())
			}
		case <-sub.C():
			send = true
			if sub.Closed() {
				c.Close(websocket.StatusGoingAway, "the server is shutting down")
				return
			}
			if sub.Gone() {
				// The copy followed was dropped (it could not catch up):
				// follow the game anew, from the version the client has.
				// Its first message is a whole update.
				sub.Close()
				m, err := s.games.Follow(ctx, game)
				if err == nil {
					sub, err = m.Subscribe(q.Get("token"))
				}
				if err != nil {
					c.Close(websocket.StatusServiceRestart, "the game moved: reconnect")
					return
				}
			}
		case <-ping.C:
			pctx, cancel := context.WithTimeout(ctx, wsWriteTimeout)
			err := c.Ping(pctx)
			cancel()
			if err != nil {
				return
			}
		case <-s.done:
			c.Close(websocket.StatusGoingAway, "the server is shutting down")
			return
		case <-ctx.Done():
			return
		}
	}
}

// writeDeadline is the context of a socket's writes: each has from half
// of wsWriteTimeout to all of it. One context serves the writes of a few
// seconds (the WebSocket library stops watching it after each write): a
// timer made for every message was 3 % of a WebSocket server's CPU.
type writeDeadline struct {
	parent context.Context
	ctx    context.Context
	cancel context.CancelFunc
	until  time.Time
}

func (d *writeDeadline) get() context.Context {
	if now := time.Now(); d.ctx == nil || d.until.Sub(now) < wsWriteTimeout/2 {
		d.stop()
		d.until = now.Add(wsWriteTimeout)
		d.ctx, d.cancel = context.WithDeadline(d.parent, d.until)
	}
	return d.ctx
}

func (d *writeDeadline) stop() {
	if d.cancel != nil {
		d.cancel()
	}
}
