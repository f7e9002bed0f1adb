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
	positions := checkCorpus(t, 2, func(g int) (uint64, uint64) { return uint64(g + 501), uint64(g)*7177 + 3 },
		(*rules.State).CheckMedals)
	t.Logf("%d positions", positions)
}
