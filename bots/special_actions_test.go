package bots

import (
	"context"
	"testing"

	"m44/hex"
	"m44/rules"
)

// FAQ III "Écran de fumée": a bot lays its smoke screen where it cuts the
// enemy's lines of sight onto its units, then plays its card; a screen that
// would cut nothing is not laid (the engine's LineOfSight judges).
func TestBotsLaySmoke(t *testing.T) {
	s := &rules.Setup{Name: "smoke", Grid: hex.Standard(), Top: rules.Axis, First: rules.Allies,
		Cards: [2]int{4, 4}, Victory: [2]int{4, 4}, Deck: rules.SectionDeck(),
		Rulesets: []*rules.Ruleset{rules.TerrainPack()}, Smoke: rules.MaskAllies,
		Units: []rules.UnitSetup{
			{Hex: hex.Hex{Row: 4, Col: 6}, Type: rules.Infantry, Side: rules.Allies},
			{Hex: hex.Hex{Row: 4, Col: 12}, Type: rules.Armor, Side: rules.Axis},
		}}
	for _, name := range []string{"easy", "medium"} {
		st, err := rules.New(s, 7)
		if err != nil {
			t.Fatal(err)
		}
		b, err := New(name, 1, Options{})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 20e9)
		a, err := b.Choose(ctx, NewPerspective(st, rules.Allies, 1))
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if a.Kind != rules.ActSmoke {
			t.Fatalf("%s: %s, want a smoke screen between the armor and the infantry", name, a)
		}
		if _, err := st.Apply(a); err != nil {
			t.Fatal(err)
		}
		if st.LineOfSight(hex.Hex{Row: 4, Col: 12}, hex.Hex{Row: 4, Col: 6}) {
			t.Errorf("%s: the screen %s leaves the armor's line of sight", name, a)
		}
	}
}

// Armor breakthrough: the bots bring the new armor in with their orders.
func TestBotsEnterBreakthrough(t *testing.T) {
	s := &rules.Setup{Name: "break", Grid: hex.Standard(), Top: rules.Axis, First: rules.Allies,
		Cards: [2]int{4, 4}, Victory: [2]int{4, 4}, Deck: rules.SectionDeck(),
		Breakthroughs: []rules.ArmorBreakthrough{{Side: rules.Allies, Unit: rules.UnitSetup{Type: rules.Armor, Side: rules.Allies}, Max: 2}},
		Units: []rules.UnitSetup{
			{Hex: hex.Hex{Row: 8, Col: 12}, Type: rules.Infantry, Side: rules.Allies},
			{Hex: hex.Hex{Row: 1, Col: 3}, Type: rules.Infantry, Side: rules.Axis},
		}}
	for _, name := range []string{"easy", "medium"} {
		st, err := rules.New(s, 7)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := New(name, 1, Options{})
		entered := false
		for step := 0; step < 12 && !entered && st.Turn() == 1; step++ {
			ctx, cancel := context.WithTimeout(context.Background(), 20e9)
			a, err := b.Choose(ctx, NewPerspective(st, rules.Allies, 1))
			cancel()
			if err != nil {
				t.Fatal(err)
			}
			entered = a.Kind == rules.ActEnter
			if _, err := st.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		if !entered {
			t.Errorf("%s: the breakthrough armor was not brought in on the first turn", name)
		}
	}
}
