package testkit

import (
	"context"
	"strings"
	"testing"

	"m44/bots"
	"m44/hex"
	"m44/render"
	"m44/rules"
)

// A made-up ruleset proves the engine takes a new terrain as one catalog
// row and at most one hook: the engine plays it, the bots judge it through
// the engine, and the renderer draws it, with no other edit
// (docs/architecture.md "Adding an expansion rule").

// swampCostsArmorTwo is the one hook: armor entering a swamp spends 2.
func swampCostsArmorTwo(_ *rules.State, t rules.UnitType, from, to, here int16) int8 {
	if here == to && t == rules.Armor {
		return 2
	}
	return 1
}

func swampRuleset() *rules.Ruleset {
	return &rules.Ruleset{Key: "test-swamps", Name: "Swamps (made up for a test)", Grounds: []rules.TerrainDef{{
		Key: "swamp", Source: "made up", Summary: "entering forbids battle; -1 die against units in it; armor spends 2 to enter",
		NoBattle: true, Protection: [3]int8{1, 1, 1},
		Hooks: rules.TerrainHooks{StepCost: swampCostsArmorTwo},
	}}}
}

func h(r, c int8) hex.Hex { return hex.Hex{Row: r, Col: c} }

func swampSetup(t *testing.T, withSwamp bool) *rules.Setup {
	t.Helper()
	rs := swampRuleset()
	cat, err := rules.NewCatalog(rs)
	if err != nil {
		t.Fatal(err)
	}
	swamp, ok := cat.GroundByKey("swamp")
	if !ok || swamp < rules.NumTerrains {
		t.Fatalf("swamp: id %d, found %v; want a row after the base game's", swamp, ok)
	}
	s := &rules.Setup{Name: "swamps", Grid: hex.Standard(), Top: rules.Axis, First: rules.Allies,
		Cards: [2]int{4, 4}, Victory: [2]int{3, 3}, Rulesets: []*rules.Ruleset{rs}}
	if withSwamp {
		s.Hexes = []rules.HexSetup{{Hex: h(4, 8), Terrain: swamp}, {Hex: h(3, 3), Terrain: swamp}}
	}
	inf := func(x hex.Hex, side rules.Side) rules.UnitSetup {
		return rules.UnitSetup{Hex: x, Type: rules.Infantry, Side: side}
	}
	s.Units = []rules.UnitSetup{
		{Hex: h(5, 9), Type: rules.Armor, Side: rules.Allies},
		// Friends around the armor: its one way out is the swamp on 4,8.
		inf(h(4, 10), rules.Allies), inf(h(5, 7), rules.Allies), inf(h(5, 11), rules.Allies),
		inf(h(6, 8), rules.Allies), inf(h(6, 10), rules.Allies),
		inf(h(2, 4), rules.Axis), inf(h(1, 7), rules.Axis), {Hex: h(0, 8), Type: rules.Artillery, Side: rules.Axis},
		{Hex: h(1, 11), Type: rules.Armor, Side: rules.Axis},
	}
	return s
}

func TestMadeUpTerrainPlays(t *testing.T) {
	for _, withSwamp := range []bool{false, true} {
		s, err := rules.New(swampSetup(t, withSwamp), 1)
		if err != nil {
			t.Fatal(err)
		}
		reach, err := s.Reachable(h(5, 9))
		if err != nil {
			t.Fatal(err)
		}
		far := false // 2,8 is 3 hexes away through 4,8
		for _, x := range reach {
			far = far || x == h(2, 8)
		}
		if far == withSwamp {
			t.Errorf("swamp %v: armor reaches 2,8: %v", withSwamp, far)
		}
		// -1 die against a unit in the swamp (infantry from 2,4 at 3,3: adjacent, 3 dice).
		inf, _ := s.Catalog().UnitByKey("infantry")
		got := s.DiceAt(inf, h(2, 4), rules.Allies, h(3, 3), 0)
		want := 3
		if withSwamp {
			want = 2
		}
		if got != want {
			t.Errorf("swamp %v: infantry dice at a unit on 3,3 = %d, want %d", withSwamp, got, want)
		}
		if s.EntryForbidsBattle(h(4, 8), inf) != withSwamp {
			t.Errorf("swamp %v: entering 4,8 forbids battle = %v", withSwamp, !withSwamp)
		}
	}
}

func TestMadeUpTerrainBotsAndRenderer(t *testing.T) {
	setup := swampSetup(t, true)
	// The bots play it to the end, judging through the engine.
	s, err := rules.New(setup, 7)
	if err != nil {
		t.Fatal(err)
	}
	var players [2]bots.Bot
	for side := range players {
		if players[side], err = bots.New("easy", uint64(side+1), bots.Options{}); err != nil {
			t.Fatal(err)
		}
	}
	for n := 0; n < 5000; n++ {
		if over, _ := s.Over(); over {
			break
		}
		side := s.ToAct()
		a, err := players[side].Choose(context.Background(), bots.NewPerspective(s, side, uint64(n)))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Apply(a); err != nil {
			t.Fatalf("decision %d: %v", n, err)
		}
	}
	if over, _ := s.Over(); !over {
		t.Fatal("the bots did not finish a game on the swamp board")
	}
	// The renderer draws it from its row, on the board and in the legend.
	svg, err := render.SVG(setup, render.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{">swamp<", "armor spends 2 to enter"} {
		if !strings.Contains(string(svg), want) {
			t.Errorf("the drawing lacks %q", want)
		}
	}
}
