package testkit

import (
	"os"
	"path/filepath"
	"testing"

	"m44/rules"
	"m44/scenario"
)

// benchSetup loads a named corpus scenario; files with features the engine
// lacks are benchmarked on their board and forces without those rules.
func benchSetup(b testing.TB, file string) *rules.Setup {
	path := filepath.Join(CorpusDir, file)
	if _, err := os.Stat(path); err != nil {
		b.Skipf("%s is absent (the shared corpus is not here): skipping", path)
	}
	setup, rep := scenario.Check(path)
	if setup == nil {
		b.Skipf("%s: not loadable here: %v", file, rep)
	}
	return setup
}

func benchRandomGames(b *testing.B, file string) {
	setup := benchSetup(b, file)
	board, err := rules.Compile(setup)
	if err != nil {
		b.Fatal(err)
	}
	buf := make([]rules.Action, 0, 512)
	decisions := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := board.NewGame(uint64(i + 1))
		r := Rng{uint64(i) * 31}
		for over, _ := s.Over(); !over; over, _ = s.Over() {
			buf = s.LegalActions(buf[:0])
			s.Play(buf[r.Intn(len(buf))])
			decisions++
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(decisions)/float64(b.N), "decisions/game")
}

// Sainte-Mère-Église is the reference scenario for engine speed (airdrop
// included).
func BenchmarkRandomGameSainteMereEglise(b *testing.B) { benchRandomGames(b, "3-SainteMereEglise.m44") }
func BenchmarkRandomGamePegasusBridge(b *testing.B)    { benchRandomGames(b, "2-PegasusBridge.m44") }

// midGame plays random actions until a move phase with several ordered units.
func midGame(b *testing.B, file string) *rules.State {
	setup := benchSetup(b, file)
	for seed := uint64(1); ; seed++ {
		s, _ := rules.New(setup, seed)
		r := Rng{seed}
		for steps := 0; steps < 60; steps++ {
			if s.Phase() == rules.PhaseMove && len(s.Legal()) > 12 {
				return s
			}
			legal := s.Legal()
			if len(legal) == 0 {
				break
			}
			s.Play(legal[r.Intn(len(legal))])
		}
	}
}

func BenchmarkLegalActionsMovePhase(b *testing.B) {
	s := midGame(b, "3-SainteMereEglise.m44")
	buf := make([]rules.Action, 0, 512)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buf = s.LegalActions(buf[:0])
	}
}

func BenchmarkApplyMove(b *testing.B) {
	s := midGame(b, "3-SainteMereEglise.m44")
	buf := s.LegalActions(nil)
	var move rules.Action
	for _, a := range buf {
		if a.Kind == rules.ActMove {
			move = a
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c := s.Clone()
		c.Play(move)
	}
}

func BenchmarkClone(b *testing.B) {
	s := midGame(b, "3-SainteMereEglise.m44")
	b.ReportAllocs()
	b.ResetTimer() // the scenario's loading is not the clone's
	for i := 0; i < b.N; i++ {
		_ = s.Clone()
	}
}

// BenchmarkCloneInto is Clone into a state's old memory, as the bots'
// playouts copy positions (issue 15): no allocation.
func BenchmarkCloneInto(b *testing.B) {
	s := midGame(b, "3-SainteMereEglise.m44")
	c := s.Clone()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c = s.CloneInto(c)
	}
}
