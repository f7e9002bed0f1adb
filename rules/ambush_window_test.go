package rules

import (
	"fmt"
	"testing"
)

// Hidden information: whether the defender holds an Ambush must not show in
// the game's flow. A close assault opens the Ambush window whenever the
// attacking side cannot see where every Ambush card is, whether or not the
// defender holds one; a defender without it may only decline.
// command-cards.md "Ambush"; docs/rules-decisions.md.
func TestAmbushWindowRevealsNothing(t *testing.T) {
	for _, holds := range []bool{true, false} {
		t.Run(fmt.Sprintf("defender-holds-%v", holds), func(t *testing.T) {
			st := game(t, "deck=full", "allies inf 6,12", "axis inf 5,11")
			ambush := cards(t, st, "ambush")[0]
			axisHand := cards(t, st, "probe-left", "attack-right")
			if holds {
				axisHand = append(axisHand, ambush)
			}
			if err := st.SetHand(Axis, axisHand); err != nil {
				t.Fatal(err)
			}
			turn(t, st, "attack-center", "6,12")
			toBattle(t, st)
			act(t, st, "battle 6,12 5,11")
			if st.Phase() != PhaseAmbush || st.ToAct() != Axis {
				t.Fatalf("phase %s to act %s; want the Ambush window for axis", st.Phase(), st.ToAct())
			}
			want := []string{"skip"}
			if holds {
				want = []string{fmt.Sprintf("play %d", ambush), "skip"}
			}
			if got := legal(st); !eq(got, want) {
				t.Fatalf("legal %v, want %v", got, want)
			}
			// The attacker's view is the same either way.
			v := st.View(Allies)
			if v.Phase != "ambush" || v.ToAct != Axis || len(v.Legal) != 0 {
				t.Fatalf("allies view: phase %s to act %s legal %v", v.Phase, v.ToAct, v.Legal)
			}
		})
	}
}

// When the attacking side can see every Ambush card (here: in its own hand),
// no window opens.
func TestNoAmbushWindowWhenAmbushIsVisible(t *testing.T) {
	st := game(t, "deck=full", "allies inf 6,12", "axis inf 5,11")
	ids := cards(t, st, "attack-center", "ambush")
	if err := st.SetHand(Allies, ids); err != nil {
		t.Fatal(err)
	}
	act(t, st, fmt.Sprintf("play %d", ids[0]))
	act(t, st, "order 6,12")
	if st.Phase() == PhaseOrder {
		act(t, st, "end-orders")
	}
	toBattle(t, st)
	dice(t, st, "star star star")
	act(t, st, "battle 6,12 5,11")
	if st.Phase() == PhaseAmbush {
		t.Fatalf("Ambush window opened although the Allies hold the only Ambush")
	}
}

// A determinization knows nothing of the dice to come: scripted faces are
// dropped with the generator's state.
func TestDeterminizeDropsScriptedDice(t *testing.T) {
	st := game(t, "allies inf 6,12", "axis inf 5,11")
	st.ScriptDice(FaceGrenade, FaceGrenade)
	if d := st.Determinize(Allies, 9); d.ScriptedLeft() != 0 {
		t.Fatalf("determinization keeps %d scripted faces", d.ScriptedLeft())
	}
	if st.ScriptedLeft() != 2 {
		t.Fatalf("the game lost its scripted faces")
	}
}
