package scenario

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"m44/hex"
	"m44/rules"
)

// TestVocabularyComplete reads ../shared/scenarios/VOCABULARY.md and checks
// that the table knows every name of every slot.
func TestVocabularyComplete(t *testing.T) {
	path := filepath.Join(corpusDir, "VOCABULARY.md")
	fh, err := os.Open(path)
	if err != nil {
		t.Skipf("%s is absent (the shared corpus is not here): skipping", path)
	}
	defer fh.Close()
	slots := map[string]Slot{
		"board.type": SlotBoardType, "board.face": SlotBoardFace, "terrain": SlotTerrain,
		"rect_terrain": SlotRectTerrain, "obstacle": SlotObstacle, "unit": SlotUnit,
		"badge": SlotBadge, "tag": SlotTag, "behavior": SlotBehavior,
		"tag behavior": SlotTagBehavior, "game_info.options key": SlotOption,
	}
	heading := regexp.MustCompile(`^## (.+) \((\d+)\)$`)
	name := regexp.MustCompile("`([^`]+)` \\d+")
	var slot Slot
	want, seen := 0, 0
	total := 0
	check := func() {
		if slot != "" && seen != want {
			t.Errorf("slot %s: VOCABULARY.md announces %d names, read %d", slot, want, seen)
		}
	}
	sc := bufio.NewScanner(fh)
	for sc.Scan() {
		line := sc.Text()
		if m := heading.FindStringSubmatch(line); m != nil {
			check()
			s, ok := slots[m[1]]
			if !ok {
				t.Errorf("VOCABULARY.md has a slot %q the test does not map", m[1])
			}
			slot, seen = s, 0
			want, _ = strconv.Atoi(m[2])
			continue
		}
		if slot == "" {
			continue
		}
		for _, m := range name.FindAllStringSubmatch(line, -1) {
			seen++
			total++
			var ok bool
			if slot == SlotUnit {
				_, ok = LookupUnit(m[1])
			} else {
				_, ok = Lookup(slot, m[1])
			}
			if !ok {
				t.Errorf("%s %q: not in the vocabulary table", slot, m[1])
			}
		}
	}
	check()
	if total < 200 {
		t.Errorf("read only %d names from VOCABULARY.md", total)
	}
}

func TestVocabularyMapping(t *testing.T) {
	terrains := map[string]rules.Terrain{
		"woods": rules.Forest, "wforest": rules.Forest,
		"buildings": rules.Town, "wvillage": rules.Town, "bled": rules.Town,
		"church": rules.Church,
		"hills":  rules.Hill, "whill": rules.Hill, "dhill": rules.Hill,
		"hedgerow": rules.Hedgerow,
		"river":    rules.River, "curve": rules.River, "riverFR": rules.River, "wriver": rules.River, "wcurved": rules.River,
		"lakeA": rules.Lake, "lakeB": rules.Lake, "lakeC": rules.Lake,
		"mountain": rules.Mountain,
		"WOODS":    rules.Forest, // case does not matter
	}
	for n, want := range terrains {
		e, ok := Lookup(SlotTerrain, n)
		if !ok || !e.Supported() || e.Terrain != want {
			t.Errorf("terrain %q: got %+v, want %s", n, e, want)
		}
	}
	unsupportedNames := map[Slot]map[string]string{
		SlotTerrain:     {"pjungle": "jungles", "pcave": "caves", "pheadquarter": "field headquarters"},
		SlotRectTerrain: {"loco": "trains", "pdestroyer": "warships"},
		SlotTag:         {"medal7": "medal7 without medal.side"},
		SlotTagBehavior: {"DECOY_MEDAL_MINE_FIELD": "minefields"},
		SlotBehavior:    {"HEADQUARTER": "field headquarters"},
		SlotOption:      {"russian_commissar_rule": "Russian commissar", "supply_train_rules": "supply trains"},
		SlotBadge:       {"badge38": "Italian Royal Army units", "badge29": "cavalry"},
		SlotBoardType:   {"BRKTHRU": "Breakthrough command deck", "OVERLORD": "Overlord rules"},
	}
	for slot, names := range unsupportedNames {
		for n, feature := range names {
			e, ok := Lookup(slot, n)
			if !ok || e.Supported() || e.Unsupported != feature {
				t.Errorf("%s %q: got %+v, want not supported yet: %s", slot, n, e, feature)
			}
			if got, want := e.Meaning(), "not supported yet: "+feature; got != want {
				t.Errorf("%s %q: Meaning() = %q, want %q", slot, n, got, want)
			}
		}
	}
	structures := map[string]rules.Structure{"bridge": rules.Bridge, "wbridge": rules.Bridge, "bunker": rules.Bunker, "wbunker": rules.Bunker}
	for n, want := range structures {
		if e, ok := Lookup(SlotRectTerrain, n); !ok || !e.Supported() || e.Structure != want {
			t.Errorf("rect_terrain %q: got %+v, want %s", n, e, want)
		}
	}
	obstacles := map[string]rules.Obstacle{"sand": rules.Sandbags, "wire": rules.Wire, "hedgehog": rules.Hedgehog}
	for n, want := range obstacles {
		if e, ok := Lookup(SlotObstacle, n); !ok || !e.Supported() || e.Obstacle != want {
			t.Errorf("obstacle %q: got %+v, want %s", n, e, want)
		}
	}
	refines := map[string]rules.Terrain{"HILL": rules.Hill, "BLUFF": rules.Bluff, "CLIFF": rules.Cliff, "STEEP_HILL": rules.SteepHill}
	for n, want := range refines {
		if e, ok := Lookup(SlotBehavior, n); !ok || !e.Refines || e.Terrain != want {
			t.Errorf("behavior %q: got %+v, want hill refined to %s", n, e, want)
		}
	}
	if e, _ := Lookup(SlotBehavior, "SEAWALL"); e.Obstacle != rules.Seawall {
		t.Errorf("SEAWALL: got %+v", e)
	}
	if e, _ := Lookup(SlotBehavior, "FRENCH_RESISTANCE"); !e.Resistance {
		t.Errorf("FRENCH_RESISTANCE: got %+v", e)
	}
	medals := map[string]rules.SideMask{"medal0": rules.MaskBoth, "medal1": rules.MaskAllies, "medal2": rules.MaskAxis, "medal4": rules.MaskAllies, "medal6": rules.MaskAllies}
	for n, want := range medals {
		if e, ok := Lookup(SlotTag, n); !ok || !e.Supported() || e.Sides != want {
			t.Errorf("tag %q: got %+v, want sides %d", n, e, want)
		}
	}
	for _, n := range []string{"badge1", "badge2", "badge3", "badge4", "badge10", "badge22", "badge25"} {
		if e, ok := Lookup(SlotBadge, n); !ok || !e.Supported() || !e.Display {
			t.Errorf("badge %q: got %+v, want a display badge", n, e)
		}
	}
	grids := map[string]hex.Grid{"STANDARD": hex.Standard(), "brkthru": hex.Breakthrough(), "Overlord": hex.Overlord()}
	for n, want := range grids {
		if e, ok := Lookup(SlotBoardType, n); !ok || e.Grid != want {
			t.Errorf("board type %q: got %+v", n, e)
		}
	}
	if _, ok := Lookup(SlotTerrain, "nosuchthing"); ok {
		t.Errorf("unknown names must not be found")
	}
	if _, ok := Lookup(SlotObstacle, "woods"); ok {
		t.Errorf("names are looked up in their own slot")
	}
}

func TestLookupUnit(t *testing.T) {
	tests := []struct {
		name        string
		ok          bool
		typ         rules.UnitType
		elite       bool
		nation      string
		side        rules.Side
		unsupported string
	}{
		{"infger", true, rules.Infantry, false, "ger", rules.Axis, ""},
		{"inf2ger", true, rules.Infantry, true, "ger", rules.Axis, ""},
		{"tankus", true, rules.Armor, false, "us", rules.Allies, ""},
		{"tank2brit", true, rules.Armor, true, "brit", rules.Allies, ""},
		{"gunbrit", true, rules.Artillery, false, "brit", rules.Allies, ""},
		{"inf2ru", true, rules.Infantry, true, "ru", rules.Allies, ""},
		{"gunjp", true, rules.Artillery, false, "jp", rules.Axis, "Imperial Japanese Army rules"},
		{"inf2jp", true, rules.Infantry, true, "jp", rules.Axis, "Imperial Japanese Army rules"},
		{"INFGER", true, rules.Infantry, false, "ger", rules.Axis, ""},
		// Not in the vocabulary, read by the naming scheme.
		{"infit", true, rules.Infantry, false, "it", rules.Axis, "Italian Royal Army command"}, // FAQ VII: the nation's rules are not played yet
		{"tank2fr", true, rules.Armor, true, "fr", rules.Allies, ""},
		{"tank2jp", true, rules.Armor, true, "jp", rules.Axis, "Imperial Japanese Army rules"},
		{"gun2ger", true, rules.Artillery, true, "ger", rules.Axis, "special forces artillery"},
		// Supply trucks (FAQ IV Camions de transport: infantry in every case).
		{"vehus", true, rules.Infantry, false, "us", rules.Allies, ""},
		{"vehger", true, rules.Infantry, false, "ger", rules.Axis, ""},
		{"vehit", true, 0, false, "it", rules.Axis, "Italian Royal Army command"},
		{"infxx", false, 0, false, "", 0, ""},
		{"inf22ger", false, 0, false, "", 0, ""},
		{"plane", false, 0, false, "", 0, ""},
		{"", false, 0, false, "", 0, ""},
	}
	for _, tc := range tests {
		e, ok := LookupUnit(tc.name)
		if ok != tc.ok {
			t.Errorf("%q: found %v, want %v", tc.name, ok, tc.ok)
			continue
		}
		if !ok {
			continue
		}
		if e.Unsupported != tc.unsupported || e.Nation != tc.nation || e.Side != tc.side {
			t.Errorf("%q: got %+v", tc.name, e)
		}
		if tc.unsupported == "" && (e.Unit != tc.typ || e.Elite != tc.elite) {
			t.Errorf("%q: got %s elite=%v, want %s elite=%v", tc.name, e.Unit, e.Elite, tc.typ, tc.elite)
		}
	}
}

// Every entry documents its source; supported entries of a slot have a value.
func TestVocabularyEntries(t *testing.T) {
	for _, e := range Vocabulary {
		if e.Source == "" {
			t.Errorf("%s %q: no source", e.Slot, e.Name)
		}
		if e.Name == "" || strings.TrimSpace(e.Name) != e.Name {
			t.Errorf("bad name %q", e.Name)
		}
		if m := e.Meaning(); m == "" || m == "supported" {
			t.Errorf("%s %q: Meaning() = %q", e.Slot, e.Name, m)
		}
		if !e.Supported() {
			continue
		}
		switch e.Slot {
		case SlotRectTerrain:
			if e.Structure == rules.NoStructure && !rowOf(e) {
				t.Errorf("%s %q: no structure", e.Slot, e.Name)
			}
		case SlotObstacle:
			if e.Obstacle == rules.NoObstacle {
				t.Errorf("%s %q: no obstacle", e.Slot, e.Name)
			}
		case SlotTag:
			if e.Sides == 0 && !e.Exit && !e.Mine && !e.Camo {
				t.Errorf("%s %q: no side", e.Slot, e.Name)
			}
		case SlotBoardType:
			if e.Grid.Rows == 0 {
				t.Errorf("%s %q: no grid", e.Slot, e.Name)
			}
		case SlotTerrain:
			if e.Terrain == rules.Plain && !rowOf(e) {
				t.Errorf("%s %q: a tile that is plain", e.Slot, e.Name)
			}
		}
	}
}

// impassable must agree with the rules' own table, which rules.Setup.Validate
// applies to units.
func TestImpassableMatchesRules(t *testing.T) {
	for tr := rules.Terrain(0); tr < rules.NumTerrains; tr++ {
		s := &rules.Setup{
			Grid:    hex.Standard(),
			Victory: [2]int{4, 4},
			Hexes:   []rules.HexSetup{{Hex: hex.Hex{Row: 0, Col: 0}, Terrain: tr}},
			Units:   []rules.UnitSetup{{Hex: hex.Hex{Row: 0, Col: 0}, Type: rules.Infantry}},
		}
		err := s.Validate()
		if got := err != nil; got != impassable(tr) {
			t.Errorf("terrain %s: importer impassable=%v, rules.Setup.Validate error=%v", tr, impassable(tr), err)
		}
	}
}

func TestWriteVocabulary(t *testing.T) {
	var b strings.Builder
	if err := WriteVocabulary(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, e := range Vocabulary {
		if !strings.Contains(out, "| `"+e.Name+"` | "+e.Meaning()+" |") {
			t.Errorf("entry %s %q missing from the Markdown table", e.Slot, e.Name)
		}
	}
	if testing.Verbose() {
		t.Logf("\n%s", out)
	}
}

// rowOf: the entry places a row of an expansion ruleset that exists.
func rowOf(e Entry) bool {
	for _, rs := range Rulesets {
		if rs.Key != e.Ruleset {
			continue
		}
		cat, err := rules.NewCatalog(rs.Make())
		if err != nil {
			return false
		}
		if _, ok := cat.GroundByKey(e.Row); ok {
			return true
		}
		_, ok := cat.FeatureByKey(e.Row)
		return ok
	}
	return false
}

// Every expansion row a name places exists in its ruleset, and the names
// of the Terrain Pack and Winter Wars tiles place the rows of the terrain
// summaries (FAQ II; Winter Wars I).
func TestVocabularyExpansionRows(t *testing.T) {
	for _, e := range Vocabulary {
		if e.Row != "" && !rowOf(e) {
			t.Errorf("%s %q: no row %q in ruleset %q", e.Slot, e.Name, e.Row, e.Ruleset)
		}
	}
	for _, c := range []struct {
		slot      Slot
		name, row string
	}{
		{SlotTerrain, "road", "road"}, {SlotTerrain, "droadcurve", "road"}, {SlotTerrain, "wroadFL", "snowy-road"},
		{SlotTerrain, "hillroad", "hill-road"}, {SlotTerrain, "rail", "railway"}, {SlotTerrain, "wrail", "snowy-railway"},
		{SlotTerrain, "marshes", "marsh"}, {SlotTerrain, "wravine", "ravine"}, {SlotTerrain, "descarpment", "rocky-escarpment"},
		{SlotTerrain, "whillforest", "forested-hill"}, {SlotTerrain, "whillvillage", "hill-village"},
		{SlotRectTerrain, "ford", "ford"}, {SlotRectTerrain, "dbunker", "field-bunker"},
		{SlotBehavior, "FORD", "fordable-river"}, {SlotBehavior, "FORDABLE_STREAM", "fordable-stream"},
	} {
		e, ok := Lookup(c.slot, c.name)
		if !ok || !e.Supported() || e.Row != c.row {
			t.Errorf("%s %q: got %+v, want row %q", c.slot, c.name, e, c.row)
		}
	}
}
