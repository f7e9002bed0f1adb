package rules

import (
	"testing"
)

// spottingGame starts a fixture game that plays "Repérage pour
// bombardement" (FAQ III Actions 4) when spot is set.
func spottingGame(t *testing.T, spot bool, specs ...string) *State {
	t.Helper()
	s, seed := setupOf(t, specs...)
	if spot {
		s.Rulesets = append(s.Rulesets, SpottingForBombardment())
	}
	st, err := New(s, seed)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return st
}

// FAQ III Actions 4 "Repérage pour bombardement" (title only; decided as the
// big gun's target markers given to the artillery, docs/rules-decisions.md
// "Spotting for bombardment"): with the rule, an artillery unit's hit that
// leaves the unit marks it ("l'unité repérée", FAQ IV Artillerie lourde),
// its later fire at the marked unit rolls 1 die more, and the marker goes
// when the artillery moves; without the rule, plain artillery marks nothing.
func TestSpottingForBombardment(t *testing.T) {
	for _, tc := range []struct {
		name      string
		spot      bool
		wantMarks int
		wantDice  int // the second battle's dice at 4 hexes (artillery: 2)
	}{
		{"without the rule", false, 0, 2},
		{"with the rule", true, 1, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := spottingGame(t, tc.spot, "allies art 8,12", "axis inf 4,12", "axis inf 0,0")
			turn(t, st, "general-advance", "8,12")
			if st.Phase() == PhaseMove {
				act(t, st, "end-moves")
			}
			dice(t, st, "inf star")
			evs := act(t, st, "battle 8,12 4,12")
			if n := len(ofKind(evs, EvTargetMarked)); n != tc.wantMarks {
				t.Fatalf("markers placed: %d, want %d (events %v)", n, tc.wantMarks, evs)
			}
			if tm := st.TargetMarkers(); len(tm) != tc.wantMarks || (tc.wantMarks > 0 && (tm[0].Gun != H("8,12") || tm[0].Target != H("4,12"))) {
				t.Fatalf("markers %v", tm)
			}
			pass(t, st)
			turn(t, st, "general-advance", "8,12")
			if st.Phase() == PhaseMove {
				act(t, st, "end-moves")
			}
			dice(t, st, "star star star")
			if n := battleDiceOf(act(t, st, "battle 8,12 4,12")); n != tc.wantDice {
				t.Errorf("fire at the unit: %d dice, want %d", n, tc.wantDice)
			}
			if !tc.spot {
				return
			}
			// The artillery moves: its markers come back to it.
			pass(t, st)
			turn(t, st, "general-advance", "8,12")
			act(t, st, "move 8,12 7,13")
			if tm := st.TargetMarkers(); len(tm) != 0 {
				t.Errorf("the artillery moved: markers %v, want none", tm)
			}
		})
	}
}

// The rule gives markers to the artillery class only, and never more than a
// unit has room for; a big gun keeps its own 3 (catalog folding).
func TestSpottingRowsFolded(t *testing.T) {
	c, err := NewCatalog(SpecialTroops(), WinterTroops(), SpottingForBombardment())
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range c.Units() {
		want := int8(0)
		if u.Class == Artillery {
			want = bigGunMarkers
		}
		if u.TargetMarkers != want {
			t.Errorf("%s (%s): %d target markers, want %d", u.Key, u.Class, u.TargetMarkers, want)
		}
	}
	base, _ := NewCatalog(SpecialTroops())
	for _, u := range base.Units() {
		if u.Class == Artillery && u.Key != "big-gun" && u.TargetMarkers != 0 {
			t.Errorf("without the rule, %s holds %d markers", u.Key, u.TargetMarkers)
		}
	}
}
