package web

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"github.com/coder/websocket"

	"m44/match"
)

const (
	wsWriteTimeout = 10 * time.Second
	wsPingEvery    = 25 * time.Second
)

// websocket is GET /api/games/{id}/ws?token=T&since=N: the server pushes an
// update (the log entries after the client's version, and its snapshot) on
// connection and after every change. The client sends nothing.
func (s *Server) websocket(w http.ResponseWriter, r *http.Request) {
	// On a node that does not own the game, a follower copy (cluster.go).
	m, err := s.games.Follow(r.Context(), r.PathValue("id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	q := r.URL.Query()
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
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{CompressionMode: websocket.CompressionNoContextTakeover})
	if err != nil {
		return // Accept has answered the client
	}
	s.sockets.Add(1)
	defer s.sockets.Done()
	s.metrics.sockets.Inc()
	defer s.metrics.sockets.Dec()
	defer c.CloseNow()
	ctx := c.CloseRead(r.Context())

	ping := time.NewTicker(wsPingEvery)
	defer ping.Stop()
	send := true
	for {
		if send {
			u := sub.Update(since)
			if err := writeWS(ctx, c, u); err != nil {
				return
			}
			since = u.Version
			send = false
		}
		select {
		case <-sub.C():
			send = true
			if sub.Closed() {
				c.Close(websocket.StatusGoingAway, "the server is shutting down")
				return
			}
			if sub.Gone() {
				// The copy followed was dropped (it could not catch up):
				// follow the game anew, from the version the client has.
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

func writeWS(ctx context.Context, c *websocket.Conn, v any) error {
	var b []byte
	var err error
	if a, ok := v.(interface{ AppendJSON([]byte) ([]byte, error) }); ok {
		b, err = a.AppendJSON(nil) // an update: its snapshot encoded once for all its viewers
	} else {
		b, err = json.Marshal(v)
	}
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, wsWriteTimeout)
	defer cancel()
	return c.Write(ctx, websocket.MessageText, b)
}
