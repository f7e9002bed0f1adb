package rules

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// FAQ IX Matériel (faq-digest 116–118) on Winter Wars' 1942 equipment
// (WW V "Matériel (1942)"): the unit counts as infantry, never takes
// ground, gives one medal like any unit; Behind Enemy Lines overrides the
// equipment's move (3, battle, 3); Infantry Assault lets it move 3 but not
// battle after that. Moving 1 and battling follows the newer Winter Wars
// rule (faq-digest §D6), TestWinterTroopsMoves.
func TestEquipmentFAQ(t *testing.T) {
	kinds := []string{"infantry-anti-tank", "infantry-machine-gun", "infantry-mortar"}
	for _, k := range kinds {
		t.Run(k+" no take ground (digest 116)", func(t *testing.T) {
			st := game(t, "allies inf 6,12 kind="+k, "axis inf 5,11 fig=1", "axis inf 0,0", "allies inf 8,24")
			attack(t, st, "6,12", "", "5,11", "inf inf inf")
			empty(t, st, "5,11")
			for _, a := range legal(st) {
				if strings.HasPrefix(a, "take-ground") {
					t.Fatalf("equipment offered %q (FAQ IX: it cannot take ground)", a)
				}
			}
		})
		t.Run(k+" hit as infantry, one medal (digest 116)", func(t *testing.T) {
			st := game(t, "allies inf 6,12", "axis inf 5,11 fig=2 kind="+k, "axis inf 0,0", "allies inf 8,24")
			before := st.Medals()
			attack(t, st, "6,12", "", "5,11", "inf grenade arm")
			empty(t, st, "5,11")
			if got := st.Medals(); got[0]+got[1]-before[0]-before[1] != 1 {
				t.Errorf("medals %v -> %v: want one more, the equipment gives none", before, got)
			}
		})
		t.Run(k+" Behind Enemy Lines: 3, battle, 3 (digest 117)", func(t *testing.T) {
			st := game(t, "allies inf 6,12 kind="+k, "axis inf 4,18", "axis inf 0,0", "allies inf 8,24", "deck=full")
			turn(t, st, "behind-enemy-lines", "6,12")
			if !slices.Contains(dests(st, ActMove, "6,12"), H("6,18").String()) {
				t.Fatalf("6,18 (3 hexes) not reachable under Behind Enemy Lines: %v", dests(st, ActMove, "6,12"))
			}
			act(t, st, "move 6,12 6,18")
			toBattle(t, st)
			if len(dests(st, ActBattle, "6,18")) == 0 {
				t.Fatalf("no battle after the 3-hex move (FAQ IX: Behind Enemy Lines overrides equipment): %v", legal(st))
			}
		})
		t.Run(k+" Infantry Assault: 3 without battling (digest 118)", func(t *testing.T) {
			st := game(t, "allies inf 6,12 kind="+k, "axis inf 3,17", "axis inf 0,0", "allies inf 8,24", "deck=full")
			id := hand(t, st, Allies, "infantry-assault")[0]
			act(t, st, fmt.Sprintf("play %d center", id))
			if st.Phase() == PhaseOrder { // the section's infantry is ordered at once here
				act(t, st, "order 6,12")
				act(t, st, "end-orders")
			}
			if !slices.Contains(dests(st, ActMove, "6,12"), H("6,18").String()) {
				t.Fatalf("6,18 not reachable under Infantry Assault: %v", dests(st, ActMove, "6,12"))
			}
			act(t, st, "move 6,12 6,18")
			if st.Phase() == PhaseMove {
				act(t, st, "end-moves")
			}
			if st.Phase() == PhaseBattle && len(dests(st, ActBattle, "6,18")) > 0 {
				t.Fatalf("battle offered after a 3-hex Infantry Assault move: %v", legal(st))
			}
		})
	}
}
