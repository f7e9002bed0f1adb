package rules

import (
	"os"
	"path/filepath"
	"testing"
)

// randomGame plays one complete game of uniformly random legal actions with
// the fast path (Play) and returns the number of decisions.
func randomGame(b testing.TB, setup *Setup, seed uint64, buf []Action) ([]Action, int) {
	s, err := New(setup, seed)
	if err != nil {
		b.Fatal(err)
	}
	r := rng{seed ^ 0x5eed}
	n := 0
	for s.phase != PhaseOver {
		buf = s.LegalActions(buf[:0])
		s.Play(buf[r.intn(len(buf))])
		n++
		if n > 200000 {
			b.Fatalf("seed %d: game did not end", seed)
		}
	}
	return buf, n
}

func BenchmarkRandomGameSmoke(b *testing.B) {
	setup := smokeSetup()
	buf := make([]Action, 0, 256)
	decisions := 0
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		var n int
		buf, n = randomGame(b, setup, uint64(i+1), buf)
		decisions += n
	}
	b.ReportMetric(float64(decisions)/float64(b.N), "decisions/game")
}

func BenchmarkLegalActions(b *testing.B) {
	s, err := New(smokeSetup(), 3)
	if err != nil {
		b.Fatal(err)
	}
	// Advance to a move phase with several ordered units.
	buf := make([]Action, 0, 256)
	for s.phase != PhaseMove && s.phase != PhaseOver {
		buf = s.LegalActions(buf[:0])
		s.Play(buf[0])
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buf = s.LegalActions(buf[:0])
	}
}

var _ = os.Getenv
var _ = filepath.Join

// BenchmarkLegalActionsMoveSearch is BenchmarkLegalActions in a move step
// with every kept reach dropped first (reach_cache.go): the cost of the
// movement searches themselves, as at the first decision of a move step.
func BenchmarkLegalActionsMoveSearch(b *testing.B) {
	var s *State
	buf := make([]Action, 0, 256)
	for seed := uint64(1); s == nil; seed++ {
		c, err := New(smokeSetup(), seed)
		if err != nil {
			b.Fatal(err)
		}
		r := rng{seed}
		for steps := 0; steps < 400 && c.phase != PhaseOver; steps++ {
			buf = c.LegalActions(buf[:0])
			if c.phase == PhaseMove && len(buf) > 12 {
				s = c
				break
			}
			c.Play(buf[r.intn(len(buf))])
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.rgen++
		buf = s.LegalActions(buf[:0])
	}
	b.ReportMetric(float64(len(buf)), "actions")
}
