package testkit

import (
	"testing"

	"m44/rules"
)

// TestFoesNearCorpus: the battle step looks for targets among the enemy
// units on the board's disk around the attacker (issue 15, fifth pass); at
// every decision of random games on every corpus scenario, for every unit
// on the board and every radius, those must be exactly the live enemy units
// at that distance or less, in the side's order; and whether it is in close
// combat must be the same on bit sets as by its six neighbours
// (rules.State.CheckFoesNear).
func TestFoesNearCorpus(t *testing.T) {
	units := 0
	positions := checkCorpus(t, 2, func(g int) (uint64, uint64) { return uint64(g + 301), uint64(g)*104729 + 11 },
		func(s *rules.State) error {
			k, err := s.CheckFoesNear()
			units += k
			return err
		})
	if units == 0 {
		t.Fatal("no board with disks")
	}
	t.Logf("%d positions, %d units' foes compared", positions, units)
}
