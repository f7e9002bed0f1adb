package protocol

import (
	"encoding/json"
	"strings"
	"testing"

	"m44/rules"
)

// Setups name catalog rows: unit kinds, extra features, catalog decks.
func TestSetupCatalogKeys(t *testing.T) {
	s := NewSession()
	setup := `{"name":"keys","deck":"sections","cards":{"allies":2,"axis":2},"victory":{"allies":1,"axis":1},
"hexes":[{"hex":"5,7","obstacle":"sandbags","features":["wire"]}],
"units":[{"hex":"5,5","kind":"resistance","side":"allies"},{"hex":"4,4","type":"armor","kind":"elite-armor","side":"axis"}]}`
	ok(t, s, newGame(setup, 1, ""), nil)
	var v struct {
		Units []struct {
			Hex     string `json:"hex"`
			Type    string `json:"type"`
			Kind    string `json:"kind"`
			Figures int    `json:"figures"`
		} `json:"units"`
		Features []struct {
			Hex      string   `json:"hex"`
			Obstacle string   `json:"obstacle"`
			Markers  []string `json:"markers"`
		} `json:"features"`
	}
	ok(t, s, `{"cmd":"view","game":"g1","as":"allies"}`, &v)
	got := map[string]string{}
	for _, u := range v.Units {
		got[u.Hex] = u.Type + "/" + u.Kind
	}
	if got["5,5"] != "infantry/resistance" || got["4,4"] != "armor/elite-armor" {
		t.Fatalf("units %+v", v.Units)
	}
	if len(v.Features) != 1 || v.Features[0].Obstacle != "sandbags" || strings.Join(v.Features[0].Markers, ",") != "wire" {
		t.Fatalf("features %+v", v.Features)
	}
	for _, bad := range []string{
		`{"cards":{"allies":1,"axis":1},"victory":{"allies":1,"axis":1},"units":[{"hex":"5,5","kind":"dragoon","side":"allies"}]}`,
		`{"cards":{"allies":1,"axis":1},"victory":{"allies":1,"axis":1},"units":[{"hex":"5,5","type":"infantry","kind":"elite-armor","side":"allies"}]}`,
		`{"cards":{"allies":1,"axis":1},"victory":{"allies":1,"axis":1},"hexes":[{"hex":"5,5","features":["moat"]}],"units":[]}`,
		`{"deck":"tarot","cards":{"allies":1,"axis":1},"victory":{"allies":1,"axis":1},"units":[]}`,
	} {
		fails(t, s, newGame(bad, 1, ""), CodeBadScenario)
	}
}

// Winter Wars II "Conditions de victoire" in a setup: persistent and
// exclusive medals, a majority medal taken at the start of the turn.
func TestSetupWinterWarsObjectives(t *testing.T) {
	j := SetupJSON{}
	if err := json.Unmarshal([]byte(`{"cards":{"allies":2,"axis":2},"victory":{"allies":3,"axis":3},
"units":[{"hex":"5,5","type":"infantry","side":"allies"},{"hex":"0,0","type":"infantry","side":"axis"}],
"objectives":[{"kind":"persistent","hexes":["4,4"]},{"kind":"exclusive","hexes":["2,2","2,4"],"sides":["axis"]},
{"kind":"majority","hexes":["3,3","3,5"],"turn_start":true}]}`), &j); err != nil {
		t.Fatal(err)
	}
	s, err := j.toSetup()
	if err != nil {
		t.Fatal(err)
	}
	o := s.Objectives
	if len(o) != 3 || o[0].Kind != rules.PersistentMedal || o[1].Kind != rules.ExclusiveMedal || o[2].Kind != rules.MajorityMedal || !o[2].AtTurnStart {
		t.Fatalf("objectives %+v", o)
	}
}

// A setup may name the Terrain Pack's and Winter Wars' rows (rules.TerrainPack,
// rules.WinterTerrain): the game plays with those rulesets, and the view
// names the rows.
func TestSetupExpansionTerrain(t *testing.T) {
	s := NewSession()
	setup := `{"name":"roads","deck":"sections","cards":{"allies":2,"axis":2},"victory":{"allies":1,"axis":1},
"hexes":[{"hex":"4,4","terrain":"road"},{"hex":"4,6","terrain":"frozen-river"},{"hex":"5,7","terrain":"river","structure":"ford"}],
"units":[{"hex":"5,5","type":"infantry","side":"allies"},{"hex":"0,0","type":"infantry","side":"axis"}]}`
	ok(t, s, newGame(setup, 1, ""), nil)
	var v struct {
		Features []struct {
			Hex       string `json:"hex"`
			Terrain   string `json:"terrain"`
			Structure string `json:"structure"`
		} `json:"features"`
	}
	ok(t, s, `{"cmd":"view","game":"g1","as":"allies"}`, &v)
	got := map[string]string{}
	for _, f := range v.Features {
		got[f.Hex] = f.Terrain + "/" + f.Structure
	}
	if got["4,4"] != "road/" || got["4,6"] != "frozen-river/" || got["5,7"] != "river/ford" {
		t.Fatalf("features %+v", v.Features)
	}
	fails(t, s, newGame(`{"cards":{"allies":1,"axis":1},"victory":{"allies":1,"axis":1},"hexes":[{"hex":"5,5","terrain":"swampland"}],"units":[]}`, 1, ""), CodeBadScenario)
}

// An engine setup may lay a wadi with its open ends (FAQ II 44) and place
// a big gun and supply trucks by kind (FAQ IV Artillerie lourde, Camions de
// transport); a wadi without ends, or an end out of 0..5, is refused.
func TestSetupWadiAndSpecialTroops(t *testing.T) {
	s := NewSession()
	setup := `{"name":"wadi","deck":"sections","cards":{"allies":2,"axis":2},"victory":{"allies":1,"axis":1},
"hexes":[{"hex":"4,4","terrain":"wadi","ends":[0,3]},{"hex":"6,6","terrain":"oasis","features":["oasis-recovery"]}],
"units":[{"hex":"8,8","kind":"big-gun","side":"allies"},{"hex":"7,7","kind":"supply-trucks","side":"allies"},{"hex":"0,0","type":"infantry","side":"axis"}]}`
	ok(t, s, newGame(setup, 1, ""), nil)
	var v struct {
		Units []struct {
			Hex, Kind string
		} `json:"units"`
		Features []struct {
			Hex  string `json:"hex"`
			Ends []int  `json:"ends"`
		} `json:"features"`
	}
	ok(t, s, `{"cmd":"view","game":"g1","as":"allies"}`, &v)
	kinds := map[string]string{}
	for _, u := range v.Units {
		kinds[u.Hex] = u.Kind
	}
	if kinds["8,8"] != "big-gun" || kinds["7,7"] != "supply-trucks" {
		t.Errorf("units %+v", v.Units)
	}
	found := false
	for _, f := range v.Features {
		found = found || f.Hex == "4,4" && len(f.Ends) == 2 && f.Ends[0] == 0 && f.Ends[1] == 3
	}
	if !found {
		t.Errorf("features %+v", v.Features)
	}
	for _, bad := range []string{`[{"hex":"4,4","terrain":"wadi"}]`, `[{"hex":"4,4","terrain":"wadi","ends":[6]}]`} {
		fails(t, s, newGame(`{"cards":{"allies":1,"axis":1},"victory":{"allies":1,"axis":1},"hexes":`+bad+`,"units":[{"hex":"0,0","type":"infantry","side":"axis"}]}`, 1, ""), CodeBadScenario)
	}
}
