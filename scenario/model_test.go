package scenario

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// corpusDir is the shared folder of real .m44 files (never copied into the
// repository).
var corpusDir = filepath.Join("..", "..", "shared", "scenarios")

func corpusFiles(t testing.TB) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(corpusDir, "*.m44"))
	if err != nil || len(files) == 0 {
		t.Skipf("no real scenario files in %s (the shared corpus is absent): skipping", corpusDir)
	}
	return files
}

func sameJSON(t testing.TB, a, b []byte) bool {
	t.Helper()
	var va, vb any
	if err := json.Unmarshal(a, &va); err != nil {
		t.Fatalf("first value: %v", err)
	}
	if err := json.Unmarshal(b, &vb); err != nil {
		t.Fatalf("second value: %v", err)
	}
	return reflect.DeepEqual(va, vb)
}

// keyOrder lists the object keys of a JSON document in reading order.
func keyOrder(t testing.TB, data []byte) []string {
	t.Helper()
	var keys []string
	var walk func(raw json.RawMessage)
	walk = func(raw json.RawMessage) {
		if ks, vals, ok := members(raw); ok {
			for _, k := range ks {
				keys = append(keys, k)
				walk(vals[k])
			}
			return
		}
		var arr []json.RawMessage
		if json.Unmarshal(raw, &arr) == nil {
			for _, e := range arr {
				walk(e)
			}
		}
	}
	walk(data)
	return keys
}

func TestRoundTripCorpus(t *testing.T) {
	for _, path := range corpusFiles(t) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f, err := Parse(data)
		if err != nil {
			t.Errorf("%s: %v", filepath.Base(path), err)
			continue
		}
		if len(f.Problems()) > 0 {
			t.Errorf("%s: unexpected decode problems: %v", filepath.Base(path), f.Problems())
		}
		out, err := f.Marshal()
		if err != nil {
			t.Errorf("%s: marshal: %v", filepath.Base(path), err)
			continue
		}
		if !sameJSON(t, data, out) {
			t.Errorf("%s: Marshal(Parse(file)) differs from the file", filepath.Base(path))
			continue
		}
		if a, b := keyOrder(t, data), keyOrder(t, out); !reflect.DeepEqual(a, b) {
			t.Errorf("%s: member order changed", filepath.Base(path))
		}
	}
}

func TestRoundTripOddValues(t *testing.T) {
	// Every oddity at once: unknown members at each level, nulls, numbers
	// as strings, ill-typed known members, a non-object hexagon, duplicate
	// keys, HTML in texts, non-canonical numbers.
	const src = `{
	"zz_first": {"a": [1, 2.50, "x"]},
	"meta_data": {"scenario_id": "9"},
	"game_info": {"starting": null, "side_player1": "axis", "cards_player1": "04",
		"cards_player2": 5, "victory_player1": 1e0, "front": 3, "options": [],
		"victory": [], "operationID": null, "new_key": true},
	"board": {"type": "standard", "face": "BEACH", "extra": {"k": 1},
		"hexagons": [
			{"row": 0, "col": 0, "terrain": {"name": "woods", "zzz": 1}, "unit": {"name": "infger", "nbr_units": "3"}},
			7,
			{"row": "1", "col": 1, "tags": [{"name": "medal1", "group": ["G5", "g4"], "medal": {"counts_for": 2, "odd": null}}], "tags2": "x"},
			{"row": 2, "col": 2, "unit": "oops", "obstacle": null}
		],
		"labels": [{"row": 0, "col": 0, "text": ["a <b> & c"]}]},
	"text": {"en": {"name": "<i>Test</i> & co", "description": "é\u00e9"}},
	"board": {"type": "BRKTHRU", "face": "COUNTRY", "hexagons": []},
	"last": 12345678901234567890
}`
	f, err := Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	out, err := f.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if !sameJSON(t, []byte(src), out) {
		t.Fatalf("round trip differs:\n%s", out)
	}
	if f.Board.Type != "BRKTHRU" {
		t.Errorf("duplicate key: got board type %q, want the last one (BRKTHRU)", f.Board.Type)
	}
	if !strings.Contains(string(out), "<i>Test</i> & co") {
		t.Errorf("HTML in texts was escaped:\n%s", out)
	}
}

func TestProblems(t *testing.T) {
	const src = `{"game_info": {"cards_player1": "x", "front": 3, "victory_player1": 2.5},
		"board": {"type": "STANDARD", "hexagons": [{"row": 0, "col": 0}, {"row": 1, "col": 1, "unit": {"name": 5, "nbr_units": true}}, 3]}}`
	f, err := Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{
		"game_info.cards_player1":          -1,
		"game_info.front":                  -1,
		"game_info.victory_player1":        -1,
		"board.hexagons[1].unit.name":      1,
		"board.hexagons[1].unit.nbr_units": 1,
		"board.hexagons[2]":                2,
	}
	got := map[string]int{}
	for _, p := range f.Problems() {
		got[p.Path] = p.Hexagon
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("problems: got %v, want %v (%v)", got, want, f.Problems())
	}
	if f.GameInfo.Has("cards_player1") || f.GameInfo.Has("front") {
		t.Errorf("ill-typed members must not count as present")
	}
	out, _ := f.Marshal()
	if !sameJSON(t, []byte(src), out) {
		t.Errorf("round trip with problems differs:\n%s", out)
	}
}

func TestParseRejects(t *testing.T) {
	for _, src := range []string{"", "[]", `"x"`, "{", `{"a":1} x`, "null", "{}{}"} {
		if _, err := Parse([]byte(src)); err == nil {
			t.Errorf("Parse(%q): want an error", src)
		}
	}
}

func TestEditedFieldsAreWritten(t *testing.T) {
	f, err := Parse([]byte(`{"game_info": {"cards_player1": "4", "starting": "PLAYER1"}, "board": {"hexagons": [{"row": 0, "col": 0, "unit": {"name": "infger"}}]}}`))
	if err != nil {
		t.Fatal(err)
	}
	f.GameInfo.CardsPlayer1 = 6
	f.GameInfo.Front = "EASTERN"
	f.Board.Hexagons[0].Unit = nil
	f.Board.Hexagons = append(f.Board.Hexagons, Hexagon{Row: 1, Col: 1, Terrain: &Piece{Name: "woods"}})
	out, err := f.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	want := `{"game_info": {"cards_player1": 6, "starting": "PLAYER1", "front": "EASTERN"},
		"board": {"hexagons": [{"row": 0, "col": 0}, {"row": 1, "col": 1, "terrain": {"name": "woods"}}]}}`
	if !sameJSON(t, []byte(want), out) {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}

func TestName(t *testing.T) {
	for src, want := range map[string]string{
		`{"text": {"en": {"name": "Pegasus Bridge"}}}`:            "Pegasus Bridge",
		`{"text": {"fr": {"name": "Pont"}, "de": {"name": "B"}}}`: "Pont",
		`{"text": []}`: "",
		`{}`:           "",
	} {
		f, err := Parse([]byte(src))
		if err != nil {
			t.Fatal(err)
		}
		if got := f.Name(); got != want {
			t.Errorf("Name(%s) = %q, want %q", src, got, want)
		}
	}
}
