package testkit

import (
	"testing"

	"m44/rules"
)

// TestMedalsCurrentCorpus: a move that neither leaves nor enters an
// objective hex does not count the medals again (issue 15, fifth pass),
// which holds only if they were counted after every other change: at every
// decision of random games on every corpus scenario, counting them again
// must change nothing (rules.State.CheckMedals).
func TestMedalsCurrentCorpus(t *testing.T) {
	games := 2
	if testing.Short() {
		games = 1
	}
	positions := 0
	walkCorpus(t, games, 3000, func(g int) (uint64, uint64) { return uint64(g + 501), uint64(g)*7177 + 3 },
		func(sc Scenario, g, n int, s *rules.State, legal []rules.Action, r *Rng) rules.Action {
			if err := s.CheckMedals(); err != nil {
				t.Fatalf("%s game %d step %d: %v", sc.File, g, n, err)
			}
			positions++
			return legal[r.Intn(len(legal))]
		})
	t.Logf("%d positions", positions)
}
