package scenario

import (
	"encoding/json"
	"strings"
	"testing"
)

// Issue 14 "a scenario with no units (or one side with none, or no
// possible victory) is refused by the importer with a precise message".
// Rulebook p.4 "Victoire": a side wins by gaining its number of medals,
// one per enemy unit eliminated or objective taken.
func TestUnwinnableRefused(t *testing.T) {
	noUnits := func(m obj) { board(m)["hexagons"] = []any{} }
	noAxis := func(m obj) { board(m)["hexagons"] = []any{obj{"row": 8, "col": 0, "unit": obj{"name": "infus"}}} }
	farVictory := func(m obj) { gi(m)["victory_player1"], gi(m)["victory_player2"] = 3, 3 }
	for _, tc := range []struct {
		name  string
		edit  func(obj)
		field string
		msg   string
	}{
		{"no units", noUnits, "board.hexagons", "the scenario has no units: each side needs at least one"},
		{"no Axis", noAxis, "board.hexagons", "the Axis side has no units"},
		{"no victory", farVictory, "game_info.victory_player1",
			"no side can win: the Allies need 3 medals and can gain 1 at most (enemy units and objectives), with no sudden death or exit; the Axis need 3 medals and can gain 1 at most"},
	} {
		m := base()
		tc.edit(m)
		s, r := convert(t, m)
		if s != nil || r.Loaded() {
			t.Errorf("%s: loaded", tc.name)
			continue
		}
		found := false
		for _, e := range r.Errors {
			if e.Field == tc.field && strings.Contains(e.Msg, tc.msg) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: errors %v, want %s: %q", tc.name, r.Errors, tc.field, tc.msg)
		}
	}
}

// A side that cannot reach its medals while the other can is a note, not
// an error (rulebook p.4 "Victoire").
func TestOneSideCannotWin(t *testing.T) {
	m := base()
	gi(m)["victory_player2"] = 3 // the Allies (player 2) need 3 of 1
	s, r := convert(t, m)
	if s == nil || !r.Playable() {
		t.Fatalf("refused: %+v", r)
	}
	if len(r.Notes) != 1 || !strings.Contains(r.Notes[0].Msg, "the Allies cannot win: the Allies need 3 medals and can gain 1") {
		t.Errorf("notes %v", r.Notes)
	}
}

// Issue 14 "a UTF-8 BOM is accepted".
func TestBOMAccepted(t *testing.T) {
	data, _ := json.Marshal(base())
	f, err := Parse(append([]byte("\xef\xbb\xbf"), data...))
	if err != nil {
		t.Fatal(err)
	}
	if s, r := f.Setup(); s == nil || !r.Playable() {
		t.Fatalf("with a BOM: %+v", r)
	}
}

// Issue 14 "JSON syntax errors give line and column".
func TestSyntaxErrorLineColumn(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"{\n  \"a\": 1,\n  x}", "line 3, column 3: invalid character 'x'"},
		{"{\"é\": tru}", "line 1, column 10: invalid character '}'"},
		{"{\n\"a\": [1, 2", "line 2, column 11: unexpected end of JSON input"},
		{"\xef\xbb\xbf{,}", "line 1, column 2: invalid character ','"},
	} {
		_, err := Parse([]byte(tc.src))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%q): %v, want %q", tc.src, err, tc.want)
		}
	}
}

// Issue 14 "cosmetic fields with wrong types are reported, not silently
// dropped": the texts are notes (they do not block play).
func TestCosmeticWrongTypes(t *testing.T) {
	m := base()
	m["text"] = obj{"en": obj{"name": "Test", "description": 12, "rules": []any{"x"}}, "fr": "Essai"}
	s, r := convert(t, m)
	if s == nil || !r.Playable() {
		t.Fatalf("refused: %+v", r)
	}
	want := map[string]string{
		"text.en.description": "the number 12, want a string: ignored",
		"text.en.rules":       "an array, want a string: ignored",
		"text.fr":             "a string",
	}
	for _, n := range r.Notes {
		if w, ok := want[n.Field]; ok && strings.Contains(n.Msg, w) {
			delete(want, n.Field)
		}
	}
	if len(want) > 0 {
		t.Errorf("notes %v lack %v", r.Notes, want)
	}
}

// Issue 14 "whole-file errors carry no hex".
func TestFileIssueHasNoHex(t *testing.T) {
	b, err := json.Marshal(FileIssue("not a .m44 scenario"))
	if err != nil || string(b) != `{"message":"not a .m44 scenario"}` {
		t.Fatalf("%s %v", b, err)
	}
}
