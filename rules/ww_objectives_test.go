package rules

import "testing"

// Winter Wars II "Médaille-objectif définitive (début de tour)": won for
// good if a unit of the side holds the hex at the start of its turn; entering
// it during the turn wins nothing yet.
func TestTurnStartPermanentMedal(t *testing.T) {
	obj := []Objective{{Kind: PermanentMedal, Hexes: hexList("4,12"), Sides: MaskAllies, Medals: 1, AtTurnStart: true}}
	st := gameWithObjectives(t, obj, "allies inf 5,11", "axis inf 0,0", "allies inf 8,0")
	turn(t, st, "attack-center", "5,11")
	act(t, st, "move 5,11 4,12")
	if st.Medals() != [2]int{0, 0} {
		t.Fatalf("medals %v on entering: counted only at the start of the turn", st.Medals())
	}
	endTurn(t, st, Allies)
	pass(t, st)
	if st.Active() != Allies || st.Medals() != [2]int{1, 0} {
		t.Fatalf("%s to play, medals %v at the start of the Allied turn, want [1 0]", st.Active(), st.Medals())
	}
	turn(t, st, "attack-center", "4,12")
	act(t, st, "move 4,12 6,12")
	if st.Medals() != [2]int{1, 0} {
		t.Errorf("medals %v after leaving, want [1 0] (permanent)", st.Medals())
	}
	bad := []Objective{{Kind: TemporaryMedal, Hexes: hexList("4,12"), Sides: MaskAllies, Medals: 1, AtTurnStart: true}}
	s, seed := setupOf(t, "allies inf 5,11", "axis inf 0,0")
	s.Objectives = bad
	if _, err := New(s, seed); err == nil {
		t.Error("a temporary medal counted at the start of a turn was accepted")
	}
}

// Winter Wars II "Médaille-objectif majoritaire (début de tour)": captured
// by the side with more units on the group at the start of its turn, lost
// the instant that stops being true.
func TestTurnStartMajorityMedal(t *testing.T) {
	group := hexList("3,11", "3,13", "3,15", "2,12", "2,14")
	obj := []Objective{{Kind: MajorityMedal, Hexes: group, Sides: MaskBoth, Medals: 1, AtTurnStart: true}}
	st := gameWithObjectives(t, obj, "allies inf 4,12", "axis inf 1,15", "axis inf 0,0", "allies inf 8,0")
	turn(t, st, "attack-center", "4,12")
	act(t, st, "move 4,12 3,13")
	if st.Medals() != [2]int{0, 0} {
		t.Fatalf("medals %v on entering", st.Medals())
	}
	endTurn(t, st, Allies)
	// The Axis turn starts: the Axis has no majority, the Allies are not
	// at the start of their turn.
	if st.Medals() != [2]int{0, 0} {
		t.Fatalf("medals %v at the start of the Axis turn", st.Medals())
	}
	pass(t, st)
	if st.Medals() != [2]int{1, 0} {
		t.Fatalf("medals %v at the start of the Allied turn, want [1 0]", st.Medals())
	}
	pass(t, st)
	turn(t, st, "attack-center", "1,15")
	act(t, st, "move 1,15 2,14")
	if st.Medals() != [2]int{0, 0} {
		t.Errorf("medals %v once the majority is gone (one each), want [0 0]", st.Medals())
	}
}

// Winter Wars II "Médaille-objectif persistante": won the instant a unit
// enters, kept after it leaves, until a unit of the other side enters.
func TestPersistentMedal(t *testing.T) {
	obj := []Objective{{Kind: PersistentMedal, Hexes: hexList("4,12"), Sides: MaskBoth, Medals: 1}}
	st := gameWithObjectives(t, obj, "allies inf 5,11", "axis inf 3,15", "axis inf 0,0", "allies inf 8,0")
	turn(t, st, "attack-center", "5,11")
	act(t, st, "move 5,11 4,12")
	if st.Medals() != [2]int{1, 0} {
		t.Fatalf("medals %v on entering, want [1 0]", st.Medals())
	}
	endTurn(t, st, Allies)
	pass(t, st)
	turn(t, st, "attack-center", "4,12")
	act(t, st, "move 4,12 6,12")
	if st.Medals() != [2]int{1, 0} {
		t.Errorf("medals %v after leaving, want [1 0]", st.Medals())
	}
	endTurn(t, st, Allies)
	turn(t, st, "attack-center", "3,15")
	act(t, st, "move 3,15 4,12")
	if st.Medals() != [2]int{0, 1} {
		t.Errorf("medals %v after the Axis entered, want [0 1]", st.Medals())
	}
}

// Winter Wars II "Médaille-objectif exclusive": held by a side with a unit
// on the group while the other side has none there.
func TestExclusiveMedal(t *testing.T) {
	group := hexList("3,11", "3,13", "3,15", "2,12", "2,14")
	for _, c := range []struct {
		name  string
		specs []string
		want  [2]int
	}{
		{"alone on the group", []string{"allies inf 3,11"}, [2]int{1, 0}},
		{"two against one: nobody", []string{"allies inf 3,11", "allies inf 2,12", "axis inf 3,15"}, [2]int{0, 0}},
		{"the other side alone", []string{"axis inf 3,15", "allies inf 4,12"}, [2]int{0, 1}},
	} {
		t.Run(c.name, func(t *testing.T) {
			obj := []Objective{{Kind: ExclusiveMedal, Hexes: group, Sides: MaskBoth, Medals: 1}}
			st := gameWithObjectives(t, obj, append(c.specs, "axis inf 0,0", "allies inf 8,0")...)
			if st.Medals() != c.want {
				t.Errorf("medals %v, want %v", st.Medals(), c.want)
			}
		})
	}
}
