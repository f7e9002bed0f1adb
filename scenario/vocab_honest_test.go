package scenario

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"m44/hex"
	"m44/rules"
)

// The importer never calls a file playable when it is not (issue 17): every
// name of the vocabulary, placed in a small file where the editor puts it,
// either gives a playable setup that carries what the entry says the engine
// plays, or makes the file "not supported yet" with the entry's feature
// named. A table entry that the converter reads differently fails here.
func TestVocabularyHonest(t *testing.T) {
	at := hex.Hex{Row: 3, Col: 3}
	for _, e := range Vocabulary {
		t.Run(string(e.Slot)+"/"+e.Name, func(t *testing.T) {
			m := fileWith(e)
			s, r := convert(t, m)
			if !e.Supported() {
				if r.Playable() {
					t.Fatalf("a file with %s %q is playable; the vocabulary says not supported yet: %s", e.Slot, e.Name, e.Unsupported)
				}
				if !slices.Contains(r.Features(), e.Unsupported) {
					t.Fatalf("features %q (errors %v), want %q named", r.Features(), r.Errors, e.Unsupported)
				}
				return
			}
			if s == nil || !r.Playable() {
				t.Fatalf("not playable: errors %v, unsupported %q", r.Errors, r.Features())
			}
			if err := playsAsSaid(e, s, at); err != "" {
				t.Fatal(err)
			}
		})
	}
}

// TestNationsHonest: every nation a unit name may carry either plays as the
// base game's units of its side (rulebook annex 1: nations differ only by
// the rules a scenario or the nation's own rules add) or names the
// nation's rules the engine lacks (FAQ VII Nations). The Japanese and
// Italian rules apply to their units whatever the file says; the Red
// Army's commissar applies when the file says so, by an option that is
// reported; the British Commonwealth command, played, by its option too.
func TestNationsHonest(t *testing.T) {
	want := map[string]string{
		"ger": "", "us": "", "brit": "", "ru": "", "fr": "",
		"jp": "Imperial Japanese Army rules", "it": "Italian Royal Army command",
	}
	for n := range nations {
		if _, ok := want[n]; !ok {
			t.Errorf("nation %q: not checked by this test", n)
		}
	}
	for n, feature := range want {
		for _, typ := range []string{"inf", "inf2", "tank", "tank2", "gun"} {
			m := base()
			addHex(m, obj{"row": 3, "col": 3, "unit": obj{"name": typ + n}})
			s, r := convert(t, m)
			switch {
			case feature == "" && (s == nil || !r.Playable()):
				t.Errorf("%s%s: not playable: %v %q", typ, n, r.Errors, r.Features())
			case feature != "" && (r.Playable() || !slices.Contains(r.Features(), feature)):
				t.Errorf("%s%s: features %q, want %q", typ, n, r.Features(), feature)
			}
		}
	}
	for opt, feature := range map[string]string{
		"russian_commissar_rule": "Russian commissar",
		"italy_royal_army":       "Italian Royal Army command", "gung_ho": "US Marine Corps gung-ho",
	} {
		m := base()
		gi(m)["options"] = obj{opt: true}
		if _, r := convert(t, m); r.Playable() || !slices.Contains(r.Features(), feature) {
			t.Errorf("option %s: features %q, want %q", opt, r.Features(), feature)
		}
	}
}

// fileWith is base() with e's name where the editor writes it, on hex 3,3
// (or an edge for an exit marker), with the least around it that the name
// needs (a river under a bridge, a tank for an armor behavior).
func fileWith(e Entry) obj {
	m := base()
	h := func(members obj) {
		members["row"], members["col"] = 3, 3
		addHex(m, members)
	}
	n := e.Name
	switch e.Slot {
	case SlotBoardType:
		board(m)["type"] = n
	case SlotBoardFace:
		board(m)["face"] = n
	case SlotTerrain:
		h(obj{"terrain": obj{"name": n}})
	case SlotRectTerrain:
		if e.Structure == rules.Bridge || e.Row == "ford" {
			h(obj{"terrain": obj{"name": "river"}, "rect_terrain": obj{"name": n}})
		} else {
			h(obj{"rect_terrain": obj{"name": n}})
		}
	case SlotObstacle:
		h(obj{"obstacle": obj{"name": n}})
	case SlotUnit:
		h(obj{"unit": obj{"name": n}})
	case SlotBadge:
		unit := "inf2ger"
		if e.Kind != "" && e.KindClass == rules.Artillery {
			unit = "gunger" // a Winter Wars V kind badge goes on a unit of its class
		}
		h(obj{"unit": obj{"name": unit, "badge": n}})
	case SlotTag:
		if e.Mine {
			h(obj{"tags": []any{obj{"name": n, "behavior": "MINE_FIELD", "side": "AXIS"}}})
		} else if e.Exit {
			addHex(m, obj{"row": 8, "col": 6, "tags": []any{obj{"name": n, "behavior": "EXIT_MARKER", "side": "AXIS"}}})
		} else if e.Camo {
			h(obj{"unit": obj{"name": "infger"}, "tags": []any{obj{"name": n}}})
		} else {
			h(obj{"tags": []any{obj{"name": n}}})
		}
	case SlotTagBehavior:
		switch {
		case e.Mine:
			h(obj{"tags": []any{obj{"name": "tag3", "behavior": n, "side": "AXIS"}}})
		case e.Ace:
			h(obj{"unit": obj{"name": "tank2ger", "nbr_units": 1, "equipment": "wittmann"}, "tags": []any{obj{"name": "tag1", "behavior": n}}})
		case e.Exit:
			addHex(m, obj{"row": 8, "col": 6, "tags": []any{obj{"name": "tag4", "behavior": n, "side": "AXIS"}}})
		default:
			h(obj{"tags": []any{obj{"name": "medal1", "behavior": n, "side": "AXIS"}}})
		}
	case SlotBehavior:
		switch {
		case e.On != "":
			h(obj{"terrain": obj{"name": e.On, "behavior": n}}) // FORD, FORDABLE_STREAM on a river
		case e.Refines || e.Closes:
			h(obj{"terrain": obj{"name": "hills", "behavior": n}})
		case e.NoFireAcross != 0, !e.Supported() && strings.Contains(strings.ToLower(e.Unsupported), "ford"):
			h(obj{"terrain": obj{"name": "river", "behavior": n}})
		case e.Obstacle != rules.NoObstacle:
			h(obj{"obstacle": obj{"name": "sand", "behavior": n}})
		case e.Blow:
			h(obj{"terrain": obj{"name": "river"}, "rect_terrain": obj{"name": "bridge", "behavior": n}})
			gi(m)["options"] = obj{"blowbridge_opt2": obj{"side": "ALLIES"}}
		case e.Structure != rules.NoStructure, !e.Supported() && strings.Contains(e.Unsupported, "bridges"):
			h(obj{"terrain": obj{"name": "river"}, "rect_terrain": obj{"name": "bridge", "behavior": n}})
		case e.Marker:
			h(obj{"terrain": obj{"name": "oasis", "behavior": n}}) // OASIS_RECOVERY
		case e.Resistance:
			h(obj{"unit": obj{"name": "inf2us", "behavior": n}})
		case e.MoveTwo, e.Medals > 0, e.IgnoresFlag, !e.Supported() && strings.Contains(e.Unsupported, "flag"):
			h(obj{"unit": obj{"name": "tankger", "behavior": n}})
		default:
			h(obj{"terrain": obj{"name": "woods", "behavior": n}})
		}
	case SlotOption:
		var v any = true
		switch {
		case e.Deck:
			v = "AIR_POWER_AS_ARTILLERY_BOMBARD_DECK"
		case strings.EqualFold(n, "partial_blitz_rules"), strings.EqualFold(n, "air_strikes_rules"):
			v = "ALLIES"
		case strings.EqualFold(n, "night_visibility_team_turn"):
			v = "AXIS"
		case strings.EqualFold(n, "hill317"):
			v = []any{"d4"}
		case strings.EqualFold(n, "blowbridge_opt2"):
			v = obj{"side": "ALLIES", "option": "NEED_NEIGHBOUR_UNIT"}
			h(obj{"terrain": obj{"name": "river"}, "rect_terrain": obj{"name": "bridge", "behavior": "CAN_BE_BLOWN"}})
		case strings.EqualFold(n, "deck_reshuffling"):
			v = false // no reshuffle: the rule is active
		case strings.EqualFold(n, "airdrop"):
			v = obj{"side": "ALLIES", "range": 2, "nbr_units": 2, "center": "G5", "unit": obj{"name": "infus"}}
		case strings.EqualFold(n, "airdrop2"):
			v = obj{"side": "ALLIES", "option": "NEED_FULL_DAY_VISIBILITY", "option2": "TARGET_DROP_CENTER", "range": 3, "nbr_units": 3,
				"center": "C6 (Les Forges)", "nbr_drops": 1, "unit": obj{"name": "inf2us", "behavior": "CANNOT_BE_ACTIVATED_TILL_TURN", "turn": 1}}
		case strings.EqualFold(n, "smoke_screen"):
			v = obj{"side": "ALLIES"}
		case strings.EqualFold(n, "armor_breakthrough_rules"):
			v = obj{"ALLIES": obj{"name": "tankus", "nbr_units": 2}}
		case strings.EqualFold(n, HandGrowthOption):
			v = obj{"side": "AXIS", "to": 6}
		case strings.EqualFold(n, "british_commonwealth"):
			h(obj{"unit": obj{"name": "infbrit"}})
		case strings.EqualFold(n, "must_have_unit_exit"):
			v = obj{"side": "AXIS", "min_nbr_units": 1}
			addHex(m, obj{"row": 8, "col": 6, "tags": []any{obj{"name": "tag4", "behavior": "EXIT_MARKER", "side": "AXIS"}}})
		case e.Exit:
			addHex(m, obj{"row": 8, "col": 6, "tags": []any{obj{"name": "tag4", "behavior": "EXIT_MARKER", "side": "AXIS"}}})
		}
		gi(m)["options"] = obj{n: v}
	case SlotPackFeature:
		m["equipment_packs"] = obj{"allies_pack": []any{obj{"image": obj{"feature": n}, "caption": "", "cost": 0, "compulsory": true}}}
		if e.On != "" {
			h(obj{"terrain": obj{"name": e.On}}) // FROZEN_RIVER freezes the file's rivers
		}
	}
	return m
}

// playsAsSaid checks that the setup carries what the supported entry e
// says the engine plays; it returns "" or what is wrong.
func playsAsSaid(e Entry, s *rules.Setup, at hex.Hex) string {
	var hs *rules.HexSetup
	for i := range s.Hexes {
		if s.Hexes[i].Hex == at {
			hs = &s.Hexes[i]
		}
	}
	var u *rules.UnitSetup
	for i := range s.Units {
		if s.Units[i].Hex == at {
			u = &s.Units[i]
		}
	}
	wrong := func(what string, got any) string { return fmt.Sprintf("%s: %s %+v", e.Meaning(), what, got) }
	if e.Marker {
		// A marker of an expansion ruleset, among the hex's features.
		cat, err := s.Catalog()
		if err != nil || hs == nil {
			return wrong("hex", hs)
		}
		for _, f := range hs.Features {
			if cat.Feature(f).Key == e.Row {
				return ""
			}
		}
		return wrong("features", hs.Features)
	}
	if e.Row != "" {
		// A row of an expansion ruleset: the hex carries it, by key, in the
		// setup's catalog (the ruleset added).
		cat, err := s.Catalog()
		if err != nil || hs == nil {
			return wrong("hex", hs)
		}
		if key := cat.Ground(hs.Terrain).Key; e.Slot != SlotRectTerrain && key != e.Row {
			return wrong("ground", key)
		}
		if key := cat.Feature(hs.Structure).Key; e.Slot == SlotRectTerrain && key != e.Row {
			return wrong("structure", key)
		}
		return ""
	}
	switch e.Slot {
	case SlotBoardType:
		if s.Grid != e.Grid {
			return wrong("grid", s.Grid)
		}
	case SlotBoardFace:
		beach := false
		for _, x := range s.Hexes {
			beach = beach || x.Terrain == rules.Beach
		}
		if beach != e.PrintedBeach {
			return wrong("beach hexes", beach)
		}
	case SlotTerrain:
		if hs == nil || hs.Terrain != e.Terrain {
			return wrong("hex", hs)
		}
	case SlotRectTerrain:
		if hs == nil || hs.Structure != e.Structure {
			return wrong("hex", hs)
		}
	case SlotObstacle:
		if hs == nil || hs.Obstacle != e.Obstacle {
			return wrong("hex", hs)
		}
	case SlotUnit:
		if u == nil || u.Type != e.Unit || u.Elite != e.Elite || u.Side != e.Side || u.Kind != e.Kind {
			return wrong("unit", u)
		}
	case SlotBadge:
		if e.Kind != "" {
			// A Winter Wars V kind (or a special troops' one), with the
			// ruleset that has its row.
			rs := "winter-troops"
			if e.Ruleset != "" {
				rs = e.Ruleset
			}
			if u == nil || u.Badge != e.Name || u.Kind != e.Kind || u.Type != e.KindClass || !slices.ContainsFunc(s.Rulesets, func(r *rules.Ruleset) bool { return r.Key == rs }) {
				return wrong("unit", u)
			}
			return ""
		}
		if u == nil || u.Badge != e.Name || !e.Display {
			return wrong("unit", u)
		}
	case SlotTag, SlotTagBehavior:
		if e.Mine {
			if len(s.Mines) != 1 || s.Mines[0].Hex != at || s.Mines[0].Side != rules.Axis {
				return wrong("mines", s.Mines)
			}
			return ""
		}
		if e.Ace {
			if u == nil || u.Kind != "wittmann" || len(s.Objectives) != 0 || len(s.Rulesets) != 1 || s.Rulesets[0].Key != "tigers" {
				return wrong("Wittmann's unit", u)
			}
			return ""
		}
		if e.Exit {
			if len(s.Exits) != 1 || s.Exits[0].Side != rules.Axis {
				return wrong("exits", s.Exits)
			}
			return ""
		}
		if e.Camo {
			if u == nil || !u.Camouflaged {
				return wrong("unit", u)
			}
			return ""
		}
		for _, o := range s.Objectives {
			if slices.Contains(o.Hexes, at) && o.Sides == e.Sides {
				return ""
			}
		}
		return wrong("objectives", s.Objectives)
	case SlotBehavior:
		switch {
		case e.Closes:
			if hs == nil || !hs.Closed || hs.NoFireAcross != e.NoFireAcross {
				return wrong("hex", hs)
			}
		case e.Refines:
			if hs == nil || hs.Terrain != e.Terrain {
				return wrong("hex", hs)
			}
		case e.NoFireAcross != 0:
			if hs == nil || hs.NoFireAcross != e.NoFireAcross {
				return wrong("hex", hs)
			}
		case e.Obstacle != rules.NoObstacle:
			if hs == nil || hs.Obstacle != e.Obstacle {
				return wrong("hex", hs)
			}
		case e.Blow:
			if b := s.Blow.Bridges; len(b) != 1 || b[0].Hex != at || b[0].Medal != e.BlowMedal || s.Blow.Side != rules.Allies {
				return wrong("blowable bridges", s.Blow)
			}
		case e.Structure != rules.NoStructure:
			if hs == nil || hs.Structure != e.Structure {
				return wrong("hex", hs)
			}
		case e.Resistance:
			if u == nil || !u.Resistance {
				return wrong("unit", u)
			}
		case e.Medals > 0:
			if u == nil || u.Medals != e.Medals {
				return wrong("unit", u)
			}
		case e.MoveTwo:
			if u == nil || u.MaxMove != 2 {
				return wrong("unit", u)
			}
		case e.IgnoresFlag:
			if u == nil || !u.IgnoresFlag {
				return wrong("unit", u)
			}
		default:
			// A behavior supported later (issue 17's scenario features):
			// playable is checked above; add what it sets here.
		}
	case SlotOption:
		switch {
		case e.Deck:
			if s.DeckKey == "" {
				return wrong("deck", s.DeckKey)
			}
		case e.Blitz:
			if len(s.AirRaids) == 0 && len(s.MoveLimits) == 0 {
				return wrong("air raids and move limits", s.AirRaids)
			}
		case strings.EqualFold(e.Name, "must_have_unit_exit"):
			if s.MustExit != [2]int8{rules.Axis: 1} || len(s.Exits) != 1 {
				return wrong("must exit", s.MustExit)
			}
		case strings.EqualFold(e.Name, "british_commonwealth"):
			if u == nil || !u.BattleBack {
				return wrong("unit", u)
			}
		case e.Exit:
			if len(s.Exits) != 1 || s.Exits[0].Medals[rules.Infantry] != 2 {
				return wrong("exits", s.Exits)
			}
		case strings.EqualFold(e.Name, "blowbridge_opt2"):
			if b := s.Blow.Bridges; len(b) != 1 || b[0].Hex != at || s.Blow.Side != rules.Allies || s.Blow.Beside != rules.InfantryOnly {
				return wrong("blowable bridges", s.Blow)
			}
		case strings.EqualFold(e.Name, "hill317"):
			if len(s.AirRaids) != 1 || len(s.AirRaids[0].While) != 1 {
				return wrong("air raids", s.AirRaids)
			}
		case strings.EqualFold(e.Name, "armor_breakthrough_rules"):
			if b := s.Breakthroughs; len(b) != 1 || b[0].Side != rules.Allies || b[0].Max != 2 || b[0].Unit.Type != rules.Armor {
				return wrong("breakthroughs", s.Breakthroughs)
			}
		case strings.EqualFold(e.Name, "smoke_screen"):
			if s.Smoke != rules.MaskAllies {
				return wrong("smoke", s.Smoke)
			}
		case strings.EqualFold(e.Name, HandGrowthOption):
			if s.GrowTo != [2]int{0, 6} {
				return wrong("hands grow to", s.GrowTo)
			}
		case strings.EqualFold(e.Name, YoungPlayersOption):
			if s.Cards != [2]int{6, 6} {
				return wrong("cards", s.Cards)
			}
		case strings.EqualFold(e.Name, "airdrop"):
			if len(s.Airdrops) != 1 {
				return wrong("airdrops", s.Airdrops)
			}
		case strings.EqualFold(e.Name, "airdrop2"):
			// c6 on the standard board: row 9-6 = 3, column c; the file's
			// upper case is read as the row's parity asks (coords.go).
			if c := s.CalledAirdrops; len(c) != 1 || c[0].Center != (hex.Hex{Row: 3, Col: 5}) || c[0].Max != 3 || c[0].Range != 3 ||
				!c[0].Daylight || !c[0].FromLost || c[0].Side != rules.Allies || !c[0].Unit.Elite {
				return wrong("called airdrops", s.CalledAirdrops)
			}
		case e.Night:
			want := rules.Night{On: true, Roller: rules.Allies, Falls: strings.Contains(e.Name, "reverse")}
			if strings.EqualFold(e.Name, "night_visibility_team_turn") {
				want = rules.Night{Roller: rules.Axis} // names the roller only
			}
			if s.Night != want {
				return wrong("night", s.Night)
			}
		default:
			// An option supported later: playable is checked above; add
			// what it sets here.
		}
	case SlotPackFeature:
		// Carried by other members (medal tags, exit tags): nothing to add.
	}
	return ""
}
