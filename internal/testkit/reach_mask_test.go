package testkit

import (
	"testing"

	"m44/rules"
)

// TestReachMaskCorpus: the movement search on bit sets (issue 15, fourth
// pass) must give every unit the dests of the general search, in the same
// order, and look at the same hexes. At every decision of random games on
// every corpus scenario (every ruleset the corpus holds: winter, terrain
// pack, desert, beaches, hedgerows...), every unit on the board is searched
// both ways (rules.State.CheckReaches).
func TestReachMaskCorpus(t *testing.T) {
	masked, units := 0, 0
	positions := checkCorpus(t, 3, func(g int) (uint64, uint64) { return uint64(g + 101), uint64(g)*7919 + 5 },
		func(s *rules.State) error {
			m, k, err := s.CheckReaches()
			masked, units = masked+m, units+k
			return err
		})
	if masked == 0 {
		t.Fatal("no search on bit sets")
	}
	t.Logf("%d positions, %d searches compared, %d of them on bit sets", positions, units, masked)
}
