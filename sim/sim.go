// Package sim plays games between two bots on a setup, in parallel, and
// reports who wins how often (balance and bot strength).
//
// Runs are deterministic: game i of a run is played from a seed derived
// from the run's seed and i alone, each bot is seeded from the game's seed,
// and the results are reported in game order, so the same seed gives the
// same report whatever the number of workers, as long as the bots
// themselves are deterministic (iteration budgets, not wall-clock ones).
package sim

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"time"

	"m44/bots"
	"m44/rules"
)

// Factory makes a fresh bot for one game from a seed.
type Factory func(seed uint64) (bots.Bot, error)

// Level is the factory of a bot level (bots.New).
func Level(level string, o bots.Options) (Factory, error) {
	if _, err := bots.New(level, 0, o); err != nil {
		return nil, err
	}
	return func(seed uint64) (bots.Bot, error) { return bots.New(level, seed, o) }, nil
}

// Config is one run: games between two bots on one setup.
type Config struct {
	Name  string       // the scenario's name, for the report
	Setup *rules.Setup // the battle
	Games int
	// Bots by side (rules.Allies, rules.Axis), and their names for the report.
	Bots  [2]Factory
	Names [2]string
	// Workers: games played at once (0 = 1).
	Workers int
	Seed    uint64
	// MaxDecisions ends a game unfinished after that many decisions
	// (0 = 20000); such games count as draws.
	MaxDecisions int
	// CPUTime records each choice's CPU time (Game.ChoiceCPU), read as
	// the process's: true only when nothing else runs in the process (one
	// game at a time, one bot worker), so that the figure is the bot's
	// work whatever the machine's load.
	CPUTime bool
	// Progress, if set, is called after each game ends, from one goroutine.
	Progress func(Progress)
}

// Progress is how far a run is.
type Progress struct {
	Done, Total int
	Decisions   int           // decisions made in the games done
	Elapsed     time.Duration // since the run started
}

// Game is the result of one game.
type Game struct {
	Index     int        `json:"index"`
	Seed      uint64     `json:"seed"`
	Finished  bool       `json:"finished"` // ended with a winner (else cut at MaxDecisions)
	Winner    rules.Side `json:"winner"`
	Medals    [2]int     `json:"medals"`
	Turns     int        `json:"turns"`
	Decisions [2]int     `json:"decisions"` // by side
	// Choices are the decisions with more than one legal action.
	Choices [2]int `json:"choices"`
	// Think is each side's total time choosing.
	Think [2]time.Duration `json:"think_ns"`
	// ChoiceTimes are each side's thinking times of its choices, in order
	// (for percentiles: the ladder reports p50, p99 and the maximum).
	ChoiceTimes [2][]time.Duration `json:"choice_ns,omitempty"`
	// ChoiceCPU are their CPU times (Config.CPUTime).
	ChoiceCPU [2][]time.Duration `json:"choice_cpu_ns,omitempty"`
}

// Interval is a proportion with its 95% Wilson score interval.
type Interval struct {
	P    float64 `json:"p"`
	Low  float64 `json:"low"`
	High float64 `json:"high"`
}

// Wilson is the 95% Wilson score interval of k successes in n trials.
func Wilson(k, n int) Interval {
	if n == 0 {
		return Interval{0, 0, 1}
	}
	const z = 1.959963984540054
	p := float64(k) / float64(n)
	nn := float64(n)
	den := 1 + z*z/nn
	centre := (p + z*z/(2*nn)) / den
	half := z / den * math.Sqrt(p*(1-p)/nn+z*z/(4*nn*nn))
	return Interval{P: p, Low: math.Max(0, centre-half), High: math.Min(1, centre+half)}
}

// Summary is the mean, standard deviation and range of a quantity.
type Summary struct {
	Mean float64 `json:"mean"`
	SD   float64 `json:"sd"`
	Min  float64 `json:"min"`
	Max  float64 `json:"max"`
}

func summarize(xs []float64) Summary {
	if len(xs) == 0 {
		return Summary{}
	}
	s := Summary{Min: xs[0], Max: xs[0]}
	for _, x := range xs {
		s.Mean += x
		s.Min = math.Min(s.Min, x)
		s.Max = math.Max(s.Max, x)
	}
	s.Mean /= float64(len(xs))
	for _, x := range xs {
		s.SD += (x - s.Mean) * (x - s.Mean)
	}
	if len(xs) > 1 {
		s.SD = math.Sqrt(s.SD / float64(len(xs)-1))
	} else {
		s.SD = 0
	}
	return s
}

// Report is what a run found.
type Report struct {
	Scenario  string    `json:"scenario"`
	Bots      [2]string `json:"bots"` // by side: allies, axis
	Requested int       `json:"requested"`
	Played    int       `json:"played"` // games that ran to their end or their cap
	Cancelled bool      `json:"cancelled,omitempty"`
	Wins      [2]int    `json:"wins"`  // by side
	Draws     int       `json:"draws"` // games cut at MaxDecisions
	// WinRate is each side's share of the games played, with its interval.
	WinRate [2]Interval `json:"win_rate"`
	// Margin is the allies' medals minus the axis' at the end.
	Margin Summary    `json:"medal_margin"`
	Medals [2]Summary `json:"medals"`
	Turns  Summary    `json:"turns"`
	// DecisionsPerSecond is each side's decisions per second of thinking.
	DecisionsPerSecond [2]float64 `json:"decisions_per_second"`
	// TimePerDecision is each side's mean thinking time per decision;
	// TimePerChoice leaves out the forced ones (a single legal action).
	TimePerDecision [2]time.Duration `json:"time_per_decision_ns"`
	TimePerChoice   [2]time.Duration `json:"time_per_choice_ns"`
	Decisions       int              `json:"decisions"`
	Elapsed         time.Duration    `json:"elapsed_ns"`
	Games           []Game           `json:"games"`
}

// GameSeed is the seed of game i of a run seeded with seed.
func GameSeed(seed uint64, i int) uint64 { return mix(seed, uint64(i)) }

// Run plays the games. On cancellation it stops the games in progress and
// reports the ones that finished, with Cancelled set.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	if cfg.Setup == nil {
		return nil, errors.New("sim: no setup")
	}
	if cfg.Bots[0] == nil || cfg.Bots[1] == nil {
		return nil, errors.New("sim: a bot is missing")
	}
	if cfg.Games < 0 {
		return nil, fmt.Errorf("sim: %d games", cfg.Games)
	}
	// One compiled board serves every game of the run (rules.Board is safe
	// for concurrent use): compiling costs about half a random game.
	board, err := rules.Compile(cfg.Setup)
	if err != nil {
		return nil, fmt.Errorf("sim: %s: %w", cfg.Name, err)
	}
	workers := max(1, cfg.Workers)
	maxDec := cfg.MaxDecisions
	if maxDec <= 0 {
		maxDec = 20000
	}
	start := time.Now()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	jobs := make(chan int)
	type result struct {
		g   Game
		err error
		ok  bool
	}
	results := make(chan result)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				g, ok, err := playGame(ctx, cfg, board, i, maxDec)
				results <- result{g, err, ok}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for i := 0; i < cfg.Games; i++ {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()

	games := make([]*Game, cfg.Games)
	var firstErr error
	done, decisions := 0, 0
	for r := range results {
		if r.err != nil {
			if firstErr == nil {
				firstErr = r.err
			}
			cancel()
			continue
		}
		if !r.ok {
			continue // stopped by cancellation
		}
		g := r.g
		games[g.Index] = &g
		done++
		decisions += g.Decisions[0] + g.Decisions[1]
		if cfg.Progress != nil {
			cfg.Progress(Progress{Done: done, Total: cfg.Games, Decisions: decisions, Elapsed: time.Since(start)})
		}
	}
	if firstErr != nil {
		return nil, firstErr
	}
	rep := &Report{Scenario: cfg.Name, Bots: cfg.Names, Requested: cfg.Games, Elapsed: time.Since(start),
		Cancelled: done < cfg.Games}
	for _, g := range games {
		if g != nil {
			rep.Games = append(rep.Games, *g)
		}
	}
	rep.summarize()
	return rep, nil
}

func (r *Report) summarize() {
	var margin, turns []float64
	var medals [2][]float64
	var think [2]time.Duration
	var dec, cho [2]int
	r.Played = len(r.Games)
	for _, g := range r.Games {
		if g.Finished {
			r.Wins[g.Winner]++
		} else {
			r.Draws++
		}
		margin = append(margin, float64(g.Medals[0]-g.Medals[1]))
		medals[0] = append(medals[0], float64(g.Medals[0]))
		medals[1] = append(medals[1], float64(g.Medals[1]))
		turns = append(turns, float64(g.Turns))
		for s := 0; s < 2; s++ {
			think[s] += g.Think[s]
			dec[s] += g.Decisions[s]
			cho[s] += g.Choices[s]
		}
	}
	r.Margin, r.Turns = summarize(margin), summarize(turns)
	for s := 0; s < 2; s++ {
		r.WinRate[s] = Wilson(r.Wins[s], r.Played)
		r.Medals[s] = summarize(medals[s])
		r.Decisions += dec[s]
		if think[s] > 0 {
			r.DecisionsPerSecond[s] = float64(dec[s]) / think[s].Seconds()
		}
		if dec[s] > 0 {
			r.TimePerDecision[s] = think[s] / time.Duration(dec[s])
		}
		if cho[s] > 0 {
			r.TimePerChoice[s] = think[s] / time.Duration(cho[s])
		}
	}
}

// playGame plays game i; ok is false if cancellation stopped it.
func playGame(ctx context.Context, cfg Config, board *rules.Board, i, maxDec int) (Game, bool, error) {
	seed := GameSeed(cfg.Seed, i)
	g := Game{Index: i, Seed: seed}
	s := board.NewGame(seed)
	var players [2]bots.Bot
	var err error
	for side := 0; side < 2; side++ {
		if players[side], err = cfg.Bots[side](mix(seed, uint64(side)+1)); err != nil {
			return g, false, err
		}
	}
	for n := 0; ; n++ {
		if over, w := s.Over(); over {
			g.Finished, g.Winner = true, w
			break
		}
		if n >= maxDec {
			break
		}
		if ctx.Err() != nil {
			return g, false, nil
		}
		side := s.ToAct()
		p := bots.NewPerspective(s, side, mix(seed, 1<<32+uint64(n)))
		c0, cpuOK := time.Duration(0), false
		if cfg.CPUTime {
			c0, cpuOK = processCPU()
		}
		t0 := time.Now()
		a, err := players[side].Choose(ctx, p)
		dt := time.Since(t0)
		var dc time.Duration
		if cpuOK {
			c1, _ := processCPU()
			dc = c1 - c0
		}
		g.Think[side] += dt
		g.Decisions[side]++
		if len(p.Legal()) > 1 {
			g.Choices[side]++
			g.ChoiceTimes[side] = append(g.ChoiceTimes[side], dt)
			if cpuOK {
				g.ChoiceCPU[side] = append(g.ChoiceCPU[side], dc)
			}
		}
		if ctx.Err() != nil {
			return g, false, nil
		}
		if err != nil {
			return g, false, fmt.Errorf("%s game %d: %s bot: %w", cfg.Name, i, side, err)
		}
		if !s.IsLegal(a) {
			return g, false, fmt.Errorf("%s game %d: %s bot %s chose the illegal action %q in phase %s",
				cfg.Name, i, side, players[side].Name(), a, s.Phase())
		}
		s.Play(a)
	}
	g.Medals = s.Medals()
	g.Turns = s.Turn()
	return g, true, nil
}

// mix derives a seed from a base and a counter (splitmix64 finaliser).
func mix(a, b uint64) uint64 {
	z := a + 0x9e3779b97f4a7c15*(b+1)
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}
