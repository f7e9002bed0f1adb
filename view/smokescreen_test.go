package view

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"m44/hex"
	"m44/rules"
)

// FAQ III "Écran de fumée": the board shows the smoke screen's hexes (marker
// smoke-screen) and the turns it lasts, to everyone; lifted, neither.
func TestBoardSmokeScreen(t *testing.T) {
	s := &rules.Setup{Name: "smoke", Grid: hex.Standard(), Top: rules.Axis, First: rules.Allies,
		Cards: [2]int{4, 4}, Victory: [2]int{4, 4}, Deck: rules.SectionDeck(),
		Rulesets: []*rules.Ruleset{rules.TerrainPack()}, Smoke: rules.MaskAllies,
		Units: []rules.UnitSetup{
			{Hex: hex.Hex{Row: 4, Col: 6}, Type: rules.Infantry, Side: rules.Allies},
			{Hex: hex.Hex{Row: 4, Col: 12}, Type: rules.Armor, Side: rules.Axis},
		}}
	st, err := rules.New(s, 1)
	if err != nil {
		t.Fatal(err)
	}
	if b := BoardOf(st); b.Smoke != nil {
		t.Fatalf("smoke before it is laid: %+v", b.Smoke)
	}
	a, _ := rules.ParseAction("smoke 3,11 4,10 4,8")
	if _, err := st.Apply(a); err != nil {
		t.Fatal(err)
	}
	b := BoardOf(st)
	if b.Smoke == nil || b.Smoke.Allies != 2 || b.Smoke.Axis != 0 {
		t.Fatalf("smoke %+v, want the Allies' lasting 2 turns", b.Smoke)
	}
	var on []string
	for _, f := range b.Features {
		if slices.Contains(f.Markers, "smoke-screen") {
			on = append(on, f.Hex.String())
		}
	}
	slices.Sort(on)
	if strings.Join(on, " ") != "3,11 4,10 4,8" {
		t.Errorf("smoke markers on %v", on)
	}
	js, _ := json.Marshal(b)
	if !strings.Contains(string(js), `"smoke":{"allies":2,"axis":0}`) {
		t.Errorf("wire form: %s", js)
	}
}
