package protocol

import (
	"slices"
	"testing"

	"m44/rules"
	"m44/view"
)

// FAQ III "Écran de fumée": "new" takes the option smoke_screen; the side
// named is offered "smoke <hex> <hex> <hex>" at its first turn, which lays
// the screen (events smoke), shown in the view to the other side.
func TestNewSmokeScreenOption(t *testing.T) {
	s := NewSession()
	setup := `{"name":"smoke","deck":"section","cards":{"allies":3,"axis":3},"victory":{"allies":1,"axis":1},
"units":[{"hex":"4,6","type":"infantry","side":"allies"},{"hex":"4,12","type":"armor","side":"axis"}]}`
	ok(t, s, newGame(setup, 1, `,"options":{"smoke_screen":{"side":"ALLIES"}}`), nil)
	var v view.View
	ok(t, s, `{"cmd":"view","as":"allies"}`, &v)
	if !slices.Contains(v.Legal, "smoke 3,11 4,10 4,8") {
		t.Fatalf("legal lacks smoke 3,11 4,10 4,8 (%d actions)", len(v.Legal))
	}
	var res struct {
		Events []Event `json:"events"`
	}
	ok(t, s, `{"cmd":"apply","action":"smoke 3,11 4,10 4,8"}`, &res)
	n := 0
	for _, e := range res.Events {
		if e.Kind == "smoke" && e.Side != nil && *e.Side == rules.Allies {
			n++
		}
	}
	if n != 3 {
		t.Errorf("events %+v: want 3 smoke", res.Events)
	}
	ok(t, s, `{"cmd":"view","as":"axis"}`, &v)
	if !slices.ContainsFunc(v.Features, func(f view.Feature) bool {
		return f.Hex.String() == "4,10" && slices.Contains(f.Markers, "smoke-screen")
	}) {
		t.Errorf("features %+v: no smoke on 4,10", v.Features)
	}
	e := call(t, NewSession(), newGame(setup, 1, `,"options":{"smoke_screen":{"side":"RUSSIANS"}}`))
	if e.Error == nil || e.Error.Code != CodeBadArgument {
		t.Errorf("an unknown side: %+v", e)
	}
}

// Armor breakthrough: "new" takes the option armor_breakthrough_rules; a
// card ordering in a section of the Axis baseline offers "enter r,c", which
// brings the armor in (event breakthrough); the view counts the units left.
func TestNewArmorBreakthroughOption(t *testing.T) {
	s := NewSession()
	setup := `{"name":"break","deck":"section","cards":{"allies":3,"axis":3},"victory":{"allies":1,"axis":1},
"units":[{"hex":"8,12","type":"infantry","side":"allies"},{"hex":"1,3","type":"infantry","side":"axis"}]}`
	ok(t, s, newGame(setup, 1, `,"options":{"armor_breakthrough_rules":{"ALLIES":{"name":"tankus","nbr_units":2}}}`), nil)
	ok(t, s, `{"cmd":"hand","side":"allies","cards":["probe-left","probe-center","probe-right"]}`, nil)
	var v view.View
	ok(t, s, `{"cmd":"view","as":"allies"}`, &v)
	if v.Breakthrough == nil || v.Breakthrough.Allies != 2 {
		t.Fatalf("breakthrough %+v, want 2 for the Allies", v.Breakthrough)
	}
	play := ""
	for _, c := range v.Hand {
		if c.Name == "probe-left" {
			play = "play " + itoa(int(c.ID))
		}
	}
	ok(t, s, `{"cmd":"apply","action":"`+play+`"}`, nil)
	ok(t, s, `{"cmd":"view","as":"allies"}`, &v)
	if !slices.Contains(v.Legal, "enter 0,2") {
		t.Fatalf("legal %v lacks enter 0,2", v.Legal)
	}
	var res struct {
		Events []Event `json:"events"`
	}
	ok(t, s, `{"cmd":"apply","action":"enter 0,2"}`, &res)
	if !slices.ContainsFunc(res.Events, func(e Event) bool { return e.Kind == "breakthrough" && e.Hex == "0,2" }) {
		t.Errorf("events %+v lack breakthrough", res.Events)
	}
	e := call(t, NewSession(), newGame(setup, 1, `,"options":{"armor_breakthrough_rules":{"ALLIES":{"name":"tankus","nbr_units":0}}}`))
	if e.Error == nil || e.Error.Code != CodeBadArgument {
		t.Errorf("0 units: %+v", e)
	}
}
