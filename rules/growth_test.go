package rules

import "testing"

// Pegasus Bridge set-up: the Axis starts with 2 cards and draws an extra card
// after its turns 1 and 2, so it holds 4 from then on (scenario special rule;
// FAQ XI Pegasus Bridge for the order with a Recon).
func TestHandGrowsToTarget(t *testing.T) {
	s, seed := setupOf(t, "cards=6,2", "allies inf 8,0", "axis inf 0,24")
	s.GrowTo = [2]int{0, 4}
	st, err := New(s, seed)
	if err != nil {
		t.Fatal(err)
	}
	play := func() {
		side := st.Active()
		act(t, st, st.Legal()[0].String())
		if st.Phase() == PhaseOrder {
			act(t, st, "end-orders")
		}
		endTurn(t, st, side)
	}
	want := []int{3, 4, 4, 4}
	for k, w := range want {
		play() // Allies
		if got := len(st.Hand(Allies)); got != 6 {
			t.Fatalf("allies hand %d, want 6", got)
		}
		play() // Axis
		if got := len(st.Hand(Axis)); got != w {
			t.Fatalf("after axis turn %d: hand %d, want %d", k+1, got, w)
		}
	}
}
