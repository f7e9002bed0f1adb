package scenario

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"m44/hex"
	"m44/rules"
)

type obj = map[string]any

// base is a small valid scenario: Axis on top, Allies first.
func base() obj {
	return obj{
		"game_info": obj{
			"side_player1": "AXIS", "side_player2": "ALLIES", "starting": "PLAYER2",
			"cards_player1": 4, "cards_player2": 5, "victory_player1": 1, "victory_player2": 1,
			"front": "WESTERN", "date_begin": "1944-06-06", "country_player1": "DE", "country_player2": "US",
			"victory_conditions": []any{obj{"standard": []any{}}},
		},
		"board": obj{"type": "STANDARD", "face": "COUNTRY", "hexagons": []any{
			obj{"row": 0, "col": 0, "unit": obj{"name": "infger"}},
			obj{"row": 8, "col": 0, "unit": obj{"name": "infus"}},
		}},
		"text": obj{"en": obj{"name": "Test"}},
	}
}

func gi(m obj) obj    { return m["game_info"].(obj) }
func board(m obj) obj { return m["board"].(obj) }

func addHex(m obj, h obj) {
	b := board(m)
	b["hexagons"] = append(b["hexagons"].([]any), h)
}

func convert(t *testing.T, m obj) (*rules.Setup, *Report) {
	t.Helper()
	data, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	f, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	f.Path = "test.m44"
	return f.Setup()
}

func TestBaseIsPlayable(t *testing.T) {
	s, r := convert(t, base())
	if !r.Playable() || s == nil {
		t.Fatalf("base scenario: %+v", r)
	}
	if s.Name != "Test" || s.Top != rules.Axis || s.First != rules.Allies || s.Cards != [2]int{5, 4} || s.Victory != [2]int{1, 1} ||
		s.Front != "WESTERN" || s.Year != 1944 || s.Grid != hex.Standard() || s.Deck != nil {
		t.Errorf("setup: %+v", s)
	}
	if len(s.Units) != 2 || s.Units[0].Side != rules.Axis || s.Units[1].Side != rules.Allies || s.Units[0].Figures != 4 {
		t.Errorf("units: %+v", s.Units)
	}
	if len(s.Hexes) != 0 {
		t.Errorf("hexes: a country board without tiles is plain, got %+v", s.Hexes)
	}
}

func TestSidesAndCase(t *testing.T) {
	m := base()
	g := gi(m)
	g["side_player1"], g["side_player2"], g["starting"] = "allies", "axis", "player1"
	g["country_player1"], g["country_player2"] = "us", "de"
	g["cards_player1"], g["victory_player1"] = "6", "3"
	g["front"] = "eastern"
	board(m)["type"], board(m)["face"] = "standard", "winter"
	s, r := convert(t, m)
	if !r.Playable() {
		t.Fatalf("%+v", r)
	}
	if s.Top != rules.Allies || s.First != rules.Allies || s.Cards != [2]int{6, 5} || s.Victory != [2]int{3, 1} || s.Front != "EASTERN" {
		t.Errorf("setup: top %s first %s cards %v victory %v front %s", s.Top, s.First, s.Cards, s.Victory, s.Front)
	}
}

// The printed board faces: the beach face has two rows of sea (FAQ II Mer,
// FAQ digest 36: "the 2nd row is sea even though sand is drawn on it"),
// both ocean; desert and snow are plain (FAQ I Désert; digest 35, 80).
func TestBoardFaces(t *testing.T) {
	tests := []struct {
		typ, face   string
		beach       []int
		ocean       []int
		placedTiles bool
	}{
		{"STANDARD", "BEACH", []int{4, 5, 6}, []int{7, 8}, true},
		{"OVERLORD", "BEACH", []int{4, 5, 6}, []int{7, 8}, false},
		{"BRKTHRU", "BEACH", []int{11, 12, 13}, []int{14, 15, 16}, false},
		{"STANDARD", "COUNTRY", nil, nil, false},
		{"STANDARD", "WINTER", nil, nil, false},
		{"STANDARD", "DESERT", nil, nil, false},
	}
	for _, tc := range tests {
		m := base()
		board(m)["type"], board(m)["face"] = tc.typ, tc.face
		board(m)["hexagons"] = []any{
			obj{"row": 0, "col": 0, "unit": obj{"name": "infger"}},
			obj{"row": 4, "col": 4, "terrain": obj{"name": "hills", "behavior": "BLUFF"}},
			obj{"row": 5, "col": 5, "obstacle": obj{"name": "hedgehog"}},
			obj{"row": 7, "col": 1, "unit": obj{"name": "tankus"}},
		}
		f, err := Parse(mustJSON(t, m))
		if err != nil {
			t.Fatal(err)
		}
		c := &converter{f: f, r: &Report{}, cells: map[hex.Hex]*cell{}}
		s := c.convert()
		if !c.r.Loaded() {
			t.Fatalf("%s/%s: %+v", tc.typ, tc.face, c.r)
		}
		ground := map[hex.Hex]rules.HexSetup{}
		for _, h := range s.Hexes {
			ground[h.Hex] = h
		}
		for _, h := range s.Grid.Hexes() {
			want := rules.Plain
			switch {
			case slices.Contains(tc.beach, int(h.Row)):
				want = rules.Beach
			case slices.Contains(tc.ocean, int(h.Row)):
				want = rules.Ocean
			}
			if h == (hex.Hex{Row: 4, Col: 4}) {
				want = rules.Bluff // a placed tile hides the printed face
			}
			if got := ground[h].Terrain; got != want {
				t.Errorf("%s/%s: hex %s is %s, want %s", tc.typ, tc.face, h, got, want)
			}
		}
		if g := ground[hex.Hex{Row: 5, Col: 5}]; g.Obstacle != rules.Hedgehog {
			t.Errorf("%s/%s: obstacle lost: %+v", tc.typ, tc.face, g)
		}
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestUnits(t *testing.T) {
	m := base()
	addHex(m, obj{"row": 1, "col": 1, "unit": obj{"name": "tank2ger", "badge": "badge4"}})
	addHex(m, obj{"row": 1, "col": 3, "unit": obj{"name": "tank2ger", "nbr_units": "1"}})
	addHex(m, obj{"row": 7, "col": 1, "unit": obj{"name": "inf2us", "behavior": "FRENCH_RESISTANCE"}})
	addHex(m, obj{"row": 7, "col": 3, "unit": obj{"name": "inf2brit", "badge": "badge1"}})
	addHex(m, obj{"row": 7, "col": 5, "unit": obj{"name": "gunru"}})
	addHex(m, obj{"row": 7, "col": 7, "unit": obj{"name": "infus", "nbr_units": 3}})
	s, r := convert(t, m)
	if !r.Playable() {
		t.Fatalf("%+v", r)
	}
	want := map[hex.Hex]rules.UnitSetup{
		{Row: 1, Col: 1}: {Type: rules.Armor, Side: rules.Axis, Figures: 4, Elite: true, Nation: "ger", Badge: "badge4"},
		{Row: 1, Col: 3}: {Type: rules.Armor, Side: rules.Axis, Figures: 1, Elite: true, Nation: "ger"},
		{Row: 7, Col: 1}: {Type: rules.Infantry, Side: rules.Allies, Figures: 3, Resistance: true, Nation: "us"},
		{Row: 7, Col: 3}: {Type: rules.Infantry, Side: rules.Allies, Figures: 4, Elite: true, Nation: "brit", Badge: "badge1"},
		{Row: 7, Col: 5}: {Type: rules.Artillery, Side: rules.Allies, Figures: 2, Nation: "ru"},
		{Row: 7, Col: 7}: {Type: rules.Infantry, Side: rules.Allies, Figures: 3, Nation: "us"},
	}
	for _, u := range s.Units {
		w, ok := want[u.Hex]
		if !ok {
			continue
		}
		w.Hex = u.Hex
		if u != w {
			t.Errorf("unit at %s: got %+v, want %+v", u.Hex, u, w)
		}
		delete(want, u.Hex)
	}
	if len(want) > 0 {
		t.Errorf("units missing: %v", want)
	}
	// Board order.
	if !slices.IsSortedFunc(s.Units, func(a, b rules.UnitSetup) int { return s.Grid.Index(a.Hex) - s.Grid.Index(b.Hex) }) {
		t.Errorf("units not in board order")
	}
}

func TestObjectives(t *testing.T) {
	m := base()
	addHex(m, obj{"row": 2, "col": 6, "terrain": obj{"name": "river"}, "rect_terrain": obj{"name": "bridge"}, "tags": []any{obj{"name": "medal1"}}})
	addHex(m, obj{"row": 4, "col": 14, "terrain": obj{"name": "buildings"},
		"tags": []any{obj{"name": "medal0", "medal": obj{"counts_for": 2, "majority": true}, "group": []any{"G5", "g4", "H3", "G3"}}}})
	addHex(m, obj{"row": 6, "col": 2, "tags": []any{obj{"name": "medal2", "medal": obj{"permanent": true, "counts_for": 1, "nbr_hex": 1}}}})
	addHex(m, obj{"row": 2, "col": 12, "tags": []any{obj{"name": "medal1", "group": []any{"f6", "g6"}, "medal": obj{"counts_for": 1, "majority": true, "side": "ALLIES"}}}})
	addHex(m, obj{"row": 3, "col": 3, "tags": []any{obj{"name": "medal7", "medal": obj{"side": "AXIS"}}}})
	gi(m)["victory"] = obj{"condition": []any{obj{"group_sudden_death": obj{"side": "ALLIES", "number": 3, "group": []any{"G9", "G7", "h8", "i8"}}}}}
	s, r := convert(t, m)
	if !r.Playable() {
		t.Fatalf("%+v", r)
	}
	h := func(r, c int8) hex.Hex { return hex.Hex{Row: r, Col: c} }
	want := []rules.Objective{
		{Kind: rules.SuddenDeath, Sides: rules.MaskAllies, Count: 3, Hexes: []hex.Hex{h(0, 12), h(2, 12), h(1, 15), h(1, 17)}},
		{Kind: rules.TemporaryMedal, Sides: rules.MaskAllies, Medals: 1, Hexes: []hex.Hex{h(2, 6)}},
		{Kind: rules.MajorityMedal, Sides: rules.MaskBoth, Medals: 2, Hexes: []hex.Hex{h(4, 14), h(4, 12), h(5, 13), h(6, 14), h(6, 12)}},
		{Kind: rules.PermanentMedal, Sides: rules.MaskAxis, Medals: 1, Hexes: []hex.Hex{h(6, 2)}},
		{Kind: rules.MajorityMedal, Sides: rules.MaskAllies, Medals: 1, Hexes: []hex.Hex{h(2, 12), h(3, 11), h(3, 13)}},
		{Kind: rules.TemporaryMedal, Sides: rules.MaskAxis, Medals: 1, Hexes: []hex.Hex{h(3, 3)}},
	}
	if len(s.Objectives) != len(want) {
		t.Fatalf("objectives: got %+v", s.Objectives)
	}
	for i := range want {
		if !equalObjective(s.Objectives[i], want[i]) {
			t.Errorf("objective %d: got %+v, want %+v", i, s.Objectives[i], want[i])
		}
	}
}

func equalObjective(a, b rules.Objective) bool {
	return a.Kind == b.Kind && a.Sides == b.Sides && a.Medals == b.Medals && a.Count == b.Count && slices.Equal(a.Hexes, b.Hexes)
}

func TestBunkerUsers(t *testing.T) {
	for _, tc := range []struct {
		owners []string
		want   rules.SideMask
		unsup  bool
	}{
		{[]string{"", ""}, 0, false},
		{[]string{"AXIS", "axis"}, rules.MaskAxis, false},
		{[]string{"ALLIES"}, rules.MaskAllies, false},
		{[]string{"AXIS", ""}, 0, true},
		{[]string{"AXIS", "ALLIES"}, 0, true},
	} {
		m := base()
		for i, o := range tc.owners {
			p := obj{"name": "bunker"}
			if o != "" {
				p["original_owner"] = o
			}
			addHex(m, obj{"row": 2, "col": 2 * i, "rect_terrain": p})
		}
		s, r := convert(t, m)
		if got := len(r.Unsupported) > 0; got != tc.unsup || !r.Loaded() {
			t.Errorf("owners %q: %+v", tc.owners, r)
			continue
		}
		if !tc.unsup && s.BunkerUsers != tc.want {
			t.Errorf("owners %q: bunker users %d, want %d", tc.owners, s.BunkerUsers, tc.want)
		}
	}
}

func TestOptions(t *testing.T) {
	m := base()
	gi(m)["options"] = obj{"blitz_rules": false, "deck_reshuffling": true, "gung_ho": nil, "partial_blitz_rules": ""}
	if _, r := convert(t, m); !r.Playable() {
		t.Errorf("inactive options must not block: %+v", r)
	}
	gi(m)["options"] = []any{}
	if _, r := convert(t, m); !r.Playable() {
		t.Errorf("options [] must not block: %+v", r)
	}
	gi(m)["options"] = obj{"blitz_rules": true, "deck_reshuffling": false, "some_new_rule": 1}
	s, r := convert(t, m)
	if got, want := r.Features(), []string{"no deck reshuffle", "option some_new_rule"}; !slices.Equal(got, want) {
		t.Errorf("features %q, want %q", got, want)
	}
	// FAQ III Règles de Blitz: the Axis raids with its Recons, the Allied
	// armor moves 2 hexes.
	if s == nil {
		t.Fatal("no setup")
	}
	if len(s.AirRaids) != 1 || s.AirRaids[0].Side != rules.Axis || len(s.AirRaids[0].While) != 0 ||
		!slices.Equal(s.MoveLimits, []rules.MoveLimit{{Side: rules.Allies, Class: rules.Armor, Max: 2}}) {
		t.Errorf("blitz: air raids %+v, move limits %+v", s.AirRaids, s.MoveLimits)
	}
	m = base()
	m["options"] = obj{"partial_blitz_rules": "ALLIES"} // top level, as in Tunisia
	s, r = convert(t, m)
	if !r.Playable() || len(s.AirRaids) != 0 || !slices.Equal(s.MoveLimits, []rules.MoveLimit{{Side: rules.Allies, Class: rules.Armor, Max: 2}}) {
		t.Errorf("top-level partial blitz: %+v, %+v", r, s)
	}
}

// TestUnsupportedFeatures checks that what the engine lacks is reported with
// the hex and the field, never dropped.
func TestUnsupportedFeatures(t *testing.T) {
	tests := []struct {
		name    string
		hexagon obj
		feature string
		field   string
	}{
		{"jungle", obj{"row": 3, "col": 3, "terrain": obj{"name": "pjungle", "orientation": 2}}, "jungles", "board.hexagons[2].terrain.name"},
		{"minefield without a side", obj{"row": 3, "col": 3, "tags": []any{obj{"name": "tag3", "behavior": "MINE_FIELD", "group": []any{}}}}, "minefields without a side", "board.hexagons[2].tags[0].side"},
		{"exit without a side", obj{"row": 3, "col": 3, "tags": []any{obj{"name": "tag4"}}}, "exit markers without a side", "board.hexagons"},
		{"new marker", obj{"row": 3, "col": 3, "tags": []any{obj{"name": "tag9"}}}, "marker tag9", "board.hexagons[2].tags[0].name"},
		{"train", obj{"row": 3, "col": 3, "rect_terrain": obj{"name": "loco"}}, "trains", "board.hexagons[2].rect_terrain.name"},
		{"new badge", obj{"row": 3, "col": 3, "unit": obj{"name": "infus", "badge": "badge99"}}, "special unit badge99", "board.hexagons[2].unit.badge"},
		{"equipment wittmann on infantry", obj{"row": 3, "col": 3, "unit": obj{"name": "inf2ger", "equipment": "wittmann"}}, "unit equipment wittmann", "board.hexagons[2].unit.equipment"},
		{"equipment motorized on armor", obj{"row": 3, "col": 3, "unit": obj{"name": "tankus", "equipment": "motorized"}}, "unit equipment motorized", "board.hexagons[2].unit.equipment"},
		{"medal7", obj{"row": 3, "col": 3, "tags": []any{obj{"name": "medal7"}}}, "medal7 without medal.side", "board.hexagons[2].tags[0].name"},
		{"nbr_hex of a majority", obj{"row": 3, "col": 3, "tags": []any{obj{"name": "medal1", "group": []any{"e6"}, "medal": obj{"nbr_hex": 2, "majority": true}}}}, "majority medals needing several hexes", "board.hexagons[2].tags[0].medal.nbr_hex"},
		{"turn_start on a temporary medal", obj{"row": 3, "col": 3, "tags": []any{obj{"name": "medal1", "medal": obj{"turn_start": true}}}}, "temporary medals counted at the start of a turn", "board.hexagons[2].tags[0].medal.turn_start"},
		{"unknown hexagon member", obj{"row": 3, "col": 3, "smoke": true}, "unknown member smoke of a hexagon", "board.hexagons[2].smoke"},
		{"unknown unit member", obj{"row": 3, "col": 3, "unit": obj{"name": "infus", "stars": 1}}, "unknown member stars of a unit", "board.hexagons[2].unit.stars"},
		{"unknown medal member", obj{"row": 3, "col": 3, "tags": []any{obj{"name": "medal1", "medal": obj{"sticky": true}}}}, "unknown member sticky of a medal", "board.hexagons[2].tags[0].medal.sticky"},
		{"unknown terrain property", obj{"row": 3, "col": 3, "terrain": obj{"name": "river", "properties": obj{"isSlow": obj{"AXIS": true}}}}, "terrain rules set per side", "board.hexagons[2].terrain.properties.isSlow"},
		{"properties of a structure", obj{"row": 3, "col": 3, "rect_terrain": obj{"name": "bunker", "properties": obj{"isImpassable": obj{"AXIS": true}}}}, "terrain rules set per side", "board.hexagons[2].rect_terrain.properties"},
	}
	for _, tc := range tests {
		m := base()
		addHex(m, tc.hexagon)
		s, r := convert(t, m)
		if !r.Loaded() {
			t.Errorf("%s: errors %v", tc.name, r.Errors)
			continue
		}
		if r.Playable() {
			t.Errorf("%s: reported playable", tc.name)
			continue
		}
		found := false
		for _, i := range r.Unsupported {
			if i.Feature == tc.feature && i.Field == tc.field && i.Hex == (hex.Hex{Row: 3, Col: 3}) && strings.Contains(i.Msg, "not supported yet: "+tc.feature) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: want %q at %s on hex 3,3, got %+v", tc.name, tc.feature, tc.field, r.Unsupported)
		}
		if s == nil {
			t.Errorf("%s: a partial setup is expected", tc.name)
		}
	}
	// Game-level features.
	for _, tc := range []struct {
		name    string
		mod     func(obj)
		feature string
	}{
		{"breakthrough", func(m obj) { board(m)["type"] = "BRKTHRU" }, "Breakthrough command deck"},
		{"overlord", func(m obj) { board(m)["type"] = "OVERLORD" }, "Overlord rules"},
		{"victory condition", func(m obj) { gi(m)["victory_conditions"] = []any{obj{"exit": 3}} }, "victory condition exit"},
		{"victory kind", func(m obj) { gi(m)["victory"] = obj{"condition": []any{obj{"turns": 5}}} }, "victory condition turns"},
		{"game_info member", func(m obj) { gi(m)["weather"] = "snow" }, "unknown member game_info.weather"},
		{"top member", func(m obj) { m["scripts"] = []any{1} }, "unknown member scripts"},
		{"board groups", func(m obj) { board(m)["groups"] = []any{obj{"a": 1}} }, "unknown member board.groups"},
		{"pack feature", func(m obj) {
			m["equipment_packs"] = obj{"allies_pack": []any{obj{"image": obj{"feature": "CAPTURE_HQ"}}}, "base_cost": 2}
		}, "field headquarters"},
	} {
		m := base()
		tc.mod(m)
		_, r := convert(t, m)
		if !r.Loaded() || !slices.Contains(r.Features(), tc.feature) {
			t.Errorf("%s: want feature %q, got %+v", tc.name, tc.feature, r)
		}
	}
	// Metadata never blocks.
	m := base()
	m["meta_data"] = obj{"scenario_id": 1}
	m["packs"] = obj{"terrain": 1}
	m["equipment_packs"] = obj{"axis_pack": []any{obj{"image": obj{"weapon": "WEAPON_ARMOR", "badge": "BADGE4"}, "caption": "x", "cost": 0}}, "base_cost": 2}
	gi(m)["operationID"], gi(m)["type"], gi(m)["expert_mode"], gi(m)["date_end"] = "21", "HISTORICAL", 0, "1944-06-07"
	board(m)["labels"] = []any{obj{"row": 0, "col": 0, "text": []any{"x"}}}
	board(m)["groups"] = []any{}
	addHex(m, obj{"row": 4, "col": 4, "terrain": obj{"name": "woods", "orientation": 3}, "obstacle": obj{"name": "sand", "original_owner": "AXIS"}})
	if _, r := convert(t, m); !r.Playable() {
		t.Errorf("metadata blocked play: %+v", r)
	}
}

// TestErrors checks each fatal error names the hex and the field.
func TestErrors(t *testing.T) {
	tests := []struct {
		name  string
		mod   func(obj)
		hex   hex.Hex
		field string
		msg   string
	}{
		{"row off board", func(m obj) { addHex(m, obj{"row": 9, "col": 1}) }, hex.None, "board.hexagons[2].row", "row 9 outside the standard board (rows 0..8)"},
		{"col off board", func(m obj) { addHex(m, obj{"row": 2, "col": 26}) }, hex.None, "board.hexagons[2].col", "col 26 outside the standard board (cols 0..24)"},
		{"negative col", func(m obj) { addHex(m, obj{"row": 2, "col": -2}) }, hex.None, "board.hexagons[2].col", "col -2 outside"},
		{"huge col", func(m obj) { addHex(m, obj{"row": 1, "col": 255}) }, hex.None, "board.hexagons[2].col", "col 255 outside"},
		{"parity", func(m obj) { addHex(m, obj{"row": 2, "col": 3}) }, hex.None, "board.hexagons[2]", "wrong parity"},
		{"half-hex", func(m obj) { addHex(m, obj{"row": 3, "col": 25}) }, hex.None, "board.hexagons[2].col", "half-hex"},
		{"missing col", func(m obj) { addHex(m, obj{"row": 3}) }, hex.None, "board.hexagons[2].col", "missing"},
		{"two units", func(m obj) { addHex(m, obj{"row": 0, "col": 0, "unit": obj{"name": "tankger"}}) }, hex.Hex{Row: 0, Col: 0}, "board.hexagons[2]", "two units on one hex"},
		{"two terrains", func(m obj) {
			addHex(m, obj{"row": 3, "col": 3, "terrain": obj{"name": "woods"}})
			addHex(m, obj{"row": 3, "col": 3, "terrain": obj{"name": "hills"}})
		}, hex.Hex{Row: 3, Col: 3}, "board.hexagons[3]", "two terrains on one hex"},
		{"unit on river", func(m obj) {
			addHex(m, obj{"row": 3, "col": 3, "terrain": obj{"name": "curve"}, "unit": obj{"name": "infus"}})
		}, hex.Hex{Row: 3, Col: 3}, "board.hexagons[2].unit", "stands on impassable river"},
		{"unit on lake", func(m obj) {
			addHex(m, obj{"row": 3, "col": 3, "terrain": obj{"name": "lakeB"}, "unit": obj{"name": "gunger"}})
		}, hex.Hex{Row: 3, Col: 3}, "board.hexagons[2].unit", "stands on impassable lake"},
		{"unknown terrain", func(m obj) { addHex(m, obj{"row": 3, "col": 3, "terrain": obj{"name": "swamp"}}) }, hex.Hex{Row: 3, Col: 3}, "board.hexagons[2].terrain.name", `unknown terrain "swamp"`},
		{"unknown structure", func(m obj) { addHex(m, obj{"row": 3, "col": 3, "rect_terrain": obj{"name": "tower"}}) }, hex.Hex{Row: 3, Col: 3}, "board.hexagons[2].rect_terrain.name", `unknown rect_terrain "tower"`},
		{"unknown obstacle", func(m obj) { addHex(m, obj{"row": 3, "col": 3, "obstacle": obj{"name": "mines"}}) }, hex.Hex{Row: 3, Col: 3}, "board.hexagons[2].obstacle.name", `unknown obstacle "mines"`},
		{"unknown unit", func(m obj) { addHex(m, obj{"row": 3, "col": 3, "unit": obj{"name": "infxx"}}) }, hex.Hex{Row: 3, Col: 3}, "board.hexagons[2].unit.name", `unknown unit "infxx"`},
		{"terrain without name", func(m obj) { addHex(m, obj{"row": 3, "col": 3, "terrain": obj{"orientation": 1}}) }, hex.Hex{Row: 3, Col: 3}, "board.hexagons[2].terrain.name", "missing"},
		{"unknown behavior", func(m obj) { addHex(m, obj{"row": 3, "col": 3, "terrain": obj{"name": "hills", "behavior": "FLYING"}}) }, hex.Hex{Row: 3, Col: 3}, "board.hexagons[2].terrain.behavior", `unknown behavior "FLYING"`},
		{"bluff on woods", func(m obj) { addHex(m, obj{"row": 3, "col": 3, "terrain": obj{"name": "woods", "behavior": "BLUFF"}}) }, hex.Hex{Row: 3, Col: 3}, "board.hexagons[2].terrain.behavior", "applies to a hill"},
		{"seawall on wire", func(m obj) {
			addHex(m, obj{"row": 3, "col": 3, "obstacle": obj{"name": "wire", "behavior": "SEAWALL"}})
		}, hex.Hex{Row: 3, Col: 3}, "board.hexagons[2].obstacle.behavior", "applies to sandbags"},
		{"resistance tank", func(m obj) {
			addHex(m, obj{"row": 3, "col": 3, "unit": obj{"name": "tankus", "behavior": "FRENCH_RESISTANCE"}})
		}, hex.Hex{Row: 3, Col: 3}, "board.hexagons[2].unit.behavior", "applies to infantry"},
		{"no figures", func(m obj) { addHex(m, obj{"row": 3, "col": 3, "unit": obj{"name": "infus", "nbr_units": 0}}) }, hex.Hex{Row: 3, Col: 3}, "board.hexagons[2].unit.nbr_units", "0 figures"},
		{"bad badge", func(m obj) { addHex(m, obj{"row": 3, "col": 3, "unit": obj{"name": "infus", "badge": "star"}}) }, hex.Hex{Row: 3, Col: 3}, "board.hexagons[2].unit.badge", `unknown badge "star"`},
		{"unknown tag", func(m obj) { addHex(m, obj{"row": 3, "col": 3, "tags": []any{obj{"name": "flag"}}}) }, hex.Hex{Row: 3, Col: 3}, "board.hexagons[2].tags[0].name", `unknown tag "flag"`},
		{"unknown medal", func(m obj) { addHex(m, obj{"row": 3, "col": 3, "tags": []any{obj{"name": "medal9"}}}) }, hex.Hex{Row: 3, Col: 3}, "board.hexagons[2].tags[0].name", `unknown medal "medal9"`},
		{"bad group name", func(m obj) {
			addHex(m, obj{"row": 3, "col": 3, "tags": []any{obj{"name": "medal1", "group": []any{"b8", "G4"}}}})
		}, hex.Hex{Row: 3, Col: 3}, "board.hexagons[2].tags[0].group[1]", "takes a lower-case letter"},
		{"medal side conflict", func(m obj) {
			addHex(m, obj{"row": 3, "col": 3, "tags": []any{obj{"name": "medal2", "medal": obj{"side": "ALLIES"}}}})
		}, hex.Hex{Row: 3, Col: 3}, "board.hexagons[2].tags[0].medal.side", "medal2 is a medal for the Axis"},
		{"medal worth 0", func(m obj) {
			addHex(m, obj{"row": 3, "col": 3, "tags": []any{obj{"name": "medal1", "medal": obj{"counts_for": 0}}}})
		}, hex.Hex{Row: 3, Col: 3}, "board.hexagons[2].tags[0].medal.counts_for", "0 medals"},
		{"ill-typed member", func(m obj) { addHex(m, obj{"row": 3, "col": 3, "unit": obj{"name": []any{"infus"}}}) }, hex.Hex{Row: 3, Col: 3}, "board.hexagons[2].unit.name", "want a string, got an array"},
		{"hexagon not an object", func(m obj) { addHex(m, obj{}); board(m)["hexagons"].([]any)[2] = "3,3" }, hex.None, "board.hexagons[2]", "want an object"},
		{"missing side", func(m obj) { delete(gi(m), "side_player1") }, hex.None, "game_info.side_player1", "missing: AXIS or ALLIES"},
		{"unknown side", func(m obj) { gi(m)["side_player2"] = "RED" }, hex.None, "game_info.side_player2", `unknown side "RED"`},
		{"same sides", func(m obj) { gi(m)["side_player2"] = "AXIS" }, hex.None, "game_info.side_player2", "both players are AXIS"},
		{"missing starting", func(m obj) { delete(gi(m), "starting") }, hex.None, "game_info.starting", "missing"},
		{"unknown starting", func(m obj) { gi(m)["starting"] = "AXIS" }, hex.None, "game_info.starting", "want PLAYER1 or PLAYER2"},
		{"null starting", func(m obj) { gi(m)["starting"] = nil }, hex.None, "game_info.starting", "null"},
		{"too many cards", func(m obj) { gi(m)["cards_player1"] = 21 }, hex.None, "game_info.cards_player1", "21 command cards"},
		{"no medals", func(m obj) { gi(m)["victory_player2"] = 0 }, hex.None, "game_info.victory_player2", "0 medals to win"},
		{"cards not a number", func(m obj) { gi(m)["cards_player2"] = "five" }, hex.None, "game_info.cards_player2", "want an integer"},
		{"country contradiction", func(m obj) { gi(m)["country_player1"] = "US" }, hex.None, "game_info.country_player1", "US is an allies country but side_player1 is AXIS"},
		{"unknown front", func(m obj) { gi(m)["front"] = "ARCTIC" }, hex.None, "game_info.front", `unknown front "ARCTIC"`},
		{"bad date", func(m obj) { gi(m)["date_begin"] = "June 1944" }, hex.None, "game_info.date_begin", "want YYYY-MM-DD"},
		{"unknown board", func(m obj) { board(m)["type"] = "HUGE" }, hex.None, "board.type", `unknown board type "HUGE"`},
		{"unknown face", func(m obj) { board(m)["face"] = "MOON" }, hex.None, "board.face", `unknown board face "MOON"`},
		{"missing board", func(m obj) { delete(m, "board") }, hex.None, "board", "missing"},
		{"missing game_info", func(m obj) { delete(m, "game_info") }, hex.None, "game_info", "missing"},
		{"sudden death count", func(m obj) {
			gi(m)["victory"] = obj{"condition": []any{obj{"group_sudden_death": obj{"side": "ALLIES", "number": 3, "group": []any{"G9"}}}}}
		}, hex.None, "game_info.victory.condition[0].group_sudden_death.number", "3 hexes to hold out of a group of 1"},
		{"sudden death side", func(m obj) {
			gi(m)["victory"] = obj{"condition": []any{obj{"group_sudden_death": obj{"number": 1, "group": []any{"G9"}}}}}
		}, hex.None, "game_info.victory.condition[0].group_sudden_death.side", "missing"},
	}
	for _, tc := range tests {
		m := base()
		tc.mod(m)
		s, r := convert(t, m)
		if s != nil {
			t.Errorf("%s: a setup was returned despite errors", tc.name)
		}
		found := false
		for _, e := range r.Errors {
			if e.Hex == tc.hex && e.Field == tc.field && strings.Contains(e.Msg, tc.msg) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: want error at hex %s field %s saying %q, got %v", tc.name, tc.hex, tc.field, tc.msg, r.Errors)
		}
		if err := r.Err(); err == nil || !strings.Contains(err.Error(), "test.m44: ") {
			t.Errorf("%s: Err() = %v, want it to name the file", tc.name, err)
		}
	}
}

func TestUnitOnBridgeAndMergedRecords(t *testing.T) {
	m := base()
	addHex(m, obj{"row": 3, "col": 3, "terrain": obj{"name": "river"}, "rect_terrain": obj{"name": "bridge"}, "unit": obj{"name": "tankus"}})
	addHex(m, obj{"row": 3, "col": 3, "tags": []any{obj{"name": "medal1"}}})
	s, r := convert(t, m)
	if !r.Playable() {
		t.Fatalf("%+v", r)
	}
	if len(r.Notes) == 0 || !strings.Contains(r.Notes[0].Msg, "listed twice") {
		t.Errorf("a duplicate record must be noted: %+v", r.Notes)
	}
	if len(s.Objectives) != 1 || len(s.Units) != 3 {
		t.Errorf("merged records: %+v", s)
	}
}

func TestStanAlias(t *testing.T) {
	m := base()
	board(m)["type"] = "stan"
	s, r := convert(t, m)
	if !r.Playable() || s.Grid != hex.Standard() || len(r.Notes) == 0 {
		t.Errorf("stan: %+v", r)
	}
}

func TestReportOutput(t *testing.T) {
	m := base()
	addHex(m, obj{"row": 3, "col": 3, "terrain": obj{"name": "pjungle"}})
	_, r := convert(t, m)
	var b strings.Builder
	if err := r.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	want := "test.m44: UNSUPPORTED (needs: jungles)\n  unsupported: hex 3,3: board.hexagons[2].terrain.name: \"pjungle\": not supported yet: jungles\n"
	if b.String() != want {
		t.Errorf("text:\n%s\nwant:\n%s", b.String(), want)
	}
	data, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var back struct {
		File        string `json:"file"`
		Status      string `json:"status"`
		Playable    bool   `json:"playable"`
		Unsupported []struct {
			Hex, Field, Name, Feature, Message string
		} `json:"unsupported"`
	}
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if back.File != "test.m44" || back.Status != "UNSUPPORTED" || back.Playable || len(back.Unsupported) != 1 ||
		back.Unsupported[0].Hex != "3,3" || back.Unsupported[0].Feature != "jungles" || back.Unsupported[0].Name != "pjungle" {
		t.Errorf("json: %s", data)
	}
}

// First Assault Wave: "Treat the Sea Wall as a permanent improved position
// (sandbags) for the Allied player": original_owner makes the hex the
// Allies' (HexSetup.Owners).
func TestSeawallOwner(t *testing.T) {
	m := base()
	addHex(m, obj{"row": 3, "col": 3, "obstacle": obj{"name": "sand", "behavior": "SEAWALL", "original_owner": "ALLIES"}})
	s, r := convert(t, m)
	if !r.Playable() {
		t.Fatalf("not playable: %+v", r.Unsupported)
	}
	for _, h := range s.Hexes {
		if h.Hex == (hex.Hex{Row: 3, Col: 3}) {
			if h.Obstacle != rules.Seawall || h.Owners != rules.MaskAllies {
				t.Fatalf("hex %+v: want an Allied seawall", h)
			}
			return
		}
	}
	t.Fatal("hex 3,3 missing")
}

// Terrain rules set per side: a terrain's properties.isImpassable names,
// per side, true, false or the editor's classes (1 infantry, 2 armor, 3
// artillery) the hex is closed to (HexSetup.ClosedTo). Across the River
// Roer: "The River Roer is a Navigable River by Allied infantry units in
// boats. Play the river as a Ford (see p. 6)", written as a river with
// behavior FORD and isImpassable {AXIS: true, ALLIES: [2, 3]}.
func TestTerrainRulesPerSide(t *testing.T) {
	river := func(props any) obj {
		return obj{"row": 3, "col": 3, "terrain": obj{"name": "river", "behavior": "FORD", "properties": props}}
	}
	tests := []struct {
		name  string
		props any
		want  [2]rules.ClassMask // indexed by rules.Side
		error string             // a problem's field, "" if none
	}{
		{"Across the River Roer", obj{"isImpassable": obj{"AXIS": true, "ALLIES": []any{2, 3}}}, [2]rules.ClassMask{rules.Vehicles, rules.AllClasses}, ""},
		{"false closes nothing", obj{"isImpassable": obj{"allies": false, "AXIS": []any{1}}}, [2]rules.ClassMask{0, rules.InfantryOnly}, ""},
		{"no rule", obj{}, [2]rules.ClassMask{}, ""},
		{"unknown side", obj{"isImpassable": obj{"JAPAN": true}}, [2]rules.ClassMask{}, "board.hexagons[2].terrain.properties.isImpassable.JAPAN"},
		{"unknown class", obj{"isImpassable": obj{"AXIS": []any{4}}}, [2]rules.ClassMask{}, "board.hexagons[2].terrain.properties.isImpassable.AXIS"},
		{"not a class list", obj{"isImpassable": obj{"AXIS": "tanks"}}, [2]rules.ClassMask{}, "board.hexagons[2].terrain.properties.isImpassable.AXIS"},
		{"not an object of sides", obj{"isImpassable": true}, [2]rules.ClassMask{}, "board.hexagons[2].terrain.properties.isImpassable"},
		{"not an object", []any{1}, [2]rules.ClassMask{}, "board.hexagons[2].terrain.properties"},
	}
	for _, tc := range tests {
		m := base()
		addHex(m, river(tc.props))
		s, r := convert(t, m)
		if tc.error != "" {
			if !slices.ContainsFunc(r.Errors, func(i Issue) bool { return i.Field == tc.error }) {
				t.Errorf("%s: want an error at %s, got %+v", tc.name, tc.error, r.Errors)
			}
			continue
		}
		if !r.Playable() {
			t.Errorf("%s: not playable: %+v %+v", tc.name, r.Errors, r.Unsupported)
			continue
		}
		for _, h := range s.Hexes {
			if h.Hex == (hex.Hex{Row: 3, Col: 3}) && h.ClosedTo != tc.want {
				t.Errorf("%s: closed to %v, want %v", tc.name, h.ClosedTo, tc.want)
			}
		}
	}
}

// Winter Wars III "Pions Exit": an EXIT_MARKER tag makes its hex and group
// exits for its side; a marker without behavior is the other end of a span
// (Dug In at Sidi Omar); exits must lie on an edge, the side's own baseline
// included (Night Withdrawal: "The hex with an Exit marker on the Axis
// player's baseline is an Exit hex for the Axis forces"); a lone marker
// without a side on a baseline is an exit for the side facing it (The
// Surrender of Elster's Column, Peleliu); infantry_exit_counts_2 makes an
// infantry exit worth 2; must_have_unit_exit (Breakthrough to Gembloux)
// sets Setup.MustExit.
func TestExitMarkerTags(t *testing.T) {
	m := base()
	addHex(m, obj{"row": 8, "col": 6, "tags": []any{obj{"name": "tag5", "behavior": "EXIT_MARKER", "group": []any{"E1", "F1"}, "side": "AXIS"}}})
	addHex(m, obj{"row": 8, "col": 10, "tags": []any{obj{"name": "tag5"}}})
	gi(m)["options"] = obj{"infantry_exit_counts_2": true}
	s, r := convert(t, m)
	if s == nil || !r.Playable() {
		t.Fatalf("not playable: %+v %+v", r.Errors, r.Unsupported)
	}
	want := []hex.Hex{{Row: 8, Col: 6}, {Row: 8, Col: 8}, {Row: 8, Col: 10}}
	if len(s.Exits) != 1 || s.Exits[0].Side != rules.Axis || !slices.Equal(s.Exits[0].Hexes, want) || s.Exits[0].Medals[rules.Infantry] != 2 {
		t.Fatalf("exits %+v, want the Axis by %v, infantry 2", s.Exits, want)
	}
	marked := 0
	for _, h := range s.Hexes {
		if slices.Contains(h.Features, rules.ExitMarker) {
			marked++
		}
	}
	if marked != 3 {
		t.Errorf("%d hexes carry the exit marker, want 3", marked)
	}
	own := base()
	addHex(own, obj{"row": 0, "col": 6, "tags": []any{obj{"name": "tag4", "behavior": "EXIT_MARKER", "side": "AXIS"}}})
	if s, r := convert(t, own); !r.Playable() || len(s.Exits) != 1 || s.Exits[0].Side != rules.Axis {
		t.Errorf("an Axis exit on the Axis baseline: %+v %+v", s, r.Unsupported)
	}
	lone := base()
	addHex(lone, obj{"row": 8, "col": 4, "tags": []any{obj{"name": "tag4"}}})
	addHex(lone, obj{"row": 0, "col": 4, "tags": []any{obj{"name": "tag4"}}})
	s, r = convert(t, lone)
	if s == nil || !r.Playable() || len(s.Exits) != 2 {
		t.Fatalf("lone baseline markers: %+v %+v", s, r.Unsupported)
	}
	for _, e := range s.Exits {
		want := rules.Axis // the Axis is at the top: row 8 is the Allied baseline
		if e.Hexes[0].Row == 0 {
			want = rules.Allies
		}
		if e.Side != want || len(e.Hexes) != 1 {
			t.Errorf("lone marker exit %+v: want %s", e, want)
		}
	}
	edge := base()
	addHex(edge, obj{"row": 4, "col": 0, "tags": []any{obj{"name": "tag4"}}})
	if _, r := convert(t, edge); r.Playable() || !slices.Contains(r.Features(), "exit markers without a side") {
		t.Errorf("a lone marker on a side edge: %+v", r.Unsupported)
	}
	must := base()
	addHex(must, obj{"row": 8, "col": 4, "tags": []any{obj{"name": "tag4"}}})
	gi(must)["options"] = obj{"must_have_unit_exit": obj{"side": "AXIS", "min_nbr_units": 2}}
	if s, r := convert(t, must); s == nil || !r.Playable() || s.MustExit != [2]int8{rules.Axis: 2} {
		t.Errorf("must_have_unit_exit: %+v %+v", s, r)
	}
	inland := base()
	addHex(inland, obj{"row": 4, "col": 6, "tags": []any{obj{"name": "tag4", "behavior": "EXIT_MARKER", "side": "AXIS"}}})
	if _, r := convert(t, inland); len(r.Errors) == 0 {
		t.Error("an exit in the middle of the board was accepted")
	}
}

// Tunisia: "Allied Armor units may only move 2 hexes and battle" (unit
// behavior ARMOR_MOVE_TWO, ELITE_ARMOR_MOVE_TWO).
func TestArmorMoveTwo(t *testing.T) {
	m := base()
	addHex(m, obj{"row": 3, "col": 3, "unit": obj{"name": "tank2us", "behavior": "ELITE_ARMOR_MOVE_TWO"}})
	s, r := convert(t, m)
	if s == nil || !r.Playable() {
		t.Fatalf("%+v", r)
	}
	for _, u := range s.Units {
		if u.Hex == (hex.Hex{Row: 3, Col: 3}) && (u.MaxMove != 2 || !u.Elite) {
			t.Fatalf("unit %+v: want elite armor moving 2", u)
		}
	}
	bad := base()
	addHex(bad, obj{"row": 3, "col": 3, "unit": obj{"name": "infus", "behavior": "ARMOR_MOVE_TWO"}})
	if _, r := convert(t, bad); len(r.Errors) == 0 {
		t.Error("ARMOR_MOVE_TWO on infantry was accepted")
	}
}

// Wittmann's Final Battle: "this unit may ignore the first flag rolled
// against it" (unit behavior CAN_IGNORE_ONE_FLAG).
func TestCanIgnoreOneFlag(t *testing.T) {
	m := base()
	addHex(m, obj{"row": 3, "col": 3, "unit": obj{"name": "tank2ger", "behavior": "CAN_IGNORE_ONE_FLAG"}})
	s, r := convert(t, m)
	if s == nil || !r.Playable() {
		t.Fatalf("%+v", r)
	}
	n := 0
	for _, u := range s.Units {
		if u.IgnoresFlag {
			n++
			if u.Hex != (hex.Hex{Row: 3, Col: 3}) {
				t.Errorf("unit %+v ignores a flag", u)
			}
		}
	}
	if n != 1 {
		t.Errorf("%d units ignore a flag, want 1", n)
	}
}

// Breakthrough to Gembloux: "Most of the French infantry units are
// motorized (marked with a star) [...]; play them like Special Forces
// infantry": equipment motorized makes infantry elite.
func TestMotorizedInfantry(t *testing.T) {
	m := base()
	addHex(m, obj{"row": 3, "col": 3, "unit": obj{"name": "infus", "equipment": "motorized"}})
	s, r := convert(t, m)
	if s == nil || !r.Playable() {
		t.Fatalf("%+v", r.Unsupported)
	}
	for _, u := range s.Units {
		if u.Elite != (u.Hex == hex.Hex{Row: 3, Col: 3}) {
			t.Errorf("unit %+v", u)
		}
	}
}

// The medal forms the editor writes: turn_start (Winter Wars II "début de
// tour") on majority and permanent medals, nbr_hex hexes of a group to hold
// (docs/rules-decisions.md), and a side on the tag itself, which means what
// medal.side means (so medal7, which has no side of its own, plays with one).
func TestMedalForms(t *testing.T) {
	m := base()
	addHex(m, obj{"row": 3, "col": 3, "tags": []any{obj{"name": "medal1", "group": []any{"e6", "f6"}, "medal": obj{"majority": true, "turn_start": true}}}})
	addHex(m, obj{"row": 3, "col": 7, "tags": []any{obj{"name": "medal2", "medal": obj{"permanent": true, "turn_start": true}}}})
	addHex(m, obj{"row": 3, "col": 11, "tags": []any{obj{"name": "medal0", "group": []any{"h4", "i4"}, "medal": obj{"nbr_hex": 2, "side": "AXIS"}}}})
	addHex(m, obj{"row": 3, "col": 15, "tags": []any{obj{"name": "medal7", "side": "ALLIES"}}})
	s, r := convert(t, m)
	if s == nil || !r.Playable() {
		t.Fatalf("not playable: %+v %+v", r.Errors, r.Unsupported)
	}
	if len(s.Objectives) != 4 {
		t.Fatalf("objectives %+v", s.Objectives)
	}
	o := s.Objectives
	if o[0].Kind != rules.MajorityMedal || !o[0].AtTurnStart || o[1].Kind != rules.PermanentMedal || !o[1].AtTurnStart {
		t.Errorf("turn_start medals %+v %+v", o[0], o[1])
	}
	if o[2].Count != 2 || len(o[2].Hexes) != 3 || o[2].Sides != rules.MaskAxis {
		t.Errorf("nbr_hex medal %+v", o[2])
	}
	if o[3].Sides != rules.MaskAllies {
		t.Errorf("medal7 with a tag-level side %+v", o[3])
	}
	bad := base()
	addHex(bad, obj{"row": 3, "col": 3, "tags": []any{obj{"name": "medal0", "side": "AXIS", "medal": obj{"side": "ALLIES"}}}})
	if _, r := convert(t, bad); len(r.Errors) == 0 {
		t.Error("a tag side that contradicts medal.side was accepted")
	}
}

// Drop in the Night: 82nd: "the Allied player drops 3 elite Infantry units
// over each hex marked with a Battle Star (9 units total). You must aim at
// these hexes, but you do not lose your units if they land outside of the
// hex": several drops, one per centre, each its count (option airdrop with
// nbr_drops, nbr_units per drop, option2 TARGET_DROP_CENTER, behavior
// ONE_AT_TIME); the centres typed by hand in either letter case.
func TestSeveralAirdrops(t *testing.T) {
	m := base()
	m["board"].(obj)["type"] = "BRKTHRU"
	gi(m)["options"] = obj{"airdrop": obj{"side": "ALLIES", "option2": "TARGET_DROP_CENTER", "range": 3, "nbr_units": []any{3, 2, 1},
		"center": "F14, I12, J6 (stars tokens)", "behavior": "ONE_AT_TIME", "nbr_drops": 3, "unit": obj{"name": "inf2us"}}}
	s, r := convert(t, m)
	if s == nil || !slices.Equal(r.Features(), []string{"Breakthrough command deck"}) {
		t.Fatalf("%+v %+v", r.Errors, r.Unsupported)
	}
	want := []struct {
		at hex.Hex
		n  int
	}{{hex.Hex{Row: 3, Col: 11}, 3}, {hex.Hex{Row: 5, Col: 17}, 2}, {hex.Hex{Row: 11, Col: 19}, 1}}
	if len(s.Airdrops) != 3 {
		t.Fatalf("airdrops %+v", s.Airdrops)
	}
	for k, w := range want {
		a := s.Airdrops[k]
		if a.Center != w.at || a.Count != w.n || a.Range != 3 || a.Side != rules.Allies || !a.Unit.Elite {
			t.Errorf("drop %d: %+v, want %d units over %s", k, a, w.n, w.at)
		}
	}
	later := base()
	gi(later)["options"] = obj{"airdrop": obj{"side": "ALLIES", "option": "NEED_FULL_DAY_VISIBILITY", "range": 3, "nbr_units": 3, "center": "C6", "unit": obj{"name": "inf2us"}}}
	if _, r := convert(t, later); r.Playable() || !slices.Contains(r.Features(), "airdrop variants") {
		t.Errorf("a drop in full daylight: %+v", r.Unsupported)
	}
}

// The importer adds the expansion rulesets a file's names need and places
// their rows: Terrain Pack tiles (FAQ II Routes, Marécages; TP IV Field
// Bunkers), a ford behavior (FAQ II 41), and the FROZEN_RIVER pack that
// freezes the file's rivers (Winter Wars I "Rivière gelée"; Rzhev).
func TestExpansionRows(t *testing.T) {
	m := base()
	addHex(m, obj{"row": 3, "col": 3, "terrain": obj{"name": "road"}})
	addHex(m, obj{"row": 3, "col": 5, "terrain": obj{"name": "marshes"}})
	addHex(m, obj{"row": 3, "col": 7, "terrain": obj{"name": "river", "behavior": "FORD"}})
	addHex(m, obj{"row": 3, "col": 9, "terrain": obj{"name": "river"}})
	addHex(m, obj{"row": 3, "col": 11, "terrain": obj{"name": "wroad"}})
	addHex(m, obj{"row": 3, "col": 13, "rect_terrain": obj{"name": "dbunker"}})
	for _, frozen := range []bool{false, true} {
		if frozen {
			m["equipment_packs"] = obj{"axis_pack": []any{obj{"image": obj{"feature": "FROZEN_RIVER"}}}}
		}
		s, r := convert(t, m)
		if !r.Playable() || s == nil {
			t.Fatalf("frozen %v: %+v", frozen, r)
		}
		cat, err := s.Catalog()
		if err != nil {
			t.Fatal(err)
		}
		if got := cat.Rulesets(); !slices.Equal(got, []string{"base", "terrain-pack", "winter-terrain"}) {
			t.Errorf("rulesets %v", got)
		}
		want := map[string]string{"3,3": "road", "3,5": "marsh", "3,7": "fordable-river", "3,9": "river", "3,11": "snowy-road"}
		if frozen {
			want["3,9"] = "frozen-river"
		}
		for _, h := range s.Hexes {
			if w, ok := want[h.Hex.String()]; ok {
				if got := cat.Ground(h.Terrain).Key; got != w {
					t.Errorf("frozen %v: %s is %s, want %s", frozen, h.Hex, got, w)
				}
				delete(want, h.Hex.String())
			}
			if h.Hex.String() == "3,13" && cat.Feature(h.Structure).Key != "field-bunker" {
				t.Errorf("3,13: structure %q, want field-bunker", cat.Feature(h.Structure).Key)
			}
		}
		if len(want) > 0 {
			t.Errorf("frozen %v: hexes not placed: %v", frozen, want)
		}
	}
}

// The night-attack options (FAQ III 19): night_visibility_rules (the
// Allies roll, day rises), night_visibility_reverse_rule (night falls),
// night_visibility_team_turn (who rolls: Night Withdrawal's Axis).
func TestNightOptions(t *testing.T) {
	for _, c := range []struct {
		opts obj
		want rules.Night
	}{
		{obj{"night_visibility_rules": true}, rules.Night{On: true, Roller: rules.Allies}},
		{obj{"night_visibility_reverse_rule": true, "night_visibility_team_turn": "AXIS"}, rules.Night{On: true, Roller: rules.Axis, Falls: true}},
		{obj{"night_visibility_team_turn": "AXIS", "night_visibility_rules": true}, rules.Night{On: true, Roller: rules.Axis}},
		{obj{"night_visibility_rules": false}, rules.Night{}},
	} {
		m := base()
		gi(m)["options"] = c.opts
		s, r := convert(t, m)
		if !r.Playable() || s.Night != c.want {
			t.Errorf("%v: night %+v (report %+v), want %+v", c.opts, s.Night, r, c.want)
		}
	}
}

// Villers-Bocage: "The Tiger tank marked with a Battle Star is Michael
// Wittmann": equipment wittmann makes the armor the row wittmann of
// rules.Tigers (one figure when the file gives none), and IS_WITTMANN
// belongs on the tag1 battle star, which is a marker only.
func TestWittmannEquipment(t *testing.T) {
	m := base()
	addHex(m, obj{"row": 3, "col": 3, "unit": obj{"name": "tank2ger", "equipment": "wittmann"}, "tags": []any{obj{"name": "tag1", "behavior": "IS_WITTMANN"}}})
	s, r := convert(t, m)
	if s == nil || !r.Playable() {
		t.Fatalf("%+v %+v", r.Errors, r.Unsupported)
	}
	var w *rules.UnitSetup
	for i := range s.Units {
		if s.Units[i].Kind == "wittmann" {
			w = &s.Units[i]
		}
	}
	if w == nil || w.Figures != 1 || w.Hex != (hex.Hex{Row: 3, Col: 3}) || len(s.Objectives) != 0 {
		t.Fatalf("Wittmann %+v, objectives %v", w, s.Objectives)
	}
	m = base()
	addHex(m, obj{"row": 3, "col": 3, "unit": obj{"name": "tank2ger", "equipment": "wittmann"}, "tags": []any{obj{"name": "tag15", "behavior": "IS_WITTMANN"}}})
	if _, r := convert(t, m); r.Loaded() {
		t.Errorf("IS_WITTMANN on tag15: loaded, want an error")
	}
}

// FAQ II 44 Oueds & défilés: a wadi tile is open at its ends, by its shape
// and orientation (TileEnds). Sidi Rezegh's wadi runs 4,22 - 5,21 - 6,20:
// each tile's end towards the next is open, and the next opens back.
func TestWadiEnds(t *testing.T) {
	if got := TileEnds("straight", 2); got != 1<<5|1<<2 {
		t.Errorf("straight, orientation 2: %06b, want NE and SW", got)
	}
	if got := TileEnds("bend", 1); got != 1<<5|1<<1 {
		t.Errorf("bend, orientation 1: %06b, want NE and SE", got)
	}
	s, _ := loadCorpus(t, "4246-SidiRezeghAirfield.m44")
	if s == nil {
		t.Fatal("no setup")
	}
	ends := map[hex.Hex]uint8{}
	for _, h := range s.Hexes {
		if h.Ends != 0 {
			ends[h.Hex] = h.Ends
		}
	}
	want := map[string]uint8{"4,22": 1<<5 | 1<<2, "5,21": 1<<5 | 1<<2, "6,20": 1<<5 | 1<<1}
	for h, w := range want {
		x, _ := hex.Parse(h)
		if got := ends[x]; got != w {
			t.Errorf("%s: ends %06b, want %06b", h, got, w)
		}
	}
	for h, m := range ends {
		for d := 0; d < 6; d++ {
			n := hex.Neighbour(h, d)
			if back, ok := ends[n]; ok && m&(1<<d) != 0 && back&(1<<((d+3)%6)) == 0 {
				t.Errorf("%s opens towards %s, which does not open back", h, n)
			}
		}
	}
}
