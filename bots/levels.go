package bots

import (
	"fmt"
	"time"
)

// Levels are the bot levels, weakest first.
var Levels = []string{"random", "easy", "medium", "hard"}

// Options tune a level's search budget; zero values keep the level's
// defaults.
//
// A level is defined by its budget in search units (playouts), so that it
// plays the same on any machine: for a given seed and perspective a search
// level chooses the same action on a loaded machine as on an idle one. Time
// is only a wall-clock cap (a safety net for live games), and a caller's
// context deadline is another: neither ever becomes the budget. A decision
// cut by a cap depends on the machine; runs that must reproduce (m44 sim,
// the ladder) use NoCap.
type Options struct {
	// Iterations: for the search levels, how many sampled worlds each
	// candidate action is played out in per round (medium: 24, hard: 16).
	Iterations int
	// Playouts: the search levels' budget per decision, in playouts
	// (medium: one round, 4 × 24 = 96; hard: HardPlayouts).
	Playouts int
	// Steps: the search levels' bound on a decision's work, in playout
	// steps (0 = MediumSteps, HardSteps; negative = none).
	Steps int
	// Time caps a decision's wall-clock time: 0 = the level's default cap
	// (MediumCap, HardTime), NoCap (or any negative value) = none.
	Time time.Duration
	// Workers: cores each decision's playouts are spread over.
	Workers int
}

// The search levels' evaluations of their playouts' worlds (and of the
// planned turns that rank their candidates): a level's setting, like its
// budget. Medium's is the model fitted on greedy games; hard's may be
// another (docs/bots.md "Hard variants screened (issue 15, fifth pass)").
var (
	MediumModel = &LearnedModel
	HardModel   = &LearnedModel
)

// NoCap as Options.Time: no wall-clock cap, the budget alone decides.
const NoCap time.Duration = -1

// Default budgets.
const (
	// MediumCandidates and MediumSamples: medium compares the greedy
	// policy's MediumCandidates best actions over MediumSamples worlds
	// (one round: 96 playouts).
	MediumCandidates = 4
	MediumSamples    = 24
	// MediumCap is medium's default wall-clock cap per decision (it
	// needs ≈ 20–60 ms).
	MediumCap = 500 * time.Millisecond
	// HardCandidates actions are compared by hard in rounds of HardSamples
	// worlds, the better half kept after each round, until HardPlayouts
	// playouts are spent or the best two are told apart.
	HardCandidates = 8
	HardSamples    = 16
	HardPlayouts   = 1024
	// HardSteps bounds hard's work per decision in playout steps
	// (RolloutConfig.Steps): its 1,024 playouts take 20,000–42,000 steps
	// in the positions that use them all, at 8–23 µs of CPU a step at load
	// 8 (up to 36 µs on the loaded shared cores), so 1,024 playouts alone
	// took up to 1.47 s in the ladder; at 24,000 steps the slowest of
	// 9,563 ladder choices took 0.89 s of CPU, at 20,000 0.70 s (of 7,800) (docs/bots.md).
	// MediumSteps bounds medium the same way (its 96 playouts take up to
	// ≈ 2,300 steps: it does not bind in games).
	HardSteps   = 20000
	MediumSteps = 8000
	// HardTime is hard's default wall-clock cap per decision.
	HardTime = time.Second
)

// New makes a bot of the named level seeded with seed.
//
//	random  uniformly random legal actions
//	easy    greedy: best immediate expected outcome, exact over the dice
//	medium  paired rollouts of the greedy's 4 best actions in 24 worlds
//	hard    paired rollouts of its 8 best actions, halving, up to
//	        HardPlayouts playouts, each world played on through one's own
//	        next turn
func New(level string, seed uint64, o Options) (Bot, error) {
	switch level {
	case "random":
		return NewRandom(seed), nil
	case "easy":
		return NewGreedy(seed), nil
	case "medium":
		cfg := RolloutConfig{Candidates: MediumCandidates, Samples: MediumSamples, Steps: MediumSteps, Model: MediumModel,
			Time: capOf(o.Time, MediumCap), Workers: o.Workers}
		if o.Iterations > 0 {
			cfg.Samples = o.Iterations
		}
		cfg.Playouts = o.Playouts // 0: one round
		cfg.Steps = stepsOf(o.Steps, MediumSteps)
		return NewRollout(level, seed, cfg), nil
	case "hard":
		cfg := RolloutConfig{Candidates: HardCandidates, Samples: HardSamples, Playouts: HardPlayouts, Steps: HardSteps,
			Model: HardModel, Time: capOf(o.Time, HardTime), Workers: o.Workers, Horizon: 2}
		if o.Iterations > 0 {
			cfg.Samples = o.Iterations
		}
		if o.Playouts > 0 {
			cfg.Playouts = o.Playouts
		}
		cfg.Steps = stepsOf(o.Steps, HardSteps)
		return NewRollout(level, seed, cfg), nil
	}
	return nil, fmt.Errorf("unknown bot level %q (want one of %v)", level, Levels)
}

// capOf is the wall-clock cap of option t for a level whose default is def.
func capOf(t, def time.Duration) time.Duration {
	switch {
	case t < 0:
		return 0
	case t == 0:
		return def
	}
	return t
}

// stepsOf is the step budget of option n for a level whose default is def.
func stepsOf(n, def int) int {
	switch {
	case n < 0:
		return 0
	case n == 0:
		return def
	}
	return n
}
