package rules

import (
	"slices"
	"testing"
)

// TestOrderListCarriedOver: after an order, anyOrderable takes the list of
// units that may be ordered from the decision before, less the unit ordered,
// instead of looking at every unit of the side (issue 15, third pass). At
// every decision of random games on the soak positions, with the full deck
// (cards of several slots, cards with order hooks), the list must be the
// one a fresh look finds, in the same order.
func TestOrderListCarriedOver(t *testing.T) {
	carried := 0
	for pi, p := range soakPositions() {
		for g := 0; g < 6; g++ {
			seed := uint64(100*pi + g + 7)
			st := newSoakGame(t, p, seed, true)
			r := rng{seed * 17}
			for steps := 0; steps < 5000; steps++ {
				if over, _ := st.Over(); over {
					break
				}
				legal := st.Legal()
				if st.phase == PhaseOrder && st.ordKey == st.rgen+1 {
					c := st.Clone()
					c.ordKey, c.ordLess = 0, 0
					c.anyOrderable()
					if c.ordKey != c.rgen+1 || !slices.Equal(st.ordList[:st.ordN], c.ordList[:c.ordN]) {
						t.Fatalf("%s seed %d step %d: units listed %v, a fresh look finds %v", p.name, seed, steps, st.ordList[:st.ordN], c.ordList[:c.ordN])
					}
				}
				a := legal[r.intn(len(legal))]
				if a.Kind == ActOrder && st.ordKey == st.rgen+1 {
					carried++
				}
				st.Play(a)
			}
		}
	}
	if carried == 0 {
		t.Fatal("no order played from a listed decision")
	}
	t.Logf("%d orders played from a listed decision", carried)
}
