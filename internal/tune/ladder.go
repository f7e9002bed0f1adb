package main

import (
	"context"
	"fmt"
	"io"
	"maps"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"m44/bots"
	"m44/scenario"
	"m44/sim"
)

// LadderScenarios are the ladder's scenarios (docs/bots.md "Strength
// ladder"): the six playable ones most balanced under easy vs easy.
var LadderScenarios = []string{"12507-Strasbourg.m44", "15-OperationCobra.m44", "2-PegasusBridge.m44",
	"4-SwordBeach.m44", "4172-MartinvilleRidge.m44", "4186-WithdrawalFromHill112.m44"}

// DefaultPairs is the ladder: level-opponent:rounds:seed, a round being one
// game per scenario and side.
const DefaultPairs = "easy-random:17:201,medium-easy:17:301,hard-medium:17:401"

// ladder plays the ladder and prints its markdown tables.
func ladder(dir, pairs, cache string, workers int, variants string) {
	battles, err := ladderBattles(dir)
	must(err)
	ps, err := parsePairs(pairs)
	must(err)
	vs, err := parseVariants(variants)
	must(err)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	cfg := sim.LadderConfig{Battles: battles, Pairs: ps, Workers: workers, Cache: cache, Variants: vs,
		Options: bots.Options{Time: bots.NoCap, Workers: 1},
		Progress: func(p sim.Pair, r int, cached bool) {
			how := "played"
			if cached {
				how = "from the cache"
			}
			fmt.Fprintf(os.Stderr, "ladder: %s vs %s round %d/%d %s\n", p.Level, p.Opponent, r+1, p.Rounds, how)
		}}
	res, err := sim.RunLadder(ctx, cfg)
	must(err)
	must(sim.WriteLadder(os.Stdout, res))
}

// ladderBattles are the ladder's scenarios, read from dir.
func ladderBattles(dir string) ([]sim.Battle, error) {
	var battles []sim.Battle
	for _, name := range LadderScenarios {
		f := filepath.Join(dir, name)
		s, rep := scenario.Check(f)
		if s == nil || !rep.Playable() {
			return nil, fmt.Errorf("%s: not playable (or absent)", f)
		}
		battles = append(battles, sim.Battle{Name: strings.TrimSuffix(name, ".m44"), Setup: s})
	}
	return battles, nil
}

// parsePairs reads "level-opponent:rounds:seed,...".
func parsePairs(s string) ([]sim.Pair, error) {
	var out []sim.Pair
	for _, f := range strings.Split(s, ",") {
		parts := strings.Split(f, ":")
		lv, opp, ok := strings.Cut(parts[0], "-")
		if !ok || len(parts) != 3 {
			return nil, fmt.Errorf("pair %q: want level-opponent:rounds:seed", f)
		}
		rounds, err := strconv.Atoi(parts[1])
		if err != nil || rounds < 0 {
			return nil, fmt.Errorf("pair %q: bad rounds", f)
		}
		seed, err := strconv.ParseUint(parts[2], 10, 64)
		if err != nil {
			return nil, fmt.Errorf("pair %q: bad seed", f)
		}
		out = append(out, sim.Pair{Level: lv, Opponent: opp, Rounds: rounds, Seed: seed})
	}
	return out, nil
}

// models are the evaluations a variant may name (model:NAME).
var models = map[string]*bots.Model{"learned": &bots.LearnedModel, "ext": &bots.LearnedModelExt, "medium": &bots.LearnedModelMedium}

// parseVariants reads "name=key:value/key:value,...": rollout bots built on
// hard's defaults (no cap, one core) with candidates, samples, playouts,
// steps, csamples, csteps and cplayouts (the card's choice's worlds and
// budget: RolloutConfig.CardSamples, CardSteps, CardPlayouts), horizon,
// steph (RolloutConfig.StepHorizon), plan, race (RolloutConfig.Race:
// racing's standard errors), prefer (RolloutConfig.Prefer), mix
// (RolloutConfig.Mix: the weight of horizon 1's score, 0 to 1), luck
// (material: RolloutConfig.MaterialLuck) or model (the evaluation, by its
// name in models) changed, for the ladder to try under their own names.
func parseVariants(s string) (map[string]sim.Factory, error) {
	out := map[string]sim.Factory{}
	if s == "" {
		return out, nil
	}
	for _, f := range strings.Split(s, ",") {
		name, spec, ok := strings.Cut(f, "=")
		if !ok || name == "" {
			return nil, fmt.Errorf("variant %q: want name=key:value/...", f)
		}
		cfg := bots.RolloutConfig{Candidates: bots.HardCandidates, Samples: bots.HardSamples,
			Playouts: bots.HardPlayouts, Steps: bots.HardSteps, Model: bots.HardModel, Horizon: 2, Workers: 1}
		fields := map[string]*int{"candidates": &cfg.Candidates, "samples": &cfg.Samples, "playouts": &cfg.Playouts,
			"steps": &cfg.Steps, "horizon": &cfg.Horizon, "steph": &cfg.StepHorizon, "first": &cfg.FirstSamples, "plan": &cfg.Plan,
			"csamples": &cfg.CardSamples, "csteps": &cfg.CardSteps, "cplayouts": &cfg.CardPlayouts}
		floats := map[string]*float64{"race": &cfg.Race, "prefer": &cfg.Prefer, "mix": &cfg.Mix}
		for _, kv := range strings.Split(spec, "/") {
			k, v, ok := strings.Cut(kv, ":")
			if k == "luck" {
				cfg.MaterialLuck = v == "material"
				if !ok || (v != "material" && v != "value") {
					return nil, fmt.Errorf("variant %q: bad %q (luck:material or luck:value)", name, kv)
				}
				continue
			}
			if k == "model" {
				m, known := models[v]
				if !ok || !known {
					return nil, fmt.Errorf("variant %q: bad %q (model: one of %v)", name, kv, slices.Sorted(maps.Keys(models)))
				}
				cfg.Model = m
				continue
			}
			if field, known := floats[k]; known {
				z, err := strconv.ParseFloat(v, 64)
				if !ok || err != nil || z < 0 || k == "mix" && z > 1 {
					return nil, fmt.Errorf("variant %q: bad %q", name, kv)
				}
				*field = z
				continue
			}
			n, err := strconv.Atoi(v)
			if !ok || err != nil || n < 0 {
				return nil, fmt.Errorf("variant %q: bad %q", name, kv)
			}
			field, known := fields[k]
			if !known {
				return nil, fmt.Errorf("variant %q: unknown key %q", name, k)
			}
			*field = n
		}
		out[name] = func(seed uint64) (bots.Bot, error) { return bots.NewRollout(name, seed, cfg), nil }
	}
	return out, nil
}

// paired prints the game-by-game comparison of two ladder pairs saved in
// the cache directory (sim.ComparePairs).
func paired(w io.Writer, cache, pairs string) error {
	ps, err := parsePairs(pairs)
	if err != nil {
		return err
	}
	if len(ps) != 2 || cache == "" {
		return fmt.Errorf("-paired wants two pairs and -cache")
	}
	r, err := sim.ComparePairs(cache, ps[0], ps[1])
	if err != nil {
		return err
	}
	for k, p := range ps {
		wi := sim.Wilson(r.Wins[k], r.Games)
		fmt.Fprintf(w, "%s: %d/%d = %.0f%% [%.0f–%.0f]\n", p.Level, r.Wins[k], r.Games, 100*wi.P, 100*wi.Low, 100*wi.High)
	}
	fmt.Fprintf(w, "%s won %d that %s lost, lost %d it won (sign test p = %.2f)\n", ps[0].Level, r.Only[0], ps[1].Level, r.Only[1], r.P)
	return nil
}
