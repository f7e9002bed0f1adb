package web

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/gorilla/websocket"

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
	// Each message compressed on its own (no context takeover, the only
	// mode the library offers): a compressor kept for each socket's life
	// made the server's memory grow by well over a megabyte a socket (380
	// MB against 120 MB with 200 sockets), gigabytes for a few thousand
	// players (issue 14: memory bounded). Small messages are not
	// compressed (wsCompressFrom, writeDeadline.write).
	c, err := wsUpgrader.Upgrade(hijacker{w}, r, nil)
	if err != nil {
		return // Upgrade has answered the client
	}
	noteStatus(w, http.StatusSwitchingProtocols) // (written on the hijacked connection: for the log)
	s.sockets.Add(1)
	defer s.sockets.Done()
	s.metrics.sockets.Inc()
	defer s.metrics.sockets.Dec()
	defer c.Close()
	// The client sends requests for a whole update ({"type":"full"}) and,
	// on a seat's socket, actions ({"type":"action"}); reading also
	// answers the client's pings and close. The messages are handled in
	// order by the loop below, which writes an action's answer before the
	// delta it causes.
	c.SetReadLimit(wsReadLimit)
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	in := make(chan wsIn, 4)
	readerDone := make(chan struct{})
	var pong atomic.Int64 // when the client last answered a ping (UnixNano)
	c.SetPongHandler(func(string) error { pong.Store(time.Now().UnixNano()); return nil })
	go func() {
		defer close(readerDone)
		defer cancel()
		// Each message read into one buffer. parseWSMessage keeps
		// nothing of it.
		buf := make([]byte, wsReadLimit+1)
		for {
			typ, n, err := wsReadMessage(c, buf)
			if err != nil {
				return // closed, or a message too big (closed with 1009)
			}
			m, ok := parseWSMessage(typ, buf[:n])
			m.read = time.Now()
			if !ok {
				wsCloseFrame(c, websocket.ClosePolicyViolation, `not a JSON object: the client sends {"type":"full"} or {"type":"action",…}`)
				wsDrain(c)
				return
			}
			select {
			case in <- m:
			case <-ctx.Done():
				return
			}
		}
	}()
	// closeWith ends the socket with code: the close frame, then the
	// client's answer (read by the reader above) or a time out, as the
	// closing handshake asks; the connection is then closed.
	closeWith := func(code int, reason string) {
		wsCloseFrame(c, code, reason)
		c.SetReadDeadline(time.Now().Add(wsCloseWait))
		cancel() // (a reader waiting to hand a message over stops)
		<-readerDone
	}
	token, reqID := q.Get("token"), w.Header().Get("X-Request-Id")

	wd := writeDeadline{c: c}
	every := s.limits.SocketPing
	if every <= 0 {
		every = wsPingEvery
	}
	ping := time.NewTicker(every)
	defer ping.Stop()
	send := true
	var pinged time.Time // when the last ping was sent
	var wbuf []byte      // a delta with an ack, made in one buffer reused
	var dbuf []byte      // this socket's deltas (match.Sub.NextInto), valid until the next
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
				if err := wd.write(b); err != nil {
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
				if err := wd.write(b); err != nil {
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
						wd.write(b) // the ack, at least
						return
					}
					since = dv
					if d != nil && bytes.HasPrefix(d, deltaHead) {
						wbuf = appendAck(append(wbuf[:0], deltaHead...), m.id, v, true)
						wbuf = append(append(wbuf, ','), d[len(deltaHead):]...)
						b = wbuf
					} else if d != nil {
						if err := wd.write(b); err != nil {
							return
						}
						b = d
					}
				}
				t2 := time.Now()
				s.metrics.wsDelta.Observe(t2.Sub(t1).Seconds())
				if err := wd.write(b); err != nil {
					return
				}
				s.metrics.wsWrite.Observe(time.Since(t2).Seconds())
			}
		case <-sub.C():
			send = true
			if sub.Closed() {
				closeWith(websocket.CloseGoingAway, "the server is shutting down")
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
					closeWith(websocket.CloseServiceRestart, "the game moved: reconnect")
					return
				}
			}
		case <-ping.C:
			// A client that has not answered the last ping (sent one
			// period ago) is gone: its socket is closed.
			if !pinged.IsZero() && pong.Load() < pinged.UnixNano() {
				return
			}
			pinged = time.Now()
			if err := c.WriteControl(websocket.PingMessage, nil, pinged.Add(wsWriteTimeout)); err != nil {
				return
			}
		case <-s.done:
			closeWith(websocket.CloseGoingAway, "the server is shutting down")
			return
		case <-ctx.Done():
			return
		}
	}
}

// wsUpgrader makes the sockets: permessage-deflate when the client offers
// it (browsers do), each message written in a pooled buffer of wsWriteBuf
// bytes, held only while it is written (2,000 sockets open hold none): one
// frame for any message under that size. Its origin check is the library's: a page
// of another site cannot open a socket (the Origin header, when sent, must
// name this host).
var wsUpgrader = websocket.Upgrader{EnableCompression: true, WriteBufferPool: &sync.Pool{}, WriteBufferSize: wsWriteBuf,
	HandshakeTimeout: wsWriteTimeout}

const (
	wsWriteBuf = 16 << 10
	// wsCloseWait is how long a socket being closed waits for the
	// client's close frame.
	wsCloseWait = 2 * time.Second
)

// hijacker gives the upgrade the connection under the server's response
// writers (which unwrap to it, as http.ResponseController reaches it).
type hijacker struct{ http.ResponseWriter }

func (h hijacker) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	return http.NewResponseController(h.ResponseWriter).Hijack()
}

// wsCloseFrame sends the close frame with code and reason (cut to 123
// bytes, the protocol's limit, at a character's end).
func wsCloseFrame(c *websocket.Conn, code int, reason string) {
	for len(reason) > 123 {
		_, n := utf8.DecodeLastRuneInString(reason)
		reason = reason[:len(reason)-n]
	}
	c.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, reason), time.Now().Add(wsWriteTimeout))
}

// wsDrain reads the socket until the client answers the close frame (or
// wsCloseWait passes).
func wsDrain(c *websocket.Conn) {
	c.SetReadDeadline(time.Now().Add(wsCloseWait))
	for {
		if _, _, err := c.NextReader(); err != nil {
			return
		}
	}
}

// wsReadMessage reads the client's next message into buf (longer than
// wsReadLimit) and answers its type and length. A message over
// wsReadLimit is an error, the library having sent the close frame, 1009
// (message too big): the rest is read and dropped until the client closes
// (wsDrainConn), so that closing does not reset the connection before the
// client reads that frame.
func wsReadMessage(c *websocket.Conn, buf []byte) (int, int, error) {
	typ, rd, err := c.NextReader()
	n := 0
	for err == nil && n < len(buf) {
		var k int
		k, err = rd.Read(buf[n:])
		n += k
	}
	switch {
	case err == io.EOF:
		return typ, n, nil
	case err == nil: // (never: the read limit errs first)
		return typ, n, websocket.ErrReadLimit
	case err == websocket.ErrReadLimit:
		wsDrainConn(c)
	}
	return typ, n, err
}

// wsDrainConn reads what the client sends, unread, until it closes the
// connection (or wsCloseWait passes): the library's reads stop at an error.
func wsDrainConn(c *websocket.Conn) {
	nc := c.NetConn()
	nc.SetReadDeadline(time.Now().Add(wsCloseWait))
	io.Copy(io.Discard, nc)
}

// noteStatus tells the server's response writer under w (statusWriter)
// the status a hijacked connection was answered with.
func noteStatus(w http.ResponseWriter, code int) {
	for {
		switch x := w.(type) {
		case *statusWriter:
			if x.status == 0 {
				x.status = code
			}
			return
		case interface{ Unwrap() http.ResponseWriter }:
			w = x.Unwrap()
		default:
			return
		}
	}
}

// writeDeadline writes a socket's messages, each with from half of
// wsWriteTimeout to all of it: one deadline serves the writes of a few
// seconds, rather than one set for every message.
type writeDeadline struct {
	c     *websocket.Conn
	until time.Time
}

// write writes b as a text message, compressed if the client accepts it
// and b is at least wsCompressFrom bytes.
func (d *writeDeadline) write(b []byte) error {
	if now := time.Now(); d.until.Sub(now) < wsWriteTimeout/2 {
		d.until = now.Add(wsWriteTimeout)
		d.c.SetWriteDeadline(d.until)
	}
	d.c.EnableWriteCompression(len(b) >= wsCompressFrom)
	return d.c.WriteMessage(websocket.TextMessage, b)
}
