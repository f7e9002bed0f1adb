// Package protocol is the engine protocol of m44: JSON lines in, JSON lines
// out, so that programs in any language can drive the exact rules engine (in
// the spirit of UCI for chess engines). docs/protocol.md is the reference.
//
// Every request is one JSON object on one line, with a "cmd" and an optional
// "id"; every reply is one JSON object on one line, in request order, echoing
// the id and carrying either a "result" or an "error" with a stable code. A
// request that fails changes nothing.
//
// A Session holds any number of games, each named by a handle; requests that
// name no game address the current one (the last started by "new").
package protocol

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime/debug"

	"m44/rules"
)

// Version is the protocol version reported by "hello". It changes only when
// a request or reply changes incompatibly.
const Version = 1

// DefaultMaxLine is the longest request line Serve accepts (inline scenarios
// are large): 4 MiB.
const DefaultMaxLine = 4 << 20

// historyLimit bounds the undo history of one game.
const historyLimit = 10000

// Error codes. They are stable: programs may switch on them.
const (
	CodeBadJSON        = "bad_json"        // the line is not a JSON object
	CodeLineTooLong    = "line_too_long"   // the line exceeds the maximum length
	CodeUnknownCommand = "unknown_command" // no or unknown "cmd"
	CodeBadArgument    = "bad_argument"    // a field is missing, unknown, of the wrong type or out of range
	CodeNoGame         = "no_game"         // no current game, or no game with that handle
	CodeBadScenario    = "bad_scenario"    // the scenario cannot be read or played
	CodeBadAction      = "bad_action"      // the action text does not parse
	CodeIllegalAction  = "illegal_action"  // the action is not legal now
	CodeBadOutcome     = "bad_outcome"     // a recorded outcome cannot happen, is missing or is left over
	CodeGameOver       = "game_over"       // the game has ended
	CodeNothingToUndo  = "nothing_to_undo" // undo with no earlier state
	CodeInternal       = "internal"        // a bug in the engine; the session goes on
)

// Error is the error object of a reply.
type Error struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	// Index is, for "apply" with a list of actions, the index of the action
	// that failed.
	Index *int `json:"index,omitempty"`
}

func (e *Error) Error() string { return e.Code + ": " + e.Message }

func errf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

type reply struct {
	ID     json.RawMessage `json:"id,omitempty"`
	Result any             `json:"result,omitempty"`
	Error  *Error          `json:"error,omitempty"`
}

// game is one game of the session.
type game struct {
	handle      string
	title       string
	source      string
	seed        uint64
	st          *rules.State
	history     []*rules.State // earlier states, oldest first; never mutated
	unsupported []Unsupported
	notes       []string // the scenario importer's remarks
}

// commit makes next the game's state, remembering the current one for undo.
// States are never changed in place once current: every change is made on a
// clone and committed, so that a failed request changes nothing.
func (g *game) commit(next *rules.State) {
	if len(g.history) >= historyLimit {
		g.history = append(g.history[:0:0], g.history[len(g.history)-historyLimit+1:]...)
	}
	g.history = append(g.history, g.st)
	g.st = next
}

// Session is one protocol conversation. The zero value is not usable; use
// NewSession. A Session is not safe for concurrent use.
type Session struct {
	// ReadFile reads a scenario file named by "new"; ReadScenarioFile by
	// default (a regular file, size-limited).
	ReadFile func(name string) ([]byte, error)
	// MaxLine is the longest line Serve accepts; DefaultMaxLine by default.
	MaxLine int

	games   map[string]*game
	current string
	next    int
	quit    bool
}

// NewSession is a session with no game.
func NewSession() *Session {
	return &Session{ReadFile: ReadScenarioFile, MaxLine: DefaultMaxLine, games: map[string]*game{}}
}

// Quit reports whether the session received "quit".
func (s *Session) Quit() bool { return s.quit }

// Serve reads requests from r, one per line, and writes one reply line per
// request to w, until end of input or "quit". Blank lines are ignored. A line
// longer than MaxLine is answered with a line_too_long error and skipped.
// The error is that of reading or writing, never of a request.
func (s *Session) Serve(r io.Reader, w io.Writer) error {
	max := s.MaxLine
	if max <= 0 {
		max = DefaultMaxLine
	}
	br := bufio.NewReaderSize(r, 64<<10)
	bw := bufio.NewWriter(w)
	for {
		line, tooLong, rerr := readLine(br, max)
		var out []byte
		switch {
		case tooLong:
			out = encodeReply(reply{Error: errf(CodeLineTooLong, "request line longer than %d bytes", max)})
		case len(bytes.TrimSpace(line)) > 0:
			out = s.Handle(line)
		}
		if out != nil {
			bw.Write(out)
			bw.WriteByte('\n')
			if err := bw.Flush(); err != nil {
				return err
			}
		}
		if s.quit || rerr == io.EOF {
			return nil
		}
		if rerr != nil {
			return rerr
		}
	}
}

// readLine reads one line (without its end of line). A line longer than max
// is consumed whole and reported as tooLong, without being kept.
func readLine(br *bufio.Reader, max int) (line []byte, tooLong bool, err error) {
	for {
		chunk, e := br.ReadSlice('\n')
		if !tooLong {
			if len(line)+len(chunk) > max+2 { // room for "\r\n"
				tooLong, line = true, nil
			} else {
				line = append(line, chunk...)
			}
		}
		if e == bufio.ErrBufferFull {
			continue
		}
		if !tooLong {
			line = bytes.TrimSuffix(line, []byte("\n"))
			line = bytes.TrimSuffix(line, []byte("\r"))
			if len(line) > max {
				tooLong, line = true, nil
			}
		}
		return line, tooLong, e
	}
}

// Handle answers one request line with one reply line (without a newline).
// It never panics: a bug in the engine is answered with an "internal" error
// and leaves the games as they were.
func (s *Session) Handle(line []byte) (out []byte) {
	var id json.RawMessage
	defer func() {
		if p := recover(); p != nil {
			out = encodeReply(reply{ID: id, Error: errf(CodeInternal, "panic: %v\n%s", p, debug.Stack())})
		}
	}()
	var head struct {
		ID  json.RawMessage `json:"id"`
		Cmd json.RawMessage `json:"cmd"`
	}
	trimmed := bytes.TrimSpace(line)
	if !json.Valid(trimmed) {
		return encodeReply(reply{Error: errf(CodeBadJSON, "the request is not valid JSON")})
	}
	if len(trimmed) == 0 || trimmed[0] != '{' {
		return encodeReply(reply{Error: errf(CodeBadJSON, "the request must be a JSON object")})
	}
	if err := json.Unmarshal(trimmed, &head); err != nil {
		return encodeReply(reply{Error: errf(CodeBadJSON, "%v", err)})
	}
	if len(head.ID) > 0 && string(head.ID) != "null" {
		var buf bytes.Buffer
		json.Compact(&buf, head.ID)
		id = buf.Bytes()
	}
	var cmd string
	if len(head.Cmd) == 0 {
		return encodeReply(reply{ID: id, Error: errf(CodeUnknownCommand, "missing \"cmd\"")})
	}
	if err := json.Unmarshal(head.Cmd, &cmd); err != nil {
		return encodeReply(reply{ID: id, Error: errf(CodeUnknownCommand, "\"cmd\" must be a string")})
	}
	h, ok := commands[cmd]
	if !ok {
		return encodeReply(reply{ID: id, Error: errf(CodeUnknownCommand, "unknown command %q (try \"hello\")", cmd)})
	}
	res, err := h(s, trimmed)
	if err != nil {
		return encodeReply(reply{ID: id, Error: err})
	}
	return encodeReply(reply{ID: id, Result: res})
}

func encodeReply(r reply) []byte {
	b, err := json.Marshal(r)
	if err != nil {
		b, _ = json.Marshal(reply{ID: r.ID, Error: errf(CodeInternal, "encoding the reply: %v", err)})
	}
	return b
}

// decode reads the request into the command's parameters, refusing unknown
// fields and values of the wrong type.
func decode(line []byte, p any) *Error {
	d := json.NewDecoder(bytes.NewReader(line))
	d.DisallowUnknownFields()
	if err := d.Decode(p); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return errf(CodeBadArgument, "field %q: %s is not a valid %s", te.Field, te.Value, te.Type)
		}
		return errf(CodeBadArgument, "%v", err)
	}
	return nil
}

// gameFor is the game a request addresses: the named one, else the current one.
func (s *Session) gameFor(handle string) (*game, *Error) {
	if handle == "" {
		handle = s.current
		if handle == "" {
			return nil, errf(CodeNoGame, "no current game: start one with \"new\"")
		}
	}
	g, ok := s.games[handle]
	if !ok {
		return nil, errf(CodeNoGame, "no game %q", handle)
	}
	return g, nil
}
