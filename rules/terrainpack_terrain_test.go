package rules

import (
	"slices"
	"strings"
	"testing"
)

// The Terrain Pack's and Winter Wars' rows: movement on the board.
func TestExpansionTerrainMovement(t *testing.T) {
	road := fill(row(4, 0, 24), "road")
	cases := []struct {
		name  string
		specs []string
		from  string
		want  []string
	}{
		// FAQ II 42 Routes: "Une unité débutant son mouvement sur une route
		// et y restant peut se déplacer d'un hex supplémentaire"; faq-digest
		// 87: infantry 3, armor 4, artillery 2 wholly on a road.
		{"infantry: 3 along a road", specs(road, []string{"allies inf 4,12"}), "4,12", append(disk("4,12", 2), "4,6", "4,18")},
		{"armor: 4 along a road", specs(road, []string{"allies arm 4,12"}), "4,12", append(disk("4,12", 3), "4,4", "4,20")},
		{"artillery: 2 along a road", specs(road, []string{"allies art 4,12"}), "4,12", append(disk("4,12", 1), "4,8", "4,16")},
		// Winter Wars I "Route enneigée": the effects of a normal road.
		{"infantry: 3 along a snowy road", specs(fill(row(4, 0, 24), "snowy-road"), []string{"allies inf 4,12"}), "4,12", append(disk("4,12", 2), "4,6", "4,18")},
		// "débutant son mouvement sur une route": no bonus from off the road.
		{"no bonus when starting off the road", specs(road, []string{"allies inf 5,11"}), "5,11", disk("5,11", 2)},
		// FAQ II Ponts, Routes: a bridge is not a road hex; a railway
		// crossing loses the bonus too.
		{"a bridge ends the bonus", specs(road, []string{"4,16 river bridge", "allies inf 4,12"}), "4,12", append(disk("4,12", 2, "3,17", "5,17", "4,18"), "4,6")},
		{"a railway ends the bonus", specs(road, []string{"4,16 railway", "allies inf 4,12"}), "4,12", append(disk("4,12", 2), "4,6")},
		// FAQ II 38 Voies ferrées, Winter Wars I "Voie ferrée enneigée":
		// armor and artillery entering a railway stop; infantry does not.
		{"armor stops on a railway", specs(fill(row(5, 0, 24), "railway"), []string{"allies arm 6,12"}), "6,12", minusRows(disk("6,12", 3), 3, 4)},
		{"armor stops on a snowy railway", specs(fill(row(5, 0, 24), "snowy-railway"), []string{"allies arm 6,12"}), "6,12", minusRows(disk("6,12", 3), 3, 4)},
		{"infantry crosses a railway", specs(fill(row(5, 0, 24), "railway"), []string{"allies inf 6,12"}), "6,12", disk("6,12", 2)},
		// FAQ II 37 Pont ferroviaire; Winter Wars IV "Pont ferroviaire
		// enneigé": it crosses a river; infantry moves on freely, armor
		// and artillery entering it stop.
		{"infantry crosses a rail bridge", specs(fill(row(5, 0, 24), "river"), []string{"5,11 rail-bridge", "allies inf 6,12"}), "6,12",
			append(minusRows(disk("6,12", 2), 4, 5), "5,11", "4,10", "4,12")},
		{"armor stops on a rail bridge", specs(fill(row(5, 0, 24), "river"), []string{"5,11 rail-bridge", "allies arm 6,12"}), "6,12",
			append(minusRows(disk("6,12", 3), 3, 4, 5), "5,11")},
		{"artillery stops on a rail bridge", specs(fill(row(5, 0, 24), "river"), []string{"5,11 rail-bridge", "allies art 6,12"}), "6,12",
			append(minusRows(disk("6,12", 1), 5), "5,11")},
		// Winter Wars V Half-tracks, "Ponts ferroviaires & Voies ferrées -
		// Les half-tracks qui y entrent doivent stopper".
		{"half-tracks stop on a railway", specs(fill(row(5, 0, 24), "railway"), []string{"allies arm 6,12 kind=half-tracks"}), "6,12", minusRows(disk("6,12", 2), 4)},
		{"half-tracks stop on a rail bridge", specs(fill(row(5, 0, 24), "river"), []string{"5,11 rail-bridge", "allies arm 6,12 kind=half-tracks"}), "6,12",
			append(minusRows(disk("6,12", 2), 4, 5), "5,11")},
		// FAQ III Infiltration: marshes stop a unit entering and leaving.
		{"a marsh stops a unit entering", specs(fill(row(5, 0, 24), "marsh"), []string{"allies inf 6,12"}), "6,12", minusRows(disk("6,12", 2), 4)},
		{"a unit in a marsh moves 1", []string{"5,11 marsh", "allies arm 5,11"}, "5,11", disk("5,11", 1)},
		// FAQ II 65 Balkas: a unit entering or leaving stops.
		{"a ravine stops a unit entering", specs(fill(row(5, 0, 24), "ravine"), []string{"allies arm 6,12"}), "6,12", minusRows(disk("6,12", 3), 3, 4)},
		{"a unit in a ravine moves 1", []string{"5,11 ravine", "allies arm 5,11"}, "5,11", disk("5,11", 1)},
		// FAQ II 61 Ruisseaux & rivières franchissables; 41 Gués: entered,
		// and entering stops.
		{"a fordable stream is crossed, stopping", specs(fill(row(5, 0, 24), "fordable-stream"), []string{"allies inf 6,12"}), "6,12", minusRows(disk("6,12", 2), 4)},
		{"a fordable river is crossed, stopping", specs(fill(row(5, 0, 24), "fordable-river"), []string{"allies inf 6,12"}), "6,12", minusRows(disk("6,12", 2), 4)},
		{"a ford crosses a river, stopping", specs(fill(row(5, 0, 24), "river"), []string{"5,11 ford", "allies inf 6,12"}), "6,12",
			append(minusRows(disk("6,12", 2), 4, 5), "5,11")},
		// FAQ II 20 Barrages: impassable to armor and artillery; infantry
		// moves freely.
		{"armor cannot enter a dam", []string{"5,11 dam", "allies arm 6,12"}, "6,12", disk("6,12", 3, "5,11", "3,9")},
		{"infantry crosses a dam", []string{"5,11 dam", "allies inf 6,12"}, "6,12", disk("6,12", 2)},
		// docs/rules-decisions.md: rocky escarpments are impassable to
		// armor and artillery; field bunkers to armor and artillery (as
		// bunkers).
		{"armor cannot enter a rocky escarpment", []string{"5,11 rocky-escarpment", "allies arm 6,12"}, "6,12", disk("6,12", 3, "5,11", "3,9")},
		{"armor cannot enter a field bunker", []string{"5,11 field-bunker", "allies arm 6,12"}, "6,12", disk("6,12", 3, "5,11", "3,9")},
		// Winter Wars I "Château": as a town (entering stops).
		{"a château stops a unit entering", specs(fill(row(5, 0, 24), "chateau"), []string{"allies inf 6,12"}), "6,12", minusRows(disk("6,12", 2), 4)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := game(t, append(c.specs, "axis inf 0,0")...)
			got := moveSet(t, st, c.from)
			want := slices.Clone(c.want)
			slices.Sort(want)
			want = slices.Compact(want)
			i := slices.Index(want, H(c.from).String())
			if i >= 0 {
				want = slices.Delete(want, i, i+1)
			}
			if !eq(got, want) {
				t.Errorf("reach from %s:\n got %v\nwant %v", c.from, got, want)
			}
		})
	}
}

// The road bonus and the battle after a move (FAQ II 42 Routes; faq-digest
// 87): standard infantry 2 and battle or 3 without; elite infantry 3 and
// battle; armor 4 and battle; artillery 2 without battling.
func TestRoadMoveThenBattle(t *testing.T) {
	road := fill(row(6, 0, 24), "road")
	cases := []struct {
		name     string
		unit, to string
		enemy    string
		dice     int // 0 = cannot battle
	}{
		{"infantry 2 along the road battles", "inf", "6,12", "5,13", 3},
		{"infantry 3 along the road cannot battle", "inf", "6,14", "5,15", 0},
		{"elite infantry 3 along the road battles", "inf elite", "6,14", "5,15", 3},
		{"armor 4 along the road battles", "arm", "6,16", "5,17", 3},
		{"artillery 1 along the road cannot battle", "art", "6,10", "4,10", 0},
		{"infantry 2 off the road cannot battle (control)", "inf", "4,8", "3,9", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			from := "6,8"
			f := strings.Fields(c.unit)
			unit := "allies " + f[0] + " " + from + " " + strings.Join(f[1:], " ")
			st := game(t, append(road, unit, "axis inf "+c.enemy, "axis inf 0,0")...)
			turn(t, st, "general-advance", from)
			act(t, st, "move "+from+" "+c.to)
			if st.Phase() == PhaseMove {
				act(t, st, "end-moves")
			}
			battles := dests(st, ActBattle, c.to)
			if c.dice == 0 {
				if len(battles) > 0 {
					t.Fatalf("unit on %s may battle %v, want none", c.to, battles)
				}
				return
			}
			if !slices.Contains(battles, H(c.enemy).String()) {
				t.Fatalf("unit on %s cannot battle %s (battles %v)", c.to, c.enemy, battles)
			}
			dice(t, st, "star star star star")
			if n := battleDiceOf(act(t, st, "battle "+c.to+" "+c.enemy)); n != c.dice {
				t.Errorf("battle rolled %d dice, want %d", n, c.dice)
			}
		})
	}
}

// Battle values of the rows: the dice an attacker rolls against a unit on
// the row, and from it.
func TestExpansionTerrainBattle(t *testing.T) {
	cases := []struct {
		name       string
		specs      []string
		from, to   string
		want       int
		sourceNote string
	}{
		{"infantry against a ravine: -1", []string{"5,11 ravine", "allies inf 6,12", "axis inf 5,11"}, "6,12", "5,11", 2, "FAQ II 65 Balkas"},
		{"infantry from a ravine: -1", []string{"6,12 ravine", "allies inf 6,12", "axis inf 5,11"}, "6,12", "5,11", 2, "FAQ II 65 Balkas: Une unité y combat à -1 dé"},
		{"armor against a station: -2", []string{"5,11 station", "allies arm 6,12", "axis inf 5,11"}, "6,12", "5,11", 1, "FAQ II 39 Gare; rules-decisions (as a town)"},
		{"armor from a château: -2", []string{"6,12 chateau", "allies arm 6,12", "axis inf 5,11"}, "6,12", "5,11", 1, "Winter Wars I Château (as Villes & villages)"},
		{"infantry against a hill road from below: -1", []string{"5,11 hill-road", "allies inf 6,12", "axis inf 5,11"}, "6,12", "5,11", 2, "FAQ II 42 Routes: a road over a hill protects as a hill"},
		{"infantry against a road: no protection", []string{"5,11 road", "allies inf 6,12", "axis inf 5,11"}, "6,12", "5,11", 3, "FAQ II 42 Routes: no battle restriction"},
		{"armor against a forested hill: -2", []string{"5,11 forested-hill", "allies arm 6,12", "axis inf 5,11"}, "6,12", "5,11", 1, "rulebook p.18; annex 2 Forêts"},
		{"infantry against an erg from below: -1", []string{"5,11 erg", "allies inf 6,12", "axis inf 5,11"}, "6,12", "5,11", 2, "FAQ II 64 Ergs & dunes"},
		{"infantry from an erg against an erg: no reduction", []string{"5,11 erg", "6,12 erg", "allies inf 6,12", "axis inf 5,11"}, "6,12", "5,11", 3, "FAQ II 64 Ergs & dunes: same height"},
		{"armor against a marsh: no protection", []string{"5,11 marsh", "allies arm 6,12", "axis inf 5,11"}, "6,12", "5,11", 3, "FAQ II Marécages"},
		{"armor against a field bunker the scenario gives to the other side: -2", []string{"bunkers=allies", "5,11 field-bunker", "allies arm 6,12", "axis inf 5,11"}, "6,12", "5,11", 1, "Terrain Pack IV Field Bunkers: either side"},
		{"armor against a bunker the scenario gives to the other side: no protection", []string{"bunkers=allies", "5,11 bunker", "allies arm 6,12", "axis inf 5,11"}, "6,12", "5,11", 3, "rulebook annex 2 Bunkers (contrast)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := game(t, c.specs...)
			got, err := st.BattleDice(H(c.from), H(c.to))
			if err != nil {
				t.Fatal(err)
			}
			if got != c.want {
				t.Errorf("%s: %d dice, want %d", c.sourceNote, got, c.want)
			}
		})
	}
}

// FAQ II 65 Balkas: no take ground nor overrun into or out of a ravine.
func TestRavineNoTakeGround(t *testing.T) {
	for _, c := range []struct {
		name  string
		specs []string
	}{
		{"into a ravine", []string{"5,11 ravine"}},
		{"out of a ravine", []string{"6,12 ravine"}},
		{"plain (control: take ground offered)", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := game(t, append(c.specs, "allies inf 6,12", "axis inf 5,11 fig=1", "axis inf 0,0")...)
			turn(t, st, "general-advance", "6,12")
			toBattle(t, st)
			dice(t, st, "grenade grenade grenade")
			act(t, st, "battle 6,12 5,11")
			offered := st.Phase() == PhaseTakeGround
			if want := c.specs == nil; offered != want {
				t.Errorf("take ground offered = %v, want %v", offered, want)
			}
		})
	}
}

// Line of sight (each row's summary): a row between two units blocks the
// line or not.
func TestExpansionTerrainSight(t *testing.T) {
	for _, c := range []struct {
		row    string
		blocks bool
		source string
	}{
		{"road", false, "FAQ II 42 Routes"},
		{"snowy-road", false, "Winter Wars I Route enneigée"},
		{"railway", false, "Winter Wars I Voie ferrée enneigée"},
		{"snowy-railway", false, "Winter Wars I Voie ferrée enneigée"},
		{"marsh", false, "FAQ II Marécages"},
		{"ravine", false, "FAQ II 65 Balkas"},
		{"fordable-stream", false, "FAQ II 61"},
		{"airfield", false, "FAQ II 16 Aérodrome"},
		{"dam", true, "FAQ II 20 Barrages"},
		{"station", true, "rules-decisions: as a town"},
		{"chateau", true, "Winter Wars I Château"},
		{"forested-hill", true, "annex 2 Forêts"},
		{"ruins", true, "rules-decisions: as a town"},
		{"factory", true, "rules-decisions: as a town"},
		{"field-bunker", true, "as a bunker"},
	} {
		st := game(t, "4,12 "+c.row, "allies inf 4,8", "axis inf 4,16")
		if got := st.LineOfSight(H("4,8"), H("4,16")); got == c.blocks {
			t.Errorf("%s (%s): line of sight %v, want blocked %v", c.row, c.source, got, c.blocks)
		}
	}
}

// Winter Wars I: each tile's movement, battle, sight and air-check values.
// The château, the snowy road and railway have their base equivalents'
// effects ("identiques à ceux d'un hex de Villes & Villages", "d'une route
// normale", "d'une voie ferrée normale").
func TestWinterTerrainRows(t *testing.T) {
	cat, err := NewCatalog(TerrainPack(), WinterTerrain())
	if err != nil {
		t.Fatal(err)
	}
	row := func(key string) TerrainDef {
		g, ok := cat.GroundByKey(key)
		if !ok {
			t.Fatalf("no row %q", key)
		}
		return cat.Ground(g)
	}
	same := func(a, b TerrainDef) bool {
		a.Key, a.Source, a.Summary, a.Symbol, a.AirCheck = "", "", "", "", 0
		b.Key, b.Source, b.Summary, b.Symbol, b.AirCheck = "", "", "", "", 0
		return a.MustStop == b.MustStop && a.NoBattle == b.NoBattle && a.BlocksSight == b.BlocksSight &&
			a.Protection == b.Protection && a.AttackMalus == b.AttackMalus && a.Road == b.Road &&
			a.VehiclesStop == b.VehiclesStop && a.Height == b.Height && a.Impassable == b.Impassable
	}
	for _, c := range []struct {
		key, like string
		air       int8
	}{
		{"chateau", "town", 2},          // WW I Château: "Test aérien : 2"
		{"snowy-road", "road", 0},       // WW I Route enneigée: "Test aérien : 0"
		{"snowy-railway", "railway", 1}, // WW I Voie ferrée enneigée: "Test aérien : 1"
		{"road", "road", 0},             // FAQ II 42 Routes
		{"railway", "snowy-railway", 1}, // FAQ II 38 Voies ferrées
		{"airfield", "plain", 0},        // FAQ II 16 Aérodrome: no restriction, air check 0
	} {
		r := row(c.key)
		if r.AirCheck != c.air {
			t.Errorf("%s: air check %d, want %d", c.key, r.AirCheck, c.air)
		}
		if like := row(c.like); !same(r, like) {
			t.Errorf("%s: effects differ from %s", c.key, c.like)
		}
	}
	if r := row("snowy-railway"); !r.VehiclesStop || r.MustStop || r.BlocksSight || r.NoBattle {
		t.Errorf("snowy railway: %+v; want armor and artillery to stop, infantry free, no battle restriction, no sight block", r)
	}
}

// Winter Wars I "Rivière gelée": "Quand une unité se déplace ou bat en
// retraite sur une rivière gelée, lancez deux dés. Chaque étoile jouée
// entraîne une perte"; FAQ II 47: a unit eliminated so gives a medal, one
// that stays on the ice does not roll.
func TestFrozenRiver(t *testing.T) {
	frozen := fill(row(5, 0, 24), "frozen-river")
	t.Run("crossing rolls 2 dice, a loss per star", func(t *testing.T) {
		st := game(t, append(frozen, "allies inf 6,12", "axis inf 0,0")...)
		turn(t, st, "general-advance", "6,12")
		dice(t, st, "star inf")
		evs := act(t, st, "move 6,12 4,12")
		if rolls := ofKind(evs, EvDiceRolled); len(rolls) != 1 || rolls[0].Side != Axis {
			t.Fatalf("rolls %v, want one by the Axis", evString(evs))
		}
		if f := unitOn(t, st, "4,12").Figures; f != 3 {
			t.Errorf("figures %d, want 3 (one star)", f)
		}
	})
	t.Run("ending on the ice rolls", func(t *testing.T) {
		st := game(t, append(frozen, "allies inf 6,12", "axis inf 0,0")...)
		turn(t, st, "general-advance", "6,12")
		dice(t, st, "star star")
		act(t, st, "move 6,12 5,11")
		if f := unitOn(t, st, "5,11").Figures; f != 2 {
			t.Errorf("figures %d, want 2", f)
		}
	})
	t.Run("a way around the ice at the same cost is taken", func(t *testing.T) {
		st := game(t, "5,11 frozen-river", "allies inf 6,12", "axis inf 0,0")
		turn(t, st, "general-advance", "6,12")
		evs := act(t, st, "move 6,12 4,12")
		if rolls := ofKind(evs, EvDiceRolled); len(rolls) != 0 {
			t.Errorf("rolled %v, want no roll (5,13 is as short)", evString(evs))
		}
	})
	t.Run("the ice breaking under the last figure gives a medal", func(t *testing.T) {
		st := game(t, append(frozen, "allies inf 6,12 fig=1", "axis inf 0,0")...)
		turn(t, st, "general-advance", "6,12")
		dice(t, st, "star flag")
		evs := act(t, st, "move 6,12 5,11")
		if len(ofKind(evs, EvUnitEliminated)) != 1 || st.Medals()[Axis] != 1 {
			t.Errorf("events %s, medals %v: want the unit lost and a medal to the Axis", evString(evs), st.Medals())
		}
	})
	t.Run("retreating onto the ice rolls", func(t *testing.T) {
		st := game(t, "7,11 frozen-river", "7,13 frozen-river", "allies inf 6,12", "axis inf 5,11", "axis inf 0,0", "first=axis")
		turn(t, st, "general-advance", "5,11")
		toBattle(t, st)
		dice(t, st, "flag star star")
		act(t, st, "battle 5,11 6,12")
		dice(t, st, "star star")
		if st.Phase() == PhaseRetreat {
			act(t, st, "retreat 6,12 7,11")
		}
		u, ok := st.UnitAt(H("7,11"))
		if !ok {
			u = unitOn(t, st, "7,13")
		}
		if u.Figures != 2 {
			t.Errorf("figures %d after retreating onto the ice, want 2 (two stars)", u.Figures)
		}
	})
	t.Run("taking ground onto the ice rolls", func(t *testing.T) {
		st := game(t, "5,11 frozen-river", "allies inf 6,12", "axis inf 5,11 fig=1", "axis inf 0,0")
		turn(t, st, "general-advance", "6,12")
		toBattle(t, st)
		dice(t, st, "grenade flag flag")
		act(t, st, "battle 6,12 5,11")
		if st.Phase() != PhaseTakeGround {
			t.Fatalf("phase %s, want take-ground", st.Phase())
		}
		dice(t, st, "star inf")
		act(t, st, "take-ground 6,12 5,11")
		if f := unitOn(t, st, "5,11").Figures; f != 3 {
			t.Errorf("figures %d, want 3", f)
		}
	})
	t.Run("a unit that stays on the ice does not roll", func(t *testing.T) {
		st := game(t, "5,11 frozen-river", "allies inf 5,11", "axis inf 4,12", "axis inf 0,0")
		turn(t, st, "general-advance", "5,11")
		toBattle(t, st)
		dice(t, st, "flag flag flag")
		evs := act(t, st, "battle 5,11 4,12")
		if n := len(ofKind(evs, EvDiceRolled)); n != 1 {
			t.Errorf("%d rolls, want the battle's only", n)
		}
	})
}

// The road bonus under the cards (faq-digest 88, 89; FAQ II Routes):
// Infantry Assault moves 4 on a road, or 3 and battles; Behind Enemy Lines
// gains the hex too. Behind Enemy Lines rolls no ice test on a frozen river
// (faq-digest 85; FAQ III Infiltration).
func TestRoadAndIceUnderCards(t *testing.T) {
	road := fill(row(4, 0, 24), "road")
	t.Run("Infantry Assault: 4 along the road", func(t *testing.T) {
		g := tcStart(t, append(road, "allies inf 4,12", "axis inf 0,0")...)
		g.hand(Allies, "infantry-assault", "probe-left")
		g.play("infantry-assault", "center")
		if !g.isLegal("move 4,12 4,20") || g.isLegal("move 4,12 4,22") {
			t.Fatalf("moves %v: want 4 hexes along the road, not 5", dests(g.s, ActMove, "4,12"))
		}
	})
	t.Run("Infantry Assault: 3 along the road and battle", func(t *testing.T) {
		g := tcStart(t, append(road, "allies inf 4,12", "axis inf 3,19", "axis inf 0,0")...)
		g.hand(Allies, "infantry-assault", "probe-left")
		g.play("infantry-assault", "center")
		g.do("move 4,12 4,18")
		if g.s.Phase() == PhaseMove {
			g.do("end-moves")
		}
		if !g.isLegal("battle 4,18 3,19") {
			t.Fatalf("legal %v: want a battle after 3 road hexes", g.legal())
		}
	})
	t.Run("Behind Enemy Lines: 4 along the road", func(t *testing.T) {
		g := tcStart(t, append(road, "allies inf 4,12", "axis inf 0,0")...)
		g.hand(Allies, "behind-enemy-lines", "probe-left")
		g.play("behind-enemy-lines")
		g.do("order 4,12")
		if !g.isLegal("move 4,12 4,20") || g.isLegal("move 4,12 4,22") {
			t.Fatalf("moves %v: want 4 hexes along the road, not 5", dests(g.s, ActMove, "4,12"))
		}
	})
	t.Run("Behind Enemy Lines: no ice test", func(t *testing.T) {
		g := tcStart(t, "7,11 frozen-river", "6,12 frozen-river", "allies inf 8,10", "axis inf 0,0")
		g.hand(Allies, "behind-enemy-lines", "probe-left")
		g.play("behind-enemy-lines")
		g.do("order 8,10")
		g.do("move 8,10 5,13")
		if n := len(g.all(EvDiceRolled)); n != 0 {
			t.Errorf("%d rolls crossing the ice behind enemy lines, want none", n)
		}
	})
}

// terrainDigestRulings are the faq-digest §B rulings on terrain (B1 the
// frozen river, B2 roads, B3 railways) and the tests that check them
// (TestFAQDigestRulings runs them).
var terrainDigestRulings = map[int][]func(*testing.T){
	81: {TestFrozenRiver},                            // retreats roll; a medal for an elimination
	82: {TestFrozenRiver},                            // a unit that stays does not roll
	84: {TestFrozenRiver, TestExpansionTerrainSight}, // the frozen river's summary
	85: {TestRoadAndIceUnderCards},                   // Behind Enemy Lines: no stop, no ice test
	86: {TestExpansionTerrainMovement, TestExpansionTerrainBattle, TestExpansionTerrainSight},
	87: {TestRoadMoveThenBattle},   // base units wholly on a road
	88: {TestRoadAndIceUnderCards}, // Infantry Assault on a road
	89: {TestRoadAndIceUnderCards}, // Behind Enemy Lines on a road
	90: {TestExpansionTerrainMovement},
	91: {TestExpansionTerrainMovement},
	92: {TestExpansionTerrainMovement}, // railways: armor stops, infantry does not
}
