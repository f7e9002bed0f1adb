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

// TestLineOfSightCorpus: lines of sight are read on bit sets where they can
// be (issue 15, seventh pass; rules/los_mask.go); at every decision of random
// games on every corpus scenario, from every unit on the board to every hex
// within the board's lines, they must be the lines taken step by step
// (rules.State.CheckLineOfSight).
func TestLineOfSightCorpus(t *testing.T) {
	lines := 0
	positions := checkCorpus(t, 1, func(g int) (uint64, uint64) { return uint64(g + 501), uint64(g)*7919 + 3 },
		func(s *rules.State) error {
			n, err := s.CheckLineOfSight()
			lines += n
			return err
		})
	if lines == 0 {
		t.Fatal("no line of sight on bit sets")
	}
	t.Logf("%d positions, %d lines compared", positions, lines)
}
