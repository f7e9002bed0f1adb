// Package testkit holds the conformance checks run over every real scenario
// file: random-play soaks with invariants, and the engine's benchmarks on
// named scenarios. It is used only by tests.
package testkit

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"m44/rules"
	"m44/scenario"
)

// CorpusDir is where the real scenario files are, relative to this package.
var CorpusDir = filepath.Join("..", "..", "..", "shared", "scenarios")

// Scenario is one corpus file that converted to a setup.
type Scenario struct {
	File     string
	Setup    *rules.Setup
	Playable bool
	Report   *scenario.Report
}

// Corpus loads every .m44 file of the corpus that converts to a setup.
// It returns os.ErrNotExist when the folder is absent.
func Corpus() ([]Scenario, error) {
	paths, err := filepath.Glob(filepath.Join(CorpusDir, "*.m44"))
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("%s: %w", CorpusDir, os.ErrNotExist)
	}
	sort.Strings(paths)
	var out []Scenario
	for _, p := range paths {
		setup, rep := scenario.Check(p)
		if setup == nil {
			continue
		}
		out = append(out, Scenario{File: filepath.Base(p), Setup: setup, Playable: rep.Playable(), Report: rep})
	}
	return out, nil
}

// Rng is a tiny deterministic generator for choosing random actions.
type Rng struct{ S uint64 }

// Intn returns a number in [0, n).
func (r *Rng) Intn(n int) int {
	r.S += 0x9e3779b97f4a7c15
	z := r.S
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	z ^= z >> 31
	return int((uint64(uint32(z>>32)) * uint64(n)) >> 32)
}

// CardsInPlay counts every card of the state's deck wherever it is.
func CardsInPlay(s *rules.State) int {
	n := s.DrawPileSize() + len(s.Discards())
	players := s.Players()
	for side := rules.Allies; side <= rules.Axis; side++ {
		for p := 0; p < players[side]; p++ {
			n += len(s.HandOf(side, p))
		}
		if s.Shared(side) != rules.NoCard {
			n++
		}
	}
	if s.Played() != rules.NoCard {
		n++
	}
	n += len(s.View(s.Active()).Choice)
	return n
}

// Spin keeps n goroutines busy until the returned stop is called: tests
// that must give the same results whatever the machine's load run beside it.
func Spin(n int) (stop func()) {
	done := make(chan struct{})
	for range n {
		go func() {
			for x := 0; ; x++ {
				select {
				case <-done:
					return
				default:
				}
				for range 1000 {
					x = x*31 + 7
				}
			}
		}()
	}
	return func() { close(done) }
}
