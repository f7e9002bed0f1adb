package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"
)

// FuzzHandle sends one arbitrary request line to a session holding a game
// (docs/protocol.md; issue 14): the reply is one line of JSON with a result
// or an error, never both; no request but "panic" is an internal error; and
// a refused request leaves the game as it was. The session reads no file.
//
//	go test ./protocol -run '^$' -fuzz FuzzHandle -fuzztime 30s
func FuzzHandle(f *testing.F) {
	for _, s := range []string{
		`{"cmd":"hello"}`, `{"cmd":"legal"}`, `{"cmd":"state"}`, `{"cmd":"state","as":"axis"}`,
		`{"cmd":"apply","action":"play 1"}`, `{"cmd":"apply","action":"end-orders"}`, `{"cmd":"undo"}`,
		`{"cmd":"new","seed":3,"setup":{"name":"x","cards":{"allies":1,"axis":1},"victory":{"allies":1,"axis":1},"units":[]}}`,
		`{"cmd":"new","seed":1,"scenario":"/etc/passwd"}`, `{"cmd":"new","seed":1,"m44":"{}"}`,
		`{"id":[1,{"a":2}],"cmd":"legal","game":"g1"}`, `{"cmd":"quit"}`, `[]`, `{"cmd":7}`, "{\"cmd\":\"hello\"}\n{",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		s := NewSession()
		s.ReadFile = func(name string) ([]byte, error) { return nil, errors.New("no files while fuzzing") }
		if r := s.Handle([]byte(newGame(duelSetup, 5, ""))); !bytes.Contains(r, []byte(`"result"`)) {
			t.Fatalf("new: %s", r)
		}
		before := s.Handle([]byte(`{"cmd":"state"}`))
		out := s.Handle(line)
		if bytes.ContainsAny(out, "\r\n") {
			t.Fatalf("%q: reply spans lines: %s", line, out)
		}
		var r struct {
			Result json.RawMessage `json:"result"`
			Error  *Error          `json:"error"`
		}
		if err := json.Unmarshal(out, &r); err != nil {
			t.Fatalf("%q: reply %s: %v", line, out, err)
		}
		if (r.Error == nil) == (r.Result == nil) {
			t.Fatalf("%q: reply %s has neither or both of result and error", line, out)
		}
		if r.Error == nil {
			return
		}
		var head struct {
			Cmd any `json:"cmd"`
		}
		json.Unmarshal(line, &head)
		if r.Error.Code == CodeInternal && head.Cmd != "panic" {
			t.Fatalf("%q: internal error: %s", line, r.Error.Message)
		}
		if after := s.Handle([]byte(`{"cmd":"state"}`)); !bytes.Equal(after, before) {
			t.Fatalf("%q was refused (%s) but changed the game", line, r.Error.Code)
		}
	})
}
