package testkit

import (
	"slices"
	"testing"

	"m44/rules"
)

// TestKeptReachesCorpus: the move step keeps each ordered unit's reach
// between decisions and a move invalidates only the reaches that looked at
// the hexes it changed (issue 15, incremental movement). On every corpus
// scenario, random games played with Play (which uses the kept reaches) must
// offer at every decision exactly the actions a fresh clone (which searches
// everything again) offers, and reach the same position as a game played
// with Apply on fresh clones.
func TestKeptReachesCorpus(t *testing.T) {
	games := 2
	if testing.Short() {
		games = 1
	}
	moves := 0
	for _, sc := range corpus(t) {
		board, err := rules.Compile(sc.Setup)
		if err != nil {
			continue
		}
		for g := 0; g < games; g++ {
			s := board.NewGame(uint64(g + 1))
			r := Rng{uint64(g) * 7919}
			var buf, fresh []rules.Action
			for steps := 0; steps < 3000; steps++ {
				if over, _ := s.Over(); over {
					break
				}
				buf = s.LegalActions(buf[:0])
				c := s.Clone()
				fresh = c.LegalActions(fresh[:0])
				if !slices.Equal(buf, fresh) {
					t.Fatalf("%s game %d step %d (%s): kept reaches give\n%v\nfresh search gives\n%v", sc.File, g, steps, s.Phase(), buf, fresh)
				}
				a := buf[r.Intn(len(buf))]
				if a.Kind == rules.ActMove {
					moves++
				}
				s.Play(a)
				c.Play(a)
				if s.Hash() != c.Hash() {
					t.Fatalf("%s game %d step %d: %s leads to another position with kept reaches", sc.File, g, steps, a)
				}
			}
		}
	}
	if moves == 0 {
		t.Fatal("no move played")
	}
	t.Logf("%d moves checked", moves)
}
