package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/gorilla/websocket"

	"m44/internal/jsonenc"
	"m44/match"
)

// A seat's WebSocket carries the seat's actions (issue 14, "Fifth pass"):
// {"type":"action","action":"…","version":N,"id":K} is applied as POST
// …/actions would apply it, with the socket's token (the socket acts for
// its own seat only; a spectator's socket has no token, and its actions
// are refused unauthorized as a POST without one), and answered
// {"type":"ack","id":K,"version":V} or {"type":"error","id":K,"code","message"}
// with the POST's error codes, before the delta the action causes.

// wsIn is one message of a client, read and checked.
type wsIn struct {
	id      *int64 // the client's number for the message, echoed
	full    bool   // {"type":"full"}
	action  string
	version *int
	err     *match.Error // a message that does not read: answered with it
	read    time.Time    // when its frame was read (the stages' metric)
}

// wsClientMessage is a client's message as it is written.
type wsClientMessage struct {
	Type    string  `json:"type"`
	Action  *string `json:"action"`
	Version *int    `json:"version"`
	ID      *int64  `json:"id"`
}

// parseWSMessage reads a client's message. A binary message, or text that
// is not a JSON object, is garbage (false: the socket is closed, 1008); a
// JSON object that is not a message (an unknown type or field, a field of
// the wrong type) is answered bad_request.
func parseWSMessage(typ int, b []byte) (wsIn, bool) {
	b = bytes.TrimSpace(b)
	if typ != websocket.TextMessage || len(b) == 0 || b[0] != '{' || !json.Valid(b) {
		return wsIn{}, false
	}
	m, ok := parseWSPlain(b)
	if !ok {
		var err error
		if m, err = decodeWSMessage(b); err != nil {
			var idOnly struct {
				ID *int64 `json:"id"`
			}
			json.Unmarshal(b, &idOnly) // the id, if it reads, to answer with
			return wsIn{id: idOnly.ID, err: match.Errorf(match.CodeBadRequest, "bad message: %v", err)}, true
		}
	}
	in := wsIn{id: m.ID}
	switch m.Type {
	case "full":
		in.full = true
	case "action":
		if m.Action == nil {
			in.err = match.Errorf(match.CodeBadRequest, "action: missing")
			break
		}
		in.action, in.version = *m.Action, m.Version
	case "":
		in.err = match.Errorf(match.CodeBadRequest, `type: missing ("full" or "action")`)
	default:
		in.err = match.Errorf(match.CodeBadRequest, `type: %q is not a client message ("full" or "action")`, m.Type)
	}
	return in, true
}

// decodeWSMessage reads b, a JSON object, as a client message, refusing
// members that are not a message's.
func decodeWSMessage(b []byte) (wsClientMessage, error) {
	var m wsClientMessage
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	err := dec.Decode(&m)
	return m, err
}

// parseWSPlain reads b, a valid JSON object, when it is written plainly
// (as m44 load and most clients write it): members of the message only,
// each once, in lower case; strings of printable ASCII without escapes;
// integers. It then reads as json.Decoder with DisallowUnknownFields reads
// it (TestParseWSMessagePlain), without its cost (a decoder, its buffer,
// reflection: 2 % of a WebSocket server's CPU; issue 14, sixth pass).
// Anything else is false, and left to the decoder.
func parseWSPlain(b []byte) (wsClientMessage, bool) {
	var m wsClientMessage
	ms := jsonenc.Members(b)
	if ms == nil {
		return m, false
	}
	var seen [4]bool
	for _, mem := range ms {
		k := -1
		switch string(mem.Key) {
		case "type":
			k = 0
		case "action":
			k = 1
		case "version":
			k = 2
		case "id":
			k = 3
		}
		if k < 0 || seen[k] {
			return m, false
		}
		seen[k] = true
		v := mem.Val
		switch k {
		case 0, 1:
			if len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' {
				return m, false
			}
			for _, c := range v[1 : len(v)-1] {
				if c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
					return m, false
				}
			}
			str := string(v[1 : len(v)-1])
			if k == 0 {
				m.Type = str
			} else {
				m.Action = &str
			}
		case 2, 3:
			if len(v) == 0 || v[0] != '-' && (v[0] < '0' || v[0] > '9') {
				return m, false
			}
			for _, c := range v[1:] {
				if c < '0' || c > '9' {
					return m, false
				}
			}
			if k == 2 {
				n, err := strconv.Atoi(string(v))
				if err != nil {
					return m, false
				}
				m.Version = &n
			} else {
				n, err := strconv.ParseInt(string(v), 10, 64)
				if err != nil {
					return m, false
				}
				m.ID = &n
			}
		}
	}
	return m, true
}

type wsError struct {
	Type       string     `json:"type"`
	ID         *int64     `json:"id,omitempty"`
	Code       match.Code `json:"code"`
	Message    string     `json:"message"`
	RetryAfter int        `json:"retry_after,omitempty"` // seconds, as a 429's or 503's Retry-After
}

// wsErrorJSON is {"type":"error",…} for err, in answer to message id.
func wsErrorJSON(id *int64, err error, retry int) []byte {
	var e *match.Error
	if !errors.As(err, &e) {
		e = &match.Error{Code: match.CodeInternal, Msg: "internal error"}
	}
	b, _ := json.Marshal(wsError{Type: "error", ID: id, Code: e.Code, Message: e.Msg, RetryAfter: retry})
	return b
}

// wsAct applies a seat's action sent on its socket (token: the socket's)
// to game and answers the message to write back: its ack (ok) or its
// error, and the version the action brought the game to. The rate limit
// and applyAct are those of POST …/actions. A game
// another node owns has the action forwarded to that node as a POST
// (forwardAct), as this node's proxy forwards a client's POST.
func (s *Server) wsAct(ctx context.Context, game, client, reqID, token string, in wsIn) ([]byte, int, bool) {
	if err, secs := s.allow(s.actionLim, "actions", client); err != nil {
		return wsErrorJSON(in.id, err, secs), 0, false
	}
	req := ActRequest{Token: token, Action: in.action, Version: in.version}
	v, err := s.applyAct(ctx, game, req)
	var away *match.Elsewhere
	if errors.As(err, &away) {
		v, err = s.forwardAct(ctx, away, client, reqID, req)
	}
	if err != nil {
		retry := 0
		switch match.CodeOf(err) {
		case match.CodeInternal:
			s.log.Error("a WebSocket action failed", "game", game, "request", reqID, "err", err)
		case match.CodeUnavailable:
			retry = retryAfter(s.opts.ClusterTTL)
		}
		return wsErrorJSON(in.id, err, retry), 0, false
	}
	return appendAck(nil, in.id, v, false), v, true
}

// deltaHead is how a delta's JSON begins (match.Sub.Next: "type" first).
var deltaHead = []byte(`{"type":"delta",`)

// appendAck appends the ack of message id at version v: the message
// {"type":"ack","id":K,"version":V}, or inDelta the member
// "ack":{"id":K,"version":V} of the delta the action caused ("id" left out
// when the client's message had none).
func appendAck(b []byte, id *int64, v int, inDelta bool) []byte {
	if inDelta {
		b = append(b, `"ack":{`...)
	} else {
		b = append(b, `{"type":"ack",`...)
	}
	if id != nil {
		b = append(b, `"id":`...)
		b = strconv.AppendInt(b, *id, 10)
		b = append(b, ',')
	}
	b = append(b, `"version":`...)
	b = strconv.AppendInt(b, int64(v), 10)
	return append(b, '}')
}

// forwardAct posts req to the node that owns its game (POST
// /api/games/{id}/actions with the nodes' secret and the client's
// address, so that the owner applies its checks and limits to the client)
// and reads its answer back as applyAct's.
func (s *Server) forwardAct(ctx context.Context, away *match.Elsewhere, client, reqID string, req ActRequest) (int, error) {
	unavailable := func(msg string) (int, error) {
		s.games.Moved(away.Game)
		return 0, match.Errorf(match.CodeUnavailable, "%s", msg)
	}
	body, err := json.Marshal(req)
	if err != nil {
		return 0, err
	}
	hr, err := http.NewRequestWithContext(ctx, "POST", strings.TrimSuffix(away.Addr, "/")+"/api/games/"+url.PathEscape(away.Game)+"/actions", bytes.NewReader(body))
	if err != nil {
		s.log.Error("a node's address does not parse", "node", away.Node, "addr", away.Addr)
		return unavailable("the game's server cannot be reached: try again")
	}
	hr.Header.Set("Content-Type", "application/json")
	s.forwardedFor(hr.Header, client)
	if reqID != "" {
		hr.Header.Set("X-Request-Id", reqID)
	}
	s.metrics.forwarded.Inc()
	resp, err := (&http.Client{Transport: nodeTransport}).Do(hr)
	if err != nil {
		s.log.Warn("cannot forward a WebSocket action to the game's node", "game", away.Game, "node", away.Node, "err", err)
		return unavailable("the game's server does not answer: try again in a few seconds (another server takes its games over)")
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return unavailable("the game's server does not answer: try again")
	}
	if resp.StatusCode == http.StatusOK {
		var ok struct {
			Version int `json:"version"`
		}
		if err := json.Unmarshal(raw, &ok); err != nil {
			return 0, &match.Error{Code: match.CodeInternal, Msg: "the game's server answered what does not read", Err: err}
		}
		return ok.Version, nil
	}
	if resp.StatusCode == http.StatusServiceUnavailable {
		s.games.Moved(away.Game) // the owner is leaving, or it moved
	}
	var e errorBody
	if err := json.Unmarshal(raw, &e); err != nil || e.Error.Code == "" {
		return 0, &match.Error{Code: match.CodeInternal, Msg: "the game's server answered what does not read", Err: err}
	}
	return 0, match.Errorf(e.Error.Code, "%s", e.Error.Message)
}
