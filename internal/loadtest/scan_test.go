package loadtest

import (
	"encoding/json"
	"testing"

	"m44/internal/jsonenc"
)

// The player's JSON reader reads what encoding/json reads, from whole
// updates and deltas as the server writes them (and with the white space
// and escapes it does not write).
func TestWSSnapshotApply(t *testing.T) {
	var s wsSnapshot
	update := `{"type":"update","version":4,"events":[{"kind":"x","text":"a \"b\" {c}"}],"snapshot":{"version":4,"over":false,"to_act":"allies","your_turn":true,` +
		`"view":{"units":[{"at":"1,2"}],"hand":[]},"legal":[{"action":"play 3","text":"[x]"},{"action":"move 7,15 6,14"},{"action":"say \"hi\"\\n"}],"log":[]}}`
	if err := s.apply([]byte(update)); err != nil || !s.have || s.version != 4 || s.over || !s.yourTurn {
		t.Fatalf("update: %v %+v", err, s)
	}
	var want struct {
		Snapshot snapshot `json:"snapshot"`
	}
	if err := json.Unmarshal([]byte(update), &want); err != nil {
		t.Fatal(err)
	}
	n, err := s.legalCount()
	if err != nil || n != len(want.Snapshot.Legal) {
		t.Fatalf("legal: %d %v, want %d", n, err, len(want.Snapshot.Legal))
	}
	for k := range n {
		a, err := s.legalAction(k)
		if err != nil || a != want.Snapshot.Legal[k].Action {
			t.Fatalf("legal %d: %q %v, want %q", k, a, err, want.Snapshot.Legal[k].Action)
		}
	}
	// A delta: the turn passes, the legal actions go.
	again := s
	again.legal = append([]byte(nil), s.legal...)
	delta0 := `{"type":"delta","base":4,"version":5,"set":{"view":{"a":"}\"{"},"legal":[{"action":"x"}],"version":5}}`
	if err := again.apply([]byte(delta0)); err != nil || again.version != 5 || string(again.legal) != `[{"action":"x"}]` {
		t.Fatalf("delta setting legal: %v %+v", err, again)
	}
	delta := `{"type":"delta", "ack":{"id":1,"version":5}, "base":4,"version":5,"events":[],"set":{"version":5,"your_turn":false,"view":{"hand":[1]}},"unset":["view.x","legal"]}`
	if err := s.apply([]byte(delta)); err != nil || s.version != 5 || s.yourTurn || len(s.legal) != 0 {
		t.Fatalf("delta: %v %+v", err, s)
	}
	// A delta from another version.
	// A delta from another version: its "set" (read where it stands, in
	// the one walk over the message) is not applied.
	if err := s.apply([]byte(`{"type":"delta","base":9,"set":{"version":10}}`)); err != errNotBase || s.have || s.version != 5 {
		t.Fatalf("not the base: %v %+v", err, s)
	}
	for _, bad := range []string{`{"type":"update","snapshot":{"version":"x"}}`, `{"type":"update"`, `[1]`, `{"type":"update","snapshot":{"over":1}}`, `{"type":"update","snapshot":null}`} {
		if err := s.apply([]byte(bad)); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
	// An action written as encoding/json writes it.
	for _, a := range []string{"move 7,15 6,14", `say "hi"`, "é"} {
		want, _ := json.Marshal(a)
		if got := jsonenc.String(nil, a); string(got) != string(want) {
			t.Errorf("%q: %s, want %s", a, got, want)
		}
	}
}
