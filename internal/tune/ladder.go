package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
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
func ladder(dir, pairs, cache string, workers int) {
	var battles []sim.Battle
	for _, name := range LadderScenarios {
		f := filepath.Join(dir, name)
		s, rep := scenario.Check(f)
		if s == nil || !rep.Playable() {
			must(fmt.Errorf("%s: not playable (or absent)", f))
		}
		battles = append(battles, sim.Battle{Name: strings.TrimSuffix(name, ".m44"), Setup: s})
	}
	ps, err := parsePairs(pairs)
	must(err)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	cfg := sim.LadderConfig{Battles: battles, Pairs: ps, Workers: workers, Cache: cache,
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
