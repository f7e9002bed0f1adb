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
	for _, sc := range corpus(t) {
		board, err := rules.Compile(sc.Setup)
		if err != nil {
			continue
		}
		for g := 0; g < games; g++ {
			s := board.NewGame(uint64(g + 101))
			r := Rng{uint64(g)*7919 + 5}
			var buf []rules.Action
			for steps := 0; steps < 3000; steps++ {
				if over, _ := s.Over(); over {
					break
				}
				m, n, err := s.CheckReaches()
				if err != nil {
					t.Fatalf("%s game %d step %d: %v", sc.File, g, steps, err)
				}
				positions, masked, units = positions+1, masked+m, units+n
				buf = s.LegalActions(buf[:0])
				s.Play(buf[r.Intn(len(buf))])
			}
		}
	}
	if masked == 0 {
		t.Fatal("no search on bit sets")
	}
	t.Logf("%d positions, %d searches compared, %d of them on bit sets", positions, units, masked)
}
