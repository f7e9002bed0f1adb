package testkit

import (
	"testing"

	"m44/rules"
)

// TestNoAllocationPerDecision: LegalActions and Play allocate nothing (issue
// 15: zero allocations per decision). Whole random games of
// Sainte-Mère-Église and Pegasus Bridge are played on a state reused with
// CloneInto, so that after the first game nothing is allocated at all.
func TestNoAllocationPerDecision(t *testing.T) {
	for _, file := range []string{"3-SainteMereEglise.m44", "2-PegasusBridge.m44"} {
		setup := benchSetup(t, file)
		board, err := rules.Compile(setup)
		if err != nil {
			t.Fatal(err)
		}
		starts := make([]*rules.State, 8)
		for i := range starts {
			starts[i] = board.NewGame(uint64(i + 1))
		}
		var s *rules.State
		buf := make([]rules.Action, 0, 512)
		decisions := 0
		game := 0
		play := func() {
			s = starts[game%len(starts)].CloneInto(s)
			r := Rng{uint64(game) * 31}
			game++
			for over, _ := s.Over(); !over; over, _ = s.Over() {
				buf = s.LegalActions(buf[:0])
				s.Play(buf[r.Intn(len(buf))])
				decisions++
			}
		}
		for range starts {
			play() // the reused state grows to the games' sizes
		}
		decisions = 0
		allocs := testing.AllocsPerRun(len(starts), play)
		if decisions == 0 {
			t.Fatalf("%s: no decision played", file)
		}
		if allocs != 0 {
			t.Errorf("%s: %.1f allocations per game (%d decisions), want none", file, allocs, decisions/(len(starts)+1))
		}
	}
}
