package render

import (
	"bytes"
	"testing"

	"m44/hex"
	"m44/rules"
)

// FAQ III "Écran de fumée": a game position with a smoke screen draws its
// three hexes' grey puffs; without it, none.
func TestRenderSmokeScreen(t *testing.T) {
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
	puff := []byte("#d9d9d6")
	svg, err := SVG(nil, Options{State: st, NoLegend: true})
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(svg, puff) {
		t.Fatal("smoke drawn before it is laid")
	}
	a, err := rules.ParseAction("smoke 3,11 4,10 4,8")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Apply(a); err != nil {
		t.Fatal(err)
	}
	if svg, err = SVG(nil, Options{State: st, NoLegend: true}); err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(svg, puff); n != 3 {
		t.Errorf("%d smoke marks, want 3", n)
	}
	if _, err := PNG(nil, Options{State: st, NoLegend: true}); err != nil {
		t.Fatal(err)
	}
}
