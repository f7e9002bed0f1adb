package scenario

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// FuzzParse reads arbitrary bytes as a .m44 file and converts it: neither may
// panic; a file that parses writes back to the same JSON value; a setup is
// given out only when it validates. Run with
//
//	go test ./scenario -run '^$' -fuzz FuzzParse -fuzztime 60s
//
// Crashers found are kept in testdata/fuzz/FuzzParse as regression cases.
func FuzzParse(f *testing.F) {
	seeds := []string{
		`{}`,
		`{"board": {"type": "STANDARD", "face": "BEACH", "hexagons": [{"row": 4, "col": 4, "unit": {"name": "infus"}}]}}`,
		`{"game_info": {"side_player1": "AXIS", "side_player2": "ALLIES", "starting": "PLAYER1", "cards_player1": 4, "cards_player2": "4",
		  "victory_player1": 4, "victory_player2": 4, "front": "WESTERN", "date_begin": "1944-06-06", "options": [],
		  "victory": {"condition": [{"group_sudden_death": {"side": "ALLIES", "number": 1, "group": ["G9", "h8"]}}]}},
		  "board": {"type": "BRKTHRU", "face": "COUNTRY", "hexagons": [
		    {"row": 0, "col": 0, "terrain": {"name": "hills", "behavior": "BLUFF"}, "unit": {"name": "tank2ger", "nbr_units": "4", "badge": "badge4"},
		     "tags": [{"name": "medal0", "group": ["B17", "a16"], "medal": {"counts_for": 2, "majority": true}}]},
		    {"row": 1, "col": 1, "rect_terrain": {"name": "bunker", "original_owner": "AXIS"}, "obstacle": {"name": "sand", "behavior": "SEAWALL"}},
		    {"row": 16, "col": 24, "unit": {"name": "inf2us", "behavior": "FRENCH_RESISTANCE"}}]}}`,
		`{"board": {"type": "OVERLORD", "hexagons": [{"row": 1, "col": 255}, {"row": -1, "col": 1}, 3, null, {"row": "x"}]}}`,
		`{"game_info": null, "board": [], "text": {"en": {"name": 1}}}`,
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	if paths, _ := filepath.Glob(filepath.Join(corpusDir, "*.m44")); len(paths) > 0 {
		for _, p := range paths[:min(len(paths), 8)] {
			if data, err := os.ReadFile(p); err == nil {
				f.Add(data)
			}
		}
	} else {
		f.Logf("no .m44 files in %s (the shared corpus is absent): fuzzing from the built-in seeds only", corpusDir)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := Parse(data)
		if err != nil {
			return
		}
		s, r := file.Setup()
		if r == nil {
			t.Fatal("no report")
		}
		if s != nil {
			if !r.Loaded() {
				t.Fatalf("setup given out with errors: %v", r.Errors)
			}
			if err := s.Validate(); err != nil {
				t.Fatalf("setup given out that does not validate: %v", err)
			}
		}
		if !r.Loaded() && r.Playable() {
			t.Fatal("playable with errors")
		}
		_ = r.Err()
		_, _ = json.Marshal(r)
		out, err := file.Marshal()
		if err != nil {
			t.Fatalf("marshal: %v", err)
		}
		var in, back any
		if json.Unmarshal(data, &in) != nil {
			return // valid JSON that encoding/json cannot hold (1e999)
		}
		if err := json.Unmarshal(out, &back); err != nil {
			t.Fatalf("marshal wrote invalid JSON: %v\n%s", err, out)
		}
		if !reflect.DeepEqual(in, back) {
			t.Fatalf("round trip changed the value:\nin:  %s\nout: %s", data, out)
		}
	})
}
