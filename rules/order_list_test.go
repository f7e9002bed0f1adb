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

// TestQuotaMask: quotaMask, which tests the quota's bytes all at once
// (issue 15, seventh pass), gives the slots with orders left (above 0) as
// the loop over them does, for every value a slot may hold.
func TestQuotaMask(t *testing.T) {
	loop := func(q Quota) uint16 {
		var m uint16
		for sl, n := range q {
			if n > 0 {
				m |= 1 << sl
			}
		}
		return m
	}
	var s State
	check := func() {
		if got, want := s.quotaMask(), loop(s.quota); got != want {
			t.Fatalf("quota %v: mask %07b, want %07b", s.quota, got, want)
		}
	}
	for sl := range numSlots {
		for v := -128; v < 128; v++ {
			s.quota = Quota{}
			s.quota[sl] = int8(v)
			check()
			for k := range s.quota {
				s.quota[k] = int8(v + 3*k)
			}
			check()
		}
	}
	seed := uint64(7)
	for range 100000 {
		for k := range s.quota {
			seed = seed*6364136223846793005 + 1442695040888963407
			switch v := int8(seed >> 56); seed >> 40 & 3 {
			case 0:
				s.quota[k] = 0
			case 1:
				s.quota[k] = v
			default:
				s.quota[k] = v & 7
			}
		}
		check()
	}
}
