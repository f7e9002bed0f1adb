package rules

import "testing"

// Events name the units they are about (Event.Unit, Event.Target), so that a
// log can say "British infantry battles German armor" without reading a
// position in which the unit may already be gone (eliminated, retreated).
// The rule exercised is the plain battle sequence of rulebook p.9
// ("Résoudre l'attaque": hits, then flags, then the retreat), with scripted dice.
func TestEventsNameTheirUnits(t *testing.T) {
	s, seed := setupOf(t, "allies inf 6,12", "axis arm 5,11", "axis inf 4,10 fig=1", "allies inf 8,24", "axis inf 0,0")
	nations := []string{"brit", "ger", "ger", "us", "ger"}
	for i := range s.Units {
		s.Units[i].Nation = nations[i]
	}
	st, err := New(s, seed)
	if err != nil {
		t.Fatal(err)
	}
	inf, arm := UnitKind(0), UnitKind(0)
	if k, ok := st.Catalog().UnitByKey("infantry"); ok {
		inf = k
	}
	if k, ok := st.Catalog().UnitByKey("armor"); ok {
		arm = k
	}
	brit := UnitTag{Kind: inf, Side: Allies, Nation: "brit", Known: true}
	gerArm := UnitTag{Kind: arm, Side: Axis, Nation: "ger", Known: true}

	turn(t, st, "general-advance", "6,12")
	act(t, st, "end-moves")
	dice(t, st, "grenade flag inf")
	evs := act(t, st, "battle 6,12 5,11")
	if st.Phase() == PhaseRetreat {
		evs = append(evs, act(t, st, "retreat 5,11 4,12")...)
	}
	// The armor retreats (one flag): the retreat names it although it has
	// left 5,11.
	want := map[EventKind][2]UnitTag{
		EvBattle:    {brit, gerArm},
		EvHits:      {gerArm, {}},
		EvRetreated: {gerArm, {}},
	}
	seen := map[EventKind]bool{}
	for _, e := range evs {
		if w, ok := want[e.Kind]; ok {
			seen[e.Kind] = true
			if e.Unit != w[0] || e.Target != w[1] {
				t.Errorf("%s: unit %+v target %+v, want %+v %+v", e, e.Unit, e.Target, w[0], w[1])
			}
		}
		if e.Kind == EvDiceRolled && (e.Unit.Known || e.Target.Known) {
			t.Errorf("%s names a unit", e)
		}
	}
	for k := range want {
		if !seen[k] {
			t.Errorf("no %s event in %v", k, evs)
		}
	}
}

// An eliminated unit is named by its elimination event although it is no
// longer on the board (rulebook p.9: the last figure lost removes the unit).
func TestEliminationNamesTheUnit(t *testing.T) {
	st := game(t, "allies inf 6,12", "axis inf 5,11 fig=1", "allies inf 8,24", "axis inf 0,0")
	evs := attack(t, st, "6,12", "", "5,11", "inf star star")
	found := false
	for _, e := range evs {
		if e.Kind == EvUnitEliminated {
			found = true
			if !e.Unit.Known || e.Unit.Side != Axis || st.Catalog().Unit(e.Unit.Kind).Key != "infantry" {
				t.Errorf("%s: unit %+v", e, e.Unit)
			}
		}
		if e.Kind == EvUnitMoved || e.Kind == EvUnitOrdered {
			if !e.Unit.Known || e.Unit.Side != Allies {
				t.Errorf("%s: unit %+v", e, e.Unit)
			}
		}
	}
	if !found {
		t.Fatalf("no elimination in %v", evs)
	}
}
