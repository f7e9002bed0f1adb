package bots

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"m44/rules"
	"m44/scenario"
)

// scenarioDir is where the real scenario files live (outside the repo).
const scenarioDir = "../../shared/scenarios"

// playableScenarios loads up to n playable scenarios, skipping the test
// when the folder is absent.
func playableScenarios(t testing.TB, n int) map[string]*rules.Setup {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(scenarioDir, "*.m44"))
	if len(files) == 0 {
		if _, err := os.Stat(scenarioDir); err != nil {
			t.Skipf("no scenarios: %s is absent (%v)", scenarioDir, err)
		}
		t.Skipf("no .m44 files in %s", scenarioDir)
	}
	out := map[string]*rules.Setup{}
	for _, f := range files {
		if len(out) >= n {
			break
		}
		s, r := scenario.Check(f)
		if s != nil && r.Playable() {
			out[filepath.Base(f)] = s
		}
	}
	if len(out) == 0 {
		t.Skipf("no playable scenario in %s", scenarioDir)
	}
	return out
}

// playGame plays one game between two bots (by side) and returns the final
// state and the number of decisions; every action is checked legal.
func playGame(t testing.TB, setup *rules.Setup, b [2]Bot, seed uint64, maxDecisions int) (*rules.State, int) {
	t.Helper()
	s, err := rules.New(setup, seed)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for ; n < maxDecisions; n++ {
		if over, _ := s.Over(); over {
			break
		}
		side := s.ToAct()
		p := NewPerspective(s, side, mix(seed, uint64(n)))
		a, err := b[side].Choose(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Apply(a); err != nil {
			t.Fatalf("%s: decision %d (%s, phase %s): %v", b[side].Name(), n, side, s.Phase(), err)
		}
	}
	return s, n
}
