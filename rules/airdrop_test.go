package rules

import (
	"fmt"
	"testing"

	"m44/hex"
)

// Airdrop (FAQ III Parachutage; Sainte-Mère-Église): before the side's first
// turn the paratroopers come down around the centre; one landing off the
// board, on impassable ground, on a unit or with another paratrooper is lost
// without a medal; a landed unit may not move or battle that turn.
func TestAirdrop(t *testing.T) {
	landed, lost := 0, 0
	for seed := uint64(1); seed <= 200; seed++ {
		s, _ := setupOf(t, "allies inf 8,0", "axis inf 4,12", "4,14 river", "seed=1")
		s.Airdrops = []Airdrop{{Side: Allies, Center: H("4,12"), Range: 2, Count: 3,
			Unit: UnitSetup{Type: Infantry, Side: Allies, Nation: "us"}}}
		st, err := New(s, seed)
		if err != nil {
			t.Fatal(err)
		}
		units := st.Units()
		drops := 0
		for _, u := range units {
			if u.Side == Allies && u.Hex != H("8,0") {
				drops++
				if hex.Distance(u.Hex, H("4,12")) > 2 || u.Hex == H("4,12") || u.Hex == H("4,14") || u.Figures != 4 {
					t.Fatalf("seed %d: paratroopers at %s with %d figures", seed, u.Hex, u.Figures)
				}
			}
		}
		landed += drops
		lost += 3 - drops
		if st.Medals() != [2]int{0, 0} {
			t.Fatalf("seed %d: a lost paratrooper gave a medal: %v", seed, st.Medals())
		}
		// The landed units cannot be ordered this turn: play an Assault on
		// each section in turn; only the unit at 8,0 is ever orderable.
		for _, id := range cards(t, st, "assault-left", "assault-center", "assault-right") {
			c := st.Clone()
			if err := c.SetHand(Allies, []CardID{id}); err != nil {
				t.Fatal(err)
			}
			act(t, c, fmt.Sprintf("play %d", id))
			for _, u := range c.Units() {
				if u.Ordered && u.Hex != H("8,0") {
					t.Fatalf("seed %d: paratrooper at %s ordered on its landing turn", seed, u.Hex)
				}
			}
		}
	}
	if landed == 0 || lost == 0 {
		t.Fatalf("landed %d, lost %d over 200 drops: want both to happen", landed, lost)
	}
}
