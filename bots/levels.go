package bots

import (
	"fmt"
	"time"
)

// Levels are the bot levels, weakest first.
var Levels = []string{"random", "easy", "medium", "hard"}

// Options tune a level's search budget; zero values keep the level's
// defaults.
type Options struct {
	// Iterations: for the search levels, how many sampled worlds each
	// candidate action is played out in (per round, with a time budget).
	// Without a time budget it makes them deterministic for a seed.
	Iterations int
	// Time per decision for the search levels (best-effort determinism).
	Time time.Duration
	// Workers: cores each decision's playouts are spread over.
	Workers int
}

// Default budgets.
const (
	// MediumCandidates and MediumSamples: medium compares the greedy
	// policy's MediumCandidates best actions over MediumSamples worlds.
	MediumCandidates = 4
	MediumSamples    = 24
	// HardCandidates actions are compared by hard, for up to HardTime,
	// in rounds of HardSamples worlds.
	HardCandidates = 8
	HardSamples    = 16
	HardTime       = time.Second
)

// New makes a bot of the named level seeded with seed.
//
//	random  uniformly random legal actions
//	easy    greedy: best immediate expected outcome, exact over the dice
//	medium  paired rollouts of the greedy's 4 best actions in 24 worlds
//	hard    paired rollouts of its 8 best actions for up to HardTime, each
//	        world played on through one's own next turn
func New(level string, seed uint64, o Options) (Bot, error) {
	switch level {
	case "random":
		return NewRandom(seed), nil
	case "easy":
		return NewGreedy(seed), nil
	case "medium":
		cfg := RolloutConfig{Candidates: MediumCandidates, Samples: MediumSamples, Model: &LearnedModel,
			Time: o.Time, Workers: o.Workers}
		if o.Iterations > 0 {
			cfg.Samples = o.Iterations
		}
		return NewRollout(level, seed, cfg), nil
	case "hard":
		cfg := RolloutConfig{Candidates: HardCandidates, Samples: HardSamples, Model: &LearnedModel,
			Time: HardTime, Workers: o.Workers, Horizon: 2}
		if o.Iterations > 0 {
			cfg.Samples, cfg.Time = o.Iterations, 0
		}
		if o.Time > 0 {
			cfg.Time = o.Time
		}
		return NewRollout(level, seed, cfg), nil
	}
	return nil, fmt.Errorf("unknown bot level %q (want one of %v)", level, Levels)
}
