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
	// Iterations per decision for the search levels (makes them
	// deterministic for a seed).
	Iterations int
	// Time per decision for the search levels (best-effort determinism).
	Time time.Duration
	// Workers: trees searched in parallel per decision (root parallelism).
	Workers int
}

// Default budgets.
const (
	MediumIterations = 150
	HardTime         = time.Second
)

// New makes a bot of the named level seeded with seed.
//
//	random  uniformly random legal actions
//	easy    greedy: best immediate expected outcome, exact over the dice
//	medium  IS-MCTS, MediumIterations iterations per decision
//	hard    IS-MCTS, HardTime per decision (Options.Workers cores)
func New(level string, seed uint64, o Options) (Bot, error) {
	switch level {
	case "random":
		return NewRandom(seed), nil
	case "easy":
		return NewGreedy(seed), nil
	case "medium", "hard":
		cfg := MCTSConfig{Iterations: o.Iterations, Time: o.Time, Workers: o.Workers, Explore: 0.1, Reply: true,
			GreedyBattles: level == "medium"}
		if cfg.Iterations == 0 && cfg.Time == 0 {
			if level == "medium" {
				cfg.Iterations = MediumIterations
			} else {
				cfg.Time = HardTime
			}
		}
		return NewMCTS(level, seed, cfg), nil
	}
	return nil, fmt.Errorf("unknown bot level %q (want one of %v)", level, Levels)
}
