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
	games := 3
	if testing.Short() {
		games = 1
	}
	positions, masked, units := 0, 0, 0
	walkCorpus(t, games, 3000, func(g int) (uint64, uint64) { return uint64(g + 101), uint64(g)*7919 + 5 },
		func(sc Scenario, g, n int, s *rules.State, legal []rules.Action, r *Rng) rules.Action {
			m, k, err := s.CheckReaches()
			if err != nil {
				t.Fatalf("%s game %d step %d: %v", sc.File, g, n, err)
			}
			positions, masked, units = positions+1, masked+m, units+k
			return legal[r.Intn(len(legal))]
		})
	if masked == 0 {
		t.Fatal("no search on bit sets")
	}
	t.Logf("%d positions, %d searches compared, %d of them on bit sets", positions, units, masked)
}
