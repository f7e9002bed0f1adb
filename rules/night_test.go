package rules

import (
	"fmt"
	"testing"
)

// FAQ III 19 "Attaques nocturnes", FAQ I "Carte de visibilité": every
// unit, artillery included, fires no farther than the visibility; the
// roller's 4 dice raise it by a level per star at the start of each of its
// turns; at 6 the day has risen and the limit is gone.
func TestNightAttacks(t *testing.T) {
	specs := []string{"night=axis", "allies inf 6,12", "allies art 8,12", "axis inf 5,13", "axis inf 4,12", "axis inf 0,0"}
	st := game(t, specs...)
	check := func(when string, vis int, pairs map[[2]string]int) {
		t.Helper()
		if got := st.Visibility(); got != vis {
			t.Fatalf("%s: visibility %d, want %d", when, got, vis)
		}
		for p, want := range pairs {
			got, err := st.BattleDice(H(p[0]), H(p[1]))
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Errorf("%s: %s on %s: %d dice, want %d", when, p[0], p[1], got, want)
			}
		}
	}
	// The Allies move first: no roll yet, the night's visibility is 1 hex.
	check("night", 1, map[[2]string]int{{"6,12", "5,13"}: 3, {"6,12", "4,12"}: 0, {"8,12", "4,12"}: 0})
}

// The roll itself, with scripted dice: the stars move the track, 4 dice at
// the start of each of the roller's turns only.
func TestNightAttackRoll(t *testing.T) {
	st := game(t, "night=axis", "allies inf 6,12", "allies art 8,12", "axis inf 4,12", "axis inf 0,0")
	dice(t, st, "star star inf flag")
	pass(t, st) // the Allies' turn ends; the Axis turn begins with the roll
	if got := st.Visibility(); got != 3 {
		t.Fatalf("visibility %d after two stars, want 3", got)
	}
	pass(t, st) // the Axis turn: the Allies do not roll
	if got := st.Visibility(); got != 3 {
		t.Fatalf("visibility %d after the Allies' turn began, want 3 (only the roller rolls)", got)
	}
	if d, _ := st.BattleDice(H("8,12"), H("4,12")); d != 0 {
		t.Errorf("artillery at 4 hexes with visibility 3: %d dice, want 0", d)
	}
	dice(t, st, "star star star grenade")
	pass(t, st)
	if got := st.Visibility(); got != 0 {
		t.Fatalf("visibility %d after reaching 6, want 0 (unlimited: the day has risen)", got)
	}
	if d, _ := st.BattleDice(H("8,12"), H("4,12")); d != 2 {
		t.Errorf("artillery at 4 hexes by day: %d dice, want 2", d)
	}
}

// Night Withdrawal: "Use the Night Visibility chart in reverse": the
// visibility starts at 6, each star lowers it; fully night (1), only close
// assaults remain and the rolls stop.
func TestNightFalls(t *testing.T) {
	st := game(t, "nightfalls=axis", "allies inf 6,12", "axis inf 4,12", "axis inf 3,13", "axis inf 0,0")
	if got := st.Visibility(); got != 6 {
		t.Fatalf("visibility %d at the start, want 6", got)
	}
	dice(t, st, "star star star star")
	pass(t, st)
	if got := st.Visibility(); got != 2 {
		t.Fatalf("visibility %d after four stars, want 2", got)
	}
	if d, _ := st.BattleDice(H("4,12"), H("6,12")); d != 2 {
		t.Errorf("infantry at 2 hexes, visibility 2: %d dice, want 2", d)
	}
	pass(t, st)
	dice(t, st, "star star")
	pass(t, st)
	if got := st.Visibility(); got != 1 {
		t.Fatalf("visibility %d, want 1 (fully night)", got)
	}
	if d, _ := st.BattleDice(H("4,12"), H("6,12")); d != 0 {
		t.Errorf("infantry at 2 hexes in full night: %d dice, want 0", d)
	}
	// Fully night: the Axis no longer rolls at the start of its turn.
	pass(t, st) // the Axis turn
	if evs := passEvents(t, st); len(ofKind(evs, EvDiceRolled)) != 0 || st.Visibility() != 1 {
		t.Errorf("events %s, visibility %d: want no roll once fully night", evString(evs), st.Visibility())
	}
}

// passEvents is pass, returning the events of the whole turn (the next
// turn's start included).
func passEvents(t *testing.T, st *State) []Event {
	t.Helper()
	id := hand(t, st, st.Active(), "probe-left")[0]
	evs := act(t, st, fmt.Sprintf("play %d", id))
	if st.Phase() == PhaseOrder {
		evs = append(evs, act(t, st, "end-orders")...)
	}
	return evs
}
