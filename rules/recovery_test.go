package rules

import (
	"slices"
	"strconv"
	"testing"
)

// FAQ III Soins dans l'oasis (memoir44.wikia.com/wiki/Oasis: "as long as
// there are no adjacent enemy units, you may activate that unit to heal it.
// Roll as many die as you have command cards, and for all matching symbols
// and stars, one figurine. You may not surpass the original amount";
// docs/rules-decisions.md "Oasis recovery").
func TestOasisRecovery(t *testing.T) {
	recoverable := func(st *State, h string) bool {
		return slices.Contains(legal(st), "recover "+H(h).String())
	}
	// A damaged infantry unit in an oasis: 3 cards in hand after the play,
	// plus the card in play: 4 dice; an infantry symbol and a star bring 2
	// figures back, the grenade and the flag none.
	st := game(t, "5,11 oasis oasis-recovery", "allies inf 5,11", "axis inf 0,0")
	st.units[0].figures = 1 // it lost 3 figures
	ids := hand(t, st, Allies, "general-advance", "probe-left", "probe-right", "attack-left")
	act(t, st, "play "+strconv.Itoa(int(ids[0])))
	act(t, st, "order 5,11")
	if st.Phase() == PhaseOrder {
		act(t, st, "end-orders")
	}
	if st.Phase() == PhaseMove {
		act(t, st, "end-moves")
	}
	if !recoverable(st, "5,11") {
		t.Fatalf("no recover offered: %v", legal(st))
	}
	n := len(st.Hand(Allies)) + 1
	if n != 4 {
		t.Fatalf("hand %d", n-1)
	}
	dice(t, st, "inf star grenade flag")
	evs := act(t, st, "recover 5,11")
	if got := len(ofKind(evs, EvDiceRolled)[0].Faces()); got != n {
		t.Errorf("rolled %d dice, want %d (a die per card held, the card in play included)", got, n)
	}
	if u := unitOn(t, st, "5,11"); u.Figures != 3 {
		t.Errorf("figures %d, want 3 (1 + an infantry symbol and a star)", u.Figures)
	}
	if st.Active() != Axis {
		t.Errorf("the unit that recovered may not battle: the turn should be over, active %s phase %s", st.Active(), st.Phase())
	}

	cases := []struct {
		name  string
		specs []string
		full  bool
	}{
		{"not at full strength", []string{"5,11 oasis oasis-recovery", "allies inf 5,11"}, true},
		{"not with an enemy adjacent", []string{"5,11 oasis oasis-recovery", "allies inf 5,11", "axis inf 4,12"}, false},
		{"not without the behavior", []string{"5,11 oasis", "allies inf 5,11"}, false},
	}
	for _, c := range cases {
		st := game(t, append(c.specs, "axis inf 0,0")...)
		if !c.full {
			st.units[0].figures = 2
		}
		turn(t, st, "general-advance", "5,11")
		if st.Phase() == PhaseMove {
			act(t, st, "end-moves")
		}
		if st.Phase() == PhaseBattle && recoverable(st, "5,11") {
			t.Errorf("%s: recover offered", c.name)
		}
	}
	// A unit that moved in may not recover this turn.
	st = game(t, "5,11 oasis oasis-recovery", "allies inf 6,12", "axis inf 0,0")
	st.units[0].figures = 2
	turn(t, st, "general-advance", "6,12")
	act(t, st, "move 6,12 5,11")
	if st.Phase() == PhaseBattle && recoverable(st, "5,11") {
		t.Error("a unit that moved into the oasis may recover")
	}
}
