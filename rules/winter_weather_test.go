package rules

import (
	"reflect"
	"testing"

	"m44/hex"
)

// wwGame starts a tcGame whose setup plays with the given rulesets.
func wwGame(t *testing.T, sets []*Ruleset, specs ...string) *tcGame {
	t.Helper()
	s := tcSetup(t, specs...)
	s.Rulesets = append(s.Rulesets, sets...)
	return tcNew(t, s)
}

// farthest is the largest distance of a legal move of the unit on from.
func farthest(g *tcGame, from string) int {
	far := 0
	for _, a := range g.s.Legal() {
		if a.Kind == ActMove && a.From == H(from) {
			far = max(far, hex.Distance(a.From, a.To))
		}
	}
	return far
}

// WW II "Chutes de neige": armor and vehicles move 2 hexes at most, cards
// included (Armor Assault); infantry is not slowed (Infantry Assault still
// moves it 3); both sides' armor.
func TestSnowfallCapsVehicles(t *testing.T) {
	for _, tc := range []struct {
		name string
		sets []*Ruleset
		card string
		unit string
		want int
	}{
		{"armor, no snow", nil, "armor-assault", "6,10", 3},
		{"armor in the snow", []*Ruleset{Snowfall()}, "armor-assault", "6,10", 2},
		{"infantry in the snow", []*Ruleset{Snowfall()}, "infantry-assault-center", "6,12", 3},
		{"towed artillery in the snow (no vehicle)", []*Ruleset{Snowfall()}, "artillery-bombard", "6,16", 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := wwGame(t, tc.sets, "allies arm 6,10", "allies inf 6,12", "allies art 6,16", "axis inf 0,0", "axis inf 0,24")
			g.hand(Allies, "armor-assault", "infantry-assault", "artillery-bombard", "probe-left")
			name, sec := tc.card, []string{}
			if tc.card == "infantry-assault-center" {
				name, sec = "infantry-assault", []string{"center"}
			}
			g.play(name, sec...)
			if g.isLegal("order " + tc.unit) {
				g.do("order " + tc.unit)
			}
			if g.s.Phase() == PhaseOrder {
				g.do("end-orders")
			}
			if got := farthest(g, tc.unit); got != tc.want {
				t.Fatalf("the unit moves %d hexes, want %d", got, tc.want)
			}
		})
	}
	// The Axis armor too ("Les blindés et véhicules", whoever owns them).
	g := wwGame(t, []*Ruleset{Snowfall()}, "allies inf 8,0", "axis arm 2,10", "first=axis")
	g.hand(Axis, "armor-assault", "probe-left")
	g.play("armor-assault")
	g.do("order 2,10")
	if got := farthest(g, "2,10"); got != 2 {
		t.Fatalf("the Axis armor moves %d hexes in the snow, want 2", got)
	}
}

// WW II "Chutes de neige": "Ils peuvent tout de même faire une Prise de
// terrain ou une Percée de blindés".
func TestSnowfallKeepsTakeGroundAndOverrun(t *testing.T) {
	g := wwGame(t, []*Ruleset{Snowfall()}, "allies arm 5,11", "allies inf 8,0", "axis inf 4,12", "axis inf 2,14", "axis inf 0,0")
	g.hand(Allies, "armor-assault", "probe-left")
	g.play("armor-assault")
	g.do("order 5,11")
	g.do("end-moves")
	g.dice("grenade grenade grenade grenade")
	g.do("battle 5,11 4,12")
	g.wantPhase(PhaseTakeGround)
	g.do("take-ground 5,11 4,12")
	g.wantPhase(PhaseOverrun)
	if !g.isLegal("battle 4,12 2,14") {
		t.Fatalf("no overrun offered in the snow: %v", g.legal())
	}
}

// WW II "Chutes de neige": both sides roll 1 die per hex with Air Power
// (the Allies, with air superiority by default, would roll 2).
func TestSnowfallAirPower(t *testing.T) {
	for _, tc := range []struct {
		sets []*Ruleset
		want int8
	}{{nil, 2}, {[]*Ruleset{Snowfall()}, 1}} {
		g := wwGame(t, tc.sets, "allies inf 8,0", "axis inf 2,10", "axis inf 0,0")
		g.hand(Allies, "air-power", "probe-left")
		g.play("air-power")
		g.dice("flag flag flag flag")
		g.do("target 2,10")
		if !g.try("end-targets") && g.s.Phase() == PhaseTarget {
			t.Fatalf("cannot end the targets: %v", g.legal())
		}
		att := g.all(EvCardAttack)
		if len(att) != 1 || att[0].N != tc.want {
			t.Fatalf("snow %v: card attacks %+v, want one of %d dice", tc.sets != nil, att, tc.want)
		}
	}
}

// WW II "Chutes de neige": 3 hexes when the whole move is on a road. The
// road rule (a TerrainDef marked Road: the road's extra hex, FAQ II Routes)
// comes with the Terrain Pack rows; the cap of 2 plus that extra hex gives
// 3. The test marks a made-up ground row as a road, and runs once
// TerrainDef has the Road mark.
func TestSnowfallRoad(t *testing.T) {
	row := TerrainDef{Key: "test-road", Layer: LayerGround, Source: "test"}
	mark := reflect.ValueOf(&row).Elem().FieldByName("Road")
	if !mark.IsValid() {
		t.Skip("TerrainDef has no Road mark yet (Terrain Pack roads)")
	}
	mark.SetBool(true)
	roads := &Ruleset{Key: "test-roads", Grounds: []TerrainDef{row}}
	for _, snow := range []bool{false, true} {
		sets := []*Ruleset{roads}
		if snow {
			sets = append(sets, Snowfall())
		}
		cat, err := NewCatalog(sets...)
		if err != nil {
			t.Fatal(err)
		}
		road, _ := cat.GroundByKey("test-road")
		s := tcSetup(t, "allies arm 6,10", "allies inf 8,0", "axis inf 0,0")
		for c := 0; c <= 24; c += 2 {
			s.Hexes = append(s.Hexes, HexSetup{Hex: hex.Hex{Row: 6, Col: int8(c)}, Terrain: road})
		}
		s.Rulesets = sets
		g := tcNew(t, s)
		g.hand(Allies, "armor-assault", "probe-left")
		g.play("armor-assault")
		g.do("order 6,10")
		along, off := 0, 0
		for _, a := range g.s.Legal() {
			if a.Kind != ActMove {
				continue
			}
			d := hex.Distance(a.From, a.To)
			if a.To.Row == 6 {
				along = max(along, d)
			} else {
				off = max(off, d)
			}
		}
		want := [2][2]int{{4, 3}, {3, 2}}[b2i(snow)]
		if along != want[0] || off != want[1] {
			t.Fatalf("snow %v: the armor moves %d along the road and %d off it, want %v", snow, along, off, want)
		}
	}
}

// WW II "Visibilité réduite": the target's symbol hits only in close
// combat; grenades always hit; flags make it retreat as usual.
func TestReducedVisibilityBattle(t *testing.T) {
	for _, tc := range []struct {
		name       string
		sets       []*Ruleset
		from       string
		faces      string
		lost, back int
	}{
		{"range 2, no rule", nil, "6,12", "inf inf", 2, 0},
		{"range 2: symbols miss", []*Ruleset{ReducedVisibility()}, "6,12", "inf inf", 0, 0},
		{"range 2: grenade hits", []*Ruleset{ReducedVisibility()}, "6,12", "grenade inf", 1, 0},
		{"range 2: flag as usual", []*Ruleset{ReducedVisibility()}, "6,12", "flag inf", 0, 1},
		{"close combat: symbols hit", []*Ruleset{ReducedVisibility()}, "5,11", "inf inf inf", 3, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := wwGame(t, tc.sets, "allies inf "+tc.from, "allies inf 8,0", "axis inf 4,10", "axis inf 0,0")
			g.hand(Allies, "attack-center", "probe-left")
			g.play("attack-center")
			g.do("order " + tc.from)
			if g.s.Phase() == PhaseOrder {
				g.do("end-orders")
			}
			if g.s.Phase() == PhaseMove {
				g.do("end-moves")
			}
			g.dice(tc.faces)
			g.do("battle " + tc.from + " 4,10")
			at := "4,10"
			if tc.back > 0 {
				g.wantPhase(PhaseRetreat)
				g.do("retreat 4,10 3,9")
				at = "3,9"
			}
			g.figures(at, 4-tc.lost)
		})
	}
}

// WW II "Visibilité réduite": Barrage is not affected (its symbols hit at
// any range); Air Power's stars still hit ("Lorsque l'étoile provoque une
// perte … cartes de Commandement"), but its symbols hit no more: it is not
// close combat (docs/rules-decisions.md).
func TestReducedVisibilityCards(t *testing.T) {
	rv := []*Ruleset{ReducedVisibility()}
	g := wwGame(t, rv, "allies inf 8,0", "axis inf 2,10", "axis inf 0,0")
	g.hand(Allies, "barrage", "probe-left")
	g.play("barrage")
	g.dice("inf inf star star")
	g.do("target 2,10")
	g.figures("2,10", 2)

	g = wwGame(t, rv, "allies inf 8,0", "axis inf 2,10", "axis inf 0,0")
	g.hand(Allies, "air-power", "probe-left")
	g.play("air-power")
	g.dice("inf star")
	g.do("target 2,10")
	if g.s.Phase() == PhaseTarget {
		g.do("end-targets")
	}
	g.figures("2,10", 3)
}
