package sim

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"m44/bots"
	"m44/rules"
)

// A ladder measures bot levels against each other: each pair plays every
// scenario with the level under test on each side in turn, in rounds (a
// round is one game per scenario and side, so a ladder cut short stays
// balanced). Game seeds depend on the pair's seed, the round, the side and
// the scenario's position only, and the bots search by their budgets in
// playouts (no wall-clock cap), so the same ladder gives the same games on
// any machine, with any number of workers, however loaded.

// Battle is a named scenario.
type Battle struct {
	Name  string
	Setup *rules.Setup
}

// Pair is one line of a ladder: Level against Opponent, Rounds rounds.
type Pair struct {
	Level, Opponent string
	Rounds          int
	Seed            uint64
}

// LadderConfig is a ladder run.
type LadderConfig struct {
	Battles []Battle
	Pairs   []Pair
	// Options are the bots' options; a ladder that must reproduce keeps
	// Time at bots.NoCap.
	Options bots.Options
	// Workers: games played at once (0 = 1).
	Workers int
	// Cache, if set, is a directory where each round's games are saved
	// (one JSON file per pair, seed and round) and read back instead of
	// being played again: a ladder can be stopped and resumed, and a
	// pair's rounds extended.
	Cache string
	// Variants are bots tried in a ladder under names of their own (a
	// pair's Level or Opponent looked up here before the levels): a
	// variant's name must say what it is, since the cache knows it by
	// name only.
	Variants map[string]Factory
	// Progress, if set, is told each round done (from one goroutine).
	Progress func(p Pair, round int, cached bool)
}

// RoundSeed is the seed of the games of a round in which the level under
// test plays side (one sim.Run per scenario with that seed).
func RoundSeed(pairSeed uint64, round int, side rules.Side) uint64 {
	return mix(pairSeed, uint64(2*round+int(side)))
}

// LadderRow is one scenario of a pair: the level's wins by its side.
type LadderRow struct {
	Scenario string `json:"scenario"`
	Wins     [2]int `json:"wins"`   // the level's wins as allies, as axis
	Played   [2]int `json:"played"` // games played as allies, as axis
	Draws    int    `json:"draws"`
}

// Percentiles of thinking time per choice.
type Percentiles struct {
	Choices int           `json:"choices"`
	Mean    time.Duration `json:"mean_ns"`
	P50     time.Duration `json:"p50_ns"`
	P99     time.Duration `json:"p99_ns"`
	Max     time.Duration `json:"max_ns"`
}

// PairResult is what a pair's games found.
type PairResult struct {
	Pair   Pair        `json:"pair"`
	Rounds int         `json:"rounds"` // rounds played
	Rows   []LadderRow `json:"rows"`
	// Time per choice of the level and of the opponent, wall-clock and
	// CPU (CPU: only from games played one at a time, Workers ≤ 1).
	Time [2]Percentiles `json:"time"`
	CPU  [2]Percentiles `json:"cpu"`
}

// Totals are the level's wins and games by side, over all scenarios.
func (r *PairResult) Totals() (wins, played [2]int, draws int) {
	for _, row := range r.Rows {
		for s := 0; s < 2; s++ {
			wins[s] += row.Wins[s]
			played[s] += row.Played[s]
		}
		draws += row.Draws
	}
	return
}

// round is the saved result of one round of a pair.
type round struct {
	Level, Opponent string
	Seed            uint64
	Round           int
	Scenarios       []string
	Options         bots.Options
	// Games[side][b]: the game of battle b with the level on side.
	Games [2][]Game
}

// roundPath is the file of round r of pair p in a ladder cache directory.
func roundPath(dir string, p Pair, r int) string {
	return filepath.Join(dir, fmt.Sprintf("%s-%s-%d-r%03d.json", p.Level, p.Opponent, p.Seed, r))
}

// readRound reads round r of pair p from the cache directory (ladderRound,
// ComparePairs).
func readRound(dir string, p Pair, r int) (*round, error) {
	path := roundPath(dir, p, r)
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var rd round
	if err := json.Unmarshal(data, &rd); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if rd.Level != p.Level || rd.Opponent != p.Opponent || rd.Seed != p.Seed || rd.Round != r {
		return nil, fmt.Errorf("%s: holds %s-%s seed %d round %d", path, rd.Level, rd.Opponent, rd.Seed, rd.Round)
	}
	return &rd, nil
}

// RunLadder plays the ladder's pairs, round after round.
func RunLadder(ctx context.Context, cfg LadderConfig) ([]*PairResult, error) {
	if len(cfg.Battles) == 0 {
		return nil, errors.New("ladder: no scenario")
	}
	names := make([]string, len(cfg.Battles))
	for i, b := range cfg.Battles {
		names[i] = b.Name
	}
	var out []*PairResult
	for _, p := range cfg.Pairs {
		res := &PairResult{Pair: p, Rows: make([]LadderRow, len(cfg.Battles))}
		for i := range res.Rows {
			res.Rows[i].Scenario = names[i]
		}
		var times, cpu [2][]time.Duration
		for r := 0; r < p.Rounds; r++ {
			rd, cached, err := ladderRound(ctx, cfg, p, r, names)
			if err != nil {
				return nil, err
			}
			if rd == nil { // cancelled
				break
			}
			res.Rounds++
			for side := rules.Allies; side <= rules.Axis; side++ {
				for b, g := range rd.Games[side] {
					row := &res.Rows[b]
					row.Played[side]++
					switch {
					case !g.Finished:
						row.Draws++
					case g.Winner == side:
						row.Wins[side]++
					}
					times[0] = append(times[0], g.ChoiceTimes[side]...)
					times[1] = append(times[1], g.ChoiceTimes[side.Opp()]...)
					cpu[0] = append(cpu[0], g.ChoiceCPU[side]...)
					cpu[1] = append(cpu[1], g.ChoiceCPU[side.Opp()]...)
				}
			}
			if cfg.Progress != nil {
				cfg.Progress(p, r, cached)
			}
		}
		for i := range times {
			res.Time[i] = percentiles(times[i])
			res.CPU[i] = percentiles(cpu[i])
		}
		out = append(out, res)
		if ctx.Err() != nil {
			break
		}
	}
	return out, nil
}

// level is the factory of a variant or level named name.
func (cfg *LadderConfig) level(name string) (Factory, error) {
	if f, ok := cfg.Variants[name]; ok {
		return f, nil
	}
	return Level(name, cfg.Options)
}

// ladderRound plays (or reads back) round r of pair p; nil if cancelled.
func ladderRound(ctx context.Context, cfg LadderConfig, p Pair, r int, names []string) (*round, bool, error) {
	path := ""
	if cfg.Cache != "" {
		path = roundPath(cfg.Cache, p, r)
		if rd, err := readRound(cfg.Cache, p, r); err == nil && slices.Equal(rd.Scenarios, names) && rd.Options == cfg.Options {
			return rd, true, nil
		}
	}
	level, err := cfg.level(p.Level)
	if err != nil {
		return nil, false, err
	}
	opp, err := cfg.level(p.Opponent)
	if err != nil {
		return nil, false, err
	}
	rd := &round{Level: p.Level, Opponent: p.Opponent, Seed: p.Seed, Round: r, Scenarios: names, Options: cfg.Options}
	type job struct {
		side rules.Side
		b    int
	}
	var jobs []job
	for side := rules.Allies; side <= rules.Axis; side++ {
		rd.Games[side] = make([]Game, len(cfg.Battles))
		for b := range cfg.Battles {
			jobs = append(jobs, job{side, b})
		}
	}
	var (
		mu       sync.Mutex
		firstErr error
		wg       sync.WaitGroup
		next     int
	)
	for w := 0; w < max(1, cfg.Workers); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				if next == len(jobs) || firstErr != nil {
					mu.Unlock()
					return
				}
				j := jobs[next]
				next++
				mu.Unlock()
				c := Config{Name: names[j.b], Setup: cfg.Battles[j.b].Setup, Games: 1, Workers: 1,
					Seed: RoundSeed(p.Seed, r, j.side), CPUTime: cfg.Workers <= 1 && cfg.Options.Workers <= 1}
				c.Bots[j.side], c.Bots[j.side.Opp()] = level, opp
				c.Names[j.side], c.Names[j.side.Opp()] = p.Level, p.Opponent
				rep, err := Run(ctx, c)
				mu.Lock()
				switch {
				case err != nil && firstErr == nil:
					firstErr = err
				case err == nil && len(rep.Games) == 1:
					rd.Games[j.side][j.b] = rep.Games[0]
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return nil, false, firstErr
	}
	if ctx.Err() != nil {
		return nil, false, nil
	}
	if path != "" {
		data, err := json.Marshal(rd)
		if err != nil {
			return nil, false, err
		}
		if err := os.MkdirAll(cfg.Cache, 0o755); err != nil {
			return nil, false, err
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			return nil, false, err
		}
	}
	return rd, false, nil
}

// percentiles of a set of times (nearest rank).
func percentiles(ts []time.Duration) Percentiles {
	if len(ts) == 0 {
		return Percentiles{}
	}
	s := slices.Clone(ts)
	slices.Sort(s)
	var sum time.Duration
	for _, t := range s {
		sum += t
	}
	rank := func(q float64) time.Duration {
		i := int(q*float64(len(s))+0.999999) - 1
		return s[min(max(i, 0), len(s)-1)]
	}
	return Percentiles{Choices: len(s), Mean: sum / time.Duration(len(s)), P50: rank(0.5), P99: rank(0.99), Max: s[len(s)-1]}
}

// WriteLadder writes the ladder as markdown: per pair a table of the
// level's wins per scenario and side with 95% Wilson intervals, and the
// thinking time per choice of both levels.
func WriteLadder(w io.Writer, results []*PairResult) error {
	var err error
	pf := func(format string, a ...any) {
		if err == nil {
			_, err = fmt.Fprintf(w, format, a...)
		}
	}
	for _, r := range results {
		p := r.Pair
		wins, played, draws := r.Totals()
		n := played[0] + played[1]
		pf("#### %s vs %s — %d games (%d rounds: one game per scenario and side), seed %d\n\n",
			p.Level, p.Opponent, n, r.Rounds, p.Seed)
		pf("| scenario | %s as allies | %s as axis | both |\n|---|---|---|---|\n", p.Level, p.Level)
		for _, row := range r.Rows {
			k, m := row.Wins[0]+row.Wins[1], row.Played[0]+row.Played[1]
			pf("| %s | %d/%d | %d/%d | %s |\n", row.Scenario, row.Wins[0], row.Played[0], row.Wins[1], row.Played[1], pct(k, m))
		}
		pf("| **all** | %d/%d = %s | %d/%d = %s | **%d/%d = %s** |\n\n",
			wins[0], played[0], pct(wins[0], played[0]), wins[1], played[1], pct(wins[1], played[1]),
			wins[0]+wins[1], n, pct(wins[0]+wins[1], n))
		pf("Draws (games cut at the decision cap): %d. Time per choice (decisions with more than one legal action), "+
			"wall-clock (depends on the machine's load) and CPU (the process's, games played one at a time):\n\n", draws)
		pf("| level | choices | wall mean | wall p50 | wall p99 | wall max | CPU choices | CPU mean | CPU p50 | CPU p99 | CPU max |\n")
		pf("|---|---|---|---|---|---|---|---|---|---|---|\n")
		for i, name := range []string{p.Level, p.Opponent} {
			t, c := r.Time[i], r.CPU[i]
			pf("| %s | %d | %s | %s | %s | %s |", name, t.Choices, ms(t.Mean), ms(t.P50), ms(t.P99), ms(t.Max))
			if c.Choices == 0 {
				pf(" – | – | – | – | – |\n")
				continue
			}
			pf(" %d | %s | %s | %s | %s |\n", c.Choices, ms(c.Mean), ms(c.P50), ms(c.P99), ms(c.Max))
		}
		pf("\n")
	}
	return err
}

// pct is k/n as a percentage with its 95% Wilson interval.
func pct(k, n int) string {
	if n == 0 {
		return "–"
	}
	i := Wilson(k, n)
	return fmt.Sprintf("%.0f%% [%.0f–%.0f]", 100*i.P, 100*i.Low, 100*i.High)
}

// ms is a duration in milliseconds, to two significant figures or so.
func ms(d time.Duration) string {
	x := float64(d) / float64(time.Millisecond)
	switch {
	case x >= 100:
		return fmt.Sprintf("%.0f ms", x)
	case x >= 1:
		return fmt.Sprintf("%.1f ms", x)
	case x >= 0.01:
		return fmt.Sprintf("%.2f ms", x)
	case x > 0:
		return fmt.Sprintf("%.1f µs", 1000*x)
	}
	return "0"
}
